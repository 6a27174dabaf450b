//! The runner: scenarios × repeats over an [`Agent`] and an optional [`Judge`], with progress
//! events, cancellation between scenarios, per-run timeouts and failure isolation.

mod replay;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub use replay::{
    ReplayAgent, ToolsHeader, Transcript, TranscriptFile, parse_transcript_file, parse_transcripts,
};

use crate::report::Report;
pub use crate::result::{PassAtK, RunResult, ScenarioResult};
use crate::score::{JudgeOutcome, Status, Trajectory, pass_at_k, pass_hat_k, score_run_with};
use crate::suite::{Scenario, ScoringMode, Suite};
use crate::trajectory::ToolSpec;

/// What an agent is asked to do on one run.
#[derive(Debug, Clone)]
pub struct Task {
    /// The scenario, owned so the agent can run on its own thread.
    pub scenario: Scenario,
    /// The start URL, from the scenario's `startPage` and the suite's `baseUrl`.
    pub start_url: Option<String>,
    /// Which repeat this is, from 0.
    pub attempt: u32,
    /// The run's time limit: the runner stops waiting after it, so an agent that can should
    /// return what it has a little before.
    pub timeout: Duration,
    /// Set when the user cancels the whole run; an agent that can should stop soon after.
    pub cancel: CancelToken,
}

/// An agent failure on one run: the message goes into the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentError(pub String);

impl std::fmt::Display for AgentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AgentError {}

/// Something that performs a task and returns what it did.
///
/// Implementations: [`ReplayAgent`] (recorded transcripts) in this crate; a live agent
/// (an LLM with MCP tools) in the application.
pub trait Agent: Send + Sync {
    /// Runs one task.
    ///
    /// # Errors
    ///
    /// An [`AgentError`] when the run failed; the runner records it and goes on.
    fn run(&self, task: &Task) -> Result<Trajectory, AgentError>;

    /// How many runs to make of `scenario`, given the number the suite asks for. A replay agent
    /// answers with the number of recorded runs.
    fn attempts(&self, scenario: &Scenario, requested: u32) -> u32 {
        let _ = scenario;
        requested
    }
}

/// What a judge sees: the task, the conditions to check, and the agent's trajectory.
#[derive(Debug, Clone, Copy)]
pub struct JudgeInput<'a> {
    /// The prompt the agent got.
    pub prompt: &'a str,
    /// The post-conditions to check.
    pub post_conditions: &'a str,
    /// What the agent did.
    pub trajectory: &'a Trajectory,
}

/// Something that scores a trajectory against post-conditions.
///
/// Implementations: the LLM judge behind the `llm` feature; a fixed or rule-based judge in
/// tests and applications.
pub trait Judge: Send + Sync {
    /// Judges one run. Failures are [`JudgeOutcome::Failed`], never a score of 0.
    fn judge(&self, input: &JudgeInput<'_>) -> JudgeOutcome;
}

/// A cancellation flag shared between the runner and whoever wants to stop it.
#[derive(Debug, Clone, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A fresh, uncancelled token.
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    /// Asks the runner to stop before the next scenario.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Runner settings.
#[derive(Debug, Clone)]
pub struct RunConfig {
    /// Stops the run between scenarios (and between repeats) when cancelled.
    pub cancel: CancelToken,
    /// Time limit per run when the scenario sets no `timeoutMs` (default 60 s, as WebMCP).
    pub default_timeout: Duration,
    /// Overrides the suite's scoring mode when set.
    pub mode: Option<ScoringMode>,
    /// The tools the agent was offered, when known: scoring then reports calls to unknown
    /// tools and arguments their `inputSchema` rejects.
    pub tools: Option<Arc<[ToolSpec]>>,
    /// Scenarios run at once (at least 1).
    pub jobs: usize,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            cancel: CancelToken::new(),
            default_timeout: Duration::from_secs(60),
            mode: None,
            tools: None,
            jobs: 1,
        }
    }
}

/// A progress event.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Event<'a> {
    /// A scenario is about to run.
    ScenarioStarted {
        /// Its position, from 0.
        index: usize,
        /// The number of scenarios in the suite.
        total: usize,
        /// Its id.
        id: &'a str,
    },
    /// One run of a scenario finished.
    RunFinished {
        /// The scenario id.
        id: &'a str,
        /// The repeat, from 0.
        attempt: u32,
        /// How it ended.
        status: Status,
        /// The run: its score, trajectory or error.
        run: &'a RunResult,
    },
    /// A scenario finished, all its runs done.
    ScenarioFinished {
        /// Its position, from 0.
        index: usize,
        /// The number of scenarios in the suite.
        total: usize,
        /// Its result.
        result: &'a ScenarioResult,
    },
    /// The run was cancelled; `ran` scenarios had started.
    Cancelled {
        /// Scenarios that ran (fully or partly).
        ran: usize,
        /// The number of scenarios in the suite.
        total: usize,
    },
}

/// Runs every scenario of `suite` with `agent`, judging post-conditions with `judge` when one
/// is given, and returns the report. Never panics because of an agent or judge: a failing,
/// panicking or hanging run is recorded and the runner goes on.
///
/// [`RunConfig::jobs`] scenarios run at once (their repeats one after another); events reach
/// `on_event` on the calling thread, and the report lists scenarios in suite order whatever
/// order they finished in. Each run happens on its own thread; a run that exceeds its time
/// limit is reported as [`Status::TimedOut`] and its thread is left to finish on its own (a
/// thread cannot be killed; [`Task::timeout`] tells the agent to stop in time).
pub fn run(
    suite: &Suite,
    agent: &Arc<dyn Agent>,
    judge: Option<&dyn Judge>,
    config: &RunConfig,
    on_event: &mut dyn FnMut(&Event<'_>),
) -> Report {
    enum Msg {
        Started(usize),
        Run(usize, Box<RunResult>),
        Finished(usize, ScenarioResult),
    }
    let started = Instant::now();
    let mode = config.mode.unwrap_or(suite.mode);
    let total = suite.scenarios.len();
    let jobs = config.jobs.clamp(1, total.max(1));
    let mut results: Vec<Option<ScenarioResult>> = vec![None; total];
    let mut ran = 0;
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                while !config.cancel.is_cancelled() {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(scenario) = suite.scenarios.get(index) else {
                        break;
                    };
                    // A send fails only when the receiver is gone, which it is not before
                    // every worker has ended.
                    let _ = tx.send(Msg::Started(index));
                    let result =
                        run_scenario(suite, scenario, mode, agent, judge, config, &mut |run| {
                            let _ = tx.send(Msg::Run(index, Box::new(run.clone())));
                        });
                    let _ = tx.send(Msg::Finished(index, result));
                }
            });
        }
        drop(tx);
        for msg in rx {
            match msg {
                Msg::Started(index) => {
                    ran += 1;
                    on_event(&Event::ScenarioStarted {
                        index,
                        total,
                        id: &suite.scenarios[index].id,
                    });
                }
                Msg::Run(index, run) => on_event(&Event::RunFinished {
                    id: &suite.scenarios[index].id,
                    attempt: run.attempt,
                    status: run.status,
                    run: &run,
                }),
                Msg::Finished(index, result) => {
                    on_event(&Event::ScenarioFinished {
                        index,
                        total,
                        result: &result,
                    });
                    results[index] = Some(result);
                }
            }
        }
    });
    let mut cancelled = false;
    let results: Vec<ScenarioResult> = results
        .into_iter()
        .zip(&suite.scenarios)
        .map(|(result, scenario)| match result {
            Some(result) => {
                // Cancelled between repeats: this scenario ran in part.
                cancelled |=
                    result.runs.len() < usize::try_from(result.planned_runs).unwrap_or(usize::MAX);
                result
            }
            None => {
                cancelled = true;
                ScenarioResult::skipped(scenario, "not run: the run was cancelled")
            }
        })
        .collect();
    if cancelled {
        on_event(&Event::Cancelled { ran, total });
    }
    Report::new(&suite.name, mode, cancelled, results, elapsed_ms(started))
}

fn elapsed_ms(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX)
}

fn run_scenario(
    suite: &Suite,
    scenario: &Scenario,
    mode: ScoringMode,
    agent: &Arc<dyn Agent>,
    judge: Option<&dyn Judge>,
    config: &RunConfig,
    on_run: &mut dyn FnMut(&RunResult),
) -> ScenarioResult {
    let started = Instant::now();
    let attempts = agent.attempts(scenario, scenario.repeats);
    let timeout = match scenario.timeout_ms {
        // WebMCP reads `timeoutMs || DEFAULT`, so 0 means the default too.
        Some(ms) if ms > 0 => Duration::from_millis(ms),
        _ => config.default_timeout,
    };
    let mut runs = Vec::new();
    for attempt in 0..attempts {
        if attempt > 0 && config.cancel.is_cancelled() {
            break;
        }
        let task = Task {
            scenario: scenario.clone(),
            start_url: suite.start_url(scenario),
            attempt,
            timeout,
            cancel: config.cancel.clone(),
        };
        let run = run_once(task, mode, agent, judge, config.tools.as_deref());
        on_run(&run);
        runs.push(run);
    }
    let status = aggregate(&runs);
    let scored: Vec<&RunResult> = runs
        .iter()
        .filter(|r| matches!(r.status, Status::Pass | Status::Fail))
        .collect();
    let n = scored.len() as u64;
    let c = scored.iter().filter(|r| r.status == Status::Pass).count() as u64;
    let pass_at = (1..=n)
        .filter_map(|k| {
            Some(PassAtK {
                k,
                pass_at_k: pass_at_k(n, c, k)?,
                pass_hat_k: pass_hat_k(n, c, k)?,
            })
        })
        .collect();
    let combined: Vec<f64> = runs
        .iter()
        .filter_map(|r| r.score.as_ref().and_then(|s| s.combined))
        .collect();
    let mean_score =
        (!combined.is_empty()).then(|| combined.iter().sum::<f64>() / combined.len() as f64);
    let mut result = ScenarioResult {
        id: scenario.id.clone(),
        prompt: scenario.prompt.clone(),
        tags: scenario.tags.clone(),
        weight: scenario.weight,
        status,
        runs,
        planned_runs: attempts,
        pass_at_k: pass_at,
        mean_score,
        duration_ms: elapsed_ms(started),
    };
    if result.runs.is_empty() {
        result.status = Status::Error;
        result =
            result.with_error("the agent made no runs (no recorded transcript for this scenario?)");
    }
    result
}

fn aggregate(runs: &[RunResult]) -> Status {
    const WORST_FIRST: [Status; 5] = [
        Status::Fail,
        Status::Error,
        Status::TimedOut,
        Status::Unscored,
        Status::Skipped,
    ];
    if runs.is_empty() {
        return Status::Error;
    }
    WORST_FIRST
        .into_iter()
        .find(|s| runs.iter().any(|r| r.status == *s))
        .unwrap_or(Status::Pass)
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a non-text panic payload".to_owned()
    }
}

fn run_once(
    task: Task,
    mode: ScoringMode,
    agent: &Arc<dyn Agent>,
    judge: Option<&dyn Judge>,
    tools: Option<&[ToolSpec]>,
) -> RunResult {
    let started = Instant::now();
    let attempt = task.attempt;
    let timeout = task.timeout;
    let scenario = task.scenario.clone();
    let failed = |status: Status, error: String| RunResult {
        attempt,
        status,
        score: None,
        trajectory: None,
        error: Some(error),
        duration_ms: elapsed_ms(started),
    };
    let (tx, rx) = mpsc::channel();
    let worker = Arc::clone(agent);
    let spawned = std::thread::Builder::new()
        .name(format!("eval-agent-{}", scenario.id))
        .spawn(move || {
            let outcome = worker.run(&task);
            // The receiver is gone after a timeout; nobody is waiting for the result then.
            let _ = tx.send(outcome);
        });
    let handle = match spawned {
        Ok(h) => h,
        Err(e) => return failed(Status::Error, format!("cannot start the agent thread: {e}")),
    };
    let trajectory = match rx.recv_timeout(timeout) {
        Ok(Ok(t)) => t,
        Ok(Err(AgentError(message))) => {
            return failed(Status::Error, format!("agent failed: {message}"));
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            return failed(
                Status::TimedOut,
                format!("timed out after {} ms", timeout.as_millis()),
            );
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            let message = match handle.join() {
                Err(payload) => panic_message(payload.as_ref()),
                Ok(()) => "the agent thread ended without a result".to_owned(),
            };
            return failed(Status::Error, format!("agent panicked: {message}"));
        }
    };
    let judged = match (judge, scenario.expectations.post_conditions.as_deref()) {
        (Some(judge), Some(post)) if !post.is_empty() => {
            let input = JudgeInput {
                prompt: &scenario.prompt,
                post_conditions: post,
                trajectory: &trajectory,
            };
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge.judge(&input))) {
                Ok(outcome) => outcome,
                Err(payload) => JudgeOutcome::Failed {
                    reason: format!("judge panicked: {}", panic_message(payload.as_ref())),
                },
            }
        }
        _ => JudgeOutcome::NotRun,
    };
    let score = score_run_with(&scenario, mode, &trajectory, judged, tools);
    RunResult {
        attempt,
        status: score.status,
        score: Some(score),
        trajectory: Some(trajectory),
        error: None,
        duration_ms: elapsed_ms(started),
    }
}
