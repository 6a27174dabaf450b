//! `mcp-lean proxy --listen` in front of the real `@playwright/mcp`, driven by the official
//! TypeScript SDK clients over streamable HTTP: v1 (`@modelcontextprotocol/sdk` 1.32.2) and v2
//! (`@modelcontextprotocol/client` 2.4.0) in its default mode and pinned to 2026-07-28; and two
//! clients at once, each with a page of its own: with sessions, and of the 2026 era, told apart
//! by their tokens.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use crate::listening::Listening;
use crate::playwright::server_args;
use crate::{npm_package, npm_root, site, temp_dir};

/// The SDK versions `.ci/run` installs; the test checks them.
const SDK_V1: &str = "1.32.2";
const SDK_V2: &str = "2.4.0";

/// The proxy listening on a free port, one Playwright MCP process per client session (and per
/// token, for clients of the 2026 era), with `extra` arguments.
fn start_proxy(dir: &Path, extra: &[&str]) -> Listening {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
    command
        .current_dir(dir)
        .args(["proxy", "--listen", "127.0.0.1:0"])
        .args(extra)
        .arg("--")
        .arg("node")
        .args(server_args(dir));
    Listening::start(command)
}

/// The driver script, beside the npm packages it imports (ES modules resolve packages from
/// the script's own folder).
fn driver() -> PathBuf {
    npm_package("@modelcontextprotocol/sdk", SDK_V1);
    npm_package("@modelcontextprotocol/client", SDK_V2);
    let script = npm_root().join("sdk-client.mjs");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/npm_servers/sdk-client.mjs"),
        &script,
    )
    .expect("the driver is copied");
    script
}

fn spawn_driver(script: &Path, args: [&str; 5]) -> Child {
    spawn_driver_with(script, args, None)
}

/// A driver whose requests carry the bearer `token`, when given.
fn spawn_driver_with(script: &Path, args: [&str; 5], token: Option<&str>) -> Child {
    let mut command = Command::new("node");
    if let Some(token) = token {
        command.env("MCP_LEAN_TOKEN", token);
    }
    command
        .arg(script)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs the driver")
}

/// Waits for a driver and returns what it saw; fails the test with its output if it failed.
pub(crate) fn finish(child: Child, what: &str) -> Value {
    let out = child.wait_with_output().expect("the driver ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().last().unwrap_or_default();
    let seen: Value = serde_json::from_str(line).unwrap_or_else(|_| {
        panic!(
            "{what}: no result line\nstdout: {stdout}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert!(
        out.status.success() && seen["ok"] == true,
        "{what}: {seen}\nstderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    seen
}

#[test]
fn official_sdk_clients_of_both_eras_through_the_listening_proxy() {
    let site = site::serve();
    let dir = temp_dir("listen-sdk");
    // The one client of the 2026 era here may share its process with nobody else.
    let proxy = start_proxy(&dir, &["--shared-session"]);
    let script = driver();
    let site_url = site.url("");
    for (sdk, mode) in [("v1", "legacy"), ("v2", "legacy"), ("v2", "2026-07-28")] {
        eprintln!("{sdk} {mode}");
        let child = spawn_driver(&script, [sdk, mode, &proxy.url, &site_url, "session"]);
        let seen = finish(child, &format!("{sdk} {mode}"));
        if mode == "2026-07-28" {
            assert_eq!(seen["protocol"], "2026-07-28", "{seen}");
            assert!(
                seen["session"].is_null(),
                "the 2026 era has no session: {seen}"
            );
        } else {
            assert!(seen["session"].is_string(), "{seen}");
        }
    }
    drop(proxy);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_clients_at_once_each_drive_their_own_page() {
    let site = site::serve();
    let dir = temp_dir("listen-two");
    let proxy = start_proxy(&dir, &[]);
    let script = driver();
    let site_url = site.url("");
    // The first ends after one look; the second looks twice more after that.
    let short = spawn_driver(
        &script,
        ["v1", "legacy", &proxy.url, &site_url, "own-page:/login:1"],
    );
    let long = spawn_driver(
        &script,
        ["v2", "legacy", &proxy.url, &site_url, "own-page:/cart:3"],
    );
    finish(short, "the first client");
    finish(long, "the second client, before and after the first ended");
    drop(proxy);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_clients_of_the_2026_era_with_their_own_tokens_each_drive_their_own_page() {
    let site = site::serve();
    let dir = temp_dir("listen-tokens");
    let tokens = dir.join("tokens");
    let (a, b) = (
        "token-of-client-a-0123456789",
        "token-of-client-b-0123456789",
    );
    std::fs::write(&tokens, format!("{a}\r\n\r\n{b}\r\n")).expect("the token file");
    let proxy = start_proxy(
        &dir,
        &["--auth-token-file", tokens.to_str().expect("utf-8")],
    );
    let script = driver();
    let site_url = site.url("");
    // Both at once, neither with a session: only their tokens tell them apart. Each looks
    // three times whether its page is still its own.
    let first = spawn_driver_with(
        &script,
        [
            "v2",
            "2026-07-28",
            &proxy.url,
            &site_url,
            "own-page:/login:3",
        ],
        Some(a),
    );
    let second = spawn_driver_with(
        &script,
        [
            "v2",
            "2026-07-28",
            &proxy.url,
            &site_url,
            "own-page:/cart:3",
        ],
        Some(b),
    );
    for (seen, path) in [
        (finish(first, "the client with the first token"), "/login"),
        (finish(second, "the client with the second token"), "/cart"),
    ] {
        assert_eq!(seen["protocol"], "2026-07-28", "{seen}");
        assert!(seen["session"].is_null(), "no session: {seen}");
        assert_eq!(seen["path"], path, "{seen}");
    }
    drop(proxy);
    let _ = std::fs::remove_dir_all(&dir);
}
