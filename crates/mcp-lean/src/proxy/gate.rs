//! What the HTTP listener checks before a request reaches the MCP session: where it comes from
//! (`Origin`, against DNS rebinding, as the MCP transport specification asks), who sends it
//! (a bearer token), and that its body is one JSON-RPC message of a bounded size.

use serde_json::{Value, json};

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

/// Who may talk to the listener.
#[derive(Debug, Clone, Default)]
pub(crate) struct Policy {
    /// Origins allowed besides the loopback ones, lowercase, without a trailing slash.
    origins: Vec<String>,
    /// The bearer token every request must carry, when one is set.
    token: Option<String>,
}

impl Policy {
    /// A policy allowing loopback origins and `origins`, and requiring `token` when given.
    ///
    /// # Errors
    ///
    /// A message naming an origin that is not `scheme://host[:port]`.
    pub(crate) fn new(origins: &[String], token: Option<String>) -> Result<Self, String> {
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
            token,
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

    /// Whether the `Authorization` header carries the token (always, when none is set). The
    /// comparison takes the same time wherever the tokens differ.
    pub(crate) fn authorized(&self, header: Option<&str>) -> bool {
        let Some(token) = &self.token else {
            return true;
        };
        let given = header
            .and_then(|h| {
                h.strip_prefix("Bearer ")
                    .or_else(|| h.strip_prefix("bearer "))
            })
            .unwrap_or("")
            .trim();
        constant_time_eq(given.as_bytes(), token.as_bytes())
    }
}

/// Equality whose time depends on the lengths only, not on where the bytes differ.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    let mut diff = u8::from(a.len() != b.len());
    for i in 0..a.len().max(b.len()) {
        diff |= a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0xff);
    }
    diff == 0
}

/// What the listener needs to know of a POST body it let through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    /// Whether it is an `initialize` request (it opens a session).
    pub(crate) initialize: bool,
    /// Its id, for an error about it.
    pub(crate) id: Value,
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
            Ok(Message {
                initialize: method == Some("initialize"),
                id,
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
mod tests {
    use super::*;

    #[test]
    fn loopback_and_given_origins_pass_others_do_not() {
        let policy = Policy::new(&["https://App.example.com/".to_owned()], None).expect("valid");
        for ok in [
            None,
            Some("http://localhost:3000"),
            Some("http://127.0.0.1"),
            Some("http://[::1]:8080"),
            Some("https://app.example.com"),
        ] {
            assert!(policy.origin_allowed(ok), "{ok:?}");
        }
        for bad in [
            "http://evil.example",
            "null",
            "http://localhost.evil.example",
            "http://127.0.0.1.evil.example:80",
            "https://app.example.com:8443",
        ] {
            assert!(!policy.origin_allowed(Some(bad)), "{bad}");
        }
        assert!(Policy::new(&["app.example.com".to_owned()], None).is_err());
    }

    #[test]
    fn the_token_must_match_exactly() {
        let policy = Policy::new(&[], Some("s3cret-token".to_owned())).expect("valid");
        assert!(policy.authorized(Some("Bearer s3cret-token")));
        for bad in [
            None,
            Some("Bearer s3cret-tokem"),
            Some("Bearer s3cret"),
            Some("s3cret-token"),
            Some("Bearer "),
        ] {
            assert!(!policy.authorized(bad), "{bad:?}");
        }
        assert!(Policy::default().authorized(None));
    }

    #[test]
    fn bodies_are_one_json_rpc_message() {
        let init = check_body(br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
            .expect("valid");
        assert!(init.initialize);
        assert_eq!(check_body(b"{not json").unwrap_err().code, PARSE_ERROR);
        assert_eq!(check_body(b"[]").unwrap_err().code, INVALID_REQUEST);
        assert_eq!(
            check_body(br#"{"id":1}"#).unwrap_err().code,
            INVALID_REQUEST
        );
        let bad = check_body(br#"{"jsonrpc":"2.0","id":7,"method":5}"#).unwrap_err();
        assert_eq!(bad.id, json!(7));
    }
}
