//! The input-required bridge between a server of the older era and a client of the 2026-07-28
//! revision.
//!
//! A server of the older era asks its client things in the middle of a call: it sends an
//! elicitation, sampling or roots request and waits for the answer. A client of the 2026
//! revision can only be asked through the call's own answer: an `InputRequiredResult` whose
//! `inputRequests` hold the questions and whose `requestState` the client sends back with its
//! `inputResponses` when it calls again. The proxy keeps the server's call running between
//! those rounds: the server's questions wait in a [`Call`], parked under a random id the request
//! state names (signed, see [`state`]), and the client's retry delivers the answers to the
//! waiting questions, after which the same call goes on, to its result or to the next round.
//!
//! A server of the older era names no call in its requests, so a question goes to the one call
//! of this server session that is in a round; with none in a round, to the one parked call;
//! otherwise the server gets an error, never a guess. The questions a server writes at once go
//! out together: the round waits until the server's transport has nothing more to read and
//! every request read is routed ([`Sequencer::quiet`]), with no clock involved.
//!
//! Every way a round can end without an answer ends the server's question with an error too:
//! a question the client did not declare the capability for gets the revision's
//! missing-capability error (-32021) at once; a call the client abandons is cancelled when its
//! state expires (after `--timeout`), and its questions fail.

mod fulfil;
mod input;
mod state;

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use rmcp::model::{
    CancelledNotification, CancelledNotificationParam, ClientCapabilities, ClientRequest,
    ClientResult, ErrorCode, ErrorData, GetMeta as _, InitializeResult, InputRequests,
    InputRequiredResult, InputResponses, ProgressToken, RequestId, ServerRequest, ServerResult,
};
use rmcp::service::{RequestContext, ServiceError};
use rmcp::{Peer, RoleClient, RoleServer};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::era;
use super::gate::caller_of;
use super::order::Ticket;
use super::session::Shared;
use super::upstream::{self, server_method, service_error};
pub(crate) use fulfil::fulfil;
use state::CallId;

/// The most calls one server session keeps parked; one more evicts the one nearest its expiry.
const MAX_PARKED: usize = 64;
/// The most rounds one call may take.
const MAX_ROUNDS: u32 = 64;
/// The most questions one round may hold.
const MAX_OPEN: usize = 32;

/// Whether `request` from this client goes through the bridge: a call that may be answered
/// with an `InputRequiredResult` (tools/call, prompts/get, resources/read), from a client of
/// the 2026-07-28 revision, to a server of the older era (one of the 2026 era asks through its
/// own results, which pass through unchanged).
pub(crate) fn applies(
    request: &ClientRequest,
    context: &RequestContext<RoleServer>,
    server: &InitializeResult,
) -> bool {
    matches!(
        request,
        ClientRequest::CallToolRequest(_)
            | ClientRequest::GetPromptRequest(_)
            | ClientRequest::ReadResourceRequest(_)
    ) && era::is_modern(context.protocol_version().as_ref())
        && server.protocol_version.has_initialize()
}

/// A server's request on its way to the call it belongs to, with where its answer goes.
struct Ask {
    request: ServerRequest,
    answer: oneshot::Sender<Result<ClientResult, ErrorData>>,
}

/// The calls of one server session the server may be asking for, and the parked ones.
#[derive(Debug)]
pub(crate) struct Bridge {
    inner: Mutex<Inner>,
    /// How long a parked call waits for the client's retry.
    ttl: Duration,
}

#[derive(Debug, Default)]
struct Inner {
    next: u64,
    /// Every call alive: in a round, or parked.
    calls: BTreeMap<u64, Route>,
    parked: HashMap<CallId, Parked>,
}

/// Where a call's questions go.
#[derive(Debug)]
struct Route {
    asks: mpsc::UnboundedSender<Ask>,
    /// Whether the call is in a round (a client waits for its answer).
    in_round: bool,
}

/// A call between rounds.
struct Parked {
    call: Call,
    origin: Origin,
    deadline: Instant,
}

impl std::fmt::Debug for Parked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parked")
            .field("origin", &self.origin)
            .field("deadline", &self.deadline)
            .finish_non_exhaustive()
    }
}

/// The request a call answers, which a retry must repeat.
#[derive(Debug, Clone, PartialEq)]
struct Origin {
    method: String,
    /// The tool or prompt name, or the resource URI.
    target: String,
    arguments: Option<Value>,
}

impl Origin {
    fn of(request: &ClientRequest) -> Self {
        let (target, arguments) = match request {
            ClientRequest::CallToolRequest(r) => (
                r.params.name.to_string(),
                r.params.arguments.clone().map(Value::Object),
            ),
            ClientRequest::GetPromptRequest(r) => (
                r.params.name.clone(),
                r.params.arguments.clone().map(Value::Object),
            ),
            ClientRequest::ReadResourceRequest(r) => (r.params.uri.clone(), None),
            _ => (String::new(), None),
        };
        Self {
            method: request.method().to_owned(),
            target,
            arguments,
        }
    }
}

fn lock(mutex: &Mutex<Inner>) -> std::sync::MutexGuard<'_, Inner> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Bridge {
    /// A bridge whose parked calls wait `ttl` for the client's retry.
    pub(crate) fn new(ttl: Duration) -> Self {
        Self {
            inner: Mutex::default(),
            ttl,
        }
    }

    /// Passes a server's request to the call it belongs to and waits for the client's answer.
    /// `ticket` is the request's place in the server's order, given back once it is routed;
    /// `cancelled` ends the wait when the server cancels its request.
    ///
    /// # Errors
    ///
    /// What the server gets instead of an answer: the question cannot be placed (no call, or
    /// more than one, waits for it), the client did not declare the capability, its answer is
    /// not a result of the method, or the call ended first.
    pub(crate) async fn ask(
        &self,
        request: ServerRequest,
        ticket: Option<Arc<Ticket>>,
        cancelled: CancellationToken,
    ) -> Result<ClientResult, ErrorData> {
        let method = server_method(&request);
        let (answer, answered) = oneshot::channel();
        let routed = self.route(Ask { request, answer });
        drop(ticket);
        routed?;
        tokio::select! {
            answered = answered => answered.unwrap_or_else(|_| Err(ErrorData::new(
                ErrorCode::INTERNAL_ERROR,
                format!("the call this {method} belongs to ended before the client answered (it finished, failed, was cancelled, or its client never called again)"),
                None,
            ))),
            () = cancelled.cancelled() => Err(ErrorData::new(
                ErrorCode::INTERNAL_ERROR,
                format!("the server cancelled its {method}"),
                None,
            )),
        }
    }

    fn route(&self, ask: Ask) -> Result<(), ErrorData> {
        let inner = lock(&self.inner);
        let in_round: Vec<&Route> = inner.calls.values().filter(|r| r.in_round).collect();
        let candidates = if in_round.is_empty() {
            inner.calls.values().collect()
        } else {
            in_round
        };
        let method = server_method(&ask.request);
        match candidates.as_slice() {
            [route] => route.asks.send(ask).map_err(|_| {
                ErrorData::new(
                    ErrorCode::INTERNAL_ERROR,
                    format!("the call the server's {method} belongs to has just ended"),
                    None,
                )
            }),
            [] => Err(ErrorData::new(
                ErrorCode::INVALID_REQUEST,
                format!(
                    "the proxy's client is of the 2026-07-28 revision, which can be asked for input only during a call, and no call is open; the proxy cannot pass this {method} on, so ask it during a tools/call, prompts/get or resources/read"
                ),
                None,
            )),
            several => Err(ErrorData::new(
                ErrorCode::INVALID_REQUEST,
                format!(
                    "{} calls of this session are open and this {method} names none of them (a server of the older era cannot), so the proxy cannot tell whose question it is; ask while one call is open",
                    several.len()
                ),
                None,
            )),
        }
    }

    fn register(self: &Arc<Self>, asks: mpsc::UnboundedSender<Ask>) -> Registration {
        let mut inner = lock(&self.inner);
        let id = inner.next;
        inner.next += 1;
        inner.calls.insert(
            id,
            Route {
                asks,
                in_round: true,
            },
        );
        Registration {
            id,
            bridge: Arc::downgrade(self),
        }
    }

    fn set_in_round(&self, id: u64, in_round: bool) {
        if let Some(route) = lock(&self.inner).calls.get_mut(&id) {
            route.in_round = in_round;
        }
    }

    /// Parks `call` under `id` until the client's retry or its deadline; the one nearest its
    /// deadline makes room when the session holds too many.
    fn park(self: &Arc<Self>, id: CallId, call: Call, origin: Origin) {
        self.set_in_round(call.registration.id, false);
        let deadline = Instant::now() + self.ttl;
        let evicted = {
            let mut inner = lock(&self.inner);
            let evicted = if inner.parked.len() >= MAX_PARKED {
                let oldest = inner
                    .parked
                    .iter()
                    .min_by_key(|(_, p)| p.deadline)
                    .map(|(id, _)| *id);
                oldest.and_then(|oldest| inner.parked.remove(&oldest))
            } else {
                None
            };
            inner.parked.insert(
                id,
                Parked {
                    call,
                    origin,
                    deadline,
                },
            );
            evicted
        };
        // Dropped outside the lock: a call's drop takes the lock to deregister.
        drop(evicted);
        let bridge = Arc::downgrade(self);
        tokio::spawn(async move {
            tokio::time::sleep_until(deadline).await;
            if let Some(bridge) = bridge.upgrade() {
                let expired = lock(&bridge.inner).parked.remove(&id);
                drop(expired);
            }
        });
    }

    /// Takes the call parked under `id` for a retry of `origin`, with `answers` checked
    /// against its open questions first: a retry that fails a check leaves the call parked.
    fn resume(
        &self,
        id: &CallId,
        origin: &Origin,
        answers: &InputResponses,
    ) -> Result<(Call, Vec<(String, ClientResult)>), ErrorData> {
        let mut inner = lock(&self.inner);
        let ended = || {
            ErrorData::invalid_params(
                format!(
                    "the call the requestState of this {} belongs to has ended: it was answered already (a state serves one retry), it expired after {} s without one, or its server session closed; send the request again without requestState to start over",
                    origin.method,
                    self.ttl.as_secs()
                ),
                None,
            )
        };
        let parked = inner.parked.get(id).ok_or_else(ended)?;
        if parked.deadline <= Instant::now() {
            return Err(ended());
        }
        if parked.origin != *origin {
            return Err(ErrorData::invalid_params(
                format!(
                    "this requestState belongs to a {} of {:?} with other arguments, not to this {} of {:?}; send each state only with a retry of the request it came with",
                    parked.origin.method, parked.origin.target, origin.method, origin.target
                ),
                None,
            ));
        }
        let mut delivered = Vec::new();
        for (key, open) in &parked.call.open {
            if let Some(value) = answers.get(key) {
                delivered.push((key.clone(), input::answer(open.method, key, value)?));
            }
        }
        let parked = inner.parked.remove(id).ok_or_else(ended)?;
        Ok((parked.call, delivered))
    }
}

/// A call's place among the calls the server may ask for; taken out when the call ends.
struct Registration {
    id: u64,
    bridge: Weak<Bridge>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        if let Some(bridge) = self.bridge.upgrade() {
            lock(&bridge.inner).calls.remove(&self.id);
        }
    }
}

/// A question of the server's, asked and not yet answered.
struct Open {
    method: &'static str,
    request: rmcp::model::InputRequest,
    answer: oneshot::Sender<Result<ClientResult, ErrorData>>,
}

type Response = Pin<Box<dyn Future<Output = Result<ServerResult, ServiceError>> + Send>>;

/// One call of the server's, over all its rounds.
struct Call {
    /// The client's method, for messages.
    method: String,
    registration: Registration,
    response: Response,
    asks: mpsc::UnboundedReceiver<Ask>,
    /// Questions asked and not yet answered, by their key in `inputRequests`.
    open: BTreeMap<String, Open>,
    /// Questions asked so far, for the keys the proxy names.
    asked: u32,
    rounds: u32,
    upstream: Peer<RoleClient>,
    upstream_id: RequestId,
    upstream_token: ProgressToken,
    /// Set once the server answered the call, so that dropping it cancels nothing.
    finished: bool,
}

impl Drop for Call {
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        // Nobody waits for the server's answer any more: it can stop. Its open questions fail
        // as their senders drop.
        let (peer, id) = (self.upstream.clone(), self.upstream_id.clone());
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let notification = CancelledNotification::new(CancelledNotificationParam::new(
                    Some(id),
                    Some("the client did not answer the server's questions".to_owned()),
                ));
                let _ = peer.send_notification(notification.into()).await;
            });
        }
    }
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
    shared: &Shared,
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
            let (mut call, delivered) = shared.bridge.resume(&id, &origin, &answers)?;
            for (key, result) in delivered {
                answers.remove(&key);
                if let Some(open) = call.open.remove(&key) {
                    let _ = open.answer.send(Ok(result));
                }
            }
            call
        }
        None => start(shared, peer, request, &context).await?,
    };
    round(shared, call, context, answers, origin, caller).await
}

/// Sends the request to the server as a call the bridge follows.
async fn start(
    shared: &Shared,
    peer: &Peer<RoleClient>,
    mut request: ClientRequest,
    context: &RequestContext<RoleServer>,
) -> Result<Call, ErrorData> {
    let method = request.method().to_owned();
    let timeout = shared.settings.timeout;
    *request.get_meta_mut() = era::forwarded_meta(context.meta.clone());
    // Registered before the request leaves, so that no question of the server's can come
    // before the call is there to take it.
    let (asks_to, asks) = mpsc::unbounded_channel();
    let registration = shared.bridge.register(asks_to);
    let handle = upstream::send(peer, request, timeout).await?;
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
    shared: &Shared,
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
    shared.bridge.set_in_round(call.registration.id, true);
    // The server's progress during this round reaches this round's client.
    if let Some(token) = context.meta.get_progress_token() {
        shared
            .askers
            .insert(call.upstream_token.clone(), token, context.peer.clone());
    }
    let flying = shared.askers.fly(&context);
    let capabilities = context.meta.client_capabilities().unwrap_or_default();
    let step = wait(shared, &mut call, &context, &mut answers, &capabilities).await;
    shared.askers.remove(&call.upstream_token);
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
            shared.bridge.park(id, call, origin);
            Ok(ServerResult::InputRequiredResult(InputRequiredResult::new(
                Some(requests),
                Some(request_state),
            )))
        }
    }
}

/// Waits for the server's answer to the call, or for its questions.
async fn wait(
    shared: &Shared,
    call: &mut Call,
    context: &RequestContext<RoleServer>,
    answers: &mut InputResponses,
    capabilities: &ClientCapabilities,
) -> Step {
    let timeout = shared.settings.timeout;
    loop {
        if !call.open.is_empty() {
            // Questions left open by the client's last answer are asked again at once (the
            // server waits for them), with any that came while the call was parked.
            if let Some(response) = ready(&mut call.response) {
                return finish(shared, call, response).await;
            }
            if let Err(e) = drain(call, answers, capabilities) {
                return Step::Done(Box::new(Err(e)));
            }
            return Step::Input;
        }
        tokio::select! {
            response = &mut call.response => return finish(shared, call, response).await,
            Some(ask) = call.asks.recv() => {
                if let Err(e) = take(call, ask, answers, capabilities) {
                    return Step::Done(Box::new(Err(e)));
                }
                if call.open.is_empty() {
                    continue;
                }
                // What the server wrote with this question comes with it.
                tokio::select! {
                    () = shared.order.quiet() => {}
                    () = context.ct.cancelled() => return Step::Done(Box::new(Err(cancelled()))),
                    () = tokio::time::sleep(timeout) => {}
                }
                if let Err(e) = drain(call, answers, capabilities) {
                    return Step::Done(Box::new(Err(e)));
                }
                // A server that answered the call in the same breath has no use for the
                // answers: its result goes back, and its questions fail.
                if let Some(response) = ready(&mut call.response) {
                    return finish(shared, call, response).await;
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
    shared: &Shared,
    call: &mut Call,
    response: Result<ServerResult, ServiceError>,
) -> Step {
    call.finished = true;
    let timeout = shared.settings.timeout;
    // What the server sent before its answer goes first.
    let _ = tokio::time::timeout(timeout, shared.order.settled(&call.upstream_id)).await;
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
