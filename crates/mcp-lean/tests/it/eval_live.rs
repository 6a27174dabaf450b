//! `mcp-lean eval run --server`: live runs with a scripted model endpoint (a real HTTP server
//! speaking the chat-completions API) and a real MCP server over stdio (`shop-mcp-server.mjs`,
//! one node process per run), then the recorded runs replayed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use scripted_llm::{Reply, Request, chat, chat_full, http, serve_fn, tool_calls};
use serde_json::{Value, json};

use crate::{repo_path, run};

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh path in the temp folder (not created).
pub(crate) fn temp_path(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!(
        "mcp-lean-live-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ))
}

pub(crate) fn shop_server() -> String {
    repo_path("crates/mcp-lean/tests/fixtures/shop-mcp-server.mjs")
        .display()
        .to_string()
}

pub(crate) fn example_suite() -> String {
    repo_path("examples/eval/suite.json").display().to_string()
}

/// What a competent agent does on each scenario of the example suite, one step per request.
pub(crate) fn shop_agent(request: &Request) -> Reply {
    let (prompt, step) = (request.prompt(), request.steps());
    let plan: Vec<Reply> = if prompt.starts_with("Find red running shoes") {
        vec![
            tool_calls(&[("browser_snapshot", json!({}))]),
            tool_calls(&[(
                "browser_type",
                json!({"element": "Search", "ref": "e2", "text": "red running shoes 42", "submit": true}),
            )]),
            chat("The cheapest is the Red Runner at 59.00 EUR."),
        ]
    } else if prompt.starts_with("Sign in") {
        vec![
            tool_calls(&[("browser_snapshot", json!({}))]),
            tool_calls(&[
                (
                    "browser_type",
                    json!({"element": "Email", "ref": "e2", "text": "demo@example.com"}),
                ),
                (
                    "browser_type",
                    json!({"element": "Password", "ref": "e3", "text": "hunter2"}),
                ),
            ]),
            tool_calls(&[("browser_click", json!({"element": "Sign in", "ref": "e4"}))]),
            chat("Signed in as the demo user."),
        ]
    } else if prompt.starts_with("What is the total") {
        vec![
            tool_calls(&[("browser_snapshot", json!({}))]),
            chat("The cart total is 84.90 EUR."),
        ]
    } else {
        vec![
            tool_calls(&[("browser_snapshot", json!({}))]),
            tool_calls(&[(
                "browser_click",
                json!({"element": "Add to cart", "ref": "e2"}),
            )]),
            chat("The blue socks are in the cart; I did not check out."),
        ]
    };
    plan.into_iter().nth(step).unwrap_or_else(|| chat("Done."))
}

pub(crate) fn live(url: &str, record: &Path, extra: &[&str], suite: &str) -> Output {
    let record = record.display().to_string();
    let server = shop_server();
    let mut args = vec![
        "eval",
        "run",
        suite,
        "--model",
        "scripted",
        "--api-url",
        url,
        "--record",
        &record,
        "--base-url",
        "http://shop.test",
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--server", "--", "node", &server]);
    run(&args, None)
}

pub(crate) fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("the record file")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// Scenario ids with their status and each run's combined score, from a JSON report.
fn scores(report: &Value) -> Vec<(String, String, Vec<Value>)> {
    report["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .map(|s| {
            let runs = s["runs"]
                .as_array()
                .expect("runs")
                .iter()
                .map(|r| json!([r["attempt"], r["status"], r["score"]]))
                .collect();
            (
                s["id"].as_str().unwrap_or("").to_owned(),
                s["status"].as_str().unwrap_or("").to_owned(),
                runs,
            )
        })
        .collect()
}

#[test]
fn a_live_run_of_the_example_suite_reports_records_and_replays_to_the_same_scores() {
    let model = serve_fn(shop_agent);
    let record = temp_path("runs.jsonl");
    let junit = temp_path("report.xml");
    let junit_arg = junit.display().to_string();
    let out = live(
        &model.url,
        &record,
        &["--jobs", "2", "--format", "json", "--junit", &junit_arg],
        &example_suite(),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let live_scores = scores(&report);
    assert_eq!(live_scores.len(), 4);
    assert!(
        live_scores.iter().all(|(_, status, _)| status == "pass"),
        "{live_scores:?}"
    );
    // One progress line per scenario, with the steps and tokens of its runs.
    assert_eq!(stderr.matches("/4] ").count(), 4, "{stderr}");
    assert!(
        stderr.contains("read-cart-total pass: 3 runs, 6 steps, 90 tokens"),
        "{stderr}"
    );
    assert!(stderr.contains("runs recorded in"), "{stderr}");

    // The record: the server's tools, then one line per run (6: one scenario has 3 repeats).
    let recorded = lines(&record);
    assert_eq!(recorded.len(), 7);
    let tools: Vec<&str> = recorded[0]["tools"]
        .as_array()
        .expect("a tools header")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(tools.contains(&"browser_click") && tools.contains(&"wait_seconds"));
    let sign_in = recorded
        .iter()
        .find(|l| l["scenarioId"] == "sign-in")
        .expect("a sign-in run");
    assert_eq!(sign_in["stats"]["steps"], 4);
    assert_eq!(sign_in["stats"]["promptTokens"], 40);
    assert_eq!(sign_in["stats"]["completionTokens"], 20);
    assert_eq!(sign_in["stats"]["stop"], "answer");
    assert_eq!(sign_in["finalText"], "Signed in as the demo user.");
    let calls = sign_in["toolCalls"].as_array().expect("calls");
    // The start page was opened by the runner, not the agent, so it is not a call of the run.
    let names: Vec<&str> = calls.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "browser_snapshot",
            "browser_type",
            "browser_type",
            "browser_click"
        ]
    );
    assert!(
        calls[0]["result"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("textbox \"Email\"")),
        "the snapshot of the start page: {}",
        calls[0]
    );
    assert_eq!(calls[0]["result"]["isError"], false);
    assert!(calls[0]["tokens"].as_u64().is_some_and(|t| t > 10));
    assert!(calls[0]["latencyMs"].is_u64());
    assert!(
        sign_in["stats"]["toolOutputTokens"]
            .as_u64()
            .is_some_and(|t| t > 10)
    );

    // What the model was sent: the server's tools, the start page, the tool results.
    let requests = model.requests();
    let first = requests
        .iter()
        .find(|r| r.prompt().starts_with("Sign in") && r.steps() == 1)
        .expect("the second request of sign-in");
    let functions: Vec<&str> = first.body["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["function"]["name"].as_str())
        .collect();
    assert_eq!(functions.len(), 6, "{functions:?}");
    assert!(
        first
            .prompt()
            .contains("(The browser shows http://shop.test/login.)")
    );
    let tool_message = first.body["messages"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["role"] == "tool"))
        .expect("the snapshot's result went back to the model");
    assert_eq!(tool_message["tool_call_id"], "call_1");

    // The JUnit file validates.
    let xml = std::fs::read_to_string(&junit).expect("the JUnit file");
    assert!(
        xml.contains("<testsuite") && xml.contains("sign-in"),
        "{xml}"
    );
    crate::junit::assert_valid_junit(&junit, &xml);

    // The Markdown report of the same runs, replayed; and the replay's scores equal the live ones.
    let record_arg = record.display().to_string();
    let md = run(
        &[
            "eval",
            "run",
            &example_suite(),
            "--transcripts",
            &record_arg,
        ],
        None,
    );
    assert_eq!(md.status.code(), Some(0), "{}", text(&md.stderr));
    assert!(
        text(&md.stdout).contains("**4 scenarios: 4 passed, 0 failed**"),
        "{}",
        text(&md.stdout)
    );
    let replay = run(
        &[
            "eval",
            "run",
            &example_suite(),
            "--transcripts",
            &record_arg,
            "--format",
            "json",
        ],
        None,
    );
    let replayed: Value = serde_json::from_slice(&replay.stdout).expect("a JSON report");
    assert_eq!(scores(&replayed), live_scores);
    let _ = std::fs::remove_file(&record);
    let _ = std::fs::remove_file(&junit);
}

pub(crate) const ONE_SCENARIO: &str = r#"{"name":"limits","baseUrl":"http://shop.test","scenarios":[
    {"id":"look","prompt":"Look at the cart.","startPage":"/cart","timeoutMs":3000,
     "expectations":{"toolCalls":["browser_snapshot"]}}]}"#;

/// Runs the one-scenario suite live and returns the exit status, the record and stderr.
fn live_one(answer: fn(&Request) -> Reply, extra: &[&str]) -> (Option<i32>, Vec<Value>, String) {
    let model = serve_fn(answer);
    let suite = temp_path("suite.json");
    std::fs::write(&suite, ONE_SCENARIO).expect("write the suite");
    let record = temp_path("runs.jsonl");
    let out = live(&model.url, &record, extra, &suite.display().to_string());
    let recorded = lines(&record);
    let _ = std::fs::remove_file(&record);
    let _ = std::fs::remove_file(&suite);
    (out.status.code(), recorded, text(&out.stderr))
}

fn always_snapshot(_: &Request) -> Reply {
    tool_calls(&[("browser_snapshot", json!({}))])
}

#[test]
fn the_step_limit_ends_a_run_that_never_answers() {
    let (code, recorded, stderr) = live_one(always_snapshot, &["--step-limit", "3"]);
    assert_eq!(code, Some(0), "scored on what it did: {stderr}");
    let stats = &recorded[1]["stats"];
    assert_eq!(
        (stats["steps"].as_u64(), stats["stop"].as_str()),
        (Some(3), Some("steps"))
    );
    assert_eq!(recorded[1]["toolCalls"].as_array().map(Vec::len), Some(3));
}

#[test]
fn the_token_limit_ends_a_run_once_reached() {
    // Each scripted answer reports 15 tokens: after three steps 45 >= 40.
    let (_, recorded, _) = live_one(always_snapshot, &["--token-limit", "40"]);
    let stats = &recorded[1]["stats"];
    assert_eq!(
        (stats["steps"].as_u64(), stats["stop"].as_str()),
        (Some(3), Some("tokens"))
    );
}

#[test]
fn the_time_limit_cuts_a_slow_tool_and_keeps_what_the_run_did() {
    fn slow(request: &Request) -> Reply {
        match request.steps() {
            0 => tool_calls(&[("browser_snapshot", json!({}))]),
            _ => tool_calls(&[("wait_seconds", json!({"seconds": 30}))]),
        }
    }
    let (code, recorded, stderr) = live_one(slow, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let run = &recorded[1];
    assert_eq!(run["stats"]["stop"], "time", "{run}");
    let calls = run["toolCalls"].as_array().expect("calls");
    assert_eq!(calls[0]["name"], "browser_snapshot");
    assert_eq!(calls[1]["result"]["isError"], true);
    assert!(
        calls[1]["result"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("did not answer within")),
        "{}",
        calls[1]
    );
}

#[test]
fn bad_arguments_and_unknown_tools_reach_the_model_as_errors() {
    fn clumsy(request: &Request) -> Reply {
        match request.steps() {
            // Arguments that are not JSON, which a chat API passes through as text.
            0 => chat_full(
                json!({"role": "assistant", "content": null, "tool_calls": [{"id": "call_1",
                    "type": "function", "function": {"name": "browser_click", "arguments": "{oops"}}]}),
                "tool_calls",
            ),
            1 => tool_calls(&[("checkout", json!({})), ("browser_snapshot", json!({}))]),
            _ => chat("The cart total is 84.90 EUR."),
        }
    }
    let (code, recorded, stderr) = live_one(clumsy, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let calls = recorded[1]["toolCalls"].as_array().expect("calls");
    assert_eq!(calls.len(), 3, "{calls:?}");
    assert_eq!(calls[0]["arguments"], "{oops");
    assert!(
        calls[0]["result"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("not valid JSON")),
        "{}",
        calls[0]
    );
    assert_eq!(calls[1]["name"], "checkout");
    assert_eq!(calls[1]["result"]["isError"], true);
    assert_eq!(calls[2]["result"]["isError"], false);
}

#[test]
fn a_model_that_refuses_the_key_fails_the_run_with_the_reason() {
    fn unauthorized(_: &Request) -> Reply {
        http(
            "401 Unauthorized",
            "",
            r#"{"error":{"message":"Incorrect API key provided"}}"#,
        )
    }
    let (code, recorded, stderr) = live_one(unauthorized, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        recorded[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("the model failed at step 1") && e.contains("401")),
        "{}",
        recorded[1]
    );
    assert!(stderr.contains("look error"), "{stderr}");
}

#[test]
fn live_runs_refuse_to_overwrite_a_record_and_name_a_server_that_does_not_start() {
    let model = serve_fn(always_snapshot);
    let record = temp_path("exists.jsonl");
    std::fs::write(&record, "keep me\n").expect("write");
    let out = live(&model.url, &record, &[], &example_suite());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("already exists"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&record).ok().as_deref(),
        Some("keep me\n")
    );
    let _ = std::fs::remove_file(&record);

    let fresh = temp_path("never.jsonl");
    let out = run(
        &[
            "eval",
            "run",
            &example_suite(),
            "--model",
            "m",
            "--api-url",
            &model.url,
            "--record",
            &fresh.display().to_string(),
            "--server",
            "--",
            "/no/such/server",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot start the server \"/no/such/server\""),
        "{}",
        text(&out.stderr)
    );
    assert!(!fresh.exists(), "no record without a server");
}

#[test]
fn ctrl_c_stops_the_runs_and_still_writes_the_report_and_the_record() {
    fn slow(request: &Request) -> Reply {
        match request.steps() {
            0 => tool_calls(&[("wait_seconds", json!({"seconds": 60}))]),
            _ => chat("done"),
        }
    }
    let model = serve_fn(slow);
    let record = temp_path("cancelled.jsonl");
    let child = Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
        .args([
            "eval",
            "run",
            &example_suite(),
            "--model",
            "scripted",
            "--api-url",
            &model.url,
            "--record",
            &record.display().to_string(),
            "--timeout",
            "120",
            "--server",
            "--",
            "node",
            &shop_server(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mcp-lean starts");
    // Wait until the first run is inside its slow tool call: the model has been asked once.
    for _ in 0..600 {
        if !model.requests().is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        !model.requests().is_empty(),
        "the run never reached the model"
    );
    std::thread::sleep(Duration::from_millis(300));
    let signal = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(signal.success());
    let out = child.wait_with_output().expect("mcp-lean ends");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("stopping"), "{stderr}");
    let md = text(&out.stdout);
    assert!(md.contains("cancelled"), "{md}");
    assert!(md.contains("cancelled after 1 step"), "{md}");
    let recorded = lines(&record);
    assert_eq!(recorded.len(), 2, "the header and the interrupted run");
    let _ = std::fs::remove_file(&record);
}

#[test]
fn without_record_a_live_run_records_under_mcp_lean_runs_and_says_where() {
    let model = serve_fn(always_snapshot);
    let dir = temp_path("cwd");
    std::fs::create_dir_all(&dir).expect("a working folder");
    let suite = dir.join("suite.json");
    std::fs::write(&suite, ONE_SCENARIO).expect("write the suite");
    let live_here = || {
        Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
            .current_dir(&dir)
            .args([
                "eval",
                "run",
                "suite.json",
                "--model",
                "scripted",
                "--api-url",
            ])
            .arg(&model.url)
            .args(["--step-limit", "1", "--server", "--", "node"])
            .arg(shop_server())
            .output()
            .expect("mcp-lean runs")
    };
    let recorded_path = |stderr: &str| -> PathBuf {
        let line = stderr
            .lines()
            .find(|l| l.starts_with("mcp-lean: recording the runs in "))
            .unwrap_or_else(|| panic!("where the runs go, before they run: {stderr}"));
        let path = line
            .trim_start_matches("mcp-lean: recording the runs in ")
            .split(" (")
            .next()
            .unwrap_or("");
        assert!(
            stderr.contains(&format!(
                "runs recorded in {path}; replay them with --transcripts {path}"
            )),
            "{stderr}"
        );
        PathBuf::from(path)
    };
    let first = live_here();
    let stderr = text(&first.stderr);
    assert_eq!(first.status.code(), Some(0), "{stderr}");
    let path = recorded_path(&stderr);
    // mcp-lean-runs/limits-20260105T101502Z.jsonl
    let name = path
        .strip_prefix("mcp-lean-runs")
        .expect("under mcp-lean-runs/")
        .display()
        .to_string();
    let stamp = name
        .strip_prefix("limits-")
        .and_then(|n| n.strip_suffix(".jsonl"))
        .unwrap_or_else(|| panic!("<suite>-<time>.jsonl: {name}"));
    assert!(
        stamp.len() == 16
            && stamp.as_bytes()[8] == b'T'
            && stamp.ends_with('Z')
            && stamp[..8].bytes().all(|b| b.is_ascii_digit()),
        "{stamp}"
    );
    let recorded = lines(&dir.join(&path));
    assert_eq!(recorded.len(), 2, "the header and the run");
    assert_eq!(recorded[0]["suite"]["name"], "limits");
    assert_eq!(recorded[1]["scenarioId"], "look");

    // A second run never overwrites the first.
    let second = live_here();
    let stderr = text(&second.stderr);
    assert_eq!(second.status.code(), Some(0), "{stderr}");
    let other = recorded_path(&stderr);
    assert_ne!(other, path);
    assert_eq!(lines(&dir.join(&path)).len(), 2);
    assert_eq!(lines(&dir.join(&other)).len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
