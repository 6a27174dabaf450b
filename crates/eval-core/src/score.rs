//! Scoring as pure functions: the WebMCP formula, the stricter standard mode, pass@k and pass^k.
//!
//! # The WebMCP formula, with its quirks
//!
//! [`score_tools_webmcp`] and [`combine_webmcp`] follow `src/lib/eval/scoring.ts` of the
//! WebMCP eval-mode pull request line by line:
//!
//! - tool score = (expected names that appear among the actual calls) / (expected names);
//!   duplicate expected names each count, so `["a", "a"]` with one call to `a` scores 1;
//! - any forbidden call subtracts a flat 0.5, however many forbidden calls there were,
//!   floored at 0;
//! - no expected calls scores 1 (vacuously), so a forbidden call alone gives 0.5: a pass;
//! - arguments, order, counts and extra calls are ignored;
//! - scores are rounded to 3 decimals with JavaScript's `Math.round` (halves up) before the
//!   threshold, so 0.4995 passes;
//! - combined = 0.4 tool + 0.6 judge when the judge ran, else the tool score; pass at ≥ 0.5.
//!
//! The one deliberate change: the pull request scores a failed judge as 0, this crate leaves
//! the run [`Status::Unscored`].

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::suite::{ArgsMatcher, Expectations, ExpectedCall, OrderMode, Scenario, ScoringMode};
pub use crate::trajectory::{CallResult, RunStats, StopReason, ToolCall, ToolSpec, Trajectory};

/// The outcome of a run or a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Status {
    /// Scored and at or above the threshold.
    Pass,
    /// Scored and below the threshold, or a gate failed.
    Fail,
    /// The judge failed or answered nonsense, so there is no score (never counted as 0).
    Unscored,
    /// The agent did not finish within the time limit.
    TimedOut,
    /// The agent failed or panicked.
    Error,
    /// Not run (the run was cancelled first).
    Skipped,
}

impl Status {
    /// The lowercase name used in every report.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Unscored => "unscored",
            Status::TimedOut => "timed_out",
            Status::Error => "error",
            Status::Skipped => "skipped",
        }
    }

    /// Whether the status should fail a CI job: fail, error or timed out.
    pub fn is_failure(self) -> bool {
        matches!(self, Status::Fail | Status::Error | Status::TimedOut)
    }
}

/// What the judge made of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum JudgeOutcome {
    /// No judge ran (no post-conditions, or no judge configured).
    NotRun,
    /// A score from 0 to 1 with the judge's reasoning.
    Scored {
        /// The score, 0 to 1.
        score: f64,
        /// Why.
        reasoning: String,
    },
    /// The judge failed or answered nonsense.
    Failed {
        /// What went wrong.
        reason: String,
    },
}

/// The tool-call part of a score.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolScore {
    /// Fraction of expected calls satisfied, 0 to 1; standard mode: 0 after a forbidden call,
    /// WebMCP: 0.5 less after one, floored at 0.
    pub score: f64,
    /// Whether every tool-call check held (standard mode: counts, arguments, order, no
    /// forbidden call; WebMCP mode: `score >= 0.5`, for information only).
    pub passed: bool,
    /// Expected tool names that were satisfied.
    pub expected_called: Vec<String>,
    /// Expected tool names that were not.
    pub expected_missed: Vec<String>,
    /// Forbidden tool names that were called.
    pub forbidden_called: Vec<String>,
    /// Names of calls that matched no expected call.
    pub unexpected_calls: Vec<String>,
    /// Why the checks failed, one sentence each.
    pub problems: Vec<String>,
}

/// The full score of one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunScore {
    /// Pass, fail or unscored.
    pub status: Status,
    /// The tool-call part.
    pub tools: ToolScore,
    /// The judge part.
    pub judge: JudgeOutcome,
    /// The combined score, `None` when unscored.
    pub combined: Option<f64>,
    /// The threshold the combined score was compared with.
    pub threshold: f64,
}

/// Rounds to 3 decimals the way `Math.round(x * 1000) / 1000` does in JavaScript
/// (halves round up, towards +∞).
pub fn js_round3(x: f64) -> f64 {
    let scaled = x * 1000.0;
    let floor = scaled.floor();
    let rounded = if scaled - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    };
    rounded / 1000.0
}

/// The WebMCP pull request's tool score (see the module docs for its quirks).
pub fn score_tools_webmcp(
    actual: &[ToolCall],
    expected: &[String],
    forbidden: &[String],
) -> ToolScore {
    let called = |name: &str| actual.iter().any(|c| c.name == name);
    let mut out = ToolScore::default();
    for name in expected {
        if called(name) {
            out.expected_called.push(name.clone());
        } else {
            out.expected_missed.push(name.clone());
        }
    }
    out.forbidden_called = forbidden.iter().filter(|f| called(f)).cloned().collect();
    out.unexpected_calls = actual
        .iter()
        .filter(|c| !expected.contains(&c.name))
        .map(|c| c.name.clone())
        .collect();
    let mut score = if expected.is_empty() {
        1.0
    } else {
        out.expected_called.len() as f64 / expected.len() as f64
    };
    if !out.forbidden_called.is_empty() {
        score = (score - 0.5).max(0.0);
    }
    out.score = js_round3(score);
    out.passed = out.score >= 0.5;
    for name in &out.expected_missed {
        out.problems
            .push(format!("expected tool {name} was not called"));
    }
    for name in &out.forbidden_called {
        out.problems
            .push(format!("forbidden tool {name} was called"));
    }
    out
}

/// The WebMCP pull request's combined score: `0.4 · tool + 0.6 · judge` when there is a judge
/// score, else the tool score, rounded to 3 decimals.
pub fn combine_webmcp(tool: f64, judge: Option<f64>) -> f64 {
    match judge {
        Some(j) => js_round3(0.4 * tool + 0.6 * j),
        None => tool,
    }
}

/// Whether `actual` arguments satisfy `matcher`.
pub fn args_match(matcher: &ArgsMatcher, actual: &Value) -> bool {
    match matcher {
        ArgsMatcher::Any => true,
        ArgsMatcher::Exact(expected) => expected == actual,
        ArgsMatcher::Subset(expected) => is_subset(expected, actual, 0),
        ArgsMatcher::Regex(patterns) => patterns.iter().all(|(key, pattern)| {
            let value = if key.starts_with('/') {
                actual.pointer(key)
            } else {
                actual.get(key)
            };
            match value {
                Some(Value::String(s)) => pattern.is_match(s),
                Some(other) => pattern.is_match(&other.to_string()),
                None => false,
            }
        }),
    }
}

/// Nesting deeper than this is treated as a mismatch instead of recursing further.
const MAX_DEPTH: usize = 128;

fn is_subset(expected: &Value, actual: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e
            .iter()
            .all(|(k, ev)| a.get(k).is_some_and(|av| is_subset(ev, av, depth + 1))),
        _ => expected == actual,
    }
}

fn bounds(call: &ExpectedCall, order: OrderMode) -> (u32, Option<u32>) {
    let min = call
        .min
        .unwrap_or(if order == OrderMode::Subset { 0 } else { 1 });
    let max = call.max.or(if order == OrderMode::Strict {
        Some(1)
    } else {
        None
    });
    (min, max)
}

fn matches(call: &ExpectedCall, actual: &ToolCall) -> bool {
    call.name == actual.name && args_match(&call.args, &actual.arguments)
}

fn times(n: usize) -> String {
    if n == 1 {
        "1 time".to_owned()
    } else {
        format!("{n} times")
    }
}

/// The standard mode's tool score: counts, arguments, order and forbidden calls all count.
pub fn score_tools(expectations: &Expectations, actual: &[ToolCall]) -> ToolScore {
    let order = expectations.order;
    let expected = &expectations.tool_calls;
    let mut out = ToolScore::default();
    let mut satisfied = 0usize;
    for call in expected {
        let (min, max) = bounds(call, order);
        let n = actual.iter().filter(|a| matches(call, a)).count();
        let ok = n >= min as usize && max.is_none_or(|m| n <= m as usize);
        if ok {
            satisfied += 1;
            out.expected_called.push(call.name.clone());
        } else {
            out.expected_missed.push(call.name.clone());
            let range = match max {
                Some(m) if m == min => format!("exactly {}", times(m as usize)),
                Some(m) => format!("{min} to {m} times"),
                None => format!("at least {}", times(min as usize)),
            };
            let what = if matches!(call.args, ArgsMatcher::Any) {
                ""
            } else {
                " with matching arguments"
            };
            out.problems.push(format!(
                "expected {}{what} {range}, called {}",
                call.name,
                times(n)
            ));
        }
    }
    out.unexpected_calls = actual
        .iter()
        .filter(|a| !expected.iter().any(|e| matches(e, a)))
        .map(|a| a.name.clone())
        .collect();
    if matches!(
        order,
        OrderMode::Strict | OrderMode::Unordered | OrderMode::Subset
    ) {
        for name in &out.unexpected_calls {
            out.problems.push(format!(
                "call of {name} matches no expected call (order mode forbids extra calls)"
            ));
        }
    }
    if order == OrderMode::Strict && out.problems.is_empty() && !strict_sequence(expected, actual) {
        out.problems
            .push("the calls are not in the expected order".to_owned());
    }
    out.forbidden_called = expectations
        .forbidden_tool_calls
        .iter()
        .filter(|f| actual.iter().any(|a| &a.name == *f))
        .cloned()
        .collect();
    for name in &out.forbidden_called {
        out.problems
            .push(format!("forbidden tool {name} was called"));
    }
    // A forbidden call is a gate, not a penalty: the score drops to 0 so that no judge score
    // can lift the weighted total over the threshold (WebMCP's 0.4 · 0.5 + 0.6 · 1 = 0.8 pass).
    out.score = if !out.forbidden_called.is_empty() {
        0.0
    } else if expected.is_empty() {
        1.0
    } else {
        satisfied as f64 / expected.len() as f64
    };
    out.passed = out.problems.is_empty();
    out
}

/// Whether `actual` splits into consecutive runs, one per expected call in order, each of a
/// length within the call's bounds and matching it. A dynamic program over (call, position),
/// so an early permissive call cannot greedily eat what a later one needs.
fn strict_sequence(expected: &[ExpectedCall], actual: &[ToolCall]) -> bool {
    let n = actual.len();
    let mut reach = vec![false; n + 1];
    reach[0] = true;
    for call in expected {
        let (min, max) = bounds(call, OrderMode::Strict);
        let mut next = vec![false; n + 1];
        for start in 0..=n {
            if !reach[start] {
                continue;
            }
            let mut len = 0usize;
            loop {
                if len >= min as usize {
                    next[start + len] = true;
                }
                if max.is_some_and(|m| len >= m as usize)
                    || start + len >= n
                    || !matches(call, &actual[start + len])
                {
                    break;
                }
                len += 1;
            }
        }
        reach = next;
    }
    reach[n]
}

/// Scores one run of `scenario` under `mode`, given the agent's trajectory and the judge's
/// outcome. A judge score outside 0..=1 (or NaN) counts as a failed judge.
pub fn score_run(
    scenario: &Scenario,
    mode: ScoringMode,
    trajectory: &Trajectory,
    judge: JudgeOutcome,
) -> RunScore {
    let judge = match judge {
        JudgeOutcome::Scored { score, .. } if !(0.0..=1.0).contains(&score) => {
            JudgeOutcome::Failed {
                reason: format!("the judge returned {score}, outside 0 to 1"),
            }
        }
        other => other,
    };
    let threshold = scenario.threshold(mode);
    let exp = &scenario.expectations;
    match mode {
        ScoringMode::Webmcp => {
            let names: Vec<String> = exp.tool_calls.iter().map(|c| c.name.clone()).collect();
            let tools =
                score_tools_webmcp(&trajectory.tool_calls, &names, &exp.forbidden_tool_calls);
            let combined = match &judge {
                JudgeOutcome::Failed { .. } => None,
                JudgeOutcome::Scored { score, .. } => {
                    Some(combine_webmcp(tools.score, Some(*score)))
                }
                JudgeOutcome::NotRun => Some(combine_webmcp(tools.score, None)),
            };
            let status = status_of(combined, threshold);
            RunScore {
                status,
                tools,
                judge,
                combined,
                threshold,
            }
        }
        ScoringMode::Standard => {
            let tools = score_tools(exp, &trajectory.tool_calls);
            let w = scenario.weights;
            let combined = match &judge {
                JudgeOutcome::Failed { .. } => None,
                JudgeOutcome::Scored { score, .. } if w.tools + w.judge > 0.0 => {
                    Some((w.tools * tools.score + w.judge * score) / (w.tools + w.judge))
                }
                _ => Some(tools.score),
            };
            let status = if tools.passed {
                status_of(combined, threshold)
            } else {
                Status::Fail
            };
            RunScore {
                status,
                tools,
                judge,
                combined,
                threshold,
            }
        }
    }
}

/// Pass or fail by the combined score; no score (a failed judge and nothing else) is unscored.
fn status_of(combined: Option<f64>, threshold: f64) -> Status {
    match combined {
        None => Status::Unscored,
        Some(c) if c >= threshold => Status::Pass,
        Some(_) => Status::Fail,
    }
}

/// The unbiased pass@k estimator: the chance that at least one of `k` runs drawn without
/// replacement from `n` runs with `c` passes passes, `1 − C(n−c, k) / C(n, k)`.
///
/// Computed as a product of ratios in `f64`, so it never overflows. `None` when `k` is 0,
/// `k > n` or `c > n`.
pub fn pass_at_k(n: u64, c: u64, k: u64) -> Option<f64> {
    if k == 0 || k > n || c > n {
        return None;
    }
    if n - c < k {
        return Some(1.0);
    }
    if k == 1 {
        // Exact, rather than 1 − (n − c)/n with its rounding error.
        return Some(c as f64 / n as f64);
    }
    let mut all_fail = 1.0;
    for i in 0..k {
        all_fail *= (n - c - i) as f64 / (n - i) as f64;
    }
    Some(1.0 - all_fail)
}

/// The unbiased pass^k estimator: the chance that all of `k` runs drawn without replacement
/// pass, `C(c, k) / C(n, k)`. `None` when `k` is 0, `k > n` or `c > n`.
pub fn pass_hat_k(n: u64, c: u64, k: u64) -> Option<f64> {
    if k == 0 || k > n || c > n {
        return None;
    }
    if c < k {
        return Some(0.0);
    }
    let mut all_pass = 1.0;
    for i in 0..k {
        all_pass *= (c - i) as f64 / (n - i) as f64;
    }
    Some(all_pass)
}
