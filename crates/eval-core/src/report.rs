//! Reports: the [`Report`] value, and its JSON, JUnit XML and Markdown renderings (a
//! comparison of two runs is rendered by `compare`, with the helpers of `junit` and
//! `markdown`).

pub(crate) mod junit;
pub(crate) mod markdown;

use std::collections::BTreeMap;

use serde::Serialize;

pub use junit::to_junit;
pub(crate) use markdown::details as markdown_details;
pub use markdown::to_markdown;

use crate::result::ScenarioResult;
use crate::score::Status;
use crate::suite::ScoringMode;
use crate::trajectory::RunStats;

/// Counts of scenario outcomes.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// Scenarios in the suite.
    pub total: usize,
    /// Passed.
    pub passed: usize,
    /// Failed.
    pub failed: usize,
    /// The agent failed or panicked.
    pub errored: usize,
    /// Timed out.
    pub timed_out: usize,
    /// Judge failed, no score.
    pub unscored: usize,
    /// Not run (cancelled).
    pub skipped: usize,
}

impl Counts {
    fn add(&mut self, status: Status) {
        self.total += 1;
        match status {
            Status::Pass => self.passed += 1,
            Status::Fail => self.failed += 1,
            Status::Error => self.errored += 1,
            Status::TimedOut => self.timed_out += 1,
            Status::Unscored => self.unscored += 1,
            Status::Skipped => self.skipped += 1,
        }
    }

    /// Failed + errored + timed out: what fails a CI job.
    pub fn failures(&self) -> usize {
        self.failed + self.errored + self.timed_out
    }
}

/// Suite totals.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Scenario counts.
    #[serde(flatten)]
    pub counts: Counts,
    /// Weighted share of passing scenarios among those that passed or failed; `None` when
    /// none did.
    pub pass_rate: Option<f64>,
    /// Weighted mean of the scenarios' mean combined scores; `None` when nothing was scored.
    pub mean_score: Option<f64>,
    /// Weighted mean of the scenarios' [`CallMeans`]; absent when no run was scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calls: Option<CallMeans>,
    /// What all runs cost, summed; absent when no run recorded [`RunStats`] (replayed
    /// transcripts of old versions, scripted agents).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
}

/// [`CallMetrics`](crate::score::CallMetrics) averaged: per scenario over its scored runs,
/// for the suite over the scenarios (weighted like the mean score). Each value is a mean of
/// per-run values, so `f1` is the mean F1, not the F1 of the mean precision and recall.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallMeans {
    /// Runs averaged over: those with a score (passed, failed or unscored).
    pub runs: usize,
    /// Mean precision.
    pub precision: f64,
    /// Mean recall.
    pub recall: f64,
    /// Mean F1.
    pub f1: f64,
    /// Mean share of calls to unknown tools, over the runs whose tools were known; `None`
    /// when no run's were.
    pub unknown_tool_share: Option<f64>,
    /// Mean share of schema-invalid calls, over the runs whose tools were known; `None`
    /// when no run's were.
    pub schema_invalid_share: Option<f64>,
}

impl CallMeans {
    /// The means over `scenario`'s scored runs; `None` when no run has a score.
    pub fn of_scenario(scenario: &ScenarioResult) -> Option<CallMeans> {
        let metrics: Vec<_> = scenario
            .runs
            .iter()
            .filter_map(|r| r.score.as_ref().map(|s| &s.calls))
            .collect();
        let n = metrics.len();
        (n > 0).then(|| CallMeans {
            runs: n,
            precision: metrics.iter().map(|m| m.precision).sum::<f64>() / n as f64,
            recall: metrics.iter().map(|m| m.recall).sum::<f64>() / n as f64,
            f1: metrics.iter().map(|m| m.f1).sum::<f64>() / n as f64,
            unknown_tool_share: mean(metrics.iter().filter_map(|m| m.unknown_tool_share)),
            schema_invalid_share: mean(metrics.iter().filter_map(|m| m.schema_invalid_share)),
        })
    }

    /// The weighted mean of per-scenario means; `None` when there are none, or no weight.
    fn of_suite(scenarios: &[ScenarioResult]) -> Option<CallMeans> {
        let per: Vec<(f64, CallMeans)> = scenarios
            .iter()
            .filter_map(|s| Some((s.weight, CallMeans::of_scenario(s)?)))
            .collect();
        let total: f64 = per.iter().map(|(w, _)| w).sum();
        if per.is_empty() || total <= 0.0 {
            return None;
        }
        let weighted =
            |f: fn(&CallMeans) -> f64| per.iter().map(|(w, m)| w * f(m)).sum::<f64>() / total;
        let weighted_share = |f: fn(&CallMeans) -> Option<f64>| {
            let known: Vec<(f64, f64)> =
                per.iter().filter_map(|(w, m)| Some((*w, f(m)?))).collect();
            let w: f64 = known.iter().map(|(w, _)| w).sum();
            (w > 0.0).then(|| known.iter().map(|(w, x)| w * x).sum::<f64>() / w)
        };
        Some(CallMeans {
            runs: per.iter().map(|(_, m)| m.runs).sum(),
            precision: weighted(|m| m.precision),
            recall: weighted(|m| m.recall),
            f1: weighted(|m| m.f1),
            unknown_tool_share: weighted_share(|m| m.unknown_tool_share),
            schema_invalid_share: weighted_share(|m| m.schema_invalid_share),
        })
    }
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// [`RunStats`] summed over the runs that recorded them.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Usage {
    /// Runs that recorded stats.
    pub runs: usize,
    /// Model requests.
    pub steps: u64,
    /// Prompt tokens, as the API reported them.
    pub prompt_tokens: u64,
    /// Completion tokens, as the API reported them.
    pub completion_tokens: u64,
    /// Estimated tokens of the tool results the model read.
    pub tool_output_tokens: u64,
    /// Wall time of the runs, added up.
    pub wall_ms: u64,
    /// Cost in US dollars over the runs that had one; `None` when none had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost_usd: Option<f64>,
}

impl Usage {
    /// The stats of `scenario`'s runs, summed; `None` when no run recorded any.
    pub fn of_scenario(scenario: &ScenarioResult) -> Option<Usage> {
        let mut total = Usage::default();
        for stats in scenario
            .runs
            .iter()
            .filter_map(|r| r.trajectory.as_ref()?.stats.as_ref())
        {
            total.add_run(stats);
        }
        (total.runs > 0).then_some(total)
    }

    fn add_run(&mut self, stats: &RunStats) {
        self.add(&Usage {
            runs: 1,
            steps: u64::from(stats.steps),
            prompt_tokens: stats.prompt_tokens,
            completion_tokens: stats.completion_tokens,
            tool_output_tokens: stats.tool_output_tokens,
            wall_ms: stats.wall_ms,
            // A cost that is not a finite amount is treated as unknown.
            cost_usd: stats.cost_usd.filter(|c| c.is_finite()),
        });
    }

    fn add(&mut self, other: &Usage) {
        self.runs = self.runs.saturating_add(other.runs);
        self.steps = self.steps.saturating_add(other.steps);
        self.prompt_tokens = self.prompt_tokens.saturating_add(other.prompt_tokens);
        self.completion_tokens = self
            .completion_tokens
            .saturating_add(other.completion_tokens);
        self.tool_output_tokens = self
            .tool_output_tokens
            .saturating_add(other.tool_output_tokens);
        self.wall_ms = self.wall_ms.saturating_add(other.wall_ms);
        self.cost_usd = match (self.cost_usd, other.cost_usd) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
    }
}

/// The result of running a suite.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The suite name.
    pub suite: String,
    /// The scoring mode used.
    pub mode: ScoringMode,
    /// Whether the run was cancelled; the skipped scenarios did not run.
    pub cancelled: bool,
    /// Totals.
    pub summary: Summary,
    /// Counts per tag (scenarios without tags are not counted here).
    pub tags: BTreeMap<String, Counts>,
    /// Per-scenario results, in suite order.
    pub scenarios: Vec<ScenarioResult>,
    /// Wall time of the whole run.
    pub duration_ms: u64,
}

impl Report {
    /// Builds a report, computing the totals from `scenarios`.
    pub fn new(
        suite: &str,
        mode: ScoringMode,
        cancelled: bool,
        scenarios: Vec<ScenarioResult>,
        duration_ms: u64,
    ) -> Report {
        let mut counts = Counts::default();
        let mut usage: Option<Usage> = None;
        let mut tags: BTreeMap<String, Counts> = BTreeMap::new();
        let (mut pass_w, mut decided_w, mut score_sum, mut score_w) = (0.0, 0.0, 0.0, 0.0);
        for s in &scenarios {
            counts.add(s.status);
            for tag in &s.tags {
                tags.entry(tag.clone()).or_default().add(s.status);
            }
            if matches!(s.status, Status::Pass | Status::Fail) {
                decided_w += s.weight;
                if s.status == Status::Pass {
                    pass_w += s.weight;
                }
            }
            if let Some(m) = s.mean_score {
                score_sum += s.weight * m;
                score_w += s.weight;
            }
            if let Some(u) = Usage::of_scenario(s) {
                usage.get_or_insert_with(Usage::default).add(&u);
            }
        }
        let summary = Summary {
            counts,
            pass_rate: (decided_w > 0.0).then(|| pass_w / decided_w),
            mean_score: (score_w > 0.0).then(|| score_sum / score_w),
            calls: CallMeans::of_suite(&scenarios),
            usage,
        };
        Report {
            suite: suite.to_owned(),
            mode,
            cancelled,
            summary,
            tags,
            scenarios,
            duration_ms,
        }
    }

    /// Whether any scenario failed, errored or timed out.
    pub fn has_failures(&self) -> bool {
        self.summary.counts.failures() > 0
    }
}

/// The report as pretty-printed JSON (camelCase fields, statuses in snake case).
pub fn to_json(report: &Report) -> String {
    // Serializing these plain structs cannot fail: every map key is a string and every number
    // is finite or mapped to null by serde_json.
    serde_json::to_string_pretty(report).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}
