use super::{clip, fold, fold_into, for_each_word, is_cjk};

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
fn fold_by_runs_folds_as_char_by_char() {
    // The char-at-a-time fold the ASCII runs are copied around: every char lowered on its
    // own, accents stripped by the same table.
    let by_char = |text: &str| {
        text.chars()
            .map(|c| fold(&c.to_string()))
            .collect::<String>()
    };
    for text in [
        "Plain ASCII Text, 42 Words!",
        "ÉCOLE Straße — ΟΔΗΓΊΕΣ 加入購物車 Ärger",
        "é",
        "AÉ",
        "ÉA",
        "a\u{0}Ω\u{10FFFF}Z",
        "İIıi",
    ] {
        assert_eq!(fold(text), by_char(text), "{text}");
    }
}

#[test]
fn clip_cuts_by_chars_and_marks_the_cut() {
    assert_eq!(clip("Článek", 6), "Článek");
    assert_eq!(clip("Článek o ničem", 6), "Článek…");
    assert_eq!(clip("", 3), "");
}

#[test]
fn words_are_runs_of_letters_and_digits_with_cjk_runs_apart() {
    // The words a char-at-a-time reading finds: a word char joins the run before it when
    // both are CJK or both are not.
    let by_char = |text: &str| {
        let mut words: Vec<String> = Vec::new();
        let mut run: Option<(String, bool)> = None;
        for c in text.chars() {
            let cjk = is_cjk(c);
            match &mut run {
                Some((word, kind)) if c.is_alphanumeric() && *kind == cjk => word.push(c),
                _ => {
                    words.extend(run.take().map(|(w, _)| w));
                    run = c.is_alphanumeric().then(|| (c.to_string(), cjk));
                }
            }
        }
        words.extend(run.map(|(w, _)| w));
        words
    };
    for text in [
        "add to cart, 2 items",
        "加入購物車abc加入 x1漢字2",
        "straße-über ñandú ...",
        "  ",
        "a",
        "漢",
        "9€ 5½ x²",
        "a\u{0}b\u{10FFFF}c",
    ] {
        let mut words = Vec::new();
        for_each_word(text, |w| words.push(w.to_owned()));
        assert_eq!(words, by_char(text), "{text}");
    }
}
