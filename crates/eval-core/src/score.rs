//! Scoring as pure functions: the WebMCP formula, the stricter standard mode, pass@k and pass^k,
//! and the informative call metrics.
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
//!
//! # Call metrics
//!
//! Every [`RunScore`] also carries [`CallMetrics`]: precision, recall and F1 of the calls,
//! and, when the tools are known ([`score_run_with`]), the share of calls to unknown tools
//! and of calls whose arguments fail the tool's `inputSchema`. They are informative: pass
//! and fail never depend on them, in either mode.

mod args;
mod metrics;
mod schema;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use self::metrics::{BadSchema, CallMetrics, MAX_LISTED, SchemaViolation};
use crate::suite::{
    ArgsMatcher, ArgsOptions, Expectations, ExpectedCall, OrderMode, Scenario, ScoringMode,
};
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
    /// Precision, recall and F1 of the calls, unknown tools and schema violations
    /// (informative, see [`CallMetrics`]).
    pub calls: CallMetrics,
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

/// Whether `actual` arguments satisfy `matcher` with the default [`ArgsOptions`] (numbers
/// compare by value, nothing else is relaxed).
///
/// ```
/// use mcp_eval_core::score::args_match;
/// use mcp_eval_core::suite::ArgsMatcher;
/// use serde_json::json;
///
/// let matcher = ArgsMatcher::Subset(json!({"limit": 10}));
/// assert!(args_match(&matcher, &json!({"limit": 10.0, "q": "shoes"})));
/// assert!(!args_match(&matcher, &json!({"limit": "10"})));
/// ```
pub fn args_match(matcher: &ArgsMatcher, actual: &Value) -> bool {
    args::matches(matcher, &ArgsOptions::default(), None, actual)
}

/// Whether `actual` arguments satisfy `matcher` under `options`; `schema` is the tool's
/// `inputSchema`, read only for [`ArgsOptions::use_defaults`] (without it, defaults are not
/// applied). Nesting deeper than 128 levels never matches.
///
/// ```
/// use mcp_eval_core::score::args_match_with;
/// use mcp_eval_core::suite::{ArgsMatcher, ArgsOptions};
/// use serde_json::json;
///
/// let options = ArgsOptions {
///     normalize_strings: true,
///     ignore_keys: vec!["timeout".to_owned()],
///     use_defaults: true,
///     ..ArgsOptions::default()
/// };
/// let schema = json!({"type": "object", "properties": {"limit": {"type": "integer", "default": 10}}});
/// let matcher = ArgsMatcher::Exact(json!({"q": "Red shoes", "limit": 10}));
/// assert!(args_match_with(&matcher, &options, Some(&schema), &json!({"q": "red shoes.", "timeout": 5})));
/// ```
pub fn args_match_with(
    matcher: &ArgsMatcher,
    options: &ArgsOptions,
    schema: Option<&Value>,
    actual: &Value,
) -> bool {
    args::matches(matcher, options, schema, actual)
}

/// The tools by name (the first of duplicate names wins), or nothing when they are unknown.
struct Tools<'a> {
    known: Option<BTreeMap<&'a str, &'a ToolSpec>>,
}

impl<'a> Tools<'a> {
    fn new(tools: Option<&'a [ToolSpec]>) -> Tools<'a> {
        let known = tools.map(|list| {
            let mut by_name = BTreeMap::new();
            for t in list {
                by_name.entry(t.name.as_str()).or_insert(t);
            }
            by_name
        });
        Tools { known }
    }

    fn get(&self, name: &str) -> Option<&'a ToolSpec> {
        self.known.as_ref()?.get(name).copied()
    }

    /// The tool's `inputSchema`, unless it is unknown or `null`.
    fn schema(&self, name: &str) -> Option<&'a Value> {
        self.get(name)
            .map(|t| &t.input_schema)
            .filter(|s| !s.is_null())
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

fn matches(call: &ExpectedCall, actual: &ToolCall, tools: &Tools<'_>) -> bool {
    call.name == actual.name
        && args::matches(
            &call.args,
            &call.options,
            tools.schema(&call.name),
            &actual.arguments,
        )
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
    score_tools_with(expectations, actual, None)
}

/// [`score_tools`] with the tools the agent was offered, for
/// [`ArgsOptions::use_defaults`].
pub fn score_tools_with(
    expectations: &Expectations,
    actual: &[ToolCall],
    tools: Option<&[ToolSpec]>,
) -> ToolScore {
    tool_score(expectations, actual, &Tools::new(tools))
}

/// The precision, recall and F1 of `actual` against `expectations`, and with `tools` the
/// shares of calls to unknown tools and of schema-invalid calls (see [`CallMetrics`]).
///
/// ```
/// use mcp_eval_core::score::call_metrics;
/// use mcp_eval_core::{ToolCall, ToolSpec, parse_suite};
/// use serde_json::json;
///
/// let suite = parse_suite(r#"{"name": "s", "scenarios": [{"id": "a", "prompt": "p",
///     "expectations": {"toolCalls": ["search", "open"]}}]}"#)?;
/// let calls = [ToolCall::new("search", json!({"q": 1})), ToolCall::new("buy", json!({}))];
/// let tools = [ToolSpec {
///     name: "search".to_owned(),
///     description: None,
///     input_schema: json!({"type": "object", "properties": {"q": {"type": "string"}}}),
/// }];
/// let m = call_metrics(&suite.scenarios[0].expectations, &calls, Some(&tools));
/// assert_eq!((m.precision, m.recall), (0.5, 0.5));
/// assert_eq!(m.unknown_tool_share, Some(0.5));
/// assert_eq!(m.schema_invalid_share, Some(1.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn call_metrics(
    expectations: &Expectations,
    actual: &[ToolCall],
    tools: Option<&[ToolSpec]>,
) -> CallMetrics {
    metrics::compute(expectations, actual, &Tools::new(tools))
}

fn tool_score(expectations: &Expectations, actual: &[ToolCall], tools: &Tools<'_>) -> ToolScore {
    let order = expectations.order;
    let expected = &expectations.tool_calls;
    let mut out = ToolScore::default();
    let mut satisfied = 0usize;
    for call in expected {
        let (min, max) = bounds(call, order);
        let n = actual.iter().filter(|a| matches(call, a, tools)).count();
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
        .filter(|a| !expected.iter().any(|e| matches(e, a, tools)))
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
    if order == OrderMode::Strict
        && out.problems.is_empty()
        && !strict_sequence(expected, actual, tools)
    {
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
fn strict_sequence(expected: &[ExpectedCall], actual: &[ToolCall], tools: &Tools<'_>) -> bool {
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
                    || !matches(call, &actual[start + len], tools)
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
/// outcome. A judge score outside 0..=1 (or NaN) counts as a failed judge. The tools are
/// unknown here: see [`score_run_with`].
pub fn score_run(
    scenario: &Scenario,
    mode: ScoringMode,
    trajectory: &Trajectory,
    judge: JudgeOutcome,
) -> RunScore {
    score_run_with(scenario, mode, trajectory, judge, None)
}

/// [`score_run`] with the tools the agent was offered, when known: the call metrics then
/// include unknown tools and schema violations, and [`ArgsOptions::use_defaults`] applies.
/// Neither changes the WebMCP formula.
pub fn score_run_with(
    scenario: &Scenario,
    mode: ScoringMode,
    trajectory: &Trajectory,
    judge: JudgeOutcome,
    tools: Option<&[ToolSpec]>,
) -> RunScore {
    let tools = Tools::new(tools);
    let calls = metrics::compute(&scenario.expectations, &trajectory.tool_calls, &tools);
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
                calls,
            }
        }
        ScoringMode::Standard => {
            let tools = tool_score(exp, &trajectory.tool_calls, &tools);
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
                calls,
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
