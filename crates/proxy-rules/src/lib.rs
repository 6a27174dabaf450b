#![doc = include_str!("../README.md")]

mod boundary;
mod cap;
mod error;
mod filter;
mod held;
mod markdown;
mod profile;
mod read;
mod rewrite;
mod stats;
mod tools;

pub use cap::result_tokens;
pub use error::Error;
pub use filter::ToolFilter;
pub use profile::{Profile, ProfileFile, WithoutGoal};
pub use rewrite::{
    Action, Call, GoalDigester, Outcome, Prepared, Rewriter, SnapshotFiles, error_result,
    text_tokens,
};
pub use stats::{CallStats, Report, Timing, ToolSum};
pub use tools::{
    LeanArgs, ToolsReport, augment_tools, augment_tools_with, confirm_tool, read_tool, split_args,
};
