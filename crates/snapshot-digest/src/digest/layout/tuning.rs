//! The layout stage's choices, in one place: how a page's budget is shared, how much of a
//! match's context is shown, how long a line may be, each with the reason for it. How the
//! measured ones were found is in `docs/benchmarks-log.md`; the budget itself is a setting
//! (`DigestConfig`).

// Shares of a goal digest's budget (`assemble.rs`).

/// Share of the body budget the best matches with their context may take for a question:
/// the answer is in text, which only matches show.
pub(crate) const HITS_SHARE_READ: f32 = 0.6;
/// The same for an action: the further candidates are controls too, and a wrong first
/// guess costs less when more of them are listed.
pub(crate) const HITS_SHARE_ACT: f32 = 0.35;
/// Share of the body budget kept for the map of omitted regions: enough to name the
/// page's main regions, the rest goes to candidates.
pub(crate) const MAP_SHARE: f32 = 0.06;
/// Chars per estimated token of snapshot text, to turn token shares into the char limits
/// the selection works with.
pub(crate) const CHARS_PER_TOKEN: usize = 3;

// Lines (`assemble.rs`, `candidates.rs`, `header.rs`, `regions.rs`, `outline.rs`).

/// Text of a candidate line is cut at this many chars, its `/url` at a third of it: one
/// candidate is a pointer, its host and path say enough.
pub(crate) const CANDIDATE_TEXT_CHARS: usize = 120;
/// Most companions written after a field candidate: the rest of a small form.
pub(crate) const COMPANIONS: usize = 3;
/// Longest goal quoted in a header, in chars, so that a long goal cannot take the budget.
pub(crate) const GOAL_CHARS: usize = 200;
/// Longest region name shown in a map, in chars: a name, not the region's text.
pub(crate) const MAP_NAME_CHARS: usize = 60;
/// Deepest heading level that names a region in the map: deeper ones name paragraphs.
pub(crate) const MAP_HEADING_LEVEL: i64 = 3;
/// Text of the full digest is cut at this many chars: it shows what is where, not what it
/// says.
pub(crate) const OUTLINE_TEXT_CHARS: usize = 120;
/// Gaps of the full digest marked with a comment line, in nodes: shorter ones are wrappers
/// and text the outline leaves out by design.
pub(crate) const OUTLINE_MIN_GAP: usize = 20;

// Pages of the full digest (`pages.rs`).

/// Tokens kept for a page's header line.
pub(crate) const OUTLINE_HEADER_TOKENS: usize = 100;
/// A page's region map takes at most one part in this many of the page…
pub(crate) const OUTLINE_MAP_DIVISOR: usize = 10;
/// … and at most this many tokens.
pub(crate) const OUTLINE_MAP_TOKENS: usize = 1_500;

// The matches and their context (`select.rs`).

/// Hits scoring below this fraction of the best are not relevant enough to keep.
pub(crate) const RELATIVE_FLOOR: f32 = 0.3;
/// How many of the best-scored nodes compete for hit slots.
pub(crate) const POOL: usize = 300;
/// Share of a node's credit for a concept that earlier hits already showed: a second hit
/// should show something new.
pub(crate) const REPEAT_CREDIT: f32 = 0.35;
/// Most nodes of a kept control's or heading's own subtree that are shown.
pub(crate) const SUBTREE_CAP: usize = 12;
/// Most nodes of a table row shown around a hit inside it.
pub(crate) const ROW_CAP: usize = 16;
/// Longest text hit, in chars, that reads as a label whose value follows it.
pub(crate) const LABEL_CHARS: usize = 40;
/// Text siblings with words shown after a label-like text hit: the value, not the next
/// label's.
pub(crate) const VALUE_TEXTS: usize = 1;
/// Most text siblings looked at for the value, blank ones included, so a run of blank text
/// nodes costs a bounded amount.
pub(crate) const VALUE_SCAN: usize = 4;
/// Most controls kept of a form: a small form whole, a long one's first fields.
pub(crate) const FORM_CONTROLS: usize = 24;
/// Most controls kept of a container without the form role: it is less surely one form.
pub(crate) const GROUP_CONTROLS: usize = 14;
/// Most nodes looked back for the heading of a hit's section.
pub(crate) const SECTION_HEADING_SCAN: usize = 300;

// The estimated size of a node's lines (`select.rs`'s `line_cost`): the selection budgets
// in chars before anything is written.

/// A text's chars counted at most: longer text is cut (`DigestConfig::max_text_chars`,
/// 300) and marked.
pub(crate) const LINE_TEXT_CHARS: usize = 320;
/// Chars of a property's line besides its value (`- /url: `, indentation).
pub(crate) const PROP_LINE_CHARS: usize = 12;
/// Chars of an attribute besides its name and value (` [`, `=`, `]`).
pub(crate) const ATTR_CHARS: usize = 3;
/// Indentation counted for at most this many levels: deeper lines are rare in a digest.
pub(crate) const INDENT_LEVELS: usize = 8;
/// Chars of a node's line besides its role, name and text (`- `, quotes, `:`).
pub(crate) const LINE_CHARS: usize = 6;
