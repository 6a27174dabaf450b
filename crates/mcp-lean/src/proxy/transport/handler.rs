//! The proxy as an rmcp `ServerHandler`, the one both transports serve (rmcp's streamable HTTP
//! service takes it as it is, and stdio wraps it): each method rebuilds its request and hands it
//! to the proxy's own dispatch, so HTTP and stdio clients are served by the same code.

// Logging and resource subscriptions are deprecated by the 2026 revision, but clients of the
// older era still use them, and the proxy passes them on.
#![allow(deprecated)]

use std::future::Future;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResponse, CancelTaskParams,
    CancelledNotification, CancelledNotificationParam, ClientNotification, ClientRequest,
    CompleteRequest, CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest,
    CustomResult, DiscoverRequest, DiscoverRequestParams, DiscoverResult, ErrorData, Extensions,
    GetPromptRequest, GetPromptRequestParams, GetPromptResponse, GetSkillRequest,
    GetSkillRequestParams, GetSkillResult, GetTaskParams, GetTaskRequest, GetTaskResult,
    InitializeRequest, InitializeRequestParams, InitializeResult, InitializedNotification,
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ListSkillsResult,
    ListToolsResult, PaginatedRequestParams, ProgressNotification, ProgressNotificationParam,
    ReadResourceRequest, ReadResourceRequestParams, ReadResourceResponse,
    RootsListChangedNotification, ServerCapabilities, ServerConfig, ServerResult, SetLevelRequest,
    SetLevelRequestParams, SubscribeRequest, SubscribeRequestParams, SubscriptionFilter,
    UnsubscribeRequest, UnsubscribeRequestParams, UpdateTaskParams, UpdateTaskRequest,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{RoleServer, ServerHandler, Service as _};
use serde::de::DeserializeOwned;

use crate::proxy::downstream::Proxy;
use crate::proxy::era;

/// Finds the proxy a request belongs to: a session's own, opened at `initialize`, or, for a
/// client of the 2026 era, which has no session, the one of its token.
pub(crate) trait Route: Send + Sync + 'static {
    /// The proxy for `request`, which came with `extensions`.
    fn proxy(
        &self,
        request: &ClientRequest,
        extensions: &Extensions,
    ) -> Result<Arc<Proxy>, ErrorData>;
    /// The proxy for a request that opens no session and came with `extensions`.
    fn caller(&self, extensions: &Extensions) -> Result<Arc<Proxy>, ErrorData>;
    /// The proxy a notification that came with `extensions` goes to, when there is one.
    fn current(&self, extensions: &Extensions) -> Option<Arc<Proxy>>;
    /// What the server said of itself, when a session with it is open.
    fn info(&self) -> Option<ServerConfig>;
}

/// The proxy behind rmcp's `ServerHandler`.
pub(crate) struct Handler<R: Route>(pub(crate) R);

impl<R: Route> Handler<R> {
    async fn ask(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        let proxy = self.0.proxy(&request, &context.extensions)?;
        proxy.handle_request(request, context).await
    }

    /// [`ask`](Self::ask), its result read as `T`: `ServerResult` is an untagged enum, so a
    /// result of one kind may have been read as another with the same fields.
    async fn ask_as<T: DeserializeOwned>(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<T, ErrorData> {
        let result = self.ask(request, context).await?;
        serde_json::to_value(&result)
            .and_then(serde_json::from_value)
            .map_err(|e| {
                ErrorData::internal_error(
                    format!("the server's answer is not of the kind asked for: {e}"),
                    None,
                )
            })
    }

    async fn tell(
        &self,
        notification: ClientNotification,
        context: NotificationContext<RoleServer>,
    ) {
        if let Some(proxy) = self.0.current(&context.extensions) {
            let _ = proxy.handle_notification(notification, context).await;
        }
    }
}

/// What the proxy says of a server it has not reached yet, where rmcp asks before any session
/// is open: every notification a `subscriptions/listen` stream can carry, so that a stream
/// opened first is acknowledged with what it asked for (what the server never sends never
/// comes).
fn unknown_server() -> ServerConfig {
    ServerConfig::new(
        ServerCapabilities::builder()
            .enable_tools()
            .enable_tool_list_changed()
            .enable_prompts()
            .enable_prompts_list_changed()
            .enable_resources()
            .enable_resources_list_changed()
            .enable_resources_subscribe()
            .build(),
    )
}

/// The revision's answer to a method it removed, asked for under it (over HTTP the gate gives
/// it before rmcp; over standard input and output it comes here).
fn removed<M: rmcp::model::ConstString>(
    context: &RequestContext<RoleServer>,
) -> Result<(), ErrorData> {
    if era::is_modern(context.meta.protocol_version().as_ref()) {
        return Err(ErrorData::method_not_found::<M>());
    }
    Ok(())
}

impl<R: Route> ServerHandler for Handler<R> {
    fn get_info(&self) -> ServerConfig {
        self.0.info().unwrap_or_else(unknown_server)
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        // rmcp keeps of it what the server's capabilities advertise.
        Some(requested.clone())
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let proxy = self.0.caller(&context.request_context().extensions)?;
        proxy.listen(context).await
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        // Over standard input and output, once requests of the 2026 era began (no handshake
        // then, so no peer info), an `initialize` that names that era is a removed method.
        if context.peer.peer_info().is_none() {
            removed::<rmcp::model::InitializeResultMethod>(&context)?;
        }
        context.peer.set_peer_info(request.clone());
        self.ask_as(
            ClientRequest::InitializeRequest(InitializeRequest::new(request)),
            context,
        )
        .await
    }

    async fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, ErrorData> {
        self.ask_as(
            ClientRequest::DiscoverRequest(DiscoverRequest::new(DiscoverRequestParams {})),
            context,
        )
        .await
    }

    async fn ping(&self, context: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        self.ask(ClientRequest::PingRequest(Default::default()), context)
            .await
            .map(drop)
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        self.ask_as(
            ClientRequest::CompleteRequest(CompleteRequest::new(request)),
            context,
        )
        .await
    }

    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        removed::<rmcp::model::SetLevelRequestMethod>(&context)?;
        self.ask(
            ClientRequest::SetLevelRequest(SetLevelRequest::new(request)),
            context,
        )
        .await
        .map(drop)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        match self
            .ask(
                ClientRequest::GetPromptRequest(GetPromptRequest::new(request)),
                context,
            )
            .await?
        {
            ServerResult::InputRequiredResult(r) => Ok(r.into()),
            other => reread(&other).map(GetPromptResponse::Complete),
        }
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let r = rmcp::model::ListPromptsRequest {
            params: request,
            ..Default::default()
        };
        self.ask_as(ClientRequest::ListPromptsRequest(r), context)
            .await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let r = rmcp::model::ListResourcesRequest {
            params: request,
            ..Default::default()
        };
        self.ask_as(ClientRequest::ListResourcesRequest(r), context)
            .await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let r = rmcp::model::ListResourceTemplatesRequest {
            params: request,
            ..Default::default()
        };
        self.ask_as(ClientRequest::ListResourceTemplatesRequest(r), context)
            .await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        match self
            .ask(
                ClientRequest::ReadResourceRequest(ReadResourceRequest::new(request)),
                context,
            )
            .await?
        {
            ServerResult::InputRequiredResult(r) => Ok(r.into()),
            other => reread(&other).map(ReadResourceResponse::Complete),
        }
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.ask(
            ClientRequest::SubscribeRequest(SubscribeRequest::new(request)),
            context,
        )
        .await
        .map(drop)
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.ask(
            ClientRequest::UnsubscribeRequest(UnsubscribeRequest::new(request)),
            context,
        )
        .await
        .map(drop)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        match self
            .ask(
                ClientRequest::CallToolRequest(CallToolRequest::new(request)),
                context,
            )
            .await?
        {
            ServerResult::InputRequiredResult(r) => Ok(r.into()),
            ServerResult::CreateTaskResult(r) => Ok(r.into()),
            other => reread(&other).map(CallToolResponse::Complete),
        }
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let r = rmcp::model::ListToolsRequest {
            params: request,
            ..Default::default()
        };
        self.ask_as(ClientRequest::ListToolsRequest(r), context)
            .await
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        let result = self
            .ask(ClientRequest::CustomRequest(request), context)
            .await?;
        serde_json::to_value(result)
            .map(CustomResult)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        self.ask_as(
            ClientRequest::GetTaskRequest(GetTaskRequest::new(request)),
            context,
        )
        .await
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.ask(
            ClientRequest::UpdateTaskRequest(UpdateTaskRequest::new(request)),
            context,
        )
        .await
        .map(drop)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.ask(
            ClientRequest::CancelTaskRequest(rmcp::model::CancelTaskRequest::new(request)),
            context,
        )
        .await
        .map(drop)
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        let r = rmcp::model::ListSkillsRequest {
            params: request,
            ..Default::default()
        };
        self.ask_as(ClientRequest::ListSkillsRequest(r), context)
            .await
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        self.ask_as(
            ClientRequest::GetSkillRequest(GetSkillRequest::new(request)),
            context,
        )
        .await
    }

    fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.tell(
            ClientNotification::CancelledNotification(CancelledNotification::new(notification)),
            context,
        )
    }

    fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.tell(
            ClientNotification::ProgressNotification(ProgressNotification::new(notification)),
            context,
        )
    }

    fn on_initialized(
        &self,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.tell(
            ClientNotification::InitializedNotification(InitializedNotification::default()),
            context,
        )
    }

    fn on_roots_list_changed(
        &self,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.tell(
            ClientNotification::RootsListChangedNotification(
                RootsListChangedNotification::default(),
            ),
            context,
        )
    }

    fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.tell(
            ClientNotification::CustomNotification(notification),
            context,
        )
    }
}

/// A result read again as `T`.
fn reread<T: DeserializeOwned>(result: &ServerResult) -> Result<T, ErrorData> {
    serde_json::to_value(result)
        .and_then(serde_json::from_value)
        .map_err(|e| {
            ErrorData::internal_error(
                format!("the server's answer is not of the kind asked for: {e}"),
                None,
            )
        })
}
