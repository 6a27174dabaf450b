//! The crate's error type.

use std::time::Duration;

/// Everything that can go wrong in this crate: bad configuration, and tokens that cannot be
/// redeemed.
///
/// The three token errors are distinct so that a server can tell the model exactly what
/// happened: a token that was already redeemed, one that expired, and one the store never
/// issued (or has forgotten) need different next steps.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The token was redeemed before; tokens work once.
    #[error(
        "token {token:?} was already used; each confirm token works once, run the tool again for a new one"
    )]
    TokenAlreadyUsed {
        /// The token as given.
        token: String,
    },
    /// The token outlived the store's time to live.
    #[error(
        "token {token:?} expired: outputs are kept {}; run the tool again for a new one",
        span(*ttl)
    )]
    TokenExpired {
        /// The token as given.
        token: String,
        /// The store's time to live.
        ttl: Duration,
    },
    /// The store dropped the entry to stay within its bounds before it was redeemed.
    #[error(
        "token {token:?} was evicted to keep the session's stored output within bounds; run the tool again, or narrow the request"
    )]
    TokenEvicted {
        /// The token as given.
        token: String,
    },
    /// The store never issued the token, or has forgotten it.
    #[error(
        "the token {token:?} is unknown or expired; outputs are kept {}; pass the token of a preview of this session exactly as given, or run the tool again",
        span(*ttl)
    )]
    UnknownToken {
        /// The token as given.
        token: String,
        /// The store's time to live.
        ttl: Duration,
    },
    /// The output is larger than the whole store may hold, so it was not kept.
    #[error(
        "output of {bytes} bytes is larger than the session store's limit of {max_bytes} bytes; narrow the request or raise StoreLimits::max_bytes"
    )]
    OutputTooLarge {
        /// The size of the output.
        bytes: usize,
        /// The store's byte limit.
        max_bytes: usize,
    },
    /// The operating system's random number generator failed, so no token could be made.
    #[error(
        "cannot make a confirm token: the operating system's random number generator failed ({reason})"
    )]
    RandomUnavailable {
        /// What the generator reported.
        reason: String,
    },
    /// The limit leaves no room for the preview's own lines.
    #[error("limit of {limit} chars is too small; use at least {min} chars ({} estimated tokens)", min.div_ceil(crate::count::CHARS_PER_TOKEN))]
    LimitTooSmall {
        /// The configured limit, in chars.
        limit: usize,
        /// The smallest limit accepted, in chars.
        min: usize,
    },
    /// A configuration value is out of its range.
    #[error("{field} = {value} is out of range; use a value from {min} to {max}")]
    OutOfRange {
        /// The configuration field, e.g. `summary.max_depth`.
        field: &'static str,
        /// The value given.
        value: usize,
        /// The smallest accepted value.
        min: usize,
        /// The largest accepted value.
        max: usize,
    },
    /// A read of a stored output asked for something out of range.
    #[error("{parameter} {reason}")]
    InvalidRead {
        /// The parameter at fault, as the tool names it (`offset`, `pattern`, …).
        parameter: &'static str,
        /// What is wrong and what is accepted, e.g. `is -5; use a whole number from 1`.
        reason: String,
    },
    /// A tip or the confirm tool names a tool that the server does not have.
    #[error(
        "tool {tool:?} is not one of the server's tools ({known}); fix the name or register the tool"
    )]
    UnknownTool {
        /// The name that was not found.
        tool: String,
        /// The server's tool names, comma-separated.
        known: String,
    },
    /// A tip's text is empty, spans several lines or is too long.
    #[error("tip for {tool:?} must be one non-empty line of at most {max} chars")]
    BadTip {
        /// The tool the tip names.
        tool: String,
        /// The longest accepted tip text, in chars.
        max: usize,
    },
}

/// A time to live in words: `15 min`, `90 s`, `2 h`.
fn span(d: Duration) -> String {
    let secs = d.as_secs();
    if secs >= 3_600 && secs.is_multiple_of(3_600) {
        format!("{} h", secs / 3_600)
    } else if secs >= 60 && secs.is_multiple_of(60) {
        format!("{} min", secs / 60)
    } else if secs >= 1 {
        format!("{secs} s")
    } else {
        format!("{} ms", d.as_millis())
    }
}
