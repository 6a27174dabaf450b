//! The proxy over standard input and output: the same rmcp `ServerHandler` as over HTTP (so a
//! client of either era is served by the same checks: per-request `_meta`, removed methods,
//! `subscriptions/listen`), with one route, and the two checks a `subscriptions/listen` needs
//! before rmcp acknowledges it, which its dispatch gives no handler the chance to make: the
//! server's session is opened first, so the acknowledgment names what the server can send, and
//! a second stream with the id of one still open is refused, since on a shared channel the id
//! is all that tells the streams' notifications apart.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::{
    ClientNotification, ClientRequest, ErrorData, Extensions, ProtocolVersion, RequestId,
    ServerConfig, ServerResult,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::{RoleServer, Service};

use super::downstream::Proxy;
use super::era;
use super::handler::{Handler, Route};

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
        let shared = self.0.shared();
        let connected = shared.connected()?;
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

/// A stream's id, taken back when the stream ends.
struct Claim {
    id: RequestId,
    listening: Arc<Mutex<HashSet<RequestId>>>,
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
    /// Claims `id` for a new stream, and opens the server's session.
    async fn before_listen(
        &self,
        context: &RequestContext<RoleServer>,
    ) -> Result<Claim, ErrorData> {
        let fresh = self
            .listening
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(context.id.clone());
        if !fresh {
            return Err(ErrorData::invalid_request(
                format!(
                    "a subscriptions/listen stream with the id {} is open already on this connection, and the id is what tells streams apart; give each subscriptions/listen an id of its own, or cancel the open one first",
                    context.id
                ),
                None,
            ));
        }
        let claim = Claim {
            id: context.id.clone(),
            listening: Arc::clone(&self.listening),
        };
        self.handler.0.0.session(context).await?;
        Ok(claim)
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
        let _claim = if matches!(request, ClientRequest::SubscriptionsListenRequest(_)) {
            Some(self.before_listen(&context).await?)
        } else {
            None
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
