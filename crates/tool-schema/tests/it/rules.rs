//! One case per rule: a tool list (or result) that must trigger it, and one that must not.

use serde_json::{Value, json};
use tool_schema::{Config, RULES, Tool, ValidationReport, check_result, lint_value};

use lint_cases::lint_cases;

mod lint_cases;

/// A tool that passes every rule; cases change one thing about it.
fn good() -> Value {
    json!({
        "name": "get_forecast",
        "description": "Get the 3-day weather forecast for a city. Use it when the user asks about \
            coming weather. Returns isError with a message when the city is unknown.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {"city": {"type": "string", "description": "City name, e.g. Paris"}},
            "required": ["city"]
        },
        "annotations": {"readOnlyHint": true}
    })
}

/// `good()` with the top-level keys of `patch` replaced (a `null` removes the key).
fn with(patch: Value) -> Value {
    let mut tool = good();
    if let (Some(t), Some(p)) = (tool.as_object_mut(), patch.as_object()) {
        for (k, v) in p {
            if v.is_null() {
                t.remove(k);
            } else {
                t.insert(k.clone(), v.clone());
            }
        }
    }
    tool
}

/// `good()`'s input schema with `city` replaced by `prop`.
fn city(prop: Value) -> Value {
    with(json!({"inputSchema": {
        "type": "object", "additionalProperties": false, "properties": {"city": prop}
    }}))
}

fn named(name: &str, description: &str) -> Value {
    with(json!({"name": name, "description": description}))
}

fn described_output() -> Value {
    json!({"type": "object", "properties": {
        "high": {"type": "number", "description": "Highest temperature in °C"}
    }})
}

fn error_aware_description() -> &'static str {
    "Validate a weather station feed. Use it before importing a feed. Returns a report: check \
     hasValidationErrors and validationStatus before using the data."
}

#[track_caller]
fn fires(rule: &str, tools: &Value, config: &Config) -> bool {
    let report = lint_value(tools, config).expect("the case is a tool list");
    report.findings().iter().any(|f| f.rule == rule)
}

#[test]
fn every_lint_rule_fires_on_its_bad_case_and_not_on_its_good_case() {
    for (rule, bad, clean, config) in lint_cases() {
        assert!(fires(rule, &bad, &config), "{rule} did not fire on {bad}");
        assert!(!fires(rule, &clean, &config), "{rule} fired on {clean}");
    }
}

#[test]
fn catalog_budget_follows_the_config() {
    let mut config = Config::default();
    config.max_catalog_tokens = 50;
    assert!(fires("TT-CATALOG", &json!([good()]), &config));
    assert!(!fires("TT-CATALOG", &json!([good()]), &Config::default()));
}

fn structured_tool() -> Tool {
    Tool::from_value(with(json!({"outputSchema": {
        "type": "object",
        "properties": {"high": {"type": "number", "description": "Highest temperature"}},
        "required": ["high"]
    }})))
    .expect("an object")
}

fn report_tool() -> Tool {
    Tool::from_value(with(
        json!({"outputSchema": ValidationReport::json_schema()}),
    ))
    .expect("an object")
}

/// `(rule, tool, triggering result, clean result)`.
fn result_cases() -> Vec<(&'static str, Tool, Value, Value)> {
    let text = |t: &str| json!([{"type": "text", "text": t}]);
    let ok = json!({"content": text(r#"{"high":21}"#), "structuredContent": {"high": 21}});
    vec![
        (
            "TR-MISSING-STRUCTURED",
            structured_tool(),
            json!({"content": text("21")}),
            ok.clone(),
        ),
        (
            "TR-NONCONFORMING",
            structured_tool(),
            json!({"content": text(r#"{"high":"warm"}"#), "structuredContent": {"high": "warm"}}),
            ok.clone(),
        ),
        (
            "TR-ERROR-WITH-STRUCTURED",
            structured_tool(),
            json!({"isError": true, "content": text("city not found: Atlantis"), "structuredContent": {"error": "nope"}}),
            json!({"isError": true, "content": text("city not found: Atlantis")}),
        ),
        (
            "TR-NO-TEXT-MIRROR",
            structured_tool(),
            json!({"content": [], "structuredContent": {"high": 21}}),
            ok.clone(),
        ),
        (
            "TR-TEXT-MISMATCH",
            structured_tool(),
            json!({"content": text("It will be warm"), "structuredContent": {"high": 21}}),
            ok.clone(),
        ),
        (
            "TR-ERROR-NOT-ACTIONABLE",
            structured_tool(),
            json!({"isError": true, "content": text("Internal Server Error")}),
            json!({"isError": true, "content": text("city \"Atlantis\" not found; pass a city name such as Paris")}),
        ),
        (
            "TR-ERROR-NOT-ACTIONABLE",
            structured_tool(),
            json!({"isError": true, "content": text("Traceback (most recent call last):\n  File x")}),
            json!({"isError": true, "content": text("the forecast service timed out; retry in a minute")}),
        ),
        (
            "TE-INVARIANTS",
            report_tool(),
            json!({"content": [], "structuredContent": {"hasValidationErrors": true, "validationStatus": "success",
                "validationSummary": {"hasErrors": false, "hasWarnings": false, "errorCount": 0, "warningCount": 0, "infoCount": 0, "categories": [], "summaryText": "ok"},
                "integrityIssues": [], "tasks": []}}),
            json!({"content": [], "structuredContent": serde_json::to_value(ValidationReport::from_issues(vec![])).expect("serializable")}),
        ),
    ]
}

#[test]
fn every_result_rule_fires_on_its_bad_result_and_not_on_its_good_one() {
    for (rule, tool, bad, clean) in result_cases() {
        let fired = check_result(&tool, &bad);
        assert!(
            fired.iter().any(|f| f.rule == rule),
            "{rule} did not fire on {bad}: {fired:?}"
        );
        let clean_findings = check_result(&tool, &clean);
        assert!(
            !clean_findings.iter().any(|f| f.rule == rule),
            "{rule} fired on {clean}: {clean_findings:?}"
        );
    }
}

#[test]
fn every_rule_in_the_table_has_a_case() {
    let mut covered: Vec<&str> = lint_cases().iter().map(|c| c.0).collect();
    covered.extend(result_cases().iter().map(|c| c.0));
    let mut security = crate::security::covered_rules();
    security.extend(crate::pin::covered_rules());
    let missing: Vec<&str> = RULES
        .iter()
        .map(|r| r.id)
        .filter(|id| !covered.contains(id) && !security.iter().any(|s| s == id))
        .collect();
    assert!(missing.is_empty(), "rules without a test case: {missing:?}");
}

#[test]
fn the_good_tool_is_clean_under_every_rule() {
    let report = lint_value(&json!([good()]), &Config::default()).expect("a tool list");
    assert_eq!(report.findings(), &[], "{}", report.to_text("good"));
}
