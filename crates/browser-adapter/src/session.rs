//! Per-session state: the token store, the function registry, the nudger, the last snapshot.

use fn_registry::{NudgeConfig, Nudger, Registry, TimeoutPolicy};
use output_guard::{Guard, StoreLimits, TokenStore};
use snapshot_digest::DigestConfig;

use crate::error::Error;
use crate::tool_names::TOOL_NAMES;

/// Everything a [`Session`] is configured with; every part has its crate's defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionConfig {
    /// Output limit and preview settings. Default: output-guard's defaults (2,000 chars),
    /// with `confirm_output` as the confirm tool.
    pub guard: output_guard::Config,
    /// Bounds of the token store. Default: output-guard's defaults.
    pub store: StoreLimits,
    /// Limits of the function registry. Default: fn-registry's defaults.
    pub registry: fn_registry::Config,
    /// When `evaluate` nudges towards named functions. Default: fn-registry's defaults, whose
    /// tool names are this crate's.
    pub nudge: NudgeConfig,
    /// Script timeouts: default, bounds and the message. Default 5 s, at most 60 s.
    pub timeouts: TimeoutPolicy,
    /// Goal and full digests. Default: snapshot-digest's defaults, with a hint that names the
    /// `snapshot` tool's `full` argument.
    pub digest: DigestConfig,
}

impl Default for SessionConfig {
    fn default() -> Self {
        Self {
            guard: output_guard::Config::default(),
            store: StoreLimits::default(),
            registry: fn_registry::Config::default(),
            nudge: NudgeConfig::default(),
            timeouts: TimeoutPolicy::default(),
            digest: DigestConfig {
                full_snapshot_hint: "call snapshot with full: true to see everything".to_owned(),
                next_page_hint:
                    "call snapshot with the same goal and page: {page} for the next candidates"
                        .to_owned(),
                ..DigestConfig::default()
            },
        }
    }
}

impl SessionConfig {
    /// The defaults; the same as [`SessionConfig::default`].
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

/// The state of one agent's session with one page: confirm tokens, defined functions,
/// recent scripts and the last snapshot. One per MCP connection; nothing is global.
///
/// # Example
///
/// ```
/// let session = browser_adapter::Session::new()?;
/// assert!(session.last_snapshot().is_none());
/// assert!(session.registry().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Session {
    pub(crate) guard: Guard,
    pub(crate) store: TokenStore,
    pub(crate) registry: Registry,
    pub(crate) nudger: Nudger,
    pub(crate) timeouts: TimeoutPolicy,
    pub(crate) digest: DigestConfig,
    pub(crate) last_snapshot: Option<String>,
}

impl Session {
    /// A session with the default [`SessionConfig`].
    ///
    /// # Errors
    ///
    /// None with the defaults; see [`Session::with_config`].
    pub fn new() -> Result<Self, Error> {
        Self::with_config(SessionConfig::default())
    }

    /// A session with `config`.
    ///
    /// # Errors
    ///
    /// [`Error::GuardConfig`] when a guard limit is out of range, [`Error::NudgeConfig`] when
    /// the nudge settings name tools this crate does not provide.
    pub fn with_config(config: SessionConfig) -> Result<Self, Error> {
        let guard = Guard::new(config.guard).map_err(|source| Error::GuardConfig { source })?;
        let nudger = Nudger::new(config.nudge, &TOOL_NAMES)
            .map_err(|source| Error::NudgeConfig { source })?;
        Ok(Self {
            guard,
            store: TokenStore::new(config.store),
            registry: Registry::with_config(config.registry),
            nudger,
            timeouts: config.timeouts,
            digest: config.digest,
            last_snapshot: None,
        })
    }

    /// The functions defined in this session.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The confirm tokens of this session.
    pub fn store(&self) -> &TokenStore {
        &self.store
    }

    /// The raw text of the last snapshot taken, the base of the next `since_last` diff.
    pub fn last_snapshot(&self) -> Option<&str> {
        self.last_snapshot.as_deref()
    }
}
