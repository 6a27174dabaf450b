//! What the HTTP listener checks before a request reaches the MCP session: where it comes from
//! (`Origin`, against DNS rebinding, as the MCP transport specification asks), who sends it
//! (a bearer token), and that its body is one JSON-RPC message of a bounded size.

use serde_json::{Value, json};

use crate::proxy::caller::{Caller, constant_time_eq};

/// A request the listener turns away: the HTTP status, and a JSON-RPC error for its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub(crate) status: u16,
    pub(crate) code: i64,
    pub(crate) message: String,
    /// The id of the request refused, when it had one.
    pub(crate) id: Value,
}

impl Refusal {
    pub(crate) fn new(status: u16, code: i64, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            id: Value::Null,
        }
    }

    /// The response body: a JSON-RPC error.
    pub(crate) fn body(&self) -> String {
        json!({"jsonrpc": "2.0", "id": self.id, "error": {"code": self.code, "message": self.message}})
            .to_string()
    }
}

/// JSON-RPC's codes for a body that is not JSON, and for one that is not a request.
pub(crate) const PARSE_ERROR: i64 = -32_700;
pub(crate) const INVALID_REQUEST: i64 = -32_600;
/// The code of a refusal by the listener itself (origin, token, capacity).
pub(crate) const REFUSED: i64 = -32_000;
/// JSON-RPC's code for a method the server does not have.
pub(crate) const METHOD_NOT_FOUND: i64 = -32_601;

/// Methods the 2026-07-28 revision removed: a client of that revision that calls one gets
/// 404 and "method not found", as the revision requires, whatever the server behind supports.
const REMOVED_IN_2026: [&str; 5] = [
    "initialize",
    "ping",
    "logging/setLevel",
    "resources/subscribe",
    "resources/unsubscribe",
];

/// Who may talk to the listener.
#[derive(Debug, Clone, Default)]
pub(crate) struct Policy {
    /// Origins allowed besides the loopback ones, lowercase, without a trailing slash.
    origins: Vec<String>,
    /// The bearer tokens a request may carry, one per client, when any are set.
    tokens: Vec<String>,
}

/// The tokens of a token file: one a line, surrounding whitespace and a CR before the line
/// end ignored, blank lines skipped, repeats kept once.
///
/// # Errors
///
/// A message when the file holds no token, or a token is shorter than 16 chars or holds
/// whitespace.
pub(crate) fn parse_tokens(text: &str, file: &str) -> Result<Vec<String>, String> {
    let mut tokens: Vec<String> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let token = line.trim();
        if token.is_empty() {
            continue;
        }
        if token.len() < 16 || token.contains(char::is_whitespace) {
            return Err(format!(
                "the token on line {} of {file} is {} chars or holds whitespace; put one token a line, each one word of at least 16 chars, e.g. from `openssl rand -hex 32`",
                index + 1,
                token.len()
            ));
        }
        if !tokens.iter().any(|t| t == token) {
            tokens.push(token.to_owned());
        }
    }
    if tokens.is_empty() {
        return Err(format!(
            "{file} holds no token; put one token a line, each one word of at least 16 chars, e.g. from `openssl rand -hex 32`"
        ));
    }
    Ok(tokens)
}

impl Policy {
    /// A policy allowing loopback origins and `origins`, and requiring one of `tokens` when
    /// any are given.
    ///
    /// # Errors
    ///
    /// A message naming an origin that is not `scheme://host[:port]`.
    pub(crate) fn new(origins: &[String], tokens: Vec<String>) -> Result<Self, String> {
        let mut normalized = Vec::new();
        for origin in origins {
            let o = origin.trim().trim_end_matches('/').to_ascii_lowercase();
            let valid = ["http://", "https://"].iter().any(|scheme| {
                o.strip_prefix(scheme)
                    .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
            });
            if !valid {
                return Err(format!(
                    "--allow-origin {origin:?} is not an origin; give scheme, host and port as a browser sends them, e.g. https://app.example.com or http://localhost:3000"
                ));
            }
            normalized.push(o);
        }
        Ok(Self {
            origins: normalized,
            tokens,
        })
    }

    /// Whether a request with this `Origin` header may go on: no header (not a browser), a
    /// loopback origin, or one given with `--allow-origin`.
    pub(crate) fn origin_allowed(&self, origin: Option<&str>) -> bool {
        let Some(origin) = origin else {
            return true;
        };
        let o = origin.trim().trim_end_matches('/').to_ascii_lowercase();
        if self.origins.contains(&o) {
            return true;
        }
        let Some(rest) = o
            .strip_prefix("http://")
            .or_else(|| o.strip_prefix("https://"))
        else {
            return false;
        };
        let host = if let Some(bracketed) = rest.strip_prefix('[') {
            bracketed.split(']').next().unwrap_or("")
        } else {
            rest.split(':').next().unwrap_or("")
        };
        matches!(host, "localhost" | "127.0.0.1" | "::1")
    }

    /// Who sent a request with this `Authorization` header: [`Caller::Anyone`] when no token
    /// is set, the holder of the token it carries, or `None` when it carries none of them.
    /// Every token is compared, each in time that depends on the lengths only, so the time
    /// says nothing of which token came close.
    pub(crate) fn caller(&self, header: Option<&str>) -> Option<Caller> {
        if self.tokens.is_empty() {
            return Some(Caller::Anyone);
        }
        let given = header
            .and_then(|h| {
                h.strip_prefix("Bearer ")
                    .or_else(|| h.strip_prefix("bearer "))
            })
            .unwrap_or("")
            .trim();
        let mut found = None;
        for (index, token) in self.tokens.iter().enumerate() {
            if constant_time_eq(given.as_bytes(), token.as_bytes()) && found.is_none() {
                found = Some(Caller::Token(index));
            }
        }
        found
    }
}

/// What the listener needs to know of a POST body it let through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    /// Whether it is an `initialize` request (it opens a session).
    pub(crate) initialize: bool,
    /// Its id, for an error about it.
    pub(crate) id: Value,
    /// The method, when it is one the 2026-07-28 revision removed and the request's `_meta`
    /// names that revision or a later one.
    pub(crate) removed: Option<String>,
}

/// Checks a POST body: one JSON-RPC 2.0 message, not a batch.
///
/// # Errors
///
/// A [`Refusal`] with 400 and the JSON-RPC code the specification names: parse error for what
/// is not JSON, invalid request for a batch or anything that is not a JSON-RPC 2.0 message.
pub(crate) fn check_body(body: &[u8]) -> Result<Message, Refusal> {
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        Refusal::new(
            400,
            PARSE_ERROR,
            format!("the request body is not JSON ({e}); send one JSON-RPC message"),
        )
    })?;
    match &value {
        Value::Array(_) => Err(Refusal::new(
            400,
            INVALID_REQUEST,
            "JSON-RPC batches are not part of MCP since 2025-06-18; send one message a request",
        )),
        Value::Object(map) if map.get("jsonrpc") == Some(&json!("2.0")) => {
            let id = map.get("id").cloned().unwrap_or(Value::Null);
            let method = map.get("method").and_then(Value::as_str);
            if map.contains_key("method") && method.is_none() {
                let mut refusal = Refusal::new(400, INVALID_REQUEST, "method must be a string");
                refusal.id = id;
                return Err(refusal);
            }
            let modern = map
                .get("params")
                .and_then(|p| p.get("_meta"))
                .and_then(|m| m.get("io.modelcontextprotocol/protocolVersion"))
                .and_then(Value::as_str)
                // Versions are dates, so text order is time order.
                .is_some_and(|v| v >= "2026-07-28");
            let removed = method
                .filter(|m| modern && REMOVED_IN_2026.contains(m))
                .map(str::to_owned);
            Ok(Message {
                initialize: method == Some("initialize"),
                id,
                removed,
            })
        }
        _ => Err(Refusal::new(
            400,
            INVALID_REQUEST,
            "the body is not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")",
        )),
    }
}

#[cfg(test)]
mod tests;
