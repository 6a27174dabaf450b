//! Writes the learned ranking's training data: for every goal of the four goal sets, every
//! candidate of its page with the features the digest computes for it
//! (`snapshot_digest::rank_features`) and whether it is one of the goal's targets. What
//! `scripts/train-ranking.py` learns from: Python trains on exactly what Rust computes.
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin rank_features -- --out target/rank-features.tsv`
//! (`--without snowball` and the like: the features with a resource left out, to retrain
//! the ranking without it; `digest_quality --without` the same for the digests).
//!
//! One line per candidate, tab-separated: set, goal id, page file, site (the page id without
//! its `-N` suffix), a hash of the snapshot text (pages shared between sets have the same),
//! difficulty, whether the page is real and in English (`en`, `other`, `-` for MiniWoB),
//! whether the snapshot is within its budget (the digest returns it whole), the candidate's
//! ref, the target group it belongs to (`-1` for none), the digest's rank score, then one
//! column per feature. The first line names the columns.

#![allow(clippy::print_stdout, reason = "a report printed for people")]

use std::fmt::Write as _;
use std::hash::{DefaultHasher, Hash, Hasher};

use mcp_lean_benches::corpus_dir;
use mcp_lean_benches::goals::{is_english, load_goals};
use snapshot_digest::{DigestConfig, estimate_tokens, parse, rank_features};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1))
        .map_or("target/rank-features.tsv", String::as_str);
    let config = DigestConfig {
        without: mcp_lean_benches::resources_without(&args),
        ..DigestConfig::default()
    };
    let mut text = String::new();
    let mut header = false;
    let (mut goals_written, mut rows) = (0usize, 0usize);
    for (set, file) in [
        ("dev", "goals-dev.jsonl"),
        ("val", "goals-val.jsonl"),
        ("val2", "goals-val2.jsonl"),
        ("val3", "goals-val3.jsonl"),
    ] {
        for case in load_goals(&corpus_dir().join(file)) {
            let page = std::fs::read_to_string(corpus_dir().join(&case.file))
                .unwrap_or_else(|e| panic!("cannot read the page of goal {}: {e}", case.id));
            let Ok(snap) = parse(&page) else { continue };
            let f = rank_features(&snap, &case.goal, &config);
            if !header {
                text.push_str(
                    "set\tgoal\tfile\tsite\thash\tdifficulty\tlanguage\twhole\tref\ttarget\tscore",
                );
                for name in f.names {
                    write!(text, "\t{name}").expect("write to a string");
                }
                text.push('\n');
                header = true;
            }
            let language = match (case.difficulty.as_str(), is_english(&page)) {
                ("miniwob", _) => "-",
                (_, true) => "en",
                (_, false) => "other",
            };
            let tokens = estimate_tokens(&page);
            let whole = u8::from(tokens < config.budget(tokens));
            let mut hasher = DefaultHasher::new();
            page.hash(&mut hasher);
            let hash = hasher.finish();
            let stem = case
                .file
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .trim_end_matches(".ai.yaml");
            let site = match stem.rsplit_once('-') {
                Some((site, n)) if n.chars().all(|c| c.is_ascii_digit()) => site,
                _ => stem,
            };
            let width = f.names.len();
            for (r, aria_ref) in f.refs.iter().enumerate() {
                let target = case
                    .targets
                    .iter()
                    .position(|group| group.contains(aria_ref))
                    .map_or(-1, |g| g as i64);
                write!(
                    text,
                    "{set}\t{}\t{}\t{site}\t{hash:016x}\t{}\t{language}\t{whole}\t{aria_ref}\t{target}\t{:.4}",
                    case.id, case.file, case.difficulty, f.scores[r]
                )
                .expect("write to a string");
                for v in &f.values[r * width..(r + 1) * width] {
                    write!(text, "\t{v:.4}").expect("write to a string");
                }
                text.push('\n');
                rows += 1;
            }
            goals_written += 1;
        }
    }
    std::fs::write(out, text).unwrap_or_else(|e| panic!("cannot write {out}: {e}"));
    println!("{goals_written} goals, {rows} candidates written to {out}");
}
