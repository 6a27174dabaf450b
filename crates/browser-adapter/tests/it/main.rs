//! Integration tests of browser-adapter: the tools against a page whose scripts run in real
//! `node`.

#[cfg(feature = "chromium")]
mod chromium;
mod lint;
mod node_page;
#[cfg(feature = "rmcp")]
mod rmcp;
mod tools;

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use browser_adapter::{Session, call_tool};
use serde_json::Value;

use node_page::NodePage;

/// Runs a future that never waits on anything outside itself (the node page blocks instead
/// of yielding), so no runtime is needed.
#[track_caller]
fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}

/// Calls a tool and checks the result against its definition with tool-schema
/// (structuredContent conforms to outputSchema, text mirror, actionable errors).
#[track_caller]
fn call(session: &mut Session, page: &NodePage, tool: &str, args: Value) -> Value {
    let result = block_on(call_tool(session, page, tool, &args));
    let tools = tool_schema::parse_tools(&browser_adapter::tools_list()).expect("our tool list");
    if let Some(def) = tools.iter().find(|t| t.name() == Some(tool)) {
        let findings = tool_schema::check_result(def, &result);
        assert!(
            findings.is_empty(),
            "{tool} result {result:#} has findings: {findings:#?}"
        );
    }
    result
}

/// The message of an `isError` result; fails the test on success.
#[track_caller]
fn error_text(result: &Value) -> &str {
    assert_eq!(result["isError"], true, "expected an error, got {result:#}");
    result["content"][0]["text"].as_str().unwrap_or_default()
}

/// The structured content of a successful result; fails the test on an error.
#[track_caller]
fn structured(result: &Value) -> &Value {
    assert_eq!(result["isError"], false, "expected success, got {result:#}");
    &result["structuredContent"]
}
