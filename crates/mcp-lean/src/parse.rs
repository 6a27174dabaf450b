//! `mcp-lean parse`: summary, JSON tree or re-rendered text of a snapshot.

use crate::Outcome;

/// Arguments of `mcp-lean parse`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The snapshot file, or `-` for standard input.
    file: String,
}

/// Runs `mcp-lean parse`.
pub(crate) fn run(args: &Args) -> Outcome {
    match crate::input::read(&args.file) {
        Ok(_) => Outcome::Success,
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            Outcome::Failure
        }
    }
}
