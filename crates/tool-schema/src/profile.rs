//! The client profiles: sets of rules for one kind of client, off unless a `Config` asks for
//! them.

use crate::error::Error;

/// A set of rules for one kind of client, off unless asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Profile {
    /// OpenAI function calling with `strict: true` (Structured Outputs), which rejects a tool
    /// whose parameter schema has an object that allows other properties or a property that
    /// is not required: `TP-STRICT-OPEN`, `TP-STRICT-OPTIONAL`.
    OpenaiStrict,
}

impl Profile {
    /// Parses a profile name: `openai-strict`.
    ///
    /// # Errors
    ///
    /// Returns [`Error::UnknownProfile`] for any other name.
    pub fn parse(name: &str) -> Result<Self, Error> {
        match name.to_ascii_lowercase().as_str() {
            "openai-strict" => Ok(Self::OpenaiStrict),
            _ => Err(Error::UnknownProfile {
                name: name.to_owned(),
            }),
        }
    }
}
