//! The server's side: an rmcp client that presents itself with the client's own
//! `initialize` parameters, passes the server's requests and notifications to the client,
//! and forwards the client's requests with their `_meta`, progress and cancellation.

// Logging is deprecated by the 2026 revision, but servers still send log messages, and clients
// of either era ask for them.
#![allow(deprecated)]

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::model::{
    CancelledNotification, CancelledNotificationParam, ClientConfig, ClientNotification,
    ClientRequest, ClientResult, ErrorCode, ErrorData, GetMeta, LoggingLevel, ProgressToken,
    ServerNotification, ServerRequest, ServerResult,
};
use rmcp::service::{
    NotificationContext, PeerRequestOptions, RequestContext, RequestHandle, ServiceError,
};
use rmcp::{Peer, RoleClient, RoleServer, Service};

use super::bridge::{Bridge, fulfil};
use super::order::{Sequencer, take_ticket};
use super::subscriptions::{Subscriptions, is_subscribed_kind};

/// The token a client gave a request, and the client connection that sent it.
type Asker = (ProgressToken, Peer<RoleServer>);

/// Who asked what, for routing the server's notifications back: the progress tokens of
/// forwarded requests (the token rmcp gave the server's copy of a request, to the token the
/// client gave the original and the client connection that asked: over HTTP, a request of the
/// 2026 era has a connection of its own), and the requests in flight, with the log level each
/// asked for.
#[derive(Debug, Clone, Default)]
pub(crate) struct Askers {
    progress: Arc<Mutex<HashMap<ProgressToken, Asker>>>,
    in_flight: Arc<Mutex<InFlight>>,
    /// Whether each request comes on a connection of its own (HTTP clients of the 2026 era):
    /// then a notification that names no request goes to the connections of the requests in
    /// flight, as the server sent it while answering them.
    stateless: bool,
}

#[derive(Debug, Default)]
struct InFlight {
    next: u64,
    flights: BTreeMap<u64, Flight>,
}

/// A request in flight.
#[derive(Debug)]
struct Flight {
    peer: Peer<RoleServer>,
    /// The lowest level of log message it asked for (`io.modelcontextprotocol/logLevel` in its
    /// `_meta`), when it is of the 2026 era and asked; such a request gets no log message
    /// without it.
    log_level: Option<LoggingLevel>,
}

/// A request in flight, taken out of [`Askers`] when dropped.
pub(crate) struct Flying {
    key: u64,
    in_flight: Arc<Mutex<InFlight>>,
}

impl Drop for Flying {
    fn drop(&mut self) {
        lock(&self.in_flight).flights.remove(&self.key);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whether the client on `peer` opened its session with `initialize` (rmcp gives the
/// connection of an HTTP request of the 2026 era a made-up `initialize` at that revision).
pub(crate) fn of_older_era(peer: &Peer<RoleServer>) -> bool {
    peer.peer_info()
        .is_some_and(|info| info.protocol_version.has_initialize())
}

/// The severity of a log level, for comparing (the revision's order, debug lowest).
fn severity(level: LoggingLevel) -> u8 {
    level as u8
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

    /// Maps the server's progress under `upstream` to the client's `downstream` token on `peer`.
    pub(crate) fn insert(
        &self,
        upstream: ProgressToken,
        downstream: ProgressToken,
        peer: Peer<RoleServer>,
    ) {
        lock(&self.progress).insert(upstream, (downstream, peer));
    }

    /// Forgets the mapping of `upstream`.
    pub(crate) fn remove(&self, upstream: &ProgressToken) {
        lock(&self.progress).remove(upstream);
    }

    fn get(&self, upstream: &ProgressToken) -> Option<Asker> {
        lock(&self.progress).get(upstream).cloned()
    }

    /// Records a request in flight until the returned guard is dropped.
    pub(crate) fn fly(&self, context: &RequestContext<RoleServer>) -> Flying {
        let log_level = context.meta.log_level();
        let mut in_flight = lock(&self.in_flight);
        let key = in_flight.next;
        in_flight.next += 1;
        in_flight.flights.insert(
            key,
            Flight {
                peer: context.peer.clone(),
                log_level,
            },
        );
        Flying {
            key,
            in_flight: Arc::clone(&self.in_flight),
        }
    }

    /// Where a notification that names no request goes: the client's session when it is of
    /// the older era; else (a client of the 2026 era) the connections of the requests in
    /// flight, or, over standard input and output, the one connection while any is. A log
    /// message goes only where a request asked for its level (`level`).
    fn recipients(
        &self,
        session: &Peer<RoleServer>,
        level: Option<LoggingLevel>,
    ) -> Vec<Peer<RoleServer>> {
        if of_older_era(session) && !self.stateless {
            return vec![session.clone()];
        }
        let in_flight = lock(&self.in_flight);
        let wanted = in_flight.flights.values().filter(|flight| match level {
            None => true,
            Some(level) => flight
                .log_level
                .is_some_and(|asked| severity(level) >= severity(asked)),
        });
        if self.stateless {
            wanted.map(|flight| flight.peer.clone()).collect()
        } else if wanted.count() > 0 {
            vec![session.clone()]
        } else {
            Vec::new()
        }
    }
}

/// The rmcp client the server talks to.
pub(crate) struct Upstream {
    downstream: Peer<RoleServer>,
    client_info: ClientConfig,
    askers: Askers,
    bridge: Arc<Bridge>,
    subscriptions: Arc<Subscriptions>,
    timeout: Duration,
}

impl Upstream {
    /// The client the server talks to, passing what it sends to `downstream`: through
    /// `askers`, and, for a client of the 2026 era, through the input-required bridge and the
    /// subscription streams (`modern`).
    pub(crate) fn new(
        downstream: Peer<RoleServer>,
        client_info: ClientConfig,
        askers: Askers,
        modern: (Arc<Bridge>, Arc<Subscriptions>),
        timeout: Duration,
    ) -> Self {
        let (bridge, subscriptions) = modern;
        Self {
            downstream,
            client_info,
            askers,
            bridge,
            subscriptions,
            timeout,
        }
    }
}

impl Service<RoleClient> for Upstream {
    async fn handle_request(
        &self,
        mut request: ServerRequest,
        mut context: RequestContext<RoleClient>,
    ) -> Result<ClientResult, ErrorData> {
        // The request counts as routed when this is dropped (see `order`).
        let ticket = take_ticket(&mut context.extensions);
        if matches!(request, ServerRequest::PingRequest(_)) {
            return Ok(ClientResult::empty(()));
        }
        // Sampling, elicitation, roots: the client answers, not the proxy.
        *request.get_meta_mut() = context.meta;
        if !of_older_era(&self.downstream) {
            // A client of the 2026-07-28 revision is asked only through the answer to one of
            // its calls.
            return self.bridge.ask(request, ticket, context.ct).await;
        }
        let method = server_method(&request);
        let handle = self
            .downstream
            .send_request_with_option(
                request,
                PeerRequestOptions::with_timeout(self.timeout).reset_timeout_on_progress(),
            )
            .await
            .map_err(|e| service_error(&e, &method, self.timeout, "client"))?;
        drop(ticket);
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
        if is_subscribed_kind(&notification) && !of_older_era(&self.downstream) {
            // A client of the 2026 era gets these only on the subscription streams that asked.
            self.subscriptions.deliver(&notification).await;
            return Ok(());
        }
        let level = match &notification {
            ServerNotification::LoggingMessageNotification(log) => Some(log.params.level),
            _ => None,
        };
        for peer in self.askers.recipients(&self.downstream, level) {
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
    let _flying = askers.fly(&context);
    *request.get_meta_mut() = super::era::forwarded_meta(context.meta);
    // A server of the 2026 era may answer with questions, which a client of the older era is
    // asked as requests of the server's (see `bridge::fulfil`); the call is then sent again.
    let retry = (matches!(
        request,
        ClientRequest::CallToolRequest(_)
            | ClientRequest::GetPromptRequest(_)
            | ClientRequest::ReadResourceRequest(_)
    ) && of_older_era(&context.peer))
    .then(|| request.clone());
    let handle = send(peer, request, timeout).await?;
    let upstream_token = handle.progress_token.clone();
    if let Some(token) = client_token {
        askers.insert(upstream_token.clone(), token, context.peer.clone());
    }
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
    match (answer, retry) {
        (Ok(ServerResult::InputRequiredResult(asked)), Some(request)) => {
            fulfil(peer, &context.peer, request, asked, timeout, &context.ct).await
        }
        (answer, _) => answer,
    }
}

/// Sends a client's request to the server with a time limit that the server's progress resets.
///
/// # Errors
///
/// What went wrong on the way, as the client gets it.
pub(crate) async fn send(
    peer: &Peer<RoleClient>,
    request: ClientRequest,
    timeout: Duration,
) -> Result<RequestHandle<RoleClient>, ErrorData> {
    let method = request.method().to_owned();
    peer.send_request_with_option(
        request,
        PeerRequestOptions::with_timeout(timeout).reset_timeout_on_progress(),
    )
    .await
    .map_err(|e| service_error(&e, &method, timeout, "server"))
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

/// The method of a server's request, for messages.
pub(crate) fn server_method(request: &ServerRequest) -> String {
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
pub(crate) fn service_error(
    e: &ServiceError,
    method: &str,
    timeout: Duration,
    peer: &str,
) -> ErrorData {
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
