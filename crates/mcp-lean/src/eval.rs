//! `mcp-lean eval`: validate an eval suite, or run it on recorded transcripts and report.

use std::sync::Arc;
use std::time::Duration;

use mcp_eval_core::llm::{LlmConfig, LlmJudge};
use mcp_eval_core::{Agent, Error, Event, Judge, ReplayAgent, RunConfig, ScoringMode, Suite};

use crate::Outcome;

/// The environment variable the judge's API key is read from.
const API_KEY_VAR: &str = "EVAL_JUDGE_API_KEY";

/// Arguments of `mcp-lean eval`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: EvalCommand,
}

#[derive(Debug, clap::Subcommand)]
enum EvalCommand {
    /// Check a suite file and list every problem with its JSON pointer.
    Validate {
        /// The suite (WebMCP eval JSON, optionally with mcp-lean extensions), or `-` for stdin.
        suite: String,
    },
    /// Score recorded runs against a suite and print a report; exit 1 when a scenario fails.
    Run(RunArgs),
}

#[derive(Debug, clap::Args)]
struct RunArgs {
    /// The suite file, or `-` for stdin.
    suite: String,
    /// Recorded runs, JSONL: one line per run with scenarioId, toolCalls and finalText.
    #[arg(long, value_name = "FILE")]
    transcripts: String,
    /// Base URL of an OpenAI-compatible API to judge post-conditions (`https://api.openai.com/v1`,
    /// or `http://127.0.0.1:4000/v1` for a local server); the API key is read from
    /// EVAL_JUDGE_API_KEY. Without it, post-conditions are not judged.
    #[arg(long, value_name = "URL")]
    judge_url: Option<String>,
    /// The judge model.
    #[arg(
        long,
        value_name = "MODEL",
        default_value = "gpt-4o-mini",
        requires = "judge_url"
    )]
    judge_model: String,
    /// A PEM file of a private CA to trust for the judge's HTTPS, besides the system's roots
    /// (repeatable; SSL_CERT_FILE replaces the system bundle as in curl).
    #[arg(long, value_name = "FILE", requires = "judge_url")]
    ca_cert: Vec<std::path::PathBuf>,
    /// Time limit of one judge request, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    judge_timeout: u64,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Md)]
    format: Format,
    /// Score with this mode instead of the suite's `mode`.
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// Print one line per finished scenario on stderr.
    #[arg(long)]
    progress: bool,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Format {
    /// Markdown summary: per scenario, per tag, totals.
    Md,
    /// The full report as JSON.
    Json,
    /// JUnit XML for CI systems.
    Junit,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Mode {
    /// Forbidden calls fail; arguments, counts and order count; pass at 0.8.
    Standard,
    /// The WebMCP pull request's formula exactly.
    Webmcp,
}

/// Runs `mcp-lean eval`.
pub(crate) fn run(args: &Args) -> Outcome {
    match &args.command {
        EvalCommand::Validate { suite } => match load_suite(suite) {
            Ok(suite) => {
                let scenarios = suite.scenarios.len();
                outln!(
                    "{}: valid, {scenarios} scenario{}",
                    suite.name,
                    if scenarios == 1 { "" } else { "s" }
                );
                Outcome::Success
            }
            Err(outcome) => outcome,
        },
        EvalCommand::Run(run_args) => run_suite(run_args),
    }
}

/// Reads and validates a suite, printing every problem.
fn load_suite(path: &str) -> Result<Suite, Outcome> {
    let input = crate::input::read(path).map_err(|e| {
        eprintln!("mcp-lean: {e}");
        Outcome::Failure
    })?;
    mcp_eval_core::parse_suite(&input.text).map_err(|e| {
        match e {
            Error::InvalidSuite { problems } => {
                for p in &problems {
                    eprintln!("{}: {p}", input.name);
                }
                eprintln!(
                    "{}: {} problem{}",
                    input.name,
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" }
                );
            }
            other => eprintln!("{}: {other}", input.name),
        }
        Outcome::Problems
    })
}

fn run_suite(args: &RunArgs) -> Outcome {
    let suite = match load_suite(&args.suite) {
        Ok(s) => s,
        Err(outcome) => return outcome,
    };
    let input = match crate::input::read(&args.transcripts) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            return Outcome::Failure;
        }
    };
    let transcripts = match mcp_eval_core::parse_transcripts(&input.text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", input.name);
            return Outcome::Problems;
        }
    };
    let replay = ReplayAgent::new(transcripts);
    for id in replay.unknown_ids(&suite) {
        eprintln!(
            "mcp-lean: warning: {} has runs of scenario {id:?}, which is not in the suite",
            input.name
        );
    }
    let judge = args.judge_url.as_ref().map(|url| {
        LlmJudge::new(LlmConfig {
            base_url: url.clone(),
            model: args.judge_model.clone(),
            api_key: std::env::var(API_KEY_VAR).ok().filter(|k| !k.is_empty()),
            ca_certs: args.ca_cert.clone(),
            timeout: Duration::from_secs(args.judge_timeout),
            ..LlmConfig::default()
        })
    });
    let judge = match judge.transpose() {
        Ok(judge) => judge,
        Err(e) => {
            eprintln!("mcp-lean: {e}");
            return Outcome::Failure;
        }
    };
    let config = RunConfig {
        mode: args.mode.map(|m| match m {
            Mode::Standard => ScoringMode::Standard,
            Mode::Webmcp => ScoringMode::Webmcp,
        }),
        ..RunConfig::default()
    };
    let agent: Arc<dyn Agent> = Arc::new(replay);
    let progress = args.progress;
    let report = mcp_eval_core::run(
        &suite,
        &agent,
        judge.as_ref().map(|j| j as &dyn Judge),
        &config,
        &mut |event| {
            if let (
                true,
                Event::ScenarioFinished {
                    index,
                    total,
                    result,
                },
            ) = (progress, event)
            {
                eprintln!(
                    "[{}/{total}] {} {}",
                    index + 1,
                    result.id,
                    result.status.as_str()
                );
            }
        },
    );
    let text = match args.format {
        Format::Md => mcp_eval_core::to_markdown(&report),
        Format::Json => mcp_eval_core::to_json(&report),
        Format::Junit => mcp_eval_core::to_junit(&report),
    };
    out!("{text}");
    if !text.ends_with('\n') {
        outln!();
    }
    let unscored = report.summary.counts.unscored;
    if unscored > 0 {
        eprintln!(
            "mcp-lean: warning: {unscored} scenario(s) unscored: the judge failed; see the report"
        );
    }
    if report.has_failures() {
        Outcome::Problems
    } else {
        Outcome::Success
    }
}
