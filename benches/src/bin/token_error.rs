//! Error of `snapshot_digest::estimate_tokens` against a real BPE tokenizer (o200k_base, the
//! vocabulary of OpenAI's current models) over every AI snapshot of the corpus.
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin token_error`
//! (`-- --features` prints per-file feature counts for fitting). A second table splits the
//! error by script over the AI snapshots of `readability/`, `val2/pages/` and `val3/pages/`
//! and a digest of each, since `readability/` alone has little text outside the Latin script.

#![allow(clippy::print_stdout, reason = "a report printed for people")]

use mcp_lean_benches::{ai_snapshots, corpus_files};
use snapshot_digest::{digest, estimate_tokens, parse};

fn main() {
    let features = std::env::args().any(|a| a == "--features");
    let bpe = tiktoken_rs::o200k_base().expect("the o200k_base vocabulary ships with tiktoken-rs");
    let mut errors = Vec::new();
    let (mut real_total, mut est_total) = (0usize, 0usize);
    let mut samples: Vec<String> = Vec::new();
    for (name, text) in ai_snapshots() {
        if text.is_empty() {
            continue;
        }
        samples.push(text.clone());
        // Digests too: budgets are applied to them.
        let snap = parse(&text).expect("corpus parses");
        samples.push(digest(&snap, "sign in").text);
        let _ = name;
    }
    for text in &samples {
        let real = bpe.encode_ordinary(text).len();
        let est = estimate_tokens(text);
        if features {
            let ascii_alnum = text.bytes().filter(u8::is_ascii_alphanumeric).count();
            let ascii_other = text
                .bytes()
                .filter(|b| b.is_ascii() && !b.is_ascii_alphanumeric() && *b != b' ')
                .count();
            let spaces = text.bytes().filter(|b| *b == b' ').count();
            let non_ascii = text.chars().filter(|c| !c.is_ascii()).count();
            let lines = text.lines().count();
            println!(
                "{real} {ascii_alnum} {ascii_other} {spaces} {non_ascii} {lines} {}",
                text.len()
            );
        }
        real_total += real;
        est_total += est;
        errors.push((est as f64 - real as f64) / real.max(1) as f64);
    }
    if features {
        return;
    }
    let mut abs: Vec<f64> = errors.iter().map(|e| e.abs()).collect();
    abs.sort_by(f64::total_cmp);
    let mean = errors.iter().sum::<f64>() / errors.len() as f64;
    let mean_abs = abs.iter().sum::<f64>() / abs.len() as f64;
    let p90 = abs[(abs.len() as f64 * 0.9) as usize];
    println!(
        "texts: {} (each AI snapshot and its digest for \"sign in\")",
        samples.len()
    );
    println!(
        "o200k_base tokens: {real_total}; estimate: {est_total} ({:+.1} % overall)",
        100.0 * (est_total as f64 / real_total as f64 - 1.0)
    );
    println!(
        "per text: mean error {:+.1} %, mean absolute error {:.1} %, p90 absolute error {:.1} %, worst {:.1} %",
        100.0 * mean,
        100.0 * mean_abs,
        100.0 * p90,
        100.0 * abs[abs.len() - 1]
    );
    by_script(&bpe);
}

/// The script a text is mostly written in, beside the ASCII of the snapshot syntax: the
/// first whose letters are over a twentieth of its chars.
fn script(text: &str) -> &'static str {
    let n = text.chars().count().max(1);
    let share = |f: fn(char) -> bool| text.chars().filter(|&c| f(c)).count() * 20 > n;
    if share(|c| ('\u{400}'..='\u{52f}').contains(&c)) {
        "Cyrillic"
    } else if share(|c| u32::from(c) >= 0x800) {
        "three-byte UTF-8 (CJK, Indic, Thai…)"
    } else if share(|c| !c.is_ascii()) {
        "Latin with diacritics, other two-byte"
    } else {
        "mostly ASCII"
    }
}

/// The error of the estimate by script, per text: how the one weight of every non-ASCII
/// char fits each.
fn by_script(bpe: &tiktoken_rs::CoreBPE) {
    let mut texts: Vec<String> = Vec::new();
    for sub in ["readability", "val2/pages", "val3/pages"] {
        for (_, text) in corpus_files(sub, ".ai.yaml") {
            if text.is_empty() {
                continue;
            }
            if let Ok(snap) = parse(&text) {
                texts.push(digest(&snap, "sign in").text);
            }
            texts.push(text);
        }
    }
    let groups = [
        "mostly ASCII",
        "Latin with diacritics, other two-byte",
        "three-byte UTF-8 (CJK, Indic, Thai…)",
        "Cyrillic",
    ];
    println!(
        "\nBy script ({} texts: the AI snapshots of readability/, val2/pages/ and val3/pages/ and a digest of each):\n",
        texts.len()
    );
    println!("| script | texts | total vs real | mean error | mean abs error | least | most |");
    println!("|---|--:|--:|--:|--:|--:|--:|");
    for group in groups {
        let (mut real_total, mut est_total) = (0usize, 0usize);
        let mut errors = Vec::new();
        for text in texts.iter().filter(|t| script(t) == group) {
            let real = bpe.encode_ordinary(text).len();
            let est = estimate_tokens(text);
            real_total += real;
            est_total += est;
            errors.push((est as f64 - real as f64) / real.max(1) as f64);
        }
        if errors.is_empty() {
            continue;
        }
        let n = errors.len() as f64;
        let least = errors.iter().copied().fold(f64::INFINITY, f64::min);
        let most = errors.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        println!(
            "| {group} | {} | {:+.1} % | {:+.1} % | {:.1} % | {:+.1} % | {:+.1} % |",
            errors.len(),
            100.0 * (est_total as f64 / real_total.max(1) as f64 - 1.0),
            100.0 * errors.iter().sum::<f64>() / n,
            100.0 * errors.iter().map(|e| e.abs()).sum::<f64>() / n,
            100.0 * least,
            100.0 * most
        );
    }
}
