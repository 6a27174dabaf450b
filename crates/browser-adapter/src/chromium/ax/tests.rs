//! Rendering of CDP accessibility nodes, checked on hand-made trees.

use serde_json::{Value, json};

use super::{backend_id, cut_data_url, render};

fn node(id: &str, role: &str, name: &str, children: &[&str], backend: i64) -> Value {
    json!({
        "nodeId": id,
        "ignored": false,
        "role": {"type": "role", "value": role},
        "name": {"type": "computedString", "value": name},
        "childIds": children,
        "backendDOMNodeId": backend,
        "parentId": "p"
    })
}

#[test]
fn renders_playwright_ai_syntax_with_backend_refs() {
    let mut root = node("1", "RootWebArea", "Page", &["2", "5"], 1);
    root.as_object_mut().map(|o| o.remove("parentId"));
    let mut heading = node("2", "heading", "News", &["3"], 10);
    heading["properties"] = json!([{"name": "level", "value": {"type": "integer", "value": 2}}]);
    let text = node("3", "StaticText", "News", &[], 11);
    let mut generic = node("5", "generic", "", &["6", "8"], 12);
    generic["ignored"] = json!(true);
    let mut checkbox = node("6", "checkbox", "Remember me", &[], 13);
    checkbox["properties"] = json!([
        {"name": "checked", "value": {"type": "tristate", "value": "true"}},
        {"name": "disabled", "value": {"type": "boolean", "value": true}}
    ]);
    let item = node("8", "listitem", "", &["9"], 14);
    let item_text = node("9", "StaticText", "key: value", &[], 15);
    let nodes = [root, heading, text, generic, checkbox, item, item_text];
    assert_eq!(
        render(&nodes),
        "- heading \"News\" [level=2] [ref=e10]\n- checkbox \"Remember me\" [checked] [disabled] [ref=e13]\n- listitem [ref=e14]: \"key: value\""
    );
    let text = render(&nodes);
    let parsed = snapshot_digest::parse(&text);
    assert!(parsed.is_ok(), "{parsed:?}");
}

#[test]
fn refs_map_back_to_backend_ids() {
    assert_eq!(backend_id("e42"), Some(42));
    assert_eq!(backend_id("f1e42"), None);
    assert_eq!(backend_id("e"), None);
}

fn root(children: &[&str]) -> Value {
    let mut root = node("1", "RootWebArea", "Page", children, 1);
    root.as_object_mut().map(|o| o.remove("parentId"));
    root
}

#[test]
fn keys_and_texts_are_quoted_as_playwright_quotes_them() {
    let nodes = [
        root(&["2", "3"]),
        node("2", "button", "Note: read me", &[], 20),
        node("3", "paragraph", "", &["4"], 30),
        node("4", "StaticText", "yes", &[], 40),
    ];
    assert_eq!(
        render(&nodes),
        "- 'button \"Note: read me\" [ref=e20]'\n- paragraph [ref=e30]: \"yes\""
    );
}

#[test]
fn attributes_follow_playwrights_order() {
    let mut field = node("2", "textbox", "Email", &[], 20);
    field["properties"] = json!([
        {"name": "invalid", "value": {"type": "token", "value": "spelling"}},
        {"name": "focused", "value": {"type": "booleanOrUndefined", "value": true}},
        {"name": "disabled", "value": {"type": "boolean", "value": true}},
        {"name": "required", "value": {"type": "boolean", "value": true}}
    ]);
    let mut toggle = node("3", "button", "Bold", &[], 30);
    toggle["properties"] = json!([
        {"name": "pressed", "value": {"type": "tristate", "value": "mixed"}},
        {"name": "expanded", "value": {"type": "booleanOrUndefined", "value": false}}
    ]);
    assert_eq!(
        render(&[root(&["2", "3"]), field, toggle]),
        "- textbox \"Email\" [disabled] [active] [invalid=spelling] [ref=e20]\n- button \"Bold\" [pressed=mixed] [ref=e30]"
    );
}

#[test]
fn chromium_roles_are_flattened_and_iframes_named_as_playwright_does() {
    let nodes = [
        root(&["2", "5"]),
        node("2", "combobox", "", &["3"], 20),
        node("3", "MenuListPopup", "", &["4"], 30),
        node("4", "option", "Two", &[], 40),
        node("5", "Iframe", "", &[], 50),
    ];
    assert_eq!(
        render(&nodes),
        "- combobox [ref=e20]:\n  - option \"Two\" [ref=e40]\n- iframe [ref=e50]"
    );
}

#[test]
fn data_urls_are_cut_to_their_media_type() {
    assert_eq!(
        cut_data_url("data:text/html;base64,PGgxPg=="),
        "data:text/html;base64,…"
    );
    assert_eq!(
        cut_data_url("https://example.com/a,b"),
        "https://example.com/a,b"
    );
    assert_eq!(cut_data_url("data:,"), "data:,");
}

#[test]
fn empty_or_rootless_trees_render_nothing() {
    assert_eq!(render(&[]), "");
    assert_eq!(render(&[node("1", "button", "x", &[], 1)]), "");
}

#[test]
fn shared_children_and_cycles_are_written_once() {
    let mut root = node("1", "RootWebArea", "", &["2", "2", "3"], 1);
    root.as_object_mut().map(|o| o.remove("parentId"));
    // Node 2 is listed twice under the root and lists the root and itself as children.
    let looping = node("2", "button", "Go", &["1", "2"], 20);
    let wide = node("3", "list", "", &["4", "4", "4"], 30);
    let item = node("4", "listitem", "Only once", &[], 40);
    let text = render(&[root, looping, wide, item]);
    assert_eq!(
        text,
        "- button \"Go\" [ref=e20]\n- list [ref=e30]:\n  - listitem \"Only once\" [ref=e40]"
    );
}

#[test]
fn nesting_beyond_the_limit_is_cut_without_overflow() {
    let depth = 10_000;
    let mut nodes = Vec::with_capacity(depth);
    for i in 0..depth {
        let child = (i + 1).to_string();
        let children: Vec<&str> = if i + 1 < depth {
            vec![child.as_str()]
        } else {
            vec![]
        };
        let mut n = node(
            &i.to_string(),
            "group",
            "",
            &children,
            i64::try_from(i).unwrap_or(0),
        );
        if i == 0 {
            n.as_object_mut().map(|o| o.remove("parentId"));
        }
        nodes.push(n);
    }
    let text = render(&nodes);
    assert!(
        text.lines().count() <= super::MAX_DEPTH + 1,
        "{} lines",
        text.lines().count()
    );
    assert!(snapshot_digest::parse(&text).is_ok());
}
