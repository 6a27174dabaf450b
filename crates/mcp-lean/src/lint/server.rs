//! A minimal stdio MCP client: start a server, initialize, page through `tools/list`, stop it.
//!
//! Messages are newline-delimited JSON-RPC 2.0 (the MCP stdio transport). A reader thread feeds
//! lines into a channel so every wait has a deadline: a hung server costs at most the timeout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The protocol version we ask for; servers answer with one they support.
const PROTOCOL_VERSION: &str = "2025-11-25";

/// More pages than any real server sends; stops a server whose cursor never ends.
const MAX_PAGES: usize = 1000;

/// The running server; killed when dropped, so no error path leaves it behind.
struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
    next_id: u64,
}

impl Drop for Server {
    fn drop(&mut self) {
        // Closing stdin is the stdio transport's shutdown signal; give the server a moment to
        // exit on its own before killing it.
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(command: &[String], timeout: Duration) -> Result<Self, String> {
        let (program, args) = command
            .split_first()
            .ok_or("--server needs a command after --, e.g. -- node server.js")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start server {program:?}: {e}"))?;
        let stdout = child.stdout.take().ok_or("server stdout is not piped")?;
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Self {
            child,
            stdin,
            lines,
            timeout,
            next_id: 1,
        })
    }

    fn send(&mut self, message: &Value) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("server stdin is closed")?;
        let mut line = message.to_string();
        line.push('\n');
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot write to the server: {e} (did it exit?)"))
    }

    fn request(&mut self, method: &str, params: Value) -> Result<Value, String> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))?;
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "server did not answer {method} within {} s; raise --timeout or check the server",
                        self.timeout.as_secs()
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "server closed its output before answering {method}"
                    ));
                }
            };
            // Servers may log to stdout; only JSON-RPC objects matter.
            let Ok(message) = serde_json::from_str::<Value>(&line) else {
                continue;
            };
            if message.get("method").is_some() {
                if let Some(req_id) = message.get("id") {
                    self.answer_server_request(req_id.clone(), &message)?;
                }
                continue;
            }
            if message.get("id").and_then(Value::as_u64) != Some(id) {
                continue;
            }
            if let Some(error) = message.get("error") {
                let code = error.get("code").cloned().unwrap_or(Value::Null);
                let text = error.get("message").and_then(Value::as_str).unwrap_or("");
                return Err(format!(
                    "server answered {method} with error {code}: {text}"
                ));
            }
            return message
                .get("result")
                .cloned()
                .ok_or_else(|| format!("server answer to {method} has neither result nor error"));
        }
    }

    /// We declare no client capabilities, so only `ping` gets a real answer.
    fn answer_server_request(&mut self, id: Value, message: &Value) -> Result<(), String> {
        let reply = if message.get("method").and_then(Value::as_str) == Some("ping") {
            json!({"jsonrpc": "2.0", "id": id, "result": {}})
        } else {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "method not found"}})
        };
        self.send(&reply)
    }
}

/// Starts `command`, lists all its tools and stops it; returns `{"tools": [...]}`.
pub(crate) fn list_tools(command: &[String], timeout: Duration) -> Result<Value, String> {
    let mut server = Server::start(command, timeout)?;
    server.request(
        "initialize",
        json!({
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "mcp-lean", "version": env!("CARGO_PKG_VERSION")},
        }),
    )?;
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))?;
    let mut tools = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..MAX_PAGES {
        let params = match &cursor {
            Some(c) => json!({"cursor": c}),
            None => json!({}),
        };
        let page = server.request("tools/list", params)?;
        match page.get("tools") {
            Some(Value::Array(items)) => tools.extend(items.iter().cloned()),
            _ => return Err("server answered tools/list without a \"tools\" array".to_owned()),
        }
        cursor = page
            .get("nextCursor")
            .and_then(Value::as_str)
            .map(str::to_owned);
        if cursor.is_none() {
            return Ok(json!({"tools": tools}));
        }
    }
    Err(format!(
        "server sent more than {MAX_PAGES} pages of tools; is its nextCursor stuck?"
    ))
}
