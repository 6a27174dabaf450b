//! The offline agent: recorded transcripts (JSONL, one run per line) replayed in file order.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Agent, AgentError, Task};
use crate::error::Error;
use crate::suite::{Scenario, Suite};
use crate::trajectory::{RunStats, ToolCall, ToolSpec, Trajectory};

/// One recorded run: a line of the transcripts file.
///
/// ```json
/// {"scenarioId":"s1","toolCalls":[{"name":"search","arguments":{"q":"red shoes"}}],"finalText":"Found 3."}
/// ```
///
/// `scenario` is accepted for `scenarioId`, `toolName`/`input` (WebMCP's result fields) for
/// `name`/`arguments`, `assistantResponse` for `finalText`. A line with `"error": "…"` records
/// a run in which the agent failed. Live runs (`mcp-lean eval run --server`) also write
/// `attempt`, each call's `result`, `latencyMs` and `tokens`, and the run's `stats`; fields
/// this version does not know are ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Transcript {
    /// The scenario the run belongs to.
    #[serde(alias = "scenario")]
    pub scenario_id: String,
    /// Which repeat this was, from 0; runs without it count in file order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempt: Option<u32>,
    /// The tool calls, in order.
    #[serde(default)]
    pub tool_calls: Vec<ToolCall>,
    /// The final text.
    #[serde(default, alias = "assistantResponse")]
    pub final_text: String,
    /// Set when the recorded run failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What the run cost, when a live agent made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<RunStats>,
}

impl Transcript {
    /// The line that records `outcome` as run `attempt` of `scenario_id`.
    pub fn record(
        scenario_id: &str,
        attempt: u32,
        outcome: Result<&Trajectory, &str>,
    ) -> Transcript {
        match outcome {
            Ok(t) => Transcript {
                scenario_id: scenario_id.to_owned(),
                attempt: Some(attempt),
                tool_calls: t.tool_calls.clone(),
                final_text: t.final_text.clone(),
                error: None,
                stats: t.stats.clone(),
            },
            Err(e) => Transcript {
                scenario_id: scenario_id.to_owned(),
                attempt: Some(attempt),
                tool_calls: Vec::new(),
                final_text: String::new(),
                error: Some(e.to_owned()),
                stats: None,
            },
        }
    }
}

/// A transcripts file: the runs, and what a live run recorded before them (the tools the
/// server offered, the suite).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TranscriptFile {
    /// The tools of the header line `{"tools": […]}`, when the file has one.
    pub tools: Option<Vec<ToolSpec>>,
    /// The suite the runs were made with, as its JSON, when the header recorded it.
    pub suite: Option<Value>,
    /// The runs, in file order.
    pub runs: Vec<Transcript>,
    /// The 1-based line of each run of `runs`, for messages.
    pub lines: Vec<usize>,
    /// The 1-based line of a last line cut off in the middle (a write interrupted by a
    /// crash or a full disk), which was skipped.
    pub cut_off_line: Option<usize>,
}

impl TranscriptFile {
    /// The name of the recorded suite, when the header recorded one.
    pub fn suite_name(&self) -> Option<&str> {
        self.suite.as_ref()?.get("name")?.as_str()
    }
}

/// The header line a live run writes first: the server's tools, for scoring, and the suite,
/// so that the runs can be scored and compared without it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolsHeader {
    /// The suite as given (its JSON), when recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suite: Option<Value>,
    /// The tools as the server listed them.
    pub tools: Vec<ToolSpec>,
}

/// Parses a JSONL transcripts file: an optional header line `{"tools": […], "suite": {…}}`,
/// then one run a line; blank lines are skipped, and so is a last line cut off in the middle
/// of its JSON, which [`TranscriptFile::cut_off_line`] reports.
///
/// ```
/// let file = mcp_eval_core::runner::parse_transcript_file(concat!(
///     r#"{"tools":[{"name":"search","inputSchema":{"type":"object"}}]}"#, "\n",
///     r#"{"scenarioId":"s1","toolCalls":[{"name":"search","arguments":{"q":"shoes"}}]}"#,
/// ))?;
/// assert_eq!(file.tools.map(|t| t.len()), Some(1));
/// assert_eq!(file.runs.len(), 1);
/// # Ok::<(), mcp_eval_core::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::Json`] naming the first line that is not a valid transcript or header.
pub fn parse_transcript_file(text: &str) -> Result<TranscriptFile, Error> {
    let mut out = TranscriptFile::default();
    // A line is cut off only when it is the last and no newline ended it: a writer that
    // stopped mid-line. Anywhere else, broken JSON is an error.
    let unterminated = !text.ends_with('\n');
    let count = text.lines().count();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let json_error = |what: &'static str, e: serde_json::Error| Error::Json {
            what,
            line: i + 1,
            column: e.column(),
            message: e.to_string(),
        };
        let value: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) if e.is_eof() && unterminated && i + 1 == count => {
                out.cut_off_line = Some(i + 1);
                break;
            }
            Err(e) => return Err(json_error("transcript", e)),
        };
        let is_header = value.get("tools").is_some()
            && value.get("scenarioId").is_none()
            && value.get("scenario").is_none();
        if is_header {
            let header: ToolsHeader =
                serde_json::from_value(value).map_err(|e| json_error("transcript header", e))?;
            out.tools.get_or_insert_with(Vec::new).extend(header.tools);
            if header.suite.is_some() {
                out.suite = header.suite;
            }
        } else {
            let t: Transcript =
                serde_json::from_value(value).map_err(|e| json_error("transcript", e))?;
            out.runs.push(t);
            out.lines.push(i + 1);
        }
    }
    Ok(out)
}

/// Parses a JSONL transcripts file and returns its runs (see [`parse_transcript_file`] for
/// the tools header, which this skips).
///
/// # Errors
///
/// [`Error::Json`] naming the first line that is not a valid transcript.
pub fn parse_transcripts(text: &str) -> Result<Vec<Transcript>, Error> {
    parse_transcript_file(text).map(|f| f.runs)
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
        let mut transcripts = transcripts;
        // Parallel live runs finish in any order; a recorded attempt puts each back in place
        // (a stable sort, so lines without one keep their file order).
        transcripts.sort_by_key(|t| t.attempt.unwrap_or(0));
        let mut runs: BTreeMap<String, Vec<Result<Trajectory, String>>> = BTreeMap::new();
        for t in transcripts {
            let run = match t.error {
                Some(e) => Err(e),
                None => Ok(Trajectory {
                    tool_calls: t.tool_calls,
                    final_text: t.final_text,
                    stats: t.stats,
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
