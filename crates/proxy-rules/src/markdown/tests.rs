//! Unit tests of reading Playwright MCP's Markdown.

use super::*;

const RESPONSE: &str = "### Page\n- Page URL: http://127.0.0.1:8765/\n- Page Title: Kettle shop\n### Snapshot\n```yaml\n- button \"Add\" [ref=e6]\n```\n### Events\n- x";

#[test]
fn sections_cover_the_text_after_the_first_title() {
    let s = sections(RESPONSE);
    let titles: Vec<&str> = s.iter().map(|s| &RESPONSE[s.title.clone()]).collect();
    assert_eq!(titles, ["Page", "Snapshot", "Events"]);
    assert_eq!(&RESPONSE[s[2].body.clone()], "- x");
    let inner = fenced(RESPONSE, s[1].body.clone()).expect("a block");
    assert_eq!(&RESPONSE[inner], "- button \"Add\" [ref=e6]");
    assert_eq!(page_url(RESPONSE), Some("http://127.0.0.1:8765/"));
}

#[test]
fn a_title_inside_a_fence_is_not_a_section() {
    let text = "### Result\n```\n### not a title\n```\n";
    assert_eq!(sections(text).len(), 1);
}

#[test]
fn an_unclosed_or_empty_fence() {
    assert_eq!(fenced("```yaml\n- a\n", 0..12), None);
    let text = "```yaml\n```\n";
    assert_eq!(fenced(text, 0..text.len()), Some(8..8));
}

#[test]
fn links_and_legacy_blocks() {
    let text = "### Snapshot\n- [Snapshot](out/page-1.yml)\n";
    let (line, path) = snapshot_link(text, 13..text.len()).expect("a link");
    assert_eq!(
        (&text[line], path),
        ("- [Snapshot](out/page-1.yml)", "out/page-1.yml")
    );
    assert_eq!(snapshot_link("- [Snapshot]()\n", 0..15), None);
    let legacy = "- Page URL: x\n- Page Snapshot:\n```yaml\n- link \"a\" [ref=e1]\n```\n";
    let inner = legacy_snapshot(legacy).expect("a block");
    assert_eq!(&legacy[inner], "- link \"a\" [ref=e1]");
}

#[test]
fn a_json_block_is_found_after_other_blocks() {
    let text = "Ran:\n```js\nx\n```\nreturned:\n```json\n[1, 2]\n```\n";
    let inner = fenced_json(text).expect("a json block");
    assert_eq!(&text[inner], "[1, 2]");
    assert_eq!(fenced_json("```json\n[1]"), None);
}

#[test]
fn a_devtools_snapshot_and_its_page() {
    let text = "Clicked\n## Latest page snapshot\nuid=1_0 RootWebArea \"S\" url=\"http://x/\"\n  uid=1_1 button \"Go\"\n## Pages\n1: S";
    let body = devtools_snapshot(text).expect("a snapshot");
    assert_eq!(
        &text[body.clone()],
        "uid=1_0 RootWebArea \"S\" url=\"http://x/\"\n  uid=1_1 button \"Go\""
    );
    assert_eq!(devtools_url(&text[body]), "http://x/");
    let last = "## Latest page snapshot\nuid=1_0 a\n";
    assert_eq!(devtools_snapshot(last).map(|r| &last[r]), Some("uid=1_0 a"));
    assert_eq!(devtools_snapshot("## Latest page snapshot"), Some(23..23));
}

#[test]
fn odd_text_never_panics() {
    for text in [
        "",
        "###",
        "### ",
        "```",
        "\n\n```\r\n```",
        "### é\n```\n### ü",
        "- [Snapshot](",
        "- Page Snapshot:",
    ] {
        let _ = sections(text);
        let _ = fenced(text, 0..text.len());
        let _ = legacy_snapshot(text);
        let _ = fenced_json(text);
        let _ = devtools_snapshot(text);
        let _ = devtools_url(text);
        let _ = snapshot_link(text, 0..text.len());
        let _ = page_url(text);
    }
}

#[test]
fn a_gcf_snapshot_runs_past_its_own_children_lines() {
    let text = "## Latest page snapshot\nGCF profile=generic\nid=1_0\n## children [1]{id,role,name}\n1_1|button|Add\n## Pages\n1: shop";
    let body = devtools_snapshot(text).expect("a body");
    assert!(
        text[body.clone()].ends_with("1_1|button|Add"),
        "{:?}",
        &text[body]
    );
}
