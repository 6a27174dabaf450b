//! The offline agent: recorded transcripts (JSONL, one run per line) replayed in file order.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Agent, AgentError, Task};
use crate::Error;
use crate::score::{ToolCall, Trajectory};
use crate::suite::{Scenario, Suite};

/// One recorded run: a line of the transcripts file.
///
/// ```json
/// {"scenarioId":"s1","toolCalls":[{"name":"search","arguments":{"q":"red shoes"}}],"finalText":"Found 3."}
/// ```
///
/// `scenario` is accepted for `scenarioId`, `toolName`/`input` (WebMCP's result fields) for
/// `name`/`arguments`, `assistantResponse` for `finalText`. A line with `"error": "…"` records
/// a run in which the agent failed.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Transcript {
    /// The scenario the run belongs to.
    #[serde(alias = "scenario")]
    pub scenario_id: String,
    /// The tool calls, in order.
    #[serde(default)]
    pub tool_calls: Vec<ToolCall>,
    /// The final text.
    #[serde(default, alias = "assistantResponse")]
    pub final_text: String,
    /// Set when the recorded run failed.
    #[serde(default)]
    pub error: Option<String>,
}

/// Parses a JSONL transcripts file; blank lines are skipped.
///
/// # Errors
///
/// [`Error::Json`] naming the first line that is not a valid transcript.
pub fn parse_transcripts(text: &str) -> Result<Vec<Transcript>, Error> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let t: Transcript = serde_json::from_str(line).map_err(|e| Error::Json {
            what: "transcript",
            line: i + 1,
            column: e.column(),
            message: e.to_string(),
        })?;
        out.push(t);
    }
    Ok(out)
}

/// An [`Agent`] that answers from recorded transcripts: the n-th line for a scenario is its
/// n-th run, so several lines for one scenario are its repeats.
#[derive(Debug, Clone, Default)]
pub struct ReplayAgent {
    runs: BTreeMap<String, Vec<Result<Trajectory, String>>>,
}

impl ReplayAgent {
    /// Groups `transcripts` by scenario id, keeping file order.
    pub fn new(transcripts: Vec<Transcript>) -> ReplayAgent {
        let mut runs: BTreeMap<String, Vec<Result<Trajectory, String>>> = BTreeMap::new();
        for t in transcripts {
            let run = match t.error {
                Some(e) => Err(e),
                None => Ok(Trajectory {
                    tool_calls: t.tool_calls,
                    final_text: t.final_text,
                }),
            };
            runs.entry(t.scenario_id).or_default().push(run);
        }
        ReplayAgent { runs }
    }

    /// Scenario ids that have transcripts but are not in `suite` (probably a typo or a
    /// transcript of another suite).
    pub fn unknown_ids(&self, suite: &Suite) -> Vec<&str> {
        self.runs
            .keys()
            .filter(|id| !suite.scenarios.iter().any(|s| &s.id == *id))
            .map(String::as_str)
            .collect()
    }
}

impl Agent for ReplayAgent {
    fn run(&self, task: &Task) -> Result<Trajectory, AgentError> {
        let runs = self.runs.get(&task.scenario.id).ok_or_else(|| {
            AgentError(format!(
                "no recorded transcript for scenario {:?}",
                task.scenario.id
            ))
        })?;
        let index = usize::try_from(task.attempt).unwrap_or(usize::MAX);
        match runs.get(index) {
            Some(Ok(t)) => Ok(t.clone()),
            Some(Err(e)) => Err(AgentError(format!("the recorded run failed: {e}"))),
            None => Err(AgentError(format!(
                "scenario {:?} has {} recorded runs, run {} was asked for",
                task.scenario.id,
                runs.len(),
                task.attempt + 1
            ))),
        }
    }

    /// One run per recorded line; a scenario without recordings still gets one run, so that
    /// the report says its transcript is missing instead of silently showing nothing.
    fn attempts(&self, scenario: &Scenario, _requested: u32) -> u32 {
        self.runs
            .get(&scenario.id)
            .map_or(1, |r| u32::try_from(r.len()).unwrap_or(u32::MAX))
    }
}
