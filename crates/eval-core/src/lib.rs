#![doc = include_str!("../README.md")]

pub mod compare;
pub mod report;
mod result;
pub mod runner;
pub mod score;
pub mod suite;
mod trajectory;

#[cfg(feature = "llm")]
pub mod llm;

mod error;

pub use compare::{comparison_to_json, comparison_to_junit, comparison_to_markdown};
pub use error::Error;
pub use report::{Report, to_json, to_junit, to_markdown};
pub use runner::{
    Agent, CancelToken, Event, Judge, JudgeInput, ReplayAgent, RunConfig, Task, parse_transcripts,
    run,
};
pub use score::{
    CallMetrics, JudgeOutcome, Status, pass_at_k, pass_hat_k, score_run, score_run_with,
};
pub use suite::{ScoringMode, Suite, parse_suite, validate_suite};
pub use trajectory::{CallResult, RunStats, StopReason, ToolCall, ToolSpec, Trajectory};
