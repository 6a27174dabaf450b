//! Reports: the [`Report`] value, and its JSON, JUnit XML and Markdown renderings.

mod junit;
mod markdown;

use std::collections::BTreeMap;

use serde::Serialize;

pub use junit::to_junit;
pub use markdown::to_markdown;

use crate::result::ScenarioResult;
use crate::score::Status;
use crate::suite::ScoringMode;

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
        }
        let summary = Summary {
            counts,
            pass_rate: (decided_w > 0.0).then(|| pass_w / decided_w),
            mean_score: (score_w > 0.0).then(|| score_sum / score_w),
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
