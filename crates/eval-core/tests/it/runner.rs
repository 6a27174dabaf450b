//! The runner: cancellation, timeouts, failing and panicking agents and judges, repeats,
//! progress events, replayed transcripts.

use std::sync::Arc;
use std::time::Duration;

use mcp_eval_core::runner::AgentError;
use mcp_eval_core::{
    Agent, CancelToken, Error, Event, Judge, JudgeInput, JudgeOutcome, ReplayAgent, RunConfig,
    Status, Suite, Task, ToolCall, Trajectory, parse_suite, parse_transcripts, run,
};
use serde_json::json;

type Script = dyn Fn(&Task) -> Result<Trajectory, AgentError> + Send + Sync;

/// An agent whose behaviour per task is a closure.
struct ScriptAgent(Box<Script>);

impl Agent for ScriptAgent {
    fn run(&self, task: &Task) -> Result<Trajectory, AgentError> {
        (self.0)(task)
    }
}

fn agent(
    f: impl Fn(&Task) -> Result<Trajectory, AgentError> + Send + Sync + 'static,
) -> Arc<dyn Agent> {
    Arc::new(ScriptAgent(Box::new(f)))
}

fn calls_t() -> Trajectory {
    Trajectory {
        stats: None,
        tool_calls: vec![ToolCall::new("t", json!({}))],
        final_text: "done".to_owned(),
    }
}

/// A suite of scenarios `ids`, each expecting one call of `t`.
fn suite(ids: &[&str], extra: &str) -> Suite {
    let scenarios: Vec<String> = ids
        .iter()
        .map(|id| format!(r#"{{"id":"{id}","prompt":"do {id}",{extra}"tags":["x"],"expectations":{{"toolCalls":["t"],"postConditions":"ok"}}}}"#))
        .collect();
    parse_suite(&format!(
        r#"{{"name":"runner","scenarios":[{}]}}"#,
        scenarios.join(",")
    ))
    .expect("valid suite")
}

fn statuses(report: &mcp_eval_core::Report) -> Vec<Status> {
    report.scenarios.iter().map(|s| s.status).collect()
}

#[test]
fn cancellation_stops_between_scenarios_and_reports_what_ran() {
    let token = CancelToken::new();
    let inside = token.clone();
    let agent = agent(move |task| {
        if task.scenario.id == "b" {
            inside.cancel();
        }
        Ok(calls_t())
    });
    let config = RunConfig {
        cancel: token,
        ..RunConfig::default()
    };
    let mut cancelled_at = None;
    let report = run(
        &suite(&["a", "b", "c", "d"], ""),
        &agent,
        None,
        &config,
        &mut |e| {
            if let Event::Cancelled { ran, total } = e {
                cancelled_at = Some((*ran, *total));
            }
        },
    );
    assert!(report.cancelled);
    assert_eq!(cancelled_at, Some((2, 4)));
    assert_eq!(
        statuses(&report),
        [Status::Pass, Status::Pass, Status::Skipped, Status::Skipped]
    );
    assert_eq!(
        (report.summary.counts.passed, report.summary.counts.skipped),
        (2, 2)
    );
    assert!(mcp_eval_core::to_markdown(&report).contains("cancelled"));
}

#[test]
fn a_hanging_agent_times_out_and_the_rest_still_run() {
    let agent = agent(|task| {
        if task.scenario.id == "slow" {
            std::thread::sleep(Duration::from_secs(3));
        }
        Ok(calls_t())
    });
    let mut suite = suite(&["fast", "slow", "after"], "");
    // Only the slow scenario gets a short limit, so a loaded machine cannot time out the others.
    suite.scenarios[1].timeout_ms = Some(100);
    let report = run(&suite, &agent, None, &RunConfig::default(), &mut |_| {});
    assert_eq!(
        statuses(&report),
        [Status::Pass, Status::TimedOut, Status::Pass]
    );
    let err = report.scenarios[1].runs[0].error.as_deref().unwrap_or("");
    assert!(err.contains("timed out after 100 ms"), "{err}");
    assert!(report.has_failures());
}

#[test]
fn the_scenario_timeout_overrides_the_default() {
    let agent = agent(|_| {
        std::thread::sleep(Duration::from_secs(3));
        Ok(calls_t())
    });
    let report = run(
        &suite(&["a"], r#""timeoutMs":50,"#),
        &agent,
        None,
        &RunConfig::default(),
        &mut |_| {},
    );
    assert_eq!(statuses(&report), [Status::TimedOut]);
}

#[test]
fn a_panicking_or_failing_agent_on_one_scenario_does_not_stop_the_rest() {
    let agent = agent(|task| match task.scenario.id.as_str() {
        "boom" => panic!("agent exploded on purpose"),
        "fail" => Err(AgentError("browser crashed".to_owned())),
        _ => Ok(calls_t()),
    });
    let report = run(
        &suite(&["a", "boom", "fail", "z"], ""),
        &agent,
        None,
        &RunConfig::default(),
        &mut |_| {},
    );
    assert_eq!(
        statuses(&report),
        [Status::Pass, Status::Error, Status::Error, Status::Pass]
    );
    let msg = |i: usize| {
        report.scenarios[i].runs[0]
            .error
            .clone()
            .unwrap_or_default()
    };
    assert!(
        msg(1).contains("agent panicked: agent exploded on purpose"),
        "{}",
        msg(1)
    );
    assert!(
        msg(2).contains("agent failed: browser crashed"),
        "{}",
        msg(2)
    );
    assert_eq!(report.summary.counts.errored, 2);
}

struct PanickingJudge;

impl Judge for PanickingJudge {
    fn judge(&self, input: &JudgeInput<'_>) -> JudgeOutcome {
        if input.prompt == "do a" {
            panic!("judge exploded");
        }
        JudgeOutcome::Scored {
            score: 1.0,
            reasoning: "fine".to_owned(),
        }
    }
}

#[test]
fn a_panicking_judge_leaves_its_scenario_unscored() {
    let agent = agent(|_| Ok(calls_t()));
    let report = run(
        &suite(&["a", "b"], ""),
        &agent,
        Some(&PanickingJudge),
        &RunConfig::default(),
        &mut |_| {},
    );
    assert_eq!(statuses(&report), [Status::Unscored, Status::Pass]);
    assert_eq!(report.scenarios[0].mean_score, None);
}

#[test]
fn repeats_give_pass_at_k_and_events_arrive_in_order() {
    let agent = agent(|task| {
        if task.attempt % 2 == 0 {
            Ok(calls_t())
        } else {
            Ok(Trajectory::default())
        }
    });
    let mut events = Vec::new();
    let report = run(
        &suite(&["a"], r#""repeats":4,"#),
        &agent,
        None,
        &RunConfig::default(),
        &mut |e| {
            events.push(match e {
                Event::ScenarioStarted { index, .. } => format!("start {index}"),
                Event::RunFinished {
                    attempt, status, ..
                } => format!("run {attempt} {}", status.as_str()),
                Event::ScenarioFinished { result, .. } => format!("end {}", result.status.as_str()),
                _ => "other".to_owned(),
            });
        },
    );
    assert_eq!(
        events,
        [
            "start 0",
            "run 0 pass",
            "run 1 fail",
            "run 2 pass",
            "run 3 fail",
            "end fail"
        ]
    );
    let s = &report.scenarios[0];
    assert_eq!(s.pass_at_k.len(), 4);
    assert_eq!(s.pass_at_k[0].pass_at_k, 0.5);
    // C(2,2)/C(4,2) = 1/6; pass@2 = 1 − C(2,2)/C(4,2) = 5/6.
    assert!((s.pass_at_k[1].pass_hat_k - 1.0 / 6.0).abs() < 1e-12);
    assert!((s.pass_at_k[1].pass_at_k - 5.0 / 6.0).abs() < 1e-12);
    assert_eq!(s.mean_score, Some(0.5));
}

#[test]
fn the_agent_sees_the_start_url_and_attempt() {
    let agent = agent(|task| {
        if task.start_url.as_deref() == Some("http://shop.test/cart") {
            Ok(calls_t())
        } else {
            Err(AgentError(format!("{:?}", task.start_url)))
        }
    });
    let suite = parse_suite(r#"{"name":"u","baseUrl":"http://shop.test","scenarios":[{"id":"a","prompt":"p","startPage":"/cart","expectations":{"toolCalls":["t"]}}]}"#)
        .expect("valid");
    let report = run(&suite, &agent, None, &RunConfig::default(), &mut |_| {});
    assert_eq!(statuses(&report), [Status::Pass]);
}

#[test]
fn replay_repeats_missing_and_failed_recordings() -> Result<(), Error> {
    let transcripts = parse_transcripts(
        "{\"scenarioId\":\"a\",\"toolCalls\":[{\"name\":\"t\",\"arguments\":{}}],\"finalText\":\"ok\"}\n\n\
         {\"scenario\":\"a\",\"toolCalls\":[{\"toolName\":\"t\",\"input\":{}}],\"assistantResponse\":\"ok\"}\n\
         {\"scenarioId\":\"c\",\"error\":\"the browser crashed\"}\n\
         {\"scenarioId\":\"zz\"}\n",
    )?;
    let replay = ReplayAgent::new(transcripts);
    let suite = suite(&["a", "b", "c"], "");
    assert_eq!(replay.unknown_ids(&suite), ["zz"]);
    let agent: Arc<dyn Agent> = Arc::new(replay);
    let report = run(&suite, &agent, None, &RunConfig::default(), &mut |_| {});
    assert_eq!(
        statuses(&report),
        [Status::Pass, Status::Error, Status::Error]
    );
    assert_eq!(report.scenarios[0].runs.len(), 2);
    let msg = |i: usize| {
        report.scenarios[i].runs[0]
            .error
            .clone()
            .unwrap_or_default()
    };
    assert!(
        msg(1).contains("no recorded transcript for scenario \"b\""),
        "{}",
        msg(1)
    );
    assert!(msg(2).contains("the browser crashed"), "{}", msg(2));
    Ok(())
}

#[test]
fn a_bad_transcript_line_is_named() {
    let err = parse_transcripts("{\"scenarioId\":\"a\"}\n{\"toolCalls\":[]}\n")
        .map(|_| ())
        .err();
    match err {
        Some(Error::Json {
            what: "transcript",
            line: 2,
            ..
        }) => {}
        other => panic!("expected an error on line 2, got {other:?}"),
    }
}

#[test]
fn totals_are_weighted_and_grouped_by_tag() {
    let suite = parse_suite(
        r#"{"name":"w","scenarios":[
        {"id":"a","prompt":"p","weight":3,"tags":["x","y"],"expectations":{"toolCalls":["t"]}},
        {"id":"b","prompt":"p","tags":["y"],"expectations":{"toolCalls":["u"]}}]}"#,
    )
    .expect("valid");
    let agent = agent(|_| Ok(calls_t()));
    let report = run(&suite, &agent, None, &RunConfig::default(), &mut |_| {});
    assert_eq!(report.summary.pass_rate, Some(0.75));
    assert_eq!(report.summary.mean_score, Some(0.75));
    assert_eq!((report.tags["x"].total, report.tags["x"].passed), (1, 1));
    assert_eq!(
        (
            report.tags["y"].total,
            report.tags["y"].passed,
            report.tags["y"].failed
        ),
        (2, 1, 1)
    );
}

#[test]
fn cancellation_between_repeats_keeps_the_runs_made() {
    let token = CancelToken::new();
    let inside = token.clone();
    let agent = agent(move |task| {
        if task.attempt == 1 {
            inside.cancel();
        }
        Ok(calls_t())
    });
    let config = RunConfig {
        cancel: token,
        ..RunConfig::default()
    };
    let mut events = 0;
    let report = run(
        &suite(&["a", "b"], r#""repeats":5,"#),
        &agent,
        None,
        &config,
        &mut |e| {
            if matches!(e, Event::Cancelled { ran: 1, total: 2 }) {
                events += 1;
            }
        },
    );
    assert!(report.cancelled);
    assert_eq!(events, 1);
    assert_eq!(
        (
            report.scenarios[0].runs.len(),
            report.scenarios[0].planned_runs
        ),
        (2, 5)
    );
    assert_eq!(statuses(&report), [Status::Pass, Status::Skipped]);
}

/// Two workers: the agent waits until two runs are inside it at once (a barrier), so the test
/// fails, rather than passes slowly, if the runs were made one after another.
#[test]
fn jobs_run_scenarios_at_once_and_the_report_keeps_suite_order() {
    let barrier = Arc::new(std::sync::Barrier::new(2));
    let inside = Arc::clone(&barrier);
    let agent = agent(move |task| {
        if matches!(task.scenario.id.as_str(), "a" | "b") {
            // Without parallel workers this would wait forever; the run's time limit turns
            // that into a time-out the assertions below catch.
            let (tx, rx) = std::sync::mpsc::channel();
            let inside = Arc::clone(&inside);
            std::thread::spawn(move || {
                inside.wait();
                let _ = tx.send(());
            });
            if rx.recv_timeout(Duration::from_secs(20)).is_err() {
                return Err(AgentError("ran alone".to_owned()));
            }
        }
        if task.scenario.id == "c" {
            return Ok(Trajectory::default());
        }
        Ok(calls_t())
    });
    let config = RunConfig {
        jobs: 2,
        ..RunConfig::default()
    };
    let mut finished = Vec::new();
    let mut runs = 0;
    let report = run(
        &suite(&["a", "b", "c", "d"], ""),
        &agent,
        None,
        &config,
        &mut |e| match e {
            Event::ScenarioFinished { index, .. } => finished.push(*index),
            Event::RunFinished { run, .. } => {
                runs += 1;
                assert!(run.trajectory.is_some(), "{run:?}");
            }
            _ => {}
        },
    );
    assert_eq!(
        statuses(&report),
        [Status::Pass, Status::Pass, Status::Fail, Status::Pass]
    );
    assert_eq!(runs, 4);
    finished.sort_unstable();
    assert_eq!(finished, [0, 1, 2, 3]);
    assert!(!report.cancelled);
}

#[test]
fn cancelling_with_jobs_skips_what_had_not_started() {
    let token = CancelToken::new();
    let inside = token.clone();
    let agent = agent(move |task| {
        if task.scenario.id == "a" {
            inside.cancel();
        }
        Ok(calls_t())
    });
    let config = RunConfig {
        cancel: token,
        jobs: 1,
        ..RunConfig::default()
    };
    let mut cancelled = None;
    let report = run(
        &suite(&["a", "b", "c"], ""),
        &agent,
        None,
        &config,
        &mut |e| {
            if let Event::Cancelled { ran, total } = e {
                cancelled = Some((*ran, *total));
            }
        },
    );
    assert_eq!(cancelled, Some((1, 3)));
    assert_eq!(
        statuses(&report),
        [Status::Pass, Status::Skipped, Status::Skipped]
    );
}

#[test]
fn recorded_attempts_put_parallel_repeats_back_in_order() {
    let transcripts = parse_transcripts(concat!(
        r#"{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}"#,
        "\n",
        r#"{"scenarioId":"a","attempt":1,"toolCalls":[],"finalText":"second"}"#,
        "\n",
        r#"{"scenarioId":"a","attempt":0,"toolCalls":[{"name":"t"}],"finalText":"first","stats":{"steps":2,"future":"ignored"},"unknownField":1}"#,
        "\n"
    ))
    .expect("valid transcripts");
    assert_eq!(transcripts.len(), 2, "the tools header is not a run");
    let agent: Arc<dyn Agent> = Arc::new(ReplayAgent::new(transcripts));
    let report = run(
        &suite(&["a"], ""),
        &agent,
        None,
        &RunConfig::default(),
        &mut |_| {},
    );
    let runs = &report.scenarios[0].runs;
    let texts: Vec<&str> = runs
        .iter()
        .filter_map(|r| r.trajectory.as_ref())
        .map(|t| t.final_text.as_str())
        .collect();
    assert_eq!(texts, ["first", "second"]);
    assert_eq!(
        runs[0]
            .trajectory
            .as_ref()
            .and_then(|t| t.stats.as_ref())
            .map(|s| s.steps),
        Some(2)
    );
    assert_eq!(
        (runs[0].status, runs[1].status),
        (Status::Pass, Status::Fail)
    );
}

#[test]
fn a_record_keeps_its_suite_and_the_lines_of_its_runs_and_skips_a_cut_off_last_line() {
    let record = concat!(
        r#"{"suite":{"name":"Shop","scenarios":[]},"tools":[]}"#,
        "\n\n",
        r#"{"scenarioId":"a","toolCalls":[],"finalText":"one"}"#,
        "\n",
        r#"{"scenarioId":"b","toolCalls":[],"finalText":"two"}"#,
        "\n",
        r#"{"scenarioId":"c","toolCalls":[{"name":"#,
    );
    let file = mcp_eval_core::runner::parse_transcript_file(record).expect("a record");
    assert_eq!(file.suite_name(), Some("Shop"));
    assert_eq!(file.tools.as_deref().map(<[_]>::len), Some(0));
    assert_eq!(file.lines, [3, 4]);
    assert_eq!(file.cut_off_line, Some(5));
    assert_eq!(file.runs.len(), 2);
    // The same line ended by a newline was written whole: it is broken, not cut off.
    let broken = format!("{record}\n");
    let e = mcp_eval_core::runner::parse_transcript_file(&broken).expect_err("broken JSON");
    assert!(
        e.to_string()
            .starts_with("the transcript is not valid at line 5"),
        "{e}"
    );
    // Broken JSON before the last line is an error too.
    let e = mcp_eval_core::runner::parse_transcript_file("{\"scenarioId\":\n{}")
        .expect_err("broken JSON");
    assert!(e.to_string().contains("line 1"), "{e}");
}
