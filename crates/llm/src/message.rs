//! What goes to the model and what comes back, in the chat-completions wire format.

use serde_json::{Map, Value, json};

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Instructions.
    System(String),
    /// What the user says.
    User(String),
    /// What the model said before: text, tool calls, or both.
    Assistant {
        /// Its text, if any.
        content: Option<String>,
        /// The tools it called.
        tool_calls: Vec<ToolCall>,
    },
    /// The result of one tool call, answering the call with this id.
    Tool {
        /// The [`ToolCall::id`] it answers.
        call_id: String,
        /// The result, as text.
        content: String,
    },
}

impl Message {
    /// A system message.
    pub fn system(text: impl Into<String>) -> Message {
        Message::System(text.into())
    }

    /// A user message.
    pub fn user(text: impl Into<String>) -> Message {
        Message::User(text.into())
    }

    fn to_json(&self) -> Value {
        match self {
            Message::System(text) => json!({"role": "system", "content": text}),
            Message::User(text) => json!({"role": "user", "content": text}),
            Message::Assistant {
                content,
                tool_calls,
            } => {
                let mut m = json!({"role": "assistant", "content": content});
                if !tool_calls.is_empty() {
                    m["tool_calls"] = tool_calls
                        .iter()
                        .map(|c| {
                            json!({"id": c.id, "type": "function",
                                "function": {"name": c.name, "arguments": c.arguments}})
                        })
                        .collect();
                }
                m
            }
            Message::Tool { call_id, content } => {
                json!({"role": "tool", "tool_call_id": call_id, "content": content})
            }
        }
    }
}

/// A tool the model may call: a function with a JSON Schema for its arguments (an MCP
/// tool's `inputSchema` fits as is).
#[derive(Debug, Clone, PartialEq)]
pub struct Tool {
    /// Its name.
    pub name: String,
    /// What it does, for the model.
    pub description: String,
    /// JSON Schema of its arguments (an object schema).
    pub parameters: Value,
}

/// A tool call the model asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCall {
    /// The id a [`Message::Tool`] answers it with.
    pub id: String,
    /// The tool's name.
    pub name: String,
    /// The arguments as the model wrote them: JSON text, not checked.
    pub arguments: String,
}

/// A JSON schema the answer must follow (`response_format` `json_schema`, strict).
#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    /// A name for it (letters, digits, `_` and `-`).
    pub name: String,
    /// The schema; strict mode wants every object closed and every property required.
    pub schema: Value,
}

/// One request: the conversation, the tools the model may call, the answer's schema.
///
/// # Example
///
/// ```
/// use mcp_lean_llm::{Message, Request, Schema};
/// let mut request = Request::new(vec![Message::system("Answer in JSON."), Message::user("2+2?")]);
/// request.schema = Some(Schema {
///     name: "sum".to_owned(),
///     schema: serde_json::json!({"type": "object", "additionalProperties": false,
///         "required": ["value"], "properties": {"value": {"type": "number"}}}),
/// });
/// assert_eq!(request.messages.len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Request {
    /// The conversation so far.
    pub messages: Vec<Message>,
    /// Tools the model may call (none by default).
    pub tools: Vec<Tool>,
    /// The schema of a JSON answer, if one is wanted. Servers that reject it are asked again
    /// in JSON mode, then in plain text, so the caller still checks what comes back.
    pub schema: Option<Schema>,
    /// Most tokens the answer may have (`max_tokens`; the server's default when `None`).
    pub max_tokens: Option<u32>,
    /// When the caller stops waiting: no attempt starts after it, each attempt's time limit
    /// is cut to it, and so is the wait before a retry. `None`: only [`Config::timeout`]
    /// per attempt.
    ///
    /// [`Config::timeout`]: crate::config::Config::timeout
    pub deadline: Option<std::time::Instant>,
}

impl Request {
    /// A request with these messages, no tools and no schema.
    #[must_use]
    pub fn new(messages: Vec<Message>) -> Request {
        Request {
            messages,
            ..Request::default()
        }
    }
}

/// Token counts the server reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Usage {
    /// Tokens of the request.
    pub prompt_tokens: u64,
    /// Tokens of the answer.
    pub completion_tokens: u64,
    /// Their sum as the server gives it (or computed when it gives none).
    pub total_tokens: u64,
}

impl Usage {
    /// Adds another answer's usage.
    pub fn add(&mut self, other: Usage) {
        self.prompt_tokens += other.prompt_tokens;
        self.completion_tokens += other.completion_tokens;
        self.total_tokens += other.total_tokens;
    }

    fn from_json(usage: Option<&Value>) -> Usage {
        let get = |k: &str| {
            usage
                .and_then(|u| u.get(k))
                .and_then(Value::as_u64)
                .unwrap_or(0)
        };
        let (prompt_tokens, completion_tokens) = (get("prompt_tokens"), get("completion_tokens"));
        let total = get("total_tokens");
        Usage {
            prompt_tokens,
            completion_tokens,
            total_tokens: if total == 0 {
                prompt_tokens + completion_tokens
            } else {
                total
            },
        }
    }
}

/// The model's answer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Completion {
    /// Its text, if any.
    pub content: Option<String>,
    /// The tools it called, in order.
    pub tool_calls: Vec<ToolCall>,
    /// Why it stopped (`stop`, `tool_calls`, `length`, …), as the server says.
    pub finish_reason: Option<String>,
    /// Tokens of this answer.
    pub usage: Usage,
    /// Tokens of every answer received for this request, the unusable ones included.
    pub total_usage: Usage,
    /// Requests made for it, the retries and simpler forms included.
    pub requests: u32,
}

impl Completion {
    /// The answer as a message to append to the conversation.
    #[must_use]
    pub fn to_message(&self) -> Message {
        Message::Assistant {
            content: self.content.clone(),
            tool_calls: self.tool_calls.clone(),
        }
    }
}

/// How the answer's format is asked for: the schema, plain JSON mode, then nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Schema,
    JsonObject,
    Plain,
}

/// The request body.
pub(crate) fn body(
    request: &Request,
    model: &str,
    format: Format,
    temperature: Option<f64>,
    seed: Option<u64>,
) -> Value {
    let mut body = Map::new();
    body.insert("model".into(), json!(model));
    body.insert(
        "messages".into(),
        request.messages.iter().map(Message::to_json).collect(),
    );
    if !request.tools.is_empty() {
        body.insert(
            "tools".into(),
            request
                .tools
                .iter()
                .map(|t| {
                    json!({"type": "function", "function": {
                        "name": t.name, "description": t.description, "parameters": t.parameters}})
                })
                .collect(),
        );
    }
    if let Some(t) = temperature {
        body.insert("temperature".into(), json!(t));
    }
    if let Some(seed) = seed {
        body.insert("seed".into(), json!(seed));
    }
    if let Some(max) = request.max_tokens {
        body.insert("max_tokens".into(), json!(max));
    }
    match (&request.schema, format) {
        (Some(s), Format::Schema) => {
            body.insert(
                "response_format".into(),
                json!({"type": "json_schema",
                    "json_schema": {"name": s.name, "strict": true, "schema": s.schema}}),
            );
        }
        (Some(_), Format::JsonObject) => {
            body.insert("response_format".into(), json!({"type": "json_object"}));
        }
        _ => {}
    }
    Value::Object(body)
}

/// What a 2xx answer holds: a completion, a refusal, or why it is unusable.
pub(crate) enum Answer {
    Completion(Completion),
    Refusal(String),
    Unusable(String, Usage),
}

/// Reads a chat-completions answer body.
pub(crate) fn read_answer(body: &Value) -> Answer {
    let usage = Usage::from_json(body.get("usage"));
    let Some(message) = body.pointer("/choices/0/message") else {
        let why = match body.pointer("/error/message").and_then(Value::as_str) {
            Some(e) => format!("the answer is an error: {e}"),
            None => "the answer has no choices[0].message".to_owned(),
        };
        return Answer::Unusable(why, usage);
    };
    if let Some(refusal) = message.get("refusal").and_then(Value::as_str) {
        return Answer::Refusal(refusal.to_owned());
    }
    let mut tool_calls = Vec::new();
    for (i, call) in message
        .get("tool_calls")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let Some(name) = call.pointer("/function/name").and_then(Value::as_str) else {
            return Answer::Unusable(format!("tool call {i} has no function name"), usage);
        };
        // Some servers send the arguments as an object, not as JSON text.
        let arguments = match call.pointer("/function/arguments") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Null) | None => "{}".to_owned(),
            Some(other) => other.to_string(),
        };
        let id = call
            .get("id")
            .and_then(Value::as_str)
            .map_or_else(|| format!("call_{i}"), str::to_owned);
        tool_calls.push(ToolCall {
            id,
            name: name.to_owned(),
            arguments,
        });
    }
    let content = message
        .get("content")
        .and_then(Value::as_str)
        .map(str::to_owned);
    if content.is_none() && tool_calls.is_empty() {
        return Answer::Unusable(
            "the answer has no content and no tool call".to_owned(),
            usage,
        );
    }
    Answer::Completion(Completion {
        content,
        tool_calls,
        finish_reason: body
            .pointer("/choices/0/finish_reason")
            .and_then(Value::as_str)
            .map(str::to_owned),
        usage,
        total_usage: usage,
        requests: 0,
    })
}

#[cfg(test)]
mod tests;
