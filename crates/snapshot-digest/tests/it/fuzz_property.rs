// The property the fuzz target checks, shared with `cargo test` (the fuzz target includes this
// file with `include!`, so it has no inner doc comment).

/// No input panics the parser, the digests or the diff; what parses survives
/// `parse(render(tree))`; digests and diffs parse and show only refs of their input.
pub(crate) fn check_property(text: &str) {
    use snapshot_digest::{
        DiffKind, DigestConfig, diff, digest, digest_with, full_digest, full_digest_page, parse,
        parse_lenient, render,
    };

    let (snap, diagnostics) = parse_lenient(text);
    let rendered = render(&snap);
    // Written in its snapshot's syntax, and read in it: a few of agent-browser's lines alone
    // read as Playwright's too.
    let in_syntax = snapshot_digest::Config {
        syntax: Some(snap.syntax()),
        ..snapshot_digest::Config::default()
    };
    let again = snapshot_digest::parse_with(&rendered, &in_syntax)
        .unwrap_or_else(|e| panic!("rendered snapshot does not parse: {e}"));
    assert!(again.same_tree(&snap), "tree changed through rendering");
    assert_eq!(render(&again), rendered, "rendering is stable");
    if diagnostics.is_empty() {
        let strict = parse(text).expect("strict parse agrees with lenient");
        assert!(strict.same_tree(&snap));
    }

    let refs: std::collections::HashSet<&str> = snap
        .nodes()
        .iter()
        .filter_map(|n| n.aria_ref().map(|r| r.as_str()))
        .collect();
    // The detector of text addressed to the agent reads every string of every node.
    let held = snapshot_digest::held_back(&snap);
    assert!(held.iter().all(|h| h.node.index() < snap.len()));
    let held_only = held_only_refs(&snap, &held);
    let goal: String = text.chars().filter(|c| !c.is_control()).take(40).collect();
    // Small budgets, so that fuzz-sized inputs are digested rather than passed whole.
    let tight = |page| DigestConfig {
        max_tokens: 60,
        page,
        ..DigestConfig::default()
    };
    for output in [
        digest(&snap, &goal).text,
        digest(&snap, "sign in").text,
        digest_with(&snap, &goal, &tight(1)).text,
        digest_with(&snap, "sign in", &tight(2)).text,
        // A question, so that the values it asks for are looked for in the fuzzed text.
        digest_with(&snap, &format!("how much and how long {goal}?"), &tight(1)).text,
        digest_with(&snap, "when, how many, how cold?", &tight(1)).text,
        full_digest(&snap).text,
        full_digest_page(&snap, &tight(1), 60).text,
        full_digest_page(&snap, &tight(2), 60).text,
    ] {
        let out = snapshot_digest::parse_with(&output, &in_syntax)
            .unwrap_or_else(|e| panic!("digest does not parse: {e}\n{output}"));
        for node in out.nodes() {
            if let Some(r) = node.aria_ref() {
                assert!(
                    refs.contains(r.as_str()),
                    "digest shows ref {r} the input does not have"
                );
            }
        }
        assert_markers(&out, &held_only, &output);
    }
    // The ranking's features: one row per candidate, every value and score a number (a NaN
    // would order candidates arbitrarily), refs only of the input.
    for g in [goal.as_str(), "how heavy is it, in kg?", ""] {
        let f = snapshot_digest::rank_features(&snap, g, &DigestConfig::default());
        assert_eq!(
            f.values.len(),
            f.refs.len() * f.names.len(),
            "one row per candidate"
        );
        assert_eq!(f.scores.len(), f.refs.len(), "one score per candidate");
        assert!(
            f.values.iter().chain(&f.scores).all(|v| !v.is_nan()),
            "a feature or score is NaN for goal {g:?}"
        );
        assert!(
            f.refs.iter().all(|r| refs.contains(r.as_str())),
            "a candidate's ref is not the input's"
        );
    }
    // Digesting a 2,000-node page costs about twenty times the rest (every input doing it ran
    // 22 a second against 440): every input with a node held back, where what the marker
    // becomes is at stake, and one in 32 of the others.
    let sampled = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut h);
        h.finish().is_multiple_of(32)
    };
    if !held.is_empty() || sampled {
        check_big_page(&rendered, &in_syntax, snap.len(), &goal);
    }
    let d = diff(&snap, &again);
    assert_eq!(
        d.kind,
        DiffKind::Unchanged,
        "a tree differs from its own rendering:\n{}",
        d.text
    );
}

/// A page of 2,000 nodes or more is scanned for text addressed to the agent on a second thread
/// while its digest is made, and digested again on the marked page only when the scan holds a
/// node back. The input, repeated until it is that big, reaches that path: with nothing held
/// back its digest is the one made with holding back off; a held-back node it shows is shown
/// as its marker. `None` when the input cannot make such a page, else whether a node was held.
pub(crate) fn check_big_page(
    rendered: &str,
    syntax: &snapshot_digest::Config,
    nodes: usize,
    goal: &str,
) -> Option<bool> {
    use snapshot_digest::{DigestConfig, HoldBack, digest_with, held_back};

    // More nodes than the crate's threshold (2,000); a larger page only slows the fuzzer.
    const BIG: usize = 2_001;
    const MAX_BYTES: usize = 1 << 19;
    let copies = BIG.div_ceil(nodes.max(1));
    if nodes == 0 || rendered.len().saturating_add(1).saturating_mul(copies) > MAX_BYTES {
        return None;
    }
    let mut one = rendered.to_owned();
    if !one.ends_with('\n') {
        one.push('\n');
    }
    let big = one.repeat(copies);
    let snap = snapshot_digest::parse_with(&big, syntax).ok()?;
    if snap.len() < BIG {
        return None;
    }
    let on = DigestConfig::default();
    let off = DigestConfig {
        hold_back: HoldBack::off(),
        ..DigestConfig::default()
    };
    let shown = digest_with(&snap, goal, &on).text;
    let held = held_back(&snap);
    if held.is_empty() {
        assert_eq!(
            shown,
            digest_with(&snap, goal, &off).text,
            "a big page with nothing held back digests differently with holding back on"
        );
        return Some(false);
    }
    let out = snapshot_digest::parse_with(&shown, syntax)
        .unwrap_or_else(|e| panic!("digest of the big page does not parse: {e}"));
    assert_markers(&out, &held_only_refs(&snap, &held), &shown);
    Some(true)
}

/// The refs that only nodes held back carry: a fuzzed page may give one ref to several nodes.
fn held_only_refs(
    snap: &snapshot_digest::Snapshot<'_>,
    held: &[snapshot_digest::HeldBack],
) -> std::collections::HashSet<String> {
    let held: std::collections::HashSet<usize> = held.iter().map(|h| h.node.index()).collect();
    let (mut held_refs, mut open_refs) = (
        std::collections::HashSet::new(),
        std::collections::HashSet::new(),
    );
    for (i, node) in snap.nodes().iter().enumerate() {
        if let Some(r) = node.aria_ref() {
            if held.contains(&i) {
                held_refs.insert(r.as_str().to_owned());
            } else {
                open_refs.insert(r.as_str().to_owned());
            }
        }
    }
    held_refs.retain(|r| !open_refs.contains(r));
    held_refs
}

/// Every node of `out` with a ref only held-back nodes carry is shown as the marker.
fn assert_markers(
    out: &snapshot_digest::Snapshot<'_>,
    held_only: &std::collections::HashSet<String>,
    output: &str,
) {
    for node in out.nodes() {
        if let Some(r) = node.aria_ref()
            && held_only.contains(r.as_str())
        {
            assert!(
                node.name()
                    .or(node.text())
                    .is_some_and(|t| t.contains(snapshot_digest::ADDRESSED_MARK)),
                "held-back node {r} shown without its marker:\n{output}"
            );
        }
    }
}
