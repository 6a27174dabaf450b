//! Writes the built-in model's table of whole words (`relatedness-whole.bin`): the pieces
//! that are whole words and whose best segmentation is themselves, which the model then
//! takes without a search (`StaticEmbeddings::whole_words_table`). Deterministic: it only
//! records what segmenting each piece computes, so a second run writes the same bytes.
//! Run it whenever `relatedness.bin` changes:
//!
//! `cargo run --release -p mcp-lean-benches --bin model_whole_words -- crates/snapshot-digest/src/digest/meaning/relatedness-whole.bin`

#![allow(clippy::print_stderr, reason = "the count is for people")]

use std::process::ExitCode;

use snapshot_digest::StaticEmbeddings;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!(
            "model_whole_words: give the file to write, e.g. crates/snapshot-digest/src/digest/meaning/relatedness-whole.bin"
        );
        return ExitCode::from(2);
    };
    let table = StaticEmbeddings::builtin().whole_words_table();
    let whole: u32 = table.iter().skip(12).map(|b| b.count_ones()).sum();
    if let Err(e) = std::fs::write(&path, &table) {
        eprintln!(
            "model_whole_words: cannot write {path}: {e}; check that its folder exists and is writable"
        );
        return ExitCode::FAILURE;
    }
    eprintln!(
        "{whole} whole words of the table's pieces written to {path} ({} bytes)",
        table.len()
    );
    ExitCode::SUCCESS
}
