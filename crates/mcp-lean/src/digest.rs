//! `mcp-lean digest` and `mcp-lean diff`: what of a snapshot serves a goal, and what changed.

use serde_json::{Value, json};
use snapshot_digest::llm::LlmOutcome;
use snapshot_digest::{Digest, DigestConfig, HoldBack, Snapshot};

use crate::exit::Outcome;
use crate::input::{Input, read_or_report as load};
use crate::llm_args::{LlmArgs, describe};

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
    /// With --goal: one budget for this snapshot, in estimated tokens; a snapshot that fits
    /// comes back whole, a larger one is digested within it. Default: 900, growing to 5 %
    /// of a snapshot over 18,000 tokens, at most 4,000. The outline without a goal keeps
    /// every control whatever the size.
    #[arg(long, value_name = "N")]
    max_tokens: Option<usize>,
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
    /// Show the text of nodes that address the agent (a prompt injection on the page). By
    /// default such a node is one line, `⚠ text addressed to the agent (N chars), not shown`,
    /// its ref kept.
    #[arg(long)]
    show_flagged: bool,
    /// The LLM digest (with --goal).
    #[command(flatten)]
    llm: LlmArgs,
    /// The snapshot file (a bare snapshot or a Playwright MCP response), or `-` for stdin.
    file: String,
}

/// Which snapshot syntax a file is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SyntaxArg {
    /// Told from the first lines: chrome-devtools-mcp's when it starts with `uid=`,
    /// agent-browser's when a bracket holds two attributes (`[level=1, ref=e1]`) or a role is
    /// `StaticText`, Playwright's otherwise.
    Auto,
    /// Playwright's ARIA snapshot YAML.
    Playwright,
    /// chrome-devtools-mcp's `uid=` lines.
    Devtools,
    /// agent-browser's `- role "name" [attr, ref=e1]` lines.
    AgentBrowser,
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
    /// Show the text of nodes that address the agent (a prompt injection on the page). By
    /// default such a node is one line, `⚠ text addressed to the agent (N chars), not shown`,
    /// its ref kept.
    #[arg(long)]
    show_flagged: bool,
}

/// Parses a snapshot, reporting a syntax error as `FILE:LINE:COL: message` (exit status 1).
pub(crate) fn parse(input: &Input, syntax: SyntaxArg) -> Result<Snapshot<'_>, Outcome> {
    let config = snapshot_digest::Config {
        syntax: match syntax {
            SyntaxArg::Auto => None,
            SyntaxArg::Playwright => Some(snapshot_digest::Syntax::Playwright),
            SyntaxArg::Devtools => Some(snapshot_digest::Syntax::DevTools),
            SyntaxArg::AgentBrowser => Some(snapshot_digest::Syntax::AgentBrowser),
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
    if args.llm.llm_url.is_some() && args.goal.is_none() {
        eprintln!("mcp-lean: --llm-url chooses for a goal; give --goal TEXT as well");
        return Outcome::Failure;
    }
    let input = match load(&args.file) {
        Ok(input) => input,
        Err(outcome) => return outcome,
    };
    let snap = match parse(&input, args.syntax) {
        Ok(snap) => snap,
        Err(outcome) => return outcome,
    };
    let mut config = DigestConfig {
        page: usize::try_from(args.page).unwrap_or(usize::MAX),
        hold_back: hold_back(args.show_flagged),
        ..DigestConfig::default()
    };
    if let Some(tokens) = args.max_tokens {
        config = config.with_fixed_budget(tokens);
    }
    let mut llm = Value::Null;
    let (digest, explanations) = match &args.goal {
        Some(goal) if args.llm.llm_url.is_some() => match ask_model(args, &snap, goal, &config) {
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
            let mut value = json!({
                "text": digest.text,
                "stats": {
                    "input_chars": s.input_chars,
                    "output_chars": s.output_chars,
                    "input_tokens": s.input_tokens,
                    "output_tokens": s.output_tokens,
                    "nodes_in": s.nodes_in,
                    "nodes_out": s.nodes_out,
                    "matches": s.hits,
                    "held_back": s.held_back,
                },
            });
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
    if args.explain {
        eprintln!(
            "mcp-lean: --explain explains the deterministic digest; leave out --llm-url or --explain"
        );
        return Err(Outcome::Failure);
    }
    let digester = match args.llm.digester() {
        Ok(Some(d)) => d,
        Ok(None) => return Err(Outcome::Failure),
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            return Err(Outcome::Failure);
        }
    };
    let d = digester.digest(snap, goal, config);
    let whole = snapshot_digest::estimate_tokens(snap.source());
    let (line, warning) = describe(&d.outcome);
    let warn = if warning { "warning: " } else { "" };
    eprintln!(
        "mcp-lean: {warn}{line}; sent about {} tokens, the whole snapshot is {whole}",
        d.sent_tokens
    );
    let mut report = match &d.outcome {
        LlmOutcome::Chosen { refs, dropped } => {
            json!({"outcome": "chosen", "refs": refs, "dropped": dropped})
        }
        LlmOutcome::NotAsked { reason } => json!({"outcome": "not_asked", "reason": reason}),
        LlmOutcome::Fallback { reason } => json!({"outcome": "fallback", "reason": reason}),
        other => json!({"outcome": format!("{other:?}")}),
    };
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
    let hold = hold_back(args.show_flagged);
    outln!("{}", snapshot_digest::diff_with(&old, &new, &hold).text);
    Outcome::Success
}

/// Text addressed to the agent held back, its line saying how to see it; or shown, with
/// `--show-flagged`.
fn hold_back(show: bool) -> HoldBack {
    if show {
        HoldBack::off()
    } else {
        HoldBack {
            hint: "--show-flagged shows it".to_owned(),
            ..HoldBack::default()
        }
    }
}
