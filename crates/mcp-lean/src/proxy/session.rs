//! One client's session: the state its handlers share (the server's session once open, who
//! asked what, the bridge's calls, the subscription streams, the order of the server's
//! messages), and the task that watches the server. The server's session is opened on the
//! client's first request: `initialize` for a client of the older era; `server/discover` or any
//! request with per-request `_meta` for one of the 2026 era. The server may be of either era:
//! the proxy asks with `server/discover` and falls back to `initialize`.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use mcp_proxy_rules::{Profile, Rewriter};
use rmcp::model::{ClientConfig, ErrorData, InitializeResult, ProtocolVersion};
use rmcp::service::{ClientLifecycleMode, RunningService, RunningServiceCancellationToken};
use rmcp::{Peer, RoleClient, RoleServer};
use tokio_util::sync::CancellationToken;

use super::bridge::{Bridge, SessionParts};
use super::routing::askers::Askers;
use super::routing::order::Sequencer;
use super::routing::subscriptions::Subscriptions;
use super::settings::Settings;
use super::upstream::Upstream;
use super::upstream::link::ServerLink;

/// The session with the server, once open.
pub(crate) struct Connected {
    pub(crate) peer: Peer<RoleClient>,
    pub(crate) rewriter: Arc<Rewriter>,
    /// What the server said of itself, at `initialize` or `server/discover`.
    pub(crate) server: InitializeResult,
}

/// State shared by one client session's handlers and the task that watches the server.
pub(crate) struct SessionState {
    pub(crate) settings: Arc<Settings>,
    /// How to reach the server; taken when the session opens.
    server: Mutex<Option<ServerLink>>,
    connected: tokio::sync::OnceCell<Connected>,
    /// Ends the server's session; taken by [`SessionState::shutdown`].
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

impl SessionState {
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

    /// What a call through the input-required bridge uses of this session.
    pub(crate) fn bridge_parts(&self) -> SessionParts<'_> {
        SessionParts {
            bridge: &self.bridge,
            askers: &self.askers,
            order: &self.order,
            timeout: self.settings.timeout,
        }
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

impl Drop for SessionState {
    /// A session that ends without [`SessionState::shutdown`] (an HTTP session deleted or idle)
    /// still ends its server's.
    fn drop(&mut self) {
        self.cancel_server();
    }
}

/// Waits for the server's session to end. When it ends on its own (the server exited), the
/// client's session ends too, once the answers already on their way are out.
async fn watch_server(
    session: std::sync::Weak<SessionState>,
    stop: CancellationToken,
    running: RunningService<RoleClient, Upstream>,
) {
    let _ = running.waiting().await;
    if stop.is_cancelled() {
        return;
    }
    let Some(session) = session.upgrade() else {
        return;
    };
    *session.died.lock().unwrap_or_else(PoisonError::into_inner) =
        Some("the server exited or closed its output; its messages on stderr say why".to_owned());
    drop(session);
    tokio::time::sleep(GRACE).await;
    stop.cancel();
}
