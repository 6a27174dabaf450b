//! The text of the corpus pages, as training material for the model of relatedness
//! (`scripts/relatedness-tokenlearn.py`): every distinct name and text of a page's nodes,
//! and every control described as the goal digest describes it to the model (its name or
//! first label, then its section's heading), each with the table's pieces it is cut into.
//!
//! Goals are never read: the texts are the pages' own. MiniWoB pages are left out, as their
//! page shows the task's instruction, which is a goal.
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin model_texts > texts.tsv`
//! Output, one line a text: the page's file (relative to the corpus), the text (tabs and
//! line breaks as spaces, cut to `MAX_CHARS` at a word boundary), the piece ids separated by
//! spaces.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "the output is the product; the count is for people"
)]

use std::collections::BTreeSet;
use std::io::Write;

use mcp_lean_benches::{corpus_dir, model_line};
use snapshot_digest::{NodeKind, StaticEmbeddings, is_interactive_role, parse};

/// Longest text kept, in chars: control descriptions are short; a paragraph's first
/// sentences carry its subject, and the teacher's cost grows with length.
const MAX_CHARS: usize = 240;

fn main() {
    let corpus = corpus_dir();
    let model = StaticEmbeddings::builtin();
    let mut files = Vec::new();
    for dir in ["readability", "val2/pages", "val3/pages"] {
        let Ok(entries) = std::fs::read_dir(corpus.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".ai.yaml") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.sort();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for file in &files {
        let text = std::fs::read_to_string(corpus.join(file))
            .unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
        for t in page_texts(&text) {
            let pieces = model.pieces(&t);
            if pieces.is_empty() {
                continue;
            }
            let ids: Vec<String> = pieces.iter().map(u32::to_string).collect();
            writeln!(out, "{file}\t{t}\t{}", ids.join(" ")).expect("cannot write the texts");
        }
    }
    out.flush().expect("cannot write the texts");
    eprintln!("{} pages", files.len());
}

/// The distinct texts of one page, in a stable order.
fn page_texts(text: &str) -> BTreeSet<String> {
    let mut texts = BTreeSet::new();
    let Ok(snap) = parse(text) else {
        return texts;
    };
    let nodes = snap.nodes();
    let mut heading: Option<&str> = None;
    for (node, id) in nodes.iter().zip(snap.ids()) {
        for t in [node.name(), node.text()].into_iter().flatten() {
            texts.insert(clean(t));
        }
        if node.role() == "heading" {
            heading = node.name().or(node.text());
        }
        let control = is_interactive_role(node.role()) || node.role() == "iframe";
        if !control || node.kind() != NodeKind::Element || node.aria_ref().is_none() {
            continue;
        }
        // The description `model_rank` and the digest give the model.
        let line = model_line(&snap, id, heading);
        texts.insert(clean(&line));
    }
    texts.remove("");
    texts
}

/// One line, at most `MAX_CHARS` chars, cut at a space where it is cut.
fn clean(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    let flat = flat.trim();
    match flat.char_indices().nth(MAX_CHARS) {
        None => flat.to_owned(),
        Some((end, _)) => {
            let cut = &flat[..end];
            cut.rfind(' ')
                .map_or(cut, |at| &cut[..at])
                .trim_end()
                .to_owned()
        }
    }
}
