//! Digests: the part of a snapshot that serves a goal, or a compact outline of the whole page.

mod emit;
mod goal;
mod index;
mod lexicon;
mod select;
mod text;

use emit::{EmitOptions, emit};

use crate::{Snapshot, estimate_tokens, is_interactive_role, is_landmark_role};

/// Digest settings.
///
/// # Example
///
/// ```
/// use snapshot_digest::{DigestConfig, digest_with, parse};
///
/// let snap = parse("- button \"Sign in\" [ref=e1]\n- button \"Help\" [ref=e2]")?;
/// let config = DigestConfig { max_tokens: 500, ..DigestConfig::default() };
/// let d = digest_with(&snap, "log in", &config);
/// assert!(d.text.contains("[ref=e1]") && !d.text.contains("[ref=e2]"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestConfig {
    /// The most the digest may spend, in [`estimate_tokens`] units. A goal digest stops
    /// earlier when relevance runs out, which is the usual case. Default 2,000.
    pub max_tokens: usize,
    /// The most separate places of the page a goal digest keeps. Default 8.
    pub max_hits: usize,
    /// Inline text longer than this many chars is cut, the cut marked. Default 300.
    pub max_text_chars: usize,
    /// How the agent gets the full snapshot, said in the header line. Default:
    /// `request the full snapshot to see everything`.
    pub full_snapshot_hint: String,
}

impl Default for DigestConfig {
    fn default() -> Self {
        Self {
            max_tokens: 2_000,
            max_hits: 8,
            max_text_chars: 300,
            full_snapshot_hint: "request the full snapshot to see everything".to_owned(),
        }
    }
}

/// A digest: snapshot text and what it kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digest {
    /// The digest in snapshot syntax: a header comment, kept nodes with their refs, and
    /// `# … N nodes omitted` comment lines where nodes were left out.
    pub text: String,
    /// Sizes before and after.
    pub stats: DigestStats,
}

/// Sizes of a digest's input and output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DigestStats {
    /// Chars of the snapshot text.
    pub input_chars: usize,
    /// Chars of the digest text.
    pub output_chars: usize,
    /// Estimated tokens of the snapshot text ([`estimate_tokens`]).
    pub input_tokens: usize,
    /// Estimated tokens of the digest text.
    pub output_tokens: usize,
    /// Nodes in the snapshot.
    pub nodes_in: usize,
    /// Nodes written to the digest.
    pub nodes_out: usize,
    /// Separate places of the page the goal matched (0 for a full digest).
    pub hits: usize,
}

/// The part of `snapshot` that serves `goal`, with the default [`DigestConfig`].
///
/// The goal is plain words in any language ("sign in", "Sdílej tento článek na Twitteru").
/// Nodes are scored by the goal's words and their synonyms in names, descendant text, `/url`
/// and `/placeholder`, with role priors (controls for action goals, text for questions);
/// each kept node comes with its ancestors that give context (landmarks, headings, forms),
/// the heading of its section and, for form controls, the other controls of their form.
/// The output is snapshot text with refs unchanged; it parses with [`parse`](crate::parse).
///
/// # Example
///
/// ```
/// let snap = snapshot_digest::parse(
///     "- banner:\n  - link \"Sign in\" [ref=e3]\n- main:\n  - paragraph: Hello\n  - link \"Comments (12)\" [ref=e9]",
/// )?;
/// let d = snapshot_digest::digest(&snap, "join the discussion");
/// assert!(d.text.contains("[ref=e9]"));
/// assert!(!d.text.contains("[ref=e3]"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn digest(snapshot: &Snapshot<'_>, goal: &str) -> Digest {
    digest_with(snapshot, goal, &DigestConfig::default())
}

/// [`digest`] with a [`DigestConfig`].
#[must_use]
pub fn digest_with(snapshot: &Snapshot<'_>, goal: &str, config: &DigestConfig) -> Digest {
    let analysed = goal::analyse(goal);
    let matches = index::match_goal(snapshot, &analysed);
    let options = EmitOptions {
        max_text_chars: config.max_text_chars,
        min_gap: 1,
    };
    let budget_chars = config.max_tokens.saturating_mul(4);
    let mut max_hits = config.max_hits;
    // The selection estimates its size; the emitted text is measured, and when it is over
    // the budget the least relevant match goes. Bounded by `max_hits` rounds.
    let (body, kept, hits) = loop {
        let limits = select::Limits {
            max_hits,
            budget_chars,
        };
        let selection = select::select(snapshot, &analysed, &matches, &limits);
        let mut body = String::new();
        if selection.hits == 0 {
            body.push_str("# nothing on the page matches the goal; the page outline follows\n");
            let keep = outline(snapshot, budget_chars);
            let kept = emit(&mut body, snapshot, &keep, &options);
            break (body, kept, 0);
        }
        let kept = emit(&mut body, snapshot, &selection.keep, &options);
        if estimate_tokens(&body) <= config.max_tokens || selection.hits <= 1 {
            break (body, kept, selection.hits);
        }
        max_hits = selection.hits - 1;
    };
    let header = format!(
        "# digest for goal {goal:?}: {hits} {places}, {kept} of {} nodes; \"# …\" lines mark omitted nodes; {}\n",
        snapshot.len(),
        config.full_snapshot_hint,
        places = if hits == 1 { "match" } else { "matches" },
    );
    finish(snapshot, header, body, kept, hits)
}

/// A compact outline of the whole page: every control with its ref and `/url`, headings,
/// landmarks and forms; wrappers and text left out.
///
/// Every node with an interactive role and a ref is kept, whatever the size; text is cut at
/// [`DigestConfig::max_text_chars`]. Gaps of 20 nodes or more are marked.
///
/// # Example
///
/// ```
/// let snap = snapshot_digest::parse(
///     "- generic [ref=e1]:\n  - paragraph: Long text\n  - link \"Home\" [ref=e2]:\n    - /url: /",
/// )?;
/// let d = snapshot_digest::full_digest(&snap);
/// assert!(d.text.contains("- link \"Home\" [ref=e2]:\n  - /url: /"));
/// assert!(!d.text.contains("Long text"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn full_digest(snapshot: &Snapshot<'_>) -> Digest {
    full_digest_with(snapshot, &DigestConfig::default())
}

/// [`full_digest`] with a [`DigestConfig`] (`max_tokens` and `max_hits` do not apply).
#[must_use]
pub fn full_digest_with(snapshot: &Snapshot<'_>, config: &DigestConfig) -> Digest {
    let nodes = snapshot.nodes();
    let mut keep = vec![false; nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        let role = node.role();
        let control = is_interactive_role(role) || role == "iframe";
        if control
            || role == "heading"
            || is_landmark_role(role)
            || matches!(role, "form" | "dialog" | "tablist" | "table")
        {
            keep[i] = true;
        }
        // A control without a name is known by what it contains (an image, some text).
        if control
            && node.name().is_none()
            && node.text().is_none()
            && let Some(label) = (i + 1..node.end as usize)
                .find(|&j| nodes[j].name().is_some() || nodes[j].text().is_some())
        {
            keep[label] = true;
        }
    }
    let options = EmitOptions {
        max_text_chars: config.max_text_chars.min(120),
        min_gap: 20,
    };
    let mut body = String::new();
    let kept = emit(&mut body, snapshot, &keep, &options);
    let header = format!(
        "# page outline: {kept} of {} nodes (controls, headings, landmarks, forms); text and wrappers omitted; {}\n",
        snapshot.len(),
        config.full_snapshot_hint
    );
    finish(snapshot, header, body, kept, 0)
}

/// Landmarks and headings, within a char budget: what the agent sees when nothing matched.
fn outline(snapshot: &Snapshot<'_>, budget_chars: usize) -> Vec<bool> {
    let mut keep = vec![false; snapshot.len()];
    let mut cost = 0;
    for (i, node) in snapshot.nodes().iter().enumerate() {
        let wanted = is_landmark_role(node.role())
            || (node.role() == "heading" && node.level().is_none_or(|l| l <= 3));
        if wanted {
            cost += node.role().len() + node.name().map_or(0, str::len) + 24;
            if cost > budget_chars {
                break;
            }
            keep[i] = true;
        }
    }
    keep
}

fn finish(
    snapshot: &Snapshot<'_>,
    header: String,
    body: String,
    kept: usize,
    hits: usize,
) -> Digest {
    let mut text = header;
    text.push_str(&body);
    while text.ends_with('\n') {
        text.pop();
    }
    let source = snapshot.source();
    let stats = DigestStats {
        input_chars: source.chars().count(),
        output_chars: text.chars().count(),
        input_tokens: estimate_tokens(source),
        output_tokens: estimate_tokens(&text),
        nodes_in: snapshot.len(),
        nodes_out: kept,
        hits,
    };
    Digest { text, stats }
}
