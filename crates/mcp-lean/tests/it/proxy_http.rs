//! `mcp-lean proxy --listen` over raw HTTP (no SDK): sessions of their own, both protocol eras,
//! and every kind of bad request answered with the status and JSON-RPC error the MCP
//! transport specification names, while the other sessions go on.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::listening::Listening;
use crate::repo_path;

/// The proxy listening on a free port in front of the scripted server.
pub(crate) struct Listener {
    /// Kept for its process, stopped when the listener is dropped.
    _proxy: Listening,
    pub(crate) port: u16,
}

impl Listener {
    pub(crate) fn start(extra: &[&str]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
        command
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--profile",
                "playwright",
            ])
            .args(extra)
            .arg("--")
            .arg("node")
            .arg(repo_path("crates/mcp-lean/tests/it/scripted-server.mjs"));
        let proxy = Listening::start(command);
        let port = proxy
            .url
            .rsplit(':')
            .next()
            .and_then(|rest| rest.trim_end_matches("/mcp").parse().ok())
            .expect("a port in the URL");
        Self {
            _proxy: proxy,
            port,
        }
    }

    pub(crate) fn post(&self, headers: &[(&str, &str)], body: &str) -> Reply {
        self.send("POST", headers, body)
    }

    fn send(&self, method: &str, headers: &[(&str, &str)], body: &str) -> Reply {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        let mut request = format!(
            "{method} /mcp HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.port,
            body.len()
        );
        let has = |name: &str| headers.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        if !has("content-type") {
            request.push_str("Content-Type: application/json\r\n");
        }
        if !has("accept") {
            request.push_str("Accept: application/json, text/event-stream\r\n");
        }
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        stream.write_all(request.as_bytes()).expect("writes");
        let mut raw = Vec::new();
        if has("expect") {
            // As an HTTP client does for a large body: wait for `100 Continue` or the final
            // answer, so a refusal is read before any of the body is written.
            let mut head = [0_u8; 4096];
            let read = stream.read(&mut head).expect("reads the interim answer");
            let interim = &head[..read];
            if !interim.starts_with(b"HTTP/1.1 100") {
                raw.extend_from_slice(interim);
                let _ = stream.read_to_end(&mut raw);
                return Reply::parse(&raw);
            }
        }
        stream.write_all(body.as_bytes()).expect("writes");
        let _ = stream.read_to_end(&mut raw);
        Reply::parse(&raw)
    }

    /// Opens a session with `initialize` and `notifications/initialized`; its id.
    pub(crate) fn session(&self) -> String {
        let reply = self.post(&[], &init(1));
        assert_eq!(reply.status, 200, "{}", reply.body);
        let id = reply.header("mcp-session-id").expect("a session id");
        let sent = self.post(
            &[
                ("mcp-session-id", &id),
                ("MCP-Protocol-Version", "2025-06-18"),
            ],
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        );
        assert_eq!(sent.status, 202);
        id
    }

    fn call(&self, session: &str, id: u64, tool: &str) -> Reply {
        self.post(
            &[
                ("mcp-session-id", session),
                ("MCP-Protocol-Version", "2025-06-18"),
            ],
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool}})
                .to_string(),
        )
    }
}

/// An HTTP response: status, headers, and the JSON-RPC message in its body (plain JSON or the
/// last `data:` line of an event stream).
pub(crate) struct Reply {
    pub(crate) status: u16,
    headers: Vec<(String, String)>,
    pub(crate) body: String,
}

impl Reply {
    fn parse(raw: &[u8]) -> Self {
        let text = String::from_utf8_lossy(raw);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked {
            dechunk(body)
        } else {
            body.to_owned()
        };
        Self {
            status,
            headers,
            body,
        }
    }

    pub(crate) fn header(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// Every JSON-RPC message of the body, in order: the body itself, or the `data:` lines
    /// of an event stream.
    pub(crate) fn messages(&self) -> Vec<Value> {
        if self.body.trim_start().starts_with('{') {
            return serde_json::from_str(self.body.trim()).into_iter().collect();
        }
        self.body
            .lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .map(str::trim)
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }

    /// The JSON-RPC message of the body.
    pub(crate) fn json(&self) -> Value {
        let text = self
            .body
            .lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .map(str::trim)
            .rfind(|l| !l.is_empty())
            .unwrap_or(&self.body);
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

fn init(id: u64) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw-http", "version": "1.0.0"}}})
    .to_string()
}

fn text(reply: &Reply) -> String {
    reply.json()["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn each_session_has_its_own_server_and_ending_one_leaves_the_other() {
    let proxy = Listener::start(&[]);
    let (a, b) = (proxy.session(), proxy.session());
    let (pa, pb) = (
        text(&proxy.call(&a, 2, "whoami")),
        text(&proxy.call(&b, 2, "whoami")),
    );
    assert!(
        !pa.is_empty() && pa != pb,
        "two sessions, two server processes: {pa} {pb}"
    );
    let tools = proxy.post(
        &[
            ("mcp-session-id", &a),
            ("MCP-Protocol-Version", "2025-06-18"),
        ],
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#,
    );
    let listed = tools.json().to_string();
    assert!(
        listed.contains("\"goal\"") && listed.contains("confirm_output"),
        "{listed}"
    );
    let deleted = proxy.send(
        "DELETE",
        &[
            ("mcp-session-id", &a),
            ("MCP-Protocol-Version", "2025-06-18"),
        ],
        "",
    );
    assert_eq!(deleted.status, 202);
    assert_eq!(
        proxy.call(&a, 4, "whoami").status,
        404,
        "a deleted session is gone"
    );
    assert_eq!(text(&proxy.call(&b, 4, "whoami")), pb, "the other goes on");
    // The deleted session's server process ends with it.
    let gone = Instant::now();
    let pid = pa.trim();
    while std::path::Path::new(&format!("/proc/{pid}")).exists() {
        assert!(
            gone.elapsed() < Duration::from_secs(20),
            "server {pid} still runs"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn bad_requests_get_the_status_and_error_the_specification_names() {
    let proxy = Listener::start(&[]);
    let session = proxy.session();
    /// What is sent, its headers and body, and the status and JSON-RPC code expected.
    type Case<'a> = (&'a str, Vec<(&'a str, &'a str)>, String, u16, Option<i64>);
    let cases: Vec<Case<'_>> = vec![
        (
            "malformed JSON",
            vec![],
            "{not json".to_owned(),
            400,
            Some(-32_700),
        ),
        (
            "a batch",
            vec![],
            format!("[{}]", init(1)),
            400,
            Some(-32_600),
        ),
        (
            "not JSON-RPC",
            vec![],
            r#"{"id":1,"method":"ping"}"#.to_owned(),
            400,
            Some(-32_600),
        ),
        (
            "a body over 8 MiB",
            vec![("Expect", "100-continue")],
            "x".repeat(9 << 20),
            413,
            Some(-32_000),
        ),
        (
            "an origin not allowed",
            vec![("Origin", "http://evil.example")],
            init(1),
            403,
            Some(-32_000),
        ),
        (
            "a wrong content type",
            vec![("Content-Type", "text/plain")],
            init(1),
            415,
            None,
        ),
        (
            "no session id",
            vec![],
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#.to_owned(),
            400,
            None,
        ),
        (
            "an unknown session id",
            vec![("mcp-session-id", "no-such-session")],
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#.to_owned(),
            404,
            None,
        ),
        (
            "an unknown protocol version",
            vec![
                ("mcp-session-id", &session),
                ("MCP-Protocol-Version", "1999-01-01"),
            ],
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#.to_owned(),
            400,
            None,
        ),
    ];
    for (what, headers, body, status, code) in cases {
        let reply = proxy.post(&headers, &body);
        assert_eq!(reply.status, status, "{what}: {}", reply.body);
        if let Some(code) = code {
            assert_eq!(
                reply.json()["error"]["code"],
                code,
                "{what}: {}",
                reply.body
            );
            assert!(
                reply.json()["error"]["message"]
                    .as_str()
                    .is_some_and(|m| !m.is_empty())
            );
        }
    }
    // None of that touched the session.
    assert!(!text(&proxy.call(&session, 9, "whoami")).is_empty());
    let unknown_path = {
        let mut stream = TcpStream::connect(("127.0.0.1", proxy.port)).expect("connects");
        write!(
            stream,
            "GET /other HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        .expect("writes");
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        Reply::parse(&raw)
    };
    assert_eq!(unknown_path.status, 404);
}

#[test]
fn a_token_is_required_when_set_and_off_loopback() {
    let dir = std::env::temp_dir().join(format!("mcp-lean-token-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let file = dir.join("token");
    std::fs::write(&file, "0123456789abcdef0123456789abcdef\n").expect("write");
    let proxy = Listener::start(&["--auth-token-file", file.to_str().expect("utf-8")]);
    let none = proxy.post(&[], &init(1));
    assert_eq!(none.status, 401);
    assert_eq!(none.header("www-authenticate").as_deref(), Some("Bearer"));
    let wrong = proxy.post(
        &[("Authorization", "Bearer 0123456789abcdef0123456789abcdeX")],
        &init(1),
    );
    assert_eq!(wrong.status, 401);
    let right = proxy.post(
        &[("Authorization", "Bearer 0123456789abcdef0123456789abcdef")],
        &init(1),
    );
    assert_eq!(right.status, 200, "{}", right.body);

    // Not loopback without a token: the proxy does not start, and says why.
    let out = crate::run(
        &["proxy", "--listen", "0.0.0.0:0", "--", "node", "-e", "0"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("is not a loopback address") && err.contains("--auth-token-file"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sessions_past_the_limit_are_refused_until_one_ends_or_idles_out() {
    let proxy = Listener::start(&["--max-sessions", "2", "--session-idle", "2"]);
    let a = proxy.session();
    let _b = proxy.session();
    let refused = proxy.post(&[], &init(7));
    assert_eq!(refused.status, 503);
    assert_eq!(refused.json()["id"], 7);
    assert!(
        refused.json()["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("--max-sessions 2")),
        "{}",
        refused.body
    );
    proxy.send(
        "DELETE",
        &[
            ("mcp-session-id", &a),
            ("MCP-Protocol-Version", "2025-06-18"),
        ],
        "",
    );
    let c = proxy.session();
    // Idle sessions end after --session-idle, and free their places.
    std::thread::sleep(Duration::from_millis(3_500));
    assert_eq!(
        proxy.call(&c, 2, "whoami").status,
        404,
        "an idle session ended"
    );
    proxy.session();
    proxy.session();
}

/// A request of the 2026-07-28 revision (no session: its `_meta` says who the client is), with
/// the bearer `token` when given.
fn modern(proxy: &Listener, token: Option<&str>, id: u64, method: &str, params: Value) -> Reply {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "modern", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {}
    });
    // The revision's standard headers repeat the method, and a tool call's tool name.
    let name = params["name"].as_str().unwrap_or_default().to_owned();
    let bearer = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", method),
    ];
    if !name.is_empty() {
        headers.push(("Mcp-Name", &name));
    }
    if let Some(bearer) = &bearer {
        headers.push(("Authorization", bearer));
    }
    proxy.post(
        &headers,
        &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
    )
}

#[test]
fn a_client_of_the_2026_era_needs_no_session() {
    let proxy = Listener::start(&["--shared-session"]);
    let ask = |id: u64, method: &str, params: Value| modern(&proxy, None, id, method, params);
    let found = ask(1, "server/discover", json!({}));
    assert_eq!(found.status, 200, "{}", found.body);
    assert!(found.header("mcp-session-id").is_none());
    assert!(
        found.json()["result"]["capabilities"]["tools"].is_object(),
        "{}",
        found.body
    );
    let listed = ask(2, "tools/list", json!({}));
    assert!(
        listed.json().to_string().contains("confirm_output"),
        "{}",
        listed.body
    );
    let digest = ask(
        3,
        "tools/call",
        json!({"name": "browser_snapshot", "arguments": {"goal": "read the comments"}}),
    );
    assert!(text(&digest).contains("# goal digest"), "{}", digest.body);
    // A method the revision removed: 404 and "method not found", the request's id kept.
    let removed = ask(6, "logging/setLevel", json!({"level": "info"}));
    assert_eq!(removed.status, 404, "{}", removed.body);
    assert_eq!(removed.json()["error"]["code"], -32_601, "{}", removed.body);
    assert_eq!(removed.json()["id"], 6, "{}", removed.body);
    // --shared-session: every such client in one server process.
    let whoami = json!({"name": "whoami"});
    assert_eq!(
        text(&ask(4, "tools/call", whoami.clone())),
        text(&ask(5, "tools/call", whoami))
    );
}

#[test]
fn clients_of_the_2026_era_are_told_apart_by_their_tokens() {
    let dir = std::env::temp_dir().join(format!("mcp-lean-tokens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let file = dir.join("tokens");
    let (a, b) = ("aaaaaaaaaaaaaaaa0001", "bbbbbbbbbbbbbbbb0002");
    // Blank lines, CRLF, spaces and a repeat: two tokens.
    std::fs::write(&file, format!("\r\n{a}\r\n\r\n  {b} \r\n{a}\r\n")).expect("write");
    let proxy = Listener::start(&["--auth-token-file", file.to_str().expect("utf-8")]);
    let whoami = |token: Option<&str>, id: u64| {
        modern(&proxy, token, id, "tools/call", json!({"name": "whoami"}))
    };
    let (a1, b1) = (text(&whoami(Some(a), 1)), text(&whoami(Some(b), 2)));
    assert!(
        !a1.is_empty() && !b1.is_empty() && a1 != b1,
        "a process per token: {a1} {b1}"
    );
    assert_eq!(text(&whoami(Some(a), 3)), a1, "one token, one process");
    assert_eq!(whoami(None, 4).status, 401);
    assert_eq!(whoami(Some("cccccccccccccccc0003"), 5).status, 401);
    assert_eq!(text(&whoami(Some(b), 6)), b1, "the others go on");
    drop(proxy);

    // No tokens and no --shared-session: such a client is told how to set tokens, and a
    // client with a session is served as before.
    let proxy = Listener::start(&[]);
    let refused = modern(&proxy, None, 1, "tools/call", json!({"name": "whoami"}));
    let message = refused.json()["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        message.contains("--auth-token-file") && message.contains("--shared-session"),
        "{}",
        refused.body
    );
    let session = proxy.session();
    assert!(!text(&proxy.call(&session, 2, "whoami")).is_empty());

    // A file without a token stops the proxy at once, saying what to put in it.
    std::fs::write(&file, "\r\n \n").expect("write");
    let out = crate::run(
        &[
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--auth-token-file",
            file.to_str().expect("utf-8"),
            "--",
            "node",
            "-e",
            "0",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("holds no token"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}
