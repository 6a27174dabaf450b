use super::super::credit::{Source, WordCredit};
use super::super::goal::analyse;
use super::super::index::match_goal;
use super::*;
use crate::syntax::parse;

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
    let credit = WordCredit::new(&snap, &goal, &matches);
    let column = |r: &str| {
        let mut sum = 0.0;
        credit.for_each_credit(snap.index_of_ref(r), |_, source, v| {
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
