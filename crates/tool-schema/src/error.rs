//! The crate's error type.

/// What can go wrong when reading tool definitions or configuring the lint.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input is not JSON.
    #[error("input is not JSON; pass a tools/list result or an array of tools")]
    Json {
        /// The parser's error, with line and column.
        #[source]
        source: serde_json::Error,
    },
    /// The input has no list of tools.
    #[error(
        "expected a tools/list result ({{\"tools\": [...]}}) or an array of tools, found {found}"
    )]
    NotAToolList {
        /// What was found instead.
        found: String,
    },
    /// An entry of the tool list is not an object.
    #[error("tool at index {index} is a JSON {found}, expected an object with a \"name\"")]
    NotAToolObject {
        /// The entry's position in the list.
        index: usize,
        /// The JSON type found.
        found: &'static str,
    },
    /// A tool value could not be converted to JSON.
    #[error("cannot convert a tool to JSON; check its custom Serialize impls")]
    Convert {
        /// The serializer's error.
        #[source]
        source: serde_json::Error,
    },
    /// A value that must be an object is not.
    #[error("{what} must be a JSON object, found a JSON {found}")]
    NotAnObject {
        /// What was expected.
        what: &'static str,
        /// The JSON type found.
        found: &'static str,
    },
    /// A rule id in a [`Config`](crate::config::Config) is not one of [`RULES`](crate::finding::RULES).
    #[error("unknown lint rule {id:?}; see tool_schema::RULES for the ids")]
    UnknownRule {
        /// The id given.
        id: String,
    },
    /// A severity name is not `off`, `info`, `warn` or `error`.
    #[error("unknown severity {name:?}; use off, info, warn or error")]
    UnknownLevel {
        /// The name given.
        name: String,
    },
    /// A profile name is not one of [`Profile`](crate::profile::Profile)'s.
    #[error("unknown lint profile {name:?}; use openai-strict")]
    UnknownProfile {
        /// The name given.
        name: String,
    },
    /// A pin file (`--baseline`) could not be read.
    #[error("the pin file is not valid: {reason}; write it again with `mcp-lean lint --pin FILE`")]
    Pins {
        /// What is wrong with it.
        reason: String,
    },
}
