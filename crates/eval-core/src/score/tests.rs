//! Tables pinning the WebMCP formula and the standard mode where they differ.

use serde_json::{Value, json};

use super::*;
use crate::suite::{Scenario, parse_suite};

fn scenario(expectations: Value) -> Scenario {
    let suite = json!({"name": "t", "scenarios": [{"id": "s", "prompt": "p", "expectations": expectations}]});
    match parse_suite(&suite.to_string()) {
        Ok(mut s) => s.scenarios.remove(0),
        Err(e) => panic!("test suite is invalid: {e}"),
    }
}

fn calls(names: &[&str]) -> Vec<ToolCall> {
    names.iter().map(|n| ToolCall::new(n, json!({}))).collect()
}

fn judged(score: Option<f64>) -> JudgeOutcome {
    score.map_or(JudgeOutcome::NotRun, |s| JudgeOutcome::Scored {
        score: s,
        reasoning: String::new(),
    })
}

/// (expected, forbidden, actual, judge, tool score, combined, status)
type WebmcpCase = (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    Option<f64>,
    f64,
    f64,
    Status,
);

/// Every expected value was cross-checked with the pull request's expressions in node
/// (`Math.round(x * 1000) / 1000`).
const WEBMCP_CASES: &[WebmcpCase] = &[
    (&["a"], &[], &["a"], None, 1.0, 1.0, Status::Pass),
    // Half the expected tools is a pass.
    (&["a", "b"], &[], &["a"], None, 0.5, 0.5, Status::Pass),
    (
        &["a", "b", "c"],
        &[],
        &["a"],
        None,
        0.333,
        0.333,
        Status::Fail,
    ),
    (
        &["a", "b", "c"],
        &[],
        &["a", "c"],
        None,
        0.667,
        0.667,
        Status::Pass,
    ),
    // No expectations is vacuously 1, even with no calls at all.
    (&[], &[], &[], None, 1.0, 1.0, Status::Pass),
    // ... so a forbidden call alone still passes at exactly 0.5.
    (&[], &["x"], &["x"], None, 0.5, 0.5, Status::Pass),
    (&["a"], &["x"], &["a", "x"], None, 0.5, 0.5, Status::Pass),
    (
        &["a", "b"],
        &["x"],
        &["a", "x"],
        None,
        0.0,
        0.0,
        Status::Fail,
    ),
    // Floored at 0, not negative.
    (&["a"], &["x"], &["x"], None, 0.0, 0.0, Status::Fail),
    // The penalty is flat: two forbidden calls cost 0.5, like one.
    (
        &["a"],
        &["x", "y"],
        &["a", "x", "y"],
        None,
        0.5,
        0.5,
        Status::Pass,
    ),
    // Duplicate expected names each count against the set of actual names.
    (&["a", "a"], &[], &["a"], None, 1.0, 1.0, Status::Pass),
    (
        &["a", "b", "b"],
        &[],
        &["b"],
        None,
        0.667,
        0.667,
        Status::Pass,
    ),
    // Repeated calls do not help; extra calls are free.
    (
        &["a", "b"],
        &[],
        &["a", "a", "a", "z"],
        None,
        0.5,
        0.5,
        Status::Pass,
    ),
    // 0.4 tool + 0.6 judge.
    (&["a"], &[], &["a"], Some(0.5), 1.0, 0.7, Status::Pass),
    (&["a"], &[], &["a"], Some(0.25), 1.0, 0.55, Status::Pass),
    (&["a", "b"], &[], &["a"], Some(0.5), 0.5, 0.5, Status::Pass),
    // A forbidden call can still pass with a happy judge.
    (
        &["a"],
        &["x"],
        &["a", "x"],
        Some(1.0),
        0.5,
        0.8,
        Status::Pass,
    ),
    (&["a"], &["x"], &["x"], Some(0.8), 0.0, 0.48, Status::Fail),
    (
        &["a", "b", "c"],
        &[],
        &["a", "b"],
        Some(0.3),
        0.667,
        0.447,
        Status::Fail,
    ),
    (
        &["a", "b", "c"],
        &[],
        &["a"],
        Some(0.6),
        0.333,
        0.493,
        Status::Fail,
    ),
    // Rounding to 3 decimals happens before the threshold: 0.4998 becomes 0.5, a pass.
    (
        &["a", "b", "c"],
        &[],
        &["a"],
        Some(0.611),
        0.333,
        0.5,
        Status::Pass,
    ),
];

#[test]
fn webmcp_formula_table() {
    for (i, (expected, forbidden, actual, judge, tool, combined, status)) in
        WEBMCP_CASES.iter().enumerate()
    {
        let sc = scenario(json!({"toolCalls": expected, "forbiddenToolCalls": forbidden}));
        let traj = Trajectory {
            stats: None,
            tool_calls: calls(actual),
            final_text: String::new(),
        };
        let got = score_run(&sc, ScoringMode::Webmcp, &traj, judged(*judge));
        assert_eq!(got.tools.score, *tool, "case {i}: tool score");
        assert_eq!(got.combined, Some(*combined), "case {i}: combined");
        assert_eq!(got.status, *status, "case {i}: status");
    }
}

#[test]
fn js_round3_matches_math_round() {
    // Values from node: Math.round(x * 1000) / 1000.
    assert_eq!(js_round3(999.0 / 2000.0), 0.5);
    assert_eq!(js_round3(0.4995), 0.5);
    assert_eq!(js_round3(0.0005), 0.001);
    assert_eq!(js_round3(2.0 / 3.0), 0.667);
    assert_eq!(js_round3(0.12345), 0.123);
}

#[test]
fn webmcp_reports_called_missed_forbidden_and_unexpected() {
    let got = score_tools_webmcp(
        &calls(&["a", "z", "x"]),
        &["a".to_owned(), "b".to_owned()],
        &["x".to_owned(), "y".to_owned()],
    );
    assert_eq!(got.expected_called, ["a"]);
    assert_eq!(got.expected_missed, ["b"]);
    assert_eq!(got.forbidden_called, ["x"]);
    assert_eq!(got.unexpected_calls, ["z", "x"]);
}

#[test]
fn webmcp_ignores_arguments_order_and_counts() {
    let sc = scenario(json!({"order": "strict", "toolCalls": [
        {"name": "b", "args": {"q": "x"}, "argsMode": "exact", "count": 1}, "a"]}));
    let traj = Trajectory {
        stats: None,
        tool_calls: vec![
            ToolCall::new("a", json!({})),
            ToolCall::new("b", json!({"q": "y"})),
            ToolCall::new("b", json!({})),
        ],
        final_text: String::new(),
    };
    assert_eq!(
        score_run(&sc, ScoringMode::Webmcp, &traj, JudgeOutcome::NotRun).status,
        Status::Pass
    );
    assert_eq!(
        score_run(&sc, ScoringMode::Standard, &traj, JudgeOutcome::NotRun).status,
        Status::Fail
    );
}

#[test]
fn failed_or_nonsense_judge_is_unscored_in_both_modes() {
    let sc = scenario(json!({"toolCalls": ["a"], "postConditions": "done"}));
    let traj = Trajectory {
        stats: None,
        tool_calls: calls(&["a"]),
        final_text: String::new(),
    };
    for mode in [ScoringMode::Webmcp, ScoringMode::Standard] {
        for judge in [
            JudgeOutcome::Failed {
                reason: "timeout".to_owned(),
            },
            JudgeOutcome::Scored {
                score: 7.0,
                reasoning: String::new(),
            },
            JudgeOutcome::Scored {
                score: f64::NAN,
                reasoning: String::new(),
            },
        ] {
            let got = score_run(&sc, mode, &traj, judge);
            assert_eq!(got.status, Status::Unscored, "{mode:?}");
            assert_eq!(got.combined, None, "{mode:?}");
        }
    }
}

/// (expectations, calls, judge, webmcp status, standard status)
type DifferingCase = (Value, Vec<ToolCall>, Option<f64>, Status, Status);

fn differing_cases() -> Vec<DifferingCase> {
    let c = |name: &str, args: Value| ToolCall::new(name, args);
    vec![
        // A forbidden call: WebMCP 0.5 passes, standard fails.
        (
            json!({"toolCalls": ["a"], "forbiddenToolCalls": ["x"]}),
            vec![c("a", json!({})), c("x", json!({}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // ... even with a perfect judge (WebMCP 0.8).
        (
            json!({"toolCalls": ["a"], "forbiddenToolCalls": ["x"]}),
            vec![c("a", json!({})), c("x", json!({}))],
            Some(1.0),
            Status::Pass,
            Status::Fail,
        ),
        // Half the expected calls.
        (
            json!({"toolCalls": ["a", "b"]}),
            vec![c("a", json!({}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // Wrong arguments (subset matcher by default).
        (
            json!({"toolCalls": [{"name": "a", "args": {"q": "red"}}]}),
            vec![c("a", json!({"q": "blue", "n": 1}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // Regex matcher.
        (
            json!({"toolCalls": [{"name": "a", "args": {"q": "^red"}, "argsMode": "regex"}]}),
            vec![c("a", json!({"q": "blue red"}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // Exact matcher rejects an extra argument.
        (
            json!({"toolCalls": [{"name": "a", "args": {"q": "red"}, "argsMode": "exact"}]}),
            vec![c("a", json!({"q": "red", "n": 1}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // Strict order.
        (
            json!({"order": "strict", "toolCalls": ["a", "b"]}),
            vec![c("b", json!({})), c("a", json!({}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // Strict forbids extras and, by default, repeats.
        (
            json!({"order": "strict", "toolCalls": ["a", "b"]}),
            vec![c("a", json!({})), c("a", json!({})), c("b", json!({}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // Unordered forbids extra calls.
        (
            json!({"order": "unordered", "toolCalls": ["a", "b"]}),
            vec![c("b", json!({})), c("a", json!({})), c("z", json!({}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // Counts.
        (
            json!({"toolCalls": [{"name": "a", "max": 2}]}),
            vec![c("a", json!({})), c("a", json!({})), c("a", json!({}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        (
            json!({"toolCalls": [{"name": "a", "min": 2}]}),
            vec![c("a", json!({}))],
            None,
            Status::Pass,
            Status::Fail,
        ),
        // A judge score of 0.5 with perfect tools: WebMCP 0.7 passes, standard 0.7 < 0.8 fails.
        (
            json!({"toolCalls": ["a"], "postConditions": "x"}),
            vec![c("a", json!({}))],
            Some(0.5),
            Status::Pass,
            Status::Fail,
        ),
        // Subset mode: missing expected calls are fine, extras are not; WebMCP sees a miss.
        (
            json!({"order": "subset", "toolCalls": ["a", "b"]}),
            vec![c("a", json!({}))],
            None,
            Status::Pass,
            Status::Pass,
        ),
        (
            json!({"order": "subset", "toolCalls": ["a", "b", "c"]}),
            vec![c("a", json!({}))],
            None,
            Status::Fail,
            Status::Pass,
        ),
        // A permissive first step must not eat the call a later step needs.
        (
            json!({"order": "strict", "toolCalls": [{"name": "t", "max": 3}, {"name": "t", "args": {"q": "go"}}]}),
            vec![c("t", json!({})), c("t", json!({"q": "go"}))],
            None,
            Status::Pass,
            Status::Pass,
        ),
        // Superset (the default) allows extras, and nested subset arguments match.
        (
            json!({"toolCalls": [{"name": "a", "args": {"o": {"k": [1, 2]}}}]}),
            vec![
                c("z", json!({})),
                c("a", json!({"o": {"k": [1, 2], "extra": true}, "n": 1})),
            ],
            None,
            Status::Pass,
            Status::Pass,
        ),
    ]
}

#[test]
fn standard_mode_where_it_differs_from_webmcp() {
    for (i, (exp, tool_calls, judge, webmcp, standard)) in differing_cases().into_iter().enumerate()
    {
        let sc = scenario(exp);
        let traj = Trajectory {
            stats: None,
            tool_calls,
            final_text: String::new(),
        };
        let w = score_run(&sc, ScoringMode::Webmcp, &traj, judged(judge));
        let s = score_run(&sc, ScoringMode::Standard, &traj, judged(judge));
        assert_eq!(w.status, webmcp, "case {i}: webmcp {w:?}");
        assert_eq!(s.status, standard, "case {i}: standard {s:?}");
        if standard == Status::Fail && judge.is_none() {
            assert!(!s.tools.problems.is_empty(), "case {i}: a failure says why");
        }
    }
}

#[test]
fn standard_weights_and_threshold_are_configurable() {
    let mut sc = scenario(json!({"toolCalls": ["a"], "postConditions": "x"}));
    let traj = Trajectory {
        stats: None,
        tool_calls: calls(&["a"]),
        final_text: String::new(),
    };
    sc.weights = crate::suite::Weights {
        tools: 0.0,
        judge: 1.0,
    };
    sc.pass_threshold = Some(0.5);
    let got = score_run(&sc, ScoringMode::Standard, &traj, judged(Some(0.5)));
    assert_eq!(got.combined, Some(0.5));
    assert_eq!(got.status, Status::Pass);
    let got = score_run(&sc, ScoringMode::Standard, &traj, judged(Some(0.4)));
    assert_eq!(got.status, Status::Fail);
}

#[test]
fn regex_matcher_reads_json_pointers_and_non_strings() {
    let sc = scenario(json!({"toolCalls": [{"name": "a", "argsMode": "regex",
        "args": {"/filter/size": "^4[0-4]$", "text": "(?i)shoes"}}]}));
    let ok = Trajectory {
        stats: None,
        tool_calls: vec![ToolCall::new(
            "a",
            json!({"filter": {"size": 42}, "text": "Red SHOES"}),
        )],
        final_text: String::new(),
    };
    let bad = Trajectory {
        stats: None,
        tool_calls: vec![ToolCall::new(
            "a",
            json!({"filter": {"size": 46}, "text": "Red SHOES"}),
        )],
        final_text: String::new(),
    };
    assert_eq!(
        score_run(&sc, ScoringMode::Standard, &ok, JudgeOutcome::NotRun).status,
        Status::Pass
    );
    assert_eq!(
        score_run(&sc, ScoringMode::Standard, &bad, JudgeOutcome::NotRun).status,
        Status::Fail
    );
}

#[test]
fn pass_at_k_matches_the_closed_form() {
    fn choose(n: u64, k: u64) -> f64 {
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    }
    for n in 1..=12u64 {
        for c in 0..=n {
            for k in 1..=n {
                let at = pass_at_k(n, c, k).unwrap_or(f64::NAN);
                let hat = pass_hat_k(n, c, k).unwrap_or(f64::NAN);
                let want_at = 1.0 - if n - c >= k { choose(n - c, k) } else { 0.0 } / choose(n, k);
                let want_hat = if c >= k { choose(c, k) } else { 0.0 } / choose(n, k);
                assert!(
                    (at - want_at).abs() < 1e-12,
                    "pass@{k} n={n} c={c}: {at} vs {want_at}"
                );
                assert!(
                    (hat - want_hat).abs() < 1e-12,
                    "pass^{k} n={n} c={c}: {hat} vs {want_hat}"
                );
            }
        }
    }
    assert_eq!(pass_at_k(10, 3, 1), Some(0.3));
    assert_eq!(pass_hat_k(4, 2, 2), Some(1.0 / 6.0));
}

#[test]
fn pass_at_k_is_finite_for_large_n_and_rejects_bad_input() {
    let at = pass_at_k(100_000, 50_000, 5_000).unwrap_or(f64::NAN);
    let hat = pass_hat_k(100_000, 50_000, 5_000).unwrap_or(f64::NAN);
    assert!(at.is_finite() && (0.0..=1.0).contains(&at));
    assert!(hat.is_finite() && (0.0..=1.0).contains(&hat));
    assert_eq!(pass_at_k(3, 1, 0), None);
    assert_eq!(pass_at_k(3, 1, 4), None);
    assert_eq!(pass_hat_k(3, 4, 1), None);
}
