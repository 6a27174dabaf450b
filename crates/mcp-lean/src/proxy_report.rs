//! `mcp-lean proxy-report FILE`: sums up the proxy's `--stats` lines.

use clap::Args as ClapArgs;
use mcp_proxy_rules::Report;

use crate::exit::Outcome;

/// Arguments of `mcp-lean proxy-report`.
#[derive(Debug, ClapArgs)]
pub(crate) struct Args {
    /// The statistics file written by `mcp-lean proxy --stats FILE`, or `-` for stdin.
    file: String,
}

/// Prints per-tool token totals and rewrite-time quantiles as Markdown.
pub(crate) fn run(args: &Args) -> Outcome {
    let input = match crate::input::read(&args.file) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("mcp-lean proxy-report: {message}");
            return Outcome::Failure;
        }
    };
    let report = Report::from_lines(&input.text);
    out!("{}", report.render());
    if report.tools.is_empty() {
        eprintln!(
            "mcp-lean proxy-report: {} holds no statistics lines; pass the file given to proxy --stats",
            input.name
        );
        return Outcome::Problems;
    }
    if report.bad_lines.is_empty() {
        Outcome::Success
    } else {
        Outcome::Problems
    }
}
