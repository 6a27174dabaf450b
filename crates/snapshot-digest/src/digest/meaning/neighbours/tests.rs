use super::*;

#[test]
fn finds_neighbours_of_words_and_their_base_forms() {
    assert!(lookup("brain").contains(&"neuroscience"));
    assert!(lookup("text").contains(&"sms"));
    // An inflected form the table does not list as a head reads its base's line.
    assert!(lookup("forecasts").contains(&"prediction"));
    assert_eq!(lookup("zzqxs"), Vec::<&str>::new());
    assert_eq!(lookup(""), Vec::<&str>::new());
}

#[test]
fn contrasting_words_are_left_out() {
    // Embeddings put antonyms and co-hyponyms close; WordNet removed them.
    assert!(!lookup("two").contains(&"three"));
    assert!(!lookup("continue").contains(&"stop"));
    assert!(!lookup("eat").contains(&"drink"));
}

#[test]
fn the_table_is_sorted_and_well_formed() {
    table().check(2);
}
