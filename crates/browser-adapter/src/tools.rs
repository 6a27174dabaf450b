//! The MCP tools: definitions as `tools/list` JSON and one async handler that answers a
//! `tools/call` with `CallToolResult` JSON.

mod args;
mod defs;
mod handlers;

use serde_json::{Value, json};

use crate::backend::BrowserBackend;
use crate::session::Session;
pub use crate::tool_names::TOOL_NAMES;

/// The tool definitions, one JSON object per tool in MCP's `Tool` shape: `name`, `title`,
/// `description` (what it returns and how errors show), `inputSchema` and `outputSchema`
/// (a description on every field, examples), `annotations`.
///
/// # Example
///
/// ```
/// let tools = browser_adapter::tool_definitions();
/// let names: Vec<_> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
/// assert_eq!(names, browser_adapter::TOOL_NAMES);
/// ```
#[must_use]
pub fn tool_definitions() -> Vec<Value> {
    defs::definitions().to_vec()
}

/// A `tools/list` result: `{"tools": [...]}` with [`tool_definitions`].
#[must_use]
pub fn tools_list() -> Value {
    json!({ "tools": tool_definitions() })
}

/// Answers one `tools/call`: runs the tool `name` with `arguments` (a JSON object, or `null`
/// for none) against `backend`, using and updating `session`, and returns MCP
/// `CallToolResult` JSON.
///
/// A successful result has `structuredContent` that conforms to the tool's `outputSchema`,
/// the same JSON serialized in one text content block, and `isError: false`. A failure the
/// model can act on (bad arguments, a script that threw or timed out, an unknown function or
/// token, an unknown tool name) has one text block with a message that says what to do, no
/// `structuredContent`, and `isError: true`. The function itself never fails or panics.
///
/// # Example
///
/// ```no_run
/// # async fn run(backend: &impl browser_adapter::BrowserBackend) -> Result<(), browser_adapter::Error> {
/// let mut session = browser_adapter::Session::new()?;
/// let args = serde_json::json!({"script": "document.title"});
/// let result = browser_adapter::call_tool(&mut session, backend, "evaluate", &args).await;
/// assert_eq!(result["isError"], false);
/// # Ok(())
/// # }
/// ```
pub async fn call_tool<B: BrowserBackend>(
    session: &mut Session,
    backend: &B,
    name: &str,
    arguments: &Value,
) -> Value {
    let Some(allowed) = defs::argument_names(name) else {
        return error_result(&format!(
            "unknown tool {name:?}; the tools are {}",
            TOOL_NAMES.join(", ")
        ));
    };
    let args = match args::Args::new(name, &allowed, arguments) {
        Ok(args) => args,
        Err(message) => return error_result(&message),
    };
    let outcome = match name {
        "evaluate" => handlers::evaluate(session, backend, &args).await,
        "eval_define_function" => handlers::define_function(session, backend, &args).await,
        "eval_call_function" => handlers::call_function(session, backend, &args).await,
        "eval_list_functions" => handlers::list_functions(session, &args),
        "snapshot" => handlers::snapshot(session, backend, &args).await,
        "confirm_output" => handlers::confirm_output(session, &args),
        _ => Err(format!(
            "tool {name:?} has a definition but no handler in browser-adapter; report it"
        )),
    };
    match outcome {
        Ok(structured) => success_result(structured),
        Err(message) => error_result(&message),
    }
}

/// A successful `CallToolResult` in the shape [`call_tool`] returns: `structured` as
/// `structuredContent`, the same JSON serialized in one text block (for clients that read only
/// text), and `isError: false`. For servers that add tools of their own beside these.
///
/// # Example
///
/// ```
/// let result = browser_adapter::success_result(serde_json::json!({"url": "https://example.com/"}));
/// assert_eq!(result["isError"], false);
/// assert_eq!(result["content"][0]["text"], r#"{"url":"https://example.com/"}"#);
/// ```
#[must_use]
pub fn success_result(structured: Value) -> Value {
    json!({
        "content": [{"type": "text", "text": structured.to_string()}],
        "structuredContent": structured,
        "isError": false
    })
}

/// A failed `CallToolResult` in the shape [`call_tool`] returns: one text block with
/// `message` and `isError: true`, as the MCP spec asks for errors the model should see and
/// correct (not a JSON-RPC error, which clients hide from the model).
///
/// # Example
///
/// ```
/// let result = browser_adapter::error_result("no page is open; call navigate first");
/// assert_eq!(result["isError"], true);
/// assert!(result.get("structuredContent").is_none());
/// ```
#[must_use]
pub fn error_result(message: &str) -> Value {
    json!({
        "content": [{"type": "text", "text": message}],
        "isError": true
    })
}
