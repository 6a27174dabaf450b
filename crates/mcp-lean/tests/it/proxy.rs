//! `mcp-lean proxy` in front of a scripted server (`scripted-server.mjs`, node only): what a
//! real server may do — progress, sampling, cancellation, garbage, silence, 10 MB, dying —
//! reaches an rmcp client through the proxy as it should. The same flow against the real
//! `@playwright/mcp` and `chrome-devtools-mcp` is in `tests/npm_servers/`.

// Sampling and logging are deprecated by SEP-2577 but are what servers send today; the proxy
// must still pass them.
#![allow(deprecated)]

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, ClientConfig, CreateMessageRequestParams, CreateMessageResult,
    LoggingMessageNotificationParam, ProgressNotificationParam,
};
use rmcp::service::{NotificationContext, RequestContext, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ErrorData, RoleClient, ServiceExt};
use serde_json::{Value, json};

use crate::repo_path;

/// What the client saw besides answers.
#[derive(Debug, Default)]
struct Seen {
    progress: Vec<ProgressNotificationParam>,
    logs: Vec<Value>,
}

/// An rmcp client that answers sampling requests and records notifications.
#[derive(Clone, Default)]
struct Client {
    seen: Arc<Mutex<Seen>>,
}

impl ClientHandler for Client {
    async fn create_message(
        &self,
        _params: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        serde_json::from_value(json!({
            "model": "scripted-model", "role": "assistant",
            "content": {"type": "text", "text": "sampled through the proxy"}
        }))
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.seen.lock().expect("lock").progress.push(params);
    }

    async fn on_logging_message(
        &self,
        params: LoggingMessageNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.seen.lock().expect("lock").logs.push(params.data);
    }

    fn get_info(&self) -> ClientConfig {
        serde_json::from_value(json!({
            "protocolVersion": "2025-06-18",
            "capabilities": {"sampling": {}},
            "clientInfo": {"name": "proxy-test", "version": "1.0.0"}
        }))
        .expect("a valid client config")
    }
}

/// The proxy, started by the client as its server, in front of the scripted server.
async fn connect(extra: &[&str]) -> (RunningService<RoleClient, Client>, Client) {
    connect_with(extra, &[]).await
}

/// [`connect`] with arguments for the scripted server too.
async fn connect_with(
    extra: &[&str],
    server_args: &[&str],
) -> (RunningService<RoleClient, Client>, Client) {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
    cmd.arg("proxy")
        .args(extra)
        .arg("--")
        .arg("node")
        .arg(repo_path("crates/mcp-lean/tests/it/scripted-server.mjs"))
        .args(server_args);
    let (transport, _) = TokioChildProcess::builder(cmd)
        .stderr(Stdio::null())
        .spawn()
        .expect("the proxy starts");
    let client = Client::default();
    let running = client
        .clone()
        .serve(transport)
        .await
        .expect("the proxy initializes");
    (running, client)
}

fn call(name: &str) -> CallToolRequestParams {
    CallToolRequestParams::new(name.to_owned())
}

fn text(result: &rmcp::model::CallToolResult) -> String {
    let value = serde_json::to_value(result).expect("serializes");
    value["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Waits until `check` holds, polling; gives up after `limit` (a hang guard, not a timing
/// assertion).
async fn until(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let give_up = tokio::time::Instant::now() + limit;
    while tokio::time::Instant::now() < give_up {
        if check() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    check()
}

#[test]
fn server_info_tools_progress_sampling_and_meta_pass_through() {
    runtime().block_on(async {
        let (running, client) = connect(&[]).await;
        let info = running.peer().peer_info().expect("server info");
        assert_eq!(
            info.server_info.as_ref().map(|s| s.name.as_str()),
            Some("scripted")
        );

        let tools = running.peer().list_all_tools().await.expect("tools/list");
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        assert!(
            names.contains(&"slow") && names.contains(&"confirm_output"),
            "{names:?}"
        );

        let done = running
            .peer()
            .call_tool(call("slow"))
            .await
            .expect("slow answers");
        assert_eq!(text(&done), "done");
        let seen = Arc::clone(&client.seen);
        assert!(
            until(Duration::from_secs(10), || seen
                .lock()
                .expect("lock")
                .progress
                .len()
                >= 3)
            .await,
            "three progress notifications reach the client"
        );

        let sampled = running
            .peer()
            .call_tool(call("sample"))
            .await
            .expect("sample answers");
        assert!(
            text(&sampled).contains("sampled through the proxy"),
            "{}",
            text(&sampled)
        );

        let meta = running
            .peer()
            .call_tool(call("echo_meta"))
            .await
            .expect("answers");
        let request_meta: Value =
            serde_json::from_str(&text(&meta)).expect("the server echoes JSON");
        assert!(
            request_meta.get("progressToken").is_some(),
            "{request_meta}"
        );
        let result = serde_json::to_value(&meta).expect("serializes");
        assert_eq!(
            result["_meta"]["test/echo"], true,
            "the result's _meta passes"
        );

        let err = running
            .peer()
            .call_tool(call("no_such_tool"))
            .await
            .expect_err("an error");
        assert!(
            err.to_string().contains("unknown tool no_such_tool"),
            "{err}"
        );
        running.cancel().await.expect("closes");
    });
}

#[test]
fn a_cancellation_reaches_the_server_and_the_session_goes_on() {
    runtime().block_on(async {
        let (running, client) = connect(&[]).await;
        let args = json!({"wait_ms": 60_000}).as_object().cloned().expect("object");
        let handle = running
            .peer()
            .send_cancellable_request(
                rmcp::model::ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(
                    call("slow").with_arguments(args),
                )),
                rmcp::service::PeerRequestOptions::no_options(),
            )
            .await
            .expect("sent");
        let seen = Arc::clone(&client.seen);
        assert!(until(Duration::from_secs(10), || !seen.lock().expect("lock").progress.is_empty()).await);
        handle.cancel(Some("test".to_owned())).await.expect("cancel sent");
        assert!(
            until(Duration::from_secs(10), || {
                seen.lock().expect("lock").logs.iter().any(|l| l.as_str().is_some_and(|s| s.starts_with("cancelled")))
            })
            .await,
            "the server logs that it was cancelled, and the log notification reaches the client: {:?}", client.seen.lock().expect("lock")
        );
        let after = running.peer().call_tool(call("garbage")).await.expect("answers");
        assert_eq!(text(&after), "after garbage", "garbage lines from the server are skipped");
        running.cancel().await.expect("closes");
    });
}

#[test]
fn a_silent_server_times_out_and_a_10_mb_result_is_previewed_and_read_in_parts() {
    runtime().block_on(async {
        let (running, _) = connect(&["--timeout", "1"]).await;
        let err = running
            .peer()
            .call_tool(call("hang"))
            .await
            .expect_err("times out");
        assert!(
            err.to_string()
                .contains("did not answer tools/call within 1 s"),
            "{err}"
        );

        let big = running
            .peer()
            .call_tool(call("big"))
            .await
            .expect("answers");
        let preview = text(&big);
        assert!(preview.len() < 2_500, "{} chars", preview.len());
        let token = preview
            .split("confirmToken=")
            .nth(1)
            .and_then(|s| s.split(['\n', ',']).next())
            .expect("a token")
            .to_owned();
        let read = |args: serde_json::Value| {
            let mut args = args;
            args["token"] = json!(token);
            let args = args.as_object().cloned().expect("object");
            let peer = running.peer().clone();
            async move {
                let result = peer
                    .call_tool(call("confirm_output").with_arguments(args))
                    .await
                    .expect("answered");
                let value = serde_json::to_value(&result).expect("serializes");
                let texts: Vec<String> = value["content"]
                    .as_array()
                    .expect("content")
                    .iter()
                    .map(|i| i["text"].as_str().unwrap_or_default().to_owned())
                    .collect();
                (result.is_error, texts)
            }
        };
        // The whole output is one 10 MiB line: its start, and where the rest is.
        let (error, whole) = read(json!({})).await;
        assert_eq!(error, None, "{whole:?}");
        assert!(
            whole[0].contains("line 1 alone is 10485760 chars"),
            "{}",
            whole[0]
        );
        assert!(whole[1].len() > 10_000 && whole[1].bytes().all(|b| b == b'x'));
        let (_, tail) = read(json!({"offset": 10_485_700, "unit": "chars"})).await;
        assert_eq!(tail[1], "x".repeat(60));
        assert!(tail[0].ends_with("the end of the output"), "{}", tail[0]);
        let (_, none) = read(json!({"pattern": "y"})).await;
        assert_eq!(none, ["# no line matches /y/ in 1 lines (10485760 chars)"]);
        let (error, again) = read(json!({})).await;
        assert_eq!((error, &again[1]), (None, &whole[1]), "a token works again");
        running.cancel().await.expect("closes");
    });
}

#[test]
fn a_server_that_dies_gives_the_client_an_error_and_the_proxy_exits() {
    runtime().block_on(async {
        let (running, _) = connect(&[]).await;
        let err = running
            .peer()
            .call_tool(call("die"))
            .await
            .expect_err("an error");
        assert!(err.to_string().contains("closed the connection"), "{err}");
        // The proxy ends the client's session in turn, so waiting for it ends.
        let quit = tokio::time::timeout(Duration::from_secs(30), running.waiting()).await;
        assert!(quit.is_ok(), "the proxy exits instead of hanging");
    });
}

#[test]
fn malformed_json_from_the_client_is_skipped_and_answered_for_what_it_can() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
        .args(["proxy", "--", "node"])
        .arg(repo_path("crates/mcp-lean/tests/it/scripted-server.mjs"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the proxy starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let send = |stdin: &mut std::process::ChildStdin, line: &str| {
        writeln!(stdin, "{line}").expect("write");
    };
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#,
    );
    let init = lines.next().expect("a line").expect("utf-8");
    assert!(init.contains("\"scripted\""), "{init}");
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    );
    send(&mut stdin, "not json at all");
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo_meta","arguments":{}}}"#,
    );
    let answer = lines.next().expect("a line").expect("utf-8");
    assert!(answer.contains("\"id\":2"), "{answer}");
    drop(stdin);
    let status = child.wait().expect("the proxy exits when its input closes");
    assert!(status.success(), "{status}");
}

/// A client that speaks raw JSON-RPC lines to the proxy, to see exactly what passes.
struct RawClient {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
    /// Notifications seen while waiting for answers.
    notifications: Vec<Value>,
}

impl RawClient {
    fn start() -> Self {
        use std::io::BufRead;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
            .args(["proxy", "--timeout", "30", "--", "node"])
            .arg(repo_path("crates/mcp-lean/tests/it/scripted-server.mjs"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the proxy starts");
        let stdin = child.stdin.take().expect("stdin");
        let lines = std::io::BufReader::new(child.stdout.take().expect("stdout")).lines();
        let mut client = Self {
            child,
            stdin,
            lines,
            notifications: Vec::new(),
        };
        let init = client.request(
            1,
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {"roots": {"listChanged": true}, "elicitation": {}},
                "clientInfo": {"name": "raw", "version": "0"}
            }),
        );
        assert_eq!(init["result"]["serverInfo"]["name"], "scripted", "{init}");
        client.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        client
    }

    fn send(&mut self, message: &Value) {
        use std::io::Write;
        writeln!(self.stdin, "{message}").expect("write to the proxy");
    }

    fn next(&mut self) -> Value {
        let line = self
            .lines
            .next()
            .expect("a line from the proxy")
            .expect("utf-8");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }

    /// Sends a request and returns its response; requests from the server on the way are
    /// answered by `answer`.
    fn request_with(
        &mut self,
        id: u64,
        method: &str,
        params: Value,
        answer: &dyn Fn(&Value) -> Value,
    ) -> Value {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.next();
            if message.get("method").is_some() && message.get("id").is_some() {
                let reply =
                    json!({"jsonrpc": "2.0", "id": message["id"], "result": answer(&message)});
                self.send(&reply);
            } else if message.get("method").is_some() {
                self.notifications.push(message);
            } else if message["id"] == json!(id) {
                return message;
            }
        }
    }

    fn request(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.request_with(id, method, params, &|m| {
            panic!("unexpected request from the server: {m}")
        })
    }
}

#[test]
fn resources_prompts_completions_elicitation_and_roots_pass_through() {
    let mut client = RawClient::start();
    let list = client.request(2, "resources/list", json!({}));
    assert_eq!(list["result"]["resources"][0]["uri"], "test://a", "{list}");
    assert_eq!(list["result"]["_meta"]["test/m"], 1, "{list}");
    let read = client.request(3, "resources/read", json!({"uri": "test://a"}));
    assert_eq!(
        read["result"]["contents"][0]["text"], "content of test://a",
        "{read}"
    );
    let prompts = client.request(4, "prompts/list", json!({}));
    assert_eq!(prompts["result"]["prompts"][0]["name"], "p", "{prompts}");
    let prompt = client.request(5, "prompts/get", json!({"name": "p"}));
    assert_eq!(
        prompt["result"]["messages"][0]["content"]["text"], "prompt p",
        "{prompt}"
    );
    let done = client.request(
        6,
        "completion/complete",
        json!({
            "ref": {"type": "ref/prompt", "name": "p"}, "argument": {"name": "x", "value": "a"}
        }),
    );
    assert_eq!(
        done["result"]["completion"]["values"],
        json!(["alpha", "beta"]),
        "{done}"
    );

    let answer = |m: &Value| match m["method"].as_str() {
        Some("elicitation/create") => json!({"action": "accept", "content": {"name": "Ada"}}),
        Some("roots/list") => json!({"roots": [{"uri": "file:///tmp/work", "name": "work"}]}),
        _ => panic!("unexpected request from the server: {m}"),
    };
    let asked = client.request_with(
        7,
        "tools/call",
        json!({"name": "ask", "arguments": {}}),
        &answer,
    );
    let text = asked["result"]["content"][0]["text"]
        .as_str()
        .expect("text");
    let got: Value = serde_json::from_str(text).expect("JSON");
    assert_eq!(got["elicited"]["content"]["name"], "Ada", "{got}");
    assert_eq!(got["roots"]["roots"][0]["uri"], "file:///tmp/work", "{got}");
    assert!(
        client
            .notifications
            .iter()
            .any(|n| n["method"] == "notifications/resources/list_changed"),
        "{:?}",
        client.notifications
    );
    drop(client.stdin);
    let status = client
        .child
        .wait()
        .expect("the proxy exits when its input closes");
    assert!(status.success(), "{status}");
}

#[test]
fn a_command_that_cannot_start_is_a_clear_error() {
    let out = crate::run(&["proxy", "--", "/no/such/server"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot start the server \"/no/such/server\""),
        "{err}"
    );
}

#[test]
fn proxy_report_sums_a_stats_file() {
    let lines = r#"{"tool":"browser_snapshot","serverTokens":5000,"linkedTokens":0,"clientTokens":900,"actions":["goal-digest"],"ms":40.0,"rewriteMs":8.0}
{"tool":"browser_click","serverTokens":100,"linkedTokens":4000,"clientTokens":300,"actions":["diff","inlined-file"],"ms":400.0,"rewriteMs":6.0}
"#;
    let out = crate::run(&["proxy-report", "-"], Some(lines));
    assert!(out.status.success());
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("| **total** | 2 | 5100 | 4000 | 1200 | 87 % |"),
        "{report}"
    );
    assert!(report.contains("p50 6.00 ms"), "{report}");
    let empty = crate::run(&["proxy-report", "-"], Some("\n"));
    assert_eq!(empty.status.code(), Some(1));
}

#[test]
fn llm_digest_in_the_proxy_uses_the_models_choice_then_falls_back() {
    // First call: the model chooses the comments button and invents a ref. Second call: the
    // model's server is gone, and the deterministic digest comes back.
    let model = scripted_llm::serve(vec![scripted_llm::chat(r#"{"refs": ["e125", "e31337"]}"#)]);
    runtime().block_on(async {
        let (running, _) = connect(&[
            "--profile",
            "playwright",
            "--llm-url",
            &model.url,
            "--llm-model",
            "picker",
            "--llm-timeout",
            "5",
        ])
        .await;
        let tools = running.list_all_tools().await.expect("tools");
        let snapshot = tools
            .iter()
            .find(|t| t.name == "browser_snapshot")
            .expect("the snapshot tool");
        assert!(
            snapshot
                .input_schema
                .get("properties")
                .is_some_and(|p| p.get("goal").is_some()),
            "the proxy adds goal to the snapshot tool"
        );
        let goal = json!({"goal": "read the comments on this story"});
        let ask = || {
            call("browser_snapshot").with_arguments(goal.as_object().cloned().unwrap_or_default())
        };
        let first = text(&running.call_tool(ask()).await.expect("a result"));
        assert!(first.contains("chosen by the model"), "{first}");
        assert!(
            first.contains("[ref=e125]") && !first.contains("e31337"),
            "{first}"
        );
        let sent = model.requests();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].body["model"], "picker");
        let second = text(&running.call_tool(ask()).await.expect("a result"));
        assert!(second.contains("# goal digest"), "{second}");
        assert!(!second.contains("chosen by the model"), "{second}");
        running.cancel().await.expect("the proxy stops");
    });
}

#[test]
fn a_server_cannot_make_the_proxy_read_files_outside_its_output_folder() {
    let dir = std::env::temp_dir().join(format!("mcp-lean-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("out")).expect("a temp folder");
    let secret = "- button \"SECRET-6f1d\" [ref=e66]\n";
    std::fs::write(dir.join("secret.yml"), secret).expect("write");
    std::fs::write(dir.join("out/page.yml"), "- button \"Go\" [ref=e1]\n").expect("write");
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("secret.yml"), dir.join("out/link.yml")).expect("symlink");
    let out = dir.join("out");
    let out = out.to_str().expect("utf-8");
    runtime().block_on(async {
        let (running, _) = connect_with(&["--profile", "playwright"], &["--output-dir", out]).await;
        let click = |link: String| {
            let args = json!({"link": link}).as_object().cloned().expect("object");
            let peer = running.peer().clone();
            async move {
                let result = peer
                    .call_tool(call("browser_click").with_arguments(args))
                    .await
                    .expect("answered");
                serde_json::to_string(&result).expect("serializes")
            }
        };
        let inlined = click(format!("{out}/page.yml")).await;
        assert!(inlined.contains("[ref=e1]"), "{inlined}");
        let secret_path = dir.join("secret.yml").display().to_string();
        for link in [
            secret_path.clone(),
            format!("{out}/../secret.yml"),
            format!("{out}/link.yml"),
            "/etc/passwd".to_owned(),
        ] {
            let answer = click(link.clone()).await;
            assert!(!answer.contains("SECRET-6f1d"), "{link}: {answer}");
            assert!(
                answer.contains("The proxy did not read this file"),
                "{link}: {answer}"
            );
        }
    });
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_cap_and_tool_patterns_stop_the_proxy_at_once() {
    for (args, says) in [
        (
            vec!["--max-result-tokens", "10"],
            "10 is not in 2000..=10000000",
        ),
        (vec!["--exclude-tools", "a b"], "which no tool name has"),
        (
            vec!["--tools", ""],
            "give a tool name or glob of 1 to 128 chars",
        ),
    ] {
        let mut all = vec!["proxy"];
        all.extend(&args);
        all.extend(["--", "node", "-e", "0"]);
        let out = crate::run(&all, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn excluded_tools_are_hidden_refused_and_the_tool_list_is_counted_once() {
    let stats = std::env::temp_dir().join(format!("mcp-lean-list-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&stats);
    let stats_arg = stats.display().to_string();
    runtime().block_on(async {
        let (running, _) = connect(&["--exclude-tools", "hang,d*", "--stats", &stats_arg]).await;
        for _ in 0..2 {
            let tools = running.peer().list_all_tools().await.expect("listed");
            let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
            assert!(
                !names.contains(&"hang") && !names.contains(&"die"),
                "{names:?}"
            );
            assert!(
                names.contains(&"slow") && names.contains(&"confirm_output"),
                "{names:?}"
            );
        }
        let refused = running
            .peer()
            .call_tool(call("die"))
            .await
            .expect("answered by the proxy");
        assert_eq!(refused.is_error, Some(true));
        assert!(
            text(&refused).starts_with("the tool die is excluded by the proxy's configuration"),
            "{}",
            text(&refused)
        );
        // The server is still there: the call never reached it.
        let echo = running
            .peer()
            .call_tool(call("garbage"))
            .await
            .expect("answers");
        assert_eq!(text(&echo), "after garbage");
        running.cancel().await.expect("closes");
    });
    let lines = std::fs::read_to_string(&stats).expect("stats written");
    let lists = lines
        .lines()
        .filter(|l| l.contains("\"tools-list\""))
        .count();
    assert_eq!(lists, 1, "{lines}");
    let out = crate::run(&["proxy-report", &stats_arg], None);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("tools/list, once per session: 1 sessions"),
        "{report}"
    );
    let _ = std::fs::remove_file(stats);
}

#[test]
fn llm_digest_in_the_proxy_pins_the_model_servers_own_certificate() {
    let pki = scripted_llm::TestPki::new();
    let (cert, tls) = pki.openssl_self_signed("model", "127.0.0.1", "IP:127.0.0.1");
    let model =
        scripted_llm::serve_with(vec![scripted_llm::chat(r#"{"refs": ["e125"]}"#)], Some(tls));
    let cert = cert.display().to_string();
    runtime().block_on(async {
        let (running, _) = connect(&[
            "--profile",
            "playwright",
            "--llm-url",
            &model.url,
            "--llm-model",
            "picker",
            "--ca-cert",
            &cert,
        ])
        .await;
        let goal = json!({"goal": "read the comments on this story"});
        let result = running
            .call_tool(
                call("browser_snapshot")
                    .with_arguments(goal.as_object().cloned().unwrap_or_default()),
            )
            .await
            .expect("a result");
        let first = text(&result);
        assert!(first.contains("chosen by the model"), "{first}");
        assert_eq!(model.requests().len(), 1);
        running.cancel().await.expect("the proxy stops");
    });
}
