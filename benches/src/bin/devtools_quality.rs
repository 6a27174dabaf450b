//! Goal digest quality in chrome-devtools-mcp's `uid=` syntax beside Playwright's, on the same
//! pages and goals.
//!
//! ```text
//! MCP_LEAN_CORPUS=../shared/corpus node scripts/capture-devtools.mjs target/devtools-corpus
//! MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin devtools_quality -- target/devtools-corpus
//! ```
//!
//! For each dev and validation goal on a page that was captured, every target ref is mapped to
//! the uids of the capture with the same role and name (a target maps when at least one uid
//! does). On the goals whose every target group maps, the digest succeeds when each group has
//! one of its uids in the output; the same goals are scored on the Playwright snapshot of the
//! corpus with the same budget.

#![allow(clippy::print_stdout, reason = "prints the measurement")]

use std::collections::HashMap;
use std::path::PathBuf;

use mcp_lean_benches::corpus_dir;
use mcp_lean_benches::goals::load_goals;
use snapshot_digest::{DigestConfig, Snapshot, digest_with, parse_lenient};

/// `(role, name)` → the refs of the nodes that have them.
fn by_role_and_name(snap: &Snapshot<'_>) -> HashMap<(String, String), Vec<String>> {
    let mut map: HashMap<(String, String), Vec<String>> = HashMap::new();
    for node in snap.nodes() {
        let Some(r) = node.aria_ref() else { continue };
        let name = node.name().or(node.text()).unwrap_or("").trim().to_owned();
        map.entry((node.role().to_owned(), name))
            .or_default()
            .push(r.as_str().to_owned());
    }
    map
}

/// Whether every group has one of its refs in `output`, written as the syntax writes refs.
fn success(output: &str, groups: &[Vec<String>], marker: &dyn Fn(&str) -> String) -> bool {
    groups
        .iter()
        .all(|g| g.iter().any(|r| output.contains(&marker(r))))
}

fn main() {
    let captures = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("target/devtools-corpus"), PathBuf::from);
    let corpus = corpus_dir();
    let config = DigestConfig::default();
    let (mut goals_seen, mut mapped, mut ok_devtools, mut ok_playwright) = (0, 0, 0, 0);
    let (mut ratio_devtools, mut ratio_playwright) = (Vec::new(), Vec::new());
    for set in ["goals-dev.jsonl", "goals-val.jsonl"] {
        for goal in load_goals(&corpus.join(set)) {
            let Some(page) = goal
                .file
                .strip_prefix("readability/")
                .and_then(|f| f.strip_suffix(".ai.yaml"))
            else {
                continue;
            };
            let Ok(devtools_text) =
                std::fs::read_to_string(captures.join(format!("{page}.devtools.txt")))
            else {
                continue;
            };
            goals_seen += 1;
            let playwright_text =
                std::fs::read_to_string(corpus.join(&goal.file)).expect("the corpus page");
            let (pw, _) = parse_lenient(&playwright_text);
            let (dt, _) = parse_lenient(&devtools_text);
            let pw_nodes = by_role_and_name(&pw);
            let dt_index = by_role_and_name(&dt);
            // Each Playwright target ref → its (role, name) → the capture's uids.
            let mut groups = Vec::new();
            for group in &goal.targets {
                let uids: Vec<String> = group
                    .iter()
                    .filter_map(|r| {
                        pw_nodes
                            .iter()
                            .find(|(_, refs)| refs.contains(r))
                            .map(|(key, _)| key.clone())
                    })
                    .filter_map(|key| dt_index.get(&key).cloned())
                    .flatten()
                    .collect();
                groups.push(uids);
            }
            if groups.iter().any(Vec::is_empty) {
                println!("- {}: {:?}: a target does not map", page, goal.goal);
                continue;
            }
            mapped += 1;
            let d = digest_with(&dt, &goal.goal, &config);
            let p = digest_with(&pw, &goal.goal, &config);
            let dt_ok = success(&d.text, &groups, &|r| format!("uid={r} "));
            let pw_ok = success(&p.text, &goal.targets, &|r| format!("[ref={r}]"));
            ok_devtools += usize::from(dt_ok);
            ok_playwright += usize::from(pw_ok);
            #[allow(clippy::cast_precision_loss)]
            {
                ratio_devtools
                    .push(d.stats.input_chars as f64 / d.stats.output_chars.max(1) as f64);
                ratio_playwright
                    .push(p.stats.input_chars as f64 / p.stats.output_chars.max(1) as f64);
            }
            println!(
                "- {}: {:?}: devtools {} ({} -> {} chars), playwright {} ({} -> {} chars)",
                page,
                goal.goal,
                if dt_ok { "found" } else { "missed" },
                d.stats.input_chars,
                d.stats.output_chars,
                if pw_ok { "found" } else { "missed" },
                p.stats.input_chars,
                p.stats.output_chars
            );
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    println!(
        "\n{goals_seen} goals on captured pages, {mapped} with every target mapped to uids by role and name"
    );
    println!(
        "success: devtools {ok_devtools}/{mapped}, playwright {ok_playwright}/{mapped}; median compression: devtools {:.1}x, playwright {:.1}x",
        median(&mut ratio_devtools),
        median(&mut ratio_playwright)
    );
}
