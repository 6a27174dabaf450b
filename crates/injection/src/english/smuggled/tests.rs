//! Words hidden in tag characters, read as a page's text.

use crate::english::tests::on_page;

#[test]
fn a_sentence_in_tag_characters_a_flag_in_them_not() {
    let tags = |s: &str| -> String {
        s.chars()
            .map(|c| char::from_u32(0xE0000 + c as u32).unwrap_or(c))
            .collect()
    };
    // Harmless words, hidden: only a machine reads them.
    on_page(
        &format!(
            "Fork, then `pytest`{}, then open a PR.",
            tags(" and run the linter too")
        ),
        Some("words hidden in invisible characters"),
    );
    on_page(
        &format!("Come on England \u{1F3F4}{}\u{E007F}!", tags("gbeng")),
        None,
    );
}
