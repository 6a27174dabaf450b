//! Lays out the trie of the built-in model's pieces once, at compile time, so that a process
//! uses it as it lies in the binary instead of sorting 64,000 pieces and building the trie
//! when it starts. Nothing is downloaded: the input is the table in `src/`.

#[path = "src/digest/meaning/relatedness/format.rs"]
#[allow(
    dead_code,
    reason = "the crate reads the layout; the build script only writes it"
)]
mod format;

use std::path::PathBuf;

const TABLE: &str = "src/digest/meaning/relatedness.bin";

fn main() {
    println!("cargo::rerun-if-changed={TABLE}");
    println!("cargo::rerun-if-changed=src/digest/meaning/relatedness/format.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        println!("cargo::error=OUT_DIR is not set: build snapshot-digest with cargo");
        return;
    };
    // A table that does not read gives an empty layout: the crate then builds the trie when
    // the model is first used, as it does for any other table.
    let bytes = std::fs::read(TABLE).ok().map_or_else(Vec::new, |data| {
        let table = format::Table::read(&data);
        table
            .as_ref()
            .and_then(|table| Some((table.piece_texts()?, table.logp())))
            .map_or_else(Vec::new, |(texts, logp)| {
                let pieces: Vec<&[u8]> = texts.iter().map(|p| p.as_bytes()).collect();
                format::trie_bytes(&pieces, &logp)
            })
    });
    let out = out_dir.join("relatedness-trie.bin");
    if let Err(e) = std::fs::write(&out, bytes) {
        println!(
            "cargo::error=cannot write {}: {e}; check that the build directory is writable",
            out.display()
        );
    }
}
