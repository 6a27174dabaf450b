//! Goal digest quality in chrome-devtools-mcp's `uid=` syntax beside Playwright's, on the same
//! pages and goals.
//!
//! ```text
//! MCP_LEAN_CORPUS=../shared/corpus node scripts/capture-devtools.mjs --miniwob target/miniwob/miniwob/html target/devtools-corpus
//! MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin devtools_quality -- target/devtools-corpus
//! ```
//!
//! For each dev and validation goal on a page that was captured (the HTML pages and the MiniWoB
//! tasks), every target ref is mapped to uids of the capture:
//!
//! - by role and name: the uids with the target's role and name (or text); a node without
//!   a name, the one at its place among the unnamed nodes of its role, when both snapshots
//!   have as many;
//! - else by text, for a target whose accessible text the server splits into text nodes (a
//!   clickable `generic` in Playwright's snapshot is a run of text lines in the server's
//!   default snapshot, and clicking one of them clicks the element): the text nodes whose text
//!   is the target's text or a word-bearing part of it.
//!
//! A target maps when at least one uid does. On the goals whose every target group maps, the
//! digest succeeds when each group has one of its uids in the output; the same goals are scored
//! on the Playwright snapshot of the corpus with the same budget.

#![allow(clippy::print_stdout, reason = "prints the measurement")]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use mcp_lean_benches::corpus_dir;
use mcp_lean_benches::goals::{GoalCase, load_goals};
use snapshot_digest::{DigestConfig, Snapshot, digest_with, parse_lenient};

/// `text` with every run of whitespace (no-break spaces too) made one space, trimmed: the
/// two servers write the same text with different spaces.
fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text a node shows: its name, else its own text, else its descendants' texts joined.
fn shown_text(snap: &Snapshot<'_>, at: usize) -> String {
    let nodes = snap.nodes();
    let node = &nodes[at];
    if let Some(own) = node.name().or(node.text()).filter(|t| !t.trim().is_empty()) {
        return squash(own);
    }
    let mut parts = Vec::new();
    for n in &nodes[at + 1..] {
        if n.depth() <= node.depth() {
            break;
        }
        if let Some(t) = n.name().or(n.text()).filter(|t| !t.trim().is_empty()) {
            parts.push(t);
        }
    }
    squash(&parts.join(" "))
}

/// How a goal's targets map to the capture's uids.
#[derive(Default)]
struct Mapping {
    groups: Vec<Vec<String>>,
    by_text: bool,
}

/// Maps each Playwright target of `goal` to the uids of `dt` (see the module docs).
fn map_targets(goal: &GoalCase, pw: &Snapshot<'_>, dt: &Snapshot<'_>) -> Mapping {
    let mut by_key: HashMap<(&str, String), Vec<String>> = HashMap::new();
    let mut texts: Vec<(String, String)> = Vec::new();
    for node in dt.nodes() {
        let Some(r) = node.aria_ref() else { continue };
        let name = squash(node.name().or(node.text()).unwrap_or(""));
        if node.role() == "text" {
            texts.push((name.clone(), r.as_str().to_owned()));
        }
        by_key
            .entry((node.role(), name))
            .or_default()
            .push(r.as_str().to_owned());
    }
    let mut mapping = Mapping::default();
    for group in &goal.targets {
        let mut uids = Vec::new();
        for target in group {
            let Some(at) = pw
                .nodes()
                .iter()
                .position(|n| n.aria_ref().is_some_and(|r| r.as_str() == target))
            else {
                continue;
            };
            let node = &pw.nodes()[at];
            let name = squash(node.name().or(node.text()).unwrap_or(""));
            if let Some(found) = by_key.get(&(node.role(), name.clone())) {
                if !name.is_empty() {
                    uids.extend(found.iter().cloned());
                    continue;
                }
                // A node without a name is not any unnamed node of its role: it is the one
                // at the same place among them, when both snapshots have as many; else it is
                // found by the text it shows.
                let unnamed: Vec<usize> = pw
                    .nodes()
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| {
                        n.aria_ref().is_some()
                            && n.role() == node.role()
                            && squash(n.name().or(n.text()).unwrap_or("")).is_empty()
                    })
                    .map(|(i, _)| i)
                    .collect();
                if unnamed.len() == found.len()
                    && let Some(k) = unnamed.iter().position(|&i| i == at)
                {
                    uids.push(found[k].clone());
                    continue;
                }
            }
            let shown = shown_text(pw, at);
            if shown.is_empty() {
                continue;
            }
            let parts: Vec<&String> = texts
                .iter()
                .filter(|(t, _)| {
                    *t == shown
                        || (t.chars().filter(|c| c.is_alphanumeric()).count() >= 2
                            && shown.contains(t.as_str()))
                })
                .map(|(_, uid)| uid)
                .collect();
            mapping.by_text |= !parts.is_empty();
            uids.extend(parts.into_iter().cloned());
        }
        mapping.groups.push(uids);
    }
    mapping
}

/// Whether every group has one of its refs shown, as `shown` tells for the syntax.
fn success(groups: &[Vec<String>], shown: &dyn Fn(&str) -> bool) -> bool {
    groups.iter().all(|g| g.iter().any(|r| shown(r)))
}

/// Success and compression ratios of one syntax over the mapped goals.
#[derive(Default)]
struct Tally {
    ok: usize,
    ratios: Vec<f64>,
    outputs: Vec<f64>,
}

impl Tally {
    fn add(&mut self, ok: bool, input_chars: usize, output_chars: usize) {
        self.ok += usize::from(ok);
        #[allow(clippy::cast_precision_loss)]
        {
            self.ratios
                .push(input_chars as f64 / output_chars.max(1) as f64);
            self.outputs.push(output_chars as f64);
        }
    }

    /// Median compression and median output chars.
    fn medians(&mut self) -> (f64, f64) {
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied().unwrap_or(0.0)
        };
        (median(&mut self.ratios), median(&mut self.outputs))
    }
}

/// The capture of a goal's page, if there is one: `None` for pages not captured.
fn capture_of(captures: &Path, goal: &GoalCase) -> Option<String> {
    let file = if let Some(page) = goal.file.strip_prefix("readability/") {
        format!("{}.devtools.txt", page.strip_suffix(".ai.yaml")?)
    } else {
        let task = goal
            .file
            .strip_prefix("miniwob/")?
            .strip_suffix(".ai.yaml")?;
        format!("miniwob/{task}.devtools.txt")
    };
    std::fs::read_to_string(captures.join(file)).ok()
}

fn main() {
    let captures = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("target/devtools-corpus"), PathBuf::from);
    let corpus = corpus_dir();
    let config = DigestConfig::default();
    let (mut seen, mut mapped, mut mapped_by_text) = (0, 0, 0);
    // Per kind ("pages", "miniwob") and overall.
    let mut tallies: HashMap<&str, (usize, Tally, Tally)> = HashMap::new();
    for set in ["goals-dev.jsonl", "goals-val.jsonl"] {
        for goal in load_goals(&corpus.join(set)) {
            let Some(devtools_text) = capture_of(&captures, &goal) else {
                continue;
            };
            seen += 1;
            let playwright_text =
                std::fs::read_to_string(corpus.join(&goal.file)).expect("the corpus page");
            let (pw, _) = parse_lenient(&playwright_text);
            let (dt, _) = parse_lenient(&devtools_text);
            let mapping = map_targets(&goal, &pw, &dt);
            if mapping.groups.iter().any(Vec::is_empty) {
                println!("- {}: {:?}: a target does not map", goal.id, goal.goal);
                continue;
            }
            mapped += 1;
            mapped_by_text += usize::from(mapping.by_text);
            let d = digest_with(&dt, &goal.goal, &config);
            let p = digest_with(&pw, &goal.goal, &config);
            // A uid is followed by its role or text, or ends a line with neither.
            let dt_ok = success(&mapping.groups, &|r| {
                d.text.contains(&format!("uid={r} ")) || d.text.contains(&format!("uid={r}\n"))
            });
            let pw_ok = success(&goal.targets, &|r| p.text.contains(&format!("[ref={r}]")));
            let kind = if goal.difficulty == "miniwob" {
                "miniwob"
            } else {
                "pages"
            };
            for key in [kind, "all"] {
                let (count, dt_tally, pw_tally) = tallies.entry(key).or_default();
                *count += 1;
                dt_tally.add(dt_ok, d.stats.input_chars, d.stats.output_chars);
                pw_tally.add(pw_ok, p.stats.input_chars, p.stats.output_chars);
            }
            let verdict = |ok: bool| if ok { "found" } else { "missed" };
            println!(
                "- {}: {:?}: devtools {} ({} -> {} chars), playwright {} ({} -> {} chars){}",
                goal.id,
                goal.goal,
                verdict(dt_ok),
                d.stats.input_chars,
                d.stats.output_chars,
                verdict(pw_ok),
                p.stats.input_chars,
                p.stats.output_chars,
                if mapping.by_text {
                    ", mapped by text"
                } else {
                    ""
                }
            );
        }
    }
    println!(
        "\n{seen} goals on captured pages, {mapped} with every target mapped to uids ({mapped_by_text} of them by text)"
    );
    for key in ["pages", "miniwob", "all"] {
        let Some((count, dt_tally, pw_tally)) = tallies.get_mut(key) else {
            continue;
        };
        let ((dt_ratio, dt_out), (pw_ratio, pw_out)) = (dt_tally.medians(), pw_tally.medians());
        println!(
            "{key}: success devtools {}/{count}, playwright {}/{count}; median compression devtools {dt_ratio:.1}x, playwright {pw_ratio:.1}x; median output chars devtools {dt_out}, playwright {pw_out}",
            dt_tally.ok, pw_tally.ok,
        );
    }
}
