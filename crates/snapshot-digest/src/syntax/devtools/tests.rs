use super::*;
use crate::tree::NodeId;
use crate::{Config, parse, parse_lenient, render};

const SHOP: &str = "uid=1_0 RootWebArea \"Kettle shop\" url=\"http://127.0.0.1:8000/shop.html\"\n  uid=1_1 navigation\n    uid=1_2 link \"Basket (2 items)\" url=\"http://127.0.0.1:8000/basket\"\n  uid=1_5 button \"Add to basket\" focusable focused\n  uid=1_6 \"Price: 39.90\"\n";

#[test]
fn reads_roles_names_attributes_uids_and_text() {
    let snap = parse(SHOP).expect("parses");
    assert_eq!(snap.syntax(), Syntax::DevTools);
    let n = snap.nodes();
    assert_eq!(n.len(), 5);
    assert_eq!(
        (n[0].role(), n[0].name()),
        ("RootWebArea", Some("Kettle shop"))
    );
    assert_eq!(
        n[0].attribute("url"),
        Some(Some("http://127.0.0.1:8000/shop.html"))
    );
    assert_eq!(n[2].aria_ref().map(|r| r.as_str()), Some("1_2"));
    assert_eq!(n[2].depth(), 2);
    assert_eq!(n[3].attribute("focused"), Some(None));
    assert_eq!(
        (n[4].kind(), n[4].text()),
        (NodeKind::Text, Some("Price: 39.90"))
    );
    assert_eq!(snap.children(NodeId(0)).count(), 3);
    assert_eq!(render(&snap), SHOP);
}

#[test]
fn the_tool_result_around_a_snapshot_is_skipped() {
    let result = format!("## Latest page snapshot\n{SHOP}## Pages\n1: shop [selected]\n");
    let snap = parse(&result).expect("parses");
    assert_eq!(snap.len(), 5);
    assert_eq!(render(&snap), SHOP);
}

#[test]
fn quotes_and_newlines_inside_names_are_read_as_well_as_the_line_allows() {
    let text = "uid=1_1 button \"Say \"hi\" now\" focusable\nuid=1_2 link \"two\nlines\" url=\"/a\"\nuid=1_3 heading \"ends with quote\"\"";
    let (snap, diagnostics) = parse_lenient(text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let n = snap.nodes();
    assert_eq!(n[0].name(), Some("Say \"hi\" now"));
    assert_eq!(n[0].attribute("focusable"), Some(None));
    assert_eq!(n[1].name(), Some("two\nlines"));
    assert_eq!(n[1].attribute("url"), Some(Some("/a")));
    assert_eq!(n[2].name(), Some("ends with quote\""));
    assert_eq!(render(&snap), text);
}

#[test]
fn hostile_lines_give_diagnostics_and_a_tree_that_renders_and_reparses() {
    let stairs: String = (0..3)
        .map(|i| format!("{}uid=1_{i} generic\n", "  ".repeat(i)))
        .collect();
    let cases = [
        "uid=1_1 button \"unterminated".to_owned(),
        "uid=1_1 \"unterminated text".to_owned(),
        "uid=\nuid= \"x\"".to_owned(),
        "\tuid=1_1 button".to_owned(),
        "uid=1_1 a\n   uid=1_2 b\n uid=1_3 c".to_owned(),
        "uid=1_1 link url=\"x\" =bad \"stray".to_owned(),
        "uid=1_1 é \"ü\" ß=\"\u{200b}\"".to_owned(),
        stairs,
    ];
    for text in cases {
        let (snap, _diagnostics) = parse_lenient(&text);
        let rendered = render(&snap);
        let (again, _) = parse_lenient(&rendered);
        assert!(again.same_tree(&snap), "{text:?} -> {rendered:?}");
        assert_eq!(render(&again), rendered);
    }
}

#[test]
fn nesting_deeper_than_the_limit_is_reported_not_recursed() {
    // 30,000 lines, each one level deeper than the last up to 400 levels.
    let text: String = (0..30_000)
        .map(|i| format!("{}uid=1_{i} generic\n", "  ".repeat(i.min(400))))
        .collect();
    let (snap, diagnostics) = crate::parse_lenient_with(
        &text,
        &Config {
            max_depth: 256,
            syntax: None,
        },
    );
    assert!(snap.nodes().iter().all(|n| n.depth() < 256));
    assert!(
        diagnostics
            .iter()
            .any(|d| matches!(d.kind(), ErrorKind::TooDeep { .. }))
    );
}

#[test]
fn a_diff_is_written_in_the_same_syntax_and_repeated_uids_match_by_content() {
    let edited = SHOP.replace("Basket (2 items)", "Basket (3 items)");
    let with_repeat = |s: &str| format!("{s}  uid=1_9 \"“\"\n  uid=1_9 \"“\"\n");
    let (old_text, new_text) = (with_repeat(SHOP), with_repeat(&edited));
    let old = parse(&old_text).expect("parses");
    let new = parse(&new_text).expect("parses");
    let d = crate::diff::diff(&old, &new);
    assert_eq!(d.changed, 1, "{}", d.text);
    assert!(
        d.text
            .starts_with("# changes since the previous snapshot: 1 changed or new (uid=1_2)"),
        "{}",
        d.text
    );
    assert!(
        d.text
            .contains("\n    uid=1_2 link \"Basket (3 items)\" url="),
        "{}",
        d.text
    );
    assert!(
        d.text
            .contains("# unchanged: uid=1_5, uid=1_6, uid=1_9, uid=1_9"),
        "{}",
        d.text
    );
    assert!(
        !d.text.contains("<changed>") && !d.text.contains("- ref="),
        "{}",
        d.text
    );
    let reread = parse(&d.text).expect("the diff parses");
    assert_eq!(reread.syntax(), Syntax::DevTools);
    assert_eq!(
        crate::diff::diff(&new, &new).kind,
        crate::diff::DiffKind::Unchanged
    );
}

#[test]
fn a_goal_digest_keeps_the_syntax_and_only_uids_of_the_page() {
    let mut text = String::from("uid=1_0 RootWebArea \"Shop\"\n  uid=1_1 main\n");
    for i in 0..300 {
        text.push_str(&format!(
            "    uid=1_{} link \"Teapot {i}\" url=\"/p/{i}\"\n",
            i + 2
        ));
    }
    text.push_str("    uid=1_999 button \"Add to basket\" focusable\n");
    let snap = parse(&text).expect("parses");
    let config = crate::digest::DigestConfig {
        max_tokens: 300,
        ..Default::default()
    };
    let d = crate::digest::digest_with(&snap, "put it in my basket", &config);
    assert!(
        d.text
            .contains("uid=1_999 button \"Add to basket\" focusable"),
        "{}",
        d.text
    );
    let out = parse(&d.text).expect("the digest parses");
    assert_eq!(out.syntax(), Syntax::DevTools);
    for n in out.nodes() {
        let r = n
            .aria_ref()
            .map(|r| r.as_str().to_owned())
            .unwrap_or_default();
        assert!(
            text.contains(&format!("uid={r} ")),
            "uid {r} is not the page's"
        );
    }
    let full = crate::digest::full_digest(&snap);
    assert!(
        full.text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .all(|l| l.trim_start().starts_with("uid="))
    );
}

#[test]
fn the_syntax_can_be_chosen() {
    let config = Config {
        syntax: Some(Syntax::DevTools),
        ..Config::default()
    };
    // A comment first: detection still finds the syntax, and choosing it agrees.
    let text = "# a note\nuid=1_1 button \"Go\"";
    assert_eq!(
        crate::parse_with(text, &config).expect("parses").syntax(),
        Syntax::DevTools
    );
    assert_eq!(parse(text).expect("parses").syntax(), Syntax::DevTools);
    // Chosen Playwright, a devtools line is not a list item.
    let playwright = Config {
        syntax: Some(Syntax::Playwright),
        ..Config::default()
    };
    assert!(crate::parse_with("uid=1_1 button", &playwright).is_err());
}

/// A page the way the server's default snapshot writes a table: no rows or cells, only text
/// nodes in a flat run under the root, then many links to push the budget.
fn flat_table_page() -> String {
    let mut text = String::from("uid=1_0 RootWebArea \"Company\"\n");
    for (i, (label, value)) in [
        ("Industry", "Software"),
        ("Founded", "February 28, 1998"),
        ("Employees", "About 1,200"),
    ]
    .iter()
    .enumerate()
    {
        text.push_str(&format!("  uid=1_{} \"{label}\"\n", 2 * i + 1));
        text.push_str(&format!("  uid=1_{} \"{value}\"\n", 2 * i + 2));
    }
    for i in 0..200 {
        text.push_str(&format!(
            "  uid=2_{i} link \"Story {}\" url=\"https://news.example/{}?utm={}\"\n",
            i % 50,
            i / 2,
            "x".repeat(300)
        ));
    }
    text
}

/// The goal digest of `text` with the default settings.
fn digest_at_default(text: &str, goal: &str) -> crate::digest::Digest {
    crate::digest::digest_with(
        &parse(text).expect("parses"),
        goal,
        &crate::digest::DigestConfig::default(),
    )
}

#[test]
fn a_label_text_hit_comes_with_the_value_after_it() {
    let d = digest_at_default(&flat_table_page(), "when was it founded");
    assert!(d.text.contains("uid=1_3 \"Founded\""), "{}", d.text);
    assert!(
        d.text.contains("uid=1_4 \"February 28, 1998\""),
        "{}",
        d.text
    );
    // A label's value, not the rest of the page: the next label's value stays out of the
    // match's context (the candidate list after it may offer it, as it offers any text).
    let context = d
        .text
        .split("# further candidates")
        .next()
        .unwrap_or_default();
    assert!(!context.contains("uid=1_6 "), "{}", d.text);
}

#[test]
fn candidate_lines_cut_long_urls_and_list_a_destination_once() {
    // Each name leads to four destinations, so the URLs are what tells the links apart.
    let text = flat_table_page();
    let snap = parse(&text).expect("parses");
    let d = crate::digest::digest_with(
        &snap,
        "read a story",
        &crate::digest::DigestConfig::default(),
    );
    let listed: Vec<&str> = d
        .text
        .lines()
        .filter(|l| l.contains(" link \"Story"))
        .collect();
    assert!(listed.len() > 5, "{}", d.text);
    // Each URL is cut to a third of the text limit, the cut marked, and stays quoted.
    assert!(
        listed.iter().all(|l| l.len() < 200 && l.ends_with("…\"")),
        "{listed:#?}"
    );
    // Two links to each URL: only one of each pair is listed.
    let urls: Vec<&str> = listed
        .iter()
        .map(|l| l.split_once(" url=").map_or("", |(_, u)| u))
        .collect();
    let mut unique = urls.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), urls.len(), "{listed:#?}");
    // The output still parses, with only uids of the page.
    let out = parse(&d.text).expect("the digest parses");
    for n in out.nodes() {
        if let Some(r) = n.aria_ref() {
            assert!(text.contains(&format!("uid={} ", r.as_str())));
        }
    }
    // The URL the agent reads in the tree is the attribute's, whole.
    let first = snap
        .nodes()
        .iter()
        .find(|n| n.role() == "link")
        .expect("a link");
    assert!(first.url().is_some_and(|u| u.len() > 300));
}

#[test]
fn a_run_of_blank_texts_after_a_label_is_kept_only_in_part() {
    let mut text = String::from("uid=1_0 RootWebArea \"Company\"\n  uid=1_1 \"Founded\"\n");
    for i in 0..100 {
        text.push_str(&format!("  uid=2_{i} \" \"\n"));
    }
    text.push_str("  uid=3_0 \"February 28, 1998\"\n");
    for i in 0..400 {
        text.push_str(&format!("  uid=4_{i} link \"Story {i}\" url=\"/s/{i}\"\n"));
    }
    let d = digest_at_default(&text, "when was it founded");
    assert!(d.text.contains("uid=1_1 \"Founded\""), "{}", d.text);
    let blanks = d.text.lines().filter(|l| l.contains("uid=2_")).count();
    assert!(
        (1..=4).contains(&blanks),
        "{blanks} blank texts kept:\n{}",
        d.text
    );
}
