use super::*;
use crate::syntax::parse;

const PAGE: &str = "\
- main [ref=e1]:
  - term [ref=e2]: Released
  - definition [ref=e3]: 2019-03-05
  - term [ref=e4]: Weight
  - definition [ref=e5]:
    - paragraph [ref=e6]: 240 g
  - table [ref=e7]:
    - row [ref=e8]:
      - rowheader \"Price\" [ref=e9]
      - cell \"12.99 €\" [ref=e10]
    - row [ref=e11]:
      - cell \"Stock\" [ref=e12]
      - cell \"4 left\" [ref=e13]
  - paragraph [ref=e14]: 3 results
";

/// The candidate list of `snap` for question `goal`, the nodes of `ranked` scored as given
/// and the rest unranked: its text, and the nodes it wrote.
fn list<'s>(snap: &'s Snapshot<'s>, goal: &str, ranked: &[(&str, f32)]) -> (String, Vec<usize>) {
    let reading = crate::digest::rank::Reading::new(snap, goal, Default::default());
    let credit = WordCredit::new(snap, &reading.goal, &reading.matches);
    let mut score = vec![f32::NEG_INFINITY; snap.len()];
    for &(r, s) in ranked {
        score[snap.index_of_ref(r)] = s;
    }
    let shown = vec![false; snap.len()];
    let mut candidates = Candidates::new(snap, &score, &credit, &shown, true);
    let mut out = String::new();
    let written = candidates.write(&mut out, 1_000, Brief::default());
    (out, written)
}

#[test]
fn a_value_has_the_label_its_structure_gives() {
    let snap = parse(PAGE).expect("the page parses");
    let label = |r: &str| label_of(&snap, snap.index_of_ref(r)).map(|l| &snap.nodes()[l]);
    let name = |r: &str| label(r).and_then(|n| n.name().or(n.text()).map(str::to_owned));
    assert_eq!(name("e3").as_deref(), Some("Released"));
    assert_eq!(name("e6").as_deref(), Some("Weight"), "within a definition");
    assert_eq!(name("e10").as_deref(), Some("Price"), "a row header");
    assert_eq!(name("e13").as_deref(), Some("Stock"), "a row's first cell");
    assert!(label("e12").is_none(), "a first cell is no label of itself");
    assert!(label("e14").is_none(), "a paragraph has none");
    assert!(label("e2").is_none(), "nor has a term");
}

#[test]
fn a_label_has_the_value_its_structure_gives() {
    let snap = parse(PAGE).expect("the page parses");
    let value = |r: &str| {
        value_of(&snap, snap.index_of_ref(r), &[])
            .and_then(|v| snap.nodes()[v].aria_ref())
            .map(|r| r.as_str().to_owned())
    };
    assert_eq!(value("e2").as_deref(), Some("e3"), "a term's definition");
    assert_eq!(value("e4").as_deref(), Some("e5"));
    assert_eq!(value("e9").as_deref(), Some("e10"), "a row header's cell");
    assert_eq!(value("e12").as_deref(), Some("e13"), "a row's first cell's");
    assert!(value("e10").is_none(), "a value is no label");
    assert!(value("e13").is_none());
    assert!(value("e14").is_none(), "a paragraph has none");
}

#[test]
fn a_listed_label_is_followed_by_its_value() {
    let snap = parse(PAGE).expect("the page parses");
    // The label first, its value last: the value is written after its label anyway.
    let (out, _) = list(
        &snap,
        "what is the price",
        &[("e9", 3.0), ("e14", 2.0), ("e2", 1.5), ("e10", 0.1)],
    );
    let refs: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split("[ref=").nth(1)?.split(']').next())
        .collect();
    assert_eq!(refs, ["e9", "e10", "e14", "e2", "e3"], "{out}");
}

#[test]
fn a_label_without_words_of_its_own_shows_its_first_named_child() {
    let snap = parse(
            "- table [ref=e1]:\n  - row [ref=e2]:\n    - cell [ref=e3]:\n      - link \"Cabriofix\" [ref=e4]:\n        - /url: /seat\n    - cell \"140 €\" [ref=e5]\n",
        )
        .expect("the page parses");
    let (out, written) = list(&snap, "what does it cost", &[("e5", 1.0)]);
    assert!(
        out.starts_with("- cell [ref=e3]:\n  - link \"Cabriofix\" [ref=e4]"),
        "{out}"
    );
    assert!(
        written.contains(&snap.index_of_ref("e4")),
        "a later page lists it not again"
    );
}

#[test]
fn a_flattened_rows_text_label_is_followed_by_the_text_after_it() {
    // chrome-devtools-mcp's default snapshot: an infobox's rows as a run of text nodes,
    // each with a uid of its own.
    let snap = parse(
            "uid=1_0 RootWebArea \"Country\"\n  uid=1_1 \"Population\"\n  uid=1_2 \"4,933,210\"\n  uid=1_3 \"Density\"\n  uid=1_4 \"18.2/km\"\n",
        )
        .expect("the page parses");
    let at = |r: &str| snap.index_of_ref(r);
    assert_eq!(value_of(&snap, at("1_1"), &[]), Some(at("1_2")));
    assert_eq!(
        value_of(&snap, at("1_4"), &[]),
        None,
        "the last text has none"
    );
    let (out, _) = list(
        &snap,
        "what is the population",
        &[("1_1", 2.0), ("1_3", 1.0)],
    );
    let uids: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("uid=")?.split(' ').next())
        .collect();
    assert_eq!(uids, ["1_1", "1_2", "1_3", "1_4"], "{out}");
}

#[test]
fn a_row_labels_value_is_the_cell_the_ranking_puts_first() {
    let snap = parse(
            "- table:\n  - row:\n    - cell \"Delhi\" [ref=e1]\n    - cell \"2514\" [ref=e2]\n    - cell \"857\" [ref=e3]\n    - cell \"53\" [ref=e4]\n",
        )
        .expect("the page parses");
    let mut score = vec![f32::NEG_INFINITY; snap.len()];
    score[snap.index_of_ref("e2")] = 0.5;
    score[snap.index_of_ref("e3")] = 2.0;
    let value = |score: &[f32]| value_of(&snap, snap.index_of_ref("e1"), score);
    assert_eq!(value(&score), Some(snap.index_of_ref("e3")));
    // Unranked, the next cell.
    assert_eq!(value(&[]), Some(snap.index_of_ref("e2")));
}
