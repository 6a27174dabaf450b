//! The gate's checks: origins, bearer tokens, token files and request bodies.

use super::*;

#[test]
fn loopback_and_given_origins_pass_others_do_not() {
    let policy = Policy::new(&["https://App.example.com/".to_owned()], Vec::new()).expect("valid");
    for ok in [
        None,
        Some("http://localhost:3000"),
        Some("http://127.0.0.1"),
        Some("http://[::1]:8080"),
        Some("https://app.example.com"),
    ] {
        assert!(policy.origin_allowed(ok), "{ok:?}");
    }
    for bad in [
        "http://evil.example",
        "null",
        "http://localhost.evil.example",
        "http://127.0.0.1.evil.example:80",
        "https://app.example.com:8443",
    ] {
        assert!(!policy.origin_allowed(Some(bad)), "{bad}");
    }
    assert!(Policy::new(&["app.example.com".to_owned()], Vec::new()).is_err());
}

#[test]
fn each_token_names_its_client_and_others_are_refused() {
    let policy = Policy::new(
        &[],
        vec!["s3cret-token-one".to_owned(), "s3cret-token-two".to_owned()],
    )
    .expect("valid");
    assert_eq!(
        policy.caller(Some("Bearer s3cret-token-one")),
        Some(Caller::Token(0))
    );
    assert_eq!(
        policy.caller(Some("Bearer s3cret-token-two")),
        Some(Caller::Token(1))
    );
    for bad in [
        None,
        Some("Bearer s3cret-token-thr"),
        Some("Bearer s3cret"),
        Some("s3cret-token-one"),
        Some("Bearer "),
    ] {
        assert_eq!(policy.caller(bad), None, "{bad:?}");
    }
    assert_eq!(Policy::default().caller(None), Some(Caller::Anyone));
}

#[test]
fn token_files_take_blank_lines_repeats_and_crlf() {
    let a = "0123456789abcdef0123";
    let b = "fedcba9876543210fedc";
    let text = format!("\r\n{a}\r\n\r\n  {b}  \n{a}\n\n");
    assert_eq!(parse_tokens(&text, "f").expect("valid"), [a, b]);
    assert!(
        parse_tokens("\n \r\n", "f")
            .unwrap_err()
            .contains("holds no token")
    );
    let short = parse_tokens(&format!("{a}\nshort\n"), "f").unwrap_err();
    assert!(short.contains("line 2"), "{short}");
    assert!(parse_tokens("0123456789 abcdef0123", "f").is_err());
}

#[test]
fn bodies_are_one_json_rpc_message() {
    let init = check_body(br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        .expect("valid");
    assert!(init.initialize);
    assert_eq!(check_body(b"{not json").unwrap_err().code, PARSE_ERROR);
    assert_eq!(check_body(b"[]").unwrap_err().code, INVALID_REQUEST);
    assert_eq!(
        check_body(br#"{"id":1}"#).unwrap_err().code,
        INVALID_REQUEST
    );
    let bad = check_body(br#"{"jsonrpc":"2.0","id":7,"method":5}"#).unwrap_err();
    assert_eq!(bad.id, json!(7));
    let modern = |method: &str, version: &str| {
        check_body(
            json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": {"_meta": {
                    "io.modelcontextprotocol/protocolVersion": version}}})
            .to_string()
            .as_bytes(),
        )
        .expect("valid")
        .removed
    };
    assert_eq!(
        modern("logging/setLevel", "2026-07-28").as_deref(),
        Some("logging/setLevel")
    );
    assert_eq!(modern("logging/setLevel", "2025-11-25"), None);
    assert_eq!(modern("tools/list", "2026-07-28"), None);
    assert_eq!(init.removed, None);
}
