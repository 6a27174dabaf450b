//! The calls of one server session that the server may be asking for, each over all its
//! rounds: where a question of the server's goes (the one call in a round, else the one
//! parked), the calls parked between rounds under their request state's id until the client's
//! retry or their deadline, and the limits on calls, rounds and questions.

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use rmcp::model::{
    ClientRequest, ClientResult, ErrorCode, ErrorData, InputResponses, ProgressToken, RequestId,
    ServerRequest, ServerResult,
};
use rmcp::service::ServiceError;
use rmcp::{Peer, RoleClient};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::super::jsonrpc::{self, server_method};
use super::super::routing::order::Ticket;
use super::input;
use super::state::CallId;

/// The most calls one server session keeps parked; one more evicts the one nearest its expiry.
const MAX_PARKED: usize = 64;
/// The most rounds one call may take.
pub(super) const MAX_ROUNDS: u32 = 64;
/// The most questions one round may hold.
pub(super) const MAX_OPEN: usize = 32;

/// A question of the server's, asked and not yet answered.
pub(super) struct Open {
    pub(super) method: &'static str,
    pub(super) request: rmcp::model::InputRequest,
    pub(super) answer: oneshot::Sender<Result<ClientResult, ErrorData>>,
}

/// The server's answer to the call, awaited across rounds.
pub(super) type Response = Pin<Box<dyn Future<Output = Result<ServerResult, ServiceError>> + Send>>;

/// One call of the server's, over all its rounds.
pub(super) struct Call {
    /// The client's method, for messages.
    pub(super) method: String,
    pub(super) registration: Registration,
    pub(super) response: Response,
    pub(super) asks: mpsc::UnboundedReceiver<Ask>,
    /// Questions asked and not yet answered, by their key in `inputRequests`.
    pub(super) open: BTreeMap<String, Open>,
    /// Questions asked so far, for the keys the proxy names.
    pub(super) asked: u32,
    pub(super) rounds: u32,
    pub(super) upstream: Peer<RoleClient>,
    pub(super) upstream_id: RequestId,
    pub(super) upstream_token: ProgressToken,
    /// Set once the server answered the call, so that dropping it cancels nothing.
    pub(super) finished: bool,
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
                let notification =
                    jsonrpc::cancelled(id, "the client did not answer the server's questions");
                let _ = peer.send_notification(notification.into()).await;
            });
        }
    }
}

/// A server's request on its way to the call it belongs to, with where its answer goes.
pub(super) struct Ask {
    pub(super) request: ServerRequest,
    pub(super) answer: oneshot::Sender<Result<ClientResult, ErrorData>>,
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
pub(super) struct Origin {
    pub(super) method: String,
    /// The tool or prompt name, or the resource URI.
    target: String,
    arguments: Option<Value>,
}

impl Origin {
    pub(super) fn of(request: &ClientRequest) -> Self {
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

    pub(super) fn register(self: &Arc<Self>, asks: mpsc::UnboundedSender<Ask>) -> Registration {
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

    pub(super) fn set_in_round(&self, id: u64, in_round: bool) {
        if let Some(route) = lock(&self.inner).calls.get_mut(&id) {
            route.in_round = in_round;
        }
    }

    /// Parks `call` under `id` until the client's retry or its deadline; the one nearest its
    /// deadline makes room when the session holds too many.
    pub(super) fn park(self: &Arc<Self>, id: CallId, call: Call, origin: Origin) {
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
    pub(super) fn resume(
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
pub(super) struct Registration {
    pub(super) id: u64,
    bridge: Weak<Bridge>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        if let Some(bridge) = self.bridge.upgrade() {
            lock(&bridge.inner).calls.remove(&self.id);
        }
    }
}
