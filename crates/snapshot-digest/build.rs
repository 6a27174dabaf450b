//! Lays out, once at compile time, what a process would otherwise build when it starts, so
//! that it uses them as they lie in the binary: the trie of the built-in model's pieces
//! (instead of sorting 64,000 pieces), and the function words of every language by word
//! (instead of a map of 11,515 folded words, over half of a goal digest's own work on a small
//! page). Nothing is downloaded: the inputs are the tables in `src/`.

#[path = "src/digest/meaning/relatedness/format.rs"]
#[allow(
    dead_code,
    reason = "the crate reads the layout; the build script only writes it"
)]
mod format;

#[path = "src/digest/meaning/text/fold.rs"]
#[allow(dead_code, reason = "the build script folds whole words only")]
mod fold;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const TABLE: &str = "src/digest/meaning/relatedness.bin";
const STOPWORDS: &str = "src/digest/meaning/stopwords.tsv";

fn main() {
    println!("cargo::rerun-if-changed={TABLE}");
    println!("cargo::rerun-if-changed=src/digest/meaning/relatedness/format.rs");
    println!("cargo::rerun-if-changed={STOPWORDS}");
    println!("cargo::rerun-if-changed=src/digest/meaning/text/fold.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        println!("cargo::error=OUT_DIR is not set: build snapshot-digest with cargo");
        return;
    };
    write_trie(&out_dir);
    write_function_words(&out_dir);
}

/// Writes `bytes` to `name` in `out_dir`, or says why the build cannot go on.
fn write(out_dir: &Path, name: &str, bytes: &[u8]) {
    let out = out_dir.join(name);
    if let Err(e) = std::fs::write(&out, bytes) {
        println!(
            "cargo::error=cannot write {}: {e}; check that the build directory is writable",
            out.display()
        );
    }
}

/// The model's trie, `relatedness-trie.bin`.
fn write_trie(out_dir: &Path) {
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
    write(out_dir, "relatedness-trie.bin", &bytes);
}

/// The function-word table by word: `stopwords-by-word.tsv`, a line per folded word with the
/// lists that hold it as hex bits (bit 0 English, bit `k` the `k`th other language in table
/// order, at most 64 lists), sorted by word for binary search, with `stopwords-by-word.idx`,
/// where its lines start; and `stopwords-lists.rs`, the number of lists.
fn write_function_words(out_dir: &Path) {
    let table = match std::fs::read_to_string(STOPWORDS) {
        Ok(table) => table,
        Err(e) => {
            println!("cargo::error=cannot read {STOPWORDS}: {e}; restore it from the repository");
            return;
        }
    };
    let mut masks: BTreeMap<String, u64> = BTreeMap::new();
    let mut next = 1;
    for line in table.lines() {
        let Some((code, words)) = line.split_once('\t') else {
            continue;
        };
        let bit = if code == "eng" {
            0
        } else if next < 64 {
            next += 1;
            next - 1
        } else {
            continue;
        };
        for word in words.split(' ').filter(|w| !w.is_empty()) {
            *masks.entry(fold::fold(word)).or_default() |= 1 << bit;
        }
    }
    let mut by_word = String::new();
    for (word, mask) in &masks {
        by_word.push_str(&format!("{word}\t{mask:x}\n"));
    }
    write(out_dir, "stopwords-by-word.tsv", by_word.as_bytes());
    // Where each line starts, a little-endian u32 each: a page's first 600 words are each
    // looked up, and a search over line starts reads a line a step.
    let mut starts = Vec::new();
    let mut at = 0u32;
    for line in by_word.lines() {
        starts.extend_from_slice(&at.to_le_bytes());
        at += u32::try_from(line.len() + 1).unwrap_or(u32::MAX);
    }
    write(out_dir, "stopwords-by-word.idx", &starts);
    let lists = format!(
        "/// How many lists the function-word table holds, English's included.\nconst LISTS: usize = {next};\n"
    );
    write(out_dir, "stopwords-lists.rs", lists.as_bytes());
}
