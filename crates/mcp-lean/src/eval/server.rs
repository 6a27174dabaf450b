//! The MCP side of a live run: start (or reach) the server, list its tools, call them, and turn
//! what comes back into the text a model reads.

use std::collections::VecDeque;
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::model::CallToolRequestParams;
use rmcp::service::RunningService;
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::Value;
use tokio::io::AsyncBufReadExt;

/// Lines of the server's stderr kept to explain a failure.
const STDERR_LINES: usize = 20;

/// Where the server is.
#[derive(Debug, Clone)]
pub(crate) enum ServerSpec {
    /// A command to start, one process per run.
    Command(Vec<String>),
    /// A streamable HTTP endpoint, one session per run.
    Url(String),
}

impl ServerSpec {
    /// How the server is named in messages.
    pub(crate) fn describe(&self) -> String {
        match self {
            ServerSpec::Command(argv) => format!("the server {:?}", argv.join(" ")),
            ServerSpec::Url(url) => format!("the server at {url}"),
        }
    }
}

/// The last lines the server wrote on stderr.
#[derive(Debug, Clone, Default)]
struct StderrTail(Arc<Mutex<VecDeque<String>>>);

impl StderrTail {
    fn push(&self, line: String) {
        let mut lines = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if lines.len() == STDERR_LINES {
            lines.pop_front();
        }
        lines.push_back(line);
    }

    fn text(&self) -> String {
        let lines = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        lines.iter().cloned().collect::<Vec<_>>().join("\n")
    }
}

/// One session with the server; dropping it ends the session (and the process it started).
pub(crate) struct Session {
    service: RunningService<RoleClient, ()>,
    stderr: StderrTail,
    spec: ServerSpec,
}

/// What a tool call gave the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CallOutput {
    /// The text the model reads.
    pub(crate) text: String,
    /// Whether the tool or the protocol reported an error.
    pub(crate) is_error: bool,
}

impl Session {
    /// Starts the server (or opens a session at its URL) and completes `initialize`.
    ///
    /// # Errors
    ///
    /// A sentence naming the server, what failed, its last stderr lines and what to check.
    pub(crate) async fn open(spec: &ServerSpec) -> Result<Session, String> {
        let stderr = StderrTail::default();
        let service = match spec {
            ServerSpec::Command(argv) => {
                let Some((program, rest)) = argv.split_first() else {
                    return Err("give the server's command after --".to_owned());
                };
                let mut command = tokio::process::Command::new(program);
                command.args(rest);
                let (transport, pipe) = TokioChildProcess::builder(command)
                    .stderr(Stdio::piped())
                    .spawn()
                    .map_err(|e| {
                        format!(
                            "cannot start the server {program:?}: {e}; check the command after --"
                        )
                    })?;
                if let Some(pipe) = pipe {
                    let tail = stderr.clone();
                    tokio::spawn(async move {
                        let mut lines = tokio::io::BufReader::new(pipe).lines();
                        while let Ok(Some(line)) = lines.next_line().await {
                            tail.push(line);
                        }
                    });
                }
                ().serve(transport).await
            }
            ServerSpec::Url(url) => {
                ().serve(StreamableHttpClientTransport::from_uri(url.clone()))
                    .await
            }
        };
        let service = service.map_err(|e| {
            with_stderr(
                format!(
                    "{} did not initialize: {e}; check that it is an MCP server",
                    spec.describe()
                ),
                &stderr,
            )
        })?;
        Ok(Session {
            service,
            stderr,
            spec: spec.clone(),
        })
    }

    /// Every tool the server lists, as JSON objects (name, description, inputSchema, …).
    ///
    /// # Errors
    ///
    /// A sentence naming the server and what failed.
    pub(crate) async fn tools(&self) -> Result<Vec<Value>, String> {
        let tools = self.service.peer().list_all_tools().await.map_err(|e| {
            with_stderr(
                format!("{} failed tools/list: {e}", self.spec.describe()),
                &self.stderr,
            )
        })?;
        tools
            .iter()
            .map(|t| {
                serde_json::to_value(t).map_err(|e| format!("cannot read a tool definition: {e}"))
            })
            .collect()
    }

    /// Calls `name` with `arguments` (an object, or nothing); a protocol error or a time-out is
    /// an error result, as the model should see it.
    pub(crate) async fn call(&self, name: &str, arguments: &Value, limit: Duration) -> CallOutput {
        let mut params = CallToolRequestParams::new(name.to_owned());
        match arguments {
            Value::Object(map) => params = params.with_arguments(map.clone()),
            Value::Null => {}
            other => {
                return CallOutput {
                    text: format!(
                        "error: the arguments of {name} must be a JSON object, not {}; call it again with an object",
                        json_kind(other)
                    ),
                    is_error: true,
                };
            }
        }
        let call = self.service.peer().call_tool(params);
        match tokio::time::timeout(limit, call).await {
            Ok(Ok(result)) => match serde_json::to_value(&result) {
                Ok(value) => result_text(&value),
                Err(e) => CallOutput {
                    text: format!("error: the result of {name} cannot be read: {e}"),
                    is_error: true,
                },
            },
            Ok(Err(e)) => CallOutput {
                text: format!("error: {name} failed: {e}"),
                is_error: true,
            },
            Err(_) => CallOutput {
                text: format!(
                    "error: {name} did not answer within {} s",
                    limit.as_secs_f64().round()
                ),
                is_error: true,
            },
        }
    }

    /// Ends the session: closes the server's input, waits for it to exit, then signals it
    /// (rmcp's shutdown sequence, a few seconds at most).
    pub(crate) async fn close(self) {
        let _ = tokio::time::timeout(Duration::from_secs(15), self.service.cancel()).await;
    }
}

fn with_stderr(message: String, tail: &StderrTail) -> String {
    let text = tail.text();
    if text.trim().is_empty() {
        message
    } else {
        format!("{message}; its last messages on stderr:\n{text}")
    }
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The text of a `CallToolResult`: its text parts joined, other parts described, the
/// structured content when there is nothing else.
pub(crate) fn result_text(result: &Value) -> CallOutput {
    let is_error = result.get("isError").and_then(Value::as_bool) == Some(true);
    let mut parts = Vec::new();
    for block in result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let kind = block.get("type").and_then(Value::as_str).unwrap_or("");
        let part = match kind {
            "text" => block
                .get("text")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
            "image" | "audio" => {
                let mime = block
                    .get("mimeType")
                    .and_then(Value::as_str)
                    .unwrap_or("unknown type");
                let bytes = block
                    .get("data")
                    .and_then(Value::as_str)
                    .map_or(0, |d| d.len() / 4 * 3);
                format!("[{kind}: {mime}, about {bytes} bytes]")
            }
            "resource" => match block.pointer("/resource/text").and_then(Value::as_str) {
                Some(text) => text.to_owned(),
                None => format!(
                    "[resource {}]",
                    block
                        .pointer("/resource/uri")
                        .and_then(Value::as_str)
                        .unwrap_or("without uri")
                ),
            },
            "resource_link" => format!(
                "[link {}]",
                block.get("uri").and_then(Value::as_str).unwrap_or("")
            ),
            other => format!("[{other} content]"),
        };
        parts.push(part);
    }
    if parts.is_empty()
        && let Some(structured) = result.get("structuredContent")
    {
        parts.push(structured.to_string());
    }
    CallOutput {
        text: parts.join("\n"),
        is_error,
    }
}

#[cfg(test)]
mod tests;
