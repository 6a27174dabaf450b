//! What an agent did on one run: its tool calls (with what each returned, when recorded) and
//! its final answer, plus what the run cost when a live agent made it.
//!
//! Every field added since the first transcript format is optional, so old transcripts load.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One tool call the agent made.
///
/// ```
/// use mcp_eval_core::ToolCall;
///
/// let call: ToolCall = serde_json::from_str(
///     r#"{"name":"search","arguments":{"q":"red shoes"},
///         "result":{"text":"3 results","isError":false},"latencyMs":120,"tokens":4}"#,
/// )?;
/// assert_eq!(call.result.as_ref().map(|r| r.is_error), Some(false));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolCall {
    /// The tool name.
    #[serde(alias = "toolName")]
    pub name: String,
    /// The arguments, usually an object (`null` when there were none).
    #[serde(default, alias = "input", alias = "args")]
    pub arguments: Value,
    /// What the tool returned, when it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<CallResult>,
    /// How long the call took, in milliseconds, when it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_ms: Option<u64>,
    /// Estimated tokens of the result the agent read, when it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens: Option<u64>,
}

impl ToolCall {
    /// A call of `name` with `arguments`, nothing else recorded.
    pub fn new(name: &str, arguments: Value) -> ToolCall {
        ToolCall {
            name: name.to_owned(),
            arguments,
            result: None,
            latency_ms: None,
            tokens: None,
        }
    }
}

/// What a tool call returned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallResult {
    /// The text the agent was given (text parts joined; other parts described).
    #[serde(default)]
    pub text: String,
    /// Whether the tool (or the protocol) reported an error.
    #[serde(default)]
    pub is_error: bool,
}

/// Why a live run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum StopReason {
    /// The model gave its final answer.
    Answer,
    /// The step limit was reached.
    Steps,
    /// The token limit was reached.
    Tokens,
    /// The time limit was reached.
    Time,
    /// The run was cancelled (Ctrl-C).
    Cancelled,
}

impl StopReason {
    /// The name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Answer => "answer",
            StopReason::Steps => "step limit",
            StopReason::Tokens => "token limit",
            StopReason::Time => "time limit",
            StopReason::Cancelled => "cancelled",
        }
    }
}

/// What a live run cost: model steps, tokens both ways, tool output, time and money.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunStats {
    /// The model that ran.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub model: String,
    /// Model requests made (one per step).
    #[serde(default)]
    pub steps: u32,
    /// Prompt tokens over all steps, as the API reported them.
    #[serde(default)]
    pub prompt_tokens: u64,
    /// Completion tokens over all steps, as the API reported them.
    #[serde(default)]
    pub completion_tokens: u64,
    /// Estimated tokens of all tool results the model read.
    #[serde(default)]
    pub tool_output_tokens: u64,
    /// Wall time of the run, server start to final answer.
    #[serde(default)]
    pub wall_ms: u64,
    /// Cost in US dollars, when prices were given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_usd: Option<f64>,
    /// Why the run ended, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop: Option<StopReason>,
}

/// What an agent did on one run: its tool calls in order and its final answer.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Trajectory {
    /// The tool calls, in the order they were made.
    #[serde(default)]
    pub tool_calls: Vec<ToolCall>,
    /// The agent's final text.
    #[serde(default, alias = "assistantResponse")]
    pub final_text: String,
    /// What the run cost, when a live agent made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<RunStats>,
}

/// A tool the agent could call, as the server listed it: what scoring needs to tell calls to
/// unknown tools and arguments its own `inputSchema` rejects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolSpec {
    /// The tool name.
    pub name: String,
    /// The description, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The JSON Schema of its arguments (`null` when the server gave none).
    #[serde(default)]
    pub input_schema: Value,
}
