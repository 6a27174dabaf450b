//! A session of six pages, run straight to a server and through the proxy with the same calls:
//! on each of the corpus's six real pages, open it, take its snapshot, take it again for the
//! goal of the dev or validation set on that page (through the proxy with the goal), and read
//! the page's text. Counts the tokens of every result as the client gets it (its texts, its
//! `structuredContent`, and straight to a server that links snapshot files, those files) and
//! whether each goal snapshot kept its target, found by role and name
//! as the corpus's capture names it (ref numbers differ between captures).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rmcp::RoleClient;
use rmcp::model::CallToolResult;
use rmcp::service::RunningService;
use serde_json::{Value, json};
use snapshot_digest::estimate_tokens;

use crate::site::Site;
use crate::{call, call_result, corpus};

/// The calls of one server that the session makes on each page.
pub(crate) struct Script {
    /// The server's name, for progress lines.
    pub(crate) server: &'static str,
    /// The tool and arguments that open a URL.
    pub(crate) open: fn(&str) -> (&'static str, Value),
    /// The tool and arguments that take the page's snapshot (a goal is added through the
    /// proxy).
    pub(crate) snapshot: (&'static str, Value),
    /// The tool and arguments that read the page's text.
    pub(crate) read: (&'static str, Value),
    /// Whether a result's text shows a target; [`shows_key`] for servers that write
    /// snapshots.
    pub(crate) shows: fn(&str, &Target) -> bool,
    /// The folder a result's `- [Snapshot](path)` links are relative to, for a server that
    /// writes snapshots to files: straight to the server, the agent must read the file to see
    /// the page, so its tokens count.
    pub(crate) workspace: Option<PathBuf>,
}

/// A goal's target as the corpus's capture shows it: `role "name"`, and the words it carries
/// (its name, or for a node without one the first text under it).
#[derive(Debug, Clone)]
pub(crate) struct Target {
    pub(crate) key: String,
    pub(crate) words: Option<String>,
}

/// What the session cost and kept.
#[derive(Debug, Default)]
pub(crate) struct Measured {
    /// Tokens of every result, straight to the server.
    pub(crate) direct: usize,
    /// Tokens of every result, through the proxy.
    pub(crate) proxied: usize,
    /// Goal snapshots whose every target group kept one of its keys.
    pub(crate) kept: usize,
    /// Goal snapshots whose goal has targets.
    pub(crate) goals: usize,
    /// Each goal that lost its target: page, goal and the keys looked for.
    pub(crate) missed: Vec<String>,
    /// Each goal whose target the server's own snapshot does not show (its page state holds
    /// no such element): no digest can keep it, so it is not counted.
    pub(crate) absent: Vec<String>,
}

impl Measured {
    /// The share of the direct session's tokens the proxy saved.
    pub(crate) fn saved(&self) -> f64 {
        1.0 - self.proxied as f64 / self.direct.max(1) as f64
    }
}

/// The corpus's six pages with served HTML, and for each the first goal of the dev, then the
/// validation set on it, with its targets as `role "name"` keys (none for a page without a
/// goal: its snapshot is then asked for "the main content").
pub(crate) fn pages() -> Vec<(String, String, Vec<Vec<Target>>)> {
    let corpus = corpus();
    let mut goals: BTreeMap<String, (String, Vec<Vec<Target>>)> = BTreeMap::new();
    for set in ["goals-dev.jsonl", "goals-val.jsonl"] {
        let text = std::fs::read_to_string(corpus.join(set)).expect("the corpus's goals");
        for goal in text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        {
            let Some(page) = goal["file"]
                .as_str()
                .and_then(|f| f.strip_prefix("readability/")?.strip_suffix(".ai.yaml"))
            else {
                continue;
            };
            if goals.contains_key(page) {
                continue;
            }
            let snapshot =
                std::fs::read_to_string(corpus.join(goal["file"].as_str().unwrap_or("")))
                    .unwrap_or_default();
            let keys = goal["targets"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|group| {
                    group
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|r| target_of(&snapshot, r.as_str()?))
                        .collect()
                })
                .collect();
            let text = goal["goal"].as_str().unwrap_or_default().to_owned();
            goals.insert(page.to_owned(), (text, keys));
        }
    }
    let mut pages: Vec<String> = std::fs::read_dir(corpus.join("html"))
        .expect("the corpus has html/")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".source.html").map(str::to_owned)
        })
        .collect();
    pages.sort();
    assert_eq!(pages.len(), 6, "the corpus serves six pages: {pages:?}");
    pages
        .into_iter()
        .map(|page| {
            let (goal, keys) = goals
                .get(&page)
                .cloned()
                .unwrap_or_else(|| ("the main content".to_owned(), Vec::new()));
            (page, goal, keys)
        })
        .collect()
}

/// The node with ref `r` in a corpus snapshot: `role "name"`, and its words.
fn target_of(snapshot: &str, r: &str) -> Option<Target> {
    let marker = format!("[ref={r}]");
    let lines: Vec<&str> = snapshot.lines().collect();
    let at = lines.iter().position(|l| l.contains(&marker))?;
    let line = lines[at];
    let key = line.trim_start().trim_start_matches("- ");
    let end = key.find(" [").unwrap_or(key.len());
    let key = key[..end].trim_end_matches(':').to_owned();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let words = name_of(&key).or_else(|| {
        lines[at + 1..]
            .iter()
            .take_while(|l| indent(l) > indent(line))
            .find_map(|l| {
                let item = l.trim_start().trim_start_matches("- ");
                item.strip_prefix("text: ")
                    .map(|t| t.trim_matches('"').to_owned())
                    .or_else(|| name_of(item.split(" [").next().unwrap_or("")))
                    .or_else(|| item.split_once("]: ").map(|(_, v)| v.to_owned()))
            })
    });
    Some(Target { key, words })
}

/// The name in `role "name"`.
fn name_of(key: &str) -> Option<String> {
    let (_, name) = key.split_once(" \"")?;
    let name = name.strip_suffix('"')?;
    (!name.is_empty()).then(|| name.to_owned())
}

/// Estimated tokens of a result as the client gets it: its texts and its structured content.
pub(crate) fn tokens(result: &CallToolResult) -> usize {
    let value = serde_json::to_value(result).expect("serializes");
    let texts: usize = value["content"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| i["text"].as_str().map_or(0, estimate_tokens))
        .sum();
    let structured = value
        .get("structuredContent")
        .filter(|v| !v.is_null())
        .map_or(0, |v| estimate_tokens(&v.to_string()));
    texts + structured
}

/// Whether `text` shows the target as snapshots write it: `role "name"`, or for a node without
/// a name, its words (the digest keeps the text under it).
pub(crate) fn shows_key(text: &str, target: &Target) -> bool {
    if name_of(&target.key).is_some() {
        return text.contains(&target.key);
    }
    target.words.as_deref().is_some_and(|w| text.contains(w))
}

/// The snapshot files a result links to, read from `workspace`.
fn linked(result: &CallToolResult, workspace: &Path) -> Vec<String> {
    all_text(result)
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- [Snapshot](")?.strip_suffix(')'))
        .filter_map(|p| std::fs::read_to_string(workspace.join(p)).ok())
        .collect()
}

/// The texts of a result and its structured content, as one string to look for targets in.
fn all_text(result: &CallToolResult) -> String {
    let value = serde_json::to_value(result).expect("serializes");
    let mut out: Vec<String> = value["content"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["text"].as_str().map(str::to_owned))
        .collect();
    if let Some(s) = value.get("structuredContent").filter(|v| !v.is_null()) {
        out.push(s.to_string());
    }
    out.join("\n")
}

/// Runs the session on `client`: with goals when `through_proxy`. Returns the tokens of all
/// results and, through the proxy, the goal snapshots' texts with their page, goal and keys.
async fn run(
    client: &RunningService<RoleClient, ()>,
    site: &Site,
    script: &Script,
    through_proxy: bool,
) -> (usize, Vec<(String, String, Vec<Vec<Target>>, String)>) {
    let mut total = 0;
    let mut goal_texts = Vec::new();
    // What the client reads of a result: the result, and straight to the server the snapshot
    // files it links to.
    let cost = |result: &CallToolResult| {
        let files = match (&script.workspace, through_proxy) {
            (Some(dir), false) => linked(result, dir),
            _ => Vec::new(),
        };
        tokens(result) + files.iter().map(|f| estimate_tokens(f)).sum::<usize>()
    };
    for (page, goal, keys) in pages() {
        eprintln!(
            "{}: {page}, {}",
            script.server,
            if through_proxy {
                "through the proxy"
            } else {
                "direct"
            }
        );
        // The corpus's pages link resources on other hosts, which this machine may not reach:
        // a server that waits for `load` can answer with a timeout, and the page is there all
        // the same.
        let (tool, args) = (script.open)(&site.url(&format!("/corpus/{page}")));
        total += cost(&call_result(client, tool, args).await);
        let (tool, args) = &script.snapshot;
        total += cost(&call(client, tool, args.clone()).await);
        let mut args = args.clone();
        if through_proxy {
            args["goal"] = json!(goal);
        }
        let result = call(client, tool, args).await;
        total += cost(&result);
        let mut seen = all_text(&result);
        if let Some(dir) = &script.workspace {
            seen.extend(linked(&result, dir).iter().map(|f| format!("\n{f}")));
        }
        goal_texts.push((page, goal, keys, seen));
        let (tool, args) = &script.read;
        total += cost(&call(client, tool, args.clone()).await);
    }
    (total, goal_texts)
}

/// The session straight to `direct` and through `proxied` (two sessions of the same server).
pub(crate) async fn six_pages(
    direct: &RunningService<RoleClient, ()>,
    proxied: &RunningService<RoleClient, ()>,
    site: &Site,
    script: &Script,
) -> Measured {
    let (direct_tokens, direct_texts) = run(direct, site, script, false).await;
    let (proxied_tokens, goal_texts) = run(proxied, site, script, true).await;
    let mut measured = Measured {
        direct: direct_tokens,
        proxied: proxied_tokens,
        ..Measured::default()
    };
    let shows = |text: &str, keys: &[Vec<Target>]| {
        keys.iter()
            .all(|g| g.iter().any(|t| (script.shows)(text, t)))
    };
    for ((page, goal, keys, text), (_, _, _, raw)) in goal_texts.into_iter().zip(direct_texts) {
        if keys.is_empty() {
            continue;
        }
        if !shows(&raw, &keys) {
            measured
                .absent
                .push(format!("{page}: {goal:?}, looked for {keys:?}"));
            continue;
        }
        measured.goals += 1;
        if shows(&text, &keys) {
            measured.kept += 1;
        } else {
            measured
                .missed
                .push(format!("{page}: {goal:?}, looked for {keys:?}"));
        }
    }
    eprintln!("{}: {measured:?}", script.server);
    measured
}

/// Asserts what the issue asks of every server: at least 90 % of the tokens saved, and every
/// goal's target kept.
pub(crate) fn assert_lean(measured: &Measured) {
    assert_lean_but(measured, 3, &[]);
}

/// [`assert_lean`] with at least `min_goals` goals whose target the server shows, the goals
/// on `pages` allowed to lose theirs: a server whose output cannot carry it (each such page
/// says why where it is given).
pub(crate) fn assert_lean_but(measured: &Measured, min_goals: usize, pages: &[&str]) {
    assert!(
        measured.goals >= min_goals,
        "too few goals with targets: {measured:?}"
    );
    let missed: Vec<&String> = measured
        .missed
        .iter()
        .filter(|m| !pages.iter().any(|p| m.starts_with(&format!("{p}: "))))
        .collect();
    assert!(missed.is_empty(), "targets lost: {missed:?}");
    assert!(
        measured.saved() >= 0.9,
        "the proxy saved {:.1} % of {} tokens, not 90 %",
        100.0 * measured.saved(),
        measured.direct
    );
}
