//! `mcp-lean proxy` in front of real MCP servers from npm, at the versions `.ci/run` installs
//! under `target/npm` (or the folder `MCP_LEAN_NPM` names): `@playwright/mcp`, `playwright mcp`
//! of `playwright-core`, `chrome-devtools-mcp` and agent-browser, and browser-use from PyPI (in
//! the virtual environment `target/py/browser-use`), each driving the system Chromium
//! headless, on pages these tests serve on 127.0.0.1, with an rmcp client.
//!
//! Runs with the `npm-servers` feature (`cargo test --workspace --all-features`); a missing
//! package or browser fails a test rather than skipping it.

#![allow(clippy::print_stderr, reason = "progress of slow end-to-end tests")]

mod agent_browser;
mod bridge;
mod browser_use;
mod caps;
mod chrome_devtools;
mod chrome_devtools_formats;
mod injection;
#[path = "../support/junit.rs"]
mod junit;
mod listen;
#[path = "../support/listening.rs"]
mod listening;
mod live_eval;
mod playwright;
mod playwright_core;
mod session;
mod site;

use std::path::{Path, PathBuf};
use std::time::Duration;

use rmcp::RoleClient;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use serde_json::Value;

/// The folder of an installed npm package, checked to be the pinned version.
fn npm_package(name: &str, version: &str) -> PathBuf {
    let package = npm_root().join("node_modules").join(name);
    let manifest = std::fs::read_to_string(package.join("package.json")).unwrap_or_else(|e| {
        panic!(
            "{name} is not installed under {} ({e}); run `npm install --prefix target/npm {name}@{version}` or .ci/run",
            npm_root().display()
        )
    });
    let manifest: Value = serde_json::from_str(&manifest).expect("package.json is JSON");
    assert_eq!(manifest["version"], version, "the pinned {name} version");
    package
}

pub(crate) fn npm_root() -> PathBuf {
    std::env::var_os("MCP_LEAN_NPM").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/npm"),
        PathBuf::from,
    )
}

/// The corpus folder (`MCP_LEAN_CORPUS`); these tests need its real pages, so a missing
/// corpus fails them.
pub(crate) fn corpus() -> PathBuf {
    let dir = std::env::var_os("MCP_LEAN_CORPUS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        PathBuf::from,
    );
    assert!(
        dir.join("html").is_dir(),
        "no corpus at {}; set MCP_LEAN_CORPUS (.ci/run sets it to ../shared/corpus)",
        dir.display()
    );
    dir
}

pub(crate) fn chromium() -> String {
    let path =
        std::env::var("MCP_LEAN_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    assert!(
        Path::new(&path).exists(),
        "no Chromium at {path}; apt-get install chromium or set MCP_LEAN_CHROMIUM"
    );
    path
}

/// A call whose result may be a tool error (a page that never fires `load`, its outside
/// resources unreachable from the test machine, is still there to read).
pub(crate) async fn call_result(
    client: &RunningService<RoleClient, ()>,
    tool: &str,
    args: Value,
) -> CallToolResult {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    if let Value::Object(map) = args {
        params = params.with_arguments(map);
    }
    tokio::time::timeout(Duration::from_secs(120), client.peer().call_tool(params))
        .await
        .unwrap_or_else(|_| panic!("{tool} did not answer within 120 s"))
        .unwrap_or_else(|e| panic!("{tool} failed: {e}"))
}

pub(crate) async fn call(
    client: &RunningService<RoleClient, ()>,
    tool: &str,
    args: Value,
) -> CallToolResult {
    let result = call_result(client, tool, args).await;
    assert_ne!(
        result.is_error,
        Some(true),
        "{tool} returned an error: {}",
        text(&result)
    );
    result
}

pub(crate) fn text(result: &CallToolResult) -> String {
    let value = serde_json::to_value(result).expect("serializes");
    value["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The text of every content item of a result, in order.
pub(crate) fn texts(result: &CallToolResult) -> Vec<String> {
    let value = serde_json::to_value(result).expect("serializes");
    value["content"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| i["text"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The whole output behind a preview's token, read through the proxy's read tool: the token
/// alone, then on from the offset each reading names, until the end.
pub(crate) async fn read_all(client: &RunningService<RoleClient, ()>, token: &str) -> String {
    let mut whole = String::new();
    let mut args = serde_json::json!({"token": token});
    for _ in 0..10_000 {
        let parts = texts(&call(client, "confirm_output", args.clone()).await);
        whole.push_str(parts.get(1).map_or("", String::as_str));
        let Some(next) = parts[0].split("next: offset ").nth(1) else {
            return whole;
        };
        let offset: u64 = next
            .split([';', ','])
            .next()
            .and_then(|n| n.trim().parse().ok())
            .expect("a next offset");
        args = if next.contains("unit chars") {
            serde_json::json!({"token": token, "offset": offset, "unit": "chars"})
        } else {
            serde_json::json!({"token": token, "offset": offset})
        };
    }
    panic!("no end after 10,000 readings")
}

/// `program`, started through `mcp-lean proxy --stats STATS --` when `stats` is given, else
/// as it is: the same server, straight or through the proxy.
pub(crate) fn server_command(program: &str, stats: Option<&Path>) -> tokio::process::Command {
    match stats {
        Some(stats) => {
            let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
            cmd.arg("proxy")
                .arg("--stats")
                .arg(stats)
                .args(["--", program]);
            cmd
        }
        None => tokio::process::Command::new(program),
    }
}

/// An rmcp client session with the command's server.
pub(crate) async fn serve_client(cmd: tokio::process::Command) -> RunningService<RoleClient, ()> {
    let (transport, _) = rmcp::transport::TokioChildProcess::builder(cmd)
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .expect("the server starts");
    rmcp::ServiceExt::serve((), transport)
        .await
        .expect("the session initializes")
}

/// Checks the name and version the server reported at `initialize`, through the proxy.
pub(crate) fn assert_server(client: &RunningService<RoleClient, ()>, name: &str, version: &str) {
    let info = client.peer().peer_info().expect("server info");
    let server = info.server_info.as_ref().expect("server info");
    assert_eq!(
        (server.name.as_str(), server.version.as_str()),
        (name, version)
    );
}

pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcp-lean-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// The confirm token in a preview's counts line.
pub(crate) fn token_of(preview: &str) -> String {
    preview
        .split("confirmToken=")
        .nth(1)
        .and_then(|s| s.split(['\n', ',']).next())
        .unwrap_or_else(|| panic!("a confirm token in: {preview}"))
        .to_owned()
}
