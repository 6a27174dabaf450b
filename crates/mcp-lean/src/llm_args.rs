//! The LLM digest's flags, shared by `mcp-lean digest` and `mcp-lean proxy`: which model,
//! where, and the client built from them.

use std::path::PathBuf;
use std::time::Duration;

use snapshot_digest::llm::{Client, ClientConfig, LlmDigestConfig, LlmOutcome, llm_digest};
use snapshot_digest::{DigestConfig, Snapshot};

/// The environment variable the LLM digest's API key is read from.
const LLM_KEY_VAR: &str = "MCP_LEAN_LLM_API_KEY";

/// Flags of the LLM digest.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct LlmArgs {
    /// Goal digests: a chat model chooses the matches among the digest's candidates, through
    /// this OpenAI-compatible API (base URL up to /v1; https, or http for a local server).
    /// The API key is read from MCP_LEAN_LLM_API_KEY. Any failure gives the deterministic
    /// digest, with a warning.
    #[arg(long, value_name = "URL", requires = "llm_model")]
    pub(crate) llm_url: Option<String>,
    /// With --llm-url: the model's name.
    #[arg(long, value_name = "NAME", requires = "llm_url")]
    llm_model: Option<String>,
    /// With --llm-url: time limit of one request, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 30, requires = "llm_url")]
    llm_timeout: u64,
    /// With --llm-url: budget of the candidate excerpt the model reads, in estimated tokens.
    #[arg(long, value_name = "N", default_value_t = LlmDigestConfig::default().candidate_tokens, requires = "llm_url")]
    llm_candidates: usize,
    /// With --llm-url: a certificate to trust besides the system's roots: a private CA, or
    /// the model server's own (pinned by its bytes, even a self-signed CA:TRUE one). PEM, or
    /// one DER certificate; repeatable. SSL_CERT_FILE replaces the system's roots.
    #[arg(long = "ca-cert", value_name = "FILE", requires = "llm_url")]
    ca_cert: Vec<PathBuf>,
}

/// A ready LLM digest: the client and its settings.
pub(crate) struct LlmDigester {
    client: Client,
    config: LlmDigestConfig,
}

impl LlmArgs {
    /// The digester, when `--llm-url` was given.
    ///
    /// # Errors
    ///
    /// What is wrong with the URL or a CA file, as a sentence.
    pub(crate) fn digester(&self) -> Result<Option<LlmDigester>, String> {
        let Some(url) = &self.llm_url else {
            return Ok(None);
        };
        let client = Client::new(ClientConfig {
            base_url: url.clone(),
            model: self.llm_model.clone().unwrap_or_default(),
            api_key: std::env::var(LLM_KEY_VAR).ok().filter(|k| !k.is_empty()),
            ca_certs: self.ca_cert.clone(),
            timeout: Duration::from_secs(self.llm_timeout),
            // A digest is on an agent's path: one retry, short waits.
            max_attempts: 2,
            max_retry_wait: Duration::from_secs(5),
            ..ClientConfig::default()
        })
        .map_err(|e| e.to_string())?;
        Ok(Some(LlmDigester {
            client,
            config: LlmDigestConfig {
                candidate_tokens: self.llm_candidates,
                ..LlmDigestConfig::default()
            },
        }))
    }
}

impl LlmDigester {
    /// The LLM digest of `snap` for `goal`.
    pub(crate) fn digest(
        &self,
        snap: &Snapshot<'_>,
        goal: &str,
        config: &DigestConfig,
    ) -> snapshot_digest::llm::LlmDigest {
        llm_digest(snap, goal, config, &self.config, &self.client)
    }
}

/// One line on what the model did, and whether it is a warning (its answer was not used).
pub(crate) fn describe(outcome: &LlmOutcome) -> (String, bool) {
    match outcome {
        LlmOutcome::Chosen { refs, dropped } => {
            let mut line = format!("the model chose {}", refs.join(", "));
            if !dropped.is_empty() {
                line.push_str(&format!(
                    "; dropped {}, not in the excerpt it read",
                    dropped.join(", ")
                ));
            }
            (line, false)
        }
        LlmOutcome::NotAsked { reason } => (format!("no model asked: {reason}"), false),
        LlmOutcome::Fallback { reason } => {
            (format!("the deterministic digest is shown: {reason}"), true)
        }
        other => (format!("{other:?}"), false),
    }
}
