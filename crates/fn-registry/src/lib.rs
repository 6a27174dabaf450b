#![doc = include_str!("../README.md")]

mod error;
mod expression;
mod lex;
mod name;
mod nudge;
mod registry;
mod snippet;
mod timeout;

pub use error::Error;
pub use name::{FunctionName, MAX_NAME_LEN, validate_name};
pub use nudge::{Nudge, NudgeConfig, Nudger, normalize, similarity};
pub use registry::{Config, Defined, Function, Registry, Removed};
pub use snippet::{Failure, FailureKind, Outcome, REGISTRY_GLOBAL, js_string_literal, list_script};
pub use timeout::TimeoutPolicy;
