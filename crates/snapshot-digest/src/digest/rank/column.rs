//! A table cell's column header: the label of a value laid out in a table.
//!
//! A question's answer is often a cell whose own text says nothing of the question ("7",
//! "Martin Truex Jr.", "140 €"): what it is, the table says in the cell at the head of its
//! column ("Vitórias", "Piloto", "Preis"). The head is the cell in the same column of the
//! table's first row, whatever its role (pages mark header cells as `columnheader`, or as
//! plain cells with bold text). A cell of that first row has no head. Column spans are not
//! in the snapshot; a table that uses them shifts the columns of the rows after.

use super::super::hash::FastMap;
use crate::tree::{NodeId, Snapshot};

/// The roles of a table's cells, headers included.
fn is_cell(role: &str) -> bool {
    matches!(role, "cell" | "gridcell" | "columnheader" | "rowheader")
}

fn is_table(role: &str) -> bool {
    matches!(role, "table" | "grid" | "treegrid")
}

/// Levels from a row up to its table: a row sits in the table or in a row group.
const ROW_DEPTH: usize = 2;

/// For every node of `snap`, the index of the header cell of its column, or `usize::MAX`
/// for a node that is not a cell of a table's later row (or whose head is missing: the
/// first row is shorter).
pub(crate) fn column_heads(snap: &Snapshot<'_>) -> Vec<usize> {
    let nodes = snap.nodes();
    let mut heads = vec![usize::MAX; nodes.len()];
    // The first row of each table, by the table's index: rows come in document order, so
    // the first one met is the table's head row.
    let mut first_row: FastMap<usize, NodeId> = FastMap::default();
    // The cells of the current table's head row, read once per table.
    let mut head_cells: Vec<usize> = Vec::new();
    let mut head_of = None;
    for id in snap.ids() {
        let r = id.index();
        if nodes[r].role() != "row" {
            continue;
        }
        let Some(table) = table_of(snap, r) else {
            continue;
        };
        let head = *first_row.entry(table).or_insert(id);
        if head == id {
            continue;
        }
        if head_of != Some(head) {
            head_of = Some(head);
            head_cells.clear();
            head_cells.extend(cells(snap, head));
        }
        for (column, cell) in cells(snap, id).enumerate() {
            if let Some(&h) = head_cells.get(column) {
                heads[cell] = h;
            }
        }
    }
    heads
}

/// The table (grid, tree grid) row `r` belongs to, at most [`ROW_DEPTH`] levels up.
fn table_of(snap: &Snapshot<'_>, r: usize) -> Option<usize> {
    let nodes = snap.nodes();
    let mut at = r;
    for _ in 0..ROW_DEPTH {
        at = nodes[at].parent()?.index();
        if is_table(nodes[at].role()) {
            return Some(at);
        }
    }
    None
}

/// The cells among `row`'s children, in order.
fn cells<'s>(snap: &'s Snapshot<'_>, row: NodeId) -> impl Iterator<Item = usize> + 's {
    let nodes = snap.nodes();
    snap.children(row)
        .map(|id| id.index())
        .filter(move |&i| is_cell(nodes[i].role()))
}

#[cfg(test)]
mod tests;
