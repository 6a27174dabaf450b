//! Unit tests of the live agent.

use serde_json::json;

use super::*;

#[test]
fn names_the_model_can_use() {
    let tools = [
        json!({"name": "browser_click", "inputSchema": {"type": "object"}}),
        json!({"name": "github.search", "description": "d"}),
        json!({"name": "github:search"}),
        json!({"name": ""}),
        json!({"no": "name"}),
    ];
    let (model, names) = model_tools(&tools);
    let got: Vec<&str> = model.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        got,
        ["browser_click", "github_search", "github_search_2", "_"]
    );
    assert_eq!(names["github_search_2"], "github:search");
    assert_eq!(model[1].parameters["type"], "object");
    let long = "x".repeat(100);
    let (model, _) = model_tools(&[json!({ "name": long }), json!({ "name": long })]);
    assert!(model.iter().all(|t| t.name.len() <= 64));
    assert_ne!(model[0].name, model[1].name);
}

#[test]
fn the_navigate_tool_takes_a_url() {
    let tools = [
        json!({"name": "navigate_page_history", "inputSchema": {"properties": {"url": {}}}}),
        json!({"name": "browser_navigate", "inputSchema": {"properties": {"url": {}}}}),
        json!({"name": "navigate_back", "inputSchema": {"properties": {}}}),
    ];
    assert_eq!(navigate_tool(&tools), Some("browser_navigate"));
    assert_eq!(navigate_tool(&tools[2..]), None);
}

#[test]
fn arguments_are_an_object_or_nothing() {
    assert_eq!(parse_arguments(" "), Ok(json!({})));
    assert_eq!(parse_arguments(r#"{"a":1}"#), Ok(json!({"a": 1})));
    assert!(parse_arguments("{oops").is_err());
}
