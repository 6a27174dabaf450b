#![doc = include_str!("../README.md")]

mod boundary;

mod error;
mod filter;
mod held;
mod markdown;
mod profile;

mod rewrite;
mod stats;
mod tools;

pub use error::Error;
pub use filter::ToolFilter;
pub use profile::{Profile, ProfileFile, WithoutGoal};
pub use rewrite::cap::result_tokens;
pub use rewrite::{
    Action, Call, GoalDigester, Outcome, Prepared, Rewriter, SnapshotFiles, error_result,
    text_tokens,
};
pub use stats::{CallStats, Report, Timing, ToolSum};
pub use tools::{
    LeanArgs, ToolsReport, augment_tools, augment_tools_with, confirm_tool, read_tool, split_args,
};
