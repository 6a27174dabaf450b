//! The one error type of the crate.

use std::time::Duration;

/// What can go wrong in a backend call or when a session is set up.
///
/// A [`BrowserBackend`](crate::backend::BrowserBackend) returns [`Error::Timeout`] when a script ran
/// past its timeout and was stopped, [`Error::Thrown`] when the page threw, and
/// [`Error::Backend`] for anything else (a closed browser, a protocol error). The tools turn
/// each into an `isError` result whose text says what to do.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The script ran longer than its timeout and was stopped; the page is usable again.
    #[error(
        "script timed out after {} ms and was stopped; make it finish sooner or pass a larger timeout",
        elapsed.as_millis()
    )]
    Timeout {
        /// How long the script ran before it was stopped.
        elapsed: Duration,
    },
    /// The script threw or its promise rejected.
    #[error("the script threw: {message}; fix the script and run it again")]
    Thrown {
        /// The exception as the page describes it, e.g. `TypeError: x is undefined`.
        message: String,
    },
    /// The browser could not run the request (closed, crashed, protocol error).
    #[error("the browser backend failed: {message}; check that the browser is still running")]
    Backend {
        /// What the backend reported.
        message: String,
    },
    /// The browser could not be started.
    #[error(
        "cannot start the browser at {}: {message}; install Debian's chromium package or give the path of a Chromium executable",
        executable.display()
    )]
    Launch {
        /// The executable that was tried.
        executable: std::path::PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The output-guard part of a [`SessionConfig`](crate::session::SessionConfig) is invalid.
    #[error("invalid output-guard settings in the session config")]
    GuardConfig {
        /// What output-guard refused.
        #[source]
        source: output_guard::Error,
    },
    /// The nudge part of a [`SessionConfig`](crate::session::SessionConfig) names tools the server
    /// does not have.
    #[error("invalid nudge settings in the session config")]
    NudgeConfig {
        /// What fn-registry refused.
        #[source]
        source: fn_registry::Error,
    },
    /// A definition or result did not convert to the rmcp type (a bug of this crate or a
    /// newer rmcp).
    #[cfg(feature = "rmcp")]
    #[error("cannot convert to rmcp::model::{target}; report it with the rmcp version used")]
    Rmcp {
        /// The rmcp type.
        target: &'static str,
        /// What serde refused.
        #[source]
        source: serde_json::Error,
    },
}
