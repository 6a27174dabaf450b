//! The LLM judge over HTTPS: a real TLS server on 127.0.0.1 whose certificate comes from a CA
//! the test makes, trusted through `LlmConfig::ca_certs`, and refused without it.

use std::path::PathBuf;
use std::sync::Arc;

use mcp_eval_core::JudgeOutcome;
use mcp_eval_core::llm::{LlmConfig, LlmJudge};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

use crate::judge::{assert_scored, chat, config, http, judge_with, serve_with};

/// A CA, written as PEM to a file of its own, and a server certificate for 127.0.0.1 and
/// localhost it signed.
struct TestPki {
    ca_file: PathBuf,
    server: Arc<rustls::ServerConfig>,
    _dir: TempDir,
}

/// A folder under the system's temp dir, removed on drop.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn pki() -> TestPki {
    let ca_key = KeyPair::generate().expect("a CA key");
    let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA params");
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "mcp-lean test CA");
    ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
    let ca_cert = ca.self_signed(&ca_key).expect("a self-signed CA");
    let issuer = Issuer::new(ca, ca_key);
    let server_key = KeyPair::generate().expect("a server key");
    let params = CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
        .expect("server params");
    let server_cert = params
        .signed_by(&server_key, &issuer)
        .expect("a server certificate");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let server = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(
            vec![CertificateDer::from(server_cert.der().to_vec())],
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(server_key.serialize_der())),
        )
        .expect("a server config");
    let dir = std::env::temp_dir().join(format!(
        "mcp-lean-tls-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let ca_file = dir.join("ca.pem");
    std::fs::write(&ca_file, ca_cert.pem()).expect("the CA file");
    TestPki {
        ca_file,
        server: Arc::new(server),
        _dir: TempDir(dir),
    }
}

fn trusting(url: &str, pki: &TestPki) -> LlmConfig {
    LlmConfig {
        ca_certs: vec![pki.ca_file.clone()],
        ..config(url)
    }
}

#[test]
fn a_private_ca_given_as_ca_certs_is_trusted() {
    let pki = pki();
    let server = serve_with(
        vec![chat(r#"{"reasoning":"met","score":0.9}"#)],
        Some(Arc::clone(&pki.server)),
    );
    assert!(server.url.starts_with("https://127.0.0.1:"));
    assert_scored(&judge_with(&server, trusting(&server.url, &pki)), 0.9);
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert!(requests[0].head.starts_with("POST /v1/chat/completions"));
    assert!(
        requests[0]
            .head
            .to_ascii_lowercase()
            .contains("authorization: bearer test-key")
    );
    assert_eq!(requests[0].body["model"], "judge-model");
}

#[test]
fn without_the_ca_the_certificate_is_refused_with_a_hint() {
    let pki = pki();
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
fn retries_over_https_honour_retry_after() {
    let pki = pki();
    let server = serve_with(
        vec![
            http("429 Too Many Requests", "Retry-After: 0\r\n", "{}"),
            http("500 Internal Server Error", "", "{}"),
            chat(r#"{"score":0.5}"#),
        ],
        Some(Arc::clone(&pki.server)),
    );
    assert_scored(&judge_with(&server, trusting(&server.url, &pki)), 0.5);
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn an_unusable_ca_file_is_an_error_before_any_request() {
    let missing = LlmConfig {
        ca_certs: vec![PathBuf::from("/nonexistent/ca.pem")],
        ..LlmConfig::default()
    };
    let e = LlmJudge::new(missing).expect_err("a missing file");
    assert!(
        e.to_string()
            .starts_with("the CA certificate file /nonexistent/ca.pem is unusable: cannot read it"),
        "{e}"
    );
    let pki = pki();
    let not_pem = pki.ca_file.with_file_name("key.txt");
    std::fs::write(&not_pem, "not a certificate").expect("a file");
    let e = LlmJudge::new(LlmConfig {
        ca_certs: vec![not_pem],
        ..LlmConfig::default()
    })
    .expect_err("no certificate in it");
    assert!(e.to_string().contains("holds no PEM certificate"), "{e}");
}
