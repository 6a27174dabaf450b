//! The server's questions as the 2026-07-28 revision carries them: an elicitation, sampling or
//! roots request made an entry of `inputRequests`, what client capability each needs, and the
//! client's answer from `inputResponses` read back as the result the server waits for.

// Sampling and roots are deprecated by the 2026 revision, but servers of the older era still
// ask for them, and the bridge passes them on.
#![allow(deprecated)]

use rmcp::model::{
    ClientCapabilities, ClientResult, CreateMessageResult, ElicitResult, ErrorCode, ErrorData,
    InputRequest, ListRootsResult, ServerRequest,
};
use serde_json::{Value, json};

/// The `_meta` key under which a server of the older era may name the key its request gets in
/// `inputRequests` (it has no other way to: its requests carry no key). Without it the proxy
/// names the key after the method and a count.
pub(crate) const KEY_HINT: &str = "mcp-lean/inputKey";
/// The longest key a server may name.
const MAX_KEY_CHARS: usize = 64;

/// A server's request for input, ready for `inputRequests`.
#[derive(Debug, Clone)]
pub(crate) struct Question {
    /// `elicitation/create`, `sampling/createMessage` or `roots/list`.
    pub(crate) method: &'static str,
    /// The key the server named for it, when it named a usable one.
    pub(crate) hint: Option<String>,
    /// The request as the client gets it, without the key hint.
    pub(crate) request: InputRequest,
    /// The client capabilities it needs, as a `ClientCapabilities` object.
    pub(crate) needs: Value,
}

/// The server's request as a question for the client.
///
/// # Errors
///
/// Method not found for what the revision does not let a server ask (ping is answered by the
/// proxy before this; a custom request has no place in `inputRequests`), and an internal error
/// for a request that does not read back.
pub(crate) fn question(request: &ServerRequest) -> Result<Question, ErrorData> {
    let method = match request {
        ServerRequest::ElicitRequest(_) => "elicitation/create",
        ServerRequest::CreateMessageRequest(_) => "sampling/createMessage",
        ServerRequest::ListRootsRequest(_) => "roots/list",
        ServerRequest::CustomRequest(r) => {
            return Err(ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                format!(
                    "the proxy cannot pass {} to a client of the 2026-07-28 revision: such a client can only be asked for elicitation, sampling and roots, during a call",
                    r.method
                ),
                None,
            ));
        }
        _ => {
            return Err(ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                "the proxy cannot pass this request to a client of the 2026-07-28 revision",
                None,
            ));
        }
    };
    let mut value = serde_json::to_value(request).map_err(|e| unreadable(method, &e))?;
    let hint = take_hint(&mut value);
    let needs = needs(method, &value);
    let request = serde_json::from_value(value).map_err(|e| unreadable(method, &e))?;
    Ok(Question {
        method,
        hint,
        request,
        needs,
    })
}

fn unreadable(method: &str, e: &serde_json::Error) -> ErrorData {
    ErrorData::internal_error(
        format!("the server's {method} request could not be made an input request: {e}"),
        None,
    )
}

/// Takes the key hint out of the request's `params._meta`, dropping a `_meta` left empty.
fn take_hint(request: &mut Value) -> Option<String> {
    let params = request.get_mut("params")?.as_object_mut()?;
    let meta = params.get_mut("_meta")?.as_object_mut()?;
    let hint = meta.remove(KEY_HINT);
    if meta.is_empty() {
        params.remove("_meta");
    }
    hint.and_then(|h| h.as_str().map(str::to_owned))
        .filter(|h| usable_key(h))
}

fn usable_key(key: &str) -> bool {
    !key.is_empty() && key.chars().count() <= MAX_KEY_CHARS && !key.chars().any(char::is_control)
}

/// What a request needs the client to have declared.
fn needs(method: &str, request: &Value) -> Value {
    let params = &request["params"];
    match method {
        "elicitation/create" if params["mode"] == "url" => json!({"elicitation": {"url": {}}}),
        "elicitation/create" => json!({"elicitation": {}}),
        "sampling/createMessage"
            if params["tools"]
                .as_array()
                .is_some_and(|tools| !tools.is_empty()) =>
        {
            json!({"sampling": {"tools": {}}})
        }
        "sampling/createMessage" => json!({"sampling": {}}),
        _ => json!({"roots": {}}),
    }
}

/// Whether `capabilities` covers what a question needs. An `elicitation` object with neither
/// `form` nor `url` means form elicitation, as the revisions before `url` had it.
pub(crate) fn declared(needs: &Value, capabilities: &ClientCapabilities) -> bool {
    let declared = serde_json::to_value(capabilities).unwrap_or(Value::Null);
    let Some(needs) = needs.as_object() else {
        return false;
    };
    needs.iter().all(|(name, inner)| {
        let Some(have) = declared.get(name).and_then(Value::as_object) else {
            return false;
        };
        let subs: Vec<&String> = inner
            .as_object()
            .map(|m| m.keys().collect())
            .unwrap_or_default();
        if name == "elicitation" && subs.is_empty() {
            return have.contains_key("form") || !have.contains_key("url");
        }
        subs.iter()
            .all(|sub| have.get(*sub).is_some_and(Value::is_object))
    })
}

/// The error the server gets for a question the client did not declare it can answer: the
/// revision's missing-capability error, naming what is missing, so that a server that cannot
/// do without it fails its call with the same error.
pub(crate) fn missing_capability(question: &Question) -> ErrorData {
    let names: Vec<&str> = question
        .needs
        .as_object()
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default();
    ErrorData::new(
        ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY,
        format!(
            "the client did not declare the {} capability in this request's _meta (io.modelcontextprotocol/clientCapabilities), so the proxy cannot ask it {}; declare the capability, or do without the answer",
            names.join(", "),
            question.method
        ),
        Some(json!({"requiredCapabilities": question.needs})),
    )
}

/// The client's answer under `key` read as the result the server's `method` request waits for.
///
/// # Errors
///
/// Invalid params naming the key when the answer is not such a result.
pub(crate) fn answer(method: &str, key: &str, value: &Value) -> Result<ClientResult, ErrorData> {
    let read = match method {
        "elicitation/create" => {
            serde_json::from_value::<ElicitResult>(value.clone()).map(ClientResult::ElicitResult)
        }
        "sampling/createMessage" => serde_json::from_value::<CreateMessageResult>(value.clone())
            .map(|r| ClientResult::CreateMessageResult(Box::new(r))),
        _ => serde_json::from_value::<ListRootsResult>(value.clone())
            .map(ClientResult::ListRootsResult),
    };
    read.map_err(|e| {
        ErrorData::invalid_params(
            format!(
                "inputResponses[{key:?}] is not a result of {method} ({e}); answer each input request with the result its method returns"
            ),
            None,
        )
    })
}

#[cfg(test)]
mod tests;
