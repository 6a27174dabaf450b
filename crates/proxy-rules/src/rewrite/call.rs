//! A call's way through the rewriter: what [`Rewriter::prepare`](crate::Rewriter::prepare)
//! decides, what [`Rewriter::rewrite`](crate::Rewriter::rewrite) did, and what the rewriter
//! reads from outside (snapshot files, a goal digester).

use serde_json::{Map, Value};
use snapshot_digest::{DigestConfig, Snapshot};

use crate::tools::LeanArgs;

/// Reads a snapshot file that a result links to, as the server wrote it.
///
/// The proxy's binary implements it over the file system (resolving paths as the server
/// does); tests implement it over a map. A closure `Fn(&str) -> Result<String, String>` is one.
pub trait SnapshotFiles {
    /// The text of the file at `path`, as the link wrote it, or why it cannot be read.
    ///
    /// # Errors
    ///
    /// A message saying why, which the proxy reports in its statistics; the link then passes
    /// unchanged.
    fn read(&self, path: &str) -> Result<String, String>;
}

impl<F: Fn(&str) -> Result<String, String>> SnapshotFiles for F {
    fn read(&self, path: &str) -> Result<String, String> {
        self(path)
    }
}

/// A call on its way to the server: the tool and the proxy's arguments taken out of it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Call {
    /// The tool's name.
    pub tool: String,
    /// The proxy's own arguments.
    pub lean: LeanArgs,
    /// Whether the call asked the server for a part of the page only (Playwright's `target`
    /// or `depth`), so its snapshot is not the page's: it is digested but never kept as the
    /// page's last snapshot for diffs.
    pub partial: bool,
    /// Whether the call asked the server to write its output to a file of the agent's
    /// choosing ([`Profile::file_arg`](crate::profile::Profile::file_arg)): its link then stays a link.
    pub to_file: bool,
}

/// What [`Rewriter::prepare`](crate::Rewriter::prepare) decided for a call.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Prepared {
    /// Forward the call with these arguments, then rewrite its result for `call`.
    Forward {
        /// The arguments without the proxy's own.
        arguments: Option<Map<String, Value>>,
        /// What the rewrite needs to know.
        call: Call,
    },
    /// Answer the client with this `tools/call` result; the server never sees the call (the
    /// confirm tool, or arguments the proxy refuses).
    Answer(Value),
}

/// What was done to a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Action {
    /// A snapshot became a goal digest.
    GoalDigest,
    /// A snapshot became the full digest.
    FullDigest,
    /// A snapshot became its difference from the page's previous one.
    Diff,
    /// A snapshot of a page not seen before became an outline within the budget.
    Outline,
    /// A linked snapshot file was read and put inline.
    InlinedFile,
    /// A large output became a preview with a confirm token.
    Preview,
    /// A confirm token was redeemed.
    Confirmed,
    /// A text of a result over the cap became a preview.
    Capped,
    /// The copies of rewritten texts in `structuredContent` were rewritten the same way.
    StructuredCopies,
}

impl Action {
    /// A short stable name, as written in statistics.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::GoalDigest => "goal-digest",
            Self::FullDigest => "full-digest",
            Self::Diff => "diff",
            Self::Outline => "outline",
            Self::InlinedFile => "inlined-file",
            Self::Preview => "preview",
            Self::Confirmed => "confirmed",
            Self::StructuredCopies => "structured-copies",
            Self::Capped => "capped",
        }
    }
}

/// What [`Rewriter::rewrite`](crate::Rewriter::rewrite) did, for statistics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outcome {
    /// What was done, in order; empty when the result passed unchanged.
    pub actions: Vec<Action>,
    /// Estimated tokens of the snapshot files the result linked to and the proxy read.
    pub linked_tokens: usize,
    /// Why something was left as it was (a file that could not be read, a goal with no
    /// snapshot to apply to).
    pub notes: Vec<String>,
    /// [`result_tokens`](crate::rewrite::cap::result_tokens) of the result as the server sent it.
    pub server_tokens: usize,
    /// [`result_tokens`](crate::rewrite::cap::result_tokens) of the result as the client gets it.
    pub client_tokens: usize,
    /// Parts of the result held back because they address the agent (snapshot nodes, lines
    /// of other text), each shown as a line marked `⚠ text addressed to the agent`.
    pub held_back: usize,
}

/// Writes a goal digest in place of [`digest_with`](snapshot_digest::digest_with): the
/// snapshot, the goal and the digest settings in; the digest's text and, optionally, a note
/// for [`Outcome::notes`] (what a model chose, or why its answer was not used) out. The
/// proxy's LLM digest is one.
pub type GoalDigester =
    dyn Fn(&Snapshot<'_>, &str, &DigestConfig) -> (String, Option<String>) + Send + Sync;
