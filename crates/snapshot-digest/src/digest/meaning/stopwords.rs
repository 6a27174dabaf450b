//! Function words of many languages ("um", "pour", "какой"), from a published table
//! (`stopwords.tsv`, built by `scripts/stopwords.mjs` from the npm package `stopword`): a goal
//! in German or Polish is matched by its content words, as an English one is.
//!
//! A word is a function word in one language and a content word in another ("die", "also"),
//! so the table of the goal's own language applies, and only that one: the language whose
//! list holds the most of the goal's words, when it holds more of them than the English list.
//! The same lists tell whether a page reads as English ([`PageLanguage`]).

use std::sync::OnceLock;

use super::hash::{FastMap, FastSet};
use super::lexicon::is_stopword;
use super::text::fold;
use super::tuning::{MIN_WORDS, PAGE_WORDS};

/// The table: one line per language, its ISO 639-3 code, a tab, its words.
const TABLE: &str = include_str!("stopwords.tsv");

/// The folded lists.
struct Lists {
    /// The lists of languages other than English, in table order.
    others: Vec<FastSet<String>>,
    /// Each word of any list, with one bit per list holding it: bit 0 English, bit `k + 1`
    /// the `k`th of `others` (fewer than 64 lists).
    masks: FastMap<String, u64>,
}

impl Lists {
    /// Whether the English list holds `word`.
    fn english(&self, word: &str) -> bool {
        self.masks.get(word).is_some_and(|m| m & 1 == 1)
    }

    /// Adds one to the count of every list that holds `word`: `counts[0]` English,
    /// `counts[k + 1]` the `k`th of `others`.
    fn tally(&self, word: &str, counts: &mut Vec<u32>) {
        let Some(&mask) = self.masks.get(word) else {
            return;
        };
        counts.resize(self.others.len() + 1, 0);
        let mut bits = mask;
        while bits != 0 {
            if let Some(count) = counts.get_mut(bits.trailing_zeros() as usize) {
                *count += 1;
            }
            bits &= bits - 1;
        }
    }
}

fn lists() -> &'static Lists {
    static LISTS: OnceLock<Lists> = OnceLock::new();
    LISTS.get_or_init(|| {
        let mut english = FastSet::default();
        let mut others = Vec::new();
        for line in TABLE.lines() {
            let Some((code, words)) = line.split_once('\t') else {
                continue;
            };
            let set: FastSet<String> = words.split(' ').map(fold).collect();
            if code == "eng" {
                english = set;
            } else {
                others.push(set);
            }
        }
        let mut masks: FastMap<String, u64> = FastMap::default();
        for (bit, set) in std::iter::once(&english)
            .chain(&others)
            .enumerate()
            .take(64)
        {
            for word in set {
                *masks.entry(word.clone()).or_default() |= 1 << bit;
            }
        }
        Lists { others, masks }
    })
}

/// Whether `word` (folded) is a function word of any language of the table.
pub(crate) fn is_function_word_anywhere(word: &str) -> bool {
    lists().masks.contains_key(word)
}

/// The function words of the goal's language when it is not English, for goal words already
/// folded and split.
pub(crate) fn of_goal(words: &[String]) -> Option<&'static FastSet<String>> {
    let lists = lists();
    let english = words
        .iter()
        .filter(|w| is_stopword(w) || lists.english(w))
        .count();
    let mut counts = Vec::new();
    for w in words {
        lists.tally(w, &mut counts);
    }
    // The last of the lists that hold the most, as the table is read.
    let (k, &count) = counts
        .iter()
        .enumerate()
        .skip(1)
        .max_by_key(|&(_, &count)| count)?;
    let count = count as usize;
    if count >= MIN_WORDS && count > english {
        lists.others.get(k - 1)
    } else {
        None
    }
}

/// The language of a page's text, counted word by word as the text is read: whether it reads
/// as English (more of its words in the English list than in any other language's, and most
/// of its letters not CJK). The digest's word matching knows English best (WordNet, the
/// neighbours, most of the lexicon); on other pages the multilingual model orders what it
/// leaves unscored.
#[derive(Debug, Default)]
pub(crate) struct PageLanguage {
    /// Words counted per list, as [`Lists::tally`] counts them.
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
        lists().tally(word, &mut self.counts);
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
