//! The goal files of the corpus (`goals-dev.jsonl`, `goals-val.jsonl`) and their success rule.

use std::path::Path;

use serde_json::Value;
use snapshot_digest::{DigestConfig, digest_with, parse};

/// One goal on one page, with the refs that satisfy it.
#[derive(Debug, Clone)]
pub struct GoalCase {
    /// The goal's id, unique in its file.
    pub id: String,
    /// The page's snapshot, relative to the corpus folder.
    pub file: String,
    /// The goal in plain words.
    pub goal: String,
    /// `exact`, `paraphrase`, `implicit` or `miniwob`.
    pub difficulty: String,
    /// Groups of refs: every group needs one of its refs in the output.
    pub targets: Vec<Vec<String>>,
}

/// Reads a goals file.
///
/// # Panics
///
/// Panics, naming the file and line, when the file cannot be read or a line is not a goal:
/// a quality figure over a partly read set would be wrong.
#[must_use]
pub fn load_goals(path: &Path) -> Vec<GoalCase> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, line)| {
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: not a JSON goal: {e}", path.display(), n + 1));
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

/// The corpus README's rule: every group has at least one of its refs in the output.
#[must_use]
pub fn success(output: &str, targets: &[Vec<String>]) -> bool {
    targets
        .iter()
        .all(|group| group.iter().any(|r| output.contains(&format!("[ref={r}]"))))
}

/// Where the goal digest at default settings first shows every target group when read page
/// after page (`page: 1`, `2`, …, at most `max_pages`): that page, and how many ref lines were
/// read up to the one that completed the targets. `None` when the targets are not all shown
/// within `max_pages`, or the page does not parse. Finer than [`success`]: a change that
/// moves a target from the 30th line to the 12th shows here before it flips a goal.
#[must_use]
pub fn reach(text: &str, case: &GoalCase, max_pages: usize) -> Option<(usize, usize)> {
    let snap = parse(text).ok()?;
    let mut shown: Vec<String> = Vec::new();
    for page in 1..=max_pages {
        let config = DigestConfig {
            page,
            ..DigestConfig::default()
        };
        let out = digest_with(&snap, &case.goal, &config).text;
        for piece in out.split("[ref=").skip(1) {
            let Some(end) = piece.find(']') else { continue };
            shown.push(piece[..end].to_owned());
            if case
                .targets
                .iter()
                .all(|group| group.iter().any(|r| shown.contains(r)))
            {
                return Some((page, shown.len()));
            }
        }
        // The header names the next page when there is one.
        let next = format!("page {}", page + 1);
        if !out
            .lines()
            .next()
            .is_some_and(|header| header.contains(&next))
        {
            return None;
        }
    }
    None
}
