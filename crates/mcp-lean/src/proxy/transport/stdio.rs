//! The proxy over standard input and output: the same rmcp `ServerHandler` as over HTTP (so a
//! client of either era is served by the same checks: per-request `_meta`, removed methods,
//! `subscriptions/listen`), with one route, and what a `subscriptions/listen` needs before rmcp
//! acknowledges it, which its dispatch gives no handler the chance to do: the server's session
//! is opened first, so the acknowledgment names what the server can send, and its resources are
//! subscribed to at the server, so that no update sent after the acknowledgment is missed. And
//! [`Guarded`], around the transport, refuses a request with the id of a stream still open
//! before rmcp sees it: on a shared channel the id is all that tells the streams apart, and
//! rmcp, which keys a request's cancellation by its id, would lose the open stream's.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::JsonRpcMessage;
use rmcp::model::{
    ClientNotification, ClientRequest, ErrorData, Extensions, ProtocolVersion, RequestId,
    ServerConfig, ServerResult, SubscriptionFilter,
};
use rmcp::service::{NotificationContext, RequestContext, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::{RoleServer, Service};

use super::handler::{Handler, Route};
use crate::proxy::downstream::Proxy;
use crate::proxy::era;
use crate::proxy::routing::subscriptions::Wanted;

/// The one proxy of a standard input and output connection.
pub(crate) struct Single(pub(crate) Arc<Proxy>);

impl Route for Single {
    fn proxy(
        &self,
        _request: &ClientRequest,
        _extensions: &Extensions,
    ) -> Result<Arc<Proxy>, ErrorData> {
        Ok(Arc::clone(&self.0))
    }

    fn caller(&self, _extensions: &Extensions) -> Result<Arc<Proxy>, ErrorData> {
        Ok(Arc::clone(&self.0))
    }

    fn current(&self, _extensions: &Extensions) -> Option<Arc<Proxy>> {
        Some(Arc::clone(&self.0))
    }

    fn info(&self) -> Option<ServerConfig> {
        let state = self.0.state();
        let connected = state.connected()?;
        Some(era::initialize_answer(
            &connected.server,
            &ProtocolVersion::LATEST_WITH_INITIALIZE,
        ))
    }
}

/// The service rmcp serves on standard input and output.
pub(crate) struct Stdio {
    handler: Handler<Single>,
    /// The ids of the `subscriptions/listen` streams open now.
    listening: Arc<Mutex<HashSet<RequestId>>>,
}

impl Stdio {
    pub(crate) fn new(proxy: Arc<Proxy>) -> Self {
        Self {
            handler: Handler(Single(proxy)),
            listening: Arc::default(),
        }
    }
}

/// A stream's id, and the resources it wants, taken back when the stream ends.
struct Claim {
    id: RequestId,
    listening: Arc<Mutex<HashSet<RequestId>>>,
    wanted: Option<Wanted>,
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.listening
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.id);
    }
}

impl Stdio {
    /// Opens the server's session and subscribes to the resources the stream asks about; the
    /// stream's id was claimed by [`Guarded`] when it was read.
    async fn before_listen(
        &self,
        filter: &SubscriptionFilter,
        context: &RequestContext<RoleServer>,
    ) -> Result<Claim, ErrorData> {
        let mut claim = Claim {
            id: context.id.clone(),
            listening: Arc::clone(&self.listening),
            wanted: None,
        };
        let proxy = &self.handler.0.0;
        let connected = proxy.server_session(context).await?;
        let resources = filter.resource_subscriptions.clone().unwrap_or_default();
        claim.wanted = Some(proxy.want_resources(connected, &resources).await?);
        Ok(claim)
    }

    /// `transport`, with requests that reuse the id of an open stream refused.
    pub(crate) fn guard<T>(&self, transport: T) -> Guarded<T> {
        Guarded {
            inner: transport,
            listening: Arc::clone(&self.listening),
        }
    }
}

/// The client's transport, refusing a request whose id is that of an open
/// `subscriptions/listen` stream, and claiming the id of each new stream as it is read.
pub(crate) struct Guarded<T> {
    inner: T,
    listening: Arc<Mutex<HashSet<RequestId>>>,
}

impl<T: Transport<RoleServer>> Transport<RoleServer> for Guarded<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            let message = self.inner.receive().await?;
            let JsonRpcMessage::Request(request) = &message else {
                return Some(message);
            };
            let listen = matches!(
                request.request,
                ClientRequest::SubscriptionsListenRequest(_)
            );
            let fresh = {
                let mut open = self
                    .listening
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                if open.contains(&request.id) {
                    false
                } else {
                    if listen {
                        open.insert(request.id.clone());
                    }
                    true
                }
            };
            if fresh {
                return Some(message);
            }
            let error = ErrorData::invalid_request(
                format!(
                    "the id {} belongs to a subscriptions/listen stream still open on this connection, and ids are what tell requests and streams apart; give each request an id of its own, or cancel the stream first",
                    request.id
                ),
                None,
            );
            let refusal = JsonRpcMessage::error(error, Some(request.id.clone()));
            // Sent on a task of its own: rmcp drops this future when another event comes first,
            // and the refusal must not go with it (the request is read already). A client that
            // stopped reading gets nothing.
            tokio::spawn(self.inner.send(refusal));
        }
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

impl Service<RoleServer> for Stdio {
    async fn handle_request(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        // The claim lasts as long as the stream: rmcp's dispatch of a listen returns when it
        // ends.
        let _claim = match &request {
            ClientRequest::SubscriptionsListenRequest(listen) => Some(
                self.before_listen(&listen.params.notifications, &context)
                    .await?,
            ),
            _ => None,
        };
        Service::handle_request(&self.handler, request, context).await
    }

    async fn handle_notification(
        &self,
        notification: ClientNotification,
        context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        Service::handle_notification(&self.handler, notification, context).await
    }

    fn get_info(&self) -> ServerConfig {
        Service::get_info(&self.handler)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Service::supported_protocol_versions(&self.handler)
    }
}
