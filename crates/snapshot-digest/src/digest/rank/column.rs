//! A table cell's column header: the label of a value laid out in a table.
//!
//! A question's answer is often a cell whose own text says nothing of the question ("7",
//! "Martin Truex Jr.", "140 €"): what it is, the table says in the cell at the head of its
//! column ("Vitórias", "Piloto", "Preis"). The head is the cell in the same column of the
//! table's first row, whatever its role (pages mark header cells as `columnheader`, or as
//! plain cells with bold text). A cell of that first row has no head. Column spans are not
//! in the snapshot; a table that uses them shifts the columns of the rows after.

use super::super::hash::FastMap;
use crate::{NodeId, Snapshot};

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
mod tests {
    use super::super::goal::analyse;
    use super::super::index::match_goal;
    use super::super::score::{Scorer, Source};
    use super::*;
    use crate::parse;

    fn head_of(snap: &Snapshot<'_>, heads: &[usize], r: &str) -> Option<String> {
        let i = snap.index_of_ref(r);
        (heads[i] != usize::MAX).then(|| {
            let h = &snap.nodes()[heads[i]];
            h.aria_ref()
                .map_or_else(String::new, |r| r.as_str().to_owned())
        })
    }

    #[test]
    fn a_cell_of_a_later_row_has_the_head_of_its_column() {
        let snap = parse(
            "- table [ref=e1]:\n  - rowgroup [ref=e2]:\n    - row [ref=e3]:\n      - cell [ref=e4]:\n        - strong: Piloto\n      - cell [ref=e5]:\n        - strong: Vitórias\n  - rowgroup [ref=e6]:\n    - row [ref=e7]:\n      - cell \"Martin Truex Jr.\" [ref=e8]\n      - cell \"7\" [ref=e9]\n    - row [ref=e10]:\n      - cell \"Kyle Busch\" [ref=e11]\n      - cell \"5\" [ref=e12]\n      - cell \"extra\" [ref=e13]\n",
        )
        .unwrap();
        let heads = column_heads(&snap);
        assert_eq!(head_of(&snap, &heads, "e8").as_deref(), Some("e4"));
        assert_eq!(head_of(&snap, &heads, "e9").as_deref(), Some("e5"));
        assert_eq!(head_of(&snap, &heads, "e12").as_deref(), Some("e5"));
        // The head row's own cells, a cell beyond the head row's width, and the table.
        assert_eq!(head_of(&snap, &heads, "e4"), None);
        assert_eq!(head_of(&snap, &heads, "e13"), None);
        assert_eq!(head_of(&snap, &heads, "e1"), None);
    }

    #[test]
    fn nested_tables_and_rows_outside_tables_keep_apart() {
        let snap = parse(
            "- grid [ref=e1]:\n  - row [ref=e2]:\n    - columnheader \"Name\" [ref=e3]\n  - row [ref=e4]:\n    - gridcell [ref=e5]:\n      - table [ref=e6]:\n        - row [ref=e7]:\n          - cell \"Inner\" [ref=e8]\n        - row [ref=e9]:\n          - cell \"x\" [ref=e10]\n- row [ref=e11]:\n  - cell \"loose\" [ref=e12]\n",
        )
        .unwrap();
        let heads = column_heads(&snap);
        assert_eq!(head_of(&snap, &heads, "e5").as_deref(), Some("e3"));
        assert_eq!(head_of(&snap, &heads, "e10").as_deref(), Some("e8"));
        assert_eq!(head_of(&snap, &heads, "e12"), None);
    }

    #[test]
    fn a_cell_is_credited_with_the_goals_words_in_its_columns_head() {
        let text = "- table:\n  - row:\n    - columnheader \"Driver\" [ref=e1]\n    - columnheader \"Wins\" [ref=e2]\n  - row:\n    - cell \"Ada Park\" [ref=e3]\n    - cell \"7\" [ref=e4]\n";
        let snap = parse(text).expect("parses");
        let goal = analyse("How many wins does she have?", Default::default());
        let matches = match_goal(&snap, &goal);
        let scorer = Scorer::new(&snap, &goal, &matches);
        let column = |r: &str| {
            let mut sum = 0.0;
            scorer.for_each_credit(snap.index_of_ref(r), |_, source, v| {
                if source == Source::Column {
                    sum += v;
                }
            });
            sum
        };
        assert!(column("e4") > 0.0);
        // The driver's column is not what the goal asks; the head itself has no head.
        assert_eq!(column("e3"), 0.0);
        assert_eq!(column("e2"), 0.0);
    }
}
