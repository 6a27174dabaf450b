//! The client's side: an rmcp server that opens the session with the server on the client's
//! first request (`initialize`, `server/discover`, or any request of the 2026 era), rewrites
//! `tools/list` and `tools/call`, forwards every other request, and shapes each answer for the
//! client's protocol era.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use mcp_proxy_rules::{CallStats, Prepared, Timing, augment_tools_with};
use rmcp::model::{
    CallToolResult, ClientRequest, ErrorData, InitializeResult, ListToolsResult, ServerResult,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{RoleServer, Service};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::routing::subscriptions::Wanted;
use super::session::{Connected, SessionState};
use super::settings::Settings;
use super::upstream::{self, link::ServerLink};
use super::{bridge, era};

/// The rmcp server the client talks to.
pub(crate) struct Proxy {
    state: Arc<SessionState>,
}

impl Proxy {
    /// A proxy for one client session; `stateless` when each request comes on a connection of
    /// its own (HTTP clients of the 2026 era, which have no session).
    pub(crate) fn new(
        server: ServerLink,
        settings: Arc<Settings>,
        stop: CancellationToken,
        stateless: bool,
    ) -> Self {
        Self {
            state: Arc::new(SessionState::new(server, settings, stop, stateless)),
        }
    }

    /// The client session's state, which the transport serving it reads too.
    pub(crate) fn state(&self) -> Arc<SessionState> {
        Arc::clone(&self.state)
    }

    /// Serves one `subscriptions/listen` stream, acknowledged already, until the client
    /// cancels it or the server's session ends.
    ///
    /// # Errors
    ///
    /// The server's session cannot be opened, or the server refuses to send updates of a
    /// resource the stream asked about.
    pub(crate) async fn listen(&self, subscription: SubscriptionContext) -> Result<(), ErrorData> {
        let connected = self.server_session(subscription.request_context()).await?;
        let resources = subscription
            .accepted()
            .resource_subscriptions
            .clone()
            .unwrap_or_default();
        let _wanted = self.want_resources(connected, &resources).await?;
        let _open = self.state.subscriptions.open(subscription.sink().clone());
        tokio::select! {
            () = subscription.cancelled() => {}
            () = self.state.ended() => {}
        }
        Ok(())
    }

    /// Wants updates of `resources` from the server, when it sends any, until the guard drops.
    ///
    /// # Errors
    ///
    /// The server refuses to send updates of one of them.
    pub(crate) async fn want_resources(
        &self,
        connected: &Connected,
        resources: &[String],
    ) -> Result<Wanted, ErrorData> {
        let server_subscribes = connected
            .server
            .capabilities
            .resources
            .as_ref()
            .is_some_and(|r| r.subscribe == Some(true));
        let resources = if server_subscribes { resources } else { &[] };
        self.state
            .subscriptions
            .want(&connected.peer, resources, self.state.settings.timeout)
            .await
    }

    /// The session with the server, opened for a client that did not send `initialize` (one
    /// of the 2026 era: its request's `_meta` says who it is).
    pub(crate) async fn server_session(
        &self,
        context: &RequestContext<RoleServer>,
    ) -> Result<&Connected, ErrorData> {
        if let Some(connected) = self.state.connected() {
            return Ok(connected);
        }
        self.state
            .connect(era::client_from_meta(&context.meta), context.peer.clone())
            .await
    }

    async fn list_tools(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        let started = Instant::now();
        let connected = self.server_session(&context).await?;
        let first_page = match &request {
            ClientRequest::ListToolsRequest(r) => {
                r.params.as_ref().is_none_or(|p| p.cursor.is_none())
            }
            _ => true,
        };
        let result = self.ask_server(connected, request, context).await?;
        let ServerResult::ListToolsResult(list) = result else {
            return Ok(result);
        };
        let mut value = to_value(&list)?;
        let server_list = value.clone();
        let report = augment_tools_with(
            &mut value,
            connected.rewriter.profile(),
            connected.rewriter.boundary_nonce(),
        );
        if report.confirm_added && !first_page {
            // The confirm tool goes on the first page only.
            if let Some(tools) = value.get_mut("tools").and_then(Value::as_array_mut) {
                tools.pop();
            }
        }
        if first_page && !self.state.listed.swap(true, Ordering::Relaxed) {
            self.record(&CallStats::tools_list(
                &server_list,
                &value,
                started.elapsed(),
            ));
        }
        let list: ListToolsResult = from_value(value, "tools/list")?;
        Ok(ServerResult::ListToolsResult(list))
    }

    async fn call_tool(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        let started = Instant::now();
        let connected = self.server_session(&context).await?;
        let ClientRequest::CallToolRequest(mut call_request) = request else {
            return Err(ErrorData::internal_error("not a tools/call request", None));
        };
        let tool = call_request.params.name.to_string();
        let arguments = call_request.params.arguments.take();
        let (arguments, call) = match connected.rewriter.prepare(&tool, arguments) {
            Prepared::Answer(result) => {
                let stats = CallStats::answered(&tool, &result, started.elapsed());
                self.record(&stats);
                return Ok(ServerResult::CallToolResult(from_value(
                    result,
                    "tools/call",
                )?));
            }
            Prepared::Forward { arguments, call } => (arguments, call),
            _ => return Err(ErrorData::internal_error("unknown decision", None)),
        };
        call_request.params.arguments = arguments;
        let asked = Instant::now();
        let outcome = self
            .ask_server(
                connected,
                ClientRequest::CallToolRequest(call_request),
                context,
            )
            .await;
        let upstream_time = asked.elapsed();
        let result = match outcome {
            Ok(ServerResult::CallToolResult(result)) => result,
            Ok(other) => return Ok(other),
            Err(e) => {
                self.record(&CallStats::failed(&tool, started.elapsed()));
                return Err(e);
            }
        };
        let mut value = to_value(&result)?;
        let rewriter = Arc::clone(&connected.rewriter);
        let files = Arc::clone(&self.state.settings.files);
        // Digests take milliseconds of CPU; they run off the thread that moves messages.
        let rewritten = tokio::task::spawn_blocking(move || {
            let began = Instant::now();
            let outcome = rewriter.rewrite(&call, &mut value, &*files);
            (value, outcome, began.elapsed())
        })
        .await;
        let (value, outcome, rewrite_time) = match rewritten {
            Ok(done) => done,
            Err(e) => {
                // The rules never panic on input; if they ever do, the client gets the
                // server's result unchanged rather than nothing.
                eprintln!(
                    "mcp-lean proxy: rewriting a {tool} result failed ({e}); passing it unchanged"
                );
                return Ok(ServerResult::CallToolResult(result));
            }
        };
        let stats = CallStats::forwarded(
            &tool,
            (outcome.server_tokens, outcome.client_tokens),
            &outcome,
            Timing::new(started.elapsed(), upstream_time, rewrite_time),
        );
        self.record(&stats);
        match serde_json::from_value::<CallToolResult>(value) {
            Ok(lean) => Ok(ServerResult::CallToolResult(lean)),
            Err(_) => Ok(ServerResult::CallToolResult(result)),
        }
    }

    /// Sends a request to the server: through the input-required bridge when the server may
    /// ask this client something during it (see `bridge`), else forwarded as it is.
    async fn ask_server(
        &self,
        connected: &Connected,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        if bridge::applies(&request, &context, &connected.server) {
            return bridge::call(
                &self.state.bridge_parts(),
                &connected.peer,
                request,
                context,
            )
            .await;
        }
        upstream::forward(
            &connected.peer,
            request,
            context,
            &self.state.askers,
            &self.state.order,
            self.state.settings.timeout,
        )
        .await
    }

    fn record(&self, stats: &CallStats) {
        if let Some(file) = &self.state.settings.stats {
            file.append(stats);
        }
    }

    async fn dispatch(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        match request {
            ClientRequest::InitializeRequest(r) => {
                let asked = r.params.protocol_version.clone();
                let connected = self.state.connect(r.params, context.peer.clone()).await?;
                Ok(ServerResult::InitializeResult(era::initialize_answer(
                    &connected.server,
                    &asked,
                )))
            }
            ClientRequest::DiscoverRequest(_) => {
                let connected = self.server_session(&context).await?;
                Ok(ServerResult::DiscoverResult(era::discover_answer(
                    &connected.server,
                )))
            }
            ClientRequest::PingRequest(_) => Ok(ServerResult::empty(())),
            r @ ClientRequest::ListToolsRequest(_) => self.list_tools(r, context).await,
            r @ ClientRequest::CallToolRequest(_) => self.call_tool(r, context).await,
            other => {
                let connected = self.server_session(&context).await?;
                self.ask_server(connected, other, context).await
            }
        }
    }
}

impl Service<RoleServer> for Proxy {
    async fn handle_request(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        let client = context.protocol_version();
        let uri = match &request {
            ClientRequest::ReadResourceRequest(r) => Some(r.params.uri.clone()),
            _ => None,
        };
        self.dispatch(request, context)
            .await
            .map(|mut result| {
                era::shape_result(&mut result, client.as_ref());
                result
            })
            .map_err(|e| era::shape_error(e, client.as_ref(), uri.as_deref()))
    }

    async fn handle_notification(
        &self,
        notification: rmcp::model::ClientNotification,
        context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let Some(connected) = self.state.connected() else {
            return Ok(());
        };
        upstream::forward_client_notification(&connected.peer, notification, context).await;
        Ok(())
    }

    fn get_info(&self) -> InitializeResult {
        // Only read before initialize (the handshake answers with the server's own info).
        InitializeResult::default()
    }
}

fn to_value<T: serde::Serialize>(value: &T) -> Result<Value, ErrorData> {
    serde_json::to_value(value).map_err(|e| ErrorData::internal_error(e.to_string(), None))
}

fn from_value<T: serde::de::DeserializeOwned>(value: Value, what: &str) -> Result<T, ErrorData> {
    serde_json::from_value(value).map_err(|e| {
        ErrorData::internal_error(
            format!("the proxy made an invalid {what} result: {e}"),
            None,
        )
    })
}
