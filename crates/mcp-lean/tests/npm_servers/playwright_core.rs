//! `mcp-lean proxy` in front of `playwright mcp`, the MCP server that ships inside the npm
//! package `playwright-core`: its profile is picked from the name it reports (`Playwright`),
//! goal snapshots come back as digests that keep the target's ref, its tab lines with
//! `[isolatedContext: …]` pass through as the server wrote them, and a six-page session costs
//! a tenth of the tokens or less.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rmcp::RoleClient;
use rmcp::service::RunningService;
use serde_json::{Value, json};
use snapshot_digest::estimate_tokens;

use crate::caps::yaml_of;
use crate::playwright::{assert_lean_tools, navigate_inlined};
use crate::session::{Script, assert_lean, shows_key, six_pages};
use crate::{
    assert_server, call, chromium, corpus, npm_package, runtime, serve_client, server_command,
    site, temp_dir, text,
};

/// The `playwright-core` version `.ci/run` installs; the test checks it is the one it runs.
const PLAYWRIGHT_CORE: &str = "1.65.1";

fn cli() -> PathBuf {
    npm_package("playwright-core", PLAYWRIGHT_CORE).join("cli.js")
}

/// `playwright mcp` over stdio, started in `dir` (the server's workspace root): headless, the
/// system Chromium (no browser download), snapshots under `dir/out`; through the proxy when
/// `stats` is given.
async fn connect(dir: &Path, stats: Option<&Path>) -> RunningService<RoleClient, ()> {
    let mut cmd = server_command("node", stats);
    cmd.current_dir(dir)
        .arg(cli())
        .args(["mcp", "--headless", "--no-sandbox", "--isolated"])
        .arg("--executable-path")
        .arg(chromium())
        .arg("--output-dir")
        .arg(dir.join("out"));
    serve_client(cmd).await
}

fn script(dir: &Path) -> Script {
    Script {
        server: "playwright-core",
        shows: shows_key,
        workspace: Some(dir.to_owned()),
        open: |url| ("browser_navigate", json!({"url": url})),
        snapshot: ("browser_snapshot", json!({})),
        read: (
            "browser_evaluate",
            json!({"function": "() => document.body.innerText"}),
        ),
    }
}

/// The refs of `[ref=…]` markers in `text`.
fn refs(text: &str) -> BTreeSet<&str> {
    text.match_indices("[ref=")
        .filter_map(|(at, _)| {
            let rest = &text[at + 5..];
            rest.find(']').map(|end| &rest[..end])
        })
        .collect()
}

/// The refs of the lines of `text` that hold `needle`.
fn refs_of<'t>(text: &'t str, needle: &str) -> BTreeSet<&'t str> {
    text.lines()
        .filter(|l| l.contains(needle))
        .flat_map(refs)
        .collect()
}

/// The page as the server sees it, written by `browser_snapshot` to a file (the proxy leaves a
/// file the agent names alone).
async fn raw_snapshot(client: &RunningService<RoleClient, ()>, dir: &Path, name: &str) -> String {
    let path = dir.join("out").join(name);
    let saved = text(
        &call(
            client,
            "browser_snapshot",
            json!({"filename": path.display().to_string()}),
        )
        .await,
    );
    assert!(!saved.contains("```yaml"), "the file stays a link: {saved}");
    std::fs::read_to_string(&path).expect("playwright mcp wrote the snapshot file")
}

/// A goal snapshot through the proxy: a goal digest whose refs are all in `raw`, that holds one
/// of the `wanted` refs, and is a small part of `raw`. Returns the digest's share of the raw
/// snapshot's tokens.
async fn check_goal_digest(
    client: &RunningService<RoleClient, ()>,
    raw: &str,
    goal: &str,
    wanted: &BTreeSet<&str>,
) -> f64 {
    assert!(!wanted.is_empty(), "the target is in the raw snapshot");
    let result = text(&call(client, "browser_snapshot", json!({"goal": goal})).await);
    let digest = yaml_of(&result);
    assert!(digest.starts_with("# goal digest"), "{digest}");
    let shown = refs(digest);
    assert!(
        shown.iter().any(|r| wanted.contains(r)),
        "the digest for {goal:?} keeps none of {wanted:?}: {digest}"
    );
    let page_refs = refs(raw);
    let foreign: Vec<_> = shown.difference(&page_refs).collect();
    assert!(
        foreign.is_empty(),
        "refs the page does not have: {foreign:?}"
    );
    let share = estimate_tokens(&result) as f64 / estimate_tokens(raw) as f64;
    eprintln!(
        "playwright-core: {goal:?}: {} of {} tokens",
        estimate_tokens(&result),
        estimate_tokens(raw)
    );
    share
}

/// The targets of the corpus's goal `dev-wikipedia-2` in a live snapshot of the page: the table
/// of contents' link to the SpiderMonkey section, or that section's heading (named by its text
/// line, as the corpus's capture writes it).
fn spidermonkey(raw: &str) -> BTreeSet<&str> {
    let lines: Vec<&str> = raw.lines().collect();
    let mut wanted = refs_of(raw, "link \"3.7.2 SpiderMonkey\"");
    for pair in lines.windows(2) {
        if pair[0].trim_start().starts_with("- heading ")
            && pair[1].trim() == "- text: SpiderMonkey"
        {
            wanted.extend(refs(pair[0]));
        }
    }
    wanted
}

/// The goal of a dev goal of the corpus, by its id.
fn corpus_goal(id: &str) -> String {
    let goals = std::fs::read_to_string(corpus().join("goals-dev.jsonl")).expect("goals-dev.jsonl");
    goals
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|g| g["id"] == id)
        .and_then(|g| g["goal"].as_str().map(str::to_owned))
        .unwrap_or_else(|| panic!("goal {id} in goals-dev.jsonl"))
}

#[test]
fn playwright_mcp_of_playwright_core_through_the_proxy() {
    let site = site::serve();
    let dir = temp_dir("playwright-core");
    let stats = dir.join("stats.jsonl");
    runtime().block_on(async {
        let client = connect(&dir, Some(&stats)).await;
        assert_server(&client, "Playwright", PLAYWRIGHT_CORE);

        // The Playwright profile: goal and page on snapshot and action tools.
        let tools = assert_lean_tools(
            &client,
            &["browser_snapshot", "browser_click", "browser_tabs"],
        )
        .await;
        assert!(tools.iter().any(|t| t.name == "confirm_output"));

        eprintln!("playwright-core: the shop");
        navigate_inlined(&client, site.url("/shop")).await;
        let raw = raw_snapshot(&client, &dir, "shop.yml").await;
        let share = check_goal_digest(
            &client,
            &raw,
            "put the kettle in my basket",
            &refs_of(&raw, "button \"Add to basket\""),
        )
        .await;
        assert!(share < 0.2, "the digest is {share:.2} of the page");

        // A real page of the corpus, with a goal of the dev set (ref numbers differ from the
        // corpus's capture, so the target is found by its name in the live snapshot).
        eprintln!("playwright-core: a corpus page");
        call(
            &client,
            "browser_navigate",
            json!({"url": site.url("/corpus/wikipedia")}),
        )
        .await;
        call(&client, "browser_wait_for", json!({"time": 2})).await;
        let raw = raw_snapshot(&client, &dir, "wikipedia.yml").await;
        let share = check_goal_digest(
            &client,
            &raw,
            &corpus_goal("dev-wikipedia-2"),
            &spidermonkey(&raw),
        )
        .await;
        assert!(share < 0.1, "the digest is {share:.2} of the page");

        // A tab in an isolated context: its tab line carries `[isolatedContext: …]`, which
        // passes through as the server wrote it, and the new tab's snapshot is digested.
        eprintln!("playwright-core: a tab in an isolated context");
        let tab = text(
            &call(
                &client,
                "browser_tabs",
                json!({"action": "new", "url": site.url("/shop"), "isolatedContext": "second",
                       "goal": "put the kettle in my basket"}),
            )
            .await,
        );
        let line = format!(
            "- 1: (current) [Kettle shop]({}) [isolatedContext: second]",
            site.url("/shop")
        );
        assert!(tab.lines().any(|l| l == line), "{line} in: {tab}");
        assert!(
            tab.lines().any(|l| l == "- Isolated context: second"),
            "{tab}"
        );
        let digest = yaml_of(&tab);
        assert!(digest.starts_with("# goal digest"), "{digest}");
        let add = refs_of(digest, "button \"Add to basket\"")
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("the digest holds the button: {digest}"))
            .to_owned();

        // The kept ref works upstream.
        eprintln!("playwright-core: click {add}");
        let click = text(
            &call(
                &client,
                "browser_click",
                json!({"target": add, "element": "Add to basket", "goal": "the basket"}),
            )
            .await,
        );
        assert!(click.contains("- Page Title: Added to basket"), "{click}");
        assert!(click.contains("Basket (1)"), "{click}");

        // Six pages, straight to the server and through the proxy.
        let direct = connect(&dir, None).await;
        let measured = six_pages(&direct, &client, &site, &script(&dir)).await;
        let _ = direct.cancel().await;
        let _ = client.cancel().await;
        assert_lean(&measured);
    });

    // The goal snapshots were digested by the proxy.
    let lines = std::fs::read_to_string(&stats).expect("the stats file");
    let digests = lines
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .filter(|c| c["tool"] == "browser_snapshot" && c["actions"] == json!(["goal-digest"]))
        .count();
    assert_eq!(digests, 8, "{lines}");
    let _ = std::fs::remove_dir_all(&dir);
}
