//! Function words of many languages ("um", "pour", "какой"), from a published table
//! (`stopwords.tsv`, built by `scripts/stopwords.mjs` from the npm package `stopword`): a goal
//! in German or Polish is matched by its content words, as an English one is.
//!
//! A word is a function word in one language and a content word in another ("die", "also"),
//! so the table of the goal's own language applies, and only that one: the language whose
//! list holds the most of the goal's words, when it holds more of them than the English list.
//! The same lists tell whether a page reads as English ([`PageLanguage`]).

use super::lexicon::is_stopword;
use super::table::Table;
use super::tuning::{MIN_WORDS, PAGE_WORDS};

// `LISTS`, written by the build script.
include!(concat!(env!("OUT_DIR"), "/stopwords-lists.rs"));

/// The lists by word, laid out by the build script from `stopwords.tsv` (one line per
/// language, its ISO 639-3 code, a tab, its words): each word of any list, folded, a tab, and
/// one bit per list holding it in hex, bit 0 English, bit `k` the `k`th other language in
/// table order. Looked up where it lies: a process reads the few lines its words lead to.
static BY_WORD: Table = Table::indexed(
    include_str!(concat!(env!("OUT_DIR"), "/stopwords-by-word.tsv")),
    include_bytes!(concat!(env!("OUT_DIR"), "/stopwords-by-word.idx")),
);

/// The lists (a bit each) that hold `word` (folded); 0 when none does.
fn lists_of(word: &str) -> u64 {
    BY_WORD
        .find(word)
        .and_then(|line| line.split_once('\t'))
        .and_then(|(_, bits)| u64::from_str_radix(bits, 16).ok())
        .unwrap_or(0)
}

/// Whether the English list holds `word`.
fn english(word: &str) -> bool {
    lists_of(word) & 1 == 1
}

/// Adds one to the count of every list that holds `word`: `counts[0]` English, `counts[k]`
/// the `k`th other language.
fn tally(word: &str, counts: &mut Vec<u32>) {
    let mut bits = lists_of(word);
    if bits == 0 {
        return;
    }
    counts.resize(LISTS, 0);
    while bits != 0 {
        if let Some(count) = counts.get_mut(bits.trailing_zeros() as usize) {
            *count += 1;
        }
        bits &= bits - 1;
    }
}

/// The function words of one language of the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FunctionWords {
    bit: u32,
}

impl FunctionWords {
    /// Whether `word` (folded) is one of them.
    pub(crate) fn contains(self, word: &str) -> bool {
        lists_of(word) & (1 << self.bit) != 0
    }
}

/// Whether `word` (folded) is a function word of any language of the table.
pub(crate) fn is_function_word_anywhere(word: &str) -> bool {
    lists_of(word) != 0
}

/// The function words of the goal's language when it is not English, for goal words already
/// folded and split.
pub(crate) fn of_goal(words: &[String]) -> Option<FunctionWords> {
    let english = words
        .iter()
        .filter(|w| is_stopword(w) || english(w))
        .count();
    let mut counts = Vec::new();
    for w in words {
        tally(w, &mut counts);
    }
    // The last of the lists that hold the most, as the table is read.
    let (k, &count) = counts
        .iter()
        .enumerate()
        .skip(1)
        .max_by_key(|&(_, &count)| count)?;
    let count = count as usize;
    (count >= MIN_WORDS && count > english).then_some(FunctionWords {
        bit: u32::try_from(k).ok()?,
    })
}

/// The language of a page's text, counted word by word as the text is read: whether it reads
/// as English (more of its words in the English list than in any other language's, and most
/// of its letters not CJK). The digest's word matching knows English best (WordNet, the
/// neighbours, most of the lexicon); on other pages the multilingual model orders what it
/// leaves unscored.
#[derive(Debug, Default)]
pub(crate) struct PageLanguage {
    /// Words counted per list, as [`tally`] counts them.
    counts: Vec<u32>,
    words: usize,
    letters: usize,
    cjk: usize,
}

impl PageLanguage {
    /// Counts one folded page word, until enough are counted.
    pub(crate) fn add(&mut self, word: &str) {
        if self.words >= PAGE_WORDS {
            return;
        }
        let mut chars = word.chars();
        let Some(first) = chars.next() else { return };
        // A letter alone is a variable, an initial or a list mark more often than a word.
        let Some(_) = chars.next() else { return };
        self.words += 1;
        let n = if word.is_ascii() {
            word.len()
        } else {
            word.chars().count()
        };
        self.letters += n;
        if super::text::is_cjk(first) {
            self.cjk += n;
            return;
        }
        tally(word, &mut self.counts);
    }

    /// Whether enough words are counted.
    pub(crate) fn is_full(&self) -> bool {
        self.words >= PAGE_WORDS
    }

    /// Whether the words counted read as English; a page with no words counted does.
    pub(crate) fn is_english(&self) -> bool {
        if self.cjk * 5 > self.letters {
            return false;
        }
        let Some((&english, others)) = self.counts.split_first() else {
            return true;
        };
        others.iter().all(|&c| c <= english)
    }
}

#[cfg(test)]
mod tests;
