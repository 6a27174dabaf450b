//! `mcp-lean proxy` in front of the real `@playwright/mcp`, over stdio and streamable HTTP.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use rmcp::model::CallToolRequestParams;
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};

use crate::{call, chromium, npm_package, read_all, runtime, site, temp_dir, text, token_of};

/// The `@playwright/mcp` version `.ci/run` installs; the test checks it is the one it runs.
pub(crate) const PLAYWRIGHT_MCP: &str = "0.0.83";

fn playwright_cli() -> PathBuf {
    npm_package("@playwright/mcp", PLAYWRIGHT_MCP).join("cli.js")
}

/// Playwright MCP's own arguments: headless, the system Chromium, snapshots under `dir/out`
/// (a folder of the test's own, which also tells its server process apart).
pub(crate) fn server_args(dir: &Path) -> Vec<String> {
    vec![
        playwright_cli().display().to_string(),
        "--headless".to_owned(),
        "--no-sandbox".to_owned(),
        "--isolated".to_owned(),
        "--executable-path".to_owned(),
        chromium(),
        "--output-dir".to_owned(),
        dir.join("out").display().to_string(),
    ]
}

/// How the proxy reaches Playwright MCP.
enum Upstream {
    /// The proxy starts it as its child, over stdio.
    Stdio,
    /// It already listens at this streamable HTTP endpoint.
    Http(String),
}

/// Starts Playwright MCP on a free port in `dir`; returns the process and its MCP endpoint.
pub(crate) fn start_http_server(dir: &Path) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new("node")
        .current_dir(dir)
        .args(server_args(dir))
        .args(["--port", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("Playwright MCP starts");
    // It says where it listens on stderr, among other lines.
    let stderr = child.stderr.take().expect("piped stderr");
    let mut lines = BufReader::new(stderr).lines();
    let base = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|line| {
            line.strip_prefix("Listening on ")
                .map(|b| b.trim().to_owned())
        })
        .expect("Playwright MCP says where it listens");
    // Keep draining its output so that it never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (child, format!("{base}/mcp"))
}

/// The proxy in front of Playwright MCP, started in `dir` (the server's workspace root).
async fn connect(dir: &Path, stats: &Path, upstream: &Upstream) -> RunningService<RoleClient, ()> {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
    cmd.current_dir(dir).arg("proxy").arg("--stats").arg(stats);
    match upstream {
        Upstream::Stdio => {
            cmd.arg("--").arg("node").args(server_args(dir));
        }
        Upstream::Http(url) => {
            cmd.arg("--upstream-url").arg(url);
        }
    }
    let (transport, _) = TokioChildProcess::builder(cmd)
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the proxy starts");
    ().serve(transport)
        .await
        .expect("the proxy and Playwright MCP initialize")
}

/// The ref of the first line with `needle`, as `[ref=…]` writes it.
fn ref_of(text: &str, needle: &str) -> Option<String> {
    let line = text.lines().find(|l| l.contains(needle))?;
    let at = line.find("[ref=")? + 5;
    let end = line[at..].find(']')? + at;
    Some(line[at..end].to_owned())
}

#[test]
fn playwright_mcp_over_stdio_through_the_proxy() {
    let site = site::serve();
    let dir = temp_dir("playwright-stdio");
    let stats = dir.join("stats.jsonl");
    runtime().block_on(async {
        let client = connect(&dir, &stats, &Upstream::Stdio).await;
        session(&client, &site).await;

        // The server dies: the client gets a clear error and the proxy exits.
        eprintln!("kill the server");
        // Only this test's node process: the proxy's own command line names the same file,
        // and another test runs another server.
        let pattern = format!(
            "^node {} .*{}",
            playwright_cli().display(),
            dir.join("out").display()
        );
        let killed = std::process::Command::new("pkill")
            .args(["-KILL", "-f", &pattern])
            .status()
            .expect("pkill runs");
        assert!(killed.success(), "the Playwright MCP process was found");
        let err = client
            .peer()
            .call_tool(CallToolRequestParams::new("browser_snapshot"))
            .await
            .expect_err("an error once the server is gone");
        assert!(err.to_string().contains("closed the connection"), "{err}");
        let quit = tokio::time::timeout(Duration::from_secs(30), client.waiting()).await;
        assert!(quit.is_ok(), "the proxy exits instead of hanging");
    });
    check_stats(&stats);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn playwright_mcp_over_streamable_http_through_the_proxy() {
    let site = site::serve();
    let dir = temp_dir("playwright-http");
    let stats = dir.join("stats.jsonl");
    let (mut server, url) = start_http_server(&dir);
    runtime().block_on(async {
        let client = connect(&dir, &stats, &Upstream::Http(url)).await;
        session(&client, &site).await;

        // The server goes away: the next call fails with a message, it does not hang.
        server.kill().expect("the server is killed");
        let _ = server.wait();
        let err = tokio::time::timeout(
            Duration::from_secs(60),
            client
                .peer()
                .call_tool(CallToolRequestParams::new("browser_snapshot")),
        )
        .await
        .expect("an answer, not a hang")
        .expect_err("an error once the server is gone");
        assert!(!err.to_string().is_empty());
        let _ = client.cancel().await;
    });
    check_stats(&stats);
    let _ = std::fs::remove_dir_all(&dir);
}

/// One statistics line per call, the goal snapshot digested.
fn check_stats(stats: &Path) {
    let lines = std::fs::read_to_string(stats).expect("the stats file");
    let calls: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert!(calls.len() >= 6, "{lines}");
    let snapshot = calls
        .iter()
        .find(|c| c["tool"] == "browser_snapshot")
        .expect("a snapshot call");
    assert_eq!(snapshot["actions"], json!(["goal-digest"]), "{snapshot}");
}

/// The agent's session: list, navigate, find by goal, click, evaluate, confirm, cancel.
/// Checks that the proxy's `tools/list` gives each of `names` the `goal` and `page`
/// parameters; the list, for further checks.
pub(crate) async fn assert_lean_tools(
    client: &RunningService<RoleClient, ()>,
    names: &[&str],
) -> Vec<rmcp::model::Tool> {
    let tools = client.peer().list_all_tools().await.expect("tools/list");
    for name in names {
        let tool = tools
            .iter()
            .find(|t| t.name == *name)
            .unwrap_or_else(|| panic!("{name} is listed"));
        let props = tool
            .input_schema
            .get("properties")
            .cloned()
            .unwrap_or_default();
        assert!(
            props.get("goal").is_some() && props.get("page").is_some(),
            "{name}: {props}"
        );
    }
    tools
}

/// Navigates to `url` and checks that the action's snapshot link came back with the snapshot
/// inline, the link kept.
pub(crate) async fn navigate_inlined(client: &RunningService<RoleClient, ()>, url: String) {
    let nav = text(&call(client, "browser_navigate", json!({ "url": url })).await);
    assert!(nav.contains("- [Snapshot]("), "{nav}");
    assert!(
        nav.contains("```yaml\n"),
        "the linked snapshot is inlined: {nav}"
    );
}

async fn session(client: &RunningService<RoleClient, ()>, site: &site::Site) {
    {
        // tools/list: goal and page on snapshot and action tools, and the confirm tool.
        let tools = assert_lean_tools(
            client,
            &["browser_snapshot", "browser_click", "browser_navigate"],
        )
        .await;
        let tool = |name: &str| tools.iter().find(|t| t.name == name).cloned();
        assert!(tool("confirm_output").is_some());
        assert!(tool("browser_evaluate").is_some_and(|t| {
            t.input_schema
                .get("properties")
                .and_then(|p| p.get("goal"))
                .is_none()
        }));

        // An action's snapshot link comes back as a snapshot inline, the link kept.
        eprintln!("navigate");
        navigate_inlined(client, site.url("/shop")).await;

        // A goal digest holds the target's ref and is smaller than the page.
        eprintln!("snapshot with a goal");
        let full = text(
            &call(
                client,
                "browser_snapshot",
                json!({"goal": "put the kettle in my basket"}),
            )
            .await,
        );
        let add = ref_of(&full, "button \"Add to basket\"")
            .unwrap_or_else(|| panic!("the digest holds the button: {full}"));
        assert!(full.contains("# "), "a digest header: {full}");

        // Clicking that ref through the proxy works upstream.
        eprintln!("click {add}");
        let click = text(
            &call(
                client,
                "browser_click",
                json!({"target": add, "element": "Add to basket", "goal": "the basket"}),
            )
            .await,
        );
        assert!(click.contains("- Page Title: Added to basket"), "{click}");
        assert!(
            click.contains("Basket (1)"),
            "the digest after the click shows the basket: {click}"
        );

        // A large evaluate result is previewed; confirm_output reads it byte for byte, as
        // often as needed.
        eprintln!("evaluate");
        let function =
            "() => Array.from({length: 3000}, (_, i) => ({i, tag: 'div', text: 'item ' + i}))";
        let preview = text(&call(client, "browser_evaluate", json!({"function": function})).await);
        assert!(preview.contains("Array(3000)"), "{preview}");
        let token = token_of(&preview);
        let expected: Vec<Value> = (0..3000)
            .map(|i| json!({"i": i, "tag": "div", "text": format!("item {i}")}))
            .collect();
        let expected = serde_json::to_string_pretty(&expected).expect("serializes");
        assert_eq!(
            read_all(client, &token).await,
            expected,
            "the full result, byte for byte as Playwright MCP wrote it"
        );
        assert_eq!(read_all(client, &token).await, expected, "and again");

        // A cancelled wait leaves the session usable.
        eprintln!("cancel a wait");
        let wait = client
            .peer()
            .send_cancellable_request(
                rmcp::model::ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(
                    CallToolRequestParams::new("browser_wait_for").with_arguments(
                        json!({"time": 20}).as_object().cloned().unwrap_or_default(),
                    ),
                )),
                rmcp::service::PeerRequestOptions::no_options(),
            )
            .await
            .expect("sent");
        tokio::time::sleep(Duration::from_millis(300)).await;
        wait.cancel(Some("the test moves on".to_owned()))
            .await
            .expect("cancel sent");
        let after = text(&call(client, "browser_snapshot", json!({"goal": "basket"})).await);
        assert!(after.contains("Basket (1)"), "{after}");
    }
}
