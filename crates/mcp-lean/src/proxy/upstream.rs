//! The server's side: an rmcp client that presents itself with the client's own
//! `initialize` parameters, passes the server's requests and notifications to the client,
//! and forwards the client's requests with their `_meta`, progress and cancellation.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::model::{
    CancelledNotification, CancelledNotificationParam, ClientConfig, ClientNotification,
    ClientRequest, ClientResult, ErrorCode, ErrorData, GetMeta, ProgressToken, ServerNotification,
    ServerRequest, ServerResult,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RequestContext, ServiceError};
use rmcp::{Peer, RoleClient, RoleServer, Service};

use super::order::Sequencer;

/// The token a client gave a request, and the client connection that sent it.
type Asker = (ProgressToken, Peer<RoleServer>);

/// Who asked what, for routing the server's notifications back: the progress tokens of
/// forwarded requests (the token rmcp gave the server's copy of a request, to the token the
/// client gave the original and the client connection that asked: over HTTP, a request of the
/// 2026 era has a connection of its own), and, for clients without a session, the connections
/// of the requests in flight.
#[derive(Debug, Clone, Default)]
pub(crate) struct Askers {
    progress: Arc<Mutex<HashMap<ProgressToken, Asker>>>,
    in_flight: Arc<Mutex<InFlight>>,
    /// Whether each request comes on a connection of its own (HTTP clients of the 2026 era):
    /// then a notification that names no request (a log message) goes to the connections of
    /// the requests in flight, as the server sent it while answering them.
    stateless: bool,
}

#[derive(Debug, Default)]
struct InFlight {
    next: u64,
    peers: BTreeMap<u64, Peer<RoleServer>>,
}

/// A request in flight, taken out of [`Askers`] when dropped.
struct Flying {
    key: u64,
    in_flight: Arc<Mutex<InFlight>>,
}

impl Drop for Flying {
    fn drop(&mut self) {
        lock(&self.in_flight).peers.remove(&self.key);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Askers {
    /// Askers for a proxy whose every request has a connection of its own (`stateless`), or
    /// one whose requests share the session's.
    pub(crate) fn new(stateless: bool) -> Self {
        Self {
            stateless,
            ..Self::default()
        }
    }

    fn insert(&self, upstream: ProgressToken, downstream: ProgressToken, peer: Peer<RoleServer>) {
        lock(&self.progress).insert(upstream, (downstream, peer));
    }

    fn remove(&self, upstream: &ProgressToken) {
        lock(&self.progress).remove(upstream);
    }

    fn get(&self, upstream: &ProgressToken) -> Option<Asker> {
        lock(&self.progress).get(upstream).cloned()
    }

    /// Records a request in flight from `peer`, when requests have connections of their own.
    fn fly(&self, peer: &Peer<RoleServer>) -> Option<Flying> {
        if !self.stateless {
            return None;
        }
        let mut in_flight = lock(&self.in_flight);
        let key = in_flight.next;
        in_flight.next += 1;
        in_flight.peers.insert(key, peer.clone());
        Some(Flying {
            key,
            in_flight: Arc::clone(&self.in_flight),
        })
    }

    /// Where a notification that names no request goes: `session`, or the connections of
    /// the requests in flight.
    fn recipients(&self, session: &Peer<RoleServer>) -> Vec<Peer<RoleServer>> {
        if self.stateless {
            lock(&self.in_flight).peers.values().cloned().collect()
        } else {
            vec![session.clone()]
        }
    }
}

/// The rmcp client the server talks to.
pub(crate) struct Upstream {
    downstream: Peer<RoleServer>,
    client_info: ClientConfig,
    askers: Askers,
    timeout: Duration,
}

impl Upstream {
    pub(crate) fn new(
        downstream: Peer<RoleServer>,
        client_info: ClientConfig,
        askers: Askers,
        timeout: Duration,
    ) -> Self {
        Self {
            downstream,
            client_info,
            askers,
            timeout,
        }
    }
}

impl Service<RoleClient> for Upstream {
    async fn handle_request(
        &self,
        mut request: ServerRequest,
        context: RequestContext<RoleClient>,
    ) -> Result<ClientResult, ErrorData> {
        if matches!(request, ServerRequest::PingRequest(_)) {
            return Ok(ClientResult::empty(()));
        }
        // Sampling, elicitation, roots: the client answers, not the proxy.
        *request.get_meta_mut() = context.meta;
        let method = server_method(&request);
        let handle = self
            .downstream
            .send_request_with_option(
                request,
                PeerRequestOptions::with_timeout(self.timeout).reset_timeout_on_progress(),
            )
            .await
            .map_err(|e| service_error(&e, &method, self.timeout, "client"))?;
        let (id, peer) = (handle.id.clone(), handle.peer.clone());
        tokio::select! {
            answer = handle.await_response() => {
                answer.map_err(|e| service_error(&e, &method, self.timeout, "client"))
            }
            () = context.ct.cancelled() => {
                let _ = peer.send_notification(cancelled(id, "the server cancelled it").into()).await;
                Err(ErrorData::new(ErrorCode::INTERNAL_ERROR, "cancelled by the server", None))
            }
        }
    }

    async fn handle_notification(
        &self,
        mut notification: ServerNotification,
        context: NotificationContext<RoleClient>,
    ) -> Result<(), ErrorData> {
        if !context.meta.is_empty() {
            *notification.get_meta_mut() = context.meta;
        }
        let notification = match notification {
            ServerNotification::ProgressNotification(mut progress) => {
                // Progress reaches the client under the client's own token, and only for
                // requests that asked for it.
                let Some((token, peer)) = self.askers.get(&progress.params.progress_token) else {
                    return Ok(());
                };
                progress.params.progress_token = token;
                let _ = peer
                    .send_notification(ServerNotification::ProgressNotification(progress))
                    .await;
                return Ok(());
            }
            // rmcp turns the server's cancellations into the cancellation of the request
            // it forwarded (see `handle_request`), which sends the client its own.
            ServerNotification::CancelledNotification(_) => return Ok(()),
            other => other,
        };
        for peer in self.askers.recipients(&self.downstream) {
            let _ = peer.send_notification(notification.clone()).await;
        }
        Ok(())
    }

    fn get_info(&self) -> ClientConfig {
        self.client_info.clone()
    }
}

/// Sends a client's request to the server and waits for the answer, with the client's `_meta`,
/// its progress notifications mapped back to its token, the client's cancellation passed on,
/// and a time limit that the server's progress resets. The answer leaves after every
/// notification the server sent before it (`order`).
pub(crate) async fn forward(
    peer: &Peer<RoleClient>,
    mut request: ClientRequest,
    context: RequestContext<RoleServer>,
    askers: &Askers,
    order: &Sequencer,
    timeout: Duration,
) -> Result<ServerResult, ErrorData> {
    let method = request.method().to_owned();
    let client_token = context.meta.get_progress_token();
    *request.get_meta_mut() = super::era::forwarded_meta(context.meta);
    let handle = peer
        .send_request_with_option(
            request,
            PeerRequestOptions::with_timeout(timeout).reset_timeout_on_progress(),
        )
        .await
        .map_err(|e| service_error(&e, &method, timeout, "server"))?;
    let upstream_token = handle.progress_token.clone();
    if let Some(token) = client_token {
        askers.insert(upstream_token.clone(), token, context.peer.clone());
    }
    let _flying = askers.fly(&context.peer);
    let (id, upstream) = (handle.id.clone(), handle.peer.clone());
    let answer = tokio::select! {
        answer = handle.await_response() => {
            // What the server sent before its answer goes first: the answer waits until
            // those notifications are passed on. Bounded, for a client that stopped reading.
            let _ = tokio::time::timeout(timeout, order.settled(&id)).await;
            answer.map_err(|e| service_error(&e, &method, timeout, "server"))
        }
        () = context.ct.cancelled() => {
            let _ = upstream.send_notification(cancelled(id, "the client cancelled it").into()).await;
            Err(ErrorData::new(ErrorCode::INTERNAL_ERROR, "cancelled by the client", None))
        }
    };
    askers.remove(&upstream_token);
    answer
}

/// Passes a client's notification to the server, except those the proxy's two sessions handle
/// themselves (`initialized`, and cancellations, which `forward` translates).
pub(crate) async fn forward_client_notification(
    peer: &Peer<RoleClient>,
    mut notification: ClientNotification,
    context: NotificationContext<RoleServer>,
) {
    match notification {
        ClientNotification::InitializedNotification(_)
        | ClientNotification::CancelledNotification(_) => {}
        _ => {
            if !context.meta.is_empty() {
                *notification.get_meta_mut() = context.meta;
            }
            let _ = peer.send_notification(notification).await;
        }
    }
}

fn server_method(request: &ServerRequest) -> String {
    match request {
        ServerRequest::PingRequest(_) => "ping".to_owned(),
        ServerRequest::CreateMessageRequest(_) => "sampling/createMessage".to_owned(),
        ServerRequest::ListRootsRequest(_) => "roots/list".to_owned(),
        ServerRequest::ElicitRequest(_) => "elicitation/create".to_owned(),
        ServerRequest::CustomRequest(r) => r.method.clone(),
        _ => "a request".to_owned(),
    }
}

fn cancelled(id: rmcp::model::RequestId, reason: &str) -> CancelledNotification {
    CancelledNotification::new(CancelledNotificationParam::new(
        Some(id),
        Some(reason.to_owned()),
    ))
}

/// The error the other side gets when a forwarded request fails: the peer's own error as it
/// sent it, or what went wrong on the way.
fn service_error(e: &ServiceError, method: &str, timeout: Duration, peer: &str) -> ErrorData {
    match e {
        ServiceError::McpError(data) => data.clone(),
        ServiceError::Timeout { .. } => ErrorData::internal_error(
            format!(
                "the {peer} did not answer {method} within {} s, so the proxy cancelled it; raise the proxy's --timeout if it needs longer",
                timeout.as_secs()
            ),
            None,
        ),
        ServiceError::TransportClosed => ErrorData::internal_error(
            format!(
                "the {peer} closed the connection before answering {method}; if it exited, its messages on stderr say why"
            ),
            None,
        ),
        other => ErrorData::internal_error(
            format!("forwarding {method} to the {peer} failed: {other}"),
            None,
        ),
    }
}
