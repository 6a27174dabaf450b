//! Repeated controls take their meaning from their item.
//!
//! The "Like" of every post, the "upvote" of every comment, the "Add to cart" of every product
//! card say nothing alone of which post, comment or product they act on; the item around
//! them does. A repeated control's item is its largest ancestor that holds no other copy of
//! it (same role and name). The goal's words found in that item count for the control as
//! context, so "like the post by Ben Ross" finds the Like button of that post, not the first
//! Like button of the page.

use super::hash::FastMap;
use super::index::Matches;
use super::tuning::{ITEM_LEVELS, ITEM_NODES};
use crate::tree::Snapshot;

/// The controls of each role and name, in document order: copies of one control, such as the
/// Like button of every post.
pub(crate) type Copies<'s> = FastMap<(&'s str, &'s str), Vec<usize>>;

/// The named controls of a page (`actionable`), grouped by role and name.
pub(crate) fn copies_of_controls<'s>(snap: &'s Snapshot<'_>, actionable: &[bool]) -> Copies<'s> {
    let mut copies = Copies::default();
    for (i, node) in snap.nodes().iter().enumerate() {
        if actionable[i]
            && let Some(name) = node.name()
        {
            copies.entry((node.role(), name)).or_default().push(i);
        }
    }
    copies
}

/// For each node and concept (`node * concepts + concept`), the best match in the item of a
/// repeated control that `wanted` accepts (the credit asks for those whose own strings match
/// the goal), outside the repeated controls of the item; 0 for every other node.
pub(crate) fn item_context(
    snap: &Snapshot<'_>,
    copies: &Copies<'_>,
    matches: &Matches,
    wanted: impl Fn(usize) -> bool,
) -> Vec<f32> {
    let nodes = snap.nodes();
    let c = matches.concepts;
    let mut out = vec![0.0f32; nodes.len() * c];
    if c == 0 {
        return out;
    }
    // Repeated controls and what they hold say the same in every item: only the rest tells
    // items apart.
    let mut repeated = vec![false; nodes.len()];
    for positions in copies.values().filter(|p| p.len() > 1) {
        for &i in positions {
            repeated[i..nodes[i].end as usize].fill(true);
        }
    }
    for positions in copies.values().filter(|p| p.len() > 1) {
        let count_in = |start: usize, end: usize| {
            positions.partition_point(|&p| p < end) - positions.partition_point(|&p| p < start)
        };
        for &i in positions.iter().filter(|&&i| wanted(i)) {
            let Some(item) = item_of(snap, i, &count_in) else {
                continue;
            };
            let end = nodes[item].end as usize;
            for j in (item..end).filter(|&j| !repeated[j]) {
                for k in 0..c {
                    let m = matches.get(j, k);
                    if m > out[i * c + k] {
                        out[i * c + k] = m;
                    }
                }
            }
        }
    }
    out
}

/// The largest ancestor of control `i` within the limits that holds no other copy of it
/// (`count_in(start, end)` counts the copies in a node range).
fn item_of(
    snap: &Snapshot<'_>,
    i: usize,
    count_in: &impl Fn(usize, usize) -> usize,
) -> Option<usize> {
    let nodes = snap.nodes();
    let mut item = None;
    let mut at = nodes[i].parent();
    for _ in 0..ITEM_LEVELS {
        let Some(a) = at else { break };
        let (start, end) = (a.index(), nodes[a.index()].end as usize);
        if end - start > ITEM_NODES || count_in(start, end) > 1 {
            break;
        }
        item = Some(start);
        at = nodes[start].parent();
    }
    item
}

#[cfg(test)]
mod tests;
