//! Unit tests of the MCP side of a live run.

use serde_json::json;

use super::*;

#[test]
fn results_become_text() {
    let out = result_text(&json!({"content": [
        {"type": "text", "text": "a"},
        {"type": "image", "mimeType": "image/png", "data": "AAAA"},
        {"type": "resource", "resource": {"uri": "file:///x", "text": "inside"}},
        {"type": "resource", "resource": {"uri": "file:///y", "blob": "AA"}},
        {"type": "resource_link", "uri": "file:///z"},
        {"type": "weird"}
    ], "isError": true}));
    assert!(out.is_error);
    assert_eq!(
        out.text,
        "a\n[image: image/png, about 3 bytes]\ninside\n[resource file:///y]\n[link file:///z]\n[weird content]"
    );
}

#[test]
fn structured_content_when_nothing_else() {
    let out = result_text(&json!({"content": [], "structuredContent": {"n": 1}}));
    assert_eq!(out.text, r#"{"n":1}"#);
    assert!(!out.is_error);
    let nothing = result_text(&json!("not an object"));
    assert_eq!(nothing.text, "");
}
