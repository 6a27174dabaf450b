//! JUnit XML validated with a real validator (`xmllint --schema`, Debian's libxml2-utils)
//! against the common JUnit shape in `fixtures/junit.xsd`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use mcp_eval_core::runner::AgentError;
use mcp_eval_core::{
    Agent, CancelToken, Judge, JudgeInput, JudgeOutcome, RunConfig, Status, Task, ToolCall,
    Trajectory, validate_suite,
};
use serde_json::json;

const NASTY: &str = "a&b <\"c'> \u{1}\ttab\nline]]>";

struct Scripted(CancelToken);

impl Agent for Scripted {
    fn run(&self, task: &Task) -> Result<Trajectory, AgentError> {
        let ok = Trajectory {
            stats: None,
            tool_calls: vec![ToolCall::new("t", json!({}))],
            final_text: NASTY.to_owned(),
        };
        match task.scenario.tags.first().map(String::as_str) {
            Some("fail") => Ok(Trajectory::default()),
            Some("error") => Err(AgentError(NASTY.to_owned())),
            Some("timeout") => {
                std::thread::sleep(Duration::from_secs(2));
                Ok(ok)
            }
            Some("unscored") => {
                self.0.cancel();
                Ok(ok)
            }
            _ => Ok(ok),
        }
    }
}

struct FailingJudge;

impl Judge for FailingJudge {
    fn judge(&self, _: &JudgeInput<'_>) -> JudgeOutcome {
        JudgeOutcome::Failed {
            reason: format!("judge said {NASTY}"),
        }
    }
}

fn report_with_every_status() -> mcp_eval_core::Report {
    let scenario = |id: &str, tag: &str, post: Option<&str>| {
        json!({"id": id, "prompt": format!("prompt {NASTY}"), "tags": [tag],
               "timeoutMs": if tag == "timeout" { 100 } else { 0 },
               "expectations": {"toolCalls": ["t"], "postConditions": post}})
    };
    let suite = validate_suite(&json!({"name": format!("suite {NASTY}"), "scenarios": [
        scenario(NASTY, "pass", None),
        scenario("fail", "fail", None),
        scenario("error", "error", None),
        scenario("timeout", "timeout", None),
        scenario("unscored", "unscored", Some("judged")),
        scenario("skipped", "skipped", None),
    ]}))
    .expect("valid suite");
    let token = CancelToken::new();
    let agent: Arc<dyn Agent> = Arc::new(Scripted(token.clone()));
    let config = RunConfig {
        cancel: token,
        ..RunConfig::default()
    };
    let report = mcp_eval_core::run(&suite, &agent, Some(&FailingJudge), &config, &mut |_| {});
    let statuses: Vec<Status> = report.scenarios.iter().map(|s| s.status).collect();
    assert_eq!(
        statuses,
        [
            Status::Pass,
            Status::Fail,
            Status::Error,
            Status::TimedOut,
            Status::Unscored,
            Status::Skipped
        ]
    );
    report
}

pub(crate) fn temp_file(contents: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "mcp-eval-core-junit-{}-{}.xml",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::write(&path, contents).expect("write a temp file");
    path
}

/// Whether to run the xmllint checks: always in CI (`.ci/run` installs xmllint, and a missing
/// one fails loudly there), elsewhere only when xmllint is installed, so that
/// `cargo test --workspace` passes on a machine with only Rust and node.
#[allow(clippy::print_stderr, reason = "says why the check did not run")]
pub(crate) fn xmllint_wanted() -> bool {
    let wanted = std::env::var_os("CI").is_some()
        || Command::new("xmllint").arg("--version").output().is_ok();
    if !wanted {
        eprintln!(
            "xmllint is not installed (apt-get install -y libxml2-utils): JUnit schema check not run"
        );
    }
    wanted
}

pub(crate) fn xmllint(args: &[&str], file: &Path) -> std::process::Output {
    Command::new("xmllint")
        .args(args)
        .arg(file)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run xmllint ({e}); install it with `apt-get install -y libxml2-utils`")
        })
}

/// The result of an XPath expression (xmllint ends it with one newline).
pub(crate) fn xpath(expr: &str, file: &Path) -> String {
    let out = xmllint(&["--xpath", expr], file);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.strip_suffix('\n').map(str::to_owned).unwrap_or(text)
}

pub(crate) fn schema() -> String {
    format!("{}/tests/it/fixtures/junit.xsd", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn junit_with_every_status_and_nasty_text_validates() {
    if !xmllint_wanted() {
        return;
    }
    let xml = mcp_eval_core::to_junit(&report_with_every_status());
    let file = temp_file(&xml);
    let out = xmllint(&["--noout", "--schema", &schema()], &file);
    assert!(
        out.status.success(),
        "xmllint rejected:\n{}\n{xml}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The escaped attribute reads back as the original text, the forbidden control character
    // replaced.
    let name = xpath("string(/testsuites/testsuite/testcase[1]/@name)", &file);
    assert_eq!(name, NASTY.replace('\u{1}', "\u{fffd}"));
    let counts = xpath(
        "concat(//testsuite/@tests,' ',//testsuite/@failures,' ',//testsuite/@errors,' ',//testsuite/@skipped)",
        &file,
    );
    assert_eq!(counts, "6 1 2 2");
    for (element, n) in [("failure", 1), ("error", 2), ("skipped", 2)] {
        assert_eq!(
            xpath(&format!("count(//testcase/{element})"), &file),
            n.to_string(),
            "{element}"
        );
    }
    let prompt = xpath("string(//testcase[2]/system-out)", &file);
    assert!(prompt.starts_with("prompt: prompt a&b <\"c'>"), "{prompt}");
    let _ = std::fs::remove_file(file);
}

#[test]
fn the_schema_rejects_a_wrong_shape() {
    if !xmllint_wanted() {
        return;
    }
    // A control: the validator really checks the shape (testcase needs a name, failure and
    // error cannot both appear).
    let bad = temp_file(
        "<testsuites><testsuite name=\"s\" tests=\"1\"><testcase><failure/><error/></testcase></testsuite></testsuites>",
    );
    let out = xmllint(&["--noout", "--schema", &schema()], &bad);
    assert!(!out.status.success(), "xmllint accepted a wrong shape");
    let _ = std::fs::remove_file(bad);
}

#[test]
fn junit_with_call_metrics_and_usage_validates() {
    if !xmllint_wanted() {
        return;
    }
    let xml = mcp_eval_core::to_junit(&crate::metrics::new_format_report());
    let file = temp_file(&xml);
    let out = xmllint(&["--noout", "--schema", &schema()], &file);
    assert!(
        out.status.success(),
        "xmllint rejected:\n{}\n{xml}",
        String::from_utf8_lossy(&out.stderr)
    );
    let property = |name: &str| {
        xpath(
            &format!("string(/testsuites/testsuite/properties/property[@name='{name}']/@value)"),
            &file,
        )
    };
    assert_eq!(property("calls.recall"), "1.0000");
    assert_eq!(property("calls.unknownToolShare"), "0.0833");
    assert_eq!(property("usage.steps"), "11");
    assert_eq!(property("usage.costUsd"), "0.017100");
    let cart = xpath("string(//testcase[@name='cart']/system-out)", &file);
    assert!(
        cart.contains("calls: precision 0.583, recall 1.000, F1 0.733 (mean of 2 runs)"),
        "{cart}"
    );
    assert!(
        cart.contains("unknown tools: 17%, schema-invalid calls: 17%"),
        "{cart}"
    );
    assert!(cart.contains("usage: 2 runs · 9 steps"), "{cart}");
    let _ = std::fs::remove_file(file);
}
