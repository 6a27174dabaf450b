//! `mcp-lean proxy`: an MCP server on standard input and output that forwards everything to
//! a server it starts as a child process, and makes that server's results lean on the way back
//! (the rules are in `mcp-proxy-rules`; this module is the plumbing).

mod downstream;
mod files;
mod stats_file;
mod upstream;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args as ClapArgs;
use mcp_proxy_rules::GoalDigester;
use rmcp::ServiceExt;
use rmcp::transport::TokioChildProcess;
use snapshot_digest::{DigestConfig, Snapshot};
use tokio_util::sync::CancellationToken;

use crate::Outcome;
use crate::llm_args::{LlmArgs, describe};
use downstream::{Proxy, ServerLink, Settings};
use stats_file::StatsFile;

/// Arguments of `mcp-lean proxy`.
#[derive(Debug, ClapArgs)]
#[command(after_help = "Example, in an MCP client's configuration:
  command: mcp-lean
  args: [proxy, --, npx, @playwright/mcp@0.0.83, --headless]

The proxy adds `goal` and `page` to the tools whose results carry a page snapshot, digests, \
diffs or outlines those snapshots (reading the snapshot files Playwright MCP links to), previews large \
results behind a one-time token that the added `confirm_output` tool redeems, and passes \
everything else through unchanged.")]
pub(crate) struct Args {
    /// A JSON file of settings over the profile (snapshotTools, actionTools, withoutGoal,
    /// maxTokens, previewChars, guardSections, guardPlainText, confirmTool, profile).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The built-in profile to use instead of the one picked from the server's name:
    /// playwright, chrome-devtools or generic.
    #[arg(long, value_name = "NAME")]
    profile: Option<String>,
    /// Append one JSON line per tool call to FILE (tool, tokens in and out, what was done,
    /// milliseconds); `mcp-lean proxy-report FILE` sums them up.
    #[arg(long, value_name = "FILE")]
    stats: Option<PathBuf>,
    /// Seconds to wait for the server's answer to one request (reset by its progress
    /// notifications) before the client gets an error and the server a cancellation.
    #[arg(long, value_name = "SECS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    timeout: u64,
    /// The folder relative snapshot-file links are resolved against, as the server resolves
    /// them (its workspace root). Default: the current folder, where the server starts.
    #[arg(long, value_name = "DIR")]
    workspace: Option<PathBuf>,
    /// The URL of a server that speaks streamable HTTP (`http://localhost:8931/mcp`), instead
    /// of a command to start.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    upstream_url: Option<String>,
    /// The LLM digest for goal digests.
    #[command(flatten)]
    llm: LlmArgs,
    /// The server's command and its arguments, after `--`.
    #[arg(
        last = true,
        required_unless_present = "upstream_url",
        value_name = "CMD"
    )]
    command: Vec<String>,
}

/// Runs the proxy until the client closes its input or the server exits.
pub(crate) fn run(args: &Args) -> Outcome {
    match prepare(args) {
        Ok(settings) => {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    eprintln!("mcp-lean proxy: cannot start the async runtime: {e}");
                    return Outcome::Failure;
                }
            };
            let outcome = runtime.block_on(serve(args, settings));
            // Reading standard input holds a blocking thread that only a new line would free;
            // the proxy is done, so it does not wait for it.
            runtime.shutdown_background();
            outcome
        }
        Err(message) => {
            eprintln!("mcp-lean proxy: {message}");
            Outcome::Failure
        }
    }
}

/// Reads the configuration and opens the statistics file before anything starts, so that a
/// mistake in either stops the proxy at once with a clear message.
fn prepare(args: &Args) -> Result<Settings, String> {
    let config = match &args.config {
        Some(path) => Some(std::fs::read_to_string(path).map_err(|e| {
            format!(
                "cannot read the configuration file {}: {e}; check the --config path",
                path.display()
            )
        })?),
        None => None,
    };
    if let Some(name) = &args.profile {
        mcp_proxy_rules::Profile::named(name).map_err(|e| e.to_string())?;
    }
    // Checked now against a stand-in profile; applied for real once the server is known.
    if let Some(text) = &config {
        mcp_proxy_rules::Profile::generic()
            .with_file(text)
            .map_err(|e| match &args.config {
                Some(path) => format!("{}: {e}", path.display()),
                None => e.to_string(),
            })?;
    }
    let stats = match &args.stats {
        Some(path) => Some(StatsFile::open(path)?),
        None => None,
    };
    let workspace = match &args.workspace {
        Some(dir) => dir.clone(),
        None => std::env::current_dir()
            .map_err(|e| format!("cannot read the current folder: {e}; pass --workspace DIR"))?,
    };
    let goal_digester = args.llm.digester()?.map(|digester| {
        let digester: Arc<GoalDigester> = Arc::new(
            move |snap: &Snapshot<'_>, goal: &str, config: &DigestConfig| {
                let d = digester.digest(snap, goal, config);
                let (line, warning) = describe(&d.outcome);
                // The client's log: a model that stopped answering must not go unnoticed.
                if warning {
                    eprintln!("mcp-lean proxy: warning: llm digest: {line}");
                }
                (d.digest.text, Some(format!("llm digest: {line}")))
            },
        );
        digester
    });
    Ok(Settings {
        profile: args.profile.clone(),
        config,
        stats,
        timeout: Duration::from_secs(args.timeout),
        workspace,
        goal_digester,
    })
}

/// Starts the server's process, or checks its URL.
fn link(args: &Args) -> Result<ServerLink, String> {
    if let Some(url) = &args.upstream_url {
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!(
                "--upstream-url {url:?} is not an http:// or https:// URL; give the server's MCP endpoint, e.g. http://127.0.0.1:8931/mcp"
            ));
        }
        return Ok(ServerLink::Http(url.clone()));
    }
    let Some((program, rest)) = args.command.split_first() else {
        return Err("give the server's command after --, or --upstream-url".to_owned());
    };
    let mut command = tokio::process::Command::new(program);
    command.args(rest);
    TokioChildProcess::builder(command)
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .map(|(child, _)| ServerLink::Child(child))
        .map_err(|e| {
            format!("cannot start the server {program:?}: {e}; check the command after --")
        })
}

async fn serve(args: &Args, settings: Settings) -> Outcome {
    let server = match link(args) {
        Ok(server) => server,
        Err(message) => {
            eprintln!("mcp-lean proxy: {message}");
            return Outcome::Failure;
        }
    };
    let stop = CancellationToken::new();
    let proxy = Proxy::new(server, settings, stop.clone());
    let shared = proxy.shared();
    let running = match proxy
        .serve_with_ct(rmcp::transport::stdio(), stop.clone())
        .await
    {
        Ok(running) => running,
        Err(e) => {
            eprintln!("mcp-lean proxy: the client did not initialize the session: {e}");
            shared.shutdown().await;
            return Outcome::Failure;
        }
    };
    let _ = running.waiting().await;
    let server_died = shared.server_died();
    shared.shutdown().await;
    if let Some(why) = server_died {
        eprintln!("mcp-lean proxy: {why}");
        Outcome::Problems
    } else {
        Outcome::Success
    }
}
