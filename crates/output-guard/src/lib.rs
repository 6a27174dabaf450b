#![doc = include_str!("../README.md")]

mod config;
mod count;
mod cut;
mod describe;
mod error;
mod guard;
mod preview;
mod read;
mod store;
mod summary;
mod tips;
mod token;

pub use config::{
    Budget, Config, MAX_SUMMARY_DEPTH, MAX_TOOL_NAME_CHARS, MIN_LIMIT_CHARS, SummaryLimits,
};
pub use count::{CHARS_PER_TOKEN, char_len, estimate_tokens};
pub use describe::DESCRIBE_JS;
pub use error::Error;
pub use guard::Guard;
pub use preview::{Kind, Preview};
pub use read::{
    MAX_CONTEXT_LINES, MAX_PATTERN_CHARS, ReadLimits, ReadRequest, Reading, Unit, read,
    read_properties,
};
pub use store::{Producer, StoreLimits, TokenStore};
pub use summary::summarize;
pub use tips::{MAX_TIP_CHARS, Tip, Tips, Trigger};
pub use token::TOKEN_CHARS;
