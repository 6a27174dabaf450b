//! Errors of the proxy's rules: configuration and limits.

/// Why a profile or configuration was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A base profile name that is not built in.
    #[error("unknown profile {0:?}; use playwright, chrome-devtools or generic")]
    UnknownProfile(String),
    /// The configuration file is not the expected JSON object.
    #[error("the proxy configuration is not valid: {0}; see the ProfileFile fields in the docs")]
    Config(String),
    /// A limit out of its range.
    #[error("{field} is {value}; use a value from {range}")]
    Limit {
        /// The configuration field.
        field: &'static str,
        /// The value given.
        value: usize,
        /// The accepted range, in words.
        range: &'static str,
    },
    /// A `tools` or `excludeTools` pattern that cannot name a tool.
    #[error("{0}")]
    ToolPattern(String),
    /// The system gave no random bytes for the content boundaries' nonce.
    #[error(
        "no random bytes for the content boundaries' nonce ({0}); the system's random source is unavailable, run without --content-boundaries"
    )]
    Random(String),
    /// The output guard refused its configuration.
    #[error("the preview settings are not valid: {0}")]
    Guard(#[from] output_guard::Error),
}
