use super::*;
use crate::tree::NodeId;
use crate::{Config, DigestConfig, parse, parse_lenient, parse_lenient_with, render};

/// Lines as agent-browser 0.41.2 writes them (its full snapshot of a small page of ours, with
/// a cursor-found node and an included URL added as its renderer writes them).
const SHOP: &str = r#"- heading "Kettle shop" [level=1, ref=e1]
- paragraph
  - StaticText "Our best kettle: \"boils\" a litre in two minutes."
- form
  - LabelText
    - StaticText "Search"
  - textbox "Search" [required, ref=e5]: stoneware
  - button "Submit" [disabled, ref=e6]
- link "Basket (0)" [ref=e2, url=http://127.0.0.1:8000/basket?a=1, b]
- combobox [expanded=false, ref=e3]: A
  - MenuListPopup
    - option "A" [selected, ref=e7]
    - option "B" [ref=e8]
- checkbox "Agree" [checked=false, ref=e4]
- generic [ref=e9] clickable [cursor:pointer, onclick]: Save for later"#;

/// The syntax chosen, not told from the text: a line or two can read as Playwright's too.
fn chosen() -> Config {
    Config {
        syntax: Some(Syntax::AgentBrowser),
        ..Config::default()
    }
}

#[test]
fn reads_roles_names_attributes_values_and_text() {
    let snap = parse(SHOP).expect("parses");
    assert_eq!(snap.syntax(), Syntax::AgentBrowser);
    let n = snap.nodes();
    assert_eq!(n.len(), 15);
    assert_eq!((n[0].role(), n[0].name()), ("heading", Some("Kettle shop")));
    assert_eq!(n[0].attribute("level"), Some(Some("1")));
    assert_eq!(n[0].aria_ref().map(|r| r.as_str()), Some("e1"));
    assert_eq!(
        (n[2].kind(), n[2].text()),
        (
            NodeKind::Text,
            Some("Our best kettle: \"boils\" a litre in two minutes.")
        )
    );
    assert_eq!(n[2].parent(), Some(NodeId(1)));
    assert_eq!(n[6].text(), Some("stoneware"));
    assert_eq!(n[6].attribute("required"), Some(None));
    assert_eq!(n[8].url(), Some("http://127.0.0.1:8000/basket?a=1, b"));
    assert_eq!(n[9].text(), Some("A"));
    assert_eq!(snap.children(NodeId(9)).count(), 1);
    assert_eq!(n[11].attribute("selected"), Some(None));
    assert_eq!(n[13].attribute("checked"), Some(Some("false")));
    assert_eq!(
        n[14].prop("cursor"),
        Some("clickable [cursor:pointer, onclick]")
    );
    assert_eq!(n[14].text(), Some("Save for later"));
    assert_eq!(render(&snap), SHOP);
}

#[test]
fn the_syntax_is_told_from_its_first_lines_and_can_be_chosen() {
    let flat = "- link \"Home\" [ref=e2]\n- heading \"News\" [level=2, ref=e3]";
    assert_eq!(parse(flat).expect("parses").syntax(), Syntax::AgentBrowser);
    let text = "- paragraph\n  - StaticText \"Hello\"";
    assert_eq!(parse(text).expect("parses").syntax(), Syntax::AgentBrowser);
    // Playwright's own syntax stays Playwright's: one attribute per bracket, `:` before children.
    let playwright = "- navigation [ref=e1]:\n  - heading \"News\" [level=2] [ref=e3]";
    assert_eq!(
        parse(playwright).expect("parses").syntax(),
        Syntax::Playwright
    );
    // A name that looks like a shared bracket is a name.
    let quoted = "- link \"[a, ref=e1]\" [ref=e2]";
    assert_eq!(parse(quoted).expect("parses").syntax(), Syntax::Playwright);
    let (snap, diagnostics) = parse_lenient_with("- link \"Home\" [ref=e2]", &chosen());
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(snap.syntax(), Syntax::AgentBrowser);
}

#[test]
fn an_empty_page_is_no_node() {
    for body in EMPTY_BODIES {
        let (snap, diagnostics) = parse_lenient(body);
        assert!(diagnostics.is_empty() && snap.is_empty(), "{body}");
    }
}

#[test]
fn a_value_over_several_lines_is_one_node() {
    let text = "- textbox \"Note\" [ref=e1]: first line\nsecond line\n- button \"Send\" [ref=e2]";
    let (snap, diagnostics) = parse_lenient_with(text, &chosen());
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(snap.nodes()[0].text(), Some("first line\nsecond line"));
    assert_eq!(snap.nodes()[1].line(), 3);
    assert_eq!(render(&snap), text);
}

#[test]
fn hostile_lines_give_diagnostics_and_a_tree_that_renders_and_reparses() {
    let cases = [
        "- heading \"unterminated [level=1, ref=e1]",
        "- link \"a\" [ref=e2 ref=e3]",
        "- link \"a\" [ref=e2, ]",
        "- button \"a\" [ref=e2] trailing words",
        "-  \"no role\"",
        "   - odd indent [ref=e1]",
        "text before any node\n- link \"a\" [ref=e1]",
        "- link \"\\ud800 lone surrogate\" [ref=e1]",
        "- a\n      - b\n  - c",
    ];
    for text in cases {
        let (snap, _diagnostics) = parse_lenient_with(text, &chosen());
        let written = render(&snap);
        let again = crate::parse_with(&written, &chosen())
            .unwrap_or_else(|e| panic!("{text:?} written as {written:?} does not read: {e}"));
        assert_eq!(render(&again), written, "{text:?}");
    }
    let (snap, diagnostics) =
        parse_lenient_with("- button \"a\" [ref=e2] trailing words", &chosen());
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    // What did not read is the node's value: kept, and written as a line that reads.
    assert_eq!(snap.nodes()[0].text(), Some("trailing words"));
    let written = render(&snap);
    assert_eq!(written, "- button \"a\" [ref=e2]: trailing words");
    assert!(crate::parse_with(&written, &chosen()).is_ok());
}

#[test]
fn nesting_deeper_than_the_limit_is_reported_not_recursed() {
    let text: String = (0..50)
        .map(|i| format!("{}- generic [ref=e{i}]\n", "  ".repeat(i)))
        .collect();
    let config = Config {
        max_depth: 10,
        ..chosen()
    };
    let (snap, diagnostics) = parse_lenient_with(&text, &config);
    assert_eq!(snap.len(), 10);
    assert!(
        diagnostics
            .iter()
            .any(|d| matches!(d.kind(), ErrorKind::TooDeep { .. }))
    );
}

#[test]
fn a_goal_digest_keeps_the_syntax_and_only_refs_of_the_page() {
    let mut text = String::from("- heading \"Kettle shop\" [level=1, ref=e1]\n- list\n");
    for i in 0..300 {
        text.push_str(&format!(
            "  - listitem [level=1]\n    - link \"Teapot model {i}\" [ref=e{}, url=http://127.0.0.1:8000/p/{i}]\n    - button \"Save teapot {i} for later\" [ref=e{}]\n",
            100 + 2 * i,
            101 + 2 * i
        ));
    }
    text.push_str("- button \"Add to basket\" [ref=e7] clickable [cursor:pointer]\n");
    let snap = parse(&text).expect("parses");
    let digest = crate::digest_with(
        &snap,
        "add the kettle to my basket",
        &DigestConfig::default(),
    );
    assert!(
        digest.text.contains("- button \"Add to basket\" [ref=e7]"),
        "{}",
        digest.text
    );
    assert!(!digest.text.contains("clickable"), "{}", digest.text);
    assert!(digest.text.len() < text.len() / 4);
    for (at, _) in digest.text.match_indices("ref=") {
        let r: String = digest.text[at + 4..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        assert!(text.contains(&format!("ref={r}")), "{r} is not on the page");
    }
    let full = crate::digest::full_digest(&snap).text;
    assert!(full.contains("[ref=e101]"), "{full}");
}
