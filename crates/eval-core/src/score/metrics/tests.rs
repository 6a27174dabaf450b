//! Call metrics: precision, recall and F1 in every edge case, and a brute-force cross-check of
//! the matching.

use proptest::prelude::*;
use serde_json::{Value, json};

use crate::score::{
    CallMetrics, JudgeOutcome, ToolCall, ToolSpec, Trajectory, call_metrics, score_run,
    score_run_with,
};
use crate::suite::{Expectations, ExpectedCall, OrderMode, ScoringMode, parse_suite};

pub(super) fn expectations(value: Value) -> Expectations {
    let suite =
        json!({"name": "t", "scenarios": [{"id": "s", "prompt": "p", "expectations": value}]});
    match parse_suite(&suite.to_string()) {
        Ok(mut s) => s.scenarios.remove(0).expectations,
        Err(e) => panic!("test suite is invalid: {e}"),
    }
}

pub(super) fn calls(names: &[&str]) -> Vec<ToolCall> {
    names.iter().map(|n| ToolCall::new(n, json!({}))).collect()
}

pub(super) fn tool(name: &str, schema: Value) -> ToolSpec {
    ToolSpec {
        name: name.to_owned(),
        description: None,
        input_schema: schema,
    }
}

pub(super) fn finite(m: &CallMetrics) -> bool {
    [m.precision, m.recall, m.f1]
        .into_iter()
        .chain(m.unknown_tool_share)
        .chain(m.schema_invalid_share)
        .all(|x| x.is_finite() && (0.0..=1.0).contains(&x))
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// (expectations, calls, precision, recall, f1, matched, required, satisfied)
type Case = (Value, Vec<ToolCall>, f64, f64, f64, usize, u64, u64);

#[test]
fn precision_recall_f1_table() {
    let c = |name: &str, args: Value| ToolCall::new(name, args);
    let cases: Vec<Case> = vec![
        // Nothing expected, nothing called: perfect.
        (json!({}), vec![], 1.0, 1.0, 1.0, 0, 0, 0),
        // Calls where none were expected: precision 0, recall vacuous.
        (json!({}), calls(&["a", "b"]), 0.0, 1.0, 0.0, 0, 0, 0),
        (
            json!({"postConditions": "x"}),
            calls(&["a"]),
            0.0,
            1.0,
            0.0,
            0,
            0,
            0,
        ),
        // Nothing called where something was required.
        (json!({"toolCalls": ["a"]}), vec![], 1.0, 0.0, 0.0, 0, 1, 0),
        (
            json!({"toolCalls": ["a"]}),
            calls(&["a"]),
            1.0,
            1.0,
            1.0,
            1,
            1,
            1,
        ),
        (
            json!({"toolCalls": ["a", "b"]}),
            calls(&["a"]),
            1.0,
            0.5,
            0.667,
            1,
            2,
            1,
        ),
        (
            json!({"toolCalls": ["a"]}),
            calls(&["a", "z"]),
            0.5,
            1.0,
            0.667,
            1,
            1,
            1,
        ),
        // A repeated name needs a call each.
        (
            json!({"toolCalls": ["a", "a"]}),
            calls(&["a"]),
            1.0,
            0.5,
            0.667,
            1,
            2,
            1,
        ),
        (
            json!({"toolCalls": ["a", "a"]}),
            calls(&["a", "a"]),
            1.0,
            1.0,
            1.0,
            2,
            2,
            2,
        ),
        // Unbounded max (superset): repeats are fine.
        (
            json!({"toolCalls": ["a"]}),
            calls(&["a", "a", "a"]),
            1.0,
            1.0,
            1.0,
            3,
            1,
            1,
        ),
        // Strict: max 1 by default, a repeat lowers precision.
        (
            json!({"order": "strict", "toolCalls": ["a"]}),
            calls(&["a", "a"]),
            0.5,
            1.0,
            0.667,
            1,
            1,
            1,
        ),
        // min and count are graded.
        (
            json!({"toolCalls": [{"name": "a", "min": 3}]}),
            calls(&["a", "a"]),
            1.0,
            0.667,
            0.8,
            2,
            3,
            2,
        ),
        (
            json!({"toolCalls": [{"name": "a", "count": 2}]}),
            calls(&["a", "a", "a"]),
            0.667,
            1.0,
            0.8,
            2,
            2,
            2,
        ),
        (
            json!({"toolCalls": [{"name": "a", "min": 0, "max": 1}]}),
            calls(&["a", "a"]),
            0.5,
            1.0,
            0.667,
            1,
            0,
            0,
        ),
        // Subset order: nothing is required, extras still cost precision.
        (
            json!({"order": "subset", "toolCalls": ["a", "b"]}),
            vec![],
            1.0,
            1.0,
            1.0,
            0,
            0,
            0,
        ),
        (
            json!({"order": "subset", "toolCalls": ["a"]}),
            calls(&["a", "z"]),
            0.5,
            1.0,
            0.667,
            1,
            0,
            0,
        ),
        // Arguments count.
        (
            json!({"toolCalls": [{"name": "a", "args": {"q": "x"}}]}),
            vec![c("a", json!({"q": "y"}))],
            0.0,
            0.0,
            0.0,
            0,
            1,
            0,
        ),
        (
            json!({"toolCalls": [{"name": "a", "args": {"n": 1}}]}),
            vec![c("a", json!({"n": 1.0}))],
            1.0,
            1.0,
            1.0,
            1,
            1,
            1,
        ),
        // A forbidden call is an unmatched call.
        (
            json!({"toolCalls": ["a"], "forbiddenToolCalls": ["x"]}),
            calls(&["a", "x"]),
            0.5,
            1.0,
            0.667,
            1,
            1,
            1,
        ),
        // Order is not looked at.
        (
            json!({"order": "strict", "toolCalls": ["a", "b"]}),
            calls(&["b", "a"]),
            1.0,
            1.0,
            1.0,
            2,
            2,
            2,
        ),
        // A permissive entry must not take the call a specific one needs, whichever comes first.
        (
            json!({"toolCalls": [{"name": "t", "max": 1}, {"name": "t", "args": {"q": "go"}}]}),
            vec![c("t", json!({"q": "go"})), c("t", json!({}))],
            1.0,
            1.0,
            1.0,
            2,
            2,
            2,
        ),
        (
            json!({"toolCalls": [{"name": "t", "args": {"q": "go"}}, {"name": "t", "max": 1}]}),
            vec![c("t", json!({"q": "go"})), c("t", json!({}))],
            1.0,
            1.0,
            1.0,
            2,
            2,
            2,
        ),
        // A huge min: a tiny recall, not an overflow.
        (
            json!({"toolCalls": [{"name": "a", "min": 4_000_000_000_u64}]}),
            calls(&["a"]),
            1.0,
            0.0,
            0.0,
            1,
            4_000_000_000,
            1,
        ),
    ];
    for (i, (exp, actual, p, r, f1, matched, required, satisfied)) in cases.into_iter().enumerate()
    {
        let m = call_metrics(&expectations(exp), &actual, None);
        assert!(finite(&m), "case {i}: {m:?}");
        assert_eq!(
            (round(m.precision), round(m.recall), round(m.f1)),
            (p, r, f1),
            "case {i}: {m:?}"
        );
        assert_eq!(
            (m.matched, m.required, m.satisfied),
            (matched, required, satisfied),
            "case {i}"
        );
        assert_eq!(m.calls, actual.len(), "case {i}");
        assert_eq!(
            (m.unknown_tool_share, m.schema_invalid_share),
            (None, None),
            "case {i}"
        );
    }
}

#[test]
fn metrics_never_change_status_or_score() {
    let tools = [
        tool("a", json!({"type": "object", "required": ["q"]})),
        tool("x", json!(false)),
    ];
    let cases = [
        (
            json!({"toolCalls": ["a"], "forbiddenToolCalls": ["x"]}),
            calls(&["a", "x", "zz"]),
        ),
        (json!({"toolCalls": ["a", "b"]}), calls(&["a"])),
        (
            json!({"order": "strict", "toolCalls": ["a"]}),
            calls(&["a", "a"]),
        ),
        (json!({}), calls(&["nope"])),
    ];
    for (i, (exp, tool_calls)) in cases.into_iter().enumerate() {
        let suite =
            json!({"name": "t", "scenarios": [{"id": "s", "prompt": "p", "expectations": exp}]});
        let scenario = match parse_suite(&suite.to_string()) {
            Ok(mut s) => s.scenarios.remove(0),
            Err(e) => panic!("{e}"),
        };
        let traj = Trajectory {
            tool_calls,
            ..Trajectory::default()
        };
        for mode in [ScoringMode::Webmcp, ScoringMode::Standard] {
            for judge in [
                JudgeOutcome::NotRun,
                JudgeOutcome::Scored {
                    score: 0.7,
                    reasoning: String::new(),
                },
            ] {
                let without = score_run(&scenario, mode, &traj, judge.clone());
                let with = score_run_with(&scenario, mode, &traj, judge, Some(&tools));
                assert_eq!(
                    (with.status, with.combined, &with.tools, &with.judge),
                    (
                        without.status,
                        without.combined,
                        &without.tools,
                        &without.judge
                    ),
                    "case {i} {mode:?}"
                );
                assert_eq!(without.calls.unknown_tool_share, None);
                assert!(with.calls.unknown_tool_share.is_some());
            }
        }
    }
}

#[test]
fn use_defaults_needs_the_tools() {
    let exp = expectations(
        json!({"toolCalls": [{"name": "s", "args": {"q": "x", "limit": 10},
        "argsMatch": {"useDefaults": true}}]}),
    );
    let actual = [ToolCall::new("s", json!({"q": "x"}))];
    let tools = [tool("s", json!({"properties": {"limit": {"default": 10}}}))];
    assert_eq!(call_metrics(&exp, &actual, None).recall, 0.0);
    assert_eq!(call_metrics(&exp, &actual, Some(&tools)).recall, 1.0);
    let status =
        |tools: Option<&[ToolSpec]>| crate::score::score_tools_with(&exp, &actual, tools).passed;
    assert!(!status(None));
    assert!(status(Some(&tools)));
}

#[test]
fn many_calls_stay_fast() {
    // 20 000 calls in two classes: the grouped flow network has a handful of nodes.
    let exp = expectations(
        json!({"toolCalls": [{"name": "a", "max": 5000}, "b", {"name": "a", "min": 2}]}),
    );
    let actual: Vec<ToolCall> = (0..20_000)
        .map(|i| ToolCall::new(if i % 2 == 0 { "a" } else { "b" }, json!({})))
        .collect();
    let m = call_metrics(&exp, &actual, None);
    // `a`: 10 000 calls, at most 5000 + unbounded: all matched; `b`: all matched.
    assert_eq!((m.matched, m.required, m.satisfied), (20_000, 4, 4));
}

/// The best assignment by brute force: each call to one expected call it matches or to
/// none, within each expected call's max; the largest `satisfied`, then the largest
/// `matched`.
fn brute_force(expected: &[(usize, u32, Option<u32>)], actual: &[usize]) -> (usize, u64) {
    fn go(
        i: usize,
        expected: &[(usize, u32, Option<u32>)],
        actual: &[usize],
        load: &mut Vec<u32>,
        best: &mut (u64, usize),
    ) {
        if i == actual.len() {
            let satisfied: u64 = expected
                .iter()
                .zip(load.iter())
                .map(|((_, min, _), n)| u64::from((*n).min(*min)))
                .sum();
            let matched = load.iter().map(|n| *n as usize).sum();
            *best = (*best).max((satisfied, matched));
            return;
        }
        go(i + 1, expected, actual, load, best);
        for (j, (name, _, max)) in expected.iter().enumerate() {
            if *name == actual[i] && max.is_none_or(|m| load[j] < m) {
                load[j] += 1;
                go(i + 1, expected, actual, load, best);
                load[j] -= 1;
            }
        }
    }
    let mut best = (0, 0);
    go(0, expected, actual, &mut vec![0; expected.len()], &mut best);
    (best.1, best.0)
}

proptest! {
    /// The flow matching finds the brute-force optimum, its numbers are finite and within
    /// 0..=1, and the order of the calls does not matter.
    #[test]
    fn matching_is_optimal_and_order_free(
        expected in prop::collection::vec((0usize..3, 0u32..3, prop::option::of(0u32..3)), 0..4),
        actual in prop::collection::vec(0usize..4, 0..7),
        strict in any::<bool>(),
    ) {
        let names = ["a", "b", "c", "d"];
        let order = if strict { OrderMode::Strict } else { OrderMode::Superset };
        let exp = Expectations {
            tool_calls: expected
                .iter()
                .map(|(n, min, max)| ExpectedCall {
                    min: Some(*min),
                    max: max.map(|m| m.max(*min)),
                    ..ExpectedCall::named(names[*n])
                })
                .collect(),
            order,
            ..Expectations::default()
        };
        // As the scorer reads them: strict mode's default max is 1, and a max below min is
        // raised to min.
        let bounds: Vec<(usize, u32, Option<u32>)> = expected
            .iter()
            .map(|(n, min, max)| {
                let max = match (max, strict) {
                    (Some(m), _) => Some((*m).max(*min)),
                    (None, true) => Some(1.max(*min)),
                    (None, false) => None,
                };
                (*n, *min, max)
            })
            .collect();
        let calls: Vec<ToolCall> = actual.iter().map(|n| ToolCall::new(names[*n], json!({}))).collect();
        let m = call_metrics(&exp, &calls, None);
        prop_assert!(finite(&m), "{:?}", m);
        prop_assert_eq!((m.matched, m.satisfied), brute_force(&bounds, &actual));
        prop_assert!(m.matched <= m.calls && m.satisfied <= m.required);
        let mut reversed = calls.clone();
        reversed.reverse();
        let r = call_metrics(&exp, &reversed, None);
        prop_assert_eq!((r.matched, r.satisfied), (m.matched, m.satisfied));
    }
}
