//! The `rmcp` feature: lint `rmcp::model::Tool` values built the way a Rust server builds them.

use std::sync::Arc;

use rmcp::model::{Tool as RmcpTool, ToolAnnotations};
use serde_json::json;
use tool_schema::{Config, from_rmcp, lint_rmcp};

fn schema(value: serde_json::Value) -> Arc<serde_json::Map<String, serde_json::Value>> {
    Arc::new(value.as_object().cloned().unwrap_or_default())
}

#[test]
fn rmcp_tools_lint_like_their_wire_form() {
    let good = RmcpTool::new(
        "get_forecast",
        "Get the 3-day weather forecast for a city. Use it when the user asks about coming \
         weather. Returns isError with a message when the city is unknown.",
        schema(json!({"type": "object", "additionalProperties": false,
            "properties": {"city": {"type": "string", "description": "City name, e.g. Paris"}},
            "required": ["city"]})),
    )
    .with_annotations(ToolAnnotations::new().read_only(true));
    // What rmcp's #[tool] emits for a no-arg tool: open, and no description when the doc
    // comment was lost.
    let bare = RmcpTool::new_with_raw(
        "delete_cache",
        None,
        schema(json!({"type": "object", "properties": {}})),
    );
    let report = lint_rmcp(&[good.clone(), bare], &Config::default()).expect("serializable tools");
    let rules: Vec<(&str, Option<&str>)> = report
        .findings()
        .iter()
        .map(|f| (f.rule, f.tool.as_deref()))
        .collect();
    assert!(
        rules.contains(&("TD-MISSING", Some("delete_cache"))),
        "{rules:?}"
    );
    assert!(
        rules.contains(&("TD-DESTRUCTIVE-UNDECLARED", Some("delete_cache"))),
        "{rules:?}"
    );
    assert!(
        rules.contains(&("TP-NOARG-OPEN", Some("delete_cache"))),
        "{rules:?}"
    );
    assert!(
        !rules.iter().any(|(_, t)| *t == Some("get_forecast")),
        "{rules:?}"
    );
    let converted = from_rmcp(&[good]).expect("serializable");
    assert_eq!(
        converted[0].to_value()["inputSchema"]["properties"]["city"]["type"],
        "string"
    );
}
