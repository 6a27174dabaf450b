//! `mcp-lean`: the command-line tool over the mcp-lean crates.
//!
//! Exit status, for every subcommand: 0 success, 1 the input has problems (parse errors, lint
//! findings, failed scenarios), 2 bad usage or an I/O error.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line tool reports on stdout and stderr"
)]

/// `print!` for the subcommands: see [`exit::write_stdout`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::exit::write_stdout(format_args!($($arg)*)) };
}

/// `println!` for the subcommands: see [`exit::write_stdout`].
macro_rules! outln {
    () => { $crate::exit::write_stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::exit::write_stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

mod digest;
mod eval;
mod exit;
mod guard;
mod input;
mod lint;
mod llm_args;
mod parse;
mod proxy;
mod proxy_report;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use exit::Outcome;

/// Building blocks for lean MCP servers, from the command line.
#[derive(Debug, Parser)]
#[command(name = "mcp-lean", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Keep the part of a snapshot that serves a goal (or, without one, a compact outline).
    Digest(digest::DigestArgs),
    /// Show what changed between two snapshots of a page, keyed by ref.
    Diff(digest::DiffArgs),
    /// Validate an eval suite, run it (recorded or live) and report (JSON, JUnit, Markdown), or
    /// compare two recorded runs.
    Eval(eval::Args),
    /// Preview a large output as a server would: JSON summarized, other text cut, with counts.
    Guard(guard::Args),
    /// Lint MCP tool definitions from a file, stdin or a live stdio server (`--server -- CMD`).
    Lint(lint::Args),
    /// Parse a snapshot (Playwright, chrome-devtools-mcp or agent-browser) and print a summary, its JSON tree or its re-rendered text.
    Parse(parse::Args),
    /// Sit between an MCP client and a server: goals on snapshot tools, lean results.
    Proxy(Box<proxy::Args>),
    /// Sum up the statistics lines that `proxy --stats FILE` wrote.
    ProxyReport(proxy_report::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Digest(args) => digest::run_digest(&args),
        Command::Diff(args) => digest::run_diff(&args),
        Command::Eval(args) => eval::run(&args),
        Command::Guard(args) => guard::run(&args),
        Command::Lint(args) => lint::run(&args),
        Command::Parse(args) => parse::run(&args),
        Command::Proxy(args) => proxy::run(&args),
        Command::ProxyReport(args) => proxy_report::run(&args),
    };
    match outcome {
        Outcome::Success => ExitCode::SUCCESS,
        Outcome::Problems => ExitCode::from(1),
        Outcome::Failure => ExitCode::from(2),
    }
}
