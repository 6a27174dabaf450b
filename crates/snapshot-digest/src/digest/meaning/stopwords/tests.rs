use super::*;
use crate::digest::meaning::text::{fold, for_each_word};

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
    assert!(!of_goal(&french).is_some_and(|l| l.contains("um")));
}

fn page(text: &str) -> PageLanguage {
    let mut language = PageLanguage::default();
    for w in words(text) {
        language.add(&w);
    }
    language
}

#[test]
fn a_page_reads_as_english_or_not() {
    assert!(
        page("Sign in to read the comments and share this story with your friends").is_english()
    );
    assert!(
        !page("Melden Sie sich an, um die Kommentare zu lesen und den Artikel zu teilen")
            .is_english()
    );
    assert!(!page("この記事を読むにはログインしてください").is_english());
    // Math variables are not Italian or Spanish words.
    assert!(page("where a b c and x y z are the values of the system").is_english());
    assert!(page("").is_english());
}

#[test]
fn english_goals_keep_their_own_list() {
    assert!(of_goal(&words("I want to send the paper my opinion on this story")).is_none());
    assert!(of_goal(&words("Download PDF")).is_none());
}

#[test]
fn the_table_by_word_holds_every_word_of_every_list_and_nothing_else() {
    BY_WORD.check(2);
    let mut next = 1;
    let mut words = std::collections::BTreeSet::new();
    for line in include_str!("../stopwords.tsv").lines() {
        let (code, list) = line.split_once('\t').expect("a code and its words");
        let bit = if code == "eng" {
            0
        } else {
            next += 1;
            next - 1
        };
        for word in list.split(' ').filter(|w| !w.is_empty()) {
            let word = fold(word);
            assert_ne!(lists_of(&word) & (1 << bit), 0, "{code} {word}");
            words.insert(word);
        }
    }
    assert_eq!(LISTS, next);
    assert_eq!(BY_WORD.lines().count(), words.len());
    assert_eq!(lists_of("wikipedia"), 0);
}
