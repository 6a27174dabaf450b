//! `mcp-lean eval compare A.jsonl B.jsonl`: two recorded runs of one suite side by side. This
//! module reads the files; scoring and comparing are `mcp_eval_core::compare`'s.

use std::path::Path;

use mcp_eval_core::compare::{Record, compare_records};
use mcp_eval_core::runner::{TranscriptFile, parse_transcript_file};
use mcp_eval_core::{ScoringMode, Suite};

use super::{Format, Mode, load_suite};
use crate::exit::Outcome;

/// Arguments of `mcp-lean eval compare`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Records hold what the agent did, not scores: both are scored again \
with one suite (the one they carry, or --suite), tool calls only (post-conditions are not \
judged). Exit status 1 when a scenario that passed in A does not in B.

Example: the example suite against Playwright MCP directly, then through the proxy:
  mcp-lean eval run examples/eval/suite.json --model gpt-4.1-mini --record direct.jsonl --server -- npx -y @playwright/mcp@0.0.83 --headless --isolated
  mcp-lean eval run examples/eval/suite.json --model gpt-4.1-mini --record proxy.jsonl --server -- mcp-lean proxy -- npx -y @playwright/mcp@0.0.83 --headless --isolated
  mcp-lean eval compare direct.jsonl proxy.jsonl"
)]
pub(crate) struct CompareArgs {
    /// The first record (a live run's JSONL record, `eval run --server`).
    a: String,
    /// The second record, of the same suite.
    b: String,
    /// Score both with this suite file instead of the one the records carry (needed for
    /// records made before records carried their suite).
    #[arg(long, value_name = "FILE")]
    suite: Option<String>,
    /// Score with this mode instead of the suite's `mode`.
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Md)]
    format: Format,
}

/// Runs `mcp-lean eval compare`.
pub(crate) fn run(args: &CompareArgs) -> Outcome {
    let (a, b) = match (read_record(&args.a), read_record(&args.b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(outcome), _) | (_, Err(outcome)) => return outcome,
    };
    let suite: Option<Suite> = match &args.suite {
        Some(path) => match load_suite(path) {
            Ok((suite, _)) => Some(suite),
            Err(outcome) => return outcome,
        },
        None => None,
    };
    let mode = args.mode.map(|m| match m {
        Mode::Standard => ScoringMode::Standard,
        Mode::Webmcp => ScoringMode::Webmcp,
    });
    let comparison = match compare_records(
        &Record {
            label: &args.a,
            file: &a,
        },
        &Record {
            label: &args.b,
            file: &b,
        },
        suite.as_ref(),
        mode,
    ) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            return Outcome::Problems;
        }
    };
    for note in &comparison.notes {
        eprintln!("mcp-lean: warning: {note}");
    }
    let text = match args.format {
        Format::Md => mcp_eval_core::comparison_to_markdown(&comparison),
        Format::Json => mcp_eval_core::comparison_to_json(&comparison),
        Format::Junit => mcp_eval_core::comparison_to_junit(&comparison),
    };
    out!("{text}");
    if !text.ends_with('\n') {
        outln!();
    }
    if comparison.regressions() > 0 {
        Outcome::Problems
    } else {
        Outcome::Success
    }
}

/// Reads and parses a record, naming the file (and line) in what goes wrong.
fn read_record(path: &str) -> Result<TranscriptFile, Outcome> {
    let bytes = if path == "-" {
        let input = crate::input::read_or_report(path)?;
        input.text.into_bytes()
    } else {
        std::fs::read(Path::new(path)).map_err(|e| {
            eprintln!(
                "mcp-lean: cannot read {path}: {e}; give the JSONL file eval run --record wrote"
            );
            Outcome::Failure
        })?
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        // A write cut off in the middle of a character leaves an incomplete one at the end;
        // the line it is on is cut off anyway and reported as such.
        Err(e) if e.utf8_error().error_len().is_none() => {
            let valid = e.utf8_error().valid_up_to();
            let mut bytes = e.into_bytes();
            bytes.truncate(valid);
            String::from_utf8(bytes).unwrap_or_default()
        }
        Err(e) => {
            eprintln!(
                "mcp-lean: {path} is not UTF-8 text (invalid byte at offset {}); give the JSONL file eval run --record wrote",
                e.utf8_error().valid_up_to()
            );
            return Err(Outcome::Problems);
        }
    };
    parse_transcript_file(&text).map_err(|e| {
        eprintln!("mcp-lean: {path}: {e}");
        Outcome::Problems
    })
}
