use super::super::goal::analyse;
use super::super::index::match_goal;
use super::*;
use crate::syntax::parse;

const PAGE: &str = "\
- main [ref=e1]:
  - region \"Carousel\" [ref=e2]:
    - link \"Blue mug\" [ref=e3]
    - button \"Add to bag\" [ref=e4]
  - region \"Product\" [ref=e5]:
    - heading \"Red mug\" [level=1] [ref=e6]
    - button \"Add to bag\" [ref=e7]
";

/// The pass over `rank` for a goal that names the copies, with the credit's groups.
fn lift(snap: &Snapshot<'_>, rank: &mut [f32]) {
    let goal = analyse("Add to bag", Default::default());
    let matches = match_goal(snap, &goal);
    let credit = WordCredit::new(snap, &goal, &matches);
    lift_subject_copies(snap, &credit, rank);
}

#[test]
fn the_copy_beside_the_h1_ranks_first() {
    let snap = parse(PAGE).expect("the page parses");
    let (carousel, subject) = (snap.index_of_ref("e4"), snap.index_of_ref("e7"));
    let mut rank = vec![f32::NEG_INFINITY; snap.len()];
    rank[carousel] = 2.0;
    rank[subject] = -1.0;
    lift(&snap, &mut rank);
    assert!(rank[subject] > rank[carousel], "{rank:?}");
    assert_eq!(rank[carousel], 2.0, "the other copy keeps its rank");
}

#[test]
fn nothing_moves_without_an_h1_or_among_equally_near_copies() {
    let without_h1 = PAGE.replace(
        "heading \"Red mug\" [level=1]",
        "heading \"Red mug\" [level=2]",
    );
    let snap = parse(&without_h1).expect("the page parses");
    let mut rank = vec![0.0; snap.len()];
    rank[snap.index_of_ref("e4")] = 2.0;
    let before = rank.clone();
    lift(&snap, &mut rank);
    assert_eq!(rank, before);

    let side_by_side = "\
- main [ref=e1]:
  - heading \"Mugs\" [level=1] [ref=e2]
  - button \"Add to bag\" [ref=e3]
  - button \"Add to bag\" [ref=e4]
";
    let snap = parse(side_by_side).expect("the page parses");
    let mut rank = vec![0.0, 0.0, 1.0, -1.0];
    lift(&snap, &mut rank);
    assert_eq!(rank, vec![0.0, 0.0, 1.0, -1.0]);
}
