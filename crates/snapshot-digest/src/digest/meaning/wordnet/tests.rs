use super::*;

#[test]
fn finds_synonyms_and_derived_forms() {
    let (close, _) = lookup("cost");
    assert!(close.contains(&"price"), "{close:?}");
    let (close, _) = lookup("writes");
    assert!(close.contains(&"writer"), "{close:?}");
    let (_, wider) = lookup("bright");
    assert!(wider.contains(&"dull"), "{wider:?}");
}

#[test]
fn finds_what_a_phrasal_verb_means() {
    let (close, _) = lookup_phrase("chips", "in");
    assert!(close.contains(&"contribute"), "{close:?}");
    let (close, _) = lookup_phrase("signed", "up");
    assert!(close.contains(&"sign on"), "{close:?}");
    assert_eq!(lookup_phrase("chip", "zzqx"), (Vec::new(), Vec::new()));
}

#[test]
fn unknown_words_have_nothing() {
    assert_eq!(lookup("zzqx"), (Vec::new(), Vec::new()));
    assert_eq!(lookup(""), (Vec::new(), Vec::new()));
}

#[test]
fn the_table_is_sorted_and_well_formed() {
    table().check(3);
}
