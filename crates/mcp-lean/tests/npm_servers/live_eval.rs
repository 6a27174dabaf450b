//! `mcp-lean eval run --server` live against real browser servers driving the system Chromium:
//! the example `browser-mcp-server` and `@playwright/mcp`, on the example suite's shop pages
//! served on 127.0.0.1, with a scripted model endpoint that reads the snapshots it is sent.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use scripted_llm::{Reply, Request, chat, serve_fn, tool_calls};
use serde_json::{Value, json};

use crate::{chromium, npm_package, site, temp_dir};

fn mcp_lean(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
        .args(args)
        .output()
        .expect("mcp-lean runs")
}

fn out_text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `target/debug/browser-mcp-server`, built by `cargo test --workspace --all-features` beside
/// this test.
fn browser_server() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/debug/deps/..");
    let server = dir.join("browser-mcp-server");
    assert!(
        server.exists(),
        "{} is missing; build it with `cargo build -p browser-mcp-server --features chromium` (cargo test --workspace --all-features does)",
        server.display()
    );
    server
}

fn example_suite() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/eval/suite.json")
        .display()
        .to_string()
}

/// The ref of the first snapshot line that holds `needle`, as a model reads it.
fn ref_of(snapshot: &str, needle: &str) -> String {
    snapshot
        .lines()
        .find(|l| l.contains(needle) && l.contains("[ref="))
        .and_then(|l| l.split("[ref=").nth(1))
        .and_then(|r| r.split(']').next())
        .unwrap_or("missing")
        .to_owned()
}

#[test]
fn the_example_browser_server_runs_the_example_suite_live_replays_and_compares_with_the_proxy() {
    let site = site::serve();
    // The example server's tools are `snapshot`, `navigate`, …: the model looks and answers.
    let model = serve_fn(|request: &Request| match request.steps() {
        0 => tool_calls(&[("snapshot", json!({"full": true}))]),
        _ => {
            let seen = request.tool_results();
            chat(if seen.contains("84.90 EUR") {
                "The cart total is 84.90 EUR."
            } else {
                "I looked at the page."
            })
        }
    });
    let dir = temp_dir("live-eval-browser-server");
    let record = dir.join("runs.jsonl");
    let junit = dir.join("report.xml");
    let server = browser_server();
    let out = mcp_lean(&[
        "eval",
        "run",
        &example_suite(),
        "--model",
        "scripted",
        "--api-url",
        &model.url,
        "--base-url",
        &site.url(""),
        "--record",
        &record.display().to_string(),
        "--junit",
        &junit.display().to_string(),
        "--timeout",
        "120",
        "--server",
        "--",
        &server.display().to_string(),
        "--chromium",
        &chromium(),
    ]);
    let stderr = out_text(&out.stderr);
    // The suite expects Playwright MCP's tool names, which this server does not have: the
    // runs are scored, and fail.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let md = out_text(&out.stdout);
    assert!(md.contains("# Eval: Shop browser agent"), "{md}");
    assert!(md.contains("**4 scenarios:"), "{md}");
    assert_eq!(stderr.matches("/4] ").count(), 4, "{stderr}");
    let recorded: Vec<Value> = std::fs::read_to_string(&record)
        .expect("the record")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(recorded.len(), 1 + 6, "the tools header and six runs");
    let cart = recorded
        .iter()
        .find(|l| l["scenarioId"] == "read-cart-total")
        .expect("a cart run");
    // The real browser opened the start page before the model's first step.
    let snapshot = cart["toolCalls"][0]["result"]["text"]
        .as_str()
        .unwrap_or("");
    assert!(snapshot.contains("84.90 EUR"), "{cart}");
    assert_eq!(cart["finalText"], "The cart total is 84.90 EUR.");
    let xml = std::fs::read_to_string(&junit).expect("the JUnit file");
    assert!(xml.contains("read-cart-total"), "{xml}");
    crate::junit::assert_valid_junit(&junit, &xml);
    // The replay scores the same.
    let replay = mcp_lean(&[
        "eval",
        "run",
        &example_suite(),
        "--transcripts",
        &record.display().to_string(),
    ]);
    assert_eq!(replay.status.code(), Some(1));
    let summary = |md: &str| {
        md.lines()
            .filter(|l| l.starts_with("| ") || l.starts_with("**"))
            .map(|l| l.split(" · ").next().unwrap_or(l).to_owned())
            .filter(|l| !l.contains(" s |") && !l.contains("ms"))
            .collect::<Vec<_>>()
    };
    assert_eq!(summary(&out_text(&replay.stdout)), summary(&md));

    // The same runs with the server behind `mcp-lean proxy`, then both records compared.
    let proxied = dir.join("proxy.jsonl");
    let out = mcp_lean(&[
        "eval",
        "run",
        &example_suite(),
        "--model",
        "scripted",
        "--api-url",
        &model.url,
        "--base-url",
        &site.url(""),
        "--record",
        &proxied.display().to_string(),
        "--timeout",
        "120",
        "--server",
        "--",
        env!("CARGO_BIN_EXE_mcp-lean"),
        "proxy",
        "--",
        &server.display().to_string(),
        "--chromium",
        &chromium(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", out_text(&out.stderr));
    let (a, b) = (record.display().to_string(), proxied.display().to_string());
    let compare = |format: &str| {
        let out = mcp_lean(&["eval", "compare", &a, &b, "--format", format]);
        // Both runs fail the same scenarios: nothing now fails, so the comparison passes.
        assert_eq!(out.status.code(), Some(0), "{}", out_text(&out.stderr));
        out_text(&out.stdout)
    };
    let md = compare("md");
    assert!(
        md.starts_with("# Compare: Shop browser agent (standard mode)"),
        "{md}"
    );
    assert!(
        md.contains("**4 scenarios in both: 0 passed in A, 0 in B**"),
        "{md}"
    );
    assert!(md.contains("| tool output tokens |"), "{md}");
    assert!(
        md.contains("| read-cart-total | same | ❌ fail 0/3 | ❌ fail 0/3 |"),
        "{md}"
    );
    let json: Value = serde_json::from_str(&compare("json")).expect("JSON");
    assert_eq!(json["totalA"]["usage"]["runs"], 6);
    assert_eq!(json["totalB"]["usage"]["runs"], 6);
    assert_eq!(json["scenarios"].as_array().map(Vec::len), Some(4));
    let xml = compare("junit");
    let junit = dir.join("compare.xml");
    std::fs::write(&junit, &xml).expect("the JUnit file");
    crate::junit::assert_valid_junit(&junit, &xml);
    assert!(xml.contains("tests=\"4\" failures=\"0\""), "{xml}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a competent agent does on each scenario of the example suite with Playwright MCP's
/// tools, reading refs from the snapshots it was sent (this version calls them `target`).
fn playwright_agent(request: &Request) -> Reply {
    let (prompt, step) = (request.prompt(), request.steps());
    let seen = request.tool_results();
    let snapshot = || tool_calls(&[("browser_snapshot", json!({}))]);
    if prompt.starts_with("Find red running shoes") {
        match step {
            0 => snapshot(),
            1 => tool_calls(&[(
                "browser_type",
                json!({"element": "Search", "target": ref_of(&seen, "searchbox"), "text": "red running shoes 42"}),
            )]),
            _ => chat("No red running shoes are listed."),
        }
    } else if prompt.starts_with("Sign in") {
        match step {
            0 => snapshot(),
            1 => tool_calls(&[(
                "browser_type",
                json!({"element": "Email", "target": ref_of(&seen, "textbox \"Email\""), "text": "demo@example.com"}),
            )]),
            2 => tool_calls(&[(
                "browser_type",
                json!({"element": "Password", "target": ref_of(&seen, "textbox \"Password\""), "text": "hunter2"}),
            )]),
            3 => tool_calls(&[(
                "browser_click",
                json!({"element": "Sign in", "target": ref_of(&seen, "button \"Sign in\"")}),
            )]),
            _ => chat("Signed in."),
        }
    } else if prompt.starts_with("What is the total") {
        match step {
            0 => snapshot(),
            _ if seen.contains("84.90 EUR") => chat("The cart total is 84.90 EUR."),
            _ => chat("I cannot see a total."),
        }
    } else {
        match step {
            0 => snapshot(),
            1 => tool_calls(&[(
                "browser_click",
                json!({"element": "Add to cart", "target": ref_of(&seen, "button \"Add to cart\"")}),
            )]),
            _ => chat("The blue socks are in the cart."),
        }
    }
}

/// Runs the example suite live against Playwright MCP reached by `server` (the arguments after
/// the model's), checks that every scenario passes with no tool error, and returns the record
/// (`<name>.jsonl` in `dir`).
fn playwright_live_run(dir: &Path, site: &site::Site, server: &[String], name: &str) -> PathBuf {
    let model = serve_fn(playwright_agent);
    let record = dir.join(format!("{name}.jsonl"));
    let mut args: Vec<String> = [
        "eval",
        "run",
        &example_suite(),
        "--model",
        "scripted",
        "--api-url",
        &model.url,
        "--base-url",
        &site.url(""),
        "--record",
        &record.display().to_string(),
        "--timeout",
        "120",
        "--jobs",
        "2",
        "--format",
        "json",
    ]
    .iter()
    .map(|a| (*a).to_owned())
    .collect();
    args.extend_from_slice(server);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = mcp_lean(&args);
    let stderr = out_text(&out.stderr);
    let report: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("a JSON report ({e}); stderr:\n{stderr}"));
    let statuses: Vec<(&str, &str)> = report["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .map(|s| {
            (
                s["id"].as_str().unwrap_or(""),
                s["status"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        statuses,
        [
            ("search-red-shoes", "pass"),
            ("sign-in", "pass"),
            ("read-cart-total", "pass"),
            ("no-checkout", "pass"),
        ],
        "{stderr}"
    );
    // Every click and type hit a real element: no tool reported an error.
    let recorded = std::fs::read_to_string(&record).expect("the record");
    for line in recorded.lines().skip(1) {
        let run: Value = serde_json::from_str(line).expect("JSON");
        for call in run["toolCalls"].as_array().into_iter().flatten() {
            assert_eq!(call["result"]["isError"], false, "{call}");
        }
    }
    record
}

#[test]
fn playwright_mcp_runs_the_example_suite_live_over_stdio_and_streamable_http() {
    let site = site::serve();
    let dir = temp_dir("live-eval-playwright");
    let cli = npm_package("@playwright/mcp", crate::playwright::PLAYWRIGHT_MCP).join("cli.js");
    let stdio: Vec<String> = [
        "--server",
        "--",
        "node",
        &cli.display().to_string(),
        "--headless",
        "--no-sandbox",
        "--isolated",
        "--executable-path",
        &chromium(),
        "--output-dir",
        &dir.join("out").display().to_string(),
    ]
    .iter()
    .map(|a| (*a).to_owned())
    .collect();
    let direct = playwright_live_run(&dir, &site, &stdio, "direct");

    // The README's comparison: the same server behind `mcp-lean proxy`, then both records
    // side by side. Every scenario still passes. (These pages are tiny: the proxy saves
    // nothing on them, and adds the snapshots Playwright MCP only links to.)
    let mut proxied = vec![
        "--server".to_owned(),
        "--".to_owned(),
        env!("CARGO_BIN_EXE_mcp-lean").to_owned(),
        "proxy".to_owned(),
    ];
    proxied.extend_from_slice(&stdio[1..]);
    let proxy = playwright_live_run(&dir, &site, &proxied, "proxy");
    let out = mcp_lean(&[
        "eval",
        "compare",
        &direct.display().to_string(),
        &proxy.display().to_string(),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", out_text(&out.stderr));
    let comparison: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (
            &comparison["totalA"]["passed"],
            &comparison["totalB"]["passed"]
        ),
        (&json!(4), &json!(4))
    );
    assert_eq!(comparison["delta"]["passed"], 0);
    assert!(
        comparison["delta"]["toolOutputTokens"].is_i64(),
        "both runs recorded their tool output: {}",
        comparison["delta"]
    );

    // One Playwright MCP over streamable HTTP, a session per run.
    let (mut server, url) = crate::playwright::start_http_server(&dir);
    playwright_live_run(&dir, &site, &["--server-url".to_owned(), url], "http");
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
