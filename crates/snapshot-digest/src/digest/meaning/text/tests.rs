use super::{clip, fold, fold_into};

#[test]
fn fold_lowers_every_script_and_strips_latin_accents() {
    assert_eq!(fold("Článek O NIČEM"), "clanek o nicem");
    // Char by char: a final capital sigma lowers to σ, not ς.
    assert_eq!(fold("STRAßE Ünd ΟΔΗΓΊΕΣ"), "strase und οδηγίεσ");
    assert_eq!(fold("İx"), "i\u{307}x");
    assert_eq!(fold(""), "");
    // Appends: what the buffer held stays.
    let mut out = String::from("A ");
    fold_into(&mut out, "B é");
    assert_eq!(out, "A b e");
}

#[test]
fn clip_cuts_by_chars_and_marks_the_cut() {
    assert_eq!(clip("Článek", 6), "Článek");
    assert_eq!(clip("Článek o ničem", 6), "Článek…");
    assert_eq!(clip("", 3), "");
}
