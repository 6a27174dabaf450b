//! eval-core: scoring one long trajectory, replaying a 100-scenario suite through the runner
//! (a thread per run), and rendering its reports. The corpus has no agent transcripts, so the
//! inputs are built from the shipped example (`examples/eval`), scaled up.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mcp_eval_core::{
    Agent, JudgeOutcome, ReplayAgent, RunConfig, ScoringMode, ToolCall, Trajectory, parse_suite,
    parse_transcripts, score_run,
};
use serde_json::{Value, json};

fn example(name: &str) -> String {
    let path = format!("{}/../examples/eval/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// The example suite and transcripts with every scenario copied `copies` times.
fn scaled(copies: usize) -> (String, String) {
    let suite: Value = serde_json::from_str(&example("suite.json")).expect("example suite is JSON");
    let mut scenarios = Vec::new();
    for i in 0..copies {
        for s in suite["scenarios"].as_array().expect("scenarios") {
            let mut s = s.clone();
            s["id"] = json!(format!("{}-{i}", s["id"].as_str().expect("id")));
            scenarios.push(s);
        }
    }
    let mut big = suite.clone();
    big["scenarios"] = Value::Array(scenarios);
    let mut lines = String::new();
    for i in 0..copies {
        for line in example("transcripts.jsonl").lines() {
            let mut t: Value = serde_json::from_str(line).expect("transcript is JSON");
            t["scenarioId"] = json!(format!("{}-{i}", t["scenarioId"].as_str().expect("id")));
            lines.push_str(&t.to_string());
            lines.push('\n');
        }
    }
    (big.to_string(), lines)
}

fn eval_benches(c: &mut Criterion) {
    // 20 expected steps in strict order, each matching 10 consecutive calls: 200 calls.
    let expectations: Vec<Value> = (0..20)
        .map(|i| json!({"name": format!("tool_{i}"), "args": {"step": i}, "min": 1, "max": 10}))
        .collect();
    let suite = parse_suite(
        &json!({"name": "long", "scenarios": [{"id": "s", "prompt": "p",
            "expectations": {"order": "strict", "toolCalls": expectations, "forbiddenToolCalls": ["x"]}}]})
        .to_string(),
    )
    .expect("valid");
    let scenario = &suite.scenarios[0];
    let trajectory = Trajectory {
        stats: None,
        tool_calls: (0..200)
            .map(|i| ToolCall::new(&format!("tool_{}", i / 10), json!({"step": i / 10, "n": i})))
            .collect(),
        final_text: String::new(),
    };
    let mut group = c.benchmark_group("eval/score-200-calls");
    group.throughput(Throughput::Elements(200));
    for mode in [ScoringMode::Standard, ScoringMode::Webmcp] {
        group.bench_function(format!("{mode:?}").to_lowercase(), |b| {
            b.iter(|| {
                let s = score_run(scenario, mode, black_box(&trajectory), JudgeOutcome::NotRun);
                assert_eq!(s.status, mcp_eval_core::Status::Pass);
                s
            });
        });
    }
    group.finish();

    let (suite_text, transcripts_text) = scaled(25);
    let suite = parse_suite(&suite_text).expect("valid");
    let runs = parse_transcripts(&transcripts_text).expect("valid").len();
    let mut group = c.benchmark_group("eval/replay-100-scenarios");
    group.throughput(Throughput::Elements(runs as u64));
    group.bench_function("parse-and-run", |b| {
        b.iter(|| {
            let suite = parse_suite(black_box(&suite_text)).expect("valid");
            let agent: Arc<dyn Agent> = Arc::new(ReplayAgent::new(
                parse_transcripts(&transcripts_text).expect("valid"),
            ));
            let report =
                mcp_eval_core::run(&suite, &agent, None, &RunConfig::default(), &mut |_| {});
            assert_eq!(report.summary.counts.total, 100);
            report.summary.counts.passed
        });
    });
    let agent: Arc<dyn Agent> = Arc::new(ReplayAgent::new(
        parse_transcripts(&transcripts_text).expect("valid"),
    ));
    let report = mcp_eval_core::run(&suite, &agent, None, &RunConfig::default(), &mut |_| {});
    group.bench_function("junit", |b| {
        b.iter(|| mcp_eval_core::to_junit(black_box(&report)).len())
    });
    group.bench_function("markdown", |b| {
        b.iter(|| mcp_eval_core::to_markdown(black_box(&report)).len())
    });
    group.bench_function("json", |b| {
        b.iter(|| mcp_eval_core::to_json(black_box(&report)).len())
    });
    group.finish();
}

criterion_group!(benches, eval_benches);
criterion_main!(benches);
