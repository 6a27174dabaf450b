//! Two records of one suite compared through the public API, rendered in the three formats:
//! Markdown (snapshot), JSON (read back), JUnit (validated with xmllint).

use mcp_eval_core::compare::{Change, Record, compare_records};
use mcp_eval_core::runner::{TranscriptFile, parse_transcript_file};
use mcp_eval_core::{comparison_to_json, comparison_to_junit, comparison_to_markdown};
use serde_json::Value;

use crate::junit::{schema, temp_file, xmllint, xmllint_wanted, xpath};

const SUITE: &str = r#"{"name":"Shop <&> \"quoted\"","scenarios":[
  {"id":"search","prompt":"Find shoes","expectations":{"toolCalls":["browser_snapshot",{"name":"browser_type","args":{"text":"shoes"}}]}},
  {"id":"sign-in","prompt":"Sign in","expectations":{"toolCalls":["browser_snapshot","browser_click"]}},
  {"id":"cart|total","prompt":"Read the total","expectations":{"toolCalls":["browser_snapshot"]},"repeats":2}]}"#;

fn run(id: &str, calls: &[&str], prompt: u64, tool: u64, ms: u64, cost: f64) -> String {
    let calls: Vec<String> = calls
        .iter()
        .map(|c| match *c {
            "browser_type" => r#"{"name":"browser_type","arguments":{"text":"shoes"}}"#.to_owned(),
            name => format!(r#"{{"name":"{name}","arguments":{{}}}}"#),
        })
        .collect();
    format!(
        r#"{{"scenarioId":"{id}","toolCalls":[{}],"finalText":"done","stats":{{"steps":{},"promptTokens":{prompt},"completionTokens":40,"toolOutputTokens":{tool},"wallMs":{ms},"costUsd":{cost}}}}}"#,
        calls.join(","),
        calls.len() + 1
    )
}

fn record(runs: &[String]) -> TranscriptFile {
    let mut text = format!("{{\"suite\":{},\"tools\":[]}}\n", SUITE.replace('\n', ""));
    for r in runs {
        text.push_str(r);
        text.push('\n');
    }
    parse_transcript_file(&text).expect("a record")
}

/// The suite direct (A) and through a proxy (B): B reads far less tool output, and sign-in
/// stops passing.
fn comparison() -> mcp_eval_core::compare::Comparison {
    let direct = record(&[
        run(
            "search",
            &["browser_snapshot", "browser_type"],
            12_000,
            9_000,
            4_000,
            0.012,
        ),
        run(
            "sign-in",
            &["browser_snapshot", "browser_click"],
            8_000,
            6_000,
            3_000,
            0.008,
        ),
        run(
            "cart|total",
            &["browser_snapshot"],
            5_000,
            4_000,
            2_000,
            0.005,
        ),
        run(
            "cart|total",
            &["browser_snapshot"],
            5_000,
            4_000,
            2_000,
            0.005,
        ),
    ]);
    let proxy = record(&[
        run(
            "search",
            &["browser_snapshot", "browser_type"],
            3_000,
            900,
            3_500,
            0.003,
        ),
        run("sign-in", &["browser_snapshot"], 2_000, 600, 2_500, 0.002),
        run(
            "cart|total",
            &["browser_snapshot"],
            1_500,
            400,
            1_900,
            0.0015,
        ),
        run(
            "cart|total",
            &["browser_snapshot"],
            1_500,
            400,
            1_900,
            0.0015,
        ),
    ]);
    compare_records(
        &Record {
            label: "direct.jsonl",
            file: &direct,
        },
        &Record {
            label: "proxy.jsonl",
            file: &proxy,
        },
        None,
        None,
    )
    .expect("a comparison")
}

#[test]
fn markdown_puts_the_totals_and_the_flipped_scenario_first() {
    let md = comparison_to_markdown(&comparison());
    insta::assert_snapshot!("comparison_markdown", md);
}

#[test]
fn json_has_both_sides_and_the_differences() {
    let json: Value = serde_json::from_str(&comparison_to_json(&comparison())).expect("JSON");
    assert_eq!(json["a"], "direct.jsonl");
    assert_eq!(json["totalA"]["passed"], 3);
    assert_eq!(json["totalB"]["passed"], 2);
    assert_eq!(json["delta"]["passed"], -1);
    assert_eq!(json["delta"]["promptTokens"], 8_000 - 30_000);
    assert_eq!(json["delta"]["toolOutputTokens"], 2_300 - 23_000);
    let first = &json["scenarios"][0];
    assert_eq!(first["id"], "sign-in");
    assert_eq!(first["change"], "now_fails");
    assert_eq!(first["a"]["status"], "pass");
    assert_eq!(first["b"]["status"], "fail");
    assert!(
        first["b"]["why"]
            .as_str()
            .is_some_and(|w| w.contains("browser_click")),
        "{first}"
    );
    assert_eq!(json["scenarios"][2]["a"]["runs"], 2);
    assert!(
        (json["delta"]["costUsd"].as_f64().unwrap_or(0.0) - (0.008 - 0.030)).abs() < 1e-9,
        "{}",
        json["delta"]
    );
}

#[test]
fn junit_fails_the_scenario_that_now_fails_and_validates() {
    let c = comparison();
    assert_eq!(c.scenarios[0].change, Change::NowFails);
    let xml = comparison_to_junit(&c);
    if !xmllint_wanted() {
        return;
    }
    let file = temp_file(&xml);
    let out = xmllint(&["--noout", "--schema", &schema()], &file);
    assert!(
        out.status.success(),
        "xmllint rejected:\n{}\n{xml}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        xpath(
            "concat(//testsuite/@tests,' ',//testsuite/@failures,' ',//testsuite/@skipped)",
            &file
        ),
        "3 1 0"
    );
    assert_eq!(
        xpath("string(//testsuite/@name)", &file),
        "Shop <&> \"quoted\": direct.jsonl vs proxy.jsonl"
    );
    assert_eq!(xpath("string(//testcase[failure]/@name)", &file), "sign-in");
    let message = xpath("string(//testcase/failure/@message)", &file);
    assert!(
        message.starts_with("passed in direct.jsonl, fail in proxy.jsonl: "),
        "{message}"
    );
    let property = |name: &str| {
        xpath(
            &format!("string(//testsuite/properties/property[@name='{name}']/@value)"),
            &file,
        )
    };
    assert_eq!(property("a.toolOutputTokens"), "23000");
    assert_eq!(property("b.toolOutputTokens"), "2300");
    assert_eq!(property("delta.toolOutputTokens"), "-20700");
    let cart = xpath("string(//testcase[@name='cart|total']/system-out)", &file);
    assert!(
        cart.contains("A: pass 2/2, score 1.000, F1 1.00, 4 steps"),
        "{cart}"
    );
    assert!(cart.contains("B - A: passed runs 0"), "{cart}");
    let _ = std::fs::remove_file(file);
}
