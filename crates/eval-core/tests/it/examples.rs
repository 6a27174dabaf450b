//! The example suite and transcripts shipped in `examples/eval`.

use std::sync::Arc;

use mcp_eval_core::{
    Agent, ReplayAgent, RunConfig, ScoringMode, Status, parse_suite, parse_transcripts, run,
};

fn read(name: &str) -> String {
    let path = format!("{}/../../examples/eval/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

fn statuses(mode: ScoringMode) -> Vec<(String, Status)> {
    let suite = parse_suite(&read("suite.json")).expect("the example suite is valid");
    let transcripts =
        parse_transcripts(&read("transcripts.jsonl")).expect("the example transcripts parse");
    let replay = ReplayAgent::new(transcripts);
    assert!(replay.unknown_ids(&suite).is_empty());
    let agent: Arc<dyn Agent> = Arc::new(replay);
    let config = RunConfig {
        mode: Some(mode),
        ..RunConfig::default()
    };
    let report = run(&suite, &agent, None, &config, &mut |_| {});
    report
        .scenarios
        .into_iter()
        .map(|s| (s.id, s.status))
        .collect()
}

#[test]
fn example_scores_differ_between_modes_where_expected() {
    let standard = statuses(ScoringMode::Standard);
    let webmcp = statuses(ScoringMode::Webmcp);
    let want_standard = [
        ("search-red-shoes", Status::Pass),
        ("sign-in", Status::Pass),
        ("read-cart-total", Status::Fail),
        ("no-checkout", Status::Fail),
    ];
    let want_webmcp = [
        ("search-red-shoes", Status::Pass),
        ("sign-in", Status::Pass),
        ("read-cart-total", Status::Fail),
        // WebMCP lets a forbidden checkout through at 0.5.
        ("no-checkout", Status::Pass),
    ];
    let owned = |w: &[(&str, Status)]| {
        w.iter()
            .map(|(id, s)| ((*id).to_owned(), *s))
            .collect::<Vec<_>>()
    };
    assert_eq!(standard, owned(&want_standard));
    assert_eq!(webmcp, owned(&want_webmcp));
}

#[test]
fn example_markdown_summary() {
    let suite = parse_suite(&read("suite.json")).expect("the example suite is valid");
    let agent: Arc<dyn Agent> = Arc::new(ReplayAgent::new(
        parse_transcripts(&read("transcripts.jsonl")).expect("parse"),
    ));
    let report = run(&suite, &agent, None, &RunConfig::default(), &mut |_| {});
    insta::assert_snapshot!("example_markdown", mcp_eval_core::to_markdown(&report));
}

/// Every value of the example suite replaced, one at a time, by values of every JSON type:
/// validation answers Ok or a list of problems, never panics.
#[test]
fn validation_never_panics_on_mutated_suites() {
    use serde_json::{Value, json};
    fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => m
                .iter()
                .for_each(|(k, c)| pointers(c, format!("{at}/{k}"), out)),
            Value::Array(a) => a
                .iter()
                .enumerate()
                .for_each(|(i, c)| pointers(c, format!("{at}/{i}"), out)),
            _ => {}
        }
        out.push(at);
    }
    let original: Value = serde_json::from_str(&read("suite.json")).expect("JSON");
    let mut all = Vec::new();
    pointers(&original, String::new(), &mut all);
    let replacements = [
        json!(null),
        json!(0),
        json!(-1),
        json!(1e308),
        json!(""),
        json!("(["),
        json!([]),
        json!({}),
        json!(true),
        json!([{}]),
    ];
    let mut problems = 0usize;
    for at in &all {
        for r in &replacements {
            let mut v = original.clone();
            if let Some(slot) = v.pointer_mut(at) {
                *slot = r.clone();
            }
            if let Err(mcp_eval_core::Error::InvalidSuite { problems: p }) =
                mcp_eval_core::validate_suite(&v)
            {
                assert!(!p.is_empty());
                problems += p.len();
            }
        }
    }
    assert!(
        all.len() > 50 && problems > all.len(),
        "{} pointers, {problems} problems",
        all.len()
    );
}
