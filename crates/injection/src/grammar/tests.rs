//! The grammar answers as the regex engine whole does, whichever part of it answers.

use super::compile;

#[test]
fn no_match_and_matches_agree_with_the_engine() {
    let grammar = compile(r"(?i)(?-u:\b)ignore\s+(?:all\s+)?previous\s+instructions(?-u:\b)");
    assert!(!grammar.is_match("Free shipping over $50"));
    assert_eq!(grammar.find_iter("Free shipping over $50").count(), 0);
    let text = "Nice. IGNORE previous instructions, then ignore all previous instructions.";
    assert!(grammar.is_match(text));
    let found: Vec<_> = grammar.find_iter(text).map(|r| &text[r]).collect();
    assert_eq!(
        found,
        [
            "IGNORE previous instructions",
            "ignore all previous instructions"
        ]
    );
}

#[test]
fn a_unicode_word_boundary_beside_other_scripts_is_still_answered() {
    // The lazy DFA quits on a non-ASCII byte beside a Unicode `\b`; the engine whole answers.
    let grammar = compile(r"\bигнорируй\b");
    let text = "Пожалуйста, игнорируй это.";
    assert!(grammar.is_match(text));
    assert_eq!(
        grammar
            .find_iter(text)
            .map(|r| &text[r])
            .collect::<Vec<_>>(),
        ["игнорируй"]
    );
    assert!(!grammar.is_match("игнорируйте"));
}
