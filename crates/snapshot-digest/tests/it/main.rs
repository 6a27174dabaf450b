//! Integration tests of snapshot-digest: the corpus round trip and the reference's tricky cases.

#![allow(
    clippy::print_stderr,
    reason = "tests say on stderr when the corpus is not configured"
)]

mod corpus;
mod digest;
/// The fuzz target's property, shared with `fuzz/fuzz_targets/parse_snapshot.rs`.
mod fuzz_property;
mod fuzz_regressions;
mod held_back;
#[cfg(feature = "llm")]
mod llm;
mod pages;
mod props;
mod tricky;
mod write;

use std::path::PathBuf;

/// The corpus folder from `MCP_LEAN_CORPUS`, or `None` when the variable is unset.
///
/// # Panics
///
/// Panics when the variable is set but the folder is missing: a test that was given a corpus
/// must not pass by skipping it.
pub(crate) fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("MCP_LEAN_CORPUS")?);
    assert!(
        dir.is_dir(),
        "MCP_LEAN_CORPUS={} is not a folder",
        dir.display()
    );
    Some(dir)
}

/// Every snapshot file of the corpus (`*.ai.yaml` and `*.aria.yaml`), sorted.
pub(crate) fn corpus_snapshots(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for sub in ["readability", "miniwob"] {
        let entries = std::fs::read_dir(dir.join(sub)).expect("corpus subfolder is readable");
        for entry in entries {
            let path = entry.expect("directory entry").path();
            let name = path.to_string_lossy();
            if name.ends_with(".ai.yaml") || name.ends_with(".aria.yaml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
