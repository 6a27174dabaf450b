//! Comparisons of small records: order of the flipped scenarios, differences, totals over
//! the scenarios both ran, and every way two records can fail to belong together.

use super::*;
use crate::runner::{TranscriptFile, parse_transcript_file};

const SUITE: &str = r#"{"name":"Shop","scenarios":[
  {"id":"same","prompt":"p","expectations":{"toolCalls":["look"]}},
  {"id":"fixed","prompt":"p","expectations":{"toolCalls":["look"]}},
  {"id":"broken","prompt":"p","expectations":{"toolCalls":["look"]}},
  {"id":"only-a","prompt":"p","expectations":{"toolCalls":["look"]}}]}"#;

fn record(suite: Option<&str>, lines: &[&str]) -> TranscriptFile {
    let mut text = match suite {
        Some(s) => format!("{{\"suite\":{},\"tools\":[]}}\n", s.replace('\n', "")),
        None => String::new(),
    };
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    parse_transcript_file(&text).expect("a record")
}

fn run(id: &str, calls: &str, steps: u32, prompt: u64) -> String {
    format!(
        r#"{{"scenarioId":"{id}","toolCalls":{calls},"stats":{{"steps":{steps},"promptTokens":{prompt},"completionTokens":5,"toolOutputTokens":100,"wallMs":1000}}}}"#
    )
}

const LOOK: &str = r#"[{"name":"look"}]"#;
const NONE: &str = "[]";

fn pair() -> (TranscriptFile, TranscriptFile) {
    let a = record(
        Some(SUITE),
        &[
            &run("same", LOOK, 2, 100),
            &run("fixed", NONE, 1, 100),
            &run("broken", LOOK, 2, 1000),
            &run("only-a", LOOK, 2, 100),
        ],
    );
    let b = record(
        Some(SUITE),
        &[
            &run("broken", NONE, 1, 400),
            &run("same", LOOK, 3, 50),
            &run("fixed", LOOK, 2, 100),
        ],
    );
    (a, b)
}

fn records<'a>(a: &'a TranscriptFile, b: &'a TranscriptFile) -> (Record<'a>, Record<'a>) {
    (
        Record {
            label: "a.jsonl",
            file: a,
        },
        Record {
            label: "b.jsonl",
            file: b,
        },
    )
}

#[test]
fn flipped_scenarios_come_first_with_their_differences() {
    let (a, b) = pair();
    let (ra, rb) = records(&a, &b);
    let c = compare_records(&ra, &rb, None, None).expect("a comparison");
    let order: Vec<(&str, Change)> = c
        .scenarios
        .iter()
        .map(|s| (s.id.as_str(), s.change))
        .collect();
    assert_eq!(
        order,
        [
            ("broken", Change::NowFails),
            ("fixed", Change::NowPasses),
            ("same", Change::Same),
            ("only-a", Change::OnlyA),
        ]
    );
    assert_eq!((c.regressions(), c.fixes()), (1, 1));
    let broken = &c.scenarios[0];
    assert_eq!(broken.delta.steps, Some(-1));
    assert_eq!(broken.delta.prompt_tokens, Some(-600));
    assert_eq!(broken.delta.passed, -1);
    assert!(broken.delta.f1.is_some_and(|d| d < 0.0));
    assert!(
        broken.b.as_ref().is_some_and(|b| b.why.contains("look")),
        "{broken:?}"
    );
    // Totals cover the three scenarios both ran, not only-a.
    assert_eq!(c.total_a.counts.total, 3);
    assert_eq!((c.total_a.counts.passed, c.total_b.counts.passed), (2, 2));
    assert_eq!(c.delta.passed, 0);
    assert_eq!(c.delta.steps, Some(1));
    assert_eq!(c.delta.prompt_tokens, Some(550 - 1200));
    assert_eq!(c.delta.wall_ms, Some(0));
    assert_eq!(c.delta.cost_usd, None);
    assert_eq!(
        c.notes,
        ["b.jsonl has no runs of \"only-a\"; the totals cover the scenarios both ran"]
    );
}

#[test]
fn records_that_do_not_belong_together_are_errors() {
    let (a, b) = pair();
    let empty = record(Some(SUITE), &[]);
    let (ra, rb) = records(&a, &empty);
    let e = compare_records(&ra, &rb, None, None).expect_err("no runs");
    assert_eq!(
        e.to_string(),
        "b.jsonl holds no runs; record some with eval run --server"
    );
    let other = record(
        Some(
            r#"{"name":"Other","scenarios":[{"id":"same","prompt":"p","expectations":{"toolCalls":["look"]}}]}"#,
        ),
        &[&run("same", LOOK, 1, 1)],
    );
    let (ra, rb) = records(&a, &other);
    let e = compare_records(&ra, &rb, None, None).expect_err("two suites");
    assert_eq!(
        e.to_string(),
        "a.jsonl holds runs of the suite \"Shop\" and b.jsonl of \"Other\"; compare two records of one suite"
    );
    let given = crate::suite::parse_suite(r#"{"name":"Other","scenarios":[{"id":"same","prompt":"p","expectations":{"toolCalls":["look"]}}]}"#)
        .expect("a suite");
    let (ra, rb) = records(&a, &b);
    let e = compare_records(&ra, &rb, Some(&given), None).expect_err("not their suite");
    assert!(
        e.to_string()
            .starts_with("a.jsonl holds runs of the suite \"Shop\", not of \"Other\""),
        "{e}"
    );
    let old_a = record(None, &[&run("same", LOOK, 1, 1)]);
    let old_b = record(None, &[&run("same", LOOK, 1, 1)]);
    let (ra, rb) = records(&old_a, &old_b);
    let e = compare_records(&ra, &rb, None, None).expect_err("no suite");
    assert!(e.to_string().ends_with("give it with --suite FILE"), "{e}");
    // With the suite given, old records compare.
    let shop = crate::suite::parse_suite(SUITE).expect("a suite");
    let c = compare_records(&ra, &rb, Some(&shop), None).expect("a comparison");
    assert_eq!(c.scenarios.len(), 1);
    let stray = record(Some(SUITE), &[&run("nowhere", LOOK, 1, 1)]);
    let (ra, rb) = records(&a, &stray);
    let e = compare_records(&ra, &rb, None, None).expect_err("nothing of the suite");
    assert!(
        e.to_string()
            .starts_with("b.jsonl holds no runs of the scenarios"),
        "{e}"
    );
    let bad = record(
        Some(r#"{"name":"Shop","scenarios":[{"id":""}]}"#),
        &[&run("same", LOOK, 1, 1)],
    );
    let (ra, rb) = records(&bad, &b);
    assert!(matches!(
        compare_records(&ra, &rb, None, None),
        Err(crate::error::Error::InvalidSuite { .. })
    ));
}

#[test]
fn what_is_left_out_or_differs_is_noted_with_file_and_line() {
    let (a, _) = pair();
    let changed = SUITE.replace(r#""name":"Shop""#, r#""name":"Shop","description":"v2""#);
    let mut b = record(
        Some(&changed),
        &[
            &run("same", LOOK, 1, 1),
            &run("ghost", LOOK, 1, 1),
            &run("ghost", LOOK, 1, 1),
            &run("same", LOOK, 1, 1),
        ],
    );
    b.cut_off_line = Some(6);
    let (ra, rb) = records(&a, &b);
    let c = compare_records(&ra, &rb, None, None).expect("a comparison");
    assert_eq!(
        c.notes,
        [
            "a.jsonl and b.jsonl were made with different versions of the suite \"Shop\"; both are scored with the one in a.jsonl",
            "b.jsonl line 6 is cut off (a write that was interrupted); it is left out",
            "b.jsonl line 3: scenario \"ghost\" is not in the suite \"Shop\"; its runs are left out",
            "b.jsonl has no runs of \"fixed\", \"broken\", \"only-a\"; the totals cover the scenarios both ran",
            "\"same\" has 1 run(s) in a.jsonl and 2 in b.jsonl; its sums are not per run",
        ]
    );
}
