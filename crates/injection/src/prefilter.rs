//! One pass over a text that says which signals may match it: an Aho-Corasick automaton over
//! every piece some signal needs ([`Signal::needs`]). Most page text holds none of the pieces
//! a strong signal needs, or only those of one or two weak signals, so most texts are let go
//! without running a grammar, and a page of 735k chars is read in a few milliseconds.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::signal::Signal;

/// The automaton and, for each of its patterns, the signals that need it (a bit per index of
/// [`crate::SIGNALS`]).
struct Prefilter {
    automaton: AhoCorasick,
    masks: Vec<u64>,
}

static PREFILTER: LazyLock<Prefilter> = LazyLock::new(|| build(&crate::signals()));

/// Every piece with each space as a space and as a newline: the folded text has one
/// whitespace char where the original had a run of them, a newline when the run held one.
fn variants(piece: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for c in piece.chars() {
        if c == ' ' {
            out = out
                .into_iter()
                .flat_map(|s| [format!("{s} "), format!("{s}\n")])
                .collect();
        } else {
            for s in &mut out {
                s.push(c);
            }
        }
    }
    out
}

fn build(signals: &[&'static Signal]) -> Prefilter {
    let mut pieces: Vec<String> = Vec::new();
    let mut masks: Vec<u64> = Vec::new();
    for (i, signal) in signals.iter().enumerate() {
        for piece in signal.needs {
            for variant in variants(piece) {
                match pieces.iter().position(|p| *p == variant) {
                    Some(at) => masks[at] |= 1 << i,
                    None => {
                        pieces.push(variant);
                        masks.push(1 << i);
                    }
                }
            }
        }
    }
    let automaton = AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::Standard)
        .build(&pieces)
        .unwrap_or_else(|e| unreachable!("the prefilter's pieces build an automaton: {e}"));
    Prefilter { automaton, masks }
}

/// The signals that may match `folded` (a bit per index of [`crate::signals`]).
pub(crate) fn candidates(folded: &str) -> u64 {
    let prefilter = &*PREFILTER;
    let lower;
    // ASCII case is folded by the automaton; other scripts' by a lowercase copy.
    let haystack = if folded.is_ascii() {
        folded
    } else {
        lower = folded.to_lowercase();
        &lower
    };
    let mut mask = 0;
    for m in prefilter.automaton.find_overlapping_iter(haystack) {
        mask |= prefilter.masks[m.pattern().as_usize()];
    }
    mask
}
