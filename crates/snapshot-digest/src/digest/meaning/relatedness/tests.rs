//! Tests of the built-in model: the table reads, words segment, and meaning crosses languages.

use super::*;

fn pieces(text: &str) -> Vec<&'static str> {
    let model = StaticEmbeddings::builtin();
    let mut ids = Vec::new();
    Pieces::new(model).of(text, false, &mut ids);
    // The pieces' text ends the table, one a line, after the log-probabilities and vectors.
    let by_id = piece_texts(model.texts, model.pieces).expect("UTF-8");
    ids.iter().map(|&id| by_id[id as usize]).collect()
}

#[test]
fn the_whole_word_table_is_what_searching_each_piece_gives() {
    // A stale `relatedness-whole.bin` (the model's table changed, this one did not) would
    // cut words differently from the search: regenerate it as `whole_words_table` says.
    let model = StaticEmbeddings::builtin();
    assert!(
        !model.whole.is_empty(),
        "the built-in whole-word table was not read"
    );
    assert!(
        model.whole_words_table() == include_bytes!("../relatedness-whole.bin"),
        "relatedness-whole.bin is stale: run the model_whole_words bench binary"
    );
}

#[test]
fn a_whole_word_table_that_does_not_fit_is_not_read() {
    let data: &'static [u8] = include_bytes!("../relatedness.bin");
    let fresh = || StaticEmbeddings::from_table(data).expect("the table reads");
    for bad in [
        &b""[..],
        b"MLWHOLE1",
        b"MLWHOLE1\x01\0\0\0\xff",
        b"not a table at all",
    ] {
        assert!(fresh().with_whole_words(bad).whole.is_empty(), "{bad:?}");
    }
    // Searched or looked up, the same pieces and the same scores.
    let texts = [
        "Anmelden",
        "Sign in to your account",
        "Impressum",
        "über uns",
    ];
    let searched = fresh().scores("log in", &texts);
    assert_eq!(
        StaticEmbeddings::builtin().scores("log in", &texts),
        searched
    );
}

#[test]
fn the_builtin_trie_is_the_one_the_table_builds() {
    // The build script lays it out; a model that had to build it would still work, slower.
    let data: &'static [u8] = include_bytes!("../relatedness.bin");
    let laid_out: &'static [u8] = include_bytes!(concat!(env!("OUT_DIR"), "/relatedness-trie.bin"));
    let table = Table::read(data).expect("the table reads");
    let built = Trie::new(&table.piece_texts().expect("UTF-8"), &table.logp());
    assert!(Trie::from_bytes(laid_out, table.pieces).is_some());
    assert!(
        laid_out == built.bytes(),
        "the build script's trie differs from the one the table builds"
    );
}

#[test]
fn the_builtin_table_reads() {
    let model = StaticEmbeddings::builtin();
    assert_eq!((model.pieces, model.dims), (64_000, 128));
    assert_eq!(model.vectors.len(), 64_000 * 128);
}

#[test]
fn words_are_cut_into_the_most_probable_pieces() {
    assert_eq!(pieces("Sign in"), ["▁sign", "▁in"]);
    // Folded first: case and accents do not matter.
    assert_eq!(pieces("Über"), pieces("uber"));
    // A word the table lacks whole is cut into pieces it has.
    assert!(pieces("Anmeldeformular").len() >= 2);
    assert!(pieces("").is_empty());
}

#[test]
fn pieces_are_the_ids_scoring_reads() {
    let model = StaticEmbeddings::builtin();
    let ids = model.pieces("Sign in, SIGN IN");
    assert_eq!(ids.len(), 4);
    assert_eq!(ids[..2], ids[2..]);
    assert_eq!(
        ids[..2]
            .iter()
            .map(|&id| model.row(id).len())
            .sum::<usize>(),
        2 * model.dims
    );
    assert!(model.pieces("…").is_empty());
}

#[test]
fn meaning_crosses_languages() {
    let model = StaticEmbeddings::builtin();
    let texts = ["Anmelden", "Impressum", "Datenschutz", "Kommentare (12)"];
    let best = |goal: &str| {
        let s = model.scores(goal, &texts);
        (0..texts.len())
            .max_by(|&a, &b| s[a].total_cmp(&s[b]))
            .unwrap_or(usize::MAX)
    };
    assert_eq!(best("sign in to my account"), 0);
    assert_eq!(best("what did readers say about this?"), 3);
}

#[test]
fn unreadable_texts_and_goals_score_negative_infinity() {
    let model = StaticEmbeddings::builtin();
    assert!(model.scores("sign in", &[]).is_empty());
    let s = model.scores("sign in", &["", "Anmelden"]);
    assert_eq!(s[0], f32::NEG_INFINITY);
    assert!(s[1].is_finite());
    // A goal of stop words alone says nothing.
    assert_eq!(model.scores("to the", &["Anmelden"]), [f32::NEG_INFINITY]);
}

#[test]
fn scores_are_deterministic() {
    let model = StaticEmbeddings::builtin();
    let texts = ["Weather", "Pronóstico", "Sport", "天気予報"];
    assert_eq!(
        model.scores("will it rain tomorrow", &texts),
        model.scores("will it rain tomorrow", &texts)
    );
}

#[test]
fn a_table_in_another_format_is_refused() {
    assert!(StaticEmbeddings::from_table(b"").is_none());
    assert!(StaticEmbeddings::from_table(b"MLREL1\0\0\x05\0\0\0").is_none());
    assert!(StaticEmbeddings::from_table(b"not a table at all, not at all").is_none());
}
