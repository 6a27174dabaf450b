//! The one error type of the crate.

/// Every refusal of the crate: a bad name, an oversized source or argument list, an unknown
/// function, a tool list that does not fit the server, a snippet result that is not ours.
///
/// The `Display` form is one lowercase sentence that says what was refused, where, and what to
/// do instead, so a tool can hand it to the model unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The name is empty, too long, or has a character outside `[A-Za-z0-9_$]`.
    #[error(
        "invalid function name {shown:?}: {reason}; use 1 to 64 characters from A-Z a-z 0-9 _ $, not starting with a digit, e.g. \"getLinks\""
    )]
    InvalidName {
        /// The name as given, cut to 80 characters for display.
        shown: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The name is a JavaScript reserved word or a name that objects inherit.
    #[error(
        "function name {name:?} is reserved in JavaScript; choose another name, e.g. \"{name}Fn\""
    )]
    ReservedName {
        /// The refused name.
        name: String,
    },
    /// The function source is larger than [`Config::max_source_bytes`](crate::registry::Config).
    #[error(
        "source of function {name:?} has {size} bytes, more than the limit of {limit}; move data into arguments or split the function"
    )]
    SourceTooLarge {
        /// The function being defined.
        name: String,
        /// The source size in bytes.
        size: usize,
        /// The configured limit.
        limit: usize,
    },
    /// The source is not a single function expression.
    #[error(
        "source of function {name:?} is not a single function expression: {reason}; write it like \"(selector) => document.querySelectorAll(selector).length\" or \"async function (url) {{ ... }}\""
    )]
    NotAFunction {
        /// The function being defined.
        name: String,
        /// What the check found.
        reason: &'static str,
    },
    /// The session already holds [`Config::max_functions`](crate::registry::Config) functions.
    #[error(
        "cannot define {name:?}: the session already has {limit} functions; redefine an existing name to replace it, or remove a function first"
    )]
    TooManyFunctions {
        /// The function that could not be added.
        name: String,
        /// The configured limit.
        limit: usize,
    },
    /// No function of that name is defined in the session.
    #[error("no function named {name:?} is defined in this session; {hint}")]
    UnknownFunction {
        /// The name that was asked for.
        name: String,
        /// The defined names, or how to define one.
        hint: String,
    },
    /// The arguments are not a JSON array.
    #[error(
        "arguments for {name:?} must be a JSON array such as [\"a\", 2]: {reason}; wrap a single value as [value] and use [] for none"
    )]
    InvalidArguments {
        /// The function being called.
        name: String,
        /// What the JSON check found.
        reason: String,
    },
    /// The arguments are larger than [`Config::max_args_bytes`](crate::registry::Config).
    #[error(
        "arguments for {name:?} have {size} bytes, more than the limit of {limit}; pass less data or let the function read it from the page"
    )]
    ArgumentsTooLarge {
        /// The function being called.
        name: String,
        /// The size of the JSON text in bytes.
        size: usize,
        /// The configured limit.
        limit: usize,
    },
    /// A tool named in the nudge configuration is not one of the server's tools.
    #[error(
        "nudge configuration names tool {tool:?}, which the server does not have; add the tool or change the configuration (server tools: {known})"
    )]
    UnknownTool {
        /// The configured tool name.
        tool: String,
        /// The server's tool names, comma-separated.
        known: String,
    },
    /// A snippet result from the backend does not have the shape the snippets produce.
    #[error(
        "snippet result is not an {{ok, value}} or {{ok, error}} object: {reason}; pass the awaited value of the snippet, returned by value"
    )]
    MalformedResult {
        /// What was wrong with it.
        reason: &'static str,
    },
}

impl Error {
    pub(crate) fn invalid_name(name: &str, reason: &'static str) -> Self {
        Self::InvalidName {
            shown: name.chars().take(80).collect(),
            reason,
        }
    }
}
