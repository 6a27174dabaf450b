//! `mcp-lean proxy` in front of agent-browser's MCP server (`agent-browser mcp`, npm
//! `agent-browser`): its profile is picked from the name it reports, its snapshots (its own
//! syntax) come back as goal digests whose refs work upstream as `@e5`, the copies it sends in
//! `structuredContent` follow, and a six-page session costs a tenth of the tokens or less.
//!
//! agent-browser runs a browser daemon that outlives the MCP process: each server gets a
//! session name, a socket folder and a home of its own, an idle timeout, and
//! `agent_browser_close` at the end.

use std::path::Path;

use rmcp::RoleClient;
use rmcp::service::RunningService;
use serde_json::{Value, json};

use crate::playwright::assert_lean_tools;
use crate::session::{Script, assert_lean, shows_key, six_pages};
use crate::{
    assert_server, call, chromium, npm_package, runtime, serve_client, server_command, site,
    temp_dir, text,
};

/// The agent-browser version `.ci/run` installs; the test checks it is the one it runs.
const AGENT_BROWSER: &str = "0.41.2";

/// `agent-browser mcp` with its daemon's state under `dir`, the system Chromium, headless;
/// through the proxy when `stats` is given.
async fn connect(dir: &Path, name: &str, stats: Option<&Path>) -> RunningService<RoleClient, ()> {
    let wrapper = npm_package("agent-browser", AGENT_BROWSER).join("bin/agent-browser.js");
    let mut cmd = server_command("node", stats);
    let home = dir.join(name);
    std::fs::create_dir_all(home.join("sockets")).expect("a home for the daemon");
    cmd.arg(wrapper)
        .arg("mcp")
        .env("HOME", &home)
        .env("AGENT_BROWSER_SOCKET_DIR", home.join("sockets"))
        .env(
            "AGENT_BROWSER_SESSION",
            format!("mcp-lean-{name}-{}", std::process::id()),
        )
        .env("AGENT_BROWSER_EXECUTABLE_PATH", chromium())
        // Only the test's site: the corpus's pages link other hosts, which a test machine may
        // not reach, and a page waiting for them would not fire `load` in time.
        .env("AGENT_BROWSER_ALLOWED_DOMAINS", "127.0.0.1")
        // A daemon left by a failed run ends on its own.
        .env("AGENT_BROWSER_IDLE_TIMEOUT_MS", "300000");
    serve_client(cmd).await
}

fn script() -> Script {
    Script {
        server: "agent-browser",
        shows: shows_key,
        workspace: None,
        open: |url| ("agent_browser_open", json!({"url": url})),
        snapshot: ("agent_browser_snapshot", json!({})),
        read: ("agent_browser_get_text", json!({"selector": "body"})),
    }
}

/// The ref of the line of `digest` that holds `needle`.
fn ref_on(digest: &str, needle: &str) -> Option<String> {
    let line = digest.lines().find(|l| l.contains(needle))?;
    let at = line.find("ref=")? + 4;
    Some(
        line[at..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect(),
    )
}

#[test]
fn agent_browser_through_the_proxy() {
    let site = site::serve();
    let dir = temp_dir("agent-browser");
    let stats = dir.join("stats.jsonl");
    runtime().block_on(async {
        let proxied = connect(&dir, "proxied", Some(&stats)).await;
        assert_server(&proxied, "agent-browser", AGENT_BROWSER);
        let tools = assert_lean_tools(&proxied, &["agent_browser_snapshot"]).await;
        assert!(tools.iter().any(|t| t.name == "confirm_output"));

        // The shop: a goal digest in agent-browser's syntax whose ref clicks upstream.
        eprintln!("agent-browser: the shop");
        call(
            &proxied,
            "agent_browser_open",
            json!({"url": site.url("/shop")}),
        )
        .await;
        let result = call(
            &proxied,
            "agent_browser_snapshot",
            json!({"goal": "put the kettle in my basket"}),
        )
        .await;
        let digest = text(&result);
        assert!(digest.starts_with("# goal digest"), "{digest}");
        let add = ref_on(&digest, "button \"Add to basket\"")
            .unwrap_or_else(|| panic!("the digest holds the button: {digest}"));
        let structured =
            serde_json::to_value(&result).expect("serializes")["structuredContent"].clone();
        assert_eq!(
            structured["response"]["data"]["snapshot"],
            json!(digest),
            "the copy follows the text"
        );
        let stdout: Value =
            serde_json::from_str(structured["stdout"].as_str().expect("stdout is a string"))
                .expect("stdout is JSON");
        assert_eq!(stdout, structured["response"]);
        let refs = structured["response"]["data"]["refs"]
            .as_object()
            .expect("the refs map");
        assert!(refs.contains_key(&add) && refs.len() < 60, "{refs:?}");
        call(
            &proxied,
            "agent_browser_click",
            json!({"selector": format!("@{add}")}),
        )
        .await;
        let title = text(&call(&proxied, "agent_browser_get_title", json!({})).await);
        assert!(title.contains("Added to basket"), "{title}");

        // A whole snapshot of a corpus page, straight from the server, parses without a
        // diagnostic and reads back byte for byte.
        let direct = connect(&dir, "direct", None).await;
        call(
            &direct,
            "agent_browser_open",
            json!({"url": site.url("/corpus/wikipedia")}),
        )
        .await;
        let raw = text(
            &call(
                &direct,
                "agent_browser_snapshot",
                json!({"interactive": false}),
            )
            .await,
        );
        let config = snapshot_digest::Config {
            syntax: Some(snapshot_digest::Syntax::AgentBrowser),
            ..snapshot_digest::Config::default()
        };
        let (snap, diagnostics) = snapshot_digest::parse_lenient_with(&raw, &config);
        assert!(
            diagnostics.is_empty(),
            "{:?}",
            &diagnostics[..diagnostics.len().min(3)]
        );
        assert!(snap.len() > 1_000, "{} nodes", snap.len());
        assert_eq!(snapshot_digest::render(&snap), raw);

        let measured = six_pages(&direct, &proxied, &site, &script()).await;
        for client in [&direct, &proxied] {
            call(client, "agent_browser_close", json!({})).await;
        }
        let _ = direct.cancel().await;
        let _ = proxied.cancel().await;
        assert_lean(&measured);
    });
    let lines = std::fs::read_to_string(&stats).expect("the stats file");
    let digests = lines
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .filter(|c| {
            c["tool"] == "agent_browser_snapshot"
                && c["actions"] == json!(["goal-digest", "structured-copies"])
        })
        .count();
    assert_eq!(digests, 7, "{lines}");
    let _ = std::fs::remove_dir_all(&dir);
}
