//! The two protocol eras the proxy speaks on both sides: the `initialize` handshake (up to
//! 2025-11-25) and the 2026-07-28 revision, where every request carries its protocol version,
//! client info and capabilities in `_meta` and `server/discover` replaces `initialize`.

use rmcp::model::{
    ClientConfig, DiscoverResult, ElicitationCapability, ErrorCode, ErrorData,
    FormElicitationCapability, Implementation, InitializeResult, ProtocolVersion,
    RequestMetaObject, ResultType, RootsCapabilities, SamplingCapability, ServerResult,
    ToolsCapability, UrlElicitationCapability,
};
use rmcp::{Peer, RoleServer};

/// The `_meta` keys of the 2026-07-28 revision's per-request lifecycle.
const LIFECYCLE_PREFIX: &str = "io.modelcontextprotocol/";

/// Whether `version` is of the 2026-07-28 revision or later (no `initialize`).
pub(crate) fn is_modern(version: Option<&ProtocolVersion>) -> bool {
    version.is_some_and(|v| !v.has_initialize())
}

/// Whether the client on `peer` opened its session with `initialize` (rmcp gives the
/// connection of an HTTP request of the 2026 era a made-up `initialize` at that revision).
pub(crate) fn of_older_era(peer: &Peer<RoleServer>) -> bool {
    peer.peer_info()
        .is_some_and(|info| info.protocol_version.has_initialize())
}

/// What the proxy presents to the server for a client that opened with `server/discover` or a
/// request with per-request `_meta`: its client info and capabilities from that `_meta`, and
/// the newest version with a handshake, for a server of the older era.
///
/// The capabilities are those the proxy can answer for through the input-required bridge
/// (elicitation in both modes, sampling, roots), whatever this first request declared: every
/// request of the 2026 era declares its own, the bridge checks each question against the
/// capabilities of the call it comes in, and a server of the older era asks only a client that
/// declared them at `initialize`.
pub(crate) fn client_from_meta(meta: &RequestMetaObject) -> ClientConfig {
    let mut capabilities = meta.client_capabilities().unwrap_or_default();
    capabilities.elicitation = Some(
        ElicitationCapability::new()
            .with_form(FormElicitationCapability::default())
            .with_url(UrlElicitationCapability::default()),
    );
    capabilities
        .sampling
        .get_or_insert_with(SamplingCapability::default);
    capabilities
        .roots
        .get_or_insert_with(RootsCapabilities::default);
    let mut config = ClientConfig::new(
        capabilities,
        meta.client_info().unwrap_or_else(|| {
            Implementation::new("mcp-lean-proxy-client", env!("CARGO_PKG_VERSION"))
        }),
    );
    config.protocol_version = ProtocolVersion::LATEST_WITH_INITIALIZE;
    config
}

/// A client's `_meta` for the server: without the lifecycle keys, which describe the client's
/// session with the proxy (a server of the 2026 era gets the proxy's own from rmcp; one of the
/// older era has no use for them).
pub(crate) fn forwarded_meta(meta: RequestMetaObject) -> RequestMetaObject {
    let mut meta = meta;
    meta.0.0.retain(|key, _| !key.starts_with(LIFECYCLE_PREFIX));
    meta
}

/// The answer to a client's `initialize`: the server's own answer, or one made from what it
/// said at `server/discover`, at the version the client asked for when the server is of the
/// 2026 era (it has no handshake version to give), with `tools` declared (the proxy adds one).
pub(crate) fn initialize_answer(
    server: &InitializeResult,
    asked: &ProtocolVersion,
) -> InitializeResult {
    let mut info = server.clone();
    if !info.protocol_version.has_initialize() {
        info.protocol_version = if asked.has_initialize() {
            asked.clone()
        } else {
            ProtocolVersion::LATEST_WITH_INITIALIZE
        };
    }
    if info.capabilities.tools.is_none() {
        info.capabilities.tools = Some(ToolsCapability::default());
    }
    info
}

/// The answer to `server/discover`, made from what the server said at `initialize` (or its own
/// discovery), with every version the proxy speaks to clients.
pub(crate) fn discover_answer(server: &InitializeResult) -> DiscoverResult {
    let mut info = server.clone();
    if info.capabilities.tools.is_none() {
        info.capabilities.tools = Some(ToolsCapability::default());
    }
    DiscoverResult::from_server_info(ProtocolVersion::KNOWN_VERSIONS.to_vec(), info)
}

/// A result shaped for the client's era: for the 2026 era, `resultType` (which its clients
/// require) and cache hints added; for the older one, `resultType` and non-object structured
/// output taken out (a server of the other era may have sent them, or not).
pub(crate) fn shape_result(result: &mut ServerResult, client: Option<&ProtocolVersion>) {
    if is_modern(client) {
        let kind = match result {
            ServerResult::CompleteResult(r) => &mut r.result_type,
            ServerResult::GetPromptResult(r) => &mut r.result_type,
            ServerResult::ListPromptsResult(r) => &mut r.result_type,
            ServerResult::ListResourcesResult(r) => &mut r.result_type,
            ServerResult::ListResourceTemplatesResult(r) => &mut r.result_type,
            ServerResult::ReadResourceResult(r) => &mut r.result_type,
            ServerResult::ListToolsResult(r) => &mut r.result_type,
            ServerResult::CallToolResult(r) => &mut r.result_type,
            ServerResult::ListSkillsResult(r) => &mut r.result_type,
            ServerResult::GetSkillResult(r) => &mut r.result_type,
            _ => &mut None,
        };
        if kind.is_none() {
            *kind = Some(ResultType::COMPLETE);
        }
        result.fill_missing_cache_hints();
    } else {
        result.strip_result_type_for_legacy_peer();
        result.strip_non_object_output_for_legacy_peer();
    }
}

/// An error shaped for the client's era: the 2026 revision reports a missing resource as
/// invalid parameters, with the URI asked for (`uri`, of a `resources/read`) in its data.
pub(crate) fn shape_error(
    mut error: ErrorData,
    client: Option<&ProtocolVersion>,
    uri: Option<&str>,
) -> ErrorData {
    if is_modern(client) && error.code == ErrorCode::RESOURCE_NOT_FOUND {
        error.code = ErrorCode::INVALID_PARAMS;
        if let Some(uri) = uri {
            match &mut error.data {
                Some(serde_json::Value::Object(data)) => {
                    data.entry("uri").or_insert_with(|| uri.into());
                }
                Some(_) => {}
                None => error.data = Some(serde_json::json!({"uri": uri})),
            }
        }
    }
    error
}

#[cfg(test)]
mod tests;
