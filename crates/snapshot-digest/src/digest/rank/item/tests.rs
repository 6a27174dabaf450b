use super::super::goal::analyse;
use super::super::index::match_goal;
use super::*;
use crate::syntax::parse;

#[test]
fn a_repeated_control_is_credited_with_its_own_items_words() {
    let text = "- list:\n  - listitem:\n    - paragraph: Ada Park on the weather\n    - button \"Like\" [ref=e1]\n    - button \"Post\" [ref=e4]\n  - listitem:\n    - paragraph: Ben Ross on the range\n    - button \"Like\" [ref=e2]\n    - button \"Post\" [ref=e5]\n- button \"Subscribe\" [ref=e3]\n";
    let snap = parse(text).expect("parses");
    let goal = analyse("Like the post by Ben Ross", Default::default());
    let matches = match_goal(&snap, &goal);
    let actionable: Vec<bool> = snap.nodes().iter().map(|n| n.role() == "button").collect();
    let copies = copies_of_controls(&snap, &actionable);
    let ctx = item_context(&snap, &copies, &matches, |_| true);
    let c = matches.concepts;
    let credit = |i: usize| ctx[i * c..(i + 1) * c].iter().sum::<f32>();
    let like = |r: &str| snap.index_of_ref(r);
    assert!(credit(like("e2")) > credit(like("e1")));
    // The other repeated control of the item ("Post") says nothing about which item.
    assert_eq!(credit(like("e1")), 0.0);
    assert_eq!(credit(like("e3")), 0.0);
}
