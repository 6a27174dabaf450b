//! Integration tests of tool-schema through its public API.

include!("fuzz_property.rs");

mod api;
mod compat;
mod corpus;
mod injection;
mod pin;
#[cfg(feature = "rmcp")]
mod rmcp;
mod rules;
mod security;
mod tdqs;
mod tidy;

#[test]
fn fuzz_seeds_and_the_corpus_hold_the_property() {
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures");
    let mut n = 0;
    for entry in std::fs::read_dir(seeds).expect("tests/it/fixtures") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            check_property(&std::fs::read_to_string(&path).expect("a fixture"));
            n += 1;
        }
    }
    for (_, text) in corpus::tool_lists() {
        check_property(&text);
        n += 1;
    }
    assert!(n >= 2, "only {n} inputs");
}
