use super::super::{Reading, rank};
use super::*;
use crate::digest::meaning::relatedness::StaticEmbeddings;
use crate::digest::rank::ranking::Ranking;
use crate::digest::settings::Resources;

/// A page in Playwright's syntax and in chrome-devtools-mcp's: the whole name the goal says
/// in the navigation, its longer kin in the main content under a heading that says it too,
/// and unrelated links in both.
fn pages() -> [String; 2] {
    let nav = ["Lyon", "Nice", "Paris", "Lille", "Nantes", "Bordeaux"];
    let mut main: Vec<String> = (0..40)
        .map(|i| {
            format!(
                "{} {i}",
                ["River Walk", "Old Harbour", "Castle Hill", "Market Hall"][i % 4]
            )
        })
        .collect();
    for (at, name) in [
        (5, "Paris Metro"),
        (12, "2.1 Paris"),
        (28, "Paris Saint-Germain"),
    ] {
        main.insert(at, name.to_owned());
    }
    // (depth, role, name) in document order, refs counted from 1.
    let mut lines: Vec<(usize, &str, Option<&str>)> = vec![(0, "navigation", Some("Cities"))];
    lines.extend(nav.iter().map(|n| (1, "link", Some(*n))));
    lines.push((0, "main", None));
    lines.push((1, "heading", Some("A weekend in Paris")));
    lines.push((1, "list", None));
    for name in &main {
        lines.push((2, "listitem", None));
        lines.push((3, "link", Some(name.as_str())));
    }
    let (mut playwright, mut devtools) = (String::new(), String::new());
    for (k, &(depth, role, name)) in lines.iter().enumerate() {
        let pad = "  ".repeat(depth);
        let quoted = name.map(|n| format!(" \"{n}\"")).unwrap_or_default();
        let opens = lines.get(k + 1).is_some_and(|next| next.0 > depth);
        let colon = if opens { ":" } else { "" };
        playwright.push_str(&format!("{pad}- {role}{quoted} [ref=e{}]{colon}\n", k + 1));
        devtools.push_str(&format!("{pad}uid=1_{} {role}{quoted}\n", k + 1));
    }
    [playwright, devtools]
}

#[test]
fn the_whole_name_the_goal_says_ranks_above_names_that_add_to_it() {
    for text in pages() {
        let snap = crate::parse(&text).expect("the page parses");
        let node = |name: &str| {
            snap.nodes()
                .iter()
                .position(|n| n.name() == Some(name))
                .expect("the link is on the page")
        };
        for goal in ["Paris", "go to Paris", "open the page about Paris"] {
            let reading = Reading::new(&snap, goal, Resources::default());
            let ranked = rank(
                &snap,
                &reading,
                goal,
                Ranking::builtin(),
                Some(StaticEmbeddings::builtin()),
            );
            let exact = ranked.order[node("Paris")];
            for kin in ["Paris Metro", "2.1 Paris", "Paris Saint-Germain"] {
                assert!(
                    exact > ranked.order[node(kin)],
                    "{goal:?} on {:?}: \"Paris\" {exact} against {kin:?} {}",
                    snap.syntax(),
                    ranked.order[node(kin)]
                );
            }
        }
    }
}

#[test]
fn name_kin_marks_the_longer_names_and_the_whole_one() {
    let [text, _] = pages();
    let snap = crate::parse(&text).expect("the page parses");
    let reading = Reading::new(&snap, "go to Paris", Resources::default());
    let credit = WordCredit::new(&snap, &reading.goal, &reading.matches);
    let candidates: Vec<usize> = (0..snap.len())
        .filter(|&i| snap.nodes()[i].addressable())
        .collect();
    let kin = NameKin::new(&snap, &candidates, &reading.matches, &credit);
    let names = |set: &FastSet<usize>| {
        let mut v: Vec<&str> = set.iter().filter_map(|&i| snap.nodes()[i].name()).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(names(&kin.named_has_longer), ["Paris"]);
    assert_eq!(
        names(&kin.adds_to_named),
        ["2.1 Paris", "Paris Metro", "Paris Saint-Germain"]
    );
}
