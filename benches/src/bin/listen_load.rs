//! `mcp-lean proxy --listen` under load, from its own `--stats` log:
//!
//! 1. 8 sessions at once, 500 `tools/call` in all, in front of a scripted server that answers at
//!    once (`crates/mcp-lean/tests/it/scripted-server.mjs`): the time the proxy adds per call
//!    beyond rewriting, p50 and p99.
//! 2. 8 sessions at once of the real Playwright MCP (one browser each), each opening a corpus
//!    page and taking a goal digest, a snapshot without goal and an evaluate: failed calls.
//!
//! ```sh
//! cargo build --release -p mcp-lean
//! MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin listen_load
//! ```

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a report for a person"
)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use mcp_lean_benches::corpus_dir;
use mcp_lean_benches::servers::{npm_cli, playwright_flags, proxy_bin, serve};
use mcp_proxy_rules::Report;
use rmcp::model::CallToolRequestParams;
use rmcp::service::RunningService;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};

const SESSIONS: usize = 8;
const CALLS: usize = 500;

/// The proxy listening on a free port; its URL.
fn listen(stats: &Path, dir: &Path, server: &[String]) -> (Child, String) {
    let mut child = Command::new(proxy_bin())
        .current_dir(dir)
        .args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--max-sessions",
            "16",
            "--stats",
        ])
        .arg(stats)
        .arg("--")
        .args(server)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the proxy starts");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let url = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| {
            l.strip_prefix("mcp-lean proxy: listening on ")
                .map(str::to_owned)
        })
        .expect("the proxy says where it listens");
    std::thread::spawn(move || lines.for_each(drop));
    (child, url)
}

async fn connect(url: &str) -> RunningService<RoleClient, ()> {
    ().serve(StreamableHttpClientTransport::from_uri(url.to_owned()))
        .await
        .expect("a session opens")
}

async fn call(client: &RunningService<RoleClient, ()>, tool: &str, args: Value) -> bool {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    if let Value::Object(map) = args {
        params = params.with_arguments(map);
    }
    match tokio::time::timeout(Duration::from_secs(180), client.peer().call_tool(params)).await {
        Ok(Ok(result)) => result.is_error != Some(true),
        _ => false,
    }
}

fn report(stats: &Path) -> Report {
    Report::from_lines(&std::fs::read_to_string(stats).unwrap_or_default())
}

fn main() {
    let work = std::env::temp_dir().join(format!("mcp-lean-listen-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("a work folder");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");

    // 1. A fast scripted server: what the proxy itself costs.
    let scripted = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/mcp-lean/tests/it/scripted-server.mjs");
    let stats = work.join("scripted.jsonl");
    let (mut proxy, url) = listen(
        &stats,
        &work,
        &["node".to_owned(), scripted.display().to_string()],
    );
    let started = Instant::now();
    let failed: usize = rt.block_on(async {
        let mut tasks = Vec::new();
        for s in 0..SESSIONS {
            let url = url.clone();
            tasks.push(tokio::spawn(async move {
                let client = connect(&url).await;
                let mut failed = 0;
                for i in (s..CALLS).step_by(SESSIONS) {
                    if !call(&client, "echo_meta", json!({"n": i})).await {
                        failed += 1;
                    }
                }
                let _ = client.cancel().await;
                failed
            }));
        }
        let mut failed = 0;
        for task in tasks {
            failed += task.await.unwrap_or(CALLS / SESSIONS);
        }
        failed
    });
    let elapsed = started.elapsed();
    let _ = proxy.kill();
    let _ = proxy.wait();
    let r = report(&stats);
    let q = |f: &dyn Fn(f64) -> Option<f64>, p: f64| f(p).unwrap_or(f64::NAN);
    println!(
        "scripted server, {SESSIONS} sessions at once, {CALLS} calls in {:.1} s, {failed} failed: the proxy's own time per call beyond rewriting p50 {:.3} ms, p99 {:.3} ms; with rewriting p50 {:.3} ms, p99 {:.3} ms",
        elapsed.as_secs_f64(),
        q(&|p| r.own_ms_quantile(p), 0.5),
        q(&|p| r.own_ms_quantile(p), 0.99),
        q(&|p| r.overhead_ms_quantile(p), 0.5),
        q(&|p| r.overhead_ms_quantile(p), 0.99),
    );

    // 2. The real Playwright MCP, one browser per session.
    let port = serve(corpus_dir().join("html"));
    let server: Vec<String> = ["node".to_owned(), npm_cli().display().to_string()]
        .into_iter()
        .chain(playwright_flags())
        .collect();
    let stats = work.join("playwright.jsonl");
    let (mut proxy, url) = listen(&stats, &work, &server);
    let pages = ["wikipedia", "royal-road", "keep-tabular-data", "ol"];
    let started = Instant::now();
    let (calls, failed) = rt.block_on(async {
        let mut tasks = Vec::new();
        for s in 0..SESSIONS {
            let url = url.clone();
            let page = format!("http://127.0.0.1:{port}/{}", pages[s % pages.len()]);
            tasks.push(tokio::spawn(async move {
                let client = connect(&url).await;
                let steps = [
                    ("browser_navigate", json!({"url": page})),
                    (
                        "browser_snapshot",
                        json!({"goal": "the main heading of the page"}),
                    ),
                    ("browser_snapshot", json!({})),
                    (
                        "browser_evaluate",
                        json!({"function": "() => document.title"}),
                    ),
                ];
                let mut failed = 0;
                for (tool, args) in &steps {
                    if !call(&client, tool, args.clone()).await {
                        failed += 1;
                    }
                }
                let _ = client.cancel().await;
                (steps.len(), failed)
            }));
        }
        let (mut calls, mut failed) = (0, 0);
        for task in tasks {
            let (c, f) = task.await.unwrap_or((4, 4));
            calls += c;
            failed += f;
        }
        (calls, failed)
    });
    let _ = proxy.kill();
    let _ = proxy.wait();
    let r = report(&stats);
    println!(
        "Playwright MCP, {SESSIONS} sessions at once (a browser each), {calls} calls in {:.1} s: {failed} failed; the proxy's own time per call beyond rewriting p50 {:.3} ms, p99 {:.3} ms",
        started.elapsed().as_secs_f64(),
        q(&|p| r.own_ms_quantile(p), 0.5),
        q(&|p| r.own_ms_quantile(p), 0.99),
    );
    let _ = std::fs::remove_dir_all(&work);
}
