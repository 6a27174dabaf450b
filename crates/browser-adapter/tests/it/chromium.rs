//! End to end: the tools on a real headless Chromium (`/usr/bin/chromium`), on pages served
//! from 127.0.0.1 by the test.

use std::io::{Read, Write};
use std::net::TcpListener;

use browser_adapter::{Chromium, Session, call_tool};
use serde_json::{Value, json};

const HOME: &str = r#"<!doctype html><html><head><title>Test page</title></head><body>
<header><nav><a id="signin" href="/login">Sign in</a> <a href="/two">Next page</a></nav></header>
<main><h1>News</h1><p>Hello world</p>
<button id="toggle" onclick="this.textContent = this.textContent === 'Show comments' ? 'Hide comments' : 'Show comments'; const c = document.getElementById('c'); c.hidden = !c.hidden;">Show comments</button>
<ul id="c" hidden><li>First comment</li><li>Second comment</li></ul>
<form><label>Email <input id="email" type="email"></label><label><input type="checkbox" checked> Remember me</label></form>
</main></body></html>"#;

const TWO: &str = "<!doctype html><html><head><title>Second</title></head><body><h1>Second page</h1><p>Items: <span>a</span>, <span>b</span></p></body></html>";

/// Serves HOME at / and TWO at /two on 127.0.0.1, on a thread, for the life of the test.
fn serve() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let addr = listener.local_addr().expect("local addr");
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut buf = [0u8; 4096];
            let n = stream.read(&mut buf).unwrap_or(0);
            let request = String::from_utf8_lossy(&buf[..n]);
            let path = request.split_whitespace().nth(1).unwrap_or("/");
            let body = if path == "/two" { TWO } else { HOME };
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    format!("http://{addr}")
}

async fn call(s: &mut Session, page: &Chromium, tool: &str, args: Value) -> Value {
    let result = call_tool(s, page, tool, &args).await;
    let tools = tool_schema::parse_tools(&browser_adapter::tools_list()).expect("tool list");
    let def = tools
        .iter()
        .find(|t| t.name() == Some(tool))
        .expect("a tool");
    let findings = tool_schema::check_result(def, &result);
    assert!(findings.is_empty(), "{tool}: {result:#} {findings:#?}");
    result
}

/// The ref on the first line of `snapshot` that contains `needle`.
#[track_caller]
fn ref_of_line<'a>(snapshot: &'a str, needle: &str) -> &'a str {
    snapshot
        .lines()
        .find(|l| l.contains(needle))
        .and_then(|l| l.split("[ref=").nth(1))
        .and_then(|t| t.split(']').next())
        .unwrap_or_else(|| panic!("no {needle} with a ref in:\n{snapshot}"))
}

fn ok(r: &Value) -> &Value {
    assert_eq!(r["isError"], false, "{r:#}");
    &r["structuredContent"]
}

fn err(r: &Value) -> &str {
    assert_eq!(r["isError"], true, "{r:#}");
    r["content"][0]["text"].as_str().unwrap_or_default()
}

#[test]
fn tools_on_real_chromium() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(scenario());
}

/// One browser for every step: launching Chromium is the slow part on a small machine.
async fn scenario() {
    let base = serve();
    let page = Chromium::launch()
        .await
        .expect("chromium at /usr/bin/chromium");
    page.goto(&format!("{base}/")).await.expect("home page");
    let mut s = Session::new().expect("session");

    // A small result passes unchanged.
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "document.title"}),
    )
    .await;
    assert_eq!(ok(&r)["text"], "\"Test page\"");
    assert_eq!(ok(&r)["truncated"], false);

    // A large one is previewed; its token redeems the full output exactly once.
    let script = "Array.from({length: 2000}, (_, i) => ({id: i, name: 'row ' + i}))";
    let r = call(&mut s, &page, "evaluate", json!({"script": script})).await;
    let out = ok(&r);
    assert_eq!(out["truncated"], true);
    let token = out["confirmToken"].as_str().expect("token").to_owned();
    let rows: Vec<Value> = (0..2000)
        .map(|i| json!({"id": i, "name": format!("row {i}")}))
        .collect();
    let full = call(&mut s, &page, "confirm_output", json!({"token": token})).await;
    assert_eq!(ok(&full)["text"], Value::from(rows).to_string());
    let again = call(&mut s, &page, "confirm_output", json!({"token": token})).await;
    assert!(err(&again).contains("already"), "{again:#}");

    // A defined function survives a navigation and is called with arguments.
    let r = call(&mut s, &page, "eval_define_function", json!({"name": "texts", "source": "(sel) => [...document.querySelectorAll(sel)].map(e => e.textContent)"})).await;
    ok(&r);
    let r = call(
        &mut s,
        &page,
        "eval_call_function",
        json!({"name": "texts", "args": ["h1"]}),
    )
    .await;
    assert_eq!(ok(&r)["text"], "[\"News\"]");
    page.goto(&format!("{base}/two"))
        .await
        .expect("second page");
    let r = call(
        &mut s,
        &page,
        "eval_call_function",
        json!({"name": "texts", "args": ["span"]}),
    )
    .await;
    assert_eq!(ok(&r)["text"], "[\"a\",\"b\"]");

    // A hostile name is refused.
    let r = call(
        &mut s,
        &page,
        "eval_define_function",
        json!({"name": "__proto__", "source": "() => 1"}),
    )
    .await;
    assert!(err(&r).contains("reserved"), "{r:#}");
    let r = call(
        &mut s,
        &page,
        "eval_define_function",
        json!({"name": "x\"]=1;alert(1)//", "source": "() => 1"}),
    )
    .await;
    assert!(err(&r).contains("invalid function name"), "{r:#}");

    // An endless loop returns the timeout message, and the next call works.
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "while (true) {}", "timeoutMs": 500}),
    )
    .await;
    assert!(
        err(&r).starts_with("script timed out after 500 ms and was stopped"),
        "{r:#}"
    );
    let r = call(&mut s, &page, "evaluate", json!({"script": "1 + 1"})).await;
    assert_eq!(ok(&r)["text"], "2");

    // A goal snapshot holds the target's ref, and the ref resolves to that DOM node.
    page.goto(&format!("{base}/")).await.expect("home again");
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "const e = document.getElementById('email'); e.value = 'me@example.com'; e.focus()"}),
    )
    .await;
    ok(&r);
    let r = call(&mut s, &page, "snapshot", json!({"full": true})).await;
    let raw = ok(&r)["text"].as_str().unwrap_or_default().to_owned();
    // The focused field is [active] and its value is its text, as in Playwright's AI mode.
    let email = raw
        .lines()
        .find(|l| l.contains("textbox \"Email\""))
        .unwrap_or_else(|| panic!("no email field in {raw}"));
    assert!(
        email.contains("[active] [ref=e") && email.ends_with("]: me@example.com"),
        "{email}"
    );
    assert!(raw.contains("- heading \"News\" [level=1] [ref=e"), "{raw}");
    assert!(
        raw.contains("- checkbox \"Remember me\" [checked] [ref=e"),
        "{raw}"
    );
    assert!(snapshot_digest::parse(&raw).is_ok(), "{raw}");
    let r = call(&mut s, &page, "snapshot", json!({"goal": "sign in"})).await;
    let text = ok(&r)["text"].as_str().unwrap_or_default().to_owned();
    let aria_ref = ref_of_line(&text, "link \"Sign in\"");
    let id = page
        .call_on_ref(aria_ref, "function () { return this.id; }")
        .await
        .expect("ref resolves");
    assert_eq!(id, "signin");

    // A diff after a click shows the change.
    let button_ref = ref_of_line(&raw, "button \"Show comments\"");
    page.call_on_ref(button_ref, "function () { this.click(); }")
        .await
        .expect("click");
    let r = call(&mut s, &page, "snapshot", json!({"since_last": true})).await;
    let out = ok(&r);
    assert_eq!(out["mode"], "diff");
    let diff = out["text"].as_str().unwrap_or_default();
    assert!(
        diff.contains("Hide comments") && diff.contains("First comment"),
        "{diff}"
    );
    assert!(diff.contains("[unchanged]"), "{diff}");
    assert!(
        diff.contains("<changed> button \"Hide comments\""),
        "{diff}"
    );

    page.close().await.expect("close");
}

#[test]
fn a_missing_browser_is_a_launch_error() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let missing = std::path::Path::new("/nonexistent/chromium");
    let error = runtime
        .block_on(Chromium::launch_with(missing))
        .expect_err("no browser there");
    assert!(
        matches!(&error, browser_adapter::Error::Launch { executable, .. } if executable == missing),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("cannot start the browser at /nonexistent/chromium: "),
        "{error}"
    );
}
