//! Replays the fuzz seeds and the minimized fuzz crashes through the fuzz target's property.

use std::path::Path;

use snapshot_digest::{parse, parse_lenient, render};

/// The fuzz target's property: no panic, and what parses survives rendering unchanged.
fn property(text: &str) {
    let (snap, diagnostics) = parse_lenient(text);
    let rendered = render(&snap);
    let again = parse(&rendered).unwrap_or_else(|e| panic!("rendered text does not parse: {e}"));
    assert!(again.same_tree(&snap), "tree changed through rendering:\n{rendered}");
    assert_eq!(render(&again), rendered);
    if diagnostics.is_empty() {
        assert!(parse(text).is_ok_and(|s| s.same_tree(&snap)));
    }
}

fn replay(dir: &Path) -> usize {
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let bytes = std::fs::read(&path).expect("readable case");
        if let Ok(text) = std::str::from_utf8(&bytes) {
            property(text);
            count += 1;
        }
    }
    count
}

#[test]
fn fuzz_seeds_and_regressions_hold() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seeds = replay(&here.join("../../fuzz/seeds"));
    let regressions = replay(&here.join("tests/it/fuzz_regressions"));
    assert!(seeds >= 4, "the hand-written fuzz seeds are replayed ({seeds} found)");
    let _ = regressions;
}
