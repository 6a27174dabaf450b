//! `mcp-lean proxy --listen ADDR`: the proxy served over streamable HTTP at `/mcp`, for any
//! number of clients at once, each request checked by the [`gate`] before rmcp reads it. Each
//! client session (opened with `initialize`) gets a server session of its own: a process of
//! the server's command, or a session with `--upstream-url`. Clients of the 2026-07-28 revision
//! have no session: they are told apart by their bearer tokens, a server session per token, and
//! share one only with `--shared-session`.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt as _, Full, Limited};
use hyper::body::Incoming;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use rmcp::model::{ClientRequest, ErrorData, Extensions, ProtocolVersion, ServerConfig};
use rmcp::transport::streamable_http_server::session::local::{LocalSessionManager, SessionConfig};
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio_util::sync::CancellationToken;

mod gate;

use super::handler::{Handler, Route};
use crate::proxy::caller::{Caller, caller_of};
use crate::proxy::downstream::Proxy;
use crate::proxy::era;
use crate::proxy::settings::Settings;
use crate::proxy::upstream::link::ServerLink;
use gate::{METHOD_NOT_FOUND, REFUSED, Refusal, check_body};
pub(crate) use gate::{Policy, parse_tokens};

/// The largest request body accepted.
pub(crate) const MAX_BODY_BYTES: usize = 8 << 20;
/// How long a client may take to send a request's headers, and then its body.
const READ_TIMEOUT: Duration = Duration::from_secs(30);
/// Messages queued per session before the session applies back-pressure.
const SESSION_QUEUE: usize = 16;

/// How the listener serves.
pub(crate) struct Listen {
    pub(crate) addr: SocketAddr,
    pub(crate) policy: Policy,
    pub(crate) max_sessions: usize,
    pub(crate) session_idle: Duration,
    /// Whether clients without a session share one server session when no token tells them
    /// apart.
    pub(crate) shared_session: bool,
}

/// Where each session's server is.
#[derive(Clone)]
pub(crate) enum ServerSource {
    /// A command started once per session.
    Command(Vec<String>),
    /// A streamable HTTP endpoint, one session on it per client session.
    Url(String),
}

impl ServerSource {
    fn link(&self) -> ServerLink {
        match self {
            Self::Command(command) => ServerLink::Command(command.clone()),
            Self::Url(url) => ServerLink::Http(url.clone()),
        }
    }
}

/// What every session shares: the settings, where each session's server is, the count against
/// `--max-sessions`, and the server sessions of clients that have no session of their own.
struct Sessions {
    settings: Arc<Settings>,
    server: ServerSource,
    live: Arc<AtomicUsize>,
    max_sessions: usize,
    /// The server sessions of clients without a session (2026 era), one per caller, each made
    /// on the caller's first request.
    stateless: Mutex<HashMap<Caller, (Arc<Proxy>, Slot)>>,
    /// Whether callers that no token tells apart may share a server session.
    shared_session: bool,
    stop: CancellationToken,
}

impl Sessions {
    fn new_proxy(&self, stateless: bool) -> Result<(Arc<Proxy>, Slot), ErrorData> {
        let slot =
            Slot::take(&self.live, self.max_sessions).ok_or_else(|| full(self.max_sessions))?;
        let proxy = Proxy::new(
            self.server.link(),
            Arc::clone(&self.settings),
            self.stop.child_token(),
            stateless,
        );
        Ok((Arc::new(proxy), slot))
    }

    /// The server session of a client without a session, made on its first request.
    fn stateless(&self, caller: Caller) -> Result<Arc<Proxy>, ErrorData> {
        if caller == Caller::Anyone && !self.shared_session {
            return Err(ErrorData::invalid_request(
                "clients of the 2026-07-28 revision have no session, so the proxy tells them apart by their bearer tokens, and none is set; start the proxy with --auth-token-file FILE holding one token a line, one for each client, or with --shared-session to let these clients share one server process",
                None,
            ));
        }
        let mut proxies = self
            .stateless
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some((proxy, _)) = proxies.get(&caller) {
            return Ok(Arc::clone(proxy));
        }
        let (proxy, slot) = self.new_proxy(true)?;
        proxies.insert(caller, (Arc::clone(&proxy), slot));
        Ok(proxy)
    }

    /// The server session of a client without a session, if it has one yet.
    fn stateless_existing(&self, caller: Caller) -> Option<Arc<Proxy>> {
        let proxies = self
            .stateless
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        proxies.get(&caller).map(|(proxy, _)| Arc::clone(proxy))
    }

    /// What a server said of itself, from any open session: every session runs the same
    /// server, and rmcp asks before it knows whose request it serves.
    fn any_info(&self) -> Option<ServerConfig> {
        let proxies = self
            .stateless
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        proxies.values().find_map(|(proxy, _)| {
            let state = proxy.state();
            let connected = state.connected()?;
            Some(era::initialize_answer(
                &connected.server,
                &ProtocolVersion::LATEST_WITH_INITIALIZE,
            ))
        })
    }
}

/// One of the `--max-sessions` places; given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Slot {
    fn take(live: &Arc<AtomicUsize>, max: usize) -> Option<Self> {
        live.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < max).then_some(n + 1)
        })
        .ok()
        .map(|_| Self(Arc::clone(live)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

fn full(max: usize) -> ErrorData {
    ErrorData::new(
        rmcp::model::ErrorCode(REFUSED as i32),
        format!(
            "the proxy already serves {max} sessions, its limit (--max-sessions {max}); end a session (HTTP DELETE) or start the proxy with a higher --max-sessions"
        ),
        None,
    )
}

/// One HTTP session's route: its own proxy once it sent `initialize`, else the one of the
/// request's caller.
struct SessionRoute {
    sessions: Arc<Sessions>,
    own: OnceLock<(Arc<Proxy>, Slot)>,
}

impl Route for SessionRoute {
    fn proxy(
        &self,
        request: &ClientRequest,
        extensions: &Extensions,
    ) -> Result<Arc<Proxy>, ErrorData> {
        if let Some((proxy, _)) = self.own.get() {
            return Ok(Arc::clone(proxy));
        }
        if matches!(request, ClientRequest::InitializeRequest(_)) {
            let (proxy, slot) = self.sessions.new_proxy(false)?;
            let _ = self.own.set((Arc::clone(&proxy), slot));
            return Ok(proxy);
        }
        self.caller(extensions)
    }

    fn caller(&self, extensions: &Extensions) -> Result<Arc<Proxy>, ErrorData> {
        if let Some((proxy, _)) = self.own.get() {
            return Ok(Arc::clone(proxy));
        }
        self.sessions.stateless(caller_of(extensions))
    }

    fn current(&self, extensions: &Extensions) -> Option<Arc<Proxy>> {
        if let Some((proxy, _)) = self.own.get() {
            return Some(Arc::clone(proxy));
        }
        self.sessions.stateless_existing(caller_of(extensions))
    }

    fn info(&self) -> Option<ServerConfig> {
        let Some((proxy, _)) = self.own.get() else {
            return self.sessions.any_info();
        };
        let state = proxy.state();
        let connected = state.connected()?;
        Some(era::initialize_answer(
            &connected.server,
            &ProtocolVersion::LATEST_WITH_INITIALIZE,
        ))
    }
}

type Body = BoxBody<Bytes, Infallible>;

/// Serves until `stop` is cancelled.
///
/// # Errors
///
/// A message when the address cannot be bound.
pub(crate) async fn serve(
    listen: Listen,
    settings: Arc<Settings>,
    server: ServerSource,
    stop: CancellationToken,
) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(listen.addr)
        .await
        .map_err(|e| {
            format!(
                "cannot listen on {}: {e}; choose another address or port",
                listen.addr
            )
        })?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("cannot read the address listened on: {e}"))?;
    eprintln!("mcp-lean proxy: listening on http://{local}/mcp");
    let sessions = Arc::new(Sessions {
        settings,
        server,
        live: Arc::new(AtomicUsize::new(0)),
        max_sessions: listen.max_sessions,
        stateless: Mutex::new(HashMap::new()),
        shared_session: listen.shared_session,
        stop: stop.clone(),
    });
    let mut session_config = SessionConfig::default();
    session_config.keep_alive = Some(listen.session_idle);
    session_config.channel_capacity = SESSION_QUEUE;
    let mut manager = LocalSessionManager::default();
    manager.session_config = session_config;
    let mut config = StreamableHttpServerConfig::default()
        .with_max_request_body_bytes(MAX_BODY_BYTES)
        .with_cancellation_token(stop.child_token());
    if !local.ip().is_loopback() {
        // Clients name this host as they reach it; the token, required off loopback, is the
        // check that counts there.
        config = config.disable_allowed_hosts();
    }
    let factory_sessions = Arc::clone(&sessions);
    let service = StreamableHttpService::new(
        move || {
            Ok(Handler(SessionRoute {
                sessions: Arc::clone(&factory_sessions),
                own: OnceLock::new(),
            }))
        },
        Arc::new(manager),
        config,
    );
    let gate = Arc::new(Gate {
        policy: listen.policy,
        sessions,
        service,
    });
    loop {
        let (stream, _) = tokio::select! {
            () = stop.cancelled() => return Ok(()),
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    eprintln!("mcp-lean proxy: accepting a connection failed: {e}");
                    continue;
                }
            },
        };
        let gate = Arc::clone(&gate);
        let stop = stop.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request: Request<Incoming>| {
                let gate = Arc::clone(&gate);
                async move { Ok::<_, Infallible>(gate.handle(request).await) }
            });
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(READ_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service);
            tokio::select! {
                () = stop.cancelled() => {}
                _ = connection => {}
            }
        });
    }
}

/// The checks in front of rmcp's service.
struct Gate {
    policy: Policy,
    sessions: Arc<Sessions>,
    service: StreamableHttpService<Handler<SessionRoute>, LocalSessionManager>,
}

impl Gate {
    async fn handle(&self, request: Request<Incoming>) -> Response<Body> {
        match self.check(request).await {
            Ok(request) => self.service.handle(request).await,
            Err(refusal) => refuse(&refusal),
        }
    }

    /// The request, its body read and checked, or why it is refused.
    async fn check(&self, request: Request<Incoming>) -> Result<Request<Full<Bytes>>, Refusal> {
        if request.uri().path() != "/mcp" {
            return Err(Refusal::new(
                404,
                REFUSED,
                format!(
                    "no MCP endpoint at {}; the proxy serves /mcp",
                    request.uri().path()
                ),
            ));
        }
        let header = |name: &str| {
            request
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let origin = header("origin");
        if !self.policy.origin_allowed(origin.as_deref()) {
            return Err(Refusal::new(
                403,
                REFUSED,
                format!(
                    "requests from the origin {} are refused (a web page could use a browser to reach the proxy); allow it with --allow-origin",
                    origin.unwrap_or_default()
                ),
            ));
        }
        let Some(caller) = self.policy.caller(header("authorization").as_deref()) else {
            return Err(Refusal::new(
                401,
                REFUSED,
                "this proxy needs Authorization: Bearer with a token of its --auth-token-file",
            ));
        };
        // A declared length over the limit is refused before the body is read: a client that
        // sent `Expect: 100-continue` then never sends it, and one that did not is not left
        // writing megabytes the proxy will drop.
        if header("content-length")
            .and_then(|length| length.trim().parse::<u64>().ok())
            .is_some_and(|length| length > MAX_BODY_BYTES as u64)
        {
            return Err(too_large());
        }
        let is_post = request.method() == Method::POST;
        let has_session = request.headers().contains_key("mcp-session-id");
        let (mut parts, body) = request.into_parts();
        // The route finds the caller here, among the parts rmcp keeps with the request.
        parts.extensions.insert(caller);
        let bytes =
            tokio::time::timeout(READ_TIMEOUT, Limited::new(body, MAX_BODY_BYTES).collect())
                .await
                .map_err(|_| {
                    Refusal::new(
                        408,
                        REFUSED,
                        format!(
                            "the request body did not arrive within {} s",
                            READ_TIMEOUT.as_secs()
                        ),
                    )
                })?
                .map_err(|e| {
                    if e.is::<http_body_util::LengthLimitError>() {
                        too_large()
                    } else {
                        Refusal::new(
                            400,
                            REFUSED,
                            format!("the request body could not be read: {e}"),
                        )
                    }
                })?
                .to_bytes();
        if is_post {
            let message = check_body(&bytes)?;
            if let Some(method) = message.removed.filter(|_| !has_session) {
                let mut refusal = Refusal::new(
                    404,
                    METHOD_NOT_FOUND,
                    format!(
                        "method not found: {method} was removed in the 2026-07-28 revision, which this request's _meta names; send it in a session opened with initialize at an earlier version, or leave it out"
                    ),
                );
                refusal.id = message.id;
                return Err(refusal);
            }
            if message.initialize
                && !has_session
                && self.sessions.live.load(Ordering::Acquire) >= self.sessions.max_sessions
            {
                let error = full(self.sessions.max_sessions);
                let mut refusal = Refusal::new(503, REFUSED, error.message.to_string());
                refusal.id = message.id;
                return Err(refusal);
            }
        }
        Ok(Request::from_parts(parts, Full::new(bytes)))
    }
}

fn too_large() -> Refusal {
    Refusal::new(
        413,
        REFUSED,
        format!(
            "the request body is over {} MiB, the proxy's limit; send the data in smaller messages",
            MAX_BODY_BYTES >> 20
        ),
    )
}

fn refuse(refusal: &Refusal) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(refusal.body())).boxed());
    *response.status_mut() =
        StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::BAD_REQUEST);
    let headers = response.headers_mut();
    headers.insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("application/json"),
    );
    if refusal.status == 401 {
        headers.insert(
            http::header::WWW_AUTHENTICATE,
            http::HeaderValue::from_static("Bearer"),
        );
    }
    response
}
