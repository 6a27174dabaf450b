//! Digest quality on the dev goals: success, compression, output size and time of the goal
//! digest, measured in the same run as the corpus README's two baselines.
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin digest_quality`
//! (add `-- --verbose` to list each goal's outcome).

#![allow(clippy::print_stdout, reason = "a report printed for people")]

use std::time::Instant;

use mcp_lean_benches::baselines::{interactive_only, keyword_grep};
use mcp_lean_benches::{ai_snapshots, corpus_dir};
use serde_json::Value;
use snapshot_digest::{digest, full_digest, is_interactive_role, parse};

struct GoalCase {
    id: String,
    file: String,
    goal: String,
    difficulty: String,
    targets: Vec<Vec<String>>,
}

#[derive(Default)]
struct Tally {
    ok: usize,
    total: usize,
    ratios: Vec<f64>,
    sizes: Vec<usize>,
    micros: Vec<f64>,
}

impl Tally {
    fn add(&mut self, ok: bool, input: usize, output: usize, micros: f64) {
        self.total += 1;
        self.ok += usize::from(ok);
        self.ratios.push(input as f64 / output.max(1) as f64);
        self.sizes.push(output);
        self.micros.push(micros);
    }
}

fn median(v: &[f64]) -> f64 {
    percentile(v, 0.5)
}

fn percentile(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let rank = (p * (s.len() - 1) as f64).round() as usize;
    s[rank]
}

fn success(output: &str, targets: &[Vec<String>]) -> bool {
    targets
        .iter()
        .all(|group| group.iter().any(|r| output.contains(&format!("[ref={r}]"))))
}

fn load_goals() -> Vec<GoalCase> {
    let path = corpus_dir().join("goals-dev.jsonl");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("each goals line is JSON");
            let s = |k: &str| v[k].as_str().unwrap_or_default().to_owned();
            let targets = v["targets"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|g| {
                    g.as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|r| r.as_str().map(str::to_owned))
                        .collect()
                })
                .collect();
            GoalCase {
                id: s("id"),
                file: s("file"),
                goal: s("goal"),
                difficulty: s("difficulty"),
                targets,
            }
        })
        .collect()
}

fn main() {
    let verbose = std::env::args().any(|a| a == "--verbose");
    let goals = load_goals();
    let dir = corpus_dir();
    let methods = ["goal digest", "interactive only", "keyword grep"];
    let groups = ["all", "exact", "paraphrase", "implicit"];
    let mut tallies: Vec<Vec<Tally>> = methods
        .iter()
        .map(|_| groups.iter().map(|_| Tally::default()).collect())
        .collect();
    for case in &goals {
        let text = std::fs::read_to_string(dir.join(&case.file)).expect("goal page exists");
        let input = text.chars().count();
        let start = Instant::now();
        let snap = parse(&text).expect("corpus parses");
        let d = digest(&snap, &case.goal);
        let micros = start.elapsed().as_secs_f64() * 1e6;
        let outputs = [
            (d.text.clone(), micros),
            timed(|| interactive_only(&text)),
            timed(|| keyword_grep(&text, &case.goal)),
        ];
        for (m, (out, us)) in outputs.iter().enumerate() {
            let ok = success(out, &case.targets);
            for (g, group) in groups.iter().enumerate() {
                if *group == "all" || *group == case.difficulty {
                    tallies[m][g].add(ok, input, out.chars().count(), *us);
                }
            }
            if m == 0 && verbose {
                let mark = if ok { "ok  " } else { "MISS" };
                println!(
                    "{mark} {:<28} {:>6} -> {:>5} chars  {}",
                    case.id,
                    input,
                    out.chars().count(),
                    case.goal
                );
            }
        }
    }
    println!(
        "| method | goals | success | exact | paraphrase | implicit | median compression | median output chars | p90 output chars | median time |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (m, name) in methods.iter().enumerate() {
        let t = &tallies[m];
        let pct = |x: &Tally| {
            format!(
                "{:.1} % ({}/{})",
                100.0 * x.ok as f64 / x.total.max(1) as f64,
                x.ok,
                x.total
            )
        };
        let sizes: Vec<f64> = t[0].sizes.iter().map(|&s| s as f64).collect();
        println!(
            "| {name} | {} | {} | {} | {} | {} | {:.1}x | {:.0} | {:.0} | {:.2} ms |",
            t[0].total,
            pct(&t[0]),
            pct(&t[1]),
            pct(&t[2]),
            pct(&t[3]),
            median(&t[0].ratios),
            median(&sizes),
            percentile(&sizes, 0.9),
            median(&t[0].micros) / 1000.0,
        );
    }
    full_digest_report();
}

/// The full digest over every AI snapshot of the corpus: refs of interactive elements kept,
/// and compression.
fn full_digest_report() {
    let mut ratios = Vec::new();
    let mut sizes = Vec::new();
    let mut micros = Vec::new();
    let (mut refs, mut kept, mut pages_complete, mut pages) = (0usize, 0usize, 0usize, 0usize);
    for (name, text) in ai_snapshots() {
        if text.is_empty() {
            continue;
        }
        let start = Instant::now();
        let snap = parse(&text).expect("corpus parses");
        let d = full_digest(&snap);
        micros.push(start.elapsed().as_secs_f64() * 1e6);
        let wanted: Vec<String> = snap
            .nodes()
            .iter()
            .filter(|n| is_interactive_role(n.role()))
            .filter_map(|n| n.aria_ref().map(|r| format!("[ref={r}]")))
            .collect();
        let found = wanted
            .iter()
            .filter(|r| d.text.contains(r.as_str()))
            .count();
        refs += wanted.len();
        kept += found;
        pages += 1;
        if found == wanted.len() {
            pages_complete += 1;
        } else {
            println!(
                "full digest of {name} lost {} interactive refs",
                wanted.len() - found
            );
        }
        ratios.push(text.chars().count() as f64 / d.text.chars().count().max(1) as f64);
        sizes.push(d.text.chars().count() as f64);
    }
    println!();
    println!(
        "| full digest | pages | interactive refs kept | pages with all kept | median compression | median output chars | p90 output chars | median time |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    println!(
        "| no goal | {pages} | {:.1} % ({kept}/{refs}) | {pages_complete}/{pages} | {:.1}x | {:.0} | {:.0} | {:.2} ms |",
        100.0 * kept as f64 / refs.max(1) as f64,
        median(&ratios),
        median(&sizes),
        percentile(&sizes, 0.9),
        median(&micros) / 1000.0
    );
}

fn timed(f: impl FnOnce() -> String) -> (String, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64() * 1e6)
}
