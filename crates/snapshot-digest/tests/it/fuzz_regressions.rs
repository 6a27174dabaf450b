//! Replays the fuzz seeds and the minimized fuzz crashes through the fuzz target's property.

use std::path::Path;

use crate::fuzz_property::{check_big_page, check_property};

fn replay(dir: &Path) -> usize {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    let mut count = 0;
    for path in entries {
        let bytes = std::fs::read(&path).expect("readable case");
        if let Ok(text) = std::str::from_utf8(&bytes) {
            check_property(text);
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
    assert!(
        seeds >= 4,
        "the hand-written fuzz seeds are replayed ({seeds} found)"
    );
    assert!(
        regressions >= 2,
        "the committed fuzz regressions are replayed ({regressions} found)"
    );
}

/// The property's big page is reached by the seeds: one with nothing held back, one whose
/// text addressed to the agent is held back in each of its copies.
#[test]
fn the_seeds_reach_the_big_page_scanned_beside_its_digest() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds");
    for (file, held) in [("01-basic.yaml", false), ("09-addressed.yaml", true)] {
        let text = std::fs::read_to_string(seeds.join(file)).expect("a readable seed");
        let (snap, _) = snapshot_digest::parse_lenient(&text);
        let rendered = snapshot_digest::render(&snap);
        let syntax = snapshot_digest::Config {
            syntax: Some(snap.syntax()),
            ..snapshot_digest::Config::default()
        };
        assert_eq!(
            check_big_page(&rendered, &syntax, snap.len(), "sign in"),
            Some(held),
            "{file}"
        );
    }
}
