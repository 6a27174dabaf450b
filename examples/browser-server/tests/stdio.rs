//! The example server driven end to end by rmcp's client over stdio: the server process is the
//! binary of this package, the browser a real headless Chromium, the pages served from
//! 127.0.0.1 by the test.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::process::Stdio;

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ServiceExt, model::Tool};
use serde_json::{Value, json};

const SERVER: &str = env!("CARGO_BIN_EXE_browser-mcp-server");

/// The pages, by path.
fn page(path: &str) -> &'static str {
    match path {
        "/articles" => {
            "<!doctype html><title>Articles</title><main><h1>Articles</h1><ul><li><a href=\"/a/1\">First</a></li><li><a href=\"/a/2\">Second</a></li></ul></main>"
        }
        _ => {
            "<!doctype html><title>Shop</title><header><nav><a href=\"/login\">Sign in</a></nav></header><main><h1>Kettles</h1><p>A fine kettle.</p><button>Add to basket</button></main>"
        }
    }
}

/// Answers every request on a thread for the life of the test; returns the base URL.
fn start_site() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
    let base = format!("http://{}", listener.local_addr().expect("its address"));
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let mut request_line = String::new();
            let _ = BufReader::new(&stream).read_line(&mut request_line);
            let body = page(request_line.split(' ').nth(1).unwrap_or("/"));
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(body.as_bytes());
        }
    });
    base
}

type Client = RunningService<RoleClient, ()>;

/// Starts the server with `args` and connects; also returns the server's process id.
async fn connect(args: &[&str]) -> (Client, u32) {
    let mut command = tokio::process::Command::new(SERVER);
    command.args(args).stderr(Stdio::inherit());
    let transport = TokioChildProcess::new(command).expect("the server starts");
    let pid = transport.id().expect("a running process");
    (().serve(transport).await.expect("initialize"), pid)
}

/// The browser profiles a server process has left in the temporary folder.
fn profiles_of(pid: u32) -> Vec<String> {
    let prefix = format!("browser-adapter-{pid}-");
    std::fs::read_dir(std::env::temp_dir())
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| name.starts_with(&prefix))
        .collect()
}

/// Stops the server and checks that it took its browser and profile with it.
async fn stop(client: Client, pid: u32) {
    client.cancel().await.expect("the server stops");
    for _ in 0..100 {
        if !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        profiles_of(pid),
        Vec::<String>::new(),
        "profiles left behind"
    );
}

async fn call(client: &Client, tools: &[Value], name: &str, args: Value) -> Value {
    let mut params = CallToolRequestParams::new(name.to_owned());
    if let Value::Object(map) = args {
        params = params.with_arguments(map);
    }
    let result: CallToolResult = client.call_tool(params).await.expect("tools/call answers");
    let result = serde_json::to_value(result).expect("serializes");
    // Every answer conforms to the definition the client was given.
    let defs = tool_schema::parse_tools(&Value::from(tools.to_vec())).expect("definitions");
    if let Some(def) = defs.iter().find(|t| t.name() == Some(name)) {
        let findings = tool_schema::check_result(def, &result);
        assert!(findings.is_empty(), "{name}: {result:#} {findings:#?}");
    }
    result
}

fn text_of(result: &Value) -> &str {
    result["structuredContent"]["text"]
        .as_str()
        .unwrap_or_default()
}

async fn listed(client: &Client) -> Vec<Value> {
    let tools: Vec<Tool> = client.list_all_tools().await.expect("tools/list");
    tools
        .iter()
        .map(|t| serde_json::to_value(t).expect("serializes"))
        .collect()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

#[test]
fn an_rmcp_client_lists_lint_clean_tools_and_calls_them() {
    runtime().block_on(async {
        let base = start_site();
        let (client, pid) = connect(&[&format!("{base}/")]).await;
        let info = client.peer_info().expect("server info");
        let server = info.server_info.as_ref().expect("server info");
        assert_eq!(server.name, "browser-mcp-server");

        let tools = listed(&client).await;
        let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
        let mut expected = browser_adapter::TOOL_NAMES.to_vec();
        expected.push("navigate");
        assert_eq!(names, expected);
        let report = tool_schema::lint_value(
            &json!({ "tools": tools }),
            &tool_schema::Config::default(),
        )
        .expect("a tool list");
        assert!(
            report.findings().is_empty(),
            "{}",
            report.to_text("browser-mcp-server")
        );

        // The first call starts the browser on the start URL.
        let r = call(&client, &tools, "evaluate", json!({"script": "document.title"})).await;
        assert_eq!(r["isError"], false, "{r:#}");
        assert_eq!(text_of(&r), "\"Shop\"");

        let r = call(&client, &tools, "snapshot", json!({"goal": "add the kettle to my basket"})).await;
        assert_eq!(r["structuredContent"]["mode"], "goal", "{r:#}");
        assert!(
            text_of(&r).contains("button \"Add to basket\" [ref=e"),
            "{r:#}"
        );

        let r = call(&client, &tools, "navigate", json!({"url": format!("{base}/articles")})).await;
        assert_eq!(r["structuredContent"]["title"], "Articles", "{r:#}");
        assert_eq!(r["structuredContent"]["url"], format!("{base}/articles"));

        let r = call(&client, &tools, "eval_define_function", json!({"name": "linkTexts", "source": "(sel) => [...document.querySelectorAll(sel)].map((a) => a.textContent)"})).await;
        assert_eq!(r["isError"], false, "{r:#}");
        let r = call(&client, &tools, "eval_call_function", json!({"name": "linkTexts", "args": ["li a"]})).await;
        assert_eq!(text_of(&r), r#"["First","Second"]"#, "{r:#}");

        // Failures reach the model as isError results, not protocol errors.
        let r = call(&client, &tools, "navigate", json!({"url": "javascript:alert(1)"})).await;
        assert_eq!(r["isError"], true, "{r:#}");
        let r = call(&client, &tools, "click", json!({})).await;
        assert_eq!(r["isError"], true, "{r:#}");
        assert!(r["content"][0]["text"].as_str().unwrap_or_default().contains("unknown tool \"click\""));

        stop(client, pid).await;
    });
}

#[test]
fn tools_list_needs_no_browser_and_a_missing_one_is_reported() {
    runtime().block_on(async {
        let (client, pid) = connect(&["--chromium", "/nonexistent/chromium"]).await;
        let tools = listed(&client).await;
        assert_eq!(tools.len(), 7);
        let r = call(&client, &tools, "snapshot", json!({})).await;
        assert_eq!(r["isError"], true, "{r:#}");
        let message = r["content"][0]["text"].as_str().unwrap_or_default();
        assert!(
            message.starts_with("cannot start the browser at /nonexistent/chromium: "),
            "{message}"
        );
        stop(client, pid).await;
    });
}

#[test]
fn bad_usage_exits_with_status_2() {
    let out = std::process::Command::new(SERVER)
        .arg("--port")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown option \"--port\""));
}
