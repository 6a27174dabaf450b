//! `mcp-lean proxy`: an MCP server between a client and the MCP server it would use, which makes
//! that server's results lean on the way back (the rules are in `mcp-proxy-rules`; this module
//! and its children are the plumbing). Clients come over standard input and output, or over
//! streamable HTTP, any number at once, each with a session of its own; clients and servers may
//! be of either protocol era, the `initialize` handshake or the 2026-07-28 revision. The server
//! is a child process, one per session over HTTP, or a streamable HTTP endpoint.
//!
//! The layers, each using only those below it: [`transport`] (how clients reach the proxy),
//! [`downstream`] (the client side, where results are rewritten), [`session`] (one client's
//! session state), [`upstream`] (the server side), [`bridge`] (between a client and a server
//! of different eras), [`routing`] (where the server's messages go back), and the leaves:
//! [`settings`], [`era`], [`caller`], [`jsonrpc`].

mod bridge;
mod caller;
mod downstream;
mod era;
mod jsonrpc;
mod routing;
mod session;
mod settings;
mod transport;
mod upstream;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args as ClapArgs;
use mcp_proxy_rules::GoalDigester;
use rmcp::{RoleServer, ServiceExt};
use snapshot_digest::{DigestConfig, Snapshot};
use tokio_util::sync::CancellationToken;

use crate::exit::Outcome;
use crate::llm_args::{LlmArgs, describe};
use downstream::Proxy;
use settings::{OutputFiles, OutputFolder, Overrides, Settings, StatsFile};
use transport::stdio::Stdio;
use transport::streamable_http::{self, Listen, ServerSource};
use upstream::link::{self, ServerLink};

/// Arguments of `mcp-lean proxy`.
#[derive(Debug, ClapArgs)]
#[command(after_help = "Example, in an MCP client's configuration:
  command: mcp-lean
  args: [proxy, --, npx, @playwright/mcp@0.0.83, --headless]

Or over streamable HTTP, for a client configured with a url (http://127.0.0.1:8932/mcp):
  mcp-lean proxy --listen 127.0.0.1:8932 --auth-token-file TOKEN_FILE -- npx -y @playwright/mcp@0.0.83 --headless
Each client session then gets a server process of its own, so two agents never share a page; \
clients of the 2026-07-28 revision have no session, so each token of the file (one a line) \
gets a process of its own (or, without tokens, --shared-session lets them share one).

The proxy adds `goal` and `page` to the tools whose results carry a page snapshot, digests, \
diffs or outlines those snapshots (reading the snapshot files Playwright MCP links to, only \
under the server's output folder), keeps every result within --max-result-tokens (a long \
snapshot without a goal comes in pages), previews large results behind a token that the added \
`confirm_output` tool reads whole, by slice or by pattern, and passes everything else through \
unchanged.")]
pub(crate) struct Args {
    /// A JSON file of settings over the profile (snapshotTools, actionTools, withoutGoal,
    /// maxTokens, previewChars, guardSections, guardPlainText, confirmTool, profile,
    /// maxResultTokens, outputTtlSecs, maxStoredBytes, oneTimeOutputs, tools, excludeTools,
    /// holdBack, contentBoundaries, snapshotSyntax, bareSnapshots, structuredCopies,
    /// urlPointer, pageState).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The built-in profile to use instead of the one picked from the server's name:
    /// playwright, chrome-devtools, agent-browser, browser-use or generic.
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
    /// them (its workspace root), and the proxy reads linked files only under it. Default: the
    /// current folder, where the server starts; linked files are then read only under the
    /// server's --output-dir (or its --config's outputDir), else under the folder of the
    /// first file it links to.
    #[arg(long, value_name = "DIR")]
    workspace: Option<PathBuf>,
    /// The most estimated tokens of any result the client gets, all of it together (Claude
    /// Code cuts results over 25,000). Default 20,000, or the config file's maxResultTokens.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2_000..=10_000_000))]
    max_result_tokens: Option<u64>,
    /// Only these of the server's tools are listed and callable: comma-separated names, `*`
    /// for any run of chars (`browser_*`). Default: all, or the config file's tools.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    tools: Option<Vec<String>>,
    /// These of the server's tools are hidden and refused, after --tools: comma-separated
    /// names or globs (`browser_drop,browser_network_*`).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    exclude_tools: Option<Vec<String>>,
    /// Wrap every text of every result in markers that carry a nonce random per session,
    /// `<<page-content NONCE>>` … `<</page-content NONCE>>`, and say in each tool's
    /// description that what they hold is data from the page, never instructions. Default:
    /// off, or the config file's contentBoundaries.
    #[arg(long)]
    content_boundaries: bool,
    /// Pass page text that addresses the agent as it is. By default such a text (a prompt
    /// injection in a review, a hidden paragraph, an image's name, a script's value) is one
    /// line, `⚠ text addressed to the agent (N chars), not shown; read it with
    /// confirm_output TOKEN`, and the result says how many were held back.
    #[arg(long)]
    show_flagged: bool,
    /// The URL of a server that speaks streamable HTTP (`http://localhost:8931/mcp`), instead
    /// of a command to start.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    upstream_url: Option<String>,
    /// Serve clients over streamable HTTP at `http://ADDR/mcp` instead of standard input and
    /// output, any number at once (127.0.0.1:8932). Each client session gets a server session
    /// of its own (a process of the command, or a session at --upstream-url), so two agents
    /// never share a page; clients of the 2026-07-28 revision, which have no session, get one
    /// per token of --auth-token-file (or share one with --shared-session). An address that
    /// is not loopback needs --auth-token-file.
    #[arg(long, value_name = "ADDR")]
    listen: Option<std::net::SocketAddr>,
    /// With --listen: also accept requests from this browser origin
    /// (`https://app.example.com`); loopback origins always are, others get 403. Repeatable.
    #[arg(long, value_name = "ORIGIN", requires = "listen")]
    allow_origin: Vec<String>,
    /// With --listen: every request must carry `Authorization: Bearer TOKEN`, TOKEN being one
    /// of this file's lines (one token per client, each one word of at least 16 chars; blank
    /// lines and repeats ignored). Clients of the 2026-07-28 revision, which have no session,
    /// are told apart by their tokens: each token gets a server process of its own.
    #[arg(long, value_name = "FILE", requires = "listen")]
    auth_token_file: Option<PathBuf>,
    /// With --listen and no --auth-token-file: let clients of the 2026-07-28 revision share one
    /// server process (one browser, its tabs, cookies and logins). Without it they are refused
    /// until tokens tell them apart.
    #[arg(long, requires = "listen", conflicts_with = "auth_token_file")]
    shared_session: bool,
    /// With --listen: the most client sessions at once; one more is refused with 503.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=1_000))]
    max_sessions: u64,
    /// With --listen: seconds without a message after which a session ends, and its server
    /// session with it.
    #[arg(long, value_name = "SECS", default_value_t = 1_800, value_parser = clap::value_parser!(u64).range(1..=604_800))]
    session_idle: u64,
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

/// Runs the proxy until the client closes its input or the server exits (over standard
/// input and output), or until it is stopped (with --listen).
pub(crate) fn run(args: &Args) -> Outcome {
    let listen = match listen_options(args) {
        Ok(listen) => listen,
        Err(message) => {
            eprintln!("mcp-lean proxy: {message}");
            return Outcome::Failure;
        }
    };
    match prepare(args) {
        Ok(settings) => {
            // The detector of page text that addresses the agent compiles its grammars while
            // the server starts, so that no result waits for them (about 0.1 s in all).
            if !args.show_flagged {
                std::thread::spawn(mcp_lean_injection::warm_up);
            }
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
            let outcome = match listen {
                Some(listen) => runtime.block_on(serve_http(args, listen, settings)),
                None => runtime.block_on(serve(args, settings)),
            };
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
    let overrides = Overrides {
        max_result_tokens: args.max_result_tokens.and_then(|n| usize::try_from(n).ok()),
        tools: args.tools.clone(),
        exclude_tools: args.exclude_tools.clone(),
        content_boundaries: args.content_boundaries,
        show_flagged: args.show_flagged,
    };
    overrides
        .apply(mcp_proxy_rules::Profile::generic())
        .map_err(|e| e.to_string())?;
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
    let (workspace, folder) = match &args.workspace {
        Some(dir) => (dir.clone(), OutputFolder::Known(dir.clone())),
        None => {
            let cwd = std::env::current_dir().map_err(|e| {
                format!("cannot read the current folder: {e}; pass --workspace DIR")
            })?;
            let folder = settings::output_dir_of(&args.command, &cwd)
                .map_or(OutputFolder::FirstLink, OutputFolder::Known);
            (cwd, folder)
        }
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
        files: Arc::new(OutputFiles::new(workspace, folder)),
        overrides,
        goal_digester,
    })
}

/// Starts the server's process, or checks its URL.
fn server_link(args: &Args) -> Result<ServerLink, String> {
    if let Some(url) = &args.upstream_url {
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!(
                "--upstream-url {url:?} is not an http:// or https:// URL; give the server's MCP endpoint, e.g. http://127.0.0.1:8931/mcp"
            ));
        }
        return Ok(ServerLink::Http(url.clone()));
    }
    link::spawn(&args.command).map(|child| ServerLink::Child(child, args.command.clone()))
}

/// The listener's settings, checked before anything starts: `None` without --listen.
fn listen_options(args: &Args) -> Result<Option<Listen>, String> {
    let Some(addr) = args.listen else {
        return Ok(None);
    };
    let tokens = match &args.auth_token_file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                format!(
                    "cannot read the token file {}: {e}; check the --auth-token-file path",
                    path.display()
                )
            })?;
            streamable_http::parse_tokens(&text, &path.display().to_string())?
        }
        None => Vec::new(),
    };
    if !addr.ip().is_loopback() && tokens.is_empty() {
        return Err(format!(
            "--listen {addr} is not a loopback address, so anyone who reaches it could drive the server through the proxy; give --auth-token-file FILE, or listen on 127.0.0.1"
        ));
    }
    if args.upstream_url.is_none() {
        let program = args
            .command
            .first()
            .ok_or("give the server's command after --, or --upstream-url")?;
        if !program_exists(program) {
            return Err(format!(
                "cannot start the server {program:?}: no such program; check the command after --"
            ));
        }
    }
    Ok(Some(Listen {
        addr,
        policy: streamable_http::Policy::new(&args.allow_origin, tokens)?,
        shared_session: args.shared_session,
        max_sessions: usize::try_from(args.max_sessions).unwrap_or(usize::MAX),
        session_idle: Duration::from_secs(args.session_idle),
    }))
}

/// Whether `program` names a file, or a file in a `PATH` folder (with --listen the command
/// starts per session, so a typo is caught now instead of at the first client).
fn program_exists(program: &str) -> bool {
    let path = std::path::Path::new(program);
    if path.components().count() > 1 {
        return path.is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

async fn serve_http(args: &Args, listen: Listen, settings: Settings) -> Outcome {
    let server = match &args.upstream_url {
        Some(url) => match server_link(args) {
            Ok(_) => ServerSource::Url(url.clone()),
            Err(message) => {
                eprintln!("mcp-lean proxy: {message}");
                return Outcome::Failure;
            }
        },
        None => ServerSource::Command(args.command.clone()),
    };
    let stop = CancellationToken::new();
    let signals = stop.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            signals.cancel();
        }
    });
    match streamable_http::serve(listen, Arc::new(settings), server, stop).await {
        Ok(()) => Outcome::Success,
        Err(message) => {
            eprintln!("mcp-lean proxy: {message}");
            Outcome::Failure
        }
    }
}

async fn serve(args: &Args, settings: Settings) -> Outcome {
    let server = match server_link(args) {
        Ok(server) => server,
        Err(message) => {
            eprintln!("mcp-lean proxy: {message}");
            return Outcome::Failure;
        }
    };
    let stop = CancellationToken::new();
    let proxy = Arc::new(Proxy::new(server, Arc::new(settings), stop.clone(), false));
    let state = proxy.state();
    let stdio = Stdio::new(proxy);
    let transport =
        stdio.guard(
            rmcp::transport::IntoTransport::<RoleServer, _, _>::into_transport(
                rmcp::transport::stdio(),
            ),
        );
    let running = match stdio.serve_with_ct(transport, stop.clone()).await {
        Ok(running) => running,
        Err(e) => {
            eprintln!("mcp-lean proxy: the client did not initialize the session: {e}");
            state.shutdown().await;
            return Outcome::Failure;
        }
    };
    let _ = running.waiting().await;
    let server_died = state.server_died();
    state.shutdown().await;
    if let Some(why) = server_died {
        eprintln!("mcp-lean proxy: {why}");
        Outcome::Problems
    } else {
        Outcome::Success
    }
}
