//! The crate's error type, and the problems a suite's validation reports in it.

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
    /// A record of runs to compare holds none (only its header, or nothing).
    #[error("{record} holds no runs{}; record some with eval run --server", cut_off(*cut_off_line))]
    NoRuns {
        /// The record (its file).
        record: String,
        /// A last line cut off mid-write, when there was one.
        cut_off_line: Option<usize>,
    },
    /// A record holds runs, none of a scenario of the suite.
    #[error(
        "{record} holds no runs of the scenarios of the suite {suite:?}; check that it is a record of that suite"
    )]
    NoRunsOfSuite {
        /// The record.
        record: String,
        /// The suite's name.
        suite: String,
    },
    /// Two records to compare are of different suites.
    #[error(
        "{a} holds runs of the suite {a_suite:?} and {b} of {b_suite:?}; compare two records of one suite"
    )]
    DifferentSuites {
        /// The first record.
        a: String,
        /// Its suite's name.
        a_suite: String,
        /// The second record.
        b: String,
        /// Its suite's name.
        b_suite: String,
    },
    /// A record is of another suite than the one given.
    #[error(
        "{record} holds runs of the suite {recorded:?}, not of {given:?}; give that suite, or leave --suite out to use the one the records carry"
    )]
    WrongSuite {
        /// The record.
        record: String,
        /// The suite it records.
        recorded: String,
        /// The suite given.
        given: String,
    },
    /// No suite was given and neither record carries one.
    #[error(
        "neither {a} nor {b} records its suite (they were made before records did); give it with --suite FILE"
    )]
    NoSuite {
        /// The first record.
        a: String,
        /// The second record.
        b: String,
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

fn cut_off(line: Option<usize>) -> String {
    line.map(|l| format!(" (line {l} is cut off)"))
        .unwrap_or_default()
}

/// One problem found while validating a suite, with the JSON pointer of the offending value.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    /// JSON pointer (RFC 6901) of the value, `""` for the whole document.
    pub path: String,
    /// What is wrong and what to do.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "at the document root: {}", self.message)
        } else {
            write!(f, "at {}: {}", self.path, self.message)
        }
    }
}
