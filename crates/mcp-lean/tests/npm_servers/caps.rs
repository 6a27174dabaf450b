//! The result cap, paged outlines, the read tool, partial snapshots and hidden tools, through
//! the proxy in front of the real `@playwright/mcp`, on the corpus's largest page; and a
//! `browser_evaluate` string of 20,000 lines, stored decoded, read by lines and by pattern.

use std::collections::HashMap;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use rmcp::model::CallToolRequestParams;
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};
use snapshot_digest::{is_interactive_role, parse_lenient};

use crate::playwright::server_args;
use crate::{call, read_all, runtime, site, temp_dir, text, texts, token_of};

/// The cap the proxy keeps by default.
const CAP: usize = 20_000;

/// The proxy in front of Playwright MCP over stdio, with `extra` options.
pub(crate) async fn connect(dir: &Path, extra: &[&str]) -> RunningService<RoleClient, ()> {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
    cmd.current_dir(dir)
        .arg("proxy")
        .args(extra)
        .arg("--")
        .arg("node")
        .args(server_args(dir));
    let (transport, _) = TokioChildProcess::builder(cmd)
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the proxy starts");
    ().serve(transport)
        .await
        .expect("the proxy and Playwright MCP initialize")
}

/// Calls a tool and checks what the client got is within the cap.
async fn capped(client: &RunningService<RoleClient, ()>, tool: &str, args: Value) -> Vec<String> {
    let result = call(client, tool, args).await;
    let tokens = mcp_proxy_rules::result_tokens(&serde_json::to_value(&result).expect("JSON"));
    assert!(tokens <= CAP, "{tool}: {tokens} tokens, over the cap");
    texts(&result)
}

/// Refs of interactive nodes in snapshot text, counted.
fn controls(yaml: &str, counts: &mut HashMap<String, usize>) {
    for node in parse_lenient(yaml).0.nodes() {
        if is_interactive_role(node.role())
            && let Some(r) = node.aria_ref()
        {
            *counts.entry(r.as_str().to_owned()).or_default() += 1;
        }
    }
}

/// The snapshot in a Playwright MCP result, inside its ```yaml block.
pub(crate) fn yaml_of(text: &str) -> &str {
    text.split("```yaml\n")
        .nth(1)
        .and_then(|s| s.split("\n```").next())
        .unwrap_or_else(|| panic!("a yaml block in: {}", &text[..text.len().min(2_000)]))
}

#[test]
fn a_real_large_page_through_the_proxy_stays_within_the_cap() {
    let site = site::serve();
    let dir = temp_dir("playwright-caps");
    runtime().block_on(async {
        let client = connect(
            &dir,
            &["--exclude-tools", "browser_drop,browser_network_*"],
        )
        .await;

        eprintln!("tools/list without the excluded tools");
        let tools = client.peer().list_all_tools().await.expect("tools/list");
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        assert!(names.contains(&"browser_snapshot") && names.contains(&"confirm_output"));
        assert!(
            !names.iter().any(|n| *n == "browser_drop" || n.starts_with("browser_network_")),
            "{names:?}"
        );
        let mut refused = CallToolRequestParams::new("browser_network_requests");
        refused = refused.with_arguments(serde_json::Map::new());
        let refused = client.peer().call_tool(refused).await.expect("answered");
        assert_eq!(refused.is_error, Some(true));
        assert!(
            text(&refused).contains("is excluded by the proxy's configuration"),
            "{}",
            text(&refused)
        );

        eprintln!("navigate to wikipedia-2");
        capped(
            &client,
            "browser_navigate",
            json!({"url": site.url("/corpus/wikipedia-2")}),
        )
        .await;

        // The page's scripts and images settle first (the digest pages the snapshot its page 1
        // was cut from, but this test compares with one it takes itself).
        call(&client, "browser_wait_for", json!({"time": 3})).await;
        // The page as the server sees it, written to a file the agent names: the link stays.
        let full_path = dir.join("out/full-page.yml");
        let saved = capped(
            &client,
            "browser_snapshot",
            json!({"filename": full_path.display().to_string()}),
        )
        .await;
        assert!(!saved[0].contains("```yaml"), "the file stays a link: {}", saved[0]);
        let raw = std::fs::read_to_string(&full_path).expect("Playwright MCP wrote the file");
        let mut expected = HashMap::new();
        controls(
            &snapshot_digest::full_digest(&parse_lenient(&raw).0).text,
            &mut expected,
        );
        assert!(expected.len() > 3_000, "{} controls", expected.len());

        eprintln!("browser_snapshot without goal, page by page");
        let mut paged = HashMap::new();
        let mut pages = 0;
        for n in 1..100 {
            let args = if n == 1 { json!({}) } else { json!({"page": n}) };
            let parts = capped(&client, "browser_snapshot", args).await;
            let yaml = yaml_of(&parts[0]);
            let head = yaml.lines().next().unwrap_or_default();
            assert!(head.starts_with(&format!("# page outline, page {n} of ")), "{head}");
            if n == 1 {
                assert!(
                    head.contains("browser_snapshot with page 2 and no goal shows the next part"),
                    "{head}"
                );
                assert!(yaml.contains("# regions on other pages"), "a region map");
            }
            controls(yaml, &mut paged);
            pages = n;
            if head.contains("the last page") {
                break;
            }
        }
        assert!(pages >= 3, "{pages} pages");
        let twice: Vec<_> = paged.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "controls on two pages: {twice:?}");
        // The pages are cut from the snapshot page 1 was made from; the reference above is the
        // same page only if the page did not change meanwhile, which a second look tells.
        let after_path = dir.join("out/after-pages.yml");
        capped(
            &client,
            "browser_snapshot",
            json!({"filename": after_path.display().to_string()}),
        )
        .await;
        let after = std::fs::read_to_string(&after_path).expect("Playwright MCP wrote the file");
        let missing: Vec<_> = expected.keys().filter(|r| !paged.contains_key(*r)).collect();
        if after == raw {
            assert!(missing.is_empty(), "controls on no page: {missing:?}");
            assert_eq!(paged.len(), expected.len());
        } else {
            eprintln!("the page changed while it was paged; comparing loosely");
            assert!(missing.len() * 100 <= expected.len(), "controls on no page: {missing:?}");
        }

        eprintln!("browser_find passes through, capped like any result");
        let found = capped(&client, "browser_find", json!({"text": "Zealand"})).await;
        assert!(found.concat().contains("Zealand"), "{found:?}");

        eprintln!("a part of the page, with a goal");
        // Wikipedia's "Personal tools" navigation (named by its heading, which the snapshot
        // keeps instead of the name).
        let page = parse_lenient(&raw).0;
        let nav = page
            .nodes()
            .iter()
            .find(|n| n.role() == "heading" && n.name() == Some("Personal tools"))
            .and_then(|h| page.get(h.parent()?))
            .and_then(|p| p.aria_ref().map(|r| r.as_str().to_owned()))
            .expect("the Personal tools navigation has a ref");
        let part = capped(
            &client,
            "browser_snapshot",
            json!({"target": nav, "goal": "log in"}),
        )
        .await;
        let yaml = yaml_of(&part[0]);
        let whole = parse_lenient(&raw).0;
        let target = whole
            .ids()
            .find(|&id| {
                whole
                    .get(id)
                    .and_then(|n| n.aria_ref())
                    .is_some_and(|r| r.as_str() == nav)
            })
            .expect("the target in the page");
        let inside: Vec<String> = std::iter::once(target)
            .chain(whole.descendants(target))
            .filter_map(|id| whole.get(id)?.aria_ref().map(|r| r.as_str().to_owned()))
            .collect();
        let shown: Vec<String> = parse_lenient(yaml)
            .0
            .nodes()
            .iter()
            .filter_map(|n| n.aria_ref().map(|r| r.as_str().to_owned()))
            .collect();
        assert!(!shown.is_empty(), "{yaml}");
        assert!(
            shown.iter().all(|r| inside.contains(r)),
            "refs from outside the target: {shown:?}"
        );
        assert!(yaml.to_lowercase().contains("log in"), "{yaml}");

        eprintln!("a large evaluate, read in slices, searched, then whole");
        let function = "() => Array.from(document.querySelectorAll('a'), a => ({text: a.textContent, href: a.href}))";
        let preview = capped(&client, "browser_evaluate", json!({"function": function})).await;
        let token = token_of(&preview[0]);
        let total: usize = preview[0]
            .split("totalLength=")
            .nth(1)
            .and_then(|s| s.split(',').next())
            .and_then(|n| n.parse().ok())
            .expect("a totalLength");
        assert!(total > 300_000, "{total} chars");
        let mut offset = 1;
        for _ in 0..3 {
            let slice = capped(
                &client,
                "confirm_output",
                json!({"token": token, "offset": offset, "limit": 400}),
            )
            .await;
            assert!(slice[0].starts_with(&format!("# lines {offset}-")), "{}", slice[0]);
            assert_eq!(slice[1].lines().count(), 400);
            offset += 400;
        }
        let found = capped(
            &client,
            "confirm_output",
            json!({"token": token, "pattern": "Auckland", "context": 1}),
        )
        .await;
        assert!(found[0].contains("lines match /Auckland/"), "{}", found[0]);
        assert!(found[1].lines().any(|l| l.contains(":") && l.contains("Auckland")));
        let whole = read_all(&client, &token).await;
        assert_eq!(whole.chars().count(), total);
        let links: Value = serde_json::from_str(&whole).expect("the whole output is the JSON");
        assert!(links.as_array().is_some_and(|a| a.len() > 3_000));
        let _ = client.cancel().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stored_output_expires_with_its_time_to_live() {
    let site = site::serve();
    let dir = temp_dir("playwright-ttl");
    let config = dir.join("proxy.json");
    std::fs::write(&config, r#"{"outputTtlSecs": 1}"#).expect("write the config");
    runtime().block_on(async {
        let client = connect(&dir, &["--config", config.to_str().expect("utf-8")]).await;
        call(
            &client,
            "browser_navigate",
            json!({"url": site.url("/shop")}),
        )
        .await;
        let function = "() => Array.from({length: 2000}, (_, i) => 'row ' + i)";
        let preview = text(&call(&client, "browser_evaluate", json!({"function": function})).await);
        let token = token_of(&preview);
        let first = texts(&call(&client, "confirm_output", json!({"token": token})).await);
        assert!(first[1].contains("row 1999"), "read before it expires");
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        let mut late = CallToolRequestParams::new("confirm_output");
        late = late.with_arguments(
            json!({"token": token})
                .as_object()
                .cloned()
                .unwrap_or_default(),
        );
        let late = client.peer().call_tool(late).await.expect("answered");
        assert_eq!(late.is_error, Some(true));
        assert!(
            text(&late).contains("expired: outputs are kept 1 s"),
            "{}",
            text(&late)
        );
        let _ = client.cancel().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// A page's text of 20,000 lines, as a script makes it: 21 matches of `NEEDLE`, 15 on lines
/// of their own and 6 far apart in line 12,345, of 100,000 chars; quotes, a tab and non-ASCII
/// chars on every line, which the JSON string escapes or keeps. [`page_text`] is the same.
const PAGE_TEXT_JS: &str = r#"() => {
  const lines = [];
  for (let i = 1; i <= 20000; i++) lines.push('line ' + i + ' of the page: "quoted", a\ttab, é and €');
  for (let k = 0; k < 15; k++) lines[k * 1300 + 7] = 'line ' + (k * 1300 + 8) + ' with the NEEDLE in it';
  let long = '';
  for (let j = 0; j < 100000; j++) long += j % 17000 === 3000 ? 'NEEDLE' : 'x';
  lines[12344] = long;
  return lines.join('\n');
}"#;

/// The text [`PAGE_TEXT_JS`] returns.
fn page_text() -> String {
    let mut lines: Vec<String> = (1..=20_000)
        .map(|i| format!("line {i} of the page: \"quoted\", a\ttab, é and €"))
        .collect();
    for k in 0..15 {
        lines[k * 1_300 + 7] = format!("line {} with the NEEDLE in it", k * 1_300 + 8);
    }
    lines[12_344] = (0..100_000)
        .map(|j| if j % 17_000 == 3_000 { "NEEDLE" } else { "x" })
        .collect();
    lines.join("\n")
}

/// The offset a reading's header names after `marker`, and whether it counts chars.
fn next_after(header: &str, marker: &str) -> Option<(u64, bool)> {
    let next = header.split(marker).nth(1)?;
    let offset = next.split([';', ',']).next()?.trim().parse().ok()?;
    Some((offset, next.contains("unit chars")))
}

#[test]
fn a_browser_evaluate_string_of_20000_lines_reads_by_lines_and_by_pattern() {
    let site = site::serve();
    let dir = temp_dir("playwright-string");
    runtime().block_on(async {
        let client = connect(&dir, &[]).await;
        capped(
            &client,
            "browser_navigate",
            json!({"url": site.url("/shop")}),
        )
        .await;

        eprintln!("browser_evaluate returns a string of 20,000 lines");
        let preview = capped(
            &client,
            "browser_evaluate",
            json!({"function": PAGE_TEXT_JS}),
        )
        .await;
        let expected = page_text();
        let counts = preview[0]
            .lines()
            .find(|l| l.starts_with("counts: "))
            .unwrap_or_else(|| panic!("a preview: {}", preview[0]));
        assert!(
            counts.starts_with(&format!(
                "counts: totalLength={}, ",
                expected.chars().count()
            )) && counts.contains(", output=decodedJsonString, "),
            "the preview counts the decoded string: {counts}"
        );
        let token = token_of(&preview[0]);

        eprintln!("read it by line slices");
        let mut joined = String::new();
        let mut args = json!({"token": token, "offset": 1, "limit": 4_000});
        let mut readings = 0;
        loop {
            let part = capped(&client, "confirm_output", args.clone()).await;
            joined.push_str(part.get(1).map_or("", String::as_str));
            readings += 1;
            let Some((offset, chars)) = next_after(&part[0], "next: offset ") else {
                break;
            };
            args = if chars {
                json!({"token": token, "offset": offset, "unit": "chars"})
            } else {
                json!({"token": token, "offset": offset, "limit": 4_000})
            };
            assert!(readings < 100, "{}", part[0]);
        }
        assert!(readings >= 5, "{readings} readings");
        assert!(
            joined == expected,
            "the slices add up to the decoded string"
        );

        eprintln!("search it");
        for context in [0, 2] {
            let found = capped(
                &client,
                "confirm_output",
                json!({"token": token, "pattern": "NEEDLE", "context": context}),
            )
            .await;
            assert!(
                found[0].starts_with(
                    "# 16 lines match /NEEDLE/ of 20000 lines (21 matches); all shown"
                ),
                "{}",
                found[0]
            );
            assert_eq!(found[1].matches("NEEDLE").count(), 21, "{}", found[1]);
            let windows = found[1].lines().filter(|l| l.starts_with("12345:")).count();
            assert_eq!(windows, 6, "{}", found[1]);
        }
        assert!(
            read_all(&client, &token).await == expected,
            "the whole read is the decoded string"
        );
        let _ = client.cancel().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}
