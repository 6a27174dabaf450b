#![doc = include_str!("../README.md")]

mod error;
mod markdown;
mod profile;
mod rewrite;
mod stats;
mod tools;

pub use error::Error;
pub use profile::{Profile, ProfileFile, WithoutGoal};
pub use rewrite::{
    Action, Call, GoalDigester, Outcome, Prepared, Rewriter, SnapshotFiles, error_result,
    text_tokens,
};
pub use stats::{CallStats, Report, Timing, ToolSum};
pub use tools::{LeanArgs, ToolsReport, augment_tools, confirm_tool, split_args};
