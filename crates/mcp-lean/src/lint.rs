//! `mcp-lean lint`: lint MCP tool definitions from a file, standard input or a live stdio server.

mod server;

use std::time::Duration;

use serde_json::Value;
use tool_schema::{Config, Level, Pins, Profile, Severity};

use crate::exit::Outcome;

/// Output format of `mcp-lean lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// One line per finding, then a summary line.
    Text,
    /// The full report: findings, per-tool and server scores, repeated `$defs`.
    Json,
    /// SARIF 2.1.0, for code-scanning dashboards.
    Sarif,
}

/// Lowest severity that makes the exit status 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Deny {
    /// Only errors fail (the default).
    Errors,
    /// Warnings and errors fail.
    Warnings,
    /// Every finding fails.
    Info,
    /// Errors fail, and so does any drift from `--baseline` (a tool added, removed or changed).
    Drift,
}

/// Arguments of `mcp-lean lint`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// A tools/list result or an array of tools (JSON), or `-` for standard input.
    #[arg(required_unless_present = "server", conflicts_with = "server")]
    file: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Lowest severity that makes the exit status 1.
    #[arg(long, value_enum, default_value = "errors")]
    deny: Deny,
    /// Turn a rule off, e.g. `--allow TD-NO-USAGE` (repeatable).
    #[arg(long, value_name = "RULE")]
    allow: Vec<String>,
    /// Set a rule's severity, e.g. `--rule TD-LONG=error` (off, info, warn, error; repeatable).
    #[arg(long = "rule", value_name = "RULE=LEVEL")]
    rules: Vec<String>,
    /// Turn on the rules of a client profile: `openai-strict` checks what OpenAI's strict
    /// function calling demands (every object closed, every property required).
    #[arg(long, value_name = "PROFILE")]
    profile: Vec<String>,
    /// Write a sha256 per tool definition (name, title, description, schemas, annotations, as
    /// canonical JSON) to FILE, to compare later runs against with `--baseline`.
    #[arg(long, value_name = "FILE")]
    pin: Option<String>,
    /// Report tools added, removed or changed (and which fields) since FILE was written by
    /// `--pin`; with `--deny drift` any of them makes the exit status 1.
    #[arg(long, value_name = "FILE")]
    baseline: Option<String>,
    /// Start the stdio MCP server given after `--`, list its tools (following nextCursor), lint
    /// them and stop it.
    #[arg(long, requires = "command")]
    server: bool,
    /// Seconds to wait for each answer of the server.
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    timeout: u64,
    /// The server command and its arguments, after `--`.
    #[arg(last = true, value_name = "CMD")]
    command: Vec<String>,
}

/// Runs `mcp-lean lint`.
pub(crate) fn run(args: &Args) -> Outcome {
    let config = match config(args) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            return Outcome::Failure;
        }
    };
    let (source, value) = match load(args) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            return Outcome::Failure;
        }
    };
    let tools = match tool_schema::parse_tools(&value) {
        Ok(tools) => tools,
        Err(e) => {
            eprintln!("mcp-lean: {source}: {e}");
            return Outcome::Failure;
        }
    };
    let report = match args.baseline.as_deref().map(read_pins).transpose() {
        Ok(Some(baseline)) => tool_schema::lint_with_baseline(&tools, &config, &baseline),
        Ok(None) => tool_schema::lint(&tools, &config),
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            return Outcome::Failure;
        }
    };
    if let Some(path) = &args.pin
        && let Err(e) = std::fs::write(path, Pins::of(&tools).to_json())
    {
        eprintln!(
            "mcp-lean: cannot write the pin file {path}: {e}; check the folder exists and is writable"
        );
        return Outcome::Failure;
    }
    let printed = match args.format {
        Format::Text => Ok(report.to_text(&source)),
        Format::Json => serde_json::to_string_pretty(&report.to_json()),
        Format::Sarif => serde_json::to_string_pretty(&report.to_sarif(&source)),
    };
    match printed {
        Ok(text) => outln!("{}", text.trim_end()),
        Err(e) => {
            eprintln!("mcp-lean: cannot write the report: {e}");
            return Outcome::Failure;
        }
    }
    let deny = match args.deny {
        Deny::Errors | Deny::Drift => Severity::Error,
        Deny::Warnings => Severity::Warn,
        Deny::Info => Severity::Info,
    };
    let drifted =
        args.deny == Deny::Drift && report.findings().iter().any(|f| f.rule.starts_with("PIN-"));
    if report.has_findings(deny) || drifted {
        Outcome::Problems
    } else {
        Outcome::Success
    }
}

fn config(args: &Args) -> Result<Config, String> {
    let mut config = Config::default();
    for name in &args.profile {
        config = config.with_profile(Profile::parse(name).map_err(|e| e.to_string())?);
    }
    for id in &args.allow {
        config = config
            .with_rule(id, Level::Off)
            .map_err(|e| e.to_string())?;
    }
    for spec in &args.rules {
        let (id, level) = spec
            .split_once('=')
            .ok_or_else(|| format!("--rule {spec:?} must be RULE=LEVEL, e.g. TD-LONG=error"))?;
        let level = Level::parse(level).map_err(|e| e.to_string())?;
        config = config.with_rule(id, level).map_err(|e| e.to_string())?;
    }
    Ok(config)
}

fn read_pins(path: &str) -> Result<Pins, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the baseline {path}: {e}; write one with --pin FILE"))?;
    Pins::from_json(&text).map_err(|e| format!("baseline {path}: {e}"))
}

fn load(args: &Args) -> Result<(String, Value), String> {
    if args.server {
        let timeout = Duration::from_secs(args.timeout.max(1));
        let value = server::list_tools(&args.command, timeout)?;
        let name = format!("server `{}`", args.command.join(" "));
        return Ok((name, value));
    }
    let path = args.file.as_deref().unwrap_or("-");
    let input = crate::input::read(path)?;
    let value = serde_json::from_str(&input.text).map_err(|e| {
        format!(
            "{} is not JSON ({e}); pass a tools/list result or an array of tools",
            input.name
        )
    })?;
    Ok((input.name, value))
}
