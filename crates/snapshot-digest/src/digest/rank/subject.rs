//! The page's own subject first among copies of a control.
//!
//! A product page often repeats its "Add to bag" in carousel cards, and a card repeats its
//! product's name, so a copy far from the page's subject may match a goal's words best. The
//! page says what it is about in its `h1`; among the copies of a control (the same role and
//! name), the one that shares the deepest region with an `h1` belongs to the subject. It
//! ranks as high as its best copy and before it, and every copy keeps its own rank: the copy
//! the goal's words chose still follows. Nothing here is learned: no goal of the sets tells
//! copies apart (where a page has two, its goals accept either), so the ranking could not
//! learn it; it only orders copies, by structure.

use super::credit::WordCredit;
use crate::roles::is_interactive_role;
use crate::tree::Snapshot;

/// Lifts, in `rank`, the copy of each control nearest an `h1` of the page in the tree to the
/// best rank among its copies (just above it). Nothing moves on a page without an `h1`, nor
/// among copies two or more of which are as near one.
pub(crate) fn lift_subject_copies(
    snap: &Snapshot<'_>,
    credit: &WordCredit<'_, '_>,
    rank: &mut [f32],
) {
    let nodes = snap.nodes();
    // Whether each node's subtree holds an `h1`, children after their parent in pre-order:
    // one pass backwards. A page may have several (a site's title and a product's name); a
    // copy near any of them is near the page's subject, and the title's sits apart.
    let mut holds_h1: Vec<bool> = nodes
        .iter()
        .map(|node| node.role() == "heading" && node.level() == Some(1))
        .collect();
    if !holds_h1.contains(&true) {
        return;
    }
    for i in (0..nodes.len()).rev() {
        if holds_h1[i]
            && let Some(p) = nodes[i].parent()
        {
            holds_h1[p.index()] = true;
        }
    }
    // The depth of the deepest region each node shares with an `h1`: its own, when its
    // subtree holds one, else its parent's.
    let mut shared_depth = vec![0usize; nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        shared_depth[i] = if holds_h1[i] {
            node.depth() + 1
        } else {
            node.parent().map_or(0, |p| shared_depth[p.index()])
        };
    }
    // The credit's copies of each control, among them the candidates the ranking scored.
    let mut group = Vec::new();
    for copies in credit.copies() {
        group.clear();
        group.extend(copies.iter().copied().filter(|&i| {
            rank.get(i).is_some_and(|r| r.is_finite())
                && is_interactive_role(nodes[i].role())
                && nodes[i].name().is_some_and(|n| !n.is_empty())
        }));
        if group.len() < 2 {
            continue;
        }
        let mut nearest = None;
        let mut tied = false;
        let mut best_depth = 0;
        for &i in &group {
            let depth = shared_depth[i];
            if nearest.is_none() || depth > best_depth {
                (nearest, best_depth, tied) = (Some(i), depth, false);
            } else if depth == best_depth {
                tied = true;
            }
        }
        let Some(subject) = nearest.filter(|_| !tied) else {
            continue;
        };
        let best = group
            .iter()
            .map(|&i| rank[i])
            .fold(f32::NEG_INFINITY, f32::max);
        if rank[subject] < best || group.iter().any(|&i| i != subject && rank[i] == best) {
            rank[subject] = best.next_up();
        }
    }
}

#[cfg(test)]
mod tests;
