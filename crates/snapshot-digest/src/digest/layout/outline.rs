//! The full digest, an outline of the whole page without a goal: every control with its
//! ref, headings, landmarks and forms, text and wrappers left out.

use super::emit::{EmitOptions, emit};
use super::output::{Digest, finish};
use super::settings::DigestConfig;
use super::tuning::{OUTLINE_MIN_GAP, OUTLINE_TEXT_CHARS};
use crate::roles::{is_interactive_role, is_landmark_role};
use crate::tokens::estimate_tokens;
use crate::tree::Snapshot;

/// The full digest of a snapshot whose held-back nodes are written as such.
pub(crate) fn full_digest(snapshot: &Snapshot<'_>, config: &DigestConfig) -> Digest {
    let keep = outline_keep(snapshot);
    let mut body = String::new();
    let kept = emit(&mut body, snapshot, &keep, &outline_options(config));
    let header = format!(
        "# page outline: {kept} of {} nodes (controls, headings, landmarks, forms); text and wrappers omitted; {}\n",
        snapshot.len(),
        config.full_snapshot_hint
    );
    let input_tokens = estimate_tokens(snapshot.source());
    finish(snapshot, input_tokens, header, body, kept, 0)
}

/// The nodes of the full digest: controls (and the first label inside a nameless one),
/// headings, landmarks, forms, dialogs, tab lists and tables.
pub(crate) fn outline_keep(snapshot: &Snapshot<'_>) -> Vec<bool> {
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
    keep
}

/// How the full digest is written: text cut at `OUTLINE_TEXT_CHARS`, gaps of
/// `OUTLINE_MIN_GAP` nodes or more marked.
pub(crate) fn outline_options(config: &DigestConfig) -> EmitOptions<'static> {
    EmitOptions {
        site: None,
        max_text_chars: config.max_text_chars.min(OUTLINE_TEXT_CHARS),
        min_gap: OUTLINE_MIN_GAP,
    }
}
