//! Lays out, once at compile time, what a process would otherwise build when it starts, so
//! that it uses them as they lie in the binary: the trie of the built-in model's pieces
//! (instead of sorting 64,000 pieces), and the function words of every language by word
//! (instead of a map of 11,515 folded words, over half of a goal digest's own work on a small
//! page), and the languages by each of their names. Nothing is downloaded: the inputs are the
//! tables in `src/`.

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
const LANGUAGES: &str = "src/digest/meaning/languages.tsv";

fn main() {
    println!("cargo::rerun-if-changed={TABLE}");
    println!("cargo::rerun-if-changed=src/digest/meaning/relatedness/format.rs");
    println!("cargo::rerun-if-changed={STOPWORDS}");
    println!("cargo::rerun-if-changed={LANGUAGES}");
    println!("cargo::rerun-if-changed=src/digest/meaning/text/fold.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        println!("cargo::error=OUT_DIR is not set: build snapshot-digest with cargo");
        return;
    };
    write_trie(&out_dir);
    write_function_words(&out_dir);
    write_language_names(&out_dir);
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

/// A table of `src/`, or `None` after saying why the build cannot go on.
fn read_table(path: &str) -> Option<String> {
    std::fs::read_to_string(path)
        .map_err(|e| {
            println!("cargo::error=cannot read {path}: {e}; restore it from the repository")
        })
        .ok()
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
    let Some(table) = read_table(STOPWORDS) else {
        return;
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
    write(out_dir, "stopwords-by-word.idx", &line_starts(&by_word));
    let lists = format!(
        "/// How many lists the function-word table holds, English's included.\nconst LISTS: usize = {next};\n"
    );
    write(out_dir, "stopwords-lists.rs", lists.as_bytes());
}

/// Where each line of `table` starts, a little-endian u32 each: a page's first 600 words are
/// each looked up, and a search over line starts reads a line a step.
fn line_starts(table: &str) -> Vec<u8> {
    let mut starts = Vec::new();
    let mut at = 0u32;
    for line in table.lines() {
        starts.extend_from_slice(&at.to_le_bytes());
        at += u32::try_from(line.len() + 1).unwrap_or(u32::MAX);
    }
    starts
}

/// The languages by name: `languages-by-name.tsv`, a line per folded one-word name of four
/// chars or more in `languages.tsv` (a line per language: its code, then its names), a tab
/// and the codes of the languages it names, space-separated, sorted by name; with
/// `languages-by-name.idx`, where its lines start. Shorter names ("Lao") and names of several
/// words are left out: a goal word meets them by chance. A line without a code and a name is
/// reported and skipped.
fn write_language_names(out_dir: &Path) {
    let Some(table) = read_table(LANGUAGES) else {
        return;
    };
    let mut codes: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for (n, line) in table.lines().enumerate() {
        let mut fields = line.split('\t');
        let code = fields.next().unwrap_or_default();
        let names: Vec<&str> = fields.filter(|name| !name.trim().is_empty()).collect();
        if code.is_empty() || code.contains(' ') || names.is_empty() {
            println!(
                "cargo::warning={LANGUAGES}:{}: a language needs a code and a name; line skipped",
                n + 1
            );
            continue;
        }
        for name in names {
            let folded = fold::fold(name.trim());
            if folded.chars().count() < 4 || !folded.chars().all(char::is_alphanumeric) {
                continue;
            }
            let entry = codes.entry(folded).or_default();
            if !entry.contains(&code) {
                entry.push(code);
            }
        }
    }
    let mut by_name = String::new();
    for (name, codes) in &codes {
        by_name.push_str(&format!("{name}\t{}\n", codes.join(" ")));
    }
    write(out_dir, "languages-by-name.tsv", by_name.as_bytes());
    write(out_dir, "languages-by-name.idx", &line_starts(&by_name));
}
