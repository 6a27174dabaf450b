//! Responses of `playwright mcp` as `playwright-core` 1.65.1 writes them: tab lines that end in
//! `[isolatedContext: …]` and a `- Isolated context: …` line under `### Page` pass through as
//! they are, and the snapshot beside them is digested as `@playwright/mcp`'s is.

use std::collections::HashMap;

use mcp_proxy_rules::{Action, Profile, Rewriter};
use serde_json::json;

use crate::{NO_FILES, forward, refs, text_of};

/// A page large enough to be digested: 300 product links and one button.
fn shop() -> String {
    let mut snapshot = String::from("- generic [active] [ref=e1]:\n  - main [ref=e2]:\n");
    for i in 0..300 {
        snapshot.push_str(&format!(
            "    - link \"Teapot model {i}, stoneware\" [ref=e{}] [cursor=pointer]:\n      - /url: /p/{i}\n",
            i + 3
        ));
    }
    snapshot.push_str("    - button \"Add to basket\" [ref=e999]\n");
    snapshot
}

/// The lines around a snapshot in a result about a tab of an isolated context.
const TABS: &str = "- 0: [Kettle shop](http://127.0.0.1:8765/)\n- 1: (current) [Kettle shop](http://127.0.0.1:8765/shop) [isolatedContext: second]";
const PAGE: &str = "### Page\n- Page URL: http://127.0.0.1:8765/shop\n- Page Title: Kettle shop\n- Isolated context: second\n";

#[test]
fn the_playwright_profile_is_picked_by_the_name_playwright_core_reports() {
    assert_eq!(Profile::for_server("Playwright").name, "playwright");
}

#[test]
fn isolated_context_lines_pass_through_beside_a_digested_snapshot() {
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let snapshot = shop();

    // browser_snapshot: the snapshot inline, after the open tabs.
    let call = forward(&rw, "browser_snapshot", json!({"goal": "add to basket"}));
    let head = format!("### Open tabs\n{TABS}\n{PAGE}");
    let mut result = json!({"content": [{"type": "text", "text":
        format!("{head}### Snapshot\n```yaml\n{snapshot}```")}]});
    let outcome = rw.rewrite(&call, &mut result, &NO_FILES);
    assert_eq!(outcome.actions, [Action::GoalDigest]);
    let out = text_of(&result);
    assert!(
        out.starts_with(&format!("{head}### Snapshot\n```yaml\n# goal digest")),
        "{out}"
    );
    assert!(out.contains("[ref=e999]"), "{out}");
    assert!(refs(out).is_subset(&refs(&snapshot)));

    // browser_tabs with a new tab in an isolated context: the tab list twice, the snapshot as a
    // link the proxy reads.
    let files: HashMap<&str, &str> = [("./out/page-1.yml", snapshot.as_str())].into();
    let read = |p: &str| {
        files
            .get(p)
            .map(|s| (*s).to_owned())
            .ok_or_else(|| format!("{p} is missing"))
    };
    let call = forward(
        &rw,
        "browser_tabs",
        json!({"action": "new", "isolatedContext": "second", "goal": "add to basket"}),
    );
    let code =
        "### Ran Playwright code\n```js\nawait page.goto('http://127.0.0.1:8765/shop');\n```\n";
    let text = format!(
        "### Result\n{TABS}\n{code}### Open tabs\n{TABS}\n{PAGE}### Snapshot\n- [Snapshot](./out/page-1.yml)"
    );
    let mut result = json!({"content": [{"type": "text", "text": text}]});
    let outcome = rw.rewrite(&call, &mut result, &read);
    assert_eq!(outcome.actions, [Action::GoalDigest, Action::InlinedFile]);
    let out = text_of(&result);
    assert!(
        out.starts_with(&format!(
            "### Result\n{TABS}\n{code}### Open tabs\n{TABS}\n{PAGE}### Snapshot\n- [Snapshot](./out/page-1.yml)\n```yaml\n# goal digest"
        )),
        "{out}"
    );
    assert!(out.contains("[ref=e999]"), "{out}");

    // browser_tabs listing only: nothing to digest, the lines as they were.
    let call = forward(&rw, "browser_tabs", json!({"action": "list"}));
    let listed = format!("### Result\n{TABS}");
    let mut result = json!({"content": [{"type": "text", "text": listed}]});
    rw.rewrite(&call, &mut result, &NO_FILES);
    assert_eq!(text_of(&result), listed);
}
