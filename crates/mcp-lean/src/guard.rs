//! `mcp-lean guard`: preview a file or stdin the way a server would guard a large tool output.

use output_guard::{Budget, Config, Guard, Kind};

use crate::exit::Outcome;

/// Arguments of `mcp-lean guard`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Output limit in chars (Unicode scalar values) [default: 2000].
    #[arg(long, value_name = "N", conflicts_with = "max_tokens")]
    max_chars: Option<usize>,
    /// Output limit in estimated tokens (one token per 4 chars, rounded up).
    #[arg(long, value_name = "N")]
    max_tokens: Option<usize>,
    /// Print the preview as JSON (the `Preview` struct: counts, kind, text) instead of its text.
    #[arg(long)]
    json: bool,
    /// The output to guard, or `-` for stdin. JSON is summarized (its full output is the
    /// compact serialization); any other text is cut to its head and tail.
    file: String,
}

/// Runs `mcp-lean guard`.
pub(crate) fn run(args: &Args) -> Outcome {
    let input = match crate::input::read_or_report(&args.file) {
        Ok(input) => input,
        Err(outcome) => return outcome,
    };
    let budget = match (args.max_chars, args.max_tokens) {
        (_, Some(tokens)) => Budget::Tokens(tokens),
        (Some(chars), None) => Budget::Chars(chars),
        (None, None) => Budget::default(),
    };
    let guard = match Guard::new(Config {
        budget,
        ..Config::default()
    }) {
        Ok(guard) => guard,
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            return Outcome::Failure;
        }
    };
    let preview = match serde_json::from_str::<serde_json::Value>(&input.text) {
        Ok(value) => guard.preview_json(&value),
        Err(_) => guard.preview_text(&input.text, Kind::Text),
    };
    if args.json {
        match serde_json::to_string_pretty(&preview) {
            Ok(text) => outln!("{text}"),
            Err(e) => {
                eprintln!("mcp-lean: cannot write JSON: {e}");
                return Outcome::Failure;
            }
        }
    } else if preview.text.ends_with('\n') {
        out!("{}", preview.text);
    } else {
        outln!("{}", preview.text);
    }
    Outcome::Success
}
