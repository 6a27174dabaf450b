//! Digest quality on the dev goals and the three validation sets (val, val2, val3): success
//! per difficulty, on read goals, on real pages in English and in other languages, within the
//! first three pages of the digest, compression, output size and time of the goal digest,
//! measured in the same run as the corpus README's two baselines, plus a curve of success
//! against budget for all three.
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin digest_quality`
//! (`-- --verbose` lists each goal's outcome and reach, `-- --set val2` measures one set only,
//! `-- --no-curve` leaves out the budget curve,
//! `-- --named-budget N` the budget's share for a goal that names a control outright,
//! `-- --ablation` adds what each language resource and the model add: success without each;
//! `-- --without NAME[,NAME]` leaves resources out (with `--cv`, of folds trained without them),
//! `-- --show ID` prints the digest of goal ID; `-- --cv DIR` digests each goal on a real page with the ranking of the fold that never saw
//! its page, from the tables `scripts/train-ranking.py --folds DIR` writes).

#![allow(clippy::print_stdout, reason = "a report printed for people")]

use std::time::Instant;

use mcp_lean_benches::baselines::{interactive_only, keyword_grep, within_tokens};
use mcp_lean_benches::corpus_dir;
use mcp_lean_benches::forms;
use mcp_lean_benches::goals::{GoalCase, goal_is_english, is_english, load_goals, reach, success};
use mcp_lean_benches::stats::{Tally, median, percentile};
use snapshot_digest::{DigestConfig, Resources, digest_with, parse};

use folds::{Folds, with_fold};
use full::full_digest_report;

mod folds;
mod full;

const METHODS: [&str; 3] = ["goal digest", "interactive only", "keyword grep"];
/// The groups each set is reported in: all goals, each difficulty, read goals, goals asked as a
/// question (whatever they ask for: "where do I report a bug?" is a click), the
/// goals on real pages in English and in other languages (MiniWoB tasks are in neither), and
/// the latter split by the goal's own language: written in English, or in another language
/// (the page's, in the corpus), by `goal_is_english`.
const GROUPS: [&str; 12] = [
    "all",
    "real pages",
    "exact",
    "paraphrase",
    "implicit",
    "miniwob",
    "read",
    "questions",
    "English pages",
    "other languages",
    "other languages, English goals",
    "other languages, goals not in English",
];
/// Pages at least this long are the ones a digest is for; compression is reported on them.
const LARGE_PAGE_CHARS: usize = 5_000;
const CURVE: [usize; 5] = [500, 750, 1_000, 2_000, 4_000];
/// Pages of a goal digest read, at most, to find a goal's targets.
const MAX_PAGES: usize = 6;
/// Refs counted for a goal whose targets are not within `MAX_PAGES` pages, in the mean.
const UNREACHED_REFS: f64 = 256.0;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let verbose = args.iter().any(|a| a == "--verbose");
    let only = args
        .iter()
        .position(|a| a == "--set")
        .and_then(|i| args.get(i + 1));
    let curve = !args.iter().any(|a| a == "--no-curve");
    let sets = [
        ("dev", "goals-dev.jsonl"),
        ("val", "goals-val.jsonl"),
        ("val2", "goals-val2.jsonl"),
        ("val3", "goals-val3.jsonl"),
    ];
    let mut loaded = Vec::new();
    for (set, file) in sets {
        if only.is_some_and(|o| o != set) {
            continue;
        }
        let goals = load_goals(&corpus_dir().join(file));
        let pages = load_pages(&goals);
        loaded.push((set, goals, pages));
    }
    let defaults = default_config(&args);
    let folds = args
        .iter()
        .position(|a| a == "--cv")
        .and_then(|i| args.get(i + 1))
        .map(|dir| Folds::load(dir));
    if let Some(f) = &folds {
        println!(
            "Leave-pages-out cross-validation: each goal on a real page is digested with the ranking of the fold that never saw its page nor its site ({} folds, from {}).\n",
            f.tables.len(),
            f.dir
        );
    }
    let folds = folds.as_ref();
    println!("## Default settings\n");
    println!(
        "| set | method | goals | success | real pages | exact | paraphrase | implicit | MiniWoB | read | questions | English pages | other languages | other languages, English goals | other languages, goals not in English | by page 3 | median compression (pages > 5k chars) | median output chars | p90 output chars | median time |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut validation = vec![Tally::default(); GROUPS.len()];
    let mut every = vec![Tally::default(); GROUPS.len()];
    let (mut deep_validation, mut deep_every) = (Tally::default(), Tally::default());
    for (set, goals, pages) in &loaded {
        let tallies = measure(goals, pages, &defaults, folds, None, verbose);
        let deep = by_page(goals, pages, &defaults, folds, 3);
        for (m, name) in METHODS.iter().enumerate() {
            print_row(set, name, &tallies[m], (m == 0).then_some(&deep));
        }
        for (sum, t) in every.iter_mut().zip(&tallies[0]) {
            sum.merge(t);
        }
        deep_every.merge(&deep);
        if set.starts_with("val") {
            for (sum, t) in validation.iter_mut().zip(&tallies[0]) {
                sum.merge(t);
            }
            deep_validation.merge(&deep);
        }
    }
    if loaded.len() > 1 {
        print_row(
            "val + val2 + val3",
            METHODS[0],
            &validation,
            Some(&deep_validation),
        );
        print_row("all four sets", METHODS[0], &every, Some(&deep_every));
    }
    println!("\n## Reach: the goal digest read page after page (default settings)\n");
    let rows: Vec<String> = loaded
        .iter()
        .flat_map(|(set, goals, pages)| reach_rows(set, goals, pages, &defaults, folds, verbose))
        .collect();
    println!(
        "| set | goals | targets on page 1 | by page 2 | by page 3 | within {MAX_PAGES} pages | geometric mean of refs read until the targets |"
    );
    println!("|---|---|---|---|---|---|---|");
    for row in rows {
        println!("{row}");
    }
    println!("\n## Forms as units: goals with a target inside a form (default settings)\n");
    println!(
        "| set | goals | the whole form shown, goal digest | mean share of the form's controls, goal digest | the whole form shown, interactive only |"
    );
    println!("|---|---|---|---|---|");
    for (set, goals, pages) in &loaded {
        println!("{}", form_row(set, goals, pages, &defaults, folds, verbose));
    }
    if args.iter().any(|a| a == "--ablation") {
        ablation(&loaded, &defaults, folds);
    }
    if !curve {
        full_digest_report();
        return;
    }
    println!("\n## Success against budget (estimated tokens)\n");
    print!("| set | method |");
    for b in CURVE {
        print!(" {b} tokens |");
    }
    println!("\n|---|---|{}", "---|".repeat(CURVE.len()));
    for (set, goals, pages) in &loaded {
        let mut cells = vec![Vec::new(); METHODS.len()];
        for budget in CURVE {
            let config = defaults.clone().with_fixed_budget(budget);
            let tallies = measure(goals, pages, &config, folds, Some(budget), false);
            for (m, cell) in cells.iter_mut().enumerate() {
                let t = &tallies[m][0];
                cell.push(format!("{} ({:.1}x)", t.percent(), median(&t.large_ratios)));
            }
        }
        for (m, name) in METHODS.iter().enumerate() {
            println!("| {set} | {name} | {} |", cells[m].join(" | "));
        }
    }
    full_digest_report();
}

/// A goal's page: its snapshot text, and whether it is a real page in English (`None` for a
/// MiniWoB task, in neither language group).
struct Page {
    text: String,
    english: Option<bool>,
}

/// Success of the goal digest per set, with each language resource left out in turn and
/// without the model: what each one adds on top of all the others.
fn ablation(
    loaded: &[(&str, Vec<GoalCase>, Vec<Page>)],
    defaults: &DigestConfig,
    folds: Option<&Folds>,
) {
    type Without = fn(&mut Resources);
    let variants: [(&str, Option<Without>); 8] = [
        ("everything", None),
        ("without the model", None),
        ("without the lexicon", Some(|r| r.lexicon = true)),
        ("without WordNet", Some(|r| r.wordnet = true)),
        ("without the neighbours", Some(|r| r.neighbours = true)),
        ("without Snowball", Some(|r| r.snowball = true)),
        ("without the function words", Some(|r| r.stopwords = true)),
        ("without the language names", Some(|r| r.languages = true)),
    ];
    println!("\n## What each resource adds (success without it, default settings)\n");
    print!("| resources |");
    for (set, _, _) in loaded {
        print!(" {set} |");
    }
    println!(
        " val + val2 + val3 | val + val2 + val3, English pages | val + val2 + val3, other languages |"
    );
    println!("|---|{}---|---|---|", "---|".repeat(loaded.len()));
    for (name, without) in variants {
        let mut config = defaults.clone();
        if let Some(f) = without {
            f(&mut config.without);
        }
        if name == "without the model" {
            config.without.model = true;
        }
        let mut validation = vec![Tally::default(); GROUPS.len()];
        print!("| {name} |");
        for (set, goals, pages) in loaded {
            let t = &measure(goals, pages, &config, folds, None, false)[0];
            print!(" {} ({}/{}) |", t[0].percent(), t[0].ok, t[0].total);
            if set.starts_with("val") {
                for (sum, x) in validation.iter_mut().zip(t) {
                    sum.merge(x);
                }
            }
        }
        for g in [0, 8, 9] {
            let t = &validation[g];
            print!(" {} ({}/{}) |", t.percent(), t.ok, t.total);
        }
        println!();
    }
}

/// The default settings, with those the command line changes: `--base-tokens N`, `--scale-divisor N`, `--max-tokens N`, `--named-budget PERCENT`.
fn default_config(args: &[String]) -> DigestConfig {
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<usize>().ok())
    };
    let mut config = DigestConfig {
        without: mcp_lean_benches::resources_without(args),
        ..DigestConfig::default()
    };
    if let Some(tokens) = value("--base-tokens") {
        config.base_tokens = tokens;
    }
    if let Some(divisor) = value("--scale-divisor") {
        config.scale_divisor = divisor;
    }
    if let Some(tokens) = value("--max-tokens") {
        config.max_tokens = tokens;
    }
    if let Some(percent) = value("--named-budget") {
        config.named_budget_percent = percent;
    }
    config
}

fn load_pages(goals: &[GoalCase]) -> Vec<Page> {
    let dir = corpus_dir();
    goals
        .iter()
        .map(|g| {
            let text = std::fs::read_to_string(dir.join(&g.file))
                .unwrap_or_else(|e| panic!("cannot read the page of goal {}: {e}", g.id));
            let english = (g.difficulty != "miniwob").then(|| is_english(&text));
            Page { text, english }
        })
        .collect()
}

/// Whether `case` on `page` belongs to report group `group` (one of `GROUPS`).
fn in_group(group: &str, case: &GoalCase, page: &Page) -> bool {
    match group {
        "all" => true,
        "real pages" => page.english.is_some(),
        "read" => case.kind == "read",
        "questions" => page.english.is_some() && is_asked(&case.goal),
        "English pages" => page.english == Some(true),
        "other languages" => page.english == Some(false),
        "other languages, English goals" => {
            page.english == Some(false) && goal_is_english(&case.goal)
        }
        "other languages, goals not in English" => {
            page.english == Some(false) && !goal_is_english(&case.goal)
        }
        difficulty => case.difficulty == difficulty,
    }
}

/// Whether a goal is asked as a question: it ends with a question mark, in any script.
fn is_asked(goal: &str) -> bool {
    goal.trim_end().ends_with(['?', '？'])
}

/// Runs the three methods over every goal. With `cap`, the baselines' outputs are cut to that
/// many tokens (a budget they do not have themselves).
fn measure(
    goals: &[GoalCase],
    pages: &[Page],
    config: &DigestConfig,
    folds: Option<&Folds>,
    cap: Option<usize>,
    verbose: bool,
) -> Vec<Vec<Tally>> {
    let mut tallies: Vec<Vec<Tally>> = METHODS
        .iter()
        .map(|_| GROUPS.iter().map(|_| Tally::default()).collect())
        .collect();
    let show = std::env::args().skip_while(|a| a != "--show").nth(1);
    for (case, page) in goals.iter().zip(pages) {
        let text = &page.text;
        let input = text.chars().count();
        let config = &with_fold(config, folds, case);
        let start = Instant::now();
        let d = parse(text)
            .map(|snap| digest_with(&snap, &case.goal, config).text)
            .unwrap_or_default();
        let micros = start.elapsed().as_secs_f64() * 1e6;
        if show.as_deref() == Some(case.id.as_str()) && cap.is_none() {
            println!("{d}");
        }
        let capped = |out: String| match cap {
            Some(c) => within_tokens(&out, c),
            None => out,
        };
        let outputs = [
            (d, micros),
            timed(|| capped(interactive_only(text))),
            timed(|| capped(keyword_grep(text, &case.goal))),
        ];
        for (m, (out, us)) in outputs.iter().enumerate() {
            let ok = success(out, &case.targets);
            for (g, group) in GROUPS.iter().enumerate() {
                if in_group(group, case, page) {
                    let large = input >= LARGE_PAGE_CHARS;
                    tallies[m][g].add(ok, input, out.chars().count(), *us, large);
                }
            }
            if m == 0 && verbose {
                let mark = if ok { "ok  " } else { "MISS" };
                let language = match page.english {
                    Some(true) => "en",
                    Some(false) => "other",
                    None => "-",
                };
                println!(
                    "{mark} {:<28} {:<10} {:<5} {:<5} {:>6} -> {:>5} chars  {}",
                    case.id,
                    case.difficulty,
                    case.kind,
                    language,
                    input,
                    out.chars().count(),
                    case.goal
                );
            }
        }
    }
    tallies
}

/// The forms row of a set: over the goals with a target inside a form, how often the goal
/// digest (and the interactive-only baseline) shows every control of that form.
fn form_row(
    set: &str,
    goals: &[GoalCase],
    pages: &[Page],
    config: &DigestConfig,
    folds: Option<&Folds>,
    verbose: bool,
) -> String {
    let (mut count, mut whole, mut share, mut baseline) = (0, 0, 0.0, 0);
    for (case, page) in goals.iter().zip(pages) {
        let Ok(snap) = parse(&page.text) else {
            continue;
        };
        let forms = forms::target_forms(&snap, &case.targets);
        if forms.is_empty() {
            continue;
        }
        let out = digest_with(&snap, &case.goal, &with_fold(config, folds, case)).text;
        // The copy of the form the digest shows best (the goal accepts any of them).
        let (s, size) = forms
            .iter()
            .map(|f| (forms::shown_share(&out, f), f.len()))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap_or((0.0, 0));
        if verbose {
            println!(
                "form {:<28} {:>5.1} % of {size} controls",
                case.id,
                100.0 * s
            );
        }
        count += 1;
        share += s;
        whole += usize::from(s >= 1.0);
        let listed = interactive_only(&page.text);
        baseline += usize::from(forms.iter().any(|f| forms::shown_share(&listed, f) >= 1.0));
    }
    let pct = |n: usize| 100.0 * n as f64 / count.max(1) as f64;
    format!(
        "| {set} | {count} | {:.1} % ({whole}/{count}) | {:.1} % | {:.1} % ({baseline}/{count}) |",
        pct(whole),
        100.0 * share / count.max(1) as f64,
        pct(baseline)
    )
}

/// Table rows saying how far into the paged goal digest each goal's targets are, per
/// difficulty: a change too small to flip a goal still moves the mean. With `verbose`, prints
/// each goal's reach first.
fn reach_rows(
    set: &str,
    goals: &[GoalCase],
    pages: &[Page],
    settings: &DigestConfig,
    folds: Option<&Folds>,
    verbose: bool,
) -> Vec<String> {
    let reached: Vec<Option<(usize, usize)>> = goals
        .iter()
        .zip(pages)
        .map(|(case, page)| {
            reach(
                &page.text,
                case,
                MAX_PAGES,
                &with_fold(settings, folds, case),
            )
        })
        .collect();
    if verbose {
        for (case, r) in goals.iter().zip(&reached) {
            match r {
                Some((page, refs)) => println!("reach {:<28} page {page}, {refs} refs", case.id),
                None => println!("reach {:<28} not within {MAX_PAGES} pages", case.id),
            }
        }
    }
    let mut rows = Vec::new();
    for difficulty in GROUPS {
        let picked: Vec<&Option<(usize, usize)>> = goals
            .iter()
            .zip(pages)
            .zip(&reached)
            .filter(|((case, page), _)| in_group(difficulty, case, page))
            .map(|(_, r)| r)
            .collect();
        if picked.is_empty() {
            continue;
        }
        let by = |p: usize| {
            picked
                .iter()
                .filter(|r| r.is_some_and(|(q, _)| q <= p))
                .count()
        };
        let log_sum: f64 = picked
            .iter()
            .map(|r| r.map_or(UNREACHED_REFS, |(_, refs)| refs as f64).log2())
            .sum();
        rows.push(format!(
            "| {set} {difficulty} | {} | {} | {} | {} | {} | {:.2} |",
            picked.len(),
            by(1),
            by(2),
            by(3),
            by(MAX_PAGES),
            (log_sum / picked.len() as f64).exp2(),
        ));
    }
    rows
}

/// A row of the main table; `deep` is the goal digest's success within its first three pages.
fn print_row(set: &str, name: &str, t: &[Tally], deep: Option<&Tally>) {
    let sizes: Vec<f64> = t[0].sizes.iter().map(|&s| s as f64).collect();
    let cell = |x: &Tally| {
        if x.total == 0 {
            "–".to_owned()
        } else {
            format!("{} ({}/{})", x.percent(), x.ok, x.total)
        }
    };
    let groups: Vec<String> = t.iter().map(cell).collect();
    println!(
        "| {set} | {name} | {} | {} | {} | {:.1}x | {:.0} | {:.0} | {:.2} ms |",
        t[0].total,
        groups.join(" | "),
        deep.map_or("–".to_owned(), cell),
        median(&t[0].large_ratios),
        median(&sizes),
        percentile(&sizes, 0.9),
        median(&t[0].micros) / 1000.0,
    );
}

/// Success of the goal digest when its first `pages` pages are read: every target shown on
/// one of them.
fn by_page(
    goals: &[GoalCase],
    pages: &[Page],
    config: &DigestConfig,
    folds: Option<&Folds>,
    within: usize,
) -> Tally {
    let mut tally = Tally::default();
    for (case, page) in goals.iter().zip(pages) {
        let ok = reach(&page.text, case, within, &with_fold(config, folds, case)).is_some();
        tally.add(ok, 0, 0, 0.0, false);
    }
    tally
}

fn timed(f: impl FnOnce() -> String) -> (String, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64() * 1e6)
}
