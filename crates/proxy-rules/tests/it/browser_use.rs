//! Results of browser-use's MCP server as browser-use 0.13.14 writes them: the page state is
//! pretty JSON whose `interactive_elements` the agent acts on by `index`, and
//! `browser_get_html` returns the whole document.

use mcp_proxy_rules::{Action, Profile, Rewriter};
use serde_json::{Value, json};

use crate::{NO_FILES, forward, read_whole, text_of};

/// A shop's state: 300 product links, a search box and the basket button.
fn state() -> String {
    let mut elements = vec![
        json!({"index": 3, "tag": "input", "text": "", "placeholder": "Search the shop"}),
        json!({"index": 7, "tag": "button", "text": "Add to basket"}),
    ];
    for i in 0..300 {
        elements.push(json!({"index": 10 + i, "tag": "a", "text": format!("Teapot model {i}, stoneware"), "href": format!("/p/{i}")}));
    }
    serde_json::to_string_pretty(&json!({
        "url": "http://127.0.0.1:8765/shop",
        "title": "Kettle shop",
        "tabs": [{"url": "http://127.0.0.1:8765/shop", "title": "Kettle shop"}],
        "interactive_elements": elements,
        "viewport": {"width": 1280, "height": 720}
    }))
    .expect("JSON")
}

#[test]
fn the_profile_is_picked_by_the_name_browser_use_reports() {
    let profile = Profile::for_server("browser-use");
    assert_eq!(profile.name, "browser-use");
    assert!(profile.takes_goal("browser_get_state"));
    assert!(!profile.takes_goal("browser_click"));
}

#[test]
fn a_goal_state_keeps_the_elements_that_serve_it_with_their_index() {
    let rw = Rewriter::new(Profile::browser_use()).expect("valid");
    let call = forward(
        &rw,
        "browser_get_state",
        json!({"goal": "add the kettle to my basket"}),
    );
    let raw = state();
    let mut result = json!({"content": [{"type": "text", "text": raw}]});
    let outcome = rw.rewrite(&call, &mut result, &NO_FILES);
    assert_eq!(outcome.actions, [Action::GoalDigest]);
    let lean: Value = serde_json::from_str(text_of(&result)).expect("still JSON");
    assert!(
        lean["digest"]
            .as_str()
            .is_some_and(|d| d.starts_with("goal digest")),
        "{lean}"
    );
    let kept = lean["interactive_elements"].as_array().expect("elements");
    assert!(
        kept.iter()
            .any(|e| e["index"] == 7 && e["text"] == "Add to basket"),
        "{lean}"
    );
    assert!(kept.len() < 100, "{} kept", kept.len());
    assert_eq!(lean["viewport"]["width"], 1280);
    assert!(text_of(&result).len() * 4 < raw.len());
}

#[test]
fn the_whole_html_is_a_preview_read_back_whole() {
    let rw = Rewriter::new(Profile::browser_use()).expect("valid");
    let html = format!(
        "<html><body>{}</body></html>",
        "<p>Teapot, stoneware.</p>\n".repeat(4_000)
    );
    let call = forward(&rw, "browser_get_html", json!({}));
    let mut result = json!({"content": [{"type": "text", "text": html}]});
    let outcome = rw.rewrite(&call, &mut result, &NO_FILES);
    assert_eq!(outcome.actions, [Action::Preview]);
    let preview = text_of(&result).to_owned();
    assert!(preview.len() < 3_000, "{} chars", preview.len());
    assert_eq!(read_whole(&rw, &preview), html);
}

#[test]
fn a_state_in_a_shape_the_proxy_does_not_know_passes_with_a_note() {
    let rw = Rewriter::new(Profile::browser_use()).expect("valid");
    let renamed = state().replace("interactive_elements", "elements");
    let call = forward(
        &rw,
        "browser_get_state",
        json!({"goal": "add the kettle to my basket"}),
    );
    let mut result = json!({"content": [{"type": "text", "text": renamed}]});
    rw.rewrite(&call, &mut result, &NO_FILES);
    let texts: Vec<&str> = result["content"]
        .as_array()
        .expect("content")
        .iter()
        .filter_map(|i| i["text"].as_str())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("has no interactive_elements list")),
        "{texts:?}"
    );
    // Nothing lost: the state itself, or a preview whose token returns it.
    let first = texts[0];
    if first.contains("confirmToken=") {
        assert_eq!(read_whole(&rw, first), renamed);
    } else {
        assert_eq!(first, renamed);
    }
}
