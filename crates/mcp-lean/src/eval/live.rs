//! The live agent: a chat model with an MCP server's tools, one fresh server session per run.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mcp_eval_core::runner::AgentError;
use mcp_eval_core::{
    Agent, CallResult, CancelToken, RunStats, StopReason, Task, ToolCall, Trajectory,
};
use mcp_lean_llm::{Client, Message, Request, Tool, one_line};
use serde_json::Value;
use snapshot_digest::estimate_tokens;

use super::server::{CallOutput, ServerSpec, Session};

/// What the model is told before the task.
const SYSTEM_PROMPT: &str = "You are an agent that completes the user's task with the tools \
you are given; they act on a live system. Work step by step: call a tool, read its result, \
decide the next step. When the task is done, or cannot be done, stop calling tools and answer \
with a short final message that says what you did and gives what the user asked for.";

/// Limits and prices of live runs.
#[derive(Debug, Clone)]
pub(crate) struct Limits {
    /// Most model requests per run.
    pub(crate) steps: u32,
    /// Most prompt plus completion tokens per run, as the API reports them.
    pub(crate) tokens: u64,
    /// Time limit of one tool call.
    pub(crate) tool_timeout: Duration,
    /// US dollars per million prompt and completion tokens, when given.
    pub(crate) prices: Option<(f64, f64)>,
}

/// An [`Agent`] that runs each task with a model and a fresh session of the server.
pub(crate) struct LiveAgent {
    server: ServerSpec,
    client: Arc<Client>,
    limits: Limits,
    /// Threads closing the sessions of finished runs.
    closers: Mutex<Vec<std::thread::JoinHandle<()>>>,
}

impl LiveAgent {
    pub(crate) fn new(server: ServerSpec, client: Client, limits: Limits) -> LiveAgent {
        LiveAgent {
            server,
            client: Arc::new(client),
            limits,
            closers: Mutex::new(Vec::new()),
        }
    }

    /// Runs the task on a fresh session; the session comes back too, for the caller to close.
    async fn run_async(
        &self,
        task: &Task,
        deadline: Instant,
    ) -> (Result<Trajectory, AgentError>, Option<Session>) {
        let started = Instant::now();
        let opened = tokio::time::timeout_at(deadline.into(), Session::open(&self.server)).await;
        let session = match opened {
            Ok(Ok(session)) => session,
            Ok(Err(e)) => return (Err(AgentError(e)), None),
            Err(_) => {
                let e = format!(
                    "{} did not start within the run's time limit",
                    self.server.describe()
                );
                return (Err(AgentError(e)), None);
            }
        };
        let mut outcome = self.drive(&session, task, deadline).await;
        if let Ok(Trajectory {
            stats: Some(stats), ..
        }) = &mut outcome
        {
            stats.wall_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        }
        (outcome, Some(session))
    }

    /// Waits until every server session of finished runs is closed (servers get a graceful
    /// shutdown: a browser server closes its browser).
    pub(crate) fn finish(&self) {
        let closers = std::mem::take(
            &mut *self
                .closers
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        for closer in closers {
            let _ = closer.join();
        }
    }

    async fn drive(
        &self,
        session: &Session,
        task: &Task,
        deadline: Instant,
    ) -> Result<Trajectory, AgentError> {
        let left = || deadline.saturating_duration_since(Instant::now());
        let tools = session.tools().await.map_err(AgentError)?;
        let (model_tools, names) = model_tools(&tools);
        let mut prompt = task.scenario.prompt.clone();
        if let Some(url) = &task.start_url {
            match navigate_tool(&tools) {
                Some(navigate) => {
                    let args = serde_json::json!({ "url": url });
                    let out = session
                        .call(navigate, &args, left().min(self.limits.tool_timeout))
                        .await;
                    if out.is_error {
                        return Err(AgentError(format!(
                            "cannot open the start page {url} with {navigate}: {}",
                            one_line(&out.text, 300)
                        )));
                    }
                    prompt.push_str(&format!("\n\n(The browser shows {url}.)"));
                }
                None => prompt.push_str(&format!("\n\n(Start at {url}.)")),
            }
        }
        let mut messages = vec![Message::system(SYSTEM_PROMPT), Message::user(prompt)];
        let mut stats = RunStats {
            model: self.client.config().model.clone(),
            ..RunStats::default()
        };
        let mut calls = Vec::new();
        let mut final_text = String::new();
        let stop = loop {
            if task.cancel.is_cancelled() {
                return Err(AgentError(format!(
                    "cancelled after {} step{}",
                    stats.steps,
                    if stats.steps == 1 { "" } else { "s" }
                )));
            }
            if stats.steps >= self.limits.steps {
                break StopReason::Steps;
            }
            if stats.prompt_tokens + stats.completion_tokens >= self.limits.tokens {
                break StopReason::Tokens;
            }
            if left().is_zero() {
                break StopReason::Time;
            }
            let mut request = Request::new(messages.clone());
            request.tools = model_tools.clone();
            request.deadline = Some(deadline);
            let client = Arc::clone(&self.client);
            let asked = tokio::task::spawn_blocking(move || client.complete(&request));
            // A request under way cannot be interrupted; on cancellation it is left to end on
            // its own (its deadline bounds it).
            let answer = tokio::select! {
                answer = asked => answer,
                () = cancelled(&task.cancel) => continue,
            };
            let completion = match answer {
                Ok(Ok(completion)) => completion,
                Ok(Err(_)) if left().is_zero() => break StopReason::Time,
                Ok(Err(e)) => {
                    return Err(AgentError(format!(
                        "the model failed at step {}: {e}",
                        stats.steps + 1
                    )));
                }
                Err(e) => return Err(AgentError(format!("the model request panicked: {e}"))),
            };
            stats.steps += 1;
            stats.prompt_tokens += completion.total_usage.prompt_tokens;
            stats.completion_tokens += completion.total_usage.completion_tokens;
            messages.push(completion.to_message());
            if completion.tool_calls.is_empty() {
                final_text = completion.content.unwrap_or_default();
                break StopReason::Answer;
            }
            for call in &completion.tool_calls {
                // A name the server does not have goes to the server as is: its error is what
                // the model should read, and the call counts as one to an unknown tool.
                let name = names.get(&call.name).unwrap_or(&call.name).clone();
                let (arguments, output, latency) = match parse_arguments(&call.arguments) {
                    Ok(arguments) => {
                        let begun = Instant::now();
                        let limit = left().min(self.limits.tool_timeout);
                        let output = tokio::select! {
                            output = session.call(&name, &arguments, limit) => output,
                            () = cancelled(&task.cancel) => CallOutput {
                                text: "error: the run was cancelled".to_owned(),
                                is_error: true,
                            },
                        };
                        (arguments, output, begun.elapsed())
                    }
                    Err(e) => (
                        Value::String(call.arguments.clone()),
                        CallOutput {
                            text: format!(
                                "error: the arguments are not valid JSON ({e}); call {name} again with a JSON object"
                            ),
                            is_error: true,
                        },
                        Duration::ZERO,
                    ),
                };
                let tokens = estimate_tokens(&output.text) as u64;
                stats.tool_output_tokens += tokens;
                messages.push(Message::Tool {
                    call_id: call.id.clone(),
                    content: output.text.clone(),
                });
                calls.push(ToolCall {
                    result: Some(CallResult {
                        text: output.text,
                        is_error: output.is_error,
                    }),
                    latency_ms: Some(u64::try_from(latency.as_millis()).unwrap_or(u64::MAX)),
                    tokens: Some(tokens),
                    ..ToolCall::new(&name, arguments)
                });
            }
        };
        stats.stop = Some(stop);
        stats.cost_usd = self.limits.prices.map(|(input, output)| {
            (stats.prompt_tokens as f64 * input + stats.completion_tokens as f64 * output) / 1e6
        });
        Ok(Trajectory {
            tool_calls: calls,
            final_text,
            stats: Some(stats),
        })
    }
}

impl Agent for LiveAgent {
    fn run(&self, task: &Task) -> Result<Trajectory, AgentError> {
        // Stop a little before the runner stops waiting, so the run ends with what it did
        // rather than as a time-out with nothing.
        let margin = (task.timeout / 10).min(Duration::from_secs(2));
        let deadline = Instant::now() + task.timeout.saturating_sub(margin);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| AgentError(format!("cannot start the async runtime: {e}")))?;
        let (outcome, session) = runtime.block_on(self.run_async(task, deadline));
        // Closing can take seconds (a server that ignores the end of its input gets SIGTERM
        // after a wait); the run's result does not wait for it, the end of the command does.
        let closer = std::thread::Builder::new()
            .name("eval-server-close".to_owned())
            .spawn(move || {
                if let Some(session) = session {
                    runtime.block_on(session.close());
                }
                // The server's stderr reader may still wait for a line; nobody needs it now.
                runtime.shutdown_background();
            });
        if let Ok(closer) = closer {
            self.closers
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(closer);
        }
        outcome
    }
}
/// Resolves once `cancel` is set. The token is a flag, so it is looked at every 100 ms.
async fn cancelled(cancel: &CancelToken) {
    while !cancel.is_cancelled() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The arguments a model wrote: a JSON object, or nothing at all.
fn parse_arguments(text: &str) -> Result<Value, String> {
    if text.trim().is_empty() {
        return Ok(Value::Object(serde_json::Map::new()));
    }
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The tools as the model sees them, and the server's name of each. Chat APIs accept
/// `[A-Za-z0-9_-]{1,64}` as function names; MCP allows more, so other names are rewritten.
fn model_tools(tools: &[Value]) -> (Vec<Tool>, HashMap<String, String>) {
    let mut out = Vec::new();
    let mut names = HashMap::new();
    for tool in tools {
        let Some(name) = tool.get("name").and_then(Value::as_str) else {
            continue;
        };
        let mut model_name: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .take(64)
            .collect();
        if model_name.is_empty() {
            model_name.push('_');
        }
        let mut n = 2;
        while names.contains_key(&model_name) {
            let suffix = format!("_{n}");
            model_name = model_name
                .chars()
                .take(64 - suffix.len())
                .collect::<String>()
                + &suffix;
            n += 1;
        }
        let parameters = match tool.get("inputSchema") {
            Some(schema @ Value::Object(_)) => schema.clone(),
            _ => serde_json::json!({"type": "object", "properties": {}}),
        };
        out.push(Tool {
            name: model_name.clone(),
            description: tool
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
            parameters,
        });
        names.insert(model_name, name.to_owned());
    }
    (out, names)
}

/// The tool that opens a URL: its name says navigate and it takes a `url`; the shortest such
/// name wins (`navigate` before `navigate_page_history`).
fn navigate_tool(tools: &[Value]) -> Option<&str> {
    tools
        .iter()
        .filter(|t| t.pointer("/inputSchema/properties/url").is_some())
        .filter_map(|t| t.get("name").and_then(Value::as_str))
        .filter(|name| name.to_ascii_lowercase().contains("navigate"))
        .min_by_key(|name| name.len())
}

#[cfg(test)]
mod tests;
