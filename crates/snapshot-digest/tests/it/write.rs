//! `SnapshotWriter` writes what Playwright writes: every corpus snapshot rewritten through it
//! is byte-identical, and generated trees with hostile names and texts read back unchanged.

use proptest::prelude::*;
use snapshot_digest::{NodeKind, Snapshot, SnapshotWriter, Tail, parse};

use crate::props::tricky_text;

/// Writes a parsed snapshot again through the writer, node by node.
fn rewrite(snap: &Snapshot<'_>) -> String {
    let mut w = SnapshotWriter::new();
    for node in snap.nodes() {
        let depth = node.depth();
        if node.kind() == NodeKind::Text {
            w.text(depth, node.text().unwrap_or(""));
            continue;
        }
        let attrs: Vec<(&str, Option<&str>)> = node
            .attributes()
            .iter()
            .map(|a| (a.name(), a.value()))
            .collect();
        let tail = match (node.text(), node.props().is_empty()) {
            (Some(text), true) => Tail::Text(text),
            _ if node.has_block() || !node.props().is_empty() => Tail::Block,
            _ => Tail::Empty,
        };
        w.node(depth, node.role(), node.name(), &attrs, tail);
        for prop in node.props() {
            w.prop(depth + 1, prop.name(), prop.value());
        }
        if let (Some(text), false) = (node.text(), node.props().is_empty()) {
            w.text(depth + 1, text);
        }
    }
    w.finish()
}

#[test]
fn rewriting_every_corpus_snapshot_gives_the_same_bytes() {
    let Some(dir) = crate::corpus() else { return };
    let mut differ = Vec::new();
    let files = crate::corpus_snapshots(&dir);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("corpus file is UTF-8");
        let snap = parse(&text).expect("corpus snapshots parse");
        let rewritten = rewrite(&snap);
        if rewritten != text.strip_suffix('\n').unwrap_or(&text) {
            differ.push(path.display().to_string());
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} differ: {differ:?}",
        differ.len(),
        files.len()
    );
}

#[test]
fn the_sample_rewrites_byte_for_byte() {
    let text = crate::digest::sample();
    let snap = parse(&text).expect("the sample parses");
    assert_eq!(rewrite(&snap), text.strip_suffix('\n').unwrap_or(&text));
}

#[test]
fn an_empty_name_is_dropped_and_an_empty_writer_is_empty() {
    let w = SnapshotWriter::new();
    assert!(w.is_empty());
    assert_eq!(w.finish(), "");
    let mut w = SnapshotWriter::new();
    w.node(
        0,
        "button",
        Some(""),
        &[("ref", Some("e1"))],
        Tail::Text(""),
    );
    assert_eq!(w.finish(), "- button [ref=e1]: \"\"");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn what_is_written_reads_back(
        name in tricky_text(),
        inline in tricky_text(),
        url in tricky_text(),
        child in tricky_text(),
    ) {
        let mut w = SnapshotWriter::new();
        w.node(0, "link", Some(&name), &[("ref", Some("e1")), ("cursor", Some("pointer"))], Tail::Block);
        w.prop(1, "url", &url);
        w.text(1, &child);
        w.node(1, "button", Some(&name), &[("pressed", None)], Tail::Text(&inline));
        let text = w.finish();
        let snap = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let nodes = snap.nodes();
        prop_assert_eq!(nodes.len(), 3, "{}", text);
        let expect_name = (!name.is_empty()).then_some(name.as_str());
        prop_assert_eq!(nodes[0].name(), expect_name);
        prop_assert_eq!(nodes[0].url(), Some(url.as_str()));
        prop_assert_eq!(nodes[0].aria_ref().map(|r| r.as_str()), Some("e1"));
        prop_assert_eq!(nodes[1].text(), Some(child.as_str()));
        prop_assert_eq!(nodes[2].name(), expect_name);
        prop_assert_eq!(nodes[2].text(), Some(inline.as_str()));
        prop_assert_eq!(snapshot_digest::render(&snap), text);
    }
}
