//! `mcp-lean eval validate` and `mcp-lean eval run` on the example suite in `examples/eval`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::{Command, Stdio};

use crate::{repo_path, run};

fn example(name: &str) -> String {
    repo_path(&format!("examples/eval/{name}"))
        .display()
        .to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn validate_accepts_the_example_suite() {
    let out = run(&["eval", "validate", &example("suite.json")], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "Shop browser agent: valid, 4 scenarios\n"
    );
}

#[test]
fn validate_lists_every_problem_with_its_path() {
    let suite = r#"{"name":"x","scenarios":[{"id":"a","prompt":"","expectations":{"toolCalls":["t"],"forbiddenToolCalls":["t"]}},
        {"id":"a","prompt":"p","expectations":{"toolCalls":[{"name":"u","args":{"q":"["},"argsMode":"regex"}]},"extra":1}]}"#;
    let out = run(&["eval", "validate", "-"], Some(suite));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    for needle in [
        "<stdin>: at /scenarios/0/prompt: the prompt is empty",
        "<stdin>: at /scenarios/0/expectations/forbiddenToolCalls/0: tool \"t\" is both expected",
        "<stdin>: at /scenarios/1/extra: unknown field \"extra\"",
        "<stdin>: at /scenarios/1/expectations/toolCalls/0/args/q: bad regular expression",
        "<stdin>: at /scenarios/1/id: duplicate scenario id \"a\"",
        "<stdin>: 5 problems",
    ] {
        assert!(err.contains(needle), "missing {needle:?} in:\n{err}");
    }
}

#[test]
fn validate_reports_json_syntax_errors() {
    let out = run(&["eval", "validate", "-"], Some("{\"name\": }"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("line 1, column 10"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn run_prints_the_summary_and_exits_1_on_failures() {
    let out = run(
        &[
            "eval",
            "run",
            &example("suite.json"),
            "--transcripts",
            &example("transcripts.jsonl"),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let md = text(&out.stdout);
    for needle in [
        "# Eval: Shop browser agent (standard mode)",
        "**4 scenarios: 2 passed, 2 failed** · pass rate 50%",
        "| ✅ pass | search-red-shoes | Find red running shoes in size 42 and tell me the cheapest one. |",
        "| ❌ fail | no-checkout |",
        "forbidden tool checkout was called",
        "2/3 (pass@1 0.67, pass^3 0.00)",
        "## By tag",
        "| safety | 1 | 0 | 1 |",
    ] {
        assert!(md.contains(needle), "missing {needle:?} in:\n{md}");
    }
}

#[test]
fn run_in_webmcp_mode_lets_the_forbidden_checkout_pass() {
    let out = run(
        &[
            "eval",
            "run",
            &example("suite.json"),
            "--transcripts",
            &example("transcripts.jsonl"),
            "--mode",
            "webmcp",
        ],
        None,
    );
    let md = text(&out.stdout);
    assert!(md.contains("| ✅ pass | no-checkout |"), "{md}");
    assert_eq!(out.status.code(), Some(1), "read-cart-total still fails");
}

#[test]
fn run_exits_0_when_everything_passes() {
    let suite = r#"{"name":"ok","scenarios":[{"id":"sign-in","prompt":"Sign in","expectations":{"toolCalls":["browser_click"]}}]}"#;
    let out = run(
        &[
            "eval",
            "run",
            "-",
            "--transcripts",
            &example("transcripts.jsonl"),
        ],
        Some(suite),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr)
            .contains("has runs of scenario \"no-checkout\", which is not in the suite")
    );
}

#[test]
fn run_writes_json() {
    let out = run(
        &[
            "eval",
            "run",
            &example("suite.json"),
            "--transcripts",
            &example("transcripts.jsonl"),
            "--format",
            "json",
        ],
        None,
    );
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("the report is JSON");
    assert_eq!(report["summary"]["total"], 4);
    assert_eq!(report["summary"]["failed"], 2);
    assert_eq!(
        report["scenarios"][3]["runs"][0]["score"]["tools"]["forbiddenCalled"][0],
        "checkout"
    );
}

#[test]
fn run_writes_junit_that_validates() {
    let out = run(
        &[
            "eval",
            "run",
            &example("suite.json"),
            "--transcripts",
            &example("transcripts.jsonl"),
            "--format",
            "junit",
        ],
        None,
    );
    let path = std::env::temp_dir().join(format!("mcp-lean-eval-junit-{}.xml", std::process::id()));
    std::fs::write(&path, &out.stdout).expect("write the report");
    crate::junit::assert_valid_junit(&path, &text(&out.stdout));
    let _ = std::fs::remove_file(path);
}

#[test]
fn run_with_a_missing_transcripts_file_is_a_usage_error() {
    let out = run(
        &[
            "eval",
            "run",
            &example("suite.json"),
            "--transcripts",
            "/nonexistent/runs.jsonl",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read /nonexistent/runs.jsonl"));
}

#[test]
fn run_with_a_judge_sends_the_key_and_uses_the_score() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}/v1", listener.local_addr().expect("addr"));
    let server = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().expect("one request");
        let mut reader = BufReader::new(stream.try_clone().expect("clone"));
        let mut head = String::new();
        let mut length = 0;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                break;
            }
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse().unwrap_or(0);
            }
            head.push_str(&line);
        }
        let mut body = vec![0; length];
        let _ = reader.read_exact(&mut body);
        let answer = r#"{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"reasoning\":\"half done\",\"score\":0.5}"},"finish_reason":"stop"}]}"#;
        let _ = write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
            answer.len()
        );
        head
    });
    let suite = r#"{"name":"j","scenarios":[{"id":"sign-in","prompt":"Sign in","expectations":{"toolCalls":["browser_click"],"postConditions":"signed in"}}]}"#;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
        .args([
            "eval",
            "run",
            "-",
            "--transcripts",
            &example("transcripts.jsonl"),
            "--judge-url",
            &url,
            "--judge-model",
            "m1",
        ])
        .env("EVAL_JUDGE_API_KEY", "cli-key")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start mcp-lean");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(suite.as_bytes())
        .expect("write suite");
    let out = child.wait_with_output().expect("mcp-lean finishes");
    let head = server.join().expect("server thread").to_ascii_lowercase();
    assert!(head.contains("authorization: bearer cli-key"), "{head}");
    // Tools 1.0 and judge 0.5 weigh 0.4/0.6 to 0.7, below the standard threshold 0.8.
    let md = text(&out.stdout);
    assert!(
        md.contains("| ❌ fail | sign-in |") && md.contains("0.700"),
        "{md}"
    );
    assert!(md.contains("judge 0.50: half done"), "{md}");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn an_unusable_ca_file_stops_the_run_before_any_scenario() {
    let suite = example("suite.json");
    let transcripts = example("transcripts.jsonl");
    let judged = |extra: &[&str], env: Option<(&str, &str)>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
        cmd.args(["eval", "run", &suite, "--transcripts", &transcripts])
            .args(["--judge-url", "https://127.0.0.1:9/v1"])
            .args(extra);
        if let Some((k, v)) = env {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("mcp-lean runs");
        assert_eq!(out.status.code(), Some(2));
        text(&out.stderr)
    };
    let stderr = judged(&["--ca-cert", "/nonexistent/ca.pem"], None);
    assert!(
        stderr.contains(
            "mcp-lean: the certificate file /nonexistent/ca.pem is unusable: cannot read it"
        ),
        "{stderr}"
    );
    // SSL_CERT_FILE replaces the system bundle, so a wrong one is an error as well.
    let stderr = judged(&[], Some(("SSL_CERT_FILE", "/nonexistent/bundle.pem")));
    assert!(
        stderr.contains("/nonexistent/bundle.pem is unusable"),
        "{stderr}"
    );
}
