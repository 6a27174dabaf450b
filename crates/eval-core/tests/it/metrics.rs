//! Call metrics end to end: an old transcript (no tools, no stats) and a new one (a tools
//! header, results, stats) replayed through the runner into every report.

use std::sync::Arc;

use mcp_eval_core::runner::parse_transcript_file;
use mcp_eval_core::score::CallMetrics;
use mcp_eval_core::{Agent, ReplayAgent, Report, RunConfig, Status, Suite, parse_suite, run};

const SUITE: &str = r#"{"name": "Shop", "scenarios": [
  {"id": "find", "prompt": "Find red shoes", "expectations": {
    "argsMatch": {"normalizeStrings": true, "useDefaults": true, "ignoreKeys": ["requestId"]},
    "toolCalls": [{"name": "search", "args": {"q": "red shoes", "limit": 10}}],
    "forbiddenToolCalls": ["checkout"]}},
  {"id": "cart", "prompt": "Show the cart", "expectations": {
    "toolCalls": ["open", {"name": "view_cart", "max": 1}]}}]}"#;

/// What the first transcript format held: runs only.
const OLD: &str = r#"{"scenarioId": "find", "toolCalls": [{"name": "search", "arguments": {"q": "Red Shoes!", "requestId": 7}}], "finalText": "3 found"}
{"scenarioId": "cart", "toolCalls": [{"name": "open", "arguments": {"url": "/cart"}}, {"name": "view_cart"}, {"name": "teleport", "arguments": {}}], "finalText": "2 items"}
{"scenarioId": "cart", "toolCalls": [{"name": "open", "arguments": {"url": 5}}, {"name": "view_cart"}, {"name": "view_cart"}], "finalText": "2 items"}
"#;

/// A live run's recording: the server's tools first, then runs with results and stats.
const NEW: &str = concat!(
    r#"{"tools": ["#,
    r#"{"name": "search", "description": "Search products", "inputSchema": {"type": "object", "#,
    r#""properties": {"q": {"type": "string"}, "limit": {"type": "integer", "default": 10}, "requestId": {"type": "integer"}}, "#,
    r#""required": ["q"]}}, "#,
    r#"{"name": "open", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}}, "#,
    r#"{"name": "view_cart", "inputSchema": {"type": "object", "additionalProperties": false}}, "#,
    r#"{"name": "checkout", "inputSchema": {"type": "nonsense"}}]}"#,
    "\n",
    r#"{"scenarioId": "find", "attempt": 0, "toolCalls": [{"name": "search", "arguments": {"q": "Red Shoes!", "requestId": 7}, "result": {"text": "3 results", "isError": false}, "latencyMs": 120, "tokens": 40}], "finalText": "3 found", "stats": {"model": "m", "steps": 2, "promptTokens": 1500, "completionTokens": 80, "toolOutputTokens": 40, "wallMs": 900, "costUsd": 0.0021, "stop": "answer"}}
{"scenarioId": "cart", "attempt": 0, "toolCalls": [{"name": "open", "arguments": {"url": "/cart"}}, {"name": "view_cart"}, {"name": "teleport", "arguments": {}}], "finalText": "2 items", "stats": {"steps": 4, "promptTokens": 12000, "completionTokens": 300, "toolOutputTokens": 2500, "wallMs": 3000, "costUsd": 0.015}}
{"scenarioId": "cart", "attempt": 1, "toolCalls": [{"name": "open", "arguments": {"url": 5}}, {"name": "view_cart"}, {"name": "view_cart"}, {"name": "checkout", "arguments": {}}], "finalText": "2 items", "stats": {"steps": 5, "promptTokens": 15000, "completionTokens": 350, "toolOutputTokens": 2600, "wallMs": 3500}}
"#
);

fn suite() -> Suite {
    parse_suite(SUITE).expect("the suite is valid")
}

fn replay(transcripts: &str) -> Report {
    let file = parse_transcript_file(transcripts).expect("the transcripts parse");
    let config = RunConfig {
        tools: file.tools.map(Arc::from),
        ..RunConfig::default()
    };
    let agent: Arc<dyn Agent> = Arc::new(ReplayAgent::new(file.runs));
    run(&suite(), &agent, None, &config, &mut |_| {})
}

/// The report of the new-format transcripts (also validated as JUnit in `junit.rs`).
pub(crate) fn new_format_report() -> Report {
    replay(NEW)
}

fn metrics(report: &Report, scenario: usize, run: usize) -> &CallMetrics {
    &report.scenarios[scenario].runs[run]
        .score
        .as_ref()
        .expect("the run has a score")
        .calls
}

#[test]
fn old_transcripts_give_precision_recall_and_f1_only() {
    let report = replay(OLD);
    // Without the tools, `useDefaults` cannot apply: the expected `limit: 10` is missing.
    assert_eq!(report.scenarios[0].status, Status::Fail);
    let find = metrics(&report, 0, 0);
    assert_eq!((find.precision, find.recall, find.f1), (0.0, 0.0, 0.0));
    assert_eq!(
        (find.unknown_tool_share, find.schema_invalid_share),
        (None, None)
    );
    // cart run 1: open, view_cart, teleport → 2 of 3 calls matched, both required ones made.
    let cart = metrics(&report, 1, 0);
    assert_eq!((cart.matched, cart.calls, cart.satisfied), (2, 3, 2));
    // cart run 2: a second view_cart exceeds max 1.
    let cart = metrics(&report, 1, 1);
    assert_eq!((cart.matched, cart.calls, cart.recall), (2, 3, 1.0));
    assert!(cart.unknown_tools.is_empty() && cart.bad_schemas.is_empty());
    let summary = report.summary.calls.expect("scored runs give call means");
    assert_eq!(
        (summary.unknown_tool_share, summary.schema_invalid_share),
        (None, None)
    );
    assert_eq!(report.summary.usage, None);
    let json = mcp_eval_core::to_json(&report);
    assert!(json.contains("\"unknownToolShare\": null"), "{json}");
    assert!(!json.contains("\"usage\""), "{json}");
    insta::assert_snapshot!(mcp_eval_core::to_markdown(&report), @r"
    # Eval: Shop (standard mode)

    **2 scenarios: 0 passed, 2 failed** · pass rate 0% · mean score 0.375

    Tool calls: precision 0.33 · recall 0.50 · F1 0.40

    | status | scenario | prompt | score | runs passed | calls P/R/F1 | details |
    |---|---|---|---|---|---|---|
    | ❌ fail | find | Find red shoes | 0.000 | 0/1 | 0.00 / 0.00 / 0.00 | expected search with matching arguments at least 1 time, called 0 times |
    | ❌ fail | cart | Show the cart | 0.750 | 1/2 (pass@1 0.50, pass^2 0.00) | 0.67 / 1.00 / 0.80 | run 2: fail; expected view_cart exactly 1 time, called 2 times |
    ");
}

#[test]
fn new_transcripts_add_unknown_tools_schema_checks_and_usage() {
    let report = new_format_report();
    // With the tools, the omitted `limit` is the schema's default: the run passes.
    assert_eq!(report.scenarios[0].status, Status::Pass);
    let find = metrics(&report, 0, 0);
    assert_eq!((find.precision, find.recall, find.f1), (1.0, 1.0, 1.0));
    assert_eq!(
        (find.unknown_tool_share, find.schema_invalid_share),
        (Some(0.0), Some(0.0))
    );
    let cart = metrics(&report, 1, 0);
    assert_eq!(cart.unknown_tool_share, Some(1.0 / 3.0));
    assert_eq!(cart.unknown_tools, ["teleport"]);
    assert_eq!((cart.schema_checked, cart.schema_invalid), (2, 0));
    let cart = metrics(&report, 1, 1);
    // open {url: 5} breaks its schema; checkout's schema does not compile.
    assert_eq!((cart.schema_checked, cart.schema_invalid), (3, 1));
    assert_eq!(cart.schema_violations[0].index, 0);
    assert_eq!(cart.bad_schemas.len(), 1);
    assert_eq!(cart.bad_schemas[0].tool, "checkout");
    let usage = report.summary.usage.expect("the runs recorded stats");
    assert_eq!(
        (
            usage.runs,
            usage.steps,
            usage.prompt_tokens,
            usage.completion_tokens
        ),
        (3, 11, 28_500, 730)
    );
    assert_eq!(usage.tool_output_tokens, 5_140);
    assert!((usage.cost_usd.unwrap_or(0.0) - 0.0171).abs() < 1e-9);
    let json = mcp_eval_core::to_json(&report);
    for field in [
        "\"schemaInvalidShare\": 0.3333333333333333",
        "\"unknownTools\": [\n",
        "\"badSchemas\"",
        "\"usage\": {",
        "\"toolOutputTokens\": 5140",
    ] {
        assert!(json.contains(field), "{field} missing from\n{json}");
    }
    insta::assert_snapshot!(mcp_eval_core::to_markdown(&report), @r"
    # Eval: Shop (standard mode)

    **2 scenarios: 1 passed, 1 failed** · pass rate 50% · mean score 0.875

    Tool calls: precision 0.79 · recall 1.00 · F1 0.87 · unknown tools 8% · schema-invalid 8%

    Usage: 3 runs · 11 steps · 28.5k prompt + 730 completion tokens · 5.1k tool output tokens · $0.0171

    | status | scenario | prompt | score | runs passed | calls P/R/F1 | unknown / invalid | usage | details |
    |---|---|---|---|---|---|---|---|---|
    | ✅ pass | find | Find red shoes | 1.000 | 1/1 | 1.00 / 1.00 / 1.00 | 0% / 0% | 2 steps · 1.5k+80 tok · 40 tool · $0.0021 |  |
    | ❌ fail | cart | Show the cart | 0.750 | 1/2 (pass@1 0.50, pass^2 0.00) | 0.58 / 1.00 / 0.73 | 17% / 17% | 9 steps · 27.0k+650 tok · 5.1k tool · $0.0150 | run 2: fail; expected view_cart exactly 1 time, called 2 times |
    ");
}
