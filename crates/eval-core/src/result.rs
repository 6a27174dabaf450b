//! What a run produced: per run, per scenario. The runner makes these and the reports read
//! them; neither depends on the other through them.

use serde::Serialize;

use crate::score::{RunScore, Status, Trajectory};
use crate::suite::Scenario;

/// One run of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunResult {
    /// The repeat, from 0.
    pub attempt: u32,
    /// How it ended.
    pub status: Status,
    /// The score, when the agent finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<RunScore>,
    /// What the agent did, when it finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trajectory: Option<Trajectory>,
    /// The failure, timeout or panic message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Wall time of the run, agent and judge.
    pub duration_ms: u64,
}

/// pass@k and pass^k for one k.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PassAtK {
    /// k.
    pub k: u64,
    /// Chance at least one of k runs passes.
    pub pass_at_k: f64,
    /// Chance all k runs pass.
    pub pass_hat_k: f64,
}

/// The result of one scenario over all its runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScenarioResult {
    /// The scenario id.
    pub id: String,
    /// The prompt.
    pub prompt: String,
    /// The tags.
    pub tags: Vec<String>,
    /// The weight in the totals.
    pub weight: f64,
    /// Pass only when every run passed; otherwise the worst run status
    /// (fail, then error, timed out, unscored); skipped when nothing ran.
    pub status: Status,
    /// The runs.
    pub runs: Vec<RunResult>,
    /// The runs the agent was to make; more than `runs.len()` when cancellation cut the
    /// repeats short.
    pub planned_runs: u32,
    /// pass@k and pass^k for k = 1..=n over the scored runs (n = runs that passed or failed).
    pub pass_at_k: Vec<PassAtK>,
    /// Mean combined score over the scored runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_score: Option<f64>,
    /// Wall time of all runs.
    pub duration_ms: u64,
}

impl ScenarioResult {
    pub(crate) fn skipped(scenario: &Scenario, reason: &str) -> ScenarioResult {
        ScenarioResult {
            id: scenario.id.clone(),
            prompt: scenario.prompt.clone(),
            tags: scenario.tags.clone(),
            weight: scenario.weight,
            status: Status::Skipped,
            runs: Vec::new(),
            planned_runs: 0,
            pass_at_k: Vec::new(),
            mean_score: None,
            duration_ms: 0,
        }
        .with_error(reason)
    }

    pub(crate) fn with_error(mut self, reason: &str) -> ScenarioResult {
        self.runs.push(RunResult {
            attempt: 0,
            status: self.status,
            score: None,
            trajectory: None,
            error: Some(reason.to_owned()),
            duration_ms: 0,
        });
        self
    }
}
