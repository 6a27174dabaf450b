//! The rank stage's choices, in one place: every number that weighs a match, bounds a walk
//! over the page or scales a feature, each with the reason for it. How the measured ones were
//! found is in `docs/benchmarks-log.md`. The word credit below is hand-weighted because it
//! picks the matches shown in context; the weights that order the candidates after them are
//! learned (`ranking.tsv`), and read these credits only as features.

// The goal's words and their alternatives (`goal.rs`, `index.rs`).

/// How much of a goal is read, in chars: a longer text is a document more than a goal, and
/// each concept it adds costs a pass over the page's nodes and a row of the match table.
pub(crate) const GOAL_CHARS_READ: usize = 2_000;
/// Weight of a lexicon synonym relative to the goal's own word: a convention, not the word.
pub(crate) const SYNONYM_WEIGHT: f32 = 0.6;
/// Weight of WordNet's close words (synonyms, derived forms): as a lexicon synonym.
pub(crate) const CLOSE_WEIGHT: f32 = 0.6;
/// Weight of WordNet's related words: looser than close words.
pub(crate) const RELATED_WEIGHT: f32 = 0.35;
/// Weight of an embedding neighbour: below WordNet's related words, since a neighbour may
/// only share the topic.
pub(crate) const NEIGHBOUR_WEIGHT: f32 = 0.2;
/// Weight of a quoted phrase found whole: the goal's most exact words.
pub(crate) const QUOTED_WEIGHT: f32 = 1.5;
/// Weight of a quoted phrase's words found one by one: less than the phrase whole.
pub(crate) const QUOTED_WORD_WEIGHT: f32 = 0.5;
/// Weight of the value a question asks for, as of a goal word of its own.
pub(crate) const VALUE_WEIGHT: f32 = 1.0;
/// Factor for quoted text in a search goal, where it is the query rather than a target.
pub(crate) const QUERY_WEIGHT: f32 = 0.3;
/// Weight of two adjacent chars of a CJK run, against the run whole: a word of the run.
pub(crate) const CJK_PAIR_WEIGHT: f32 = 0.5;
/// How closely a goal word must match a lexicon term's stem to take its concept group.
pub(crate) const GROUP_MATCH: f32 = 0.8;
/// Match quality of two words with the same Snowball stem but different light stems: a
/// stemmer's guess, below an exact word.
pub(crate) const SNOWBALL_QUALITY: f32 = 0.9;
/// Alternatives weighted below this (WordNet's looser relatives) are not Snowball-stemmed:
/// a stem of a loose relative drifts too far.
pub(crate) const SNOWBALL_MIN_WEIGHT: f32 = 0.5;
/// Weight of a match in a node's `/placeholder`: it says what the field takes, less surely
/// than its name.
pub(crate) const PLACEHOLDER_WEIGHT: f32 = 0.8;
/// Weight of a match in a node's `/url`: paths carry a site's words, and its noise too.
pub(crate) const URL_WEIGHT: f32 = 0.5;
/// Least idf of a word: a word on every node still says something.
pub(crate) const IDF_FLOOR: f32 = 0.1;

// The word credit of each node (`credit.rs`).

/// How much a match loses per level when it is credited to an ancestor.
pub(crate) const DECAY: f32 = 0.9;
/// Weight of a label-like previous sibling (or a column's head) as context of a control: a
/// label names the control.
pub(crate) const SIBLING_CONTEXT: f32 = 0.7;
/// Weight of the parent's name as context: it names a group, not the control.
pub(crate) const PARENT_CONTEXT: f32 = 0.5;
/// How many nodes before a node count as its surroundings.
pub(crate) const WINDOW: usize = 6;
/// Weight of the surroundings: text near a control often says what it does.
pub(crate) const WINDOW_CONTEXT: f32 = 0.4;
/// Weight of the goal's words in the item of a repeated control (`item.rs`): below a
/// parent's, since it tells copies apart rather than makes a control relevant.
pub(crate) const ITEM_CONTEXT: f32 = 0.3;
/// Weight of the goal's words in the section an in-page link leads to (`section.rs`): as an
/// item's, since the section says what a contents entry names in a word.
pub(crate) const SECTION_CONTEXT: f32 = 0.3;
/// Boost for nodes of the page's main content (the article around the first `h1`): goals
/// say "this story", "the author", and mean the one the page is about.
pub(crate) const MAIN_BOOST: f32 = 1.2;
/// Boost for form controls when the goal carries values to type.
pub(crate) const ENTRY_BOOST: f32 = 1.5;
/// Boost for a control the goal names, times the share of its name's words the goal says:
/// for "the article about the Firefox web browser" the link "Firefox" is the one named,
/// "Firefox OS" only shares a word with the goal.
pub(crate) const NAMED_BOOST: f32 = 0.5;
/// Names longer than this many words are sentences, not names a goal repeats.
pub(crate) const NAME_WORDS: usize = 8;
/// Share of the goal's concepts that a text must match to be an echo of the goal.
pub(crate) const ECHO_SHARE: f32 = 0.6;
/// Nodes from the first `h1` on taken as the main content when no `article` or `main` holds
/// it: about a screenful of a page's structure.
pub(crate) const MAIN_NODES: usize = 400;

// A node's prior from the goal's intent (`credit.rs`): an action wants a control, a
// question wants text; what the intent does not want still counts, for less.

/// A control for an action goal, text or a heading for a question.
pub(crate) const PRIOR_WANTED: f32 = 1.0;
/// A heading for an action goal: it names the section the control is in.
pub(crate) const PRIOR_ACT_HEADING: f32 = 0.6;
/// Any other node for an action goal.
pub(crate) const PRIOR_ACT_OTHER: f32 = 0.45;
/// A control for a question: its name may be the answer ("4 comments").
pub(crate) const PRIOR_READ_CONTROL: f32 = 0.8;
/// Any other node for a question.
pub(crate) const PRIOR_READ_OTHER: f32 = 0.5;

// How far the structure around a node is read (`item.rs`, `section.rs`, `form.rs`).

/// Most levels walked up from a control to find its item.
pub(crate) const ITEM_LEVELS: usize = 12;
/// Largest item read, in nodes: a bigger one is a region of the page, not one item.
pub(crate) const ITEM_NODES: usize = 400;
/// Most nodes read for one section: the last section on a page has no next anchor, and
/// what follows it (references, footer) is not its content.
pub(crate) const SECTION_NODES: usize = 400;
/// Longest name or text an anchor may have, in chars: a heading, not a paragraph.
pub(crate) const ANCHOR_CHARS: usize = 120;
/// How far up a `form` or `search` element is looked for from one of its controls.
pub(crate) const FORM_LEVELS: usize = 10;
/// The largest `form` or `search` element taken as one form, in nodes: a page-wide form
/// element (ASP.NET wraps whole pages) is not one form.
pub(crate) const FORM_NODES: usize = 400;
/// How far up a container without a form role is looked for.
pub(crate) const GROUP_LEVELS: usize = 4;
/// The largest container without a form role taken as one form, in nodes.
pub(crate) const GROUP_NODES: usize = 60;

// The features (`features.rs`, `features/list.rs`).

/// Longest text of a node the model reads, in chars: a paragraph's first sentences say what
/// it is about, and the model's cost grows with the text.
pub(crate) const MODEL_TEXT_CHARS: usize = 200;
/// Nodes over which the closeness to the `h1` decays.
pub(crate) const H1_SCALE: f32 = 60.0;
/// Text longer than this many bytes reads as prose, not a label.
pub(crate) const LONG_TEXT_BYTES: usize = 200;
/// Depths are read in units of this many levels, capped at 1.5 units.
pub(crate) const DEPTH_SCALE: f32 = 20.0;
/// The model's z-score is clamped to this range: a few outliers on a page should not weigh
/// like a feature of their own.
pub(crate) const Z_RANGE: (f32, f32) = (-3.0, 5.0);
