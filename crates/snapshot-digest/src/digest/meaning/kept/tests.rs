use super::*;
use crate::digest::meaning::text::light_stem;
use crate::digest::meaning::wordnet;
use rust_stemmers::{Algorithm, Stemmer};

#[test]
fn the_list_is_what_wordnet_and_snowball_say() {
    let english = Stemmer::create(Algorithm::English);
    let entries: std::collections::HashMap<&str, Vec<&str>> = wordnet::entries().collect();
    let mut derived: Vec<&str> = entries
        .iter()
        .filter(|(word, related)| {
            let base = light_stem(word);
            word.chars().all(char::is_alphabetic)
                && base != **word
                && entries
                    .get(base)
                    .is_some_and(|theirs| !theirs.contains(word) && !related.contains(&base))
                && english.stem(word) != english.stem(base)
        })
        .map(|(word, _)| *word)
        .collect();
    derived.sort_unstable();
    assert!(
        derived == KEPT,
        "the kept words no longer follow from wordnet.tsv; the list should be:\n{derived:?}"
    );
}

#[test]
fn keeps_words_that_are_not_inflections() {
    assert!(is_kept("news"));
    assert!(is_kept("paper"));
    assert!(!is_kept("comments"));
    assert!(!is_kept("works"));
    assert!(!is_kept(""));
}
