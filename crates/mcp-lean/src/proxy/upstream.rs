//! The server's side: the rmcp client the server talks to, which presents itself with the
//! client's own `initialize` parameters and passes the server's requests and notifications to
//! the client (a client of the 2026 era through the input-required bridge and its subscription
//! streams); [`forward`], which sends a client's request with its `_meta`, progress and
//! cancellation; and, in [`link`], how the server is reached and the session opened.

// Logging is deprecated by the 2026 revision, but servers still send log messages, and clients
// of either era ask for them.
#![allow(deprecated)]

pub(crate) mod link;

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    ClientConfig, ClientNotification, ClientRequest, ClientResult, ErrorCode, ErrorData, GetMeta,
    ServerNotification, ServerRequest, ServerResult,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RequestContext};
use rmcp::{Peer, RoleClient, RoleServer, Service};

use super::bridge::{Bridge, fulfil};
use super::era::of_older_era;
use super::jsonrpc::{cancelled, send, server_method, service_error};
use super::routing::askers::Askers;
use super::routing::order::{Sequencer, take_ticket};
use super::routing::subscriptions::{Subscriptions, is_subscribed_kind};

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
