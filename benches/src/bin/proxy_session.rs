//! A scripted agent session against the real `@playwright/mcp`, run twice in one process:
//! straight to the server, and through `mcp-lean proxy`. Prints the tokens the client got per
//! tool and in total, whether each goal's target survived, and the proxy's own time per call.
//! `--server playwright-core` runs it against `playwright mcp` of playwright-core 1.65.1
//! instead, with the same flags.
//!
//! ```text
//! cargo build --release -p mcp-lean
//! MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin proxy_session
//! ```
//!
//! Needs `@playwright/mcp` (or playwright-core) under `target/npm` (or `MCP_LEAN_NPM`), as
//! `.ci/run` installs it, and Chromium at `/usr/bin/chromium` (or `MCP_LEAN_CHROMIUM`). The pages are
//! `$MCP_LEAN_CORPUS/html/*.source.html`, served on 127.0.0.1; the goals are the dev and
//! validation goals on those pages, their targets found by role and name in the corpus
//! snapshot.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "prints the measurement"
)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use mcp_lean_benches::corpus_dir;
use mcp_lean_benches::goals::load_goals;
use mcp_lean_benches::servers::{npm_cli, playwright_core_cli, playwright_flags, proxy_bin, serve};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};

/// The server the session drives.
#[derive(Debug, Clone, Copy)]
enum Server {
    /// `@playwright/mcp` 0.0.83, the default.
    PlaywrightMcp,
    /// `playwright mcp` of playwright-core 1.65.1.
    PlaywrightCore,
}

impl Server {
    /// `--server @playwright/mcp` or `--server playwright-core`; none is `@playwright/mcp`.
    fn from_args() -> Self {
        let args: Vec<String> = std::env::args().skip(1).collect();
        match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            [] | ["--server", "@playwright/mcp"] => Self::PlaywrightMcp,
            ["--server", "playwright-core"] => Self::PlaywrightCore,
            _ => {
                eprintln!("usage: proxy_session [--server @playwright/mcp|playwright-core]");
                std::process::exit(2);
            }
        }
    }
}

/// One call of the script.
struct Step {
    page: String,
    tool: &'static str,
    args: Value,
    /// Only through the proxy: the goal, and the role-and-name keys of its target groups.
    goal: Option<(String, Vec<Vec<String>>)>,
}

/// Tokens and time of one call as the client saw it.
#[derive(Debug, Clone, Default)]
struct Seen {
    tokens: usize,
    linked: usize,
    ms: f64,
    targets: Option<(usize, usize)>,
}

/// `role "name"` of each target ref, read from the corpus snapshot of the page.
fn target_keys(snapshot: &str, groups: &[Vec<String>]) -> Vec<Vec<String>> {
    groups
        .iter()
        .map(|group| {
            group
                .iter()
                .filter_map(|r| {
                    let marker = format!("[ref={r}]");
                    let line = snapshot.lines().find(|l| l.contains(&marker))?;
                    let key = line.trim_start().trim_start_matches("- ");
                    let end = key.find(" [").unwrap_or(key.len());
                    Some(key[..end].trim_end_matches(':').to_owned())
                })
                .collect()
        })
        .collect()
}

fn script(corpus: &Path, port: u16) -> Vec<Step> {
    let mut goals: BTreeMap<String, (String, Vec<Vec<String>>)> = BTreeMap::new();
    for set in ["goals-dev.jsonl", "goals-val.jsonl"] {
        for g in load_goals(&corpus.join(set)) {
            let Some(page) = g
                .file
                .strip_prefix("readability/")
                .and_then(|f| f.strip_suffix(".ai.yaml"))
            else {
                continue;
            };
            goals
                .entry(page.to_owned())
                .or_insert((g.goal.clone(), g.targets.clone()));
        }
    }
    let mut pages: Vec<String> = std::fs::read_dir(corpus.join("html"))
        .expect("the corpus has html/")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".source.html").map(str::to_owned)
        })
        .collect();
    pages.sort();
    let mut steps = Vec::new();
    for page in pages {
        let url = format!("http://127.0.0.1:{port}/{page}");
        let goal = goals.get(&page).map(|(goal, groups)| {
            let snapshot =
                std::fs::read_to_string(corpus.join(format!("readability/{page}.ai.yaml")))
                    .unwrap_or_default();
            (goal.clone(), target_keys(&snapshot, groups))
        });
        let step = |tool, args: Value, goal| Step {
            page: page.clone(),
            tool,
            args,
            goal,
        };
        steps.push(step("browser_navigate", json!({"url": url}), None));
        steps.push(step("browser_snapshot", json!({}), None));
        steps.push(step(
            "browser_snapshot",
            json!({}),
            goal.or_else(|| Some(("the main content".to_owned(), Vec::new()))),
        ));
        steps.push(step(
            "browser_evaluate",
            json!({"function": "() => Array.from(document.querySelectorAll('a')).map(a => ({text: a.textContent.trim(), href: a.href}))"}),
            None,
        ));
        steps.push(step("browser_press_key", json!({"key": "End"}), None));
        steps.push(step(
            "browser_console_messages",
            json!({"level": "info"}),
            None,
        ));
    }
    steps
}

async fn connect(cmd: tokio::process::Command) -> RunningService<RoleClient, ()> {
    let (transport, _) = TokioChildProcess::builder(cmd)
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    ().serve(transport).await.expect("the session initializes")
}

fn server_args(cmd: &mut tokio::process::Command, server: Server) {
    cmd.arg("node");
    match server {
        Server::PlaywrightMcp => cmd.arg(npm_cli()),
        Server::PlaywrightCore => cmd.arg(playwright_core_cli()).arg("mcp"),
    };
    cmd.args(playwright_flags());
}

fn texts(result: &CallToolResult) -> String {
    let value = serde_json::to_value(result).unwrap_or_default();
    value["content"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i["text"].as_str())
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

/// Tokens of the snapshot files a direct result links to: what the agent must read to see
/// the page.
fn linked_tokens(text: &str, dir: &Path) -> usize {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("- [Snapshot](")?.strip_suffix(')'))
        .filter_map(|p| std::fs::read_to_string(dir.join(p)).ok())
        .map(|s| snapshot_digest::estimate_tokens(&s))
        .sum()
}

async fn run(
    server: Server,
    steps: &[Step],
    dir: &Path,
    through_proxy: bool,
    stats: &Path,
) -> Vec<Seen> {
    let mut cmd = if through_proxy {
        let mut cmd = tokio::process::Command::new(proxy_bin());
        cmd.arg("proxy").arg("--stats").arg(stats).arg("--");
        cmd
    } else {
        tokio::process::Command::new("env")
    };
    cmd.current_dir(dir);
    server_args(&mut cmd, server);
    let client = connect(cmd).await;
    // An agent lists the tools once, at the start; the proxy logs what that list cost.
    client.peer().list_all_tools().await.expect("tools/list");
    let mut seen = Vec::new();
    for step in steps {
        let mut args = step.args.clone();
        if let (true, Some((goal, _))) = (through_proxy, &step.goal) {
            args["goal"] = json!(goal);
        }
        let params = CallToolRequestParams::new(step.tool)
            .with_arguments(args.as_object().cloned().unwrap_or_default());
        let started = Instant::now();
        let result =
            tokio::time::timeout(Duration::from_secs(120), client.peer().call_tool(params))
                .await
                .unwrap_or_else(|_| panic!("{} on {} did not answer", step.tool, step.page))
                .unwrap_or_else(|e| panic!("{} on {} failed: {e}", step.tool, step.page));
        let ms = started.elapsed().as_secs_f64() * 1_000.0;
        let text = texts(&result);
        let targets = step
            .goal
            .as_ref()
            .filter(|(_, g)| !g.is_empty())
            .map(|(_, groups)| {
                let kept = groups
                    .iter()
                    .filter(|keys| keys.iter().any(|k| text.contains(k.as_str())))
                    .count();
                (kept, groups.len())
            });
        seen.push(Seen {
            tokens: snapshot_digest::estimate_tokens(&text),
            linked: if through_proxy {
                0
            } else {
                linked_tokens(&text, dir)
            },
            ms,
            targets,
        });
    }
    let _ = client.cancel().await;
    seen
}

fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len()) - 1;
    values[i]
}

fn main() {
    let server = Server::from_args();
    let corpus = corpus_dir();
    let port = serve(corpus.join("html"));
    let steps = script(&corpus, port);
    let work = std::env::temp_dir().join(format!("mcp-lean-proxy-session-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("a work folder");
    let stats = work.join("stats.jsonl");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    eprintln!("{} calls, direct", steps.len());
    let direct = rt.block_on(run(server, &steps, &work, false, &stats));
    eprintln!("{} calls, through the proxy", steps.len());
    let proxied = rt.block_on(run(server, &steps, &work, true, &stats));

    let mut by_tool: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    for ((step, d), p) in steps.iter().zip(&direct).zip(&proxied) {
        let row = by_tool.entry(step.tool).or_default();
        row[0] += 1;
        row[1] += d.tokens;
        row[2] += d.linked;
        row[3] += p.tokens;
    }
    println!(
        "| tool | calls | direct: tokens in results | direct: tokens in linked snapshot files | through the proxy | saved (of results + files) |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    let mut total = [0usize; 4];
    for (tool, row) in &by_tool {
        for (t, v) in total.iter_mut().zip(row) {
            *t += v;
        }
        print_row(tool, row);
    }
    print_row("**total**", &total);

    let largest = |seen: &[Seen]| seen.iter().map(|s| s.tokens).max().unwrap_or(0);
    let largest_with_file = direct
        .iter()
        .map(|s| s.tokens + s.linked)
        .max()
        .unwrap_or(0);
    let over = proxied.iter().filter(|s| s.tokens > CAP).count();
    println!(
        "\nLargest single result: direct {} tokens ({} with its linked snapshot file), through the proxy {} tokens; results through the proxy over its {CAP}-token cap: {over}",
        largest(&direct),
        largest_with_file,
        largest(&proxied)
    );

    println!("\nGoal calls, target kept (by role and name):");
    for (step, p) in steps.iter().zip(&proxied) {
        if let (Some((goal, _)), Some((kept, of))) = (&step.goal, p.targets) {
            println!("- {}: \"{goal}\": {kept}/{of}", step.page);
        }
    }

    let report =
        mcp_proxy_rules::Report::from_lines(&std::fs::read_to_string(&stats).unwrap_or_default());
    let mut direct_ms: Vec<f64> = direct.iter().map(|s| s.ms).collect();
    let mut proxy_ms: Vec<f64> = proxied.iter().map(|s| s.ms).collect();
    println!(
        "\nWall time per call as the client saw it: direct p50 {:.1} ms, p99 {:.1} ms; through the proxy p50 {:.1} ms, p99 {:.1} ms",
        quantile(&mut direct_ms, 0.5),
        quantile(&mut direct_ms, 0.99),
        quantile(&mut proxy_ms, 0.5),
        quantile(&mut proxy_ms, 0.99)
    );
    if let (Some(a), Some(b), Some(c), Some(d)) = (
        report.overhead_ms_quantile(0.5),
        report.overhead_ms_quantile(0.99),
        report.rewrite_ms_quantile(0.5),
        report.rewrite_ms_quantile(0.99),
    ) {
        println!(
            "Time the proxy added per call (its own log): p50 {a:.2} ms, p99 {b:.2} ms; of which rewriting (digests, diffs, previews): p50 {c:.2} ms, p99 {d:.2} ms"
        );
    }
    if let (Some(a), Some(b)) = (report.own_ms_quantile(0.5), report.own_ms_quantile(0.99)) {
        println!("Time the proxy added per call beyond rewriting: p50 {a:.2} ms, p99 {b:.2} ms");
    }
    // Rewrite time per tool, from the same log: where the proxy's time goes.
    let mut by_tool: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for line in std::fs::read_to_string(&stats).unwrap_or_default().lines() {
        if let Ok(v) = serde_json::from_str::<Value>(line)
            && let (Some(tool), Some(ms)) = (v["tool"].as_str(), v["rewriteMs"].as_f64())
            && tool != "tools/list"
        {
            by_tool.entry(tool.to_owned()).or_default().push(ms);
        }
    }
    println!(
        "Rewrite time per tool (its own log): {}",
        by_tool
            .iter_mut()
            .map(|(tool, ms)| format!(
                "{tool} p50 {:.2} ms, max {:.2} ms",
                quantile(ms, 0.5),
                quantile(ms, 1.0)
            ))
            .collect::<Vec<_>>()
            .join("; ")
    );
    let lists = &report.tool_lists;
    if let (Some(server), Some(client)) = (
        lists.server_tokens.checked_div(lists.calls),
        lists.client_tokens.checked_div(lists.calls),
    ) {
        println!("tools/list: {server} tokens from the server, {client} to the client");
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// The proxy's default cap on a result, in estimated tokens.
const CAP: usize = 20_000;

fn print_row(name: &str, row: &[usize; 4]) {
    let before = row[1] + row[2];
    #[allow(clippy::cast_precision_loss)]
    let saved = if before == 0 {
        0.0
    } else {
        100.0 * (1.0 - row[3] as f64 / before as f64)
    };
    println!(
        "| {name} | {} | {} | {} | {} | {saved:.0} % |",
        row[0], row[1], row[2], row[3]
    );
}
