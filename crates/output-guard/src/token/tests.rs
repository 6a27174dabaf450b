//! Unit tests of token encoding.

use super::{TOKEN_CHARS, base64url, new_token};

#[test]
fn base64url_matches_rfc_4648_vectors() {
    // RFC 4648 §10 test vectors, padding removed, in the URL-safe alphabet.
    let cases = [
        ("", ""),
        ("f", "Zg"),
        ("fo", "Zm8"),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg"),
        ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ];
    for (input, expected) in cases {
        assert_eq!(base64url(input.as_bytes()), expected, "{input:?}");
    }
    assert_eq!(base64url(&[0xfb, 0xff, 0xbf]), "-_-_");
}

#[test]
fn tokens_are_22_url_safe_chars_and_differ() {
    let a = new_token().unwrap();
    let b = new_token().unwrap();
    assert_eq!(a.len(), TOKEN_CHARS);
    assert!(
        a.bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'),
        "{a}"
    );
    assert_ne!(a, b);
}
