//! One client session's link to the server, made on the client's first request: `initialize`
//! for a client of the older era; `server/discover` or any request with per-request `_meta` for
//! one of the 2026 era. The server may be of either era: the proxy asks with `server/discover`
//! and falls back to `initialize`.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use mcp_proxy_rules::{GoalDigester, Profile, Rewriter, ToolFilter};
use rmcp::model::{ClientConfig, ErrorData, InitializeResult, ProtocolVersion};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt as _, RunningService, RunningServiceCancellationToken,
};
use rmcp::transport::{IntoTransport, StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{Peer, RoleClient, RoleServer};
use tokio_util::sync::CancellationToken;

use super::bridge::Bridge;
use super::files::OutputFiles;
use super::order::{Ordered, Sequencer};
use super::stats_file::StatsFile;
use super::subscriptions::Subscriptions;
use super::upstream::{Askers, Upstream};

/// What the command line and the configuration file said; shared by every session.
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
    /// `--content-boundaries`: on whatever the configuration says.
    pub(crate) content_boundaries: bool,
    /// `--show-flagged`: nothing held back, whatever the configuration says.
    pub(crate) show_flagged: bool,
}

impl Overrides {
    /// `profile` with these settings, checked.
    pub(crate) fn apply(&self, mut profile: Profile) -> Result<Profile, mcp_proxy_rules::Error> {
        if let Some(n) = self.max_result_tokens {
            profile.max_result_tokens = n;
        }
        if self.content_boundaries {
            profile.content_boundaries = true;
        }
        if self.show_flagged {
            profile.hold_back = false;
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
    /// A child process already started, over its standard input and output, and the command
    /// that started it (to start it again for a second handshake).
    Child(TokioChildProcess, Vec<String>),
    /// A command to start when the session opens (one process per HTTP session).
    Command(Vec<String>),
    /// A streamable HTTP endpoint.
    Http(String),
}

/// A server ready for the handshake, and how to reach it again.
enum Ready {
    Child(TokioChildProcess, Vec<String>),
    Http(String),
}

impl Ready {
    /// How to reach the same server anew: its command, to start again, or its URL.
    fn recipe(&self) -> ServerLink {
        match self {
            Self::Child(_, command) => ServerLink::Command(command.clone()),
            Self::Http(url) => ServerLink::Http(url.clone()),
        }
    }

    /// Opens the session over the server's transport, its messages numbered by `order`.
    async fn handshake(
        self,
        upstream: Upstream,
        lifecycle: ClientLifecycleMode,
        order: Arc<Sequencer>,
    ) -> Result<RunningService<RoleClient, Upstream>, rmcp::service::ClientInitializeError> {
        match self {
            Self::Child(child, _) => {
                upstream
                    .serve_with_lifecycle(Ordered::new(child, order), lifecycle)
                    .await
            }
            Self::Http(url) => {
                let transport = IntoTransport::<RoleClient, _, _>::into_transport(
                    StreamableHttpClientTransport::from_uri(url),
                );
                upstream
                    .serve_with_lifecycle(Ordered::new(transport, order), lifecycle)
                    .await
            }
        }
    }
}

impl ServerLink {
    /// The server ready for the handshake: a command started now.
    fn start(self) -> Result<Ready, String> {
        let command = match self {
            Self::Child(child, command) => return Ok(Ready::Child(child, command)),
            Self::Http(url) => return Ok(Ready::Http(url)),
            Self::Command(command) => command,
        };
        let Some((program, rest)) = command.split_first() else {
            return Err("give the server's command after --, or --upstream-url".to_owned());
        };
        let mut cmd = tokio::process::Command::new(program);
        cmd.args(rest);
        TokioChildProcess::builder(cmd)
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .map(|(child, _)| Ready::Child(child, command.clone()))
            .map_err(|e| {
                format!("cannot start the server {program:?}: {e}; check the command after --")
            })
    }
}

/// The session with the server, once open.
pub(crate) struct Connected {
    pub(crate) peer: Peer<RoleClient>,
    pub(crate) rewriter: Arc<Rewriter>,
    /// What the server said of itself, at `initialize` or `server/discover`.
    pub(crate) server: InitializeResult,
}

/// State shared by one client session's handlers and the task that watches the server.
pub(crate) struct Shared {
    pub(crate) settings: Arc<Settings>,
    /// How to reach the server; taken when the session opens.
    server: Mutex<Option<ServerLink>>,
    connected: tokio::sync::OnceCell<Connected>,
    /// Ends the server's session; taken by [`Shared::shutdown`].
    server_ct: Mutex<Option<RunningServiceCancellationToken>>,
    /// The task that watches the server's session, done when the session is.
    watcher: tokio::sync::Mutex<Option<tokio::task::JoinHandle<()>>>,
    pub(crate) askers: Askers,
    /// The server's calls that clients of the 2026 era answer questions for between rounds.
    pub(crate) bridge: Arc<Bridge>,
    /// The open `subscriptions/listen` streams of clients of the 2026 era.
    pub(crate) subscriptions: Arc<Subscriptions>,
    /// The order of the server's messages, which its answers keep on the way to the client.
    pub(crate) order: Arc<Sequencer>,
    died: Mutex<Option<String>>,
    stop: CancellationToken,
    /// Whether the session's tool list was recorded in the statistics.
    pub(crate) listed: AtomicBool,
}

/// How long answers already on their way get to reach the client after the server exits.
const GRACE: Duration = Duration::from_millis(300);

impl Shared {
    /// A session not yet open; `stateless` when each of its requests comes on a connection of
    /// its own (HTTP clients of the 2026 era).
    pub(crate) fn new(
        server: ServerLink,
        settings: Arc<Settings>,
        stop: CancellationToken,
        stateless: bool,
    ) -> Self {
        let bridge = Arc::new(Bridge::new(settings.timeout));
        Self {
            settings,
            server: Mutex::new(Some(server)),
            connected: tokio::sync::OnceCell::new(),
            server_ct: Mutex::new(None),
            watcher: tokio::sync::Mutex::new(None),
            askers: Askers::new(stateless),
            bridge,
            subscriptions: Arc::default(),
            order: Arc::default(),
            died: Mutex::new(None),
            stop,
            listed: AtomicBool::new(false),
        }
    }

    /// The session with the server, when it is open.
    pub(crate) fn connected(&self) -> Option<&Connected> {
        self.connected.get()
    }

    /// The session with the server, opened now if it is not yet: the proxy presents itself
    /// as `client`, and passes the server's requests and notifications to `downstream`.
    pub(crate) async fn connect(
        self: &Arc<Self>,
        client: ClientConfig,
        downstream: Peer<RoleServer>,
    ) -> Result<&Connected, ErrorData> {
        self.connected
            .get_or_try_init(|| self.open(client, downstream))
            .await
    }

    async fn open(
        self: &Arc<Self>,
        client: ClientConfig,
        downstream: Peer<RoleServer>,
    ) -> Result<Connected, ErrorData> {
        let server = self
            .server
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
            .ok_or_else(|| {
                ErrorData::internal_error(
                    "the server's session could not be opened before; start a new session",
                    None,
                )
            })?
            .start()
            .map_err(|e| ErrorData::internal_error(e, None))?;
        let timeout = self.settings.timeout;
        let legacy = if client.protocol_version.has_initialize() {
            client.protocol_version.clone()
        } else {
            ProtocolVersion::LATEST_WITH_INITIALIZE
        };
        let askers = self.askers.clone();
        let bridge = Arc::clone(&self.bridge);
        let subscriptions = Arc::clone(&self.subscriptions);
        let order = Arc::clone(&self.order);
        // Either era: `server/discover` first, `initialize` when the server says it does not
        // know it. A server that answers an unknown method with something else (an empty
        // result) fails that handshake: it gets a second one, `initialize` alone, on a
        // connection of its own.
        let handshake = async move {
            let recipe = server.recipe();
            let upstream = Upstream::new(
                downstream.clone(),
                client.clone(),
                askers.clone(),
                (Arc::clone(&bridge), Arc::clone(&subscriptions)),
                timeout,
            );
            let lifecycle = ClientLifecycleMode::Auto {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
                legacy_version: Some(legacy),
            };
            let first = match server
                .handshake(upstream, lifecycle, Arc::clone(&order))
                .await
            {
                Ok(running) => return Ok(running),
                Err(e) => e,
            };
            let Ok(again) = recipe.start() else {
                return Err(first);
            };
            let upstream =
                Upstream::new(downstream, client, askers, (bridge, subscriptions), timeout);
            again
                .handshake(upstream, ClientLifecycleMode::Initialize, order)
                .await
                .map_err(|_| first)
        };
        let running = tokio::time::timeout(timeout, handshake)
            .await
            .map_err(|_| {
                ErrorData::internal_error(
                    format!(
                        "the server did not answer initialize within {} s; check its command, or raise --timeout",
                        timeout.as_secs()
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
        let mut server_info = InitializeResult::new(peer_info.capabilities.clone());
        server_info.protocol_version = peer_info.protocol_version.clone();
        if let Some(implementation) = &peer_info.server_info {
            server_info.server_info = implementation.clone();
        }
        server_info.instructions = peer_info.instructions.clone();
        server_info.meta = peer_info.meta.clone();
        let mut rewriter = Rewriter::new(self.profile(&server_info.server_info.name)?)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        if let Some(digester) = &self.settings.goal_digester {
            rewriter = rewriter.with_goal_digester(Arc::clone(digester));
        }
        *self
            .server_ct
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(running.cancellation_token());
        let connected = Connected {
            peer: running.peer().clone(),
            rewriter: Arc::new(rewriter),
            server: server_info,
        };
        let watcher = tokio::spawn(watch_server(
            Arc::downgrade(self),
            self.stop.clone(),
            running,
        ));
        *self.watcher.lock().await = Some(watcher);
        Ok(connected)
    }

    fn profile(&self, server_name: &str) -> Result<Profile, ErrorData> {
        let settings = &self.settings;
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

    /// Returns when the session ends: the proxy stops, or the server went away.
    pub(crate) async fn ended(&self) {
        self.stop.cancelled().await;
    }

    /// Why the server went away, when it did.
    pub(crate) fn server_died(&self) -> Option<String> {
        self.died
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Closes the server's session, which ends the child process, and waits for it.
    pub(crate) async fn shutdown(&self) {
        self.cancel_server();
        if let Some(watcher) = self.watcher.lock().await.take() {
            let _ = tokio::time::timeout(Duration::from_secs(10), watcher).await;
        }
        // A server that was never connected is still only a child process.
        drop(
            self.server
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
    }

    fn cancel_server(&self) {
        let ct = self
            .server_ct
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(ct) = ct {
            ct.cancel();
        }
    }
}

impl Drop for Shared {
    /// A session that ends without [`Shared::shutdown`] (an HTTP session deleted or idle)
    /// still ends its server's.
    fn drop(&mut self) {
        self.cancel_server();
    }
}

/// Waits for the server's session to end. When it ends on its own (the server exited), the
/// client's session ends too, once the answers already on their way are out.
async fn watch_server(
    shared: std::sync::Weak<Shared>,
    stop: CancellationToken,
    running: RunningService<RoleClient, Upstream>,
) {
    let _ = running.waiting().await;
    if stop.is_cancelled() {
        return;
    }
    let Some(shared) = shared.upgrade() else {
        return;
    };
    *shared.died.lock().unwrap_or_else(PoisonError::into_inner) =
        Some("the server exited or closed its output; its messages on stderr say why".to_owned());
    drop(shared);
    tokio::time::sleep(GRACE).await;
    stop.cancel();
}
