//! The order of the server's messages through `mcp-lean proxy`: a server that writes its last
//! progress notification, a log message and its response back to back (the scripted server's
//! `burst`), 200 times in a row, in both protocol eras, over standard input and output and over
//! `--listen`. Every time, the client must read all three progress notifications and the log
//! message before the response. Read as the client reads them: in wire order.

use serde_json::{Value, json};

use crate::proxy_eras::{Session, modern_meta};
use crate::proxy_http::Listener;

const ROUNDS: u64 = 200;

/// What the client read for one call, up to and with its response.
#[derive(Debug, Default)]
struct Seen {
    progress: Vec<f64>,
    logs: usize,
    answered: bool,
}

impl Seen {
    /// Takes one message; `true` once it was the response to `id`.
    fn take(&mut self, message: &Value, id: u64, token: &str) -> bool {
        match message["method"].as_str() {
            Some("notifications/progress") => {
                assert_eq!(message["params"]["progressToken"], token, "{message}");
                self.progress
                    .push(message["params"]["progress"].as_f64().unwrap_or(-1.0));
            }
            Some("notifications/message") => self.logs += 1,
            Some(_) => {}
            None if message["id"] == id => {
                assert_eq!(
                    message["result"]["content"][0]["text"], "burst done",
                    "{message}"
                );
                self.answered = true;
                return true;
            }
            None => {}
        }
        false
    }

    #[track_caller]
    fn check(&self, what: &str, round: u64, logs: bool) {
        assert!(self.answered, "{what}, round {round}: no response");
        assert_eq!(
            self.progress,
            [1.0, 2.0, 3.0],
            "{what}, round {round}: every progress notification, in order, before the response"
        );
        if logs {
            assert_eq!(
                self.logs, 1,
                "{what}, round {round}: the log message before the response"
            );
        }
    }
}

/// The 2026 revision's `_meta` with a log level: a request of that era gets log messages only
/// when it asks for them.
fn logged_meta() -> Value {
    let mut meta = modern_meta();
    meta["io.modelcontextprotocol/logLevel"] = "info".into();
    meta
}

fn burst(id: u64, token: &str, meta: Value) -> Value {
    let mut meta = meta;
    meta["progressToken"] = token.into();
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "burst", "arguments": {}, "_meta": meta}})
}

/// Reads the messages of one call up to its response.
fn read(session: &Session, id: u64, token: &str) -> Seen {
    let mut seen = Seen::default();
    while !seen.take(&session.next(), id, token) {}
    seen
}

#[test]
fn notifications_reach_a_stdio_client_before_the_response_in_both_eras() {
    let mut legacy = Session::start();
    legacy.send(
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "order-test", "version": "1"}}}),
    );
    assert!(legacy.next()["result"].is_object());
    legacy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    for round in 1..=ROUNDS {
        let token = format!("t{round}");
        legacy.send(&burst(round, &token, json!({})));
        read(&legacy, round, &token).check("stdio, 2025 era", round, true);
    }

    let mut modern = Session::start();
    for round in 1..=ROUNDS {
        let token = format!("m{round}");
        modern.send(&burst(round, &token, logged_meta()));
        read(&modern, round, &token).check("stdio, 2026 era", round, true);
    }
}

#[test]
fn notifications_reach_an_http_client_before_the_response_in_both_eras() {
    let proxy = Listener::start(&["--shared-session"]);

    // The 2025 era: a session. Its log messages go to the session's own stream (GET), as rmcp
    // routes a notification that names no request; progress rides the request's stream.
    let session = proxy.session();
    let legacy = [
        ("mcp-session-id", session.as_str()),
        ("MCP-Protocol-Version", "2025-06-18"),
    ];
    for round in 1..=ROUNDS {
        let token = format!("h{round}");
        let reply = proxy.post(&legacy, &burst(round, &token, json!({})).to_string());
        assert_eq!(reply.status, 200, "{}", reply.body);
        let messages = reply.messages();
        let mut seen = Seen::default();
        let done = messages.iter().any(|m| seen.take(m, round, &token));
        assert!(done, "round {round}: {messages:?}");
        seen.check("HTTP, 2025 era", round, false);
    }

    // The 2026 era: no session, each request a stream of its own, log messages included (the
    // request asks for them with a log level).
    let modern = [
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", "tools/call"),
        ("Mcp-Name", "burst"),
    ];
    for round in 1..=ROUNDS {
        let token = format!("n{round}");
        let reply = proxy.post(&modern, &burst(round, &token, logged_meta()).to_string());
        assert_eq!(reply.status, 200, "{}", reply.body);
        let messages = reply.messages();
        let mut seen = Seen::default();
        let done = messages.iter().any(|m| seen.take(m, round, &token));
        assert!(done, "round {round}: {messages:?}");
        seen.check("HTTP, 2026 era", round, true);
    }
}
