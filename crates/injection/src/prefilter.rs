//! One pass over a text that says which signals may match it: an Aho-Corasick automaton over
//! every piece some signal needs ([`Signal::needs`]). A signal is a candidate only when each
//! of its groups of pieces has one in the text, so most page text is let go without running a
//! grammar, and a page of 735k chars is read in milliseconds.
//!
//! A piece may say where a word must begin or end: `^ai^` is the word "AI", not the "ai" of
//! "said"; `^you` is any word that starts with "you".

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

use crate::order::signals;
use crate::signal::{Mask, Signal};

/// One pattern of the automaton: the piece it stands for, and its word edges.
struct Pattern {
    piece: usize,
    starts_word: bool,
    ends_word: bool,
}

/// The automaton, its patterns, and for each signal its groups as sets of pieces.
struct Prefilter {
    automaton: AhoCorasick,
    patterns: Vec<Pattern>,
    /// A group holds one of its pieces when it meets the set of pieces found: one test of
    /// twenty words, where a walk of the group's pieces took up to a hundred.
    groups: Vec<Vec<Pieces>>,
    /// Per piece, the signals (a bit per index) one of whose groups names it: only those
    /// can become candidates when the piece is found, so a text that holds a few common
    /// pieces checks a few signals' groups, not all of them.
    signals_of: Vec<Mask>,
}

static PREFILTER: LazyLock<Prefilter> = LazyLock::new(|| build(&signals()));

fn build(signals: &[&'static Signal]) -> Prefilter {
    let mut pieces: Vec<&str> = Vec::new();
    // Each piece's index: a walk of the pieces for each of the signals' 1,800 references was
    // 10 M instructions of every process.
    let mut ids_of: HashMap<&str, usize> = HashMap::new();
    let mut groups = Vec::with_capacity(signals.len());
    for signal in signals {
        let mut signal_groups = Vec::new();
        for group in signal.needs {
            let mut ids = Vec::new();
            for &piece in *group {
                let id = *ids_of.entry(piece).or_insert_with(|| {
                    pieces.push(piece);
                    pieces.len() - 1
                });
                ids.push(id);
            }
            signal_groups.push(ids);
        }
        groups.push(signal_groups);
    }
    let mut texts = Vec::new();
    let mut patterns = Vec::new();
    for (id, piece) in pieces.iter().enumerate() {
        let starts_word = piece.starts_with('^');
        let ends_word = piece.len() > 1 && piece.ends_with('^');
        let bare = piece.trim_start_matches('^').trim_end_matches('^');
        texts.push(bare);
        patterns.push(Pattern {
            piece: id,
            starts_word,
            ends_word,
        });
    }
    assert!(pieces.len() <= MAX_PIECES, "{} pieces", pieces.len());
    let mut signals_of: Vec<Mask> = vec![Mask::EMPTY; pieces.len()];
    for (i, signal_groups) in groups.iter().enumerate() {
        for &id in signal_groups.iter().flatten() {
            signals_of[id] |= Mask::one(i);
        }
    }
    let groups = groups
        .iter()
        .map(|signal_groups| {
            signal_groups
                .iter()
                .map(|ids| {
                    let mut set = Pieces::default();
                    for &id in ids {
                        set.insert(id);
                    }
                    set
                })
                .collect()
        })
        .collect();
    // A contiguous NFA: a full DFA searched wikipedia-2 in 1.7 ms instead of 2.6, but its
    // build was 4 ms of every process, most of a one-shot digest's scan of a small page. Its
    // haystack is lowered and has spaces for newlines ([`haystack`]): an automaton that
    // folded case itself, with a pattern per newline variant of each piece, took 20 M
    // instructions to build where this one takes 9 M.
    let automaton = AhoCorasickBuilder::new()
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::ContiguousNFA))
        .build(&texts)
        .unwrap_or_else(|e| unreachable!("the prefilter's pieces build an automaton: {e}"));
    Prefilter {
        automaton,
        patterns,
        groups,
        signals_of,
    }
}

/// The most pieces the signals may name (a set of them lives on the stack).
const MAX_PIECES: usize = 1_536;

/// A set of piece indices.
#[derive(Default)]
struct Pieces([u64; MAX_PIECES / 64]);

impl Pieces {
    fn insert(&mut self, piece: usize) {
        self.0[piece / 64] |= 1 << (piece % 64);
    }

    fn contains(&self, piece: usize) -> bool {
        self.0[piece / 64] & (1 << (piece % 64)) != 0
    }

    fn meets(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
}

/// The pieces found in a text, listed while they are few: a group is then asked of each of
/// them, a bit apiece, instead of being met word by word with the set of every piece.
struct Found {
    set: Pieces,
    listed: [u16; FEW_PIECES],
    count: usize,
}

/// The most pieces [`Found`] lists: a page's text holds two or three.
const FEW_PIECES: usize = 16;

// A piece's index is listed as a `u16`.
const _: () = assert!(MAX_PIECES <= u16::MAX as usize);

impl Found {
    fn new() -> Self {
        Self {
            set: Pieces::default(),
            listed: [0; FEW_PIECES],
            count: 0,
        }
    }

    fn insert(&mut self, piece: usize) {
        if self.set.contains(piece) {
            return;
        }
        self.set.insert(piece);
        if let Some(slot) = self.listed.get_mut(self.count) {
            // Fits: `build` keeps the pieces within `MAX_PIECES`, itself within `u16`.
            *slot = piece as u16;
        }
        self.count += 1;
    }

    /// Whether one of the pieces found is in `group`.
    fn meets(&self, group: &Pieces) -> bool {
        match self.listed.get(..self.count) {
            Some(listed) => listed.iter().any(|&p| group.contains(usize::from(p))),
            None => group.meets(&self.set),
        }
    }
}

/// Whether the char before `at` (or after, for `after`) in `text` is not part of a word, as
/// the English grammars' ASCII `\b` sees it: a letter of another script, or a combining mark
/// that Unicode counts as alphabetic, is no word char to them ("ѨYou must" matches `\byou`),
/// so the prefilter must not count it as one either, or it would drop a text a grammar takes.
/// The other languages' Unicode `\b` is stricter; the prefilter only has to be as loose.
fn edge(text: &str, at: usize, after: bool) -> bool {
    let c = if after {
        text[at..].chars().next()
    } else {
        text[..at].chars().next_back()
    };
    !c.is_some_and(|c| c.is_ascii_alphanumeric())
}

/// `folded` as the automaton reads it, into `out`: lowercase, each newline a space (a space in
/// a piece stands for either: the folded text has one whitespace char where the original had
/// a run of them, a newline when the run held one). A match's word edges are read in the
/// haystack: lowering keeps letters letters.
fn haystack(folded: &str, out: &mut String) {
    out.clear();
    let lowered;
    // Other scripts' capitals are lowered in a copy, made only when there is one to lower (most
    // non-ASCII of an English page is punctuation); ASCII's in place below.
    let text = if !folded.is_ascii() && folded.chars().any(|c| !c.is_ascii() && c.is_uppercase()) {
        lowered = folded.to_lowercase();
        &lowered
    } else {
        folded
    };
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(line);
    }
    out.make_ascii_lowercase();
}

/// The signals that may match `folded` (a bit per index of [`signals`]).
pub(crate) fn candidates(folded: &str) -> Mask {
    thread_local! {
        static HAYSTACK: RefCell<String> = const { RefCell::new(String::new()) };
    }
    HAYSTACK.with_borrow_mut(|buffer| {
        haystack(folded, buffer);
        candidates_in(buffer)
    })
}

/// [`candidates`] in a text already made a [`haystack`].
fn candidates_in(haystack: &str) -> Mask {
    let prefilter = &*PREFILTER;
    let mut found = Found::new();
    let mut maybe = Mask::EMPTY;
    for m in prefilter.automaton.find_overlapping_iter(haystack) {
        let pattern = &prefilter.patterns[m.pattern().as_usize()];
        if (!pattern.starts_word || edge(haystack, m.start(), false))
            && (!pattern.ends_word || edge(haystack, m.end(), true))
        {
            found.insert(pattern.piece);
            maybe |= prefilter.signals_of[pattern.piece];
        }
    }
    let mut mask = Mask::EMPTY;
    for i in maybe.ones() {
        if prefilter.groups[i].iter().all(|g| found.meets(g)) {
            mask |= Mask::one(i);
        }
    }
    mask
}

#[cfg(test)]
mod tests;
