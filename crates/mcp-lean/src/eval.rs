//! `mcp-lean eval`: validate an eval suite, run it (live with a model and an MCP server, or
//! on recorded transcripts) and report, or compare two recorded runs.

mod compare;
mod live;
mod record;
mod server;

use std::sync::Arc;
use std::time::Duration;

use mcp_eval_core::llm::{LlmConfig, LlmJudge};
use mcp_eval_core::runner::ScenarioResult;
use mcp_eval_core::{
    Agent, CancelToken, Error, Event, Judge, ReplayAgent, RunConfig, RunStats, ScoringMode, Suite,
    ToolSpec,
};

use serde_json::Value;

use crate::exit::Outcome;
use live::{Limits, LiveAgent};
use record::Recorder;
use server::{ServerSpec, Session};

/// The environment variable the judge's API key is read from.
const API_KEY_VAR: &str = "EVAL_JUDGE_API_KEY";

/// The environment variable the live model's API key is read from (as for the LLM digest).
const MODEL_KEY_VAR: &str = "MCP_LEAN_LLM_API_KEY";

/// How long the server may take to start and list its tools before the runs begin.
const SERVER_START: Duration = Duration::from_secs(60);

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
    Run(Box<RunArgs>),
    /// Put two recorded runs of one suite side by side (A, then B): per scenario and in
    /// total, pass or fail, score, tool-call F1, steps, tokens, tool output, time, cost, and
    /// the differences; exit 1 when a scenario that passed in A does not in B.
    Compare(compare::CompareArgs),
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Live runs: a model with the server's tools, one server process per run:
  export MCP_LEAN_LLM_API_KEY=sk-...
  mcp-lean eval run suite.json --model gpt-4.1-mini --record runs.jsonl --server -- npx -y @playwright/mcp@0.0.83 --headless
  mcp-lean eval run suite.json --transcripts runs.jsonl    # the same scores again, offline
Without --record, the runs go to a new file mcp-lean-runs/<suite>-<UTC time>.jsonl."
)]
struct RunArgs {
    /// The suite file, or `-` for stdin.
    suite: String,
    /// Recorded runs, JSONL: one line per run with scenarioId, toolCalls and finalText (a live
    /// run's --record file replays as is).
    #[arg(long, value_name = "FILE", required_unless_present_any = ["server", "server_url"], conflicts_with_all = ["server", "server_url"])]
    transcripts: Option<String>,
    /// Run live: start the server given after `--` once per run, give the model its tools.
    #[arg(long, requires_all = ["model", "command"])]
    server: bool,
    /// Run live against a server that speaks streamable HTTP (`http://127.0.0.1:8931/mcp`),
    /// one session per run.
    #[arg(
        long,
        value_name = "URL",
        conflicts_with = "server",
        requires = "model"
    )]
    server_url: Option<String>,
    /// Live runs: the chat model.
    #[arg(long, value_name = "NAME")]
    model: Option<String>,
    /// Live runs: base URL of the model's OpenAI-compatible API (up to /v1; http for a local
    /// server). The API key is read from MCP_LEAN_LLM_API_KEY.
    #[arg(long, value_name = "URL", default_value = "https://api.openai.com/v1")]
    api_url: String,
    /// Live runs: the new JSONL file every run is recorded in as it ends (the suite and the
    /// server's tools first); never overwritten. Default: a new file in mcp-lean-runs/ of the
    /// current folder, named after the suite and the UTC time.
    #[arg(long, value_name = "FILE", requires = "model")]
    record: Option<std::path::PathBuf>,
    /// Live runs: scenarios run at once, each run with its own server.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    jobs: u16,
    /// Live runs: most model requests in one run.
    #[arg(long, value_name = "N", default_value_t = 25)]
    step_limit: u32,
    /// Live runs: most prompt plus completion tokens in one run.
    #[arg(long, value_name = "N", default_value_t = 500_000)]
    token_limit: u64,
    /// Live runs: time limit of one tool call, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    tool_timeout: u64,
    /// Time limit of a run when its scenario sets no timeoutMs, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    timeout: u64,
    /// Live runs: US dollars per million prompt tokens, for the cost in the report.
    #[arg(long, value_name = "USD", requires = "price_out")]
    price_in: Option<f64>,
    /// Live runs: US dollars per million completion tokens.
    #[arg(long, value_name = "USD", requires = "price_in")]
    price_out: Option<f64>,
    /// Use this instead of the suite's baseUrl (a staging site, a local server).
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
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
    /// A certificate to trust for HTTPS to the model and the judge, besides the system's
    /// roots: a private CA, or the server's own certificate (pinned by its bytes, even a
    /// self-signed CA:TRUE one from openssl req -x509). PEM, or one DER certificate;
    /// repeatable. SSL_CERT_FILE replaces the system bundle as in curl.
    #[arg(long, value_name = "FILE")]
    ca_cert: Vec<std::path::PathBuf>,
    /// Time limit of one judge request, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    judge_timeout: u64,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Md)]
    format: Format,
    /// Also write the report as JUnit XML to FILE.
    #[arg(long, value_name = "FILE")]
    junit: Option<std::path::PathBuf>,
    /// Score with this mode instead of the suite's `mode`.
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// Print one line per finished scenario on stderr (always on for live runs).
    #[arg(long)]
    progress: bool,
    /// The server's command and its arguments, after `--` (with --server).
    #[arg(last = true, value_name = "CMD")]
    command: Vec<String>,
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
            Ok((suite, _)) => {
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
        EvalCommand::Compare(compare_args) => compare::run(compare_args),
    }
}

/// Reads and validates a suite, printing every problem; the suite and its JSON (which a
/// live run records).
fn load_suite(path: &str) -> Result<(Suite, Value), Outcome> {
    let input = crate::input::read(path).map_err(|e| {
        eprintln!("mcp-lean: {e}");
        Outcome::Failure
    })?;
    let suite = mcp_eval_core::parse_suite(&input.text).map_err(|e| {
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
    })?;
    // Valid as a suite, so valid JSON.
    let json = serde_json::from_str(&input.text).unwrap_or(Value::Null);
    Ok((suite, json))
}

/// How the runs are made: replayed from a file, or live with a recorder.
struct Runs {
    agent: Arc<dyn Agent>,
    /// The live agent, to wait for its servers to close at the end.
    live: Option<Arc<LiveAgent>>,
    tools: Option<Arc<[ToolSpec]>>,
    recorder: Option<Recorder>,
}

fn run_suite(args: &RunArgs) -> Outcome {
    let (mut suite, suite_json) = match load_suite(&args.suite) {
        Ok(s) => s,
        Err(outcome) => return outcome,
    };
    if let Some(base) = &args.base_url {
        suite.base_url = Some(base.clone());
    }
    let prepared = judge(args).and_then(|judge| {
        let runs = match &args.transcripts {
            Some(path) => replay(path, &suite)?,
            None => live(args, &suite_json)?,
        };
        Ok((judge, runs))
    });
    let (judge, runs) = match prepared {
        Ok(p) => p,
        Err(outcome) => return outcome,
    };
    let Runs {
        agent,
        live: live_agent,
        tools,
        mut recorder,
    } = runs;
    let live = recorder.is_some();
    let config = RunConfig {
        mode: args.mode.map(|m| match m {
            Mode::Standard => ScoringMode::Standard,
            Mode::Webmcp => ScoringMode::Webmcp,
        }),
        default_timeout: Duration::from_secs(args.timeout),
        tools,
        jobs: usize::from(args.jobs),
        ..RunConfig::default()
    };
    if live {
        stop_on_ctrl_c(&config.cancel);
    }
    let progress = args.progress || live;
    // With parallel jobs scenarios finish out of order: the count is of finished ones.
    let mut done = 0;
    let report = mcp_eval_core::run(
        &suite,
        &agent,
        judge.as_ref().map(|j| j as &dyn Judge),
        &config,
        &mut |event| match event {
            Event::RunFinished { id, run, .. } => {
                if let Some(recorder) = &mut recorder {
                    recorder.run(id, run);
                }
            }
            Event::ScenarioFinished { total, result, .. } if progress => {
                done += 1;
                eprintln!("[{done}/{total}] {}", progress_line(result));
            }
            _ => {}
        },
    );
    if let Some(agent) = live_agent {
        agent.finish();
    }
    if report.cancelled {
        eprintln!("mcp-lean: the run was cancelled; the report covers what ran");
    }
    let text = match args.format {
        Format::Md => mcp_eval_core::to_markdown(&report),
        Format::Json => mcp_eval_core::to_json(&report),
        Format::Junit => mcp_eval_core::to_junit(&report),
    };
    out!("{text}");
    if !text.ends_with('\n') {
        outln!();
    }
    let mut outcome = if report.has_failures() || report.cancelled {
        Outcome::Problems
    } else {
        Outcome::Success
    };
    if let Some(path) = &args.junit
        && let Err(e) = std::fs::write(path, mcp_eval_core::to_junit(&report))
    {
        eprintln!(
            "mcp-lean: cannot write the JUnit report to {}: {e}; check the --junit path",
            path.display()
        );
        outcome = Outcome::Failure;
    }
    if let Some(recorder) = &recorder {
        match recorder.error() {
            Some(e) => {
                eprintln!("mcp-lean: {e}; the recording is incomplete");
                outcome = Outcome::Failure;
            }
            None => eprintln!(
                "mcp-lean: runs recorded in {}; replay them with --transcripts {0}",
                recorder.path().display()
            ),
        }
    }
    let unscored = report.summary.counts.unscored;
    if unscored > 0 {
        eprintln!(
            "mcp-lean: warning: {unscored} scenario(s) unscored: the judge failed; see the report"
        );
    }
    outcome
}

/// The judge, when --judge-url was given.
fn judge(args: &RunArgs) -> Result<Option<LlmJudge>, Outcome> {
    let Some(url) = &args.judge_url else {
        return Ok(None);
    };
    LlmJudge::new(LlmConfig {
        base_url: url.clone(),
        model: args.judge_model.clone(),
        api_key: std::env::var(API_KEY_VAR).ok().filter(|k| !k.is_empty()),
        ca_certs: args.ca_cert.clone(),
        timeout: Duration::from_secs(args.judge_timeout),
        ..LlmConfig::default()
    })
    .map(Some)
    .map_err(|e| {
        eprintln!("mcp-lean: {e}");
        Outcome::Failure
    })
}

/// Recorded runs, with the tools their header lists.
fn replay(path: &str, suite: &Suite) -> Result<Runs, Outcome> {
    let input = crate::input::read(path).map_err(|e| {
        eprintln!("mcp-lean: {e}");
        Outcome::Failure
    })?;
    let file = mcp_eval_core::runner::parse_transcript_file(&input.text).map_err(|e| {
        eprintln!("{}: {e}", input.name);
        Outcome::Problems
    })?;
    if let Some(line) = file.cut_off_line {
        eprintln!(
            "mcp-lean: warning: {} line {line} is cut off (a write that was interrupted); it is skipped",
            input.name
        );
    }
    let replay = ReplayAgent::new(file.runs);
    for id in replay.unknown_ids(suite) {
        eprintln!(
            "mcp-lean: warning: {} has runs of scenario {id:?}, which is not in the suite",
            input.name
        );
    }
    Ok(Runs {
        agent: Arc::new(replay),
        live: None,
        tools: file.tools.map(Arc::from),
        recorder: None,
    })
}

/// The live agent: checks the model's URL, starts the server once to read its tools (so that
/// a wrong command fails now, not in every run), and creates the record file (`--record`, or
/// a new one under `mcp-lean-runs/`), with `suite` in its header.
fn live(args: &RunArgs, suite: &Value) -> Result<Runs, Outcome> {
    let fail = |message: String| {
        eprintln!("mcp-lean: {message}");
        Outcome::Failure
    };
    let spec = match &args.server_url {
        Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
            ServerSpec::Url(url.clone())
        }
        Some(url) => {
            return Err(fail(format!(
                "--server-url {url:?} is not an http:// or https:// URL; give the server's MCP endpoint, e.g. http://127.0.0.1:8931/mcp"
            )));
        }
        None => ServerSpec::Command(args.command.clone()),
    };
    let Some(model) = &args.model else {
        return Err(fail("live runs need --model NAME".to_owned()));
    };
    let client = mcp_lean_llm::Client::new(mcp_lean_llm::Config {
        base_url: args.api_url.clone(),
        model: model.clone(),
        api_key: std::env::var(MODEL_KEY_VAR).ok().filter(|k| !k.is_empty()),
        ca_certs: args.ca_cert.clone(),
        timeout: Duration::from_secs(args.timeout.max(1)),
        ..mcp_lean_llm::Config::default()
    })
    .map_err(|e| fail(format!("--api-url: {e}")))?;
    let tools = server_tools(&spec).map_err(fail)?;
    let recorder = match &args.record {
        Some(path) => Recorder::create(path, suite, &tools),
        None => Recorder::create_in(
            std::path::Path::new(record::DEFAULT_DIR),
            suite,
            &tools,
            std::time::SystemTime::now(),
        ),
    }
    .map_err(fail)?;
    if args.record.is_none() {
        eprintln!(
            "mcp-lean: recording the runs in {} (give another file with --record FILE)",
            recorder.path().display()
        );
    }
    let limits = Limits {
        steps: args.step_limit,
        tokens: args.token_limit,
        tool_timeout: Duration::from_secs(args.tool_timeout.max(1)),
        prices: args.price_in.zip(args.price_out),
    };
    let agent = Arc::new(LiveAgent::new(spec, client, limits));
    Ok(Runs {
        agent: Arc::clone(&agent) as Arc<dyn Agent>,
        live: Some(agent),
        tools: Some(Arc::from(tools)),
        recorder: Some(recorder),
    })
}

/// The server's tools, from a session opened for that alone.
fn server_tools(spec: &ServerSpec) -> Result<Vec<ToolSpec>, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let tools = runtime.block_on(async {
        let opened = tokio::time::timeout(SERVER_START, Session::open(spec))
            .await
            .map_err(|_| {
                format!(
                    "{} did not initialize within {} s; check its command",
                    spec.describe(),
                    SERVER_START.as_secs()
                )
            })?;
        let session = opened?;
        let tools = session.tools().await;
        session.close().await;
        tools
    });
    runtime.shutdown_background();
    tools?
        .into_iter()
        .map(|t| {
            serde_json::from_value::<ToolSpec>(t)
                .map_err(|e| format!("{} lists a tool that is not valid: {e}", spec.describe()))
        })
        .collect()
}

/// The first Ctrl-C cancels the run (runs under way stop after their current step, the
/// report is written); a second one exits at once.
fn stop_on_ctrl_c(cancel: &CancelToken) {
    let cancel = cancel.clone();
    let watcher = std::thread::Builder::new()
        .name("ctrl-c".to_owned())
        .spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async {
                if tokio::signal::ctrl_c().await.is_err() {
                    return;
                }
                eprintln!(
                    "mcp-lean: stopping: the runs under way end after their current step (Ctrl-C again to quit now)"
                );
                cancel.cancel();
                if tokio::signal::ctrl_c().await.is_ok() {
                    std::process::exit(130);
                }
            });
        });
    if let Err(e) = watcher {
        eprintln!("mcp-lean: warning: Ctrl-C will stop the run at once: {e}");
    }
}

/// `sign-in pass: 2 runs, 14 steps, 31.2k tokens, $0.0123, 12.4 s`.
fn progress_line(result: &ScenarioResult) -> String {
    let mut line = format!("{} {}", result.id, result.status.as_str());
    let stats: Vec<&RunStats> = result
        .runs
        .iter()
        .filter_map(|r| r.trajectory.as_ref()?.stats.as_ref())
        .collect();
    let runs = result.runs.len();
    line.push_str(&format!(": {runs} run{}", if runs == 1 { "" } else { "s" }));
    if !stats.is_empty() {
        let steps: u32 = stats.iter().map(|s| s.steps).sum();
        let tokens: u64 = stats
            .iter()
            .map(|s| s.prompt_tokens + s.completion_tokens)
            .sum();
        line.push_str(&format!(", {steps} steps, {} tokens", thousands(tokens)));
        if stats.iter().any(|s| s.cost_usd.is_some()) {
            let cost: f64 = stats.iter().filter_map(|s| s.cost_usd).sum();
            line.push_str(&format!(", ${cost:.4}"));
        }
    }
    line.push_str(&format!(", {:.1} s", result.duration_ms as f64 / 1000.0));
    if let Some(error) = result.runs.iter().find_map(|r| r.error.as_deref()) {
        line.push_str(&format!(" ({})", mcp_lean_llm::one_line(error, 160)));
    }
    line
}

/// `31.2k` for 31,234; small counts as they are.
fn thousands(n: u64) -> String {
    if n < 10_000 {
        n.to_string()
    } else {
        format!("{:.1}k", n as f64 / 1000.0)
    }
}
