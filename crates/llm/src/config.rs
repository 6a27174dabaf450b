//! Client settings.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// Settings of a [`Client`](crate::client::Client). `Debug` never shows the API key.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// let config = mcp_lean_llm::Config {
///     base_url: "http://127.0.0.1:11434/v1".to_owned(),
///     model: "qwen2.5:7b".to_owned(),
///     timeout: Duration::from_secs(120),
///     ..Default::default()
/// };
/// assert!(!format!("{config:?}").contains("sk-"));
/// ```
#[derive(Clone)]
pub struct Config {
    /// Base URL up to and without `/chat/completions`: `https://api.openai.com/v1`, or
    /// `http://127.0.0.1:4000/v1` for a local server.
    pub base_url: String,
    /// Certificate files trusted for HTTPS besides the system's roots (default none): PEM
    /// with one or more certificates, or one DER certificate. Each certificate counts as a
    /// CA, and also as a server's own certificate pinned by its exact bytes (accepted even
    /// when it says `CA:TRUE`, within its dates and for the host in
    /// [`base_url`](Config::base_url)). The system's roots are the bundle `SSL_CERT_FILE`
    /// names, else the distribution's bundle, else Mozilla's roots built in.
    pub ca_certs: Vec<PathBuf>,
    /// Model name (default `gpt-4o-mini`).
    pub model: String,
    /// Sent as `Authorization: Bearer …` when set (default none).
    pub api_key: Option<String>,
    /// Time limit of one HTTP request, connect to last byte (default 60 s).
    pub timeout: Duration,
    /// Requests that may fail (transport error, 429, 5xx, cut-off or unusable answer) before
    /// the client gives up (default 3). Asking again in a simpler form after a 400 does not
    /// count.
    pub max_attempts: u32,
    /// Wait before a retry when the server gives no `Retry-After`; doubles each retry
    /// (default 1 s).
    pub backoff: Duration,
    /// Cap on any wait, including the server's `Retry-After` (default 30 s).
    pub max_retry_wait: Duration,
    /// Sampling temperature (default `Some(0.0)`); dropped if the server rejects it.
    pub temperature: Option<f64>,
    /// Sampling seed (default `Some(7)`).
    pub seed: Option<u64>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            base_url: "http://127.0.0.1:4000/v1".to_owned(),
            ca_certs: Vec::new(),
            model: "gpt-4o-mini".to_owned(),
            api_key: None,
            timeout: Duration::from_secs(60),
            max_attempts: 3,
            backoff: Duration::from_secs(1),
            max_retry_wait: Duration::from_secs(30),
            temperature: Some(0.0),
            seed: Some(7),
        }
    }
}

impl Config {
    /// The defaults, as [`Default`].
    #[must_use]
    pub fn new() -> Config {
        Config::default()
    }

    /// How long to wait before retry number `retry` (from 0): the server's `Retry-After`
    /// when it sent one, else the doubling backoff; never more than `max_retry_wait`.
    pub(crate) fn retry_wait(&self, retry: u32, retry_after: Option<Duration>) -> Duration {
        let backoff = self.backoff.saturating_mul(1u32 << retry.min(16));
        retry_after.unwrap_or(backoff).min(self.max_retry_wait)
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("base_url", &self.base_url)
            .field("ca_certs", &self.ca_certs)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("timeout", &self.timeout)
            .field("max_attempts", &self.max_attempts)
            .field("backoff", &self.backoff)
            .field("max_retry_wait", &self.max_retry_wait)
            .field("temperature", &self.temperature)
            .field("seed", &self.seed)
            .finish()
    }
}

#[cfg(test)]
mod tests;
