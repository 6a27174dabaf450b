//! How the proxy reaches the server: a child process already started, a command to start per
//! session, or a streamable HTTP endpoint; and the handshake that opens the session over it,
//! with the server's messages numbered on the way in.

use std::sync::Arc;

use rmcp::RoleClient;
use rmcp::service::{ClientLifecycleMode, ClientServiceExt as _, RunningService};
use rmcp::transport::{IntoTransport, StreamableHttpClientTransport, TokioChildProcess};

use super::super::routing::order::{Ordered, Sequencer};
use super::Upstream;

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
pub(crate) enum Ready {
    Child(TokioChildProcess, Vec<String>),
    Http(String),
}

impl Ready {
    /// How to reach the same server anew: its command, to start again, or its URL.
    pub(crate) fn recipe(&self) -> ServerLink {
        match self {
            Self::Child(_, command) => ServerLink::Command(command.clone()),
            Self::Http(url) => ServerLink::Http(url.clone()),
        }
    }

    /// Opens the session over the server's transport, its messages numbered by `order`.
    pub(crate) async fn handshake(
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
    pub(crate) fn start(self) -> Result<Ready, String> {
        let command = match self {
            Self::Child(child, command) => return Ok(Ready::Child(child, command)),
            Self::Http(url) => return Ok(Ready::Http(url)),
            Self::Command(command) => command,
        };
        spawn(&command).map(|child| Ready::Child(child, command))
    }
}

/// Starts the server's `command` as a child process whose standard error is the proxy's.
///
/// # Errors
///
/// A message when the command is empty or cannot be started.
pub(crate) fn spawn(command: &[String]) -> Result<TokioChildProcess, String> {
    let Some((program, rest)) = command.split_first() else {
        return Err("give the server's command after --, or --upstream-url".to_owned());
    };
    let mut cmd = tokio::process::Command::new(program);
    cmd.args(rest);
    TokioChildProcess::builder(cmd)
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .map(|(child, _)| child)
        .map_err(|e| {
            format!("cannot start the server {program:?}: {e}; check the command after --")
        })
}
