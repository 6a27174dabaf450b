//! `mcp-lean eval run --server` with the model over HTTPS on 127.0.0.1: a private CA, a
//! self-signed certificate made by the real `openssl` command and given with `--ca-cert`, and
//! certificates refused for what is wrong with them (expired, another host).

use std::path::Path;

use scripted_llm::{Reply, Request, chat, http, tool_calls};
use serde_json::{Value, json};

use crate::eval_live::{ONE_SCENARIO, lines, live, temp_path, text};

#[test]
fn a_live_run_over_https_with_a_private_ca_retries_429_and_500() {
    let pki = scripted_llm::TestPki::new();
    let model = scripted_llm::serve_with(
        vec![
            http("429 Too Many Requests", "Retry-After: 0\r\n", "{}"),
            http("500 Internal Server Error", "", "{}"),
            tool_calls(&[("browser_snapshot", json!({}))]),
            chat("The cart total is 84.90 EUR."),
        ],
        Some(std::sync::Arc::clone(&pki.server)),
    );
    assert!(model.url.starts_with("https://"));
    let suite = temp_path("suite.json");
    // Without the scenario's 3 s limit: the backoff after the 500 takes a while.
    std::fs::write(&suite, ONE_SCENARIO.replace(r#""timeoutMs":3000,"#, ""))
        .expect("write the suite");
    let record = temp_path("runs.jsonl");
    let ca = pki.ca_file.display().to_string();
    let out = live(
        &model.url,
        &record,
        &["--ca-cert", &ca, "--timeout", "30"],
        &suite.display().to_string(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let recorded = lines(&record);
    let stats = &recorded[1]["stats"];
    // Two model steps; the failed attempts are retried inside the first one.
    assert_eq!(stats["steps"], 2, "{}", recorded[1]);
    assert_eq!(recorded[1]["finalText"], "The cart total is 84.90 EUR.");
    assert_eq!(model.requests().len(), 4);
    let _ = std::fs::remove_file(&record);
    let _ = std::fs::remove_file(&suite);
}

/// Runs the one-scenario suite live against a model over HTTPS presenting `tls`, trusting
/// `ca_cert`; the exit status, the record and stderr.
fn live_over_https(
    tls: std::sync::Arc<rustls::ServerConfig>,
    ca_cert: &Path,
) -> (Option<i32>, Vec<Value>, String) {
    fn look(request: &Request) -> Reply {
        match request.steps() {
            0 => tool_calls(&[("browser_snapshot", json!({}))]),
            _ => chat("The cart total is 84.90 EUR."),
        }
    }
    let model = scripted_llm::serve_fn_with(look, Some(tls));
    assert!(model.url.starts_with("https://127.0.0.1:"));
    let suite = temp_path("suite.json");
    std::fs::write(&suite, ONE_SCENARIO.replace(r#""timeoutMs":3000,"#, ""))
        .expect("write the suite");
    let record = temp_path("runs.jsonl");
    let ca = ca_cert.display().to_string();
    let out = live(
        &model.url,
        &record,
        &["--ca-cert", &ca, "--timeout", "30"],
        &suite.display().to_string(),
    );
    let recorded = lines(&record);
    let _ = std::fs::remove_file(&record);
    let _ = std::fs::remove_file(&suite);
    (out.status.code(), recorded, text(&out.stderr))
}

#[test]
fn a_live_run_over_https_trusts_a_self_signed_certificate_made_by_openssl() {
    let pki = scripted_llm::TestPki::new();
    // Exactly how people make one for a local model server: self-signed, CA:TRUE.
    let (cert, tls) = pki.openssl_self_signed("model", "127.0.0.1", "IP:127.0.0.1");
    let (code, recorded, stderr) = live_over_https(tls, &cert);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(recorded[1]["finalText"], "The cart total is 84.90 EUR.");
    assert_eq!(recorded[1]["stats"]["steps"], 2, "{}", recorded[1]);
}

#[test]
fn a_live_run_over_https_names_an_expired_certificate_and_a_wrong_host() {
    let pki = scripted_llm::TestPki::new();
    let (_, expired) = pki.issue(|p| {
        p.not_before = rcgen::date_time_ymd(2015, 6, 1);
        p.not_after = rcgen::date_time_ymd(2016, 6, 1);
    });
    let (code, recorded, stderr) = live_over_https(expired, &pki.ca_file);
    assert_eq!(code, Some(1), "{stderr}");
    let error = recorded[1]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("the model failed at step 1: the TLS handshake with https://127.0.0.1:")
            && error.contains("the server's certificate expired on 2016-06-01 00:00:00 UTC"),
        "{}",
        recorded[1]
    );
    assert!(!error.contains("--ca-cert"), "{error}");
    assert!(stderr.contains("look error"), "{stderr}");

    let (cert, wrong_host) = pki.openssl_self_signed("named", "localhost", "DNS:localhost");
    let (code, recorded, stderr) = live_over_https(wrong_host, &cert);
    assert_eq!(code, Some(1), "{stderr}");
    let error = recorded[1]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("the server's certificate is for localhost, not for 127.0.0.1"),
        "{}",
        recorded[1]
    );
}
