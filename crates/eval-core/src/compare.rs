//! Two runs of one suite side by side: per scenario and in total, pass or fail and score,
//! tool-call F1, steps, tokens both ways, tool output, time and cost, with the differences
//! (B minus A) and the scenarios whose outcome flipped first.
//!
//! [`compare`] works on two [`Report`]s of one suite; [`compare_records`] scores two recorded
//! runs (live runs' JSONL records) with the suite first, checking that they belong together.
//! Records hold trajectories, not scores, so both are scored here with one suite and one
//! mode: the comparison is fair even when the suite changed between the runs.
//!
//! ```
//! use mcp_eval_core::compare::{Record, compare_records};
//! use mcp_eval_core::runner::parse_transcript_file;
//!
//! let header = r#"{"suite":{"name":"Shop","scenarios":[{"id":"find","prompt":"Find shoes","expectations":{"toolCalls":["search"]}}]},"tools":[]}"#;
//! let a = parse_transcript_file(&format!("{header}\n{}", r#"{"scenarioId":"find","toolCalls":[{"name":"search"}]}"#))?;
//! let b = parse_transcript_file(&format!("{header}\n{}", r#"{"scenarioId":"find","toolCalls":[]}"#))?;
//! let comparison = compare_records(
//!     &Record { label: "direct.jsonl", file: &a },
//!     &Record { label: "proxy.jsonl", file: &b },
//!     None,
//!     None,
//! )?;
//! assert_eq!(comparison.regressions(), 1);
//! assert!(mcp_eval_core::comparison_to_markdown(&comparison).contains("now fails"));
//! # Ok::<(), mcp_eval_core::Error>(())
//! ```

mod records;
mod render;

use serde::Serialize;

pub use records::{Record, compare_records};
pub use render::{comparison_to_json, comparison_to_junit, comparison_to_markdown};

use crate::report::{CallMeans, Report, Summary, Usage};
use crate::result::ScenarioResult;
use crate::score::Status;
use crate::suite::{ScoringMode, Suite};

/// Two runs of one suite compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    /// The suite name.
    pub suite: String,
    /// The scoring mode both were scored with.
    pub mode: ScoringMode,
    /// What the first run is called (its file).
    pub a: String,
    /// What the second run is called.
    pub b: String,
    /// Totals of A over the scenarios both ran.
    pub total_a: Summary,
    /// Totals of B over the scenarios both ran.
    pub total_b: Summary,
    /// B minus A over the totals.
    pub delta: Delta,
    /// Per scenario: the flipped ones first (those that now fail, then those that now pass),
    /// then the others in suite order, then those only one run has.
    pub scenarios: Vec<ScenarioComparison>,
    /// What the reader should know: runs left out, counts that differ, suites that changed.
    pub notes: Vec<String>,
}

impl Comparison {
    /// Scenarios that passed in A and do not in B.
    pub fn regressions(&self) -> usize {
        self.count(Change::NowFails)
    }

    /// Scenarios that did not pass in A and do in B.
    pub fn fixes(&self) -> usize {
        self.count(Change::NowPasses)
    }

    fn count(&self, change: Change) -> usize {
        self.scenarios.iter().filter(|s| s.change == change).count()
    }
}

/// One scenario in both runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScenarioComparison {
    /// The scenario id.
    pub id: String,
    /// How its outcome changed from A to B.
    pub change: Change,
    /// A's result; absent when A has no run of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a: Option<Side>,
    /// B's result; absent when B has no run of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b: Option<Side>,
    /// B minus A, where both have a value.
    pub delta: Delta,
}

/// How a scenario's outcome changed from A to B. A scenario passes when every run passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Change {
    /// Passed in A, does not in B.
    NowFails,
    /// Did not pass in A, does in B.
    NowPasses,
    /// Passes in both, or in neither.
    Same,
    /// Only A ran it.
    OnlyA,
    /// Only B ran it.
    OnlyB,
}

impl Change {
    /// The name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Change::NowFails => "now fails",
            Change::NowPasses => "now passes",
            Change::Same => "same",
            Change::OnlyA => "only in A",
            Change::OnlyB => "only in B",
        }
    }

    /// Whether the outcome flipped.
    pub fn flipped(self) -> bool {
        matches!(self, Change::NowFails | Change::NowPasses)
    }
}

/// One run's result for a scenario, reduced to what is compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Side {
    /// Pass only when every run passed; otherwise the worst run status.
    pub status: Status,
    /// Runs.
    pub runs: usize,
    /// Runs that passed.
    pub passed: usize,
    /// Mean combined score over the scored runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_score: Option<f64>,
    /// Mean call precision, recall and F1 over the scored runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calls: Option<CallMeans>,
    /// Steps, tokens, time and cost summed over the runs that recorded them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Why it did not pass, one line per reason, from its first run that did not pass; empty
    /// when it passed.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub why: String,
}

impl Side {
    fn of(result: &ScenarioResult) -> Side {
        Side {
            status: result.status,
            runs: result.runs.len(),
            passed: result
                .runs
                .iter()
                .filter(|r| r.status == Status::Pass)
                .count(),
            mean_score: result.mean_score,
            calls: CallMeans::of_scenario(result),
            usage: Usage::of_scenario(result),
            why: crate::report::markdown_details(result),
        }
    }
}

/// B minus A for each compared figure; absent where either has no value.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Delta {
    /// Passing scenarios (totals) or passing runs (a scenario).
    pub passed: i64,
    /// Mean combined score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// Mean tool-call F1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub f1: Option<f64>,
    /// Model steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<i64>,
    /// Prompt tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt_tokens: Option<i64>,
    /// Completion tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completion_tokens: Option<i64>,
    /// Estimated tokens of tool output the model read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_output_tokens: Option<i64>,
    /// Wall time, milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wall_ms: Option<i64>,
    /// Cost, US dollars.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost_usd: Option<f64>,
}

impl Delta {
    fn between(
        passed: (usize, usize),
        score: (Option<f64>, Option<f64>),
        calls: (Option<&CallMeans>, Option<&CallMeans>),
        usage: (Option<&Usage>, Option<&Usage>),
    ) -> Delta {
        let diff = |a: u64, b: u64| {
            i64::try_from(b)
                .unwrap_or(i64::MAX)
                .saturating_sub(i64::try_from(a).unwrap_or(i64::MAX))
        };
        let both = |f: fn(&Usage) -> u64| usage.0.zip(usage.1).map(|(a, b)| diff(f(a), f(b)));
        Delta {
            passed: diff(passed.0 as u64, passed.1 as u64),
            score: score.0.zip(score.1).map(|(a, b)| b - a),
            f1: calls.0.zip(calls.1).map(|(a, b)| b.f1 - a.f1),
            steps: both(|u| u.steps),
            prompt_tokens: both(|u| u.prompt_tokens),
            completion_tokens: both(|u| u.completion_tokens),
            tool_output_tokens: both(|u| u.tool_output_tokens),
            wall_ms: both(|u| u.wall_ms),
            cost_usd: usage
                .0
                .zip(usage.1)
                .and_then(|(a, b)| Some(b.cost_usd? - a.cost_usd?)),
        }
    }
}

/// Compares `a` and `b`, two reports of `suite` called by the labels given, scenario by
/// scenario in suite order; `notes` are kept in the comparison. A scenario neither report
/// has is left out; the totals cover the scenarios both have.
pub fn compare(
    suite: &Suite,
    a: (&str, &Report),
    b: (&str, &Report),
    notes: Vec<String>,
) -> Comparison {
    let find = |report: &Report, id: &str| report.scenarios.iter().find(|s| s.id == id).cloned();
    let mut rows = Vec::new();
    let (mut common_a, mut common_b) = (Vec::new(), Vec::new());
    for scenario in &suite.scenarios {
        let (in_a, in_b) = (find(a.1, &scenario.id), find(b.1, &scenario.id));
        let (side_a, side_b) = (in_a.as_ref().map(Side::of), in_b.as_ref().map(Side::of));
        let change = match (&side_a, &side_b) {
            (Some(x), Some(y)) => match (x.status == Status::Pass, y.status == Status::Pass) {
                (true, false) => Change::NowFails,
                (false, true) => Change::NowPasses,
                _ => Change::Same,
            },
            (Some(_), None) => Change::OnlyA,
            (None, Some(_)) => Change::OnlyB,
            (None, None) => continue,
        };
        let delta = match (&side_a, &side_b) {
            (Some(x), Some(y)) => Delta::between(
                (x.passed, y.passed),
                (x.mean_score, y.mean_score),
                (x.calls.as_ref(), y.calls.as_ref()),
                (x.usage.as_ref(), y.usage.as_ref()),
            ),
            _ => Delta::default(),
        };
        if let (Some(x), Some(y)) = (in_a, in_b) {
            common_a.push(x);
            common_b.push(y);
        }
        rows.push(ScenarioComparison {
            id: scenario.id.clone(),
            change,
            a: side_a,
            b: side_b,
            delta,
        });
    }
    // A stable sort keeps suite order within each group.
    rows.sort_by_key(|r| match r.change {
        Change::NowFails => 0,
        Change::NowPasses => 1,
        Change::Same => 2,
        Change::OnlyA | Change::OnlyB => 3,
    });
    let total = |report: &Report, common: Vec<ScenarioResult>| {
        Report::new(&report.suite, report.mode, false, common, 0).summary
    };
    let (total_a, total_b) = (total(a.1, common_a), total(b.1, common_b));
    let delta = Delta::between(
        (total_a.counts.passed, total_b.counts.passed),
        (total_a.mean_score, total_b.mean_score),
        (total_a.calls.as_ref(), total_b.calls.as_ref()),
        (total_a.usage.as_ref(), total_b.usage.as_ref()),
    );
    Comparison {
        suite: suite.name.clone(),
        mode: a.1.mode,
        a: a.0.to_owned(),
        b: b.0.to_owned(),
        total_a,
        total_b,
        delta,
        scenarios: rows,
        notes,
    }
}

#[cfg(test)]
mod tests;
