//! How a subcommand ends: the exit status it asks for, and its writes to standard output,
//! which end the process quietly when the reader has gone.

/// What a subcommand ends with: its exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Exit 0.
    Success,
    /// Exit 1: the input has problems the command reported.
    Problems,
    /// Exit 2: bad usage or an I/O error, already reported.
    Failure,
}

/// Writes to standard output. When the reader has gone (`mcp-lean … | head`) the process ends
/// quietly with status 0, as `print!` would panic instead; any other write error is reported and
/// ends it with status 2.
pub(crate) fn write_stdout(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("mcp-lean: cannot write to standard output: {e}");
        std::process::exit(2);
    }
}
