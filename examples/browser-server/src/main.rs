//! `browser-mcp-server`: an MCP server over stdio that lets an agent drive a headless Chromium
//! with the browser-adapter tools (`evaluate`, `eval_define_function`, `eval_call_function`,
//! `eval_list_functions`, `snapshot`, `confirm_output`) and one tool of its own, `navigate`.
//!
//! ```text
//! browser-mcp-server [--chromium PATH] [START_URL]
//! ```
//!
//! The browser starts at the first `tools/call`, not at `initialize`, so listing and linting
//! the tools needs no browser: `mcp-lean lint --server -- browser-mcp-server`.

mod navigate;
mod server;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use rmcp::ServiceExt;

use server::BrowserServer;

const USAGE: &str = "usage: browser-mcp-server [--chromium PATH] [START_URL]

An MCP server on standard input and output with browser tools on a headless Chromium.
  --chromium PATH   the browser to start (default /usr/bin/chromium)
  START_URL         the page to open when the browser starts (default about:blank)";

/// What the command line asked for.
#[derive(Debug)]
pub(crate) struct Options {
    /// The Chromium executable.
    pub(crate) chromium: PathBuf,
    /// The page opened when the browser starts.
    pub(crate) start_url: Option<String>,
}

impl Options {
    /// `Ok(None)` for `--help`.
    fn parse(mut args: impl Iterator<Item = String>) -> Result<Option<Self>, String> {
        let mut options = Self {
            chromium: PathBuf::from(browser_adapter::DEFAULT_EXECUTABLE),
            start_url: None,
        };
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "-h" | "--help" => return Ok(None),
                "--chromium" => {
                    let path = args
                        .next()
                        .ok_or("--chromium needs a path to the browser")?;
                    options.chromium = PathBuf::from(path);
                }
                flag if flag.starts_with('-') => {
                    return Err(format!("unknown option {flag:?}"));
                }
                url if options.start_url.is_none() => options.start_url = Some(url.to_owned()),
                extra => return Err(format!("unexpected argument {extra:?}; give one START_URL")),
            }
        }
        Ok(Some(options))
    }
}

#[expect(
    clippy::print_stderr,
    reason = "a command-line program: usage and fatal errors go to stderr, stdout is the MCP channel"
)]
fn main() -> ExitCode {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(Some(options)) => options,
        Ok(None) => {
            eprintln!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("browser-mcp-server: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("browser-mcp-server: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("browser-mcp-server: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Serves one client on stdio until it closes the connection, then closes the browser.
async fn serve(options: Options) -> Result<(), String> {
    let server = Arc::new(BrowserServer::new(options).map_err(|e| e.to_string())?);
    let running = Arc::clone(&server)
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| format!("the MCP handshake failed: {e}"))?;
    let ended = running
        .waiting()
        .await
        .map_err(|e| format!("the server task failed: {e}"));
    // A browser that is only dropped is killed, and its helper processes may outlive it for a
    // moment; closing it waits until every process has gone and the profile can be removed.
    let closed = match Arc::into_inner(server) {
        Some(server) => server.close().await,
        None => Ok(()),
    };
    ended?;
    closed
}
