//! HTTPS: a real TLS server on 127.0.0.1 whose certificate comes from a CA the test makes,
//! or from the real `openssl` command, trusted through `Config::ca_certs` (as a CA, or pinned
//! as the server's own), and refused without it with the cause in words.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mcp_lean_llm::{Client, Config, Error, Message, Request};
use rcgen::{BasicConstraints, IsCa, date_time_ymd};
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

/// Asks once over TLS with `tls` on the server and `ca_certs` trusted; the answer, or the
/// error's text.
fn ask_over(tls: Arc<rustls::ServerConfig>, ca_certs: Vec<PathBuf>) -> Result<String, String> {
    let server = serve_with(vec![chat("over tls"), chat("again")], Some(tls));
    let client = Client::new(Config {
        ca_certs,
        // A refused certificate must not be retried: a long backoff would show it.
        backoff: Duration::from_secs(5),
        max_retry_wait: Duration::from_secs(5),
        ..config(&server.url)
    })
    .map_err(|e| format!("config: {e}"))?;
    let started = Instant::now();
    let answer = client.complete(&ask());
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "no retry after a refused handshake"
    );
    match answer {
        Ok(c) => Ok(c.content.unwrap_or_default()),
        Err(e @ Error::Tls { .. }) => {
            assert!(
                server.requests().is_empty(),
                "nothing sent over a refused connection"
            );
            Err(e.to_string())
        }
        Err(e) => Err(format!("not a TLS error: {e}")),
    }
}

#[test]
fn a_self_signed_ca_true_certificate_made_by_openssl_is_pinned_when_given() {
    let pki = TestPki::new();
    let (cert, tls) = pki.openssl_self_signed("server", "127.0.0.1", "IP:127.0.0.1");
    let pem = std::fs::read_to_string(&cert).expect("the certificate");
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----"), "{pem}");
    assert_eq!(
        ask_over(Arc::clone(&tls), vec![cert.clone()]),
        Ok("over tls".to_owned())
    );
    // The same certificate in DER, as `openssl x509 -outform der` writes it.
    let der = pki.dir().join("server.der");
    let converted = std::process::Command::new("openssl")
        .args(["x509", "-outform", "der", "-in"])
        .arg(&cert)
        .arg("-out")
        .arg(&der)
        .status()
        .expect("openssl runs");
    assert!(converted.success());
    assert_eq!(
        ask_over(Arc::clone(&tls), vec![der]),
        Ok("over tls".to_owned())
    );

    // Not given: the cause (self-signed, CA:TRUE), then the advice to give it.
    let e = ask_over(Arc::clone(&tls), Vec::new()).expect_err("not trusted");
    assert!(
        e.contains("the server's certificate (CN=127.0.0.1) is self-signed, marked CA:TRUE, and not trusted; to trust it, pass the server's certificate with --ca-cert FILE"),
        "{e}"
    );
    assert!(!e.contains("CaUsedAsEndEntity"), "{e}");
    // Another certificate given: no advice to pass --ca-cert, which was passed.
    let e = ask_over(tls, vec![pki.ca_file.clone()]).expect_err("another certificate");
    assert!(e.contains("is self-signed, marked CA:TRUE, and not trusted; it is not among the certificates given"), "{e}");
    assert!(!e.contains("--ca-cert"), "{e}");
}

#[test]
fn a_pinned_certificate_still_needs_the_right_name_and_dates() {
    let pki = TestPki::new();
    let (cert, tls) = pki.openssl_self_signed("localhost", "localhost", "DNS:localhost");
    let e = ask_over(tls, vec![cert]).expect_err("the URL says 127.0.0.1");
    assert!(
        e.contains("the server's certificate is for localhost, not for 127.0.0.1; connect to one of those names or make a certificate for 127.0.0.1"),
        "{e}"
    );
    assert!(!e.contains("--ca-cert"), "{e}");

    let (pem, tls) = TestPki::self_signed(|p| {
        p.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        p.not_before = date_time_ymd(2019, 1, 1);
        p.not_after = date_time_ymd(2020, 1, 1);
    });
    let cert = pki.write("expired.pem", pem);
    let e = ask_over(tls, vec![cert]).expect_err("expired");
    assert!(
        e.contains("the server's certificate expired on 2020-01-01 00:00:00 UTC (it is now 20"),
        "{e}"
    );
    assert!(e.contains("; renew it on the server"), "{e}");

    let (pem, tls) = TestPki::self_signed(|p| {
        p.not_before = date_time_ymd(2090, 1, 1);
        p.not_after = date_time_ymd(2091, 1, 1);
    });
    let cert = pki.write("future.pem", pem);
    let e = ask_over(tls, vec![cert]).expect_err("not yet valid");
    assert!(
        e.contains("is not valid before 2090-01-01 00:00:00 UTC"),
        "{e}"
    );
}

#[test]
fn certificates_from_a_trusted_ca_are_refused_with_their_cause() {
    let pki = TestPki::new();
    let ca = vec![pki.ca_file.clone()];
    let (_, expired) = pki.issue(|p| {
        p.not_before = date_time_ymd(2015, 6, 1);
        p.not_after = date_time_ymd(2016, 6, 1);
    });
    let e = ask_over(expired, ca.clone()).expect_err("expired");
    assert!(
        e.contains("the TLS handshake with https://127.0.0.1:")
            && e.contains("failed: the server's certificate expired on 2016-06-01 00:00:00 UTC"),
        "{e}"
    );

    let (_, elsewhere) = pki.issue(|p| {
        p.subject_alt_names = vec![
            rcgen::SanType::DnsName("models.example.test".try_into().expect("a DNS name")),
            rcgen::SanType::IpAddress([10, 0, 0, 7].into()),
        ];
    });
    let e = ask_over(elsewhere, ca.clone()).expect_err("another host");
    assert!(
        e.contains("is for models.example.test, 10.0.0.7, not for 127.0.0.1"),
        "{e}"
    );

    // A CA certificate that the test CA issued, presented as the server's: refused as such,
    // and accepted once it is given itself.
    let (pem, intermediate) = pki.issue(|p| p.is_ca = IsCa::Ca(BasicConstraints::Unconstrained));
    let e = ask_over(Arc::clone(&intermediate), ca).expect_err("a CA as the server's");
    assert!(
        e.contains("the server presents a CA certificate (CA:TRUE, CN=")
            && e.contains(") as its own, which TLS refuses"),
        "{e}"
    );
    let pinned = pki.write("intermediate.pem", pem);
    assert_eq!(
        ask_over(intermediate, vec![pinned]),
        Ok("over tls".to_owned())
    );

    // Another CA of the same name (made again) did not sign what the trusted one would.
    let again = TestPki::new();
    let e =
        ask_over(Arc::clone(&again.server), vec![pki.ca_file.clone()]).expect_err("another key");
    assert!(
        e.contains("names a trusted CA (CN=mcp-lean test CA) as its issuer, but that CA's key did not sign it"),
        "{e}"
    );

    // From another CA altogether: its issuer named, no advice to pass what was passed.
    let other = TestPki::with_ca_name("other test CA");
    let e = ask_over(Arc::clone(&other.server), vec![pki.ca_file.clone()]).expect_err("unknown CA");
    assert!(
        e.contains("was issued by the CA \"other test CA\", which neither the system's CAs nor the certificates given"),
        "{e}"
    );
    assert!(!e.contains("--ca-cert"), "{e}");
    let e = ask_over(other.server.clone(), Vec::new()).expect_err("unknown CA");
    assert!(e.contains("pass it with --ca-cert FILE"), "{e}");
}

#[test]
fn a_plain_http_server_behind_an_https_url_is_named() {
    // A plain HTTP server answers a TLS ClientHello with an HTTP error, as uvicorn or
    // llama.cpp's server do.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("https://{}/v1", listener.local_addr().expect("addr"));
    std::thread::spawn(move || {
        use std::io::Write;
        if let Ok((mut stream, _)) = listener.accept() {
            let _ = stream.write_all(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
        }
    });
    let client = Client::new(Config {
        max_attempts: 1,
        ..config(&url)
    })
    .expect("a usable config");
    let e = client.complete(&ask()).expect_err("no TLS");
    assert!(
        e.to_string().contains("the server did not answer in TLS")
            && e.to_string().contains("use an http:// URL"),
        "{e}"
    );
}

#[test]
fn an_unusable_certificate_file_says_what_it_holds() {
    let missing = Config {
        ca_certs: vec![PathBuf::from("/nonexistent/ca.pem")],
        ..Config::default()
    };
    let e = Client::new(missing).expect_err("a missing file");
    assert!(
        e.to_string()
            .starts_with("the certificate file /nonexistent/ca.pem is unusable: cannot read it"),
        "{e}"
    );
    let pki = TestPki::new();
    let (_, _) = pki.openssl_self_signed("made", "127.0.0.1", "IP:127.0.0.1");
    let key = pki.dir().join("made.key");
    let der_key = pki.dir().join("made.key.der");
    let converted = std::process::Command::new("openssl")
        .args(["pkey", "-outform", "der", "-in"])
        .arg(&key)
        .arg("-out")
        .arg(&der_key)
        .status()
        .expect("openssl runs");
    assert!(converted.success());
    let public = pki.dir().join("made.pub");
    let converted = std::process::Command::new("openssl")
        .args(["pkey", "-pubout", "-in"])
        .arg(&key)
        .arg("-out")
        .arg(&public)
        .status()
        .expect("openssl runs");
    assert!(converted.success());
    let cases = [
        (key, "it holds a private key, not a certificate"),
        (der_key, "it is binary DER but not a certificate"),
        (public, "it holds a public key, not a certificate"),
        (
            pki.write("text.txt", "not a certificate"),
            "it holds neither PEM (no -----BEGIN CERTIFICATE----- line) nor a DER certificate",
        ),
        (pki.write("empty.pem", "\n"), "it is empty"),
        (
            pki.write(
                "bad.pem",
                "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n",
            ),
            "it is not valid PEM",
        ),
        (
            pki.write(
                "junk.pem",
                "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
            ),
            "certificate 1 of 1 in it is not a valid X.509 certificate",
        ),
    ];
    for (path, expected) in cases {
        let e = Client::new(Config {
            ca_certs: vec![path.clone()],
            ..Config::default()
        })
        .expect_err("unusable");
        let text = e.to_string();
        assert!(
            text.contains(&format!(
                "the certificate file {} is unusable: {expected}",
                path.display()
            )),
            "{text}"
        );
    }
}
