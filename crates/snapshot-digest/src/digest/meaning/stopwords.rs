//! Function words of many languages ("um", "pour", "какой"), from a published table
//! (`stopwords.tsv`, built by `scripts/stopwords.mjs` from the npm package `stopword`): a goal
//! in German or Polish is matched by its content words, as an English one is.
//!
//! A word is a function word in one language and a content word in another ("die", "also"),
//! so the table of the goal's own language applies, and only that one: the language whose
//! list holds the most of the goal's words, when it holds more of them than the English list.
//! The same lists tell whether a page reads as English ([`PageLanguage`]).

use std::borrow::Cow;
use std::sync::OnceLock;

use super::hash::FastMap;
use super::lexicon::is_stopword;
use super::text::fold;
use super::tuning::{MIN_WORDS, PAGE_WORDS};

/// The table: one line per language, its ISO 639-3 code, a tab, its words.
const TABLE: &str = include_str!("stopwords.tsv");

/// The folded lists, as one map: each word of any list with one bit per list holding it,
/// bit 0 English, bit `k` the `k`th other language in table order (fewer than 64 lists). A
/// word already folded in the table (nearly all) is borrowed from it, so the first goal of a
/// process builds one map of 13,500 entries and no string.
struct Lists {
    /// The number of lists, English's included.
    lists: usize,
    masks: FastMap<Cow<'static, str>, u64>,
}

impl Lists {
    /// Whether the English list holds `word`.
    fn english(&self, word: &str) -> bool {
        self.masks.get(word).is_some_and(|m| m & 1 == 1)
    }

    /// Adds one to the count of every list that holds `word`: `counts[0]` English,
    /// `counts[k]` the `k`th other language.
    fn tally(&self, word: &str, counts: &mut Vec<u32>) {
        let Some(&mask) = self.masks.get(word) else {
            return;
        };
        counts.resize(self.lists, 0);
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
        let mut masks: FastMap<Cow<'static, str>, u64> = FastMap::default();
        masks.reserve(TABLE.len() / 8);
        // English is bit 0 wherever its line is; the others follow in table order.
        let mut next = 1;
        for line in TABLE.lines() {
            let Some((code, words)) = line.split_once('\t') else {
                continue;
            };
            let bit = if code == "eng" {
                0
            } else if next < 64 {
                next += 1;
                next - 1
            } else {
                continue;
            };
            for word in words.split(' ') {
                *masks.entry(folded(word)).or_default() |= 1 << bit;
            }
        }
        Lists { lists: next, masks }
    })
}

/// `word` folded, borrowed from the table when [`fold`] leaves it as it is.
fn folded(word: &'static str) -> Cow<'static, str> {
    if word.is_ascii() && !word.bytes().any(|b| b.is_ascii_uppercase()) {
        return Cow::Borrowed(word);
    }
    let folded = fold(word);
    if folded == word {
        Cow::Borrowed(word)
    } else {
        Cow::Owned(folded)
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
        lists()
            .masks
            .get(word)
            .is_some_and(|m| m & (1 << self.bit) != 0)
    }
}

/// Whether `word` (folded) is a function word of any language of the table.
pub(crate) fn is_function_word_anywhere(word: &str) -> bool {
    lists().masks.contains_key(word)
}

/// The function words of the goal's language when it is not English, for goal words already
/// folded and split.
pub(crate) fn of_goal(words: &[String]) -> Option<FunctionWords> {
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
