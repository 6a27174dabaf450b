//! The map of the regions a digest left out: landmarks and headings, ranked, each with
//! how many nodes it holds, in what the page leaves of the budget.

use super::credit::WordCredit;
use super::select::region_of;
use super::text::clip;
use super::tuning::{MAP_HEADING_LEVEL, MAP_NAME_CHARS};
use crate::roles::is_landmark_role;
use crate::tokens::estimate_tokens;
use crate::tree::{Node, Snapshot};

/// Writes comment lines naming the landmarks and headings (levels 1 to 3) that hold nodes not
/// shown, with how many nodes and controls of each were left out: landmarks first, then
/// headings by level, as long as they fit `max_tokens`, written in document order. Returns
/// how many regions were written.
pub(crate) fn write_region_map(
    out: &mut String,
    snap: &Snapshot<'_>,
    credit: &WordCredit<'_, '_>,
    shown: &[bool],
    max_tokens: usize,
) -> usize {
    let nodes = snap.nodes();
    let n = nodes.len();
    // Prefix sums of omitted nodes and omitted controls.
    let mut omitted = vec![0u32; n + 1];
    let mut controls = vec![0u32; n + 1];
    for i in 0..n {
        let hidden = !shown[i];
        omitted[i + 1] = omitted[i] + u32::from(hidden);
        controls[i + 1] = controls[i] + u32::from(hidden && credit.actionable(i));
    }
    let title = "# omitted regions (nodes, controls); a goal that names one finds it:\n";
    let mut used = estimate_tokens(title);
    if used > max_tokens {
        return 0;
    }
    // Landmarks first, then level-1 and level-2 headings, then level-3 ones, as long as they
    // fit; written in document order.
    let mut picked: Vec<(usize, String)> = Vec::new();
    'ranks: for rank in 0..3 {
        for (i, node) in nodes.iter().enumerate() {
            if region_rank(node) != Some(rank) {
                continue;
            }
            let heading = rank > 0;
            let end = if heading {
                section_end(snap, i)
            } else {
                node.end as usize
            };
            let hidden = omitted[end] - omitted[i];
            if hidden == 0 {
                continue;
            }
            let mut line = format!("#   {}", node.role());
            if let Some(level) = node.level().filter(|_| heading) {
                line.push_str(&format!(" h{level}"));
            }
            if let Some(name) = node.name() {
                line.push_str(&format!(" {:?}", clip(name, MAP_NAME_CHARS)));
            }
            line.push_str(&format!(": {hidden}, {}\n", controls[end] - controls[i]));
            let cost = estimate_tokens(&line);
            if used + cost > max_tokens {
                break 'ranks;
            }
            used += cost;
            picked.push((i, line));
        }
    }
    if picked.is_empty() {
        return 0;
    }
    picked.sort_by_key(|(i, _)| *i);
    out.push_str(title);
    for (_, line) in &picked {
        out.push_str(line);
    }
    picked.len()
}

/// Which round of the map a node is named in: landmarks (0), headings of levels 1 and 2 (1),
/// of level 3 (2); `None` for other nodes and nameless headings.
pub(crate) fn region_rank(node: &Node<'_>) -> Option<u8> {
    if is_landmark_role(node.role()) {
        return Some(0);
    }
    if node.role() != "heading" || node.name().is_none() {
        return None;
    }
    match node.level() {
        None | Some(..=2) => Some(1),
        Some(l) if l <= MAP_HEADING_LEVEL => Some(2),
        Some(_) => None,
    }
}

/// Where a heading's section ends: at the next heading of the same or a higher level, or at
/// the end of the landmark or article it sits in.
pub(crate) fn section_end(snap: &Snapshot<'_>, i: usize) -> usize {
    let nodes = snap.nodes();
    let level = nodes[i].level().unwrap_or(1);
    let limit = region_of(nodes, i).map_or(nodes.len(), |r| nodes[r].end as usize);
    (i + 1..limit)
        .find(|&j| nodes[j].role() == "heading" && nodes[j].level().unwrap_or(1) <= level)
        .unwrap_or(limit)
}
