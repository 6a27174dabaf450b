//! HTTPS: a real TLS server on 127.0.0.1 whose certificate comes from a CA the test makes,
//! trusted through `Config::ca_certs`, and refused without it.

use std::path::PathBuf;
use std::sync::Arc;

use mcp_lean_llm::{Client, Config, Message, Request};
use scripted_llm::{TestPki, chat, http, serve_with};

use crate::client::config;

fn ask() -> Request {
    Request::new(vec![Message::user("hello")])
}

#[test]
fn a_private_ca_given_as_ca_certs_is_trusted() {
    let pki = TestPki::new();
    let server = serve_with(vec![chat("over tls")], Some(Arc::clone(&pki.server)));
    assert!(server.url.starts_with("https://127.0.0.1:"));
    let client = Client::new(Config {
        ca_certs: vec![pki.ca_file.clone()],
        ..config(&server.url)
    })
    .expect("a usable config");
    let answer = client.complete(&ask()).expect("an answer");
    assert_eq!(answer.content.as_deref(), Some("over tls"));
    let requests = server.requests();
    assert!(requests[0].head.starts_with("POST /v1/chat/completions"));
}

#[test]
fn without_the_ca_the_certificate_is_refused_with_a_hint() {
    let pki = TestPki::new();
    let server = serve_with(vec![chat("x"), chat("x")], Some(Arc::clone(&pki.server)));
    let client = Client::new(Config {
        max_attempts: 1,
        ..config(&server.url)
    })
    .expect("a usable config");
    let e = client.complete(&ask()).expect_err("untrusted");
    let text = e.to_string();
    assert!(
        text.contains("certificate") && text.contains("--ca-cert FILE"),
        "{text}"
    );
    assert!(
        server.requests().is_empty(),
        "no request may be sent in clear"
    );
}

#[test]
fn retries_over_https_honour_retry_after() {
    let pki = TestPki::new();
    let server = serve_with(
        vec![
            http("429 Too Many Requests", "Retry-After: 0\r\n", "{}"),
            http("500 Internal Server Error", "", "{}"),
            chat("third time"),
        ],
        Some(Arc::clone(&pki.server)),
    );
    let client = Client::new(Config {
        ca_certs: vec![pki.ca_file.clone()],
        ..config(&server.url)
    })
    .expect("a usable config");
    assert_eq!(client.complete(&ask()).expect("an answer").requests, 3);
}

#[test]
fn an_unusable_ca_file_is_an_error_before_any_request() {
    let missing = Config {
        ca_certs: vec![PathBuf::from("/nonexistent/ca.pem")],
        ..Config::default()
    };
    let e = Client::new(missing).expect_err("a missing file");
    assert!(
        e.to_string()
            .starts_with("the CA certificate file /nonexistent/ca.pem is unusable: cannot read it"),
        "{e}"
    );
    let pki = TestPki::new();
    let not_pem = pki.ca_file.with_file_name("key.txt");
    std::fs::write(&not_pem, "not a certificate").expect("a file");
    let e = Client::new(Config {
        ca_certs: vec![not_pem],
        ..Config::default()
    })
    .expect_err("no certificate in it");
    assert!(e.to_string().contains("holds no PEM certificate"), "{e}");
}
