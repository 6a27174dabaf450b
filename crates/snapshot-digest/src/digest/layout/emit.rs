//! Writing a chosen subset of a snapshot as snapshot text, with the left-out parts marked.
//!
//! The subset keeps document order; a node's output depth is the number of its ancestors that
//! are also in the subset, so dropping wrapper nodes re-indents what is under them and the
//! result still parses as a snapshot. Gaps become YAML comment lines (`# … 37 nodes omitted`),
//! which every YAML reader, ours included, skips.

use crate::syntax::{Brief, render_node_at};
use crate::tree::Snapshot;

/// How to write the subset.
pub(crate) struct EmitOptions<'s> {
    /// Inline text longer than this many chars is cut, with the cut marked.
    pub(crate) max_text_chars: usize,
    /// Gaps smaller than this are left unmarked (1 marks every gap).
    pub(crate) min_gap: usize,
    /// Links to this origin are written as paths.
    pub(crate) site: Option<&'s str>,
}

impl EmitOptions<'_> {
    pub(crate) fn brief(&self) -> Brief<'_> {
        Brief {
            max_text: Some(self.max_text_chars),
            lean: true,
            site: self.site,
            hide_url: false,
        }
    }
}

/// Writes the nodes with `keep[i]` set, in document order.
pub(crate) fn emit(
    out: &mut String,
    snap: &Snapshot<'_>,
    keep: &[bool],
    options: &EmitOptions<'_>,
) -> usize {
    let nodes = snap.nodes();
    let mut depth_of = vec![0u32; nodes.len()];
    let mut key = String::new();
    let mut last: Option<usize> = None;
    let mut written = 0;
    for (i, node) in nodes.iter().enumerate() {
        if !keep[i] {
            continue;
        }
        let depth = node.parent().map_or(0, |p| {
            let mut at = Some(p);
            while let Some(a) = at {
                if keep[a.index()] {
                    return depth_of[a.index()] + 1;
                }
                at = nodes[a.index()].parent();
            }
            0
        });
        depth_of[i] = depth;
        let gap = match last {
            Some(l) => i - l - 1,
            None => i,
        };
        write_gap(out, gap, depth, options);
        render_node_at(out, &mut key, node, depth as usize, options.brief());
        out.push('\n');
        last = Some(i);
        written += 1;
    }
    let tail = last.map_or(nodes.len(), |l| nodes.len() - l - 1);
    write_gap(out, tail, 0, options);
    written
}

fn write_gap(out: &mut String, gap: usize, depth: u32, options: &EmitOptions<'_>) {
    if gap == 0 || gap < options.min_gap {
        return;
    }
    for _ in 0..depth {
        out.push_str("  ");
    }
    let noun = if gap == 1 { "node" } else { "nodes" };
    out.push_str(&format!("# … {gap} {noun} omitted\n"));
}
