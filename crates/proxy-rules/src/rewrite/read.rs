//! The proxy's read tool: a stored output read by its token, whole, by slice, or by pattern.

use output_guard::{ReadLimits, ReadRequest, TokenStore};
use serde_json::{Map, Value, json};

use super::result::error_result;
use crate::profile::Profile;

/// The answer to a call of the read tool with `arguments`.
pub(crate) fn answer(
    store: &TokenStore,
    profile: &Profile,
    arguments: Option<&Map<String, Value>>,
) -> Value {
    let tool = &profile.confirm_tool;
    let Some(token) = arguments.and_then(|a| a.get("token")) else {
        return error_result(&format!(
            "{tool} needs a token: pass {{\"token\": \"…\"}} with the token a preview gave"
        ));
    };
    let Some(token) = token.as_str().filter(|t| !t.is_empty()) else {
        return error_result(&format!(
            "token must be the non-empty string a preview gave, not {token}"
        ));
    };
    let empty = Map::new();
    let request = match ReadRequest::from_arguments(arguments.unwrap_or(&empty)) {
        Ok(request) => request,
        Err(e) => return error_result(&e.to_string()),
    };
    if profile.one_time_outputs {
        if request != ReadRequest::Whole {
            return error_result(&format!(
                "this proxy keeps each output for one whole read (oneTimeOutputs), so offset, limit and pattern do not apply; call {tool} with the token alone"
            ));
        }
        return match store.redeem(token) {
            Ok(text) => json!({"content": [{"type": "text", "text": text}]}),
            Err(e) => error_result(&e.to_string()),
        };
    }
    let text = match store.read(token) {
        Ok(text) => text,
        Err(e) => return error_result(&e.to_string()),
    };
    let limits = ReadLimits {
        max_tokens: profile.max_result_tokens,
        measure: snapshot_digest::estimate_tokens,
    };
    match output_guard::read(&text, &request, &limits) {
        Ok(reading) if reading.body.is_empty() => {
            json!({"content": [{"type": "text", "text": reading.header}]})
        }
        Ok(reading) => json!({"content": [
            {"type": "text", "text": reading.header},
            {"type": "text", "text": reading.body}
        ]}),
        Err(e) => error_result(&e.to_string()),
    }
}
