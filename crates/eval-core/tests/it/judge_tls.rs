//! The LLM judge over HTTPS: a real TLS server on 127.0.0.1 whose certificate comes from a CA
//! the test makes, trusted through `LlmConfig::ca_certs`, and refused without it. The
//! client's own TLS tests are in `mcp-lean-llm`; these check the judge passes it all through.

use std::sync::Arc;

use mcp_eval_core::JudgeOutcome;
use mcp_eval_core::llm::LlmConfig;
use scripted_llm::{TestPki, chat, serve_with};

use crate::judge::{assert_scored, config, judge_with};

#[test]
fn a_private_ca_given_as_ca_certs_is_trusted() {
    let pki = TestPki::new();
    let server = serve_with(
        vec![chat(r#"{"reasoning":"met","score":0.9}"#)],
        Some(Arc::clone(&pki.server)),
    );
    assert!(server.url.starts_with("https://127.0.0.1:"));
    let trusting = LlmConfig {
        ca_certs: vec![pki.ca_file.clone()],
        ..config(&server.url)
    };
    assert_scored(&judge_with(&server, trusting), 0.9);
    assert_eq!(server.requests()[0].body["model"], "judge-model");
}

#[test]
fn without_the_ca_the_certificate_is_refused_with_a_hint() {
    let pki = TestPki::new();
    let server = serve_with(
        vec![chat(r#"{"score":1}"#), chat(r#"{"score":1}"#)],
        Some(Arc::clone(&pki.server)),
    );
    let outcome = judge_with(
        &server,
        LlmConfig {
            max_attempts: 1,
            ..config(&server.url)
        },
    );
    let JudgeOutcome::Failed { reason } = outcome else {
        panic!("an untrusted certificate must not be scored: {outcome:?}");
    };
    assert!(reason.contains("certificate"), "{reason}");
    assert!(reason.contains("--ca-cert FILE"), "{reason}");
    assert!(
        server.requests().is_empty(),
        "no request may be sent in clear"
    );
}

#[test]
fn the_model_servers_own_certificate_made_by_openssl_is_pinned_and_a_wrong_name_is_named() {
    let pki = TestPki::new();
    let (cert, tls) = pki.openssl_self_signed("judge", "127.0.0.1", "IP:127.0.0.1");
    let server = serve_with(vec![chat(r#"{"reasoning":"met","score":0.8}"#)], Some(tls));
    let pinned = LlmConfig {
        ca_certs: vec![cert],
        ..config(&server.url)
    };
    assert_scored(&judge_with(&server, pinned), 0.8);

    let (cert, tls) = pki.openssl_self_signed("other", "localhost", "DNS:localhost");
    let server = serve_with(vec![chat(r#"{"score":1}"#)], Some(tls));
    let outcome = judge_with(
        &server,
        LlmConfig {
            ca_certs: vec![cert],
            ..config(&server.url)
        },
    );
    let JudgeOutcome::Failed { reason } = outcome else {
        panic!("a certificate for another host must not be scored: {outcome:?}");
    };
    assert!(
        reason.contains("the server's certificate is for localhost, not for 127.0.0.1"),
        "{reason}"
    );
    assert!(!reason.contains("--ca-cert"), "{reason}");
}
