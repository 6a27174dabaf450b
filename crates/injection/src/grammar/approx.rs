//! A looser grammar that is cheap to compile, asked first: it matches wherever its grammar
//! does, in the text lowered char by char ([`lowered`]), so a text it does not match is let go
//! without the grammar. Most texts a page's prefilter leaves in match neither, and a grammar's
//! compile (its case folding of every word, its bounded repetitions copied out) is most of a
//! one-shot process's scan.
//!
//! Each looser grammar is written down once (`approximations.tsv`, by a test that derives it
//! from the grammar's syntax tree: case folded into the lowered text, repetitions bounded
//! above 3 unbounded, Unicode word boundaries dropped, a class of many chars outside ASCII
//! given them all, whitespace a space or a newline as in folded text), and found by the hash
//! of its grammar's pattern; a grammar without one (a pattern changed since) is asked
//! directly. A looser grammar reads folded text (`fold.rs`), as every signal's grammar does.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;

/// The looser grammar of each grammar, by the hash of its pattern.
static APPROXIMATIONS: LazyLock<HashMap<u64, &'static str>> = LazyLock::new(|| {
    include_str!("approximations.tsv")
        .lines()
        .filter_map(|line| {
            let (hash, pattern) = line.split_once('\t')?;
            Some((u64::from_str_radix(hash, 16).ok()?, pattern))
        })
        .collect()
});

/// The looser grammar written down for `pattern`, if any.
pub(super) fn approximation(pattern: &str) -> Option<&'static str> {
    APPROXIMATIONS.get(&hash(pattern)).copied()
}

/// FNV-1a over the pattern's bytes: stable across builds and platforms, unlike std's hasher.
pub(super) fn hash(pattern: &str) -> u64 {
    pattern.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `c` lowered, when lowering gives one char on the same side of ASCII (the English grammars'
/// `\b` is ASCII's: the Kelvin sign lowered to `k` would make a word of what was not one).
pub(super) fn lower(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let mut lowered = c.to_lowercase();
    match (lowered.next(), lowered.next()) {
        (Some(l), None) if !l.is_ascii() => l,
        _ => c,
    }
}

/// `text` with each char lowered by [`lower`], given to `then`. The same text is asked of many
/// grammars one after the other, so the last one lowered is kept (and compared whole: a text
/// at the same address may be another).
pub(super) fn lowered<R>(text: &str, then: impl FnOnce(&str) -> R) -> R {
    thread_local! {
        static LAST: RefCell<(String, String)> = const { RefCell::new((String::new(), String::new())) };
    }
    LAST.with_borrow_mut(|(source, lowered)| {
        if source != text {
            source.clear();
            source.push_str(text);
            lowered.clear();
            if text.is_ascii() {
                lowered.push_str(text);
                lowered.make_ascii_lowercase();
            } else {
                lowered.extend(text.chars().map(lower));
            }
        }
        then(lowered)
    })
}

#[cfg(test)]
mod tests;
