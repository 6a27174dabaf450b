//! The parse error and the diagnostics of the lenient parser.

use std::fmt;

/// What went wrong on a line, without its position.
///
/// The `Display` form is a lowercase sentence that says what was expected and, where it helps,
/// what to do about it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A line is not a YAML list item (`- …`), a comment or blank.
    ExpectedListItem,
    /// The indentation contains a tab, or is not a whole level of the indentation around it.
    BadIndent {
        /// What the indentation should have been, in spaces, when that is known.
        expected: Option<usize>,
        /// What it was, in spaces.
        found: usize,
    },
    /// A line is indented under a node that cannot have children (no trailing `:`).
    UnexpectedChild {
        /// The 1-based line of the node the child was indented under.
        parent_line: usize,
    },
    /// The tree is deeper than the configured limit.
    TooDeep {
        /// The configured limit.
        limit: usize,
    },
    /// A `/prop:` line with no node to belong to.
    OrphanProp,
    /// Text that does not follow the grammar, with what was expected there.
    Syntax {
        /// What the parser expected, e.g. `a role` or `"]" to close the attribute`.
        expected: &'static str,
    },
    /// A quoted string is not closed on its line.
    UnterminatedString,
    /// A backslash escape that YAML or JSON does not define.
    BadEscape,
    /// An MCP response refers to a snapshot file instead of containing the snapshot.
    SnapshotInFile {
        /// The file the response points to.
        path: String,
    },
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ExpectedListItem => {
                f.write_str("expected a list item starting with \"- \", a comment or a blank line")
            }
            Self::BadIndent {
                expected: Some(e),
                found,
            } => write!(
                f,
                "indentation of {found} spaces does not match the surrounding items \
                 (expected {e}); indent each level by the same number of spaces"
            ),
            Self::BadIndent {
                expected: None,
                found,
            } => write!(
                f,
                "indentation of {found} columns contains a tab; indent with spaces only"
            ),
            Self::UnexpectedChild { parent_line } => write!(
                f,
                "item is indented under the node on line {parent_line}, which has no trailing \
                 \":\"; add \":\" to that node or outdent this item"
            ),
            Self::TooDeep { limit } => write!(
                f,
                "tree is deeper than the limit of {limit} levels; raise max_depth if the input \
                 is trusted"
            ),
            Self::OrphanProp => {
                f.write_str("property line (\"- /name: value\") has no node above it to belong to")
            }
            Self::Syntax { expected } => write!(f, "expected {expected}"),
            Self::UnterminatedString => {
                f.write_str("quoted string is not closed on this line; add the closing quote")
            }
            Self::BadEscape => f.write_str(
                "unknown escape sequence in quoted string; write a literal backslash as \\\\",
            ),
            Self::SnapshotInFile { path } => write!(
                f,
                "the response does not contain the snapshot but refers to the file {path:?}; \
                 parse that file instead"
            ),
        }
    }
}

/// A parse error with its position.
///
/// Lines and columns are 1-based; columns count Unicode scalar values, so they match what an
/// editor shows.
///
/// # Example
///
/// ```
/// let err = snapshot_digest::parse("- button \"OK\n").unwrap_err();
/// assert_eq!((err.line(), err.column()), (1, 10));
/// assert_eq!(err.to_string(), "line 1, column 10: quoted string is not closed on this line; add the closing quote");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    line: usize,
    column: usize,
    kind: ErrorKind,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: ErrorKind) -> Self {
        Self { line, column, kind }
    }

    /// The 1-based line of the error.
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column of the error, in Unicode scalar values.
    #[must_use]
    pub fn column(&self) -> usize {
        self.column
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

/// A problem the lenient parser recovered from: the line it skipped and why.
///
/// It has the same shape as [`ParseError`]; the lenient parser reports the errors it skipped
/// past instead of stopping at the first.
pub type Diagnostic = ParseError;
