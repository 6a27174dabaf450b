//! Runs snippets in one real `node` process per test, in `vm` contexts that stand for pages.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// The harness: reads `[{ctx, script}]` on stdin, evaluates each script in its context (a
/// fresh `vm` context per new name; `main` is node's own global, where `process` is real),
/// awaits the value, and writes `{results, canaries}`: each result is `{value}` or `{threw}`,
/// and `canaries` holds `__canary` of every context (null when unset). Injected code in the
/// tests sets `__canary` and calls `process.exit`, so it would show in either.
const HARNESS: &str = r#"
const vm = require('vm');
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', async () => {
  const steps = JSON.parse(input);
  const contexts = new Map();
  const results = [];
  for (const step of steps) {
    try {
      let value;
      if (step.ctx === 'main') {
        value = vm.runInThisContext(step.script, { timeout: 10000 });
      } else {
        if (!contexts.has(step.ctx)) { contexts.set(step.ctx, vm.createContext({})); }
        value = vm.runInContext(step.script, contexts.get(step.ctx), { timeout: 10000 });
      }
      value = await value;
      results.push({ value: value === undefined ? null : JSON.parse(JSON.stringify(value)) });
    } catch (e) {
      results.push({ threw: String(e && e.stack || e) });
    }
  }
  const canaries = { main: globalThis.__canary === undefined ? null : String(globalThis.__canary) };
  for (const [name, ctx] of contexts) {
    canaries[name] = vm.runInContext('typeof __canary === "undefined" ? null : String(__canary)', ctx);
  }
  process.stdout.write(JSON.stringify({ results, canaries }));
});
"#;

/// One script to evaluate in a named context.
pub(crate) struct Step {
    pub(crate) ctx: String,
    pub(crate) script: String,
}

pub(crate) fn step(ctx: &str, script: impl Into<String>) -> Step {
    Step {
        ctx: ctx.to_owned(),
        script: script.into(),
    }
}

/// What node reported.
pub(crate) struct Run {
    /// Per step: the awaited value (`Ok`) or the exception the harness caught (`Err`).
    pub(crate) results: Vec<Result<Value, String>>,
    /// `__canary` per context; all must stay null.
    pub(crate) canaries: serde_json::Map<String, Value>,
}

/// Runs the steps in one node process.
///
/// # Panics
///
/// Panics when node is missing, exits with an error, writes to stderr, or prints anything but
/// the harness's one JSON object: the process output must be exactly what the harness writes.
pub(crate) fn run(steps: &[Step]) -> Run {
    let input: Vec<Value> = steps
        .iter()
        .map(|s| json!({"ctx": s.ctx, "script": s.script}))
        .collect();
    let input = serde_json::to_vec(&input).expect("steps serialize");
    let mut child = Command::new("/usr/bin/node")
        .arg("-e")
        .arg(HARNESS)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("/usr/bin/node runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("node finishes");
    writer
        .join()
        .expect("writer thread")
        .expect("stdin written");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "node failed ({}): {stderr}",
        out.status
    );
    assert!(stderr.is_empty(), "node wrote to stderr: {stderr}");
    let report: Value =
        serde_json::from_slice(&out.stdout).expect("stdout is exactly one JSON object");
    let results = report["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| match r.get("threw") {
            Some(e) => Err(e.as_str().unwrap_or_default().to_owned()),
            None => Ok(r["value"].clone()),
        })
        .collect::<Vec<_>>();
    assert_eq!(results.len(), steps.len(), "one result per step");
    let canaries = report["canaries"].as_object().expect("canaries").clone();
    Run { results, canaries }
}

impl Run {
    /// The value of step `i`, or a panic with the exception node caught.
    #[track_caller]
    pub(crate) fn value(&self, i: usize) -> &Value {
        match &self.results[i] {
            Ok(v) => v,
            Err(e) => panic!("step {i} threw in node: {e}"),
        }
    }

    /// Asserts that no context's `__canary` was set.
    #[track_caller]
    pub(crate) fn assert_no_canary(&self) {
        for (ctx, v) in &self.canaries {
            assert!(
                v.is_null(),
                "injected code ran in context {ctx}: __canary = {v}"
            );
        }
    }
}

/// Replaces the JSON literal of `placeholder` in a generated snippet by the literal of `value`,
/// producing the snippet the generator would make for a value that the Rust checks refuse:
/// it tests the page-side defences on their own. Both literals come from the crate's encoder.
#[track_caller]
pub(crate) fn swap(snippet: &str, placeholder: &str, value: &str) -> String {
    let from = format!(" = {};\n", fn_registry::js_string_literal(placeholder));
    assert_eq!(
        snippet.matches(&from).count(),
        1,
        "placeholder {placeholder:?} occurs once"
    );
    snippet.replacen(
        &from,
        &format!(" = {};\n", fn_registry::js_string_literal(value)),
        1,
    )
}
