//! Error of `snapshot_digest::estimate_tokens` against a real BPE tokenizer (o200k_base, the
//! vocabulary of OpenAI's current models) over every AI snapshot of the corpus.
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin token_error`
//! (`-- --features` prints per-file feature counts for fitting).

#![allow(clippy::print_stdout, reason = "a report printed for people")]

use mcp_lean_benches::ai_snapshots;
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
}
