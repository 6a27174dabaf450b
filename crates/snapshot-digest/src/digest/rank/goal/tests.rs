use super::*;

fn says(goal: &Goal, word: &str) -> bool {
    goal.concepts
        .iter()
        .any(|c| c.alts.iter().any(|a| a.text == word))
}

fn has_word(goal: &Goal, word: &str) -> bool {
    goal.concepts
        .iter()
        .any(|c| c.alts.iter().any(|a| a.word == word))
}

#[test]
fn a_phrasal_verb_brings_what_it_means_once() {
    let goal = analyse("I want to chip in money", Default::default());
    let chip = goal
        .concepts
        .iter()
        .find(|c| c.alts.first().is_some_and(|a| a.word == "chip"))
        .expect("chip is a concept");
    assert!(chip.alts.iter().any(|a| a.word == "contribute"));
    // "at last" is a concept of its own ("at" says nothing), added once however often said.
    let once = analyse("sign up, at last", Default::default());
    let repeated = analyse(&"sign up, at last, ".repeat(100), Default::default());
    assert!(has_word(&once, "finally"));
    assert_eq!(once.concepts.len(), repeated.concepts.len());
    // Function words alone say nothing of the page ("in this": "therein").
    assert!(!has_word(
        &analyse("what is in this list", Default::default()),
        "therein"
    ));
    let without = Resources {
        wordnet: true,
        ..Default::default()
    };
    assert!(!has_word(&analyse("chip in money", without), "contribute"));
}

#[test]
fn a_goal_of_any_length_is_read_to_a_bound() {
    let words: Vec<String> = (0..40_000).map(|i| format!("w{i:05}x")).collect();
    let long = words.join(" ");
    let goal = analyse(&long, Default::default());
    assert!(
        goal.concepts.len() <= GOAL_CHARS_READ / 2,
        "{}",
        goal.concepts.len()
    );
    assert!(says(&goal, "w00000x"));
    // A cut inside a multi-byte char is on a char boundary.
    let goal = analyse(&"é".repeat(3 * GOAL_CHARS_READ), Default::default());
    assert!(goal.folded.chars().count() <= GOAL_CHARS_READ);
}

#[test]
fn an_imperative_verb_the_lexicon_knows_is_not_a_function_word() {
    let imperative = analyse("Like the post by Ben Ross", Default::default());
    assert!(says(&imperative, "like"));
    let wish = analyse("I'd like to read the post by Ben Ross", Default::default());
    assert!(!says(&wish, "like"));
    let without = Resources {
        lexicon: true,
        ..Default::default()
    };
    assert!(!says(
        &analyse("Like the post by Ben Ross", without),
        "like"
    ));
}

#[test]
fn a_language_named_in_any_language_brings_its_code_and_own_name() {
    for goal in [
        "I'm German — is there a version in my language?",
        "Gibt es die Seite auf Deutsch?",
        "Je veux la version en allemand",
    ] {
        let goal = analyse(goal, Default::default());
        assert!(
            goal.concepts.iter().any(|c| c
                .alts
                .iter()
                .any(|a| a.kind == AltKind::LanguageCode && a.text == "de")),
            "{goal:?}"
        );
        assert!(says(&goal, "deutsch") && says(&goal, "german"));
    }
    let codes = |goal: &Goal| {
        goal.concepts
            .iter()
            .any(|c| c.alts.iter().any(|a| a.kind == AltKind::LanguageCode))
    };
    // No language named, no code: "de" in a French goal is a preposition.
    assert!(!codes(&analyse("la liste de prix", Default::default())));
    let without = Resources {
        languages: true,
        ..Default::default()
    };
    assert!(!codes(&analyse("the German version", without)));
}
