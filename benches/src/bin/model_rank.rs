//! How well a model of relatedness alone ranks each goal's targets among all the controls of
//! its page, described as the goal digest describes them to the model (name or first label,
//! section heading: `features::model_scores`): the median rank, the share within the first 10 and 30, and the mean
//! reciprocal rank, per set, difficulty and language. Finer than digest success, and
//! independent of the budget: the measure to compare tables and descriptions with.
//!
//! First it says how long the built-in model takes to load and how much memory it adds
//! (resident set before and after, from `/proc/self/status`).
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin model_rank`
//! (`-- --table FILE` scores with another table in `relatedness.bin`'s format; `-- --pages FILE`
//! keeps only the goals on the page files listed, one a line; `-- --verbose` prints each goal's
//! rank, to standard error, before the table; `-- --dump FILE` writes each goal's candidates,
//! as the model reads them, and the rank it gave, one JSON line a goal, for
//! `scripts/teacher-rank.py` to rank them with the network the table was distilled from).

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a report printed for people"
)]

use std::io::Write as _;

use mcp_lean_benches::goals::{GoalCase, is_english, load_goals};
use mcp_lean_benches::stats::median;
use mcp_lean_benches::{corpus_dir, model_line};
use snapshot_digest::{NodeKind, Relatedness, StaticEmbeddings, is_interactive_role, parse};

fn main() {
    let before = resident_kib();
    let start = std::time::Instant::now();
    let builtin = StaticEmbeddings::builtin();
    let load = start.elapsed();
    // The first scoring touches the table's pages; count them too.
    let _ = builtin.scores("sign in", &["Anmelden"]);
    println!(
        "built-in model: loaded in {:.1} ms, {:.1} MB more resident ({builtin:?})\n",
        load.as_secs_f64() * 1000.0,
        (resident_kib().saturating_sub(before)) as f64 / 1024.0
    );
    let args: Vec<String> = std::env::args().collect();
    let table = args
        .iter()
        .position(|a| a == "--table")
        .and_then(|i| args.get(i + 1))
        .map(|path| {
            let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
            StaticEmbeddings::from_table(Box::leak(bytes.into_boxed_slice()))
                .unwrap_or_else(|| panic!("{path} is not a relatedness table"))
        });
    let verbose = args.iter().any(|a| a == "--verbose");
    let mut dump = args
        .iter()
        .position(|a| a == "--dump")
        .and_then(|i| args.get(i + 1))
        .map(|path| {
            std::io::BufWriter::new(
                std::fs::File::create(path).unwrap_or_else(|e| panic!("cannot create {path}: {e}")),
            )
        });
    // Only the goals on these pages (one page file a line, as in the goals' `file`): the
    // pages a table trained on the other half of the sites never saw.
    let pages: Option<std::collections::HashSet<String>> = args
        .iter()
        .position(|a| a == "--pages")
        .and_then(|i| args.get(i + 1))
        .map(|path| {
            std::fs::read_to_string(path)
                .unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
                .lines()
                .map(str::to_owned)
                .collect()
        });
    let model: &dyn Relatedness = match &table {
        Some(t) => t,
        None => builtin,
    };
    println!("| set | group | goals | median rank | within 10 | within 30 | MRR |");
    println!("|---|---|---|---|---|---|---|");
    let mut total: Vec<(&str, Vec<f64>)> = GROUPS.into_iter().map(|g| (g, Vec::new())).collect();
    for (set, file) in [
        ("dev", "goals-dev.jsonl"),
        ("val", "goals-val.jsonl"),
        ("val2", "goals-val2.jsonl"),
        ("val3", "goals-val3.jsonl"),
    ] {
        let goals = load_goals(&corpus_dir().join(file));
        let mut rows: Vec<(&str, Vec<f64>)> = GROUPS.into_iter().map(|g| (g, Vec::new())).collect();
        for case in &goals {
            if case.difficulty == "miniwob"
                || pages.as_ref().is_some_and(|p| !p.contains(&case.file))
            {
                continue;
            }
            let text = std::fs::read_to_string(corpus_dir().join(&case.file))
                .unwrap_or_else(|e| panic!("cannot read the page of goal {}: {e}", case.id));
            let Some(ranked) = rank(model, &text, case) else {
                continue;
            };
            let rank = ranked.rank;
            let english = if is_english(&text) { "en" } else { "other" };
            if let Some(out) = dump.as_mut() {
                let line = serde_json::json!({
                    "id": case.id,
                    "set": set,
                    "difficulty": case.difficulty,
                    "page_language": english,
                    "goal": case.goal,
                    "texts": ranked.texts,
                    "targets": ranked.targets,
                    "rank": rank,
                });
                writeln!(out, "{line}").unwrap_or_else(|e| panic!("cannot write the dump: {e}"));
            }
            if verbose {
                eprintln!(
                    "{rank:>5} {:<32} {:<10} {english:<5} {}",
                    case.id, case.difficulty, case.goal
                );
            }
            for (group, ranks) in &mut rows {
                if *group == "all" || *group == case.difficulty || *group == english {
                    ranks.push(rank as f64);
                }
            }
        }
        for ((group, ranks), (_, all)) in rows.into_iter().zip(&mut total) {
            report(set, group, &ranks);
            all.extend(ranks);
        }
    }
    for (group, ranks) in total {
        report("all four sets", group, &ranks);
    }
    if let Some(mut out) = dump {
        out.flush()
            .unwrap_or_else(|e| panic!("cannot write the dump: {e}"));
    }
    println!(
        "\nresident after scoring every page: {:.1} MB more than before the model loaded",
        (resident_kib().saturating_sub(before)) as f64 / 1024.0
    );
}

/// The groups of goals reported: all, by difficulty, by the page's language (English pages,
/// pages in other languages).
const GROUPS: [&str; 6] = ["all", "exact", "paraphrase", "implicit", "en", "other"];

/// One row of the table: median rank, share within 10 and 30, mean reciprocal rank.
fn report(set: &str, group: &str, ranks: &[f64]) {
    let n = ranks.len().max(1) as f64;
    let within = |k: f64| 100.0 * ranks.iter().filter(|&&r| r <= k).count() as f64 / n;
    let mrr = ranks.iter().map(|r| 1.0 / r).sum::<f64>() / n;
    println!(
        "| {set} | {group} | {} | {:.0} | {:.1} % | {:.1} % | {:.3} |",
        ranks.len(),
        median(ranks),
        within(10.0),
        within(30.0),
        mrr
    );
}

/// A goal's candidates as the model reads them, and how it ranked them.
struct Ranked {
    /// The rank (from 1) the model gives the goal's hardest target group: for each group,
    /// its best-ranked candidate; the worst of those.
    rank: usize,
    /// Each candidate's line, in page order.
    texts: Vec<String>,
    /// Each target group as the indices of its candidates in `texts`.
    targets: Vec<Vec<usize>>,
}

/// How `model` ranks the goal's targets among the page's controls. `None` when a target is
/// not among the controls.
fn rank(model: &dyn Relatedness, text: &str, case: &GoalCase) -> Option<Ranked> {
    let snap = parse(text).ok()?;
    let nodes = snap.nodes();
    let mut heading: Option<&str> = None;
    let mut refs = Vec::new();
    let mut texts = Vec::new();
    for (node, id) in nodes.iter().zip(snap.ids()) {
        if node.role() == "heading" {
            heading = node.name().or(node.text());
        }
        let control = is_interactive_role(node.role()) || node.role() == "iframe";
        let Some(r) = node
            .aria_ref()
            .filter(|_| control && node.kind() == NodeKind::Element)
        else {
            continue;
        };
        let line = model_line(&snap, id, heading);
        refs.push(r.as_str().to_owned());
        texts.push(line);
    }
    let borrowed: Vec<&str> = texts.iter().map(String::as_str).collect();
    let scores = model.scores(&case.goal, &borrowed);
    let mut order: Vec<usize> = (0..refs.len()).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    let mut rank_of = vec![0; refs.len()];
    for (place, &k) in order.iter().enumerate() {
        rank_of[k] = place + 1;
    }
    let targets: Vec<Vec<usize>> = case
        .targets
        .iter()
        .map(|group| {
            group
                .iter()
                .filter_map(|r| refs.iter().position(|x| x == r))
                .collect()
        })
        .collect();
    let rank = targets
        .iter()
        .map(|group| group.iter().map(|&k| rank_of[k]).min())
        .try_fold(0usize, |worst, best| best.map(|b| worst.max(b)))?;
    Some(Ranked {
        rank,
        texts,
        targets,
    })
}

/// The process's resident set in KiB (`VmRSS`), 0 where `/proc` does not say.
fn resident_kib() -> usize {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
