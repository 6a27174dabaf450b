//! Integration tests of the `mcp-lean` binary: each subcommand run as a real process.

mod digest;
mod eval;
mod eval_compare;
mod eval_https;
mod eval_live;
mod guard;
#[path = "../support/junit.rs"]
mod junit;
mod lint;
#[path = "../support/listening.rs"]
mod listening;
mod parse;
mod proxy;
mod proxy_bridge;
mod proxy_eras;
mod proxy_http;
mod proxy_order;

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs the built `mcp-lean` binary with `args`, feeding `stdin` when given.
pub(crate) fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    let mut child = cmd.spawn().expect("the mcp-lean binary starts");
    if let Some(text) = stdin {
        use std::io::Write;
        let written = child
            .stdin
            .take()
            .expect("piped stdin")
            .write_all(text.as_bytes());
        // A run refused before it reads its input (bad flags) closes stdin early.
        if let Err(e) = written {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "stdin write: {e}");
        }
    }
    child
        .wait_with_output()
        .expect("the mcp-lean binary finishes")
}

/// The corpus folder from `MCP_LEAN_CORPUS`, or `None` when the variable is unset.
///
/// # Panics
///
/// Panics when the variable is set but the folder is missing: a test that was given a corpus
/// must not pass by skipping it.
pub(crate) fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("MCP_LEAN_CORPUS")?);
    assert!(
        dir.is_dir(),
        "MCP_LEAN_CORPUS={} is not a folder",
        dir.display()
    );
    Some(dir)
}

/// A path inside the repository, for the samples it ships.
pub(crate) fn repo_path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}
