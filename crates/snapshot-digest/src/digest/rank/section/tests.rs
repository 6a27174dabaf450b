use super::super::goal::analyse;
use super::super::index::match_goal;
use super::*;
use crate::syntax::parse;

fn credit_of(text: &str, goal: &str, aria_ref: &str) -> f32 {
    let snap = parse(text).expect("parses");
    let goal = analyse(goal, Default::default());
    let matches = match_goal(&snap, &goal);
    let actionable: Vec<bool> = snap.nodes().iter().map(|n| n.role() == "link").collect();
    let ctx = section_context(&snap, &actionable, &matches);
    ctx.of(snap.index_of_ref(aria_ref))
        .map_or(0.0, |v| v.iter().sum())
}

const PAGE: &str = "- list:\n  - link \"1 History\" [ref=e1]:\n    - /url: \"#History\"\n  - link \"2 Food and drink\" [ref=e2]:\n    - /url: \"#Food_and_drink\"\n- heading [level=2] [ref=e3]:\n  - text: History\n- paragraph: Settlers arrived by canoe.\n- heading \"Food and drink\" [level=2] [ref=e4]\n- paragraph: Meals of lamb and kumara are typical.\n- link \"Elsewhere\" [ref=e5]:\n  - /url: https://example.com/other#Food_and_drink_2\n";

#[test]
fn a_contents_entry_is_credited_with_its_sections_words() {
    let goal = "what do people typically eat, take me to that part";
    assert!(credit_of(PAGE, goal, "e2") > 0.0);
    // The history section says nothing of meals, and its entry takes nothing from the
    // next section.
    assert_eq!(credit_of(PAGE, goal, "e1"), 0.0);
    // A fragment no heading of this page names leads elsewhere.
    assert_eq!(credit_of(PAGE, goal, "e5"), 0.0);
}

#[test]
fn without_a_heading_node_the_text_after_the_link_is_the_anchor() {
    // chrome-devtools-mcp's syntax, where a section heading can be left out and its text
    // kept; the same words before the link are not the anchor.
    let page = "uid=1_0 RootWebArea \"Guide\"\n  uid=1_1 \"Food and drink\"\n  uid=1_2 link \"2 Food and drink\" url=\"http://127.0.0.1:8000/guide#Food_and_drink\"\n  uid=1_3 link \"3 History\" url=\"http://127.0.0.1:8000/guide#History\"\n  uid=1_4 \"Food and drink\"\n  uid=1_5 \"Meals of lamb and kumara are typical.\"\n  uid=1_6 \"History\"\n  uid=1_7 \"Settlers arrived by canoe.\"\n";
    let snap = parse(page).expect("parses");
    let goal = analyse("what do people typically eat", Default::default());
    let matches = match_goal(&snap, &goal);
    let actionable: Vec<bool> = snap.nodes().iter().map(|n| n.role() == "link").collect();
    let ctx = section_context(&snap, &actionable, &matches);
    let credit = |i: usize| ctx.of(i).map_or(0.0, |v| v.iter().sum::<f32>());
    assert!(credit(2) > 0.0);
    assert_eq!(credit(3), 0.0);
}

#[test]
fn percent_escapes_and_punctuation_name_the_same_heading() {
    let slug = |text: &str| {
        let mut out = String::from("left over");
        slug_into(&mut out, text);
        out
    };
    assert_eq!(
        slug(&percent_decoded("%C3%89tymologie")),
        slug("Étymologie")
    );
    assert_eq!(slug("use-median"), slug("Use Median"));
    // A broken escape is kept as written.
    assert_eq!(percent_decoded("100%_sure%2"), "100%_sure%2");
}
