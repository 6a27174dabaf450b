//! The bridge the other way: a server of the 2026-07-28 revision answers a call with an
//! `InputRequiredResult`, and the client is of the older era, which cannot read one but can be
//! asked. The proxy asks it each question as the server request it is (elicitation, sampling,
//! roots), then calls again with the answers and the server's `requestState`, exactly as sent,
//! until the server answers for good.

// Sampling and roots are deprecated by the 2026 revision, but clients of the older era answer
// them.
#![allow(deprecated)]

use std::time::Duration;

use rmcp::model::{
    ClientRequest, ErrorCode, ErrorData, InputRequest, InputRequiredResult, InputResponses,
    ServerRequest, ServerResult,
};
use rmcp::service::PeerRequestOptions;
use rmcp::{Peer, RoleClient, RoleServer};
use tokio_util::sync::CancellationToken;

use super::super::jsonrpc::{self, service_error};
use super::calls::MAX_ROUNDS;
use super::input;

/// Answers the server's questions through `client` and calls `server` again with `request`
/// and the answers, until the server's result is not an `InputRequiredResult`.
///
/// # Errors
///
/// The client did not declare a capability a question needs, or failed to answer; the server
/// failed; too many rounds; the client cancelled.
pub(crate) async fn fulfil(
    server: &Peer<RoleClient>,
    client: &Peer<RoleServer>,
    request: ClientRequest,
    asked: InputRequiredResult,
    timeout: Duration,
    cancelled: &CancellationToken,
) -> Result<ServerResult, ErrorData> {
    let method = request.method().to_owned();
    let mut asked = asked;
    for _ in 0..MAX_ROUNDS {
        let mut answers = InputResponses::new();
        for (key, question) in asked.input_requests.take().unwrap_or_default() {
            let answer = ask(client, question, timeout, cancelled).await?;
            answers.insert(key, answer);
        }
        let retry = with_inputs(request.clone(), answers, asked.request_state.take());
        let handle = jsonrpc::send(server, retry, timeout).await?;
        let answer = tokio::select! {
            answer = handle.await_response() => answer.map_err(|e| service_error(&e, &method, timeout, "server"))?,
            () = cancelled.cancelled() => {
                return Err(ErrorData::new(ErrorCode::INTERNAL_ERROR, "cancelled by the client", None));
            }
        };
        match answer {
            ServerResult::InputRequiredResult(next) => asked = next,
            done => return Ok(done),
        }
    }
    Err(ErrorData::internal_error(
        format!(
            "the server asked for input in {MAX_ROUNDS} rounds of one {method}; the proxy ended the call"
        ),
        None,
    ))
}

/// Asks the client one question, as the server request it is.
async fn ask(
    client: &Peer<RoleServer>,
    question: InputRequest,
    timeout: Duration,
    cancelled: &CancellationToken,
) -> Result<serde_json::Value, ErrorData> {
    let request = match question {
        InputRequest::Elicitation(r) => ServerRequest::ElicitRequest(r),
        InputRequest::CreateMessage(r) => ServerRequest::CreateMessageRequest(r),
        InputRequest::ListRoots(r) => ServerRequest::ListRootsRequest(r),
        _ => {
            return Err(ErrorData::internal_error(
                "the server asked a kind of input the proxy cannot pass on",
                None,
            ));
        }
    };
    let method = jsonrpc::server_method(&request);
    let needs = input::question(&request)?.needs;
    let declared = client
        .peer_info()
        .is_some_and(|info| input::declared(&needs, &info.capabilities));
    if !declared {
        return Err(ErrorData::new(
            ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY,
            format!(
                "the server needs an answer to {method}, and this client did not declare the capability at initialize; declare it, or call without it"
            ),
            Some(serde_json::json!({"requiredCapabilities": needs})),
        ));
    }
    let handle = client
        .send_request_with_option(
            request,
            PeerRequestOptions::with_timeout(timeout).reset_timeout_on_progress(),
        )
        .await
        .map_err(|e| service_error(&e, &method, timeout, "client"))?;
    let answer = tokio::select! {
        answer = handle.await_response() => answer.map_err(|e| service_error(&e, &method, timeout, "client"))?,
        () = cancelled.cancelled() => {
            return Err(ErrorData::new(ErrorCode::INTERNAL_ERROR, "cancelled by the client", None));
        }
    };
    serde_json::to_value(answer).map_err(|e| {
        ErrorData::internal_error(
            format!("the client's answer to {method} does not serialize: {e}"),
            None,
        )
    })
}

/// `request` with the answers and the server's state, for the retry.
fn with_inputs(
    request: ClientRequest,
    answers: InputResponses,
    state: Option<String>,
) -> ClientRequest {
    let mut request = request;
    let answers = Some(answers);
    match &mut request {
        ClientRequest::CallToolRequest(r) => {
            r.params.input_responses = answers;
            r.params.request_state = state;
        }
        ClientRequest::GetPromptRequest(r) => {
            r.params.input_responses = answers;
            r.params.request_state = state;
        }
        ClientRequest::ReadResourceRequest(r) => {
            r.params.input_responses = answers;
            r.params.request_state = state;
        }
        _ => {}
    }
    request
}
