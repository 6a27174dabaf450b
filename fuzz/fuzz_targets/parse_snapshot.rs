//! Fuzz target: the snapshot parser never panics, and whatever it accepts survives
//! `parse(render(tree)) == tree`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use snapshot_digest::{parse, parse_lenient, render};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (snap, diagnostics) = parse_lenient(text);
    let rendered = render(&snap);
    let again = parse(&rendered).expect("rendered snapshot parses");
    assert!(again.same_tree(&snap), "tree changed through rendering");
    assert_eq!(render(&again), rendered, "rendering is stable");
    if diagnostics.is_empty() {
        let strict = parse(text).expect("strict parse agrees with lenient");
        assert!(strict.same_tree(&snap));
    }
});
