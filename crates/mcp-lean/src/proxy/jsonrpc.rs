//! JSON-RPC helpers both sides of the proxy share: a request sent with a time limit that
//! progress resets, the error the other side gets when a forwarded request fails, the method of
//! a server's request for messages, and a cancellation notification.

use std::time::Duration;

use rmcp::model::{
    CancelledNotification, CancelledNotificationParam, ClientRequest, ErrorData, RequestId,
    ServerRequest,
};
use rmcp::service::{PeerRequestOptions, RequestHandle, ServiceError};
use rmcp::{Peer, RoleClient};

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

/// The notification that cancels the request `id`, saying why.
pub(crate) fn cancelled(id: RequestId, reason: &str) -> CancelledNotification {
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
