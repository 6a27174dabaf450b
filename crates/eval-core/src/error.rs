//! The crate's error type.

use crate::suite::Problem;

/// Everything that can go wrong in this crate.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The text is not valid JSON (or a transcript line is not a valid transcript).
    #[error("the {what} is not valid at line {line}, column {column}: {message}")]
    Json {
        /// `"suite"` or `"transcript"`.
        what: &'static str,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the JSON parser said.
        message: String,
    },
    /// The suite parsed as JSON but breaks the format; every problem is listed.
    #[error(
        "{} in the suite; the first {}; fix them and validate again",
        count(problems),
        first(problems)
    )]
    InvalidSuite {
        /// Every problem, in document order.
        problems: Vec<Problem>,
    },
    /// A regular expression does not compile.
    #[error("bad regular expression {pattern:?}: {message}")]
    Regex {
        /// The pattern.
        pattern: String,
        /// What the regex compiler said.
        message: String,
    },
}

fn count(problems: &[Problem]) -> String {
    match problems.len() {
        1 => "1 problem".to_owned(),
        n => format!("{n} problems"),
    }
}

fn first(problems: &[Problem]) -> String {
    problems
        .first()
        .map_or_else(|| "is unknown".to_owned(), |p| format!("is {p}"))
}
