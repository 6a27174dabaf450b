//! The public API: reading tool lists, config, scores, output formats, error-aware types and
//! the test helper.

use serde_json::{Value, json};
use tool_schema::{
    Config, Error, ErrorReportRef, IntegrityIssue, IssueSeverity, Level, Severity, Tool,
    ValidationReport, ValidationStatus, assert_tools_lint_clean, check_result, lint, lint_value,
    parse_tools, parse_tools_str,
};

fn tool(name: &str) -> Value {
    json!({
        "name": name,
        "description": "Get the 3-day weather forecast for a city. Use it when the user asks about \
            coming weather. Returns isError with a message when the city is unknown.",
        "inputSchema": {"type": "object", "additionalProperties": false,
            "properties": {"city": {"type": "string", "description": "City name, e.g. Paris"}},
            "required": ["city"]},
        "annotations": {"readOnlyHint": true}
    })
}

#[test]
fn reads_every_tool_list_shape_and_keeps_unknown_fields() {
    let mut t = tool("get_forecast");
    t["x-vendor"] = json!({"a": [1, 2]});
    let shapes = [
        json!({"tools": [t.clone()], "nextCursor": null}),
        json!([t.clone()]),
        json!({"jsonrpc": "2.0", "id": 2, "result": {"tools": [t.clone()]}}),
    ];
    for shape in shapes {
        let tools = parse_tools(&shape).expect("a tool list");
        assert_eq!(tools.len(), 1);
        assert_eq!(tools[0].to_value(), t, "round trip of {shape}");
        assert_eq!(serde_json::to_value(&tools[0]).expect("serializable"), t);
    }
}

#[test]
fn rejects_what_is_not_a_tool_list_with_a_clear_error() {
    let err = parse_tools(&json!({"result": {"result": {"tools": []}}})).expect_err("not a list");
    assert!(matches!(err, Error::NotAToolList { .. }), "{err}");
    let err = parse_tools(&json!([tool("a"), 3])).expect_err("a number is not a tool");
    assert_eq!(
        err.to_string(),
        "tool at index 1 is a JSON number, expected an object with a \"name\""
    );
    let err = parse_tools_str("{").expect_err("not JSON");
    assert!(matches!(err, Error::Json { .. }));
    assert!(Tool::from_value(json!("x")).is_err());
}

#[test]
fn config_turns_rules_off_and_overrides_severity() {
    let list =
        json!([{"name": "ping", "inputSchema": {"type": "object", "additionalProperties": false}}]);
    let default = lint_value(&list, &Config::default()).expect("a list");
    assert!(
        default
            .findings()
            .iter()
            .any(|f| f.rule == "TD-MISSING" && f.severity == Severity::Error)
    );
    let config = Config::new()
        .with_rule("TD-MISSING", Level::Off)
        .and_then(|c| c.with_rule("TD-NO-RETURN", Level::parse("warn")?))
        .expect("known rules");
    let report = lint_value(&list, &config).expect("a list");
    assert!(!report.findings().iter().any(|f| f.rule == "TD-MISSING"));
    assert!(
        report
            .findings()
            .iter()
            .all(|f| f.rule != "TD-NO-RETURN" || f.severity == Severity::Warn)
    );
    assert!(matches!(
        Config::new().with_rule("TD-NOPE", Level::Off),
        Err(Error::UnknownRule { .. })
    ));
    assert!(matches!(
        Level::parse("loud"),
        Err(Error::UnknownLevel { .. })
    ));
}

#[test]
fn scores_follow_the_documented_weights() {
    // One error (TD-MISSING, -10), one warning (TP-PARAM-DESC at 100 % coverage is impossible
    // here, so the lone parameter is an error too) and infos: check the arithmetic, not a guess.
    let list = json!([
        tool("get_forecast"),
        {"name": "get_alerts", "inputSchema": {"type": "object", "additionalProperties": false}}
    ]);
    let report = lint_value(&list, &Config::default()).expect("a list");
    let scores = report.tool_scores();
    for s in scores {
        let penalty: u32 = report
            .findings()
            .iter()
            .filter(|f| f.tool_index == Some(s.index))
            .map(|f| f.severity.penalty())
            .sum();
        assert_eq!(s.score, 100u32.saturating_sub(penalty));
    }
    assert_eq!(scores[0].score, 100);
    assert!(scores[1].score < 100);
    let mean = f64::from(scores[0].score + scores[1].score) / 2.0;
    let want = (0.6 * mean + 0.4 * f64::from(scores[1].score)).round() as u32;
    assert_eq!(report.server_score().score, want);
    assert_eq!(scores[0].schema_description_coverage, Some(100));
    assert_eq!(scores[1].schema_description_coverage, None);
    assert_eq!(tool_schema::score::grade(want), report.server_score().grade);
}

#[test]
fn invocation_cost_counts_required_depth_and_unions() {
    let list = json!([{
        "name": "query_points",
        "inputSchema": {"type": "object", "required": ["a", "b"], "properties": {
            "a": {"type": "object", "description": "A", "properties": {"b": {"type": "string", "description": "B"}}},
            "b": {"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "null"}], "description": "C"}
        }}
    }]);
    let report = lint_value(&list, &Config::default()).expect("a list");
    // a, b: 2 fields; a is an object one level down: depth 2; b's union has 2 non-null
    // branches: 1 choice. 2 + 2·1 + 2·1 = 6.
    assert_eq!(report.tool_scores()[0].cost.invocation_cost, 6);
}

#[test]
fn text_json_and_sarif_carry_the_same_findings() {
    let list = json!([{"name": "ping", "inputSchema": {"type": "object"}}]);
    let report = lint_value(&list, &Config::default()).expect("a list");
    let n = report.findings().len();
    assert!(n > 0);
    let text = report.to_text("tools.json");
    assert_eq!(text.lines().count(), n + 1);
    assert!(
        text.lines()
            .any(|l| l.starts_with("tools.json: ping/description: error[TD-MISSING]")),
        "{text}"
    );
    assert_eq!(
        report.to_json()["findings"].as_array().map(Vec::len),
        Some(n)
    );
    let sarif = report.to_sarif("tools.json");
    assert_eq!(sarif["version"], "2.1.0");
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), n);
    assert_eq!(
        results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "tools.json"
    );
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    for r in results {
        let idx = r["ruleIndex"].as_u64().expect("an index") as usize;
        assert_eq!(rules[idx]["id"], r["ruleId"]);
    }
}

#[test]
fn validation_report_derives_status_counts_and_tasks() {
    let issue = |sev, task: &str| {
        IntegrityIssue::new("broken_link", "Broken link", sev, "link to /x is 404")
            .with_task(Some(task.into()))
    };
    let cases = [
        (vec![], ValidationStatus::Success, false),
        (
            vec![issue(IssueSeverity::Info, "t1")],
            ValidationStatus::Success,
            false,
        ),
        (
            vec![issue(IssueSeverity::Warning, "t1")],
            ValidationStatus::Warnings,
            false,
        ),
        (
            vec![issue(IssueSeverity::Error, "t1")],
            ValidationStatus::Errors,
            true,
        ),
        (
            vec![
                issue(IssueSeverity::Warning, "t1"),
                issue(IssueSeverity::Error, "t2"),
            ],
            ValidationStatus::ErrorsAndWarnings,
            true,
        ),
    ];
    for (issues, status, errors) in cases {
        let report = ValidationReport::from_issues(issues);
        assert_eq!(report.validation_status(), status);
        assert_eq!(report.has_validation_errors(), errors);
        assert_eq!(report.validation_summary().has_errors, errors);
    }
    let report = ValidationReport::from_issues(vec![
        issue(IssueSeverity::Warning, "t1"),
        issue(IssueSeverity::Error, "t2"),
        issue(IssueSeverity::Error, "t1"),
    ])
    .with_error_report(ErrorReportRef {
        uri: "report://run/7".into(),
        description: None,
    });
    let json = serde_json::to_value(&report).expect("serializable");
    assert_eq!(json["validationStatus"], "errors_and_warnings");
    assert_eq!(json["validationSummary"]["errorCount"], 2);
    assert_eq!(
        json["validationSummary"]["categories"][0]["typeLabel"],
        "Broken link"
    );
    assert_eq!(json["integrityIssues"][0]["severity"], "error");
    assert_eq!(json["integrityIssues"][0]["typeLabel"], "Broken link");
    assert_eq!(json["errorReport"]["uri"], "report://run/7");
    let t1 = report
        .tasks()
        .iter()
        .find(|t| t.task_id == "t1")
        .expect("task t1");
    assert_eq!(
        (t1.error_count, t1.warning_count, t1.issue_indexes.len()),
        (1, 1, 2)
    );
    for &i in &t1.issue_indexes {
        assert_eq!(
            report.integrity_issues()[i as usize].task_id.as_deref(),
            Some("t1")
        );
    }
    let text = &report.validation_summary().summary_text;
    assert!(
        text.contains("2 errors") && text.contains("1 warning") && text.contains("2 tasks"),
        "{text}"
    );
}

/// The error-aware schema is a tool's `outputSchema` that passes our own lint with zero
/// findings, and real reports conform to it.
#[test]
fn validation_report_schema_passes_our_own_lint_and_validates_reports() {
    let schema = ValidationReport::json_schema();
    let list = json!([{
        "name": "validate_feed",
        "description": "Validate a weather station feed. Use it before importing a feed. Returns a \
            report: check hasValidationErrors and validationStatus before using the data; the \
            summaryText says what failed.",
        "inputSchema": {"type": "object", "additionalProperties": false},
        "outputSchema": schema,
        "annotations": {"readOnlyHint": true}
    }]);
    let report = lint_value(&list, &Config::default()).expect("a list");
    assert_eq!(
        report.findings(),
        &[],
        "{}",
        report.to_text("ValidationReport")
    );
    // Every property of the schema has a description, checked directly too.
    let text = schema.to_string();
    assert!(!text.contains("\"format\":\"uint"), "{text}");
    assert!(schema.get("$schema").is_none());

    let tools = parse_tools(&list).expect("a list");
    let issues = vec![
        IntegrityIssue::new(
            "missing_title",
            "Missing title",
            IssueSeverity::Error,
            "no <title>",
        )
        .with_rule("R1")
        .with_task(Some("page-1".into()))
        .with_pointer(Some("/pages/0".into())),
        IntegrityIssue::new("slow", "Slow page", IssueSeverity::Warning, "3 s to load"),
    ];
    let value = serde_json::to_value(ValidationReport::from_issues(issues).with_error_report(
        ErrorReportRef {
            uri: "https://x/r".into(),
            description: Some("all".into()),
        },
    ))
    .expect("serializable");
    let result = json!({"content": [{"type": "text", "text": value.to_string()}], "structuredContent": value});
    assert_eq!(check_result(&tools[0], &result), vec![]);
    let mut broken = value.clone();
    broken["validationStatus"] = json!("fine");
    let result = json!({"content": [{"type": "text", "text": broken.to_string()}], "structuredContent": broken});
    let findings = check_result(&tools[0], &result);
    assert!(
        findings.iter().any(|f| f.rule == "TR-NONCONFORMING"),
        "{findings:?}"
    );
}

#[test]
fn lint_report_converts_to_a_validation_report_per_tool() {
    let list = json!([tool("get_forecast"), {"name": "ping", "inputSchema": {"type": "object"}}]);
    let report = lint_value(&list, &Config::default())
        .expect("a list")
        .to_validation_report();
    assert!(report.has_validation_errors());
    assert_eq!(report.tasks().len(), 1);
    assert_eq!(report.tasks()[0].task_id, "ping");
}

#[test]
fn assert_helper_passes_clean_tools_and_fails_with_a_readable_report() {
    assert_tools_lint_clean(&json!([tool("get_forecast")]));
    let bad = json!([{"name": "ping", "inputSchema": {"type": "object"}}]);
    let panic = std::panic::catch_unwind(|| assert_tools_lint_clean(&bad)).expect_err("must fail");
    let msg = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        msg.contains("error[TD-MISSING]") && msg.contains("ping/description"),
        "{msg}"
    );
    assert!(
        !msg.contains("info["),
        "infos are below the threshold: {msg}"
    );
}

#[test]
fn lint_of_parsed_tools_equals_lint_of_the_value() {
    let list = json!([tool("get_forecast"), {"name": "ping", "inputSchema": {"type": "object"}}]);
    let a = lint_value(&list, &Config::default()).expect("a list");
    let b = lint(&parse_tools(&list).expect("a list"), &Config::default());
    assert_eq!(a, b);
}
