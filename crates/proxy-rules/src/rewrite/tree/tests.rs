use super::*;
use serde_json::json;

#[test]
fn a_structured_snapshot_reads_as_uid_lines() {
    let structured = json!({"snapshot": {
        "id": "1_0", "role": "RootWebArea", "name": "Kettle shop", "url": "http://127.0.0.1:8000/",
        "children": [
            {"id": "1_1", "role": "heading", "name": "Kettles", "level": 1},
            {"id": "1_2", "role": "StaticText", "name": "Price: 39 €"},
            {"id": "1_3", "role": "button", "name": "Add\nto basket", "focusable": true, "disabled": false}
        ]
    }});
    let text = devtools_text(&structured).expect("a tree");
    assert_eq!(
        text,
        "uid=1_0 RootWebArea \"Kettle shop\" url=\"http://127.0.0.1:8000/\"\n  uid=1_1 heading \"Kettles\" level=\"1\"\n  uid=1_2 \"Price: 39 €\"\n  uid=1_3 button \"Add to basket\" focusable\n"
    );
    let snap = snapshot_digest::parse(&text).expect("parses");
    assert_eq!(snap.len(), 4);
}

#[test]
fn what_is_no_tree_is_none_and_depth_is_bounded() {
    assert!(devtools_text(&json!({"snapshot": "text"})).is_none());
    assert!(devtools_text(&json!({"message": "navigated"})).is_none());
    let mut node = json!({"id": "leaf", "role": "generic"});
    for i in 0..(MAX_DEPTH + 20) {
        node = json!({"id": format!("n{i}"), "role": "generic", "children": [node]});
    }
    let text = devtools_text(&json!({"snapshot": node})).expect("a tree");
    assert_eq!(text.lines().count(), MAX_DEPTH + 1);
}
