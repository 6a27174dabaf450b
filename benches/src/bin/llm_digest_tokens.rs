//! What the LLM digest sends a model, against the public prototype's way (the whole
//! snapshot), on the dev and validation goals; and how often the goal's targets are in the
//! excerpt at all (the ceiling of a perfect chooser), beside the deterministic digest's
//! success at the same output budget.
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin llm_digest_tokens`
//! (`-- --candidates N` sets the excerpt's budget, default 3,000 tokens).
//!
//! No model runs here: the figures are of the request, which the digest builds the same way
//! whatever model answers.

#![allow(clippy::print_stdout, reason = "a report printed for people")]

use mcp_lean_benches::corpus_dir;
use mcp_lean_benches::goals::{load_goals, success};
use mcp_lean_benches::stats::{median, percentile};
use snapshot_digest::llm::{LlmDigestConfig, excerpt};
use snapshot_digest::{DigestConfig, digest_with, estimate_tokens, parse_lenient};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let candidates = args
        .iter()
        .position(|a| a == "--candidates")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(LlmDigestConfig::default().candidate_tokens);
    let llm = LlmDigestConfig {
        candidate_tokens: candidates,
        ..LlmDigestConfig::default()
    };
    let config = DigestConfig::default();
    println!(
        "Excerpt budget {candidates} tokens (or the digest budget, when larger), digest budget {} tokens growing to {} on large snapshots; tokens are estimate_tokens of the messages.\n",
        config.base_tokens, config.max_tokens
    );
    println!(
        "| set | goals | model asked | median tokens sent | p90 sent | median whole snapshot | p90 whole | sent / whole (sum) | targets in excerpt | deterministic digest success |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (set, file) in [("dev", "goals-dev.jsonl"), ("val", "goals-val.jsonl")] {
        let goals = load_goals(&corpus_dir().join(file));
        let (mut sent, mut whole) = (Vec::new(), Vec::new());
        let (mut reach, mut digest_ok) = (0usize, 0usize);
        for case in &goals {
            let text = std::fs::read_to_string(corpus_dir().join(&case.file))
                .unwrap_or_else(|e| panic!("cannot read the page of goal {}: {e}", case.id));
            let (snap, _) = parse_lenient(&text);
            let Some(e) = excerpt(&snap, &case.goal, &config, &llm) else {
                continue;
            };
            sent.push(e.sent_tokens as f64);
            whole.push(estimate_tokens(&text) as f64);
            if case
                .targets
                .iter()
                .all(|g| g.iter().any(|r| e.refs.contains(r)))
            {
                reach += 1;
            }
            if success(&digest_with(&snap, &case.goal, &config).text, &case.targets) {
                digest_ok += 1;
            }
        }
        let asked = sent.len();
        let pct = |n: usize| 100.0 * n as f64 / asked.max(1) as f64;
        println!(
            "| {set} | {} | {asked} | {:.0} | {:.0} | {:.0} | {:.0} | {:.1} % | {reach} ({:.1} %) | {digest_ok} ({:.1} %) |",
            goals.len(),
            median(&sent),
            percentile(&sent, 0.9),
            median(&whole),
            percentile(&whole, 0.9),
            100.0 * sent.iter().sum::<f64>() / whole.iter().sum::<f64>().max(1.0),
            pct(reach),
            pct(digest_ok),
        );
    }
}
