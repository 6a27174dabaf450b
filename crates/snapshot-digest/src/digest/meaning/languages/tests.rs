use super::*;

#[test]
fn names_in_other_languages_lead_to_the_code() {
    assert!(named_by("german").any(|c| c == "de"));
    assert!(named_by("allemand").any(|c| c == "de"));
    assert!(named_by("deutsch").any(|c| c == "de"));
    assert!(named_by("japanese").any(|c| c == "ja"));
    assert!(named_by("ドイツ語").any(|c| c == "de"));
    // Short names and words that name no language lead nowhere.
    assert_eq!(named_by("lao").count(), 0);
    assert_eq!(named_by("version").count(), 0);
    assert_eq!(named_by("").count(), 0);
}

#[test]
fn own_and_english_names() {
    assert_eq!(
        own_and_english("de").collect::<Vec<_>>(),
        ["Deutsch", "German"]
    );
    assert_eq!(
        own_and_english("zh").collect::<Vec<_>>(),
        ["中文", "Chinese"]
    );
    // The English name stands third even when it is the language's own ("Igbo").
    assert_eq!(own_and_english("ig").collect::<Vec<_>>(), ["Igbo", "Igbo"]);
    assert_eq!(own_and_english("xx").count(), 0);
}

#[test]
fn codes_alone_or_with_a_region() {
    assert!(is_code_of("de", "de"));
    assert!(is_code_of(" de ", "de"));
    assert!(is_code_of("pt-br", "pt"));
    assert!(is_code_of("en_us", "en"));
    assert!(!is_code_of("design", "de"));
    assert!(!is_code_of("de la", "de"));
    assert!(!is_code_of("en-", "en"));
    assert!(!is_code_of("", "de"));
}

#[test]
fn the_table_is_sorted_by_code() {
    let codes: Vec<&str> = include_str!("../languages.tsv")
        .lines()
        .map(|l| l.split('\t').next().unwrap_or(l))
        .collect();
    assert!(codes.len() > 80);
    assert!(codes.windows(2).all(|w| w[0] < w[1]));
}
