//! The report's rule for a goal's language, on goals written for this test: short goals
//! without an article are told by their pronouns and question words.

use mcp_lean_benches::goals::goal_is_english;

#[test]
fn goals_are_told_english_or_not() {
    for goal in [
        "Show all 764 comments",
        "Download a product photo of this mouse",
        "How cold should I serve this wine?",
        "I'm German — is there a version of this site in my language?",
    ] {
        assert!(goal_is_english(goal), "{goal}");
    }
    for goal in [
        "Ich möchte in die Partei eintreten",
        "Wie komme ich zum Vereinsgelände?",
        "Je veux recevoir la lettre du soir",
        "¿Cuánto tiempo lleva esta receta?",
        "Czytaj opinie o tym przepisie",
        "この記事を印刷する",
        "Подпишитесь на рассылку",
        "Mitglied werden",
    ] {
        assert!(!goal_is_english(goal), "{goal}");
    }
}
