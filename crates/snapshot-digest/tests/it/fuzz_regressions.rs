//! Replays the fuzz seeds and the minimized fuzz crashes through the fuzz target's property.

use std::path::Path;

use crate::fuzz_property::check_property;

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
