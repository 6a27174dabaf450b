//! Unit tests of the call metrics with the tools given: calls to unknown tools, arguments
//! checked against each tool's `inputSchema`, hostile schemas, and the capped lists.

use serde_json::{Value, json};

use crate::score::metrics::tests::{calls, expectations, finite, tool};
use crate::score::{MAX_LISTED, ToolCall, ToolSpec, call_metrics};

#[test]
fn unknown_tools_and_schema_violations() {
    let tools = [
        tool(
            "search",
            json!({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}),
        ),
        tool("open", Value::Null),
        // The first of two specs with one name wins.
        tool("search", json!(false)),
    ];
    let actual = vec![
        ToolCall::new("search", json!({"q": "shoes"})),
        ToolCall::new("search", json!({"q": 42})),
        // No arguments recorded: checked as {}, and q is required.
        ToolCall::new("search", Value::Null),
        // A null schema checks nothing.
        ToolCall::new("open", json!("anything")),
        ToolCall::new("buy", json!({})),
        ToolCall::new("buy", json!({})),
        ToolCall::new("pay", json!({})),
        ToolCall::new("search", json!(["not", "an", "object"])),
    ];
    let m = call_metrics(&expectations(json!({})), &actual, Some(&tools));
    assert!(finite(&m));
    assert_eq!(m.unknown_tool_share, Some(3.0 / 8.0));
    assert_eq!(m.unknown_tools, ["buy", "pay"]);
    assert_eq!((m.schema_checked, m.schema_invalid), (4, 3));
    assert_eq!(m.schema_invalid_share, Some(0.75));
    let at: Vec<usize> = m.schema_violations.iter().map(|v| v.index).collect();
    assert_eq!(at, [1, 2, 7]);
    assert!(
        m.schema_violations[0].message.contains("at /q"),
        "{:?}",
        m.schema_violations
    );
    assert!(m.bad_schemas.is_empty());
    // An empty tool list: every call is unknown, nothing is checked.
    let m = call_metrics(&expectations(json!({})), &calls(&["a"]), Some(&[]));
    assert_eq!(
        (m.unknown_tool_share, m.schema_invalid_share),
        (Some(1.0), Some(0.0))
    );
    // Tools known, no calls: shares are 0, not NaN.
    let m = call_metrics(&expectations(json!({})), &[], Some(&tools));
    assert_eq!(
        (m.unknown_tool_share, m.schema_invalid_share),
        (Some(0.0), Some(0.0))
    );
}

#[test]
fn schemas_that_cannot_be_used_are_reported_once_and_never_panic() {
    let mut deep = json!({"type": "object"});
    for _ in 0..40 {
        deep = json!({"type": "object", "properties": {"a": deep}});
    }
    let bad = [
        ("string", json!("a string")),
        ("number", json!(42)),
        ("array", json!([{"type": "object"}])),
        ("bad-type", json!({"type": "nonsense"})),
        ("bad-regex", json!({"properties": {"q": {"pattern": "(["}}})),
        (
            "remote-ref",
            json!({"$ref": "https://example.com/schema.json"}),
        ),
        ("missing-ref", json!({"$ref": "#/$defs/nowhere"})),
        (
            "unknown-dialect",
            json!({"$schema": "https://example.com/dialect", "type": "object"}),
        ),
        ("deep", deep),
    ];
    let tools: Vec<ToolSpec> = bad.iter().map(|(n, s)| tool(n, s.clone())).collect();
    let actual: Vec<ToolCall> = bad
        .iter()
        .flat_map(|(n, _)| {
            [
                ToolCall::new(n, json!({"q": "x"})),
                ToolCall::new(n, json!({})),
            ]
        })
        .collect();
    let m = call_metrics(&expectations(json!({})), &actual, Some(&tools));
    let names: Vec<&str> = m.bad_schemas.iter().map(|b| b.tool.as_str()).collect();
    assert_eq!(
        names,
        bad.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        "{m:#?}"
    );
    for b in &m.bad_schemas {
        assert!(!b.message.is_empty() && !b.message.contains('\n'), "{b:?}");
        assert!(!b.message.contains("eval-core.invalid"), "{b:?}");
    }
    assert!(
        m.bad_schemas[5].message.contains("never fetched"),
        "{:?}",
        m.bad_schemas[5]
    );
    assert!(
        m.bad_schemas[8].message.contains("more than 32 levels"),
        "{:?}",
        m.bad_schemas[8]
    );
    assert_eq!((m.schema_checked, m.schema_invalid_share), (0, Some(0.0)));
    assert_eq!(m.unknown_tool_share, Some(0.0));
}

#[test]
fn boolean_and_recursive_schemas_work_and_deep_arguments_are_skipped() {
    let tools = [
        tool("yes", json!(true)),
        tool("no", json!(false)),
        tool(
            "tree",
            json!({"type": "object", "properties": {"child": {"$ref": "#"}}, "additionalProperties": false}),
        ),
    ];
    let mut deep = json!({});
    for _ in 0..200 {
        deep = json!({"child": deep});
    }
    let mut nested = json!({});
    for _ in 0..10 {
        nested = json!({"child": nested});
    }
    let actual = vec![
        ToolCall::new("yes", json!({"x": 1})),
        ToolCall::new("no", json!({})),
        ToolCall::new("tree", nested),
        ToolCall::new("tree", json!({"child": {"other": 1}})),
        // Too deep to validate safely: not checked, not counted.
        ToolCall::new("tree", deep),
    ];
    let m = call_metrics(&expectations(json!({})), &actual, Some(&tools));
    assert_eq!((m.schema_checked, m.schema_invalid), (4, 2));
    let at: Vec<usize> = m.schema_violations.iter().map(|v| v.index).collect();
    assert_eq!(at, [1, 3]);
}

#[test]
fn lists_are_capped_and_counts_stay_exact() {
    let names: Vec<String> = (0..MAX_LISTED + 20).map(|i| format!("t{i}")).collect();
    let actual: Vec<ToolCall> = names
        .iter()
        .flat_map(|n| [ToolCall::new(n, json!({})), ToolCall::new("s", json!(1))])
        .collect();
    let tools = [tool("s", json!({"type": "object"}))];
    let m = call_metrics(&expectations(json!({})), &actual, Some(&tools));
    assert_eq!(m.unknown_tools.len(), MAX_LISTED);
    assert_eq!(m.schema_violations.len(), MAX_LISTED);
    assert_eq!(m.schema_invalid, MAX_LISTED + 20);
    assert_eq!(
        (m.unknown_tool_share, m.schema_invalid_share),
        (Some(0.5), Some(1.0))
    );
}
