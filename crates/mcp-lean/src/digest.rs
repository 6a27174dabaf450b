//! `mcp-lean digest` and `mcp-lean diff`: what of a snapshot serves a goal, and what changed.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};
use snapshot_digest::llm::{Client, ClientConfig, LlmDigestConfig, LlmOutcome, llm_digest};
use snapshot_digest::{Digest, DigestConfig, Snapshot};

use crate::Outcome;
use crate::input::{Input, read_or_report as load};

/// Output format of `mcp-lean digest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// The digest text.
    Text,
    /// `{"text": …, "stats": {…}}`.
    Json,
}

/// Arguments of `mcp-lean digest`.
#[derive(Debug, clap::Args)]
pub(crate) struct DigestArgs {
    /// What the agent wants to do or know, in plain words; without it, a full digest (every
    /// control with its ref, headings, landmarks, forms).
    #[arg(long)]
    goal: Option<String>,
    /// With --goal: the budget, in estimated tokens; a snapshot that fits comes back whole,
    /// a larger one is digested within it. The outline without a goal keeps every control
    /// whatever the size.
    #[arg(long, default_value_t = DigestConfig::default().max_tokens)]
    max_tokens: usize,
    /// With --goal: which page of candidates, from 1; page 2 lists the next-ranked controls
    /// that page 1 did not show.
    #[arg(long, default_value_t = 1, requires = "goal", value_parser = clap::value_parser!(u64).range(1..))]
    page: u64,
    /// With --goal: after the digest, one line per kept node on standard error saying why it
    /// was kept (match, context, candidate) and the parts of its score.
    #[arg(long, requires = "goal")]
    explain: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The snapshot's syntax.
    #[arg(long, value_enum, default_value_t = SyntaxArg::Auto)]
    syntax: SyntaxArg,
    /// With --goal: a chat model chooses the matches among the digest's candidates, through
    /// this OpenAI-compatible API (base URL up to /v1; https, or http for a local server).
    /// The API key is read from MCP_LEAN_LLM_API_KEY. Any failure gives the deterministic
    /// digest, with a warning.
    #[arg(long, requires_all = ["goal", "llm_model"], conflicts_with = "explain")]
    llm_url: Option<String>,
    /// With --llm-url: the model's name.
    #[arg(long, requires = "llm_url")]
    llm_model: Option<String>,
    /// With --llm-url: time limit of one request, in seconds.
    #[arg(long, default_value_t = 30, requires = "llm_url")]
    llm_timeout: u64,
    /// With --llm-url: budget of the candidate excerpt the model reads, in estimated tokens.
    #[arg(long, default_value_t = LlmDigestConfig::default().candidate_tokens, requires = "llm_url")]
    llm_candidates: usize,
    /// With --llm-url: a PEM file of a private CA to trust besides the system's roots
    /// (repeatable); SSL_CERT_FILE replaces the system's roots.
    #[arg(long = "ca-cert", value_name = "FILE", requires = "llm_url")]
    ca_cert: Vec<PathBuf>,
    /// The snapshot file (a bare snapshot or a Playwright MCP response), or `-` for stdin.
    file: String,
}

/// The environment variable the LLM digest's API key is read from.
const LLM_KEY_VAR: &str = "MCP_LEAN_LLM_API_KEY";

/// Which snapshot syntax a file is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SyntaxArg {
    /// Told from the first line: chrome-devtools-mcp's when it starts with `uid=`.
    Auto,
    /// Playwright's ARIA snapshot YAML.
    Playwright,
    /// chrome-devtools-mcp's `uid=` lines.
    Devtools,
}

/// Arguments of `mcp-lean diff`.
#[derive(Debug, clap::Args)]
pub(crate) struct DiffArgs {
    /// The earlier snapshot (`-` for stdin).
    old: String,
    /// The later snapshot (`-` for stdin, if OLD is a file).
    new: String,
    /// The snapshots' syntax.
    #[arg(long, value_enum, default_value_t = SyntaxArg::Auto)]
    syntax: SyntaxArg,
}

/// Parses a snapshot, reporting a syntax error as `FILE:LINE:COL: message` (exit status 1).
pub(crate) fn parse(input: &Input, syntax: SyntaxArg) -> Result<Snapshot<'_>, Outcome> {
    let config = snapshot_digest::Config {
        syntax: match syntax {
            SyntaxArg::Auto => None,
            SyntaxArg::Playwright => Some(snapshot_digest::Syntax::Playwright),
            SyntaxArg::Devtools => Some(snapshot_digest::Syntax::DevTools),
        },
        ..snapshot_digest::Config::default()
    };
    snapshot_digest::parse_with(&input.text, &config).map_err(|e| {
        eprintln!("{}:{}:{}: {}", input.name, e.line(), e.column(), e.kind());
        Outcome::Problems
    })
}

/// Runs `mcp-lean digest`.
pub(crate) fn run_digest(args: &DigestArgs) -> Outcome {
    let input = match load(&args.file) {
        Ok(input) => input,
        Err(outcome) => return outcome,
    };
    let snap = match parse(&input, args.syntax) {
        Ok(snap) => snap,
        Err(outcome) => return outcome,
    };
    let config = DigestConfig {
        max_tokens: args.max_tokens,
        page: usize::try_from(args.page).unwrap_or(usize::MAX),
        ..DigestConfig::default()
    };
    let mut llm = Value::Null;
    let (digest, explanations) = match &args.goal {
        Some(goal) if args.llm_url.is_some() => match ask_model(args, &snap, goal, &config) {
            Ok((digest, report)) => {
                llm = report;
                (digest, Vec::new())
            }
            Err(outcome) => return outcome,
        },
        Some(goal) if args.explain => snapshot_digest::explain_digest(&snap, goal, &config),
        Some(goal) => (
            snapshot_digest::digest_with(&snap, goal, &config),
            Vec::new(),
        ),
        None => (
            snapshot_digest::full_digest_with(&snap, &config),
            Vec::new(),
        ),
    };
    match args.format {
        Format::Text => outln!("{}", digest.text),
        Format::Json => {
            let s = digest.stats;
            let value = json!({
                "text": digest.text,
                "stats": {
                    "input_chars": s.input_chars,
                    "output_chars": s.output_chars,
                    "input_tokens": s.input_tokens,
                    "output_tokens": s.output_tokens,
                    "nodes_in": s.nodes_in,
                    "nodes_out": s.nodes_out,
                    "matches": s.hits,
                },
            });
            let mut value = value;
            if !llm.is_null() {
                value["llm"] = llm;
            }
            outln!("{value}");
        }
    }
    for why in &explanations {
        eprintln!("{}: {why}", input.name);
    }
    Outcome::Success
}

/// The LLM digest for `--llm-url`: the digest, and what the model did as JSON. Says on
/// stderr what the model chose, or why its answer was not used.
fn ask_model(
    args: &DigestArgs,
    snap: &Snapshot<'_>,
    goal: &str,
    config: &DigestConfig,
) -> Result<(Digest, Value), Outcome> {
    let client = Client::new(ClientConfig {
        base_url: args.llm_url.clone().unwrap_or_default(),
        model: args.llm_model.clone().unwrap_or_default(),
        api_key: std::env::var(LLM_KEY_VAR).ok().filter(|k| !k.is_empty()),
        ca_certs: args.ca_cert.clone(),
        timeout: Duration::from_secs(args.llm_timeout),
        // A digest is on an agent's path: one retry, short waits.
        max_attempts: 2,
        max_retry_wait: Duration::from_secs(5),
        ..ClientConfig::default()
    })
    .map_err(|e| {
        eprintln!("mcp-lean: {e}");
        Outcome::Failure
    })?;
    let llm = LlmDigestConfig {
        candidate_tokens: args.llm_candidates,
        ..LlmDigestConfig::default()
    };
    let d = llm_digest(snap, goal, config, &llm, &client);
    let whole = snapshot_digest::estimate_tokens(snap.source());
    let outcome = match &d.outcome {
        LlmOutcome::Chosen { refs, dropped } => {
            let mut line = format!("mcp-lean: the model chose {}", refs.join(", "));
            if !dropped.is_empty() {
                line.push_str(&format!(
                    "; dropped {}, not in the excerpt it read",
                    dropped.join(", ")
                ));
            }
            eprintln!(
                "{line}; sent about {} tokens, the whole snapshot is {whole}",
                d.sent_tokens
            );
            json!({"outcome": "chosen", "refs": refs, "dropped": dropped})
        }
        LlmOutcome::NotAsked { reason } => {
            eprintln!("mcp-lean: no model asked: {reason}");
            json!({"outcome": "not_asked", "reason": reason})
        }
        LlmOutcome::Fallback { reason } => {
            eprintln!("mcp-lean: warning: the deterministic digest is shown: {reason}");
            json!({"outcome": "fallback", "reason": reason})
        }
        other => json!({"outcome": format!("{other:?}")}),
    };
    let mut report = outcome;
    report["sent_tokens"] = json!(d.sent_tokens);
    report["snapshot_tokens"] = json!(whole);
    if let Some(u) = d.usage {
        report["usage"] = json!({"prompt_tokens": u.prompt_tokens,
            "completion_tokens": u.completion_tokens, "total_tokens": u.total_tokens});
    }
    Ok((d.digest, report))
}

/// Runs `mcp-lean diff`.
pub(crate) fn run_diff(args: &DiffArgs) -> Outcome {
    if args.old == "-" && args.new == "-" {
        eprintln!("mcp-lean: OLD and NEW cannot both be standard input; give at least one file");
        return Outcome::Failure;
    }
    let (old, new) = match (load(&args.old), load(&args.new)) {
        (Ok(old), Ok(new)) => (old, new),
        (Err(outcome), _) | (_, Err(outcome)) => return outcome,
    };
    let (old, new) = match (parse(&old, args.syntax), parse(&new, args.syntax)) {
        (Ok(old), Ok(new)) => (old, new),
        (Err(outcome), _) | (_, Err(outcome)) => return outcome,
    };
    outln!("{}", snapshot_digest::diff(&old, &new).text);
    Outcome::Success
}
