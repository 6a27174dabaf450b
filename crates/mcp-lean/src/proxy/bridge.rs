//! The input-required bridge between a client and a server of different protocol eras: a
//! server of the older era with a client of the 2026-07-28 revision (here and in [`round`]),
//! and a server of the 2026 revision with a client of the older era ([`fulfil`]).
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
mod round;
mod state;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use rmcp::RoleServer;
use rmcp::model::{
    ClientRequest, ClientResult, ErrorCode, ErrorData, InitializeResult, InputResponses,
    ServerRequest,
};
use rmcp::service::RequestContext;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::era;
use super::jsonrpc::server_method;
use super::routing::askers::Askers;
use super::routing::order::{Sequencer, Ticket};
pub(crate) use fulfil::fulfil;
use round::Call;
pub(crate) use round::call;
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

/// What a call through the bridge uses of its client session: the bridge itself, who asked
/// what (the server's progress during a round goes to that round's client), the order of the
/// server's messages (a round gathers what the server wrote at once), and the time limit.
pub(crate) struct SessionParts<'a> {
    pub(crate) bridge: &'a Arc<Bridge>,
    pub(crate) askers: &'a Askers,
    pub(crate) order: &'a Sequencer,
    pub(crate) timeout: Duration,
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
    calls: BTreeMap<u64, CallRoute>,
    parked: HashMap<CallId, Parked>,
}

/// Where a call's questions go.
#[derive(Debug)]
struct CallRoute {
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
        let in_round: Vec<&CallRoute> = inner.calls.values().filter(|r| r.in_round).collect();
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
            CallRoute {
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
