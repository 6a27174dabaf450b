use super::KeyStarts;

#[test]
fn key_starts_pass_every_word_a_key_begins_and_few_others() {
    let keys = ["twit", "é", "a", "加入", "log"];
    let starts = KeyStarts::new(keys.iter());
    for word in [
        "twitteru",
        "twit",
        "é",
        "émile",
        "a",
        "ab",
        "加入購物車",
        "login",
        "lo",
    ] {
        assert!(starts.may_start(word), "{word}");
    }
    for word in ["trust", "b", "e", "中", "zz", ""] {
        assert!(!starts.may_start(word), "{word}");
    }
}
