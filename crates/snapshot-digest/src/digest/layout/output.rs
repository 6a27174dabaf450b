//! The digest as the agent gets it: its text and the sizes before and after, made from a
//! header and a body by [`finish`].

use crate::tokens::estimate_tokens;
use crate::tree::Snapshot;

/// A digest: snapshot text and what it kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digest {
    /// The digest in snapshot syntax: a header comment, kept nodes with their refs, and
    /// `# … N nodes omitted` comment lines where nodes were left out.
    pub text: String,
    /// Sizes before and after.
    pub stats: DigestStats,
}

/// Sizes of a digest's input and output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DigestStats {
    /// Chars of the snapshot text.
    pub input_chars: usize,
    /// Chars of the digest text.
    pub output_chars: usize,
    /// Estimated tokens of the snapshot text ([`estimate_tokens`]).
    pub input_tokens: usize,
    /// Estimated tokens of the digest text.
    pub output_tokens: usize,
    /// Nodes in the snapshot.
    pub nodes_in: usize,
    /// Nodes written to the digest.
    pub nodes_out: usize,
    /// Separate places of the page the goal matched (0 for a full digest).
    pub hits: usize,
    /// Nodes of the snapshot whose text addresses the agent, held back
    /// ([`DigestConfig::hold_back`](crate::DigestConfig::hold_back)), whether or not the digest shows their line.
    pub held_back: usize,
}
/// The digest of `snapshot` (whose [`estimate_tokens`] is `input_tokens`, counted once by the
/// caller, which needs it for the budget) from its header and body.
pub(crate) fn finish(
    snapshot: &Snapshot<'_>,
    input_tokens: usize,
    header: String,
    body: String,
    kept: usize,
    hits: usize,
) -> Digest {
    let mut text = header;
    text.push_str(&body);
    while text.ends_with('\n') {
        text.pop();
    }
    let source = snapshot.source();
    let stats = DigestStats {
        input_chars: source.chars().count(),
        output_chars: text.chars().count(),
        input_tokens,
        output_tokens: estimate_tokens(&text),
        nodes_in: snapshot.len(),
        nodes_out: kept,
        hits,
        held_back: 0,
    };
    Digest { text, stats }
}
