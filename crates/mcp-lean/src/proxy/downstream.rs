//! The client's side: an rmcp server that answers `initialize` by connecting to the server,
//! rewrites `tools/list` and `tools/call`, and forwards every other request.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mcp_proxy_rules::{
    CallStats, GoalDigester, Prepared, Profile, Rewriter, Timing, ToolFilter, augment_tools,
    result_tokens,
};
use rmcp::model::{
    CallToolResult, ClientRequest, ErrorData, InitializeResult, ListToolsResult, ServerResult,
    ToolsCapability,
};
use rmcp::service::{
    NotificationContext, RequestContext, RunningService, RunningServiceCancellationToken,
};
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{Peer, RoleClient, RoleServer, Service, ServiceExt};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::files::OutputFiles;
use super::stats_file::StatsFile;
use super::upstream::{self, ProgressMap, Upstream};

/// What the command line and the configuration file said.
pub(crate) struct Settings {
    /// A built-in profile chosen with `--profile`.
    pub(crate) profile: Option<String>,
    /// The `--config` file's text.
    pub(crate) config: Option<String>,
    /// Where statistics go.
    pub(crate) stats: Option<StatsFile>,
    /// How long one request may wait for the server.
    pub(crate) timeout: Duration,
    /// Reads linked snapshot files, only under the server's output folder.
    pub(crate) files: Arc<OutputFiles>,
    /// What the command line sets over the profile and the configuration file.
    pub(crate) overrides: Overrides,
    /// Writes goal digests in place of the deterministic digest (`--llm-url`).
    pub(crate) goal_digester: Option<Arc<GoalDigester>>,
}

/// Settings from the command line, over the profile and the configuration file.
#[derive(Debug, Default)]
pub(crate) struct Overrides {
    pub(crate) max_result_tokens: Option<usize>,
    pub(crate) tools: Option<Vec<String>>,
    pub(crate) exclude_tools: Option<Vec<String>>,
}

impl Overrides {
    /// `profile` with these settings, checked.
    pub(crate) fn apply(&self, mut profile: Profile) -> Result<Profile, mcp_proxy_rules::Error> {
        if let Some(n) = self.max_result_tokens {
            profile.max_result_tokens = n;
        }
        if self.tools.is_some() || self.exclude_tools.is_some() {
            profile.tools = ToolFilter::new(
                self.tools.as_deref().unwrap_or(&[]),
                self.exclude_tools.as_deref().unwrap_or(&[]),
            )?;
        }
        profile.check()?;
        Ok(profile)
    }
}

/// How the proxy reaches the server.
pub(crate) enum ServerLink {
    /// A child process, over its standard input and output.
    Child(TokioChildProcess),
    /// A streamable HTTP endpoint.
    Http(String),
}

/// The session with the server, once the client has initialized.
struct Connected {
    peer: Peer<RoleClient>,
    rewriter: Arc<Rewriter>,
}

/// State shared by the proxy's handlers and the task that watches the server.
pub(crate) struct Shared {
    settings: Settings,
    /// How to reach the server; taken at `initialize`.
    server: Mutex<Option<ServerLink>>,
    connected: tokio::sync::OnceCell<Connected>,
    /// Ends the server's session; taken by [`Shared::shutdown`].
    server_ct: Mutex<Option<RunningServiceCancellationToken>>,
    /// The task that watches the server's session, done when the session is.
    watcher: tokio::sync::Mutex<Option<tokio::task::JoinHandle<()>>>,
    progress: ProgressMap,
    died: Mutex<Option<String>>,
    stop: CancellationToken,
    /// Whether the session's tool list was recorded in the statistics.
    listed: AtomicBool,
}

/// How long answers already on their way get to reach the client after the server exits.
const GRACE: Duration = Duration::from_millis(300);

impl Shared {
    /// Why the server went away, when it did.
    pub(crate) fn server_died(&self) -> Option<String> {
        self.died
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Closes the server's session, which ends the child process, and waits for it.
    pub(crate) async fn shutdown(&self) {
        let ct = self
            .server_ct
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(ct) = ct {
            ct.cancel();
        }
        if let Some(watcher) = self.watcher.lock().await.take() {
            let _ = tokio::time::timeout(Duration::from_secs(10), watcher).await;
        }
        // A server that was never initialized is still only a child process.
        drop(
            self.server
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
    }

    fn connected(&self) -> Result<&Connected, ErrorData> {
        self.connected.get().ok_or_else(|| {
            ErrorData::invalid_request(
                "the proxy has no server session yet; send initialize first",
                None,
            )
        })
    }
}

/// The rmcp server the client talks to.
pub(crate) struct Proxy {
    shared: Arc<Shared>,
}

impl Proxy {
    pub(crate) fn new(server: ServerLink, settings: Settings, stop: CancellationToken) -> Self {
        Self {
            shared: Arc::new(Shared {
                settings,
                server: Mutex::new(Some(server)),
                connected: tokio::sync::OnceCell::new(),
                server_ct: Mutex::new(None),
                watcher: tokio::sync::Mutex::new(None),
                progress: ProgressMap::default(),
                died: Mutex::new(None),
                stop,
                listed: AtomicBool::new(false),
            }),
        }
    }

    pub(crate) fn shared(&self) -> Arc<Shared> {
        Arc::clone(&self.shared)
    }

    async fn initialize(
        &self,
        params: rmcp::model::InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        let shared = &self.shared;
        let server = shared
            .server
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
            .ok_or_else(|| {
                ErrorData::invalid_request("the session is already initialized", None)
            })?;
        let upstream = Upstream::new(
            context.peer.clone(),
            params,
            shared.progress.clone(),
            shared.settings.timeout,
        );
        let handshake = async move {
            match server {
                ServerLink::Child(child) => upstream.serve(child).await,
                ServerLink::Http(url) => {
                    upstream
                        .serve(StreamableHttpClientTransport::from_uri(url))
                        .await
                }
            }
        };
        let running = tokio::time::timeout(shared.settings.timeout, handshake)
            .await
            .map_err(|_| {
                ErrorData::internal_error(
                    format!(
                        "the server did not answer initialize within {} s; check its command, or raise --timeout",
                        shared.settings.timeout.as_secs()
                    ),
                    None,
                )
            })?
            .map_err(|e| {
                ErrorData::internal_error(
                    format!("the server failed to initialize: {e}; its messages on stderr say why"),
                    None,
                )
            })?;
        let peer_info = running.peer().peer_info().ok_or_else(|| {
            ErrorData::internal_error("the server sent no initialize result", None)
        })?;
        let mut info = InitializeResult::new(peer_info.capabilities.clone());
        info.protocol_version = peer_info.protocol_version.clone();
        if let Some(server) = &peer_info.server_info {
            info.server_info = server.clone();
        }
        info.instructions = peer_info.instructions.clone();
        info.meta = peer_info.meta.clone();
        let mut rewriter = Rewriter::new(self.profile(&info.server_info.name)?)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        if let Some(digester) = &shared.settings.goal_digester {
            rewriter = rewriter.with_goal_digester(Arc::clone(digester));
        }
        // The proxy adds a tool, so the client must know there are tools.
        if info.capabilities.tools.is_none() {
            info.capabilities.tools = Some(ToolsCapability::default());
        }
        let _ = shared.connected.set(Connected {
            peer: running.peer().clone(),
            rewriter: Arc::new(rewriter),
        });
        *shared
            .server_ct
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(running.cancellation_token());
        let watcher = tokio::spawn(watch_server(Arc::clone(shared), running));
        *shared.watcher.lock().await = Some(watcher);
        Ok(ServerResult::InitializeResult(info))
    }

    fn profile(&self, server_name: &str) -> Result<Profile, ErrorData> {
        let settings = &self.shared.settings;
        let base = match &settings.profile {
            Some(name) => Profile::named(name),
            None => Ok(Profile::for_server(server_name)),
        };
        let profile = match &settings.config {
            Some(text) => base.and_then(|p| p.with_file(text)),
            None => base,
        };
        profile
            .and_then(|p| settings.overrides.apply(p))
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }

    async fn list_tools(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        let started = Instant::now();
        let connected = self.shared.connected()?;
        let first_page = match &request {
            ClientRequest::ListToolsRequest(r) => {
                r.params.as_ref().is_none_or(|p| p.cursor.is_none())
            }
            _ => true,
        };
        let result = upstream::forward(
            &connected.peer,
            request,
            context,
            &self.shared.progress,
            self.shared.settings.timeout,
        )
        .await?;
        let ServerResult::ListToolsResult(list) = result else {
            return Ok(result);
        };
        let mut value = to_value(&list)?;
        let server_list = value.clone();
        let report = augment_tools(&mut value, connected.rewriter.profile());
        if report.confirm_added && !first_page {
            // The confirm tool goes on the first page only.
            if let Some(tools) = value.get_mut("tools").and_then(Value::as_array_mut) {
                tools.pop();
            }
        }
        if first_page && !self.shared.listed.swap(true, Ordering::Relaxed) {
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
        let connected = self.shared.connected()?;
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
        let outcome = upstream::forward(
            &connected.peer,
            ClientRequest::CallToolRequest(call_request),
            context,
            &self.shared.progress,
            self.shared.settings.timeout,
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
        let server_tokens = result_tokens(&value);
        let rewriter = Arc::clone(&connected.rewriter);
        let files = Arc::clone(&self.shared.settings.files);
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
            (server_tokens, result_tokens(&value)),
            &outcome,
            Timing::new(started.elapsed(), upstream_time, rewrite_time),
        );
        self.record(&stats);
        match serde_json::from_value::<CallToolResult>(value) {
            Ok(lean) => Ok(ServerResult::CallToolResult(lean)),
            Err(_) => Ok(ServerResult::CallToolResult(result)),
        }
    }

    fn record(&self, stats: &CallStats) {
        if let Some(file) = &self.shared.settings.stats {
            file.append(stats);
        }
    }
}

impl Service<RoleServer> for Proxy {
    async fn handle_request(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        match request {
            ClientRequest::InitializeRequest(r) => self.initialize(r.params, context).await,
            ClientRequest::PingRequest(_) => Ok(ServerResult::empty(())),
            r @ ClientRequest::ListToolsRequest(_) => self.list_tools(r, context).await,
            r @ ClientRequest::CallToolRequest(_) => self.call_tool(r, context).await,
            other => {
                let connected = self.shared.connected()?;
                upstream::forward(
                    &connected.peer,
                    other,
                    context,
                    &self.shared.progress,
                    self.shared.settings.timeout,
                )
                .await
            }
        }
    }

    async fn handle_notification(
        &self,
        notification: rmcp::model::ClientNotification,
        context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let Some(connected) = self.shared.connected.get() else {
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

/// Waits for the server's session to end. When it ends on its own (the server exited), the
/// client's session ends too, once the answers already on their way are out.
async fn watch_server(shared: Arc<Shared>, running: RunningService<RoleClient, Upstream>) {
    let _ = running.waiting().await;
    if shared.stop.is_cancelled() {
        return;
    }
    *shared.died.lock().unwrap_or_else(PoisonError::into_inner) =
        Some("the server exited or closed its output; its messages on stderr say why".to_owned());
    tokio::time::sleep(GRACE).await;
    shared.stop.cancel();
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
