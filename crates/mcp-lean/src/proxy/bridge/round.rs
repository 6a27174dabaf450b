//! One round of a call through the bridge: the client's request goes to the server as a new
//! call, or its retry resumes a parked one with the answers; then the round waits for the
//! server's result or its questions, and ends with the result, or with the questions for the
//! client (an `InputRequiredResult`) while the call stays parked.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    ClientCapabilities, ClientRequest, ErrorCode, ErrorData, GetMeta as _, InputRequests,
    InputRequiredResult, InputResponses, ServerResult,
};
use rmcp::service::{RequestContext, ServiceError};
use rmcp::{Peer, RoleClient, RoleServer};
use tokio::sync::mpsc;

use super::super::caller::caller_of;
use super::super::era;
use super::super::jsonrpc::{self, service_error};
use super::super::routing::askers::Askers;
use super::super::routing::order::Sequencer;
use super::calls::{Ask, Bridge, Call, MAX_OPEN, MAX_ROUNDS, Open, Origin, Response};
use super::{input, state};

/// What a call through the bridge uses of its client session: the bridge itself, who asked
/// what (the server's progress during a round goes to that round's client), the order of the
/// server's messages (a round gathers what the server wrote at once), and the time limit.
pub(crate) struct SessionParts<'a> {
    pub(crate) bridge: &'a Arc<Bridge>,
    pub(crate) askers: &'a Askers,
    pub(crate) order: &'a Sequencer,
    pub(crate) timeout: Duration,
}

/// How a round ended.
enum Step {
    Done(Box<Result<ServerResult, ErrorData>>),
    /// Questions are open: the client answers them in its next round.
    Input,
}

/// The inputs a retry carries, taken out of the request (a server of the older era has no use
/// for them).
fn take_inputs(request: &mut ClientRequest) -> (InputResponses, Option<String>) {
    let (answers, state) = match request {
        ClientRequest::CallToolRequest(r) => (
            r.params.input_responses.take(),
            r.params.request_state.take(),
        ),
        ClientRequest::GetPromptRequest(r) => (
            r.params.input_responses.take(),
            r.params.request_state.take(),
        ),
        ClientRequest::ReadResourceRequest(r) => (
            r.params.input_responses.take(),
            r.params.request_state.take(),
        ),
        _ => (None, None),
    };
    (answers.unwrap_or_default(), state)
}

/// Serves one round of a call through the bridge: a fresh call, or the retry of a parked one
/// with the client's answers.
///
/// # Errors
///
/// A request state that is altered, another client's, or of a call that ended; an answer that
/// is not a result of its question's method; the server's own error; a cancelled call.
pub(crate) async fn call(
    session: &SessionParts<'_>,
    peer: &Peer<RoleClient>,
    mut request: ClientRequest,
    context: RequestContext<RoleServer>,
) -> Result<ServerResult, ErrorData> {
    let (mut answers, request_state) = take_inputs(&mut request);
    let origin = Origin::of(&request);
    let caller = caller_of(&context.extensions).tag();
    let call = match request_state {
        Some(text) => {
            let id =
                state::open(&text, caller)?.map_err(|refused| refused.error(&origin.method))?;
            let (mut call, delivered) = session.bridge.resume(&id, &origin, &answers)?;
            for (key, result) in delivered {
                answers.remove(&key);
                if let Some(open) = call.open.remove(&key) {
                    let _ = open.answer.send(Ok(result));
                }
            }
            call
        }
        None => start(session, peer, request, &context).await?,
    };
    round(session, call, context, answers, origin, caller).await
}

/// Sends the request to the server as a call the bridge follows.
async fn start(
    session: &SessionParts<'_>,
    peer: &Peer<RoleClient>,
    mut request: ClientRequest,
    context: &RequestContext<RoleServer>,
) -> Result<Call, ErrorData> {
    let method = request.method().to_owned();
    let timeout = session.timeout;
    *request.get_meta_mut() = era::forwarded_meta(context.meta.clone());
    // Registered before the request leaves, so that no question of the server's can come
    // before the call is there to take it.
    let (asks_to, asks) = mpsc::unbounded_channel();
    let registration = session.bridge.register(asks_to);
    let handle = jsonrpc::send(peer, request, timeout).await?;
    let (upstream, upstream_id, upstream_token) = (
        handle.peer.clone(),
        handle.id.clone(),
        handle.progress_token.clone(),
    );
    Ok(Call {
        method,
        registration,
        response: Box::pin(handle.await_response()),
        asks,
        open: BTreeMap::new(),
        asked: 0,
        rounds: 0,
        upstream,
        upstream_id,
        upstream_token,
        finished: false,
    })
}

async fn round(
    session: &SessionParts<'_>,
    mut call: Call,
    context: RequestContext<RoleServer>,
    mut answers: InputResponses,
    origin: Origin,
    caller: u64,
) -> Result<ServerResult, ErrorData> {
    call.rounds += 1;
    if call.rounds > MAX_ROUNDS {
        return Err(ErrorData::internal_error(
            format!(
                "the server asked for input in {MAX_ROUNDS} rounds of one {}; the proxy ended the call",
                origin.method
            ),
            None,
        ));
    }
    session.bridge.set_in_round(call.registration.id, true);
    // The server's progress during this round reaches this round's client.
    if let Some(token) = context.meta.get_progress_token() {
        session
            .askers
            .insert(call.upstream_token.clone(), token, context.peer.clone());
    }
    let flying = session.askers.fly(&context);
    let capabilities = context.meta.client_capabilities().unwrap_or_default();
    let step = wait(session, &mut call, &context, &mut answers, &capabilities).await;
    session.askers.remove(&call.upstream_token);
    drop(flying);
    match step {
        Step::Done(result) => *result,
        Step::Input => {
            let id = state::new_id()?;
            let request_state = state::seal(&id, caller)?;
            let requests: InputRequests = call
                .open
                .iter()
                .map(|(key, open)| (key.clone(), open.request.clone()))
                .collect();
            session.bridge.park(id, call, origin);
            Ok(ServerResult::InputRequiredResult(InputRequiredResult::new(
                Some(requests),
                Some(request_state),
            )))
        }
    }
}

/// Waits for the server's answer to the call, or for its questions.
async fn wait(
    session: &SessionParts<'_>,
    call: &mut Call,
    context: &RequestContext<RoleServer>,
    answers: &mut InputResponses,
    capabilities: &ClientCapabilities,
) -> Step {
    let timeout = session.timeout;
    loop {
        if !call.open.is_empty() {
            // Questions left open by the client's last answer are asked again at once (the
            // server waits for them), with any that came while the call was parked.
            if let Some(response) = ready(&mut call.response) {
                return finish(session, call, response).await;
            }
            if let Err(e) = drain(call, answers, capabilities) {
                return Step::Done(Box::new(Err(e)));
            }
            return Step::Input;
        }
        tokio::select! {
            response = &mut call.response => return finish(session, call, response).await,
            Some(ask) = call.asks.recv() => {
                if let Err(e) = take(call, ask, answers, capabilities) {
                    return Step::Done(Box::new(Err(e)));
                }
                if call.open.is_empty() {
                    continue;
                }
                // What the server wrote with this question comes with it.
                tokio::select! {
                    () = session.order.quiet() => {}
                    () = context.ct.cancelled() => return Step::Done(Box::new(Err(cancelled()))),
                    () = tokio::time::sleep(timeout) => {}
                }
                if let Err(e) = drain(call, answers, capabilities) {
                    return Step::Done(Box::new(Err(e)));
                }
                // A server that answered the call in the same breath has no use for the
                // answers: its result goes back, and its questions fail.
                if let Some(response) = ready(&mut call.response) {
                    return finish(session, call, response).await;
                }
                return Step::Input;
            }
            () = context.ct.cancelled() => return Step::Done(Box::new(Err(cancelled()))),
        }
    }
}

/// The server's answer, when it is there already.
fn ready(response: &mut Response) -> Option<Result<ServerResult, ServiceError>> {
    let mut look = std::task::Context::from_waker(std::task::Waker::noop());
    match response.as_mut().poll(&mut look) {
        std::task::Poll::Ready(response) => Some(response),
        std::task::Poll::Pending => None,
    }
}

fn cancelled() -> ErrorData {
    ErrorData::new(ErrorCode::INTERNAL_ERROR, "cancelled by the client", None)
}

async fn finish(
    session: &SessionParts<'_>,
    call: &mut Call,
    response: Result<ServerResult, ServiceError>,
) -> Step {
    call.finished = true;
    let timeout = session.timeout;
    // What the server sent before its answer goes first.
    let _ = tokio::time::timeout(timeout, session.order.settled(&call.upstream_id)).await;
    Step::Done(Box::new(
        response.map_err(|e| service_error(&e, &call.method, timeout, "server")),
    ))
}

/// Takes every question already routed to the call.
fn drain(
    call: &mut Call,
    answers: &mut InputResponses,
    capabilities: &ClientCapabilities,
) -> Result<(), ErrorData> {
    while let Ok(ask) = call.asks.try_recv() {
        take(call, ask, answers, capabilities)?;
    }
    Ok(())
}

/// Takes one question: answered at once when it cannot be asked (its capability was not
/// declared, too many are open) or when the request already carries its answer, else kept
/// open for the client.
///
/// # Errors
///
/// An answer in the request that is not a result of the question's method.
fn take(
    call: &mut Call,
    ask: Ask,
    answers: &mut InputResponses,
    capabilities: &ClientCapabilities,
) -> Result<(), ErrorData> {
    let question = match input::question(&ask.request) {
        Ok(question) => question,
        Err(e) => {
            let _ = ask.answer.send(Err(e));
            return Ok(());
        }
    };
    if !input::declared(&question.needs, capabilities) {
        let _ = ask.answer.send(Err(input::missing_capability(&question)));
        return Ok(());
    }
    call.asked += 1;
    let key = match question.hint {
        Some(hint) if !call.open.contains_key(&hint) => hint,
        _ => {
            let short = question.method.split('/').next().unwrap_or(question.method);
            let mut n = call.asked;
            while call.open.contains_key(&format!("{short}-{n}")) {
                n += 1;
            }
            format!("{short}-{n}")
        }
    };
    if let Some(value) = answers.remove(&key) {
        let result = input::answer(question.method, &key, &value)?;
        let _ = ask.answer.send(Ok(result));
        return Ok(());
    }
    if call.open.len() >= MAX_OPEN {
        let _ = ask.answer.send(Err(ErrorData::internal_error(
            format!("the server has {MAX_OPEN} questions open in one call already; the proxy passes no more"),
            None,
        )));
        return Ok(());
    }
    call.open.insert(
        key,
        Open {
            method: question.method,
            request: question.request,
            answer: ask.answer,
        },
    );
    Ok(())
}
