//! Both protocol eras on the client's side of `mcp-lean proxy` over stdio, written as raw
//! JSON-RPC lines: a client of the 2026-07-28 revision (no `initialize`; `server/discover` and
//! per-request `_meta`), one that sends `initialize` after `server/discover`, and the methods the
//! revision removed, asked for under it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::repo_path;

/// The proxy in front of the scripted server, spoken to line by line.
pub(crate) struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Session {
    pub(crate) fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
            .args(["proxy", "--profile", "playwright", "--", "node"])
            .arg(repo_path("crates/mcp-lean/tests/it/scripted-server.mjs"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the proxy starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout: ChildStdout = child.stdout.take().expect("stdout");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
        }
    }

    /// Sends a request and returns the answer with its id, skipping notifications.
    pub(crate) fn ask(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let msg = self.next();
            if msg["id"] == id {
                return msg;
            }
        }
    }

    /// Writes one message.
    pub(crate) fn send(&mut self, message: &Value) {
        writeln!(self.stdin, "{message}").expect("write");
    }

    /// The next message the proxy writes.
    pub(crate) fn next(&self) -> Value {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(60))
            .expect("a message within 60 s");
        serde_json::from_str(&line).expect("a JSON line")
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Per-request `_meta` of the 2026-07-28 revision.
pub(crate) fn modern_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "modern-test", "version": "1.0.0"},
        "io.modelcontextprotocol/clientCapabilities": {}
    })
}

#[test]
fn a_client_of_the_2026_era_discovers_lists_and_calls_without_initialize() {
    let mut s = Session::start();
    let found = s.ask(1, "server/discover", json!({"_meta": modern_meta()}));
    let result = &found["result"];
    assert!(
        result["supportedVersions"]
            .as_array()
            .is_some_and(|v| v.contains(&json!("2026-07-28")) && v.contains(&json!("2025-11-25"))),
        "{found}"
    );
    assert!(result["capabilities"]["tools"].is_object(), "{found}");
    assert_eq!(result["resultType"], "complete", "{found}");

    let tools = s.ask(2, "tools/list", json!({"_meta": modern_meta()}));
    let names: Vec<&str> = tools["result"]["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("{tools}"))
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(names.contains(&"confirm_output"), "{names:?}");
    let snapshot = tools["result"]["tools"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["name"] == "browser_snapshot"))
        .expect("browser_snapshot");
    assert!(snapshot["inputSchema"]["properties"]["goal"].is_object());
    assert!(tools["result"]["ttlMs"].is_number(), "cache hints: {tools}");

    let digest = s.ask(
        3,
        "tools/call",
        json!({"name": "browser_snapshot", "arguments": {"goal": "read the comments"}, "_meta": modern_meta()}),
    );
    let text = digest["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(text.contains("# goal digest"), "{digest}");
    // The revision reads an absent resultType as complete.
    let kind = &digest["result"]["resultType"];
    assert!(kind.is_null() || kind == "complete", "{digest}");
    // The server of the older era never saw the 2026 lifecycle keys.
    let echoed = s.ask(
        4,
        "tools/call",
        json!({"name": "echo_meta", "_meta": modern_meta()}),
    );
    let seen = echoed["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(!seen.contains("io.modelcontextprotocol/"), "{seen}");
}

#[test]
fn initialize_after_discover_is_served_and_an_older_client_sees_no_2026_fields() {
    let mut s = Session::start();
    let found = s.ask(1, "server/discover", json!({"_meta": modern_meta()}));
    assert!(found["result"].is_object(), "{found}");
    let init = s.ask(
        2,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "old", "version": "1"}}),
    );
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18", "{init}");
    assert!(
        init["result"]["capabilities"]["tools"].is_object(),
        "{init}"
    );
    writeln!(
        s.stdin,
        "{}",
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
    )
    .expect("write");
    let tools = s.ask(3, "tools/list", json!({}));
    assert!(tools["result"]["tools"].is_array(), "{tools}");
    assert!(tools["result"].get("resultType").is_none(), "{tools}");
    assert!(tools["result"].get("ttlMs").is_none(), "{tools}");
}

#[test]
fn methods_the_2026_revision_removed_are_not_found_over_stdio_too() {
    let mut s = Session::start();
    // A request of the revision opens its lifecycle; no handshake follows it.
    let tools = s.ask(1, "tools/list", json!({"_meta": modern_meta()}));
    assert!(tools["result"]["tools"].is_array(), "{tools}");
    for (id, method, params) in [
        (2, "ping", json!({})),
        (3, "logging/setLevel", json!({"level": "info"})),
        (4, "resources/subscribe", json!({"uri": "test://a"})),
        (5, "resources/unsubscribe", json!({"uri": "test://a"})),
        (
            6,
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "late", "version": "1"}}),
        ),
    ] {
        let mut params = params;
        params["_meta"] = modern_meta();
        let answer = s.ask(id, method, params);
        assert_eq!(answer["error"]["code"], -32_601, "{method}: {answer}");
    }
    // The session goes on.
    let again = s.ask(7, "tools/list", json!({"_meta": modern_meta()}));
    assert!(again["result"]["tools"].is_array(), "{again}");
}
