//! A test page that runs scripts in a real JavaScript engine: one `node` process per
//! evaluation, with every init script run first, as a browser does on each new document.
//!
//! Each evaluation is thus a fresh document: what a script leaves behind is gone by the next
//! call unless an init script recreates it, exactly the situation of a page that navigated.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

use browser_adapter::{BrowserBackend, Error, Script};
use serde_json::{Value, json};

const DRIVER: &str = r#"
const vm = require('node:vm');
const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
// Exit only once the pipe has taken everything: a large result is more than one pipe buffer.
const out = (o) => process.stdout.write(JSON.stringify(o), () => process.exit(0));
const describe = (e) => (e && typeof e === 'object' && 'message' in e) ? `${e.name}: ${e.message}` : `uncaught ${String(e)}`;
const ctx = vm.createContext({});
(async () => {
  try {
    for (const s of input.init) vm.runInContext(s, ctx, { timeout: input.timeoutMs });
    let v = vm.runInContext(input.script, ctx, { timeout: input.timeoutMs });
    if (input.args) v = v(...input.args);
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(() => resolve({ timeout: true }), input.timeoutMs); });
    const settled = Promise.resolve(v).then(
      (value) => ({ ok: true, value: value === undefined ? null : value }),
      (e) => ({ thrown: describe(e) }));
    const r = await Promise.race([settled, late]);
    clearTimeout(timer);
    out(r);
  } catch (e) {
    out(e && e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? { timeout: true } : { thrown: describe(e) });
  }
})();
"#;

#[derive(Debug, Default)]
struct State {
    init_scripts: Vec<(String, String)>,
    next_id: u32,
    snapshot: String,
    evaluations: usize,
}

/// The fake page; `snapshot`, `url` and `title` are whatever the test sets.
#[derive(Debug, Default)]
pub(crate) struct NodePage {
    state: Mutex<State>,
}

impl NodePage {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    pub(crate) fn set_snapshot(&self, text: &str) {
        self.lock().snapshot = text.to_owned();
    }

    pub(crate) fn init_script_count(&self) -> usize {
        self.lock().init_scripts.len()
    }

    pub(crate) fn evaluations(&self) -> usize {
        self.lock().evaluations
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        match self.state.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

fn backend(message: impl std::fmt::Display) -> Error {
    Error::Backend {
        message: message.to_string(),
    }
}

impl BrowserBackend for NodePage {
    async fn evaluate(&self, script: Script<'_>, timeout: Duration) -> Result<Value, Error> {
        let init: Vec<String> = {
            let mut state = self.lock();
            state.evaluations += 1;
            state.init_scripts.iter().map(|(_, s)| s.clone()).collect()
        };
        let timeout_ms = u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX);
        let input = match script {
            Script::Expression(source) => {
                json!({"init": init, "script": source, "timeoutMs": timeout_ms})
            }
            Script::Function { source, args } => {
                json!({"init": init, "script": format!("({source})"), "args": args, "timeoutMs": timeout_ms})
            }
        };
        let mut child = Command::new("node")
            .args(["-e", DRIVER])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(backend)?;
        child
            .stdin
            .take()
            .ok_or_else(|| backend("no stdin"))?
            .write_all(input.to_string().as_bytes())
            .map_err(backend)?;
        let output = child.wait_with_output().map_err(backend)?;
        let reply: Value = serde_json::from_slice(&output.stdout).map_err(backend)?;
        if reply["timeout"] == true {
            Err(Error::Timeout { elapsed: timeout })
        } else if let Some(message) = reply["thrown"].as_str() {
            Err(Error::Thrown {
                message: message.to_owned(),
            })
        } else {
            Ok(reply["value"].clone())
        }
    }

    async fn add_init_script(&self, source: &str) -> Result<String, Error> {
        let mut state = self.lock();
        state.next_id += 1;
        let id = format!("init-{}", state.next_id);
        state.init_scripts.push((id.clone(), source.to_owned()));
        Ok(id)
    }

    async fn remove_init_script(&self, id: &str) -> Result<(), Error> {
        let mut state = self.lock();
        let before = state.init_scripts.len();
        state.init_scripts.retain(|(i, _)| i != id);
        if state.init_scripts.len() == before {
            return Err(backend(format!("no init script {id:?}")));
        }
        Ok(())
    }

    async fn aria_snapshot(&self) -> Result<String, Error> {
        Ok(self.lock().snapshot.clone())
    }

    async fn url(&self) -> Result<String, Error> {
        Ok("http://127.0.0.1/test".to_owned())
    }

    async fn title(&self) -> Result<String, Error> {
        Ok("Test page".to_owned())
    }
}
