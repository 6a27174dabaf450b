//! The fuzz target's property, checked on random server text, on the minimized crashes and on
//! the fuzz seeds.

include!("fuzz_property.rs");

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Random server text built from the pieces Playwright MCP writes, and arbitrary text.
    #[test]
    fn any_server_text_is_rewritten_safely(
        pieces in proptest::collection::vec(proptest::sample::select(vec![
            "### Snapshot\n", "### Result\n", "### Page\n", "```yaml\n", "```\n", "- [Snapshot](out/page.yml)\n",
            "- Page URL: http://x/\n", "- Page Snapshot:\n", "- button \"Go\" [ref=e1]\n", "  - link \"a\" [ref=e2]:\n",
            "    - /url: /a\n", "\"unterminated\n", "\t", "é", "[ref=", "\r\n", "{\"a\": [1, 2]}\n",
        ]), 0..40),
        noise in ".{0,40}",
    ) {
        let mut text: String = pieces.concat();
        text.push_str(&noise);
        check_property(&text);
    }
}

#[test]
fn minimized_fuzz_crashes_hold_the_property() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/fuzz_regressions");
    for entry in std::fs::read_dir(dir).expect("fuzz_regressions/") {
        let bytes = std::fs::read(entry.expect("an entry").path()).expect("a crash file");
        if let Ok(text) = std::str::from_utf8(&bytes) {
            check_property(text);
        }
    }
}

#[test]
fn fuzz_seeds_hold_the_property() {
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds");
    let mut checked = 0;
    for entry in std::fs::read_dir(seeds).expect("fuzz/seeds") {
        let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a seed");
        check_property(&text);
        checked += 1;
    }
    assert!(checked >= 4);
}
