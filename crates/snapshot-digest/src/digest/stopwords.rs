//! Function words of many languages ("um", "pour", "какой"), from a published table
//! (`stopwords.tsv`, built by `scripts/stopwords.mjs` from the npm package `stopword`): a goal
//! in German or Polish is matched by its content words, as an English one is.
//!
//! A word is a function word in one language and a content word in another ("die", "also"),
//! so the table of the goal's own language applies, and only that one: the language whose
//! list holds the most of the goal's words, when it holds more of them than the English list.

use std::sync::OnceLock;

use super::hash::FnvSet;
use super::lexicon::is_stopword;
use super::text::fold;

/// The table: one line per language, its ISO 639-3 code, a tab, its words.
const TABLE: &str = include_str!("stopwords.tsv");

/// Words of a language's list a goal must hold for that list to apply to it.
const MIN_WORDS: usize = 2;

/// The folded lists, English apart.
struct Lists {
    english: FnvSet<String>,
    others: Vec<FnvSet<String>>,
}

fn lists() -> &'static Lists {
    static LISTS: OnceLock<Lists> = OnceLock::new();
    LISTS.get_or_init(|| {
        let mut english = FnvSet::default();
        let mut others = Vec::new();
        for line in TABLE.lines() {
            let Some((code, words)) = line.split_once('\t') else {
                continue;
            };
            let set: FnvSet<String> = words.split(' ').map(fold).collect();
            if code == "eng" {
                english = set;
            } else {
                others.push(set);
            }
        }
        Lists { english, others }
    })
}

/// The function words of the goal's language when it is not English, for goal words already
/// folded and split.
pub(crate) fn of_goal(words: &[String]) -> Option<&'static FnvSet<String>> {
    let lists = lists();
    let english = words
        .iter()
        .filter(|w| is_stopword(w) || lists.english.contains(w.as_str()))
        .count();
    let (count, best) = lists
        .others
        .iter()
        .map(|set| {
            (
                words.iter().filter(|w| set.contains(w.as_str())).count(),
                set,
            )
        })
        .max_by_key(|&(count, _)| count)?;
    (count >= MIN_WORDS && count > english).then_some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digest::text::for_each_word;

    fn words(text: &str) -> Vec<String> {
        let folded = fold(text);
        let mut out = Vec::new();
        for_each_word(&folded, |w| out.push(w.to_owned()));
        out
    }

    #[test]
    fn a_goal_gets_its_own_languages_function_words() {
        let german = words("Wie lange brauche ich, um diesen Artikel zu lesen?");
        let list = of_goal(&german).expect("german function words");
        assert!(list.contains("um") && list.contains("wie"));
        assert!(!list.contains("artikel"));
        let french = words("Quelle croissance la Commission prévoit-elle pour l'UE ?");
        assert!(of_goal(&french).is_some_and(|l| l.contains("pour")));
    }

    #[test]
    fn english_goals_keep_their_own_list() {
        assert!(of_goal(&words("I want to send the paper my opinion on this story")).is_none());
        assert!(of_goal(&words("Download PDF")).is_none());
    }
}
