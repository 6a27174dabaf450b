//! A [`BrowserBackend`] over the Chrome DevTools Protocol: a headless Chromium launched with
//! a fresh profile, one page, scripts stopped by our own timer.

mod ax;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use chromiumoxide::browser::{Browser, BrowserConfig};
use chromiumoxide::cdp::browser_protocol::accessibility::GetFullAxTreeParams;
use chromiumoxide::cdp::browser_protocol::dom::{BackendNodeId, ResolveNodeParams};
use chromiumoxide::cdp::browser_protocol::page::{
    AddScriptToEvaluateOnNewDocumentParams, NavigateParams,
    RemoveScriptToEvaluateOnNewDocumentParams,
};
use chromiumoxide::cdp::js_protocol::runtime::{
    CallFunctionOnParams, EvaluateParams, ExceptionDetails, RemoteObject, TerminateExecutionParams,
};
use chromiumoxide::page::Page;
use futures_util::StreamExt;
use serde_json::Value;

use crate::backend::{BrowserBackend, Script};
use crate::error::Error;

/// Where Debian's `chromium` package puts the browser.
pub const DEFAULT_EXECUTABLE: &str = "/usr/bin/chromium";

/// Flags that keep the browser off the network except for what a page loads, and quiet.
const FLAGS: [&str; 6] = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--remote-debugging-address=127.0.0.1",
];

/// One headless Chromium with one page, the [`BrowserBackend`] of the `chromium` feature.
///
/// The browser listens on 127.0.0.1 only, runs with a fresh temporary profile and without
/// background networking, sync or component updates. Refs of its snapshots are
/// `e<backendDOMNodeId>`: [`Chromium::call_on_ref`] resolves them back to DOM nodes. Scripts
/// are stopped by our own timer and `Runtime.terminateExecution`, so `while (true) {}` costs
/// one timeout and the page stays usable. Dropping it kills the browser and removes the
/// profile; [`Chromium::close`] closes it gracefully.
///
/// # Example
///
/// ```no_run
/// # async fn run() -> Result<(), browser_adapter::Error> {
/// let page = browser_adapter::Chromium::launch().await?;
/// page.goto("http://127.0.0.1:8080/").await?;
/// let mut session = browser_adapter::Session::new()?;
/// let args = serde_json::json!({"goal": "sign in"});
/// let result = browser_adapter::call_tool(&mut session, &page, "snapshot", &args).await;
/// assert_eq!(result["isError"], false);
/// page.close().await
/// # }
/// ```
#[derive(Debug)]
pub struct Chromium {
    browser: Browser,
    page: Page,
    handler: tokio::task::JoinHandle<()>,
    profile: PathBuf,
}

/// A new, empty profile folder of ours in the temporary folder. A folder that exists already
/// (left by a killed process with the same id, or planted) is never reused.
fn new_profile() -> std::io::Result<PathBuf> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut last = None;
    for _ in 0..64 {
        let profile = std::env::temp_dir().join(format!(
            "browser-adapter-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        match std::fs::create_dir(&profile) {
            Ok(()) => return Ok(profile),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free profile folder name")))
}

fn backend(e: impl std::fmt::Display) -> Error {
    Error::Backend {
        message: e.to_string(),
    }
}

impl Chromium {
    /// Launches [`DEFAULT_EXECUTABLE`] headless, without sandbox (containers), with a fresh
    /// temporary profile, and opens `about:blank`. Must run inside a tokio runtime.
    ///
    /// # Errors
    ///
    /// [`Error::Launch`] when the browser cannot be started.
    pub async fn launch() -> Result<Self, Error> {
        Self::launch_with(Path::new(DEFAULT_EXECUTABLE)).await
    }

    /// [`Chromium::launch`] with another executable.
    ///
    /// # Errors
    ///
    /// [`Error::Launch`] when the browser cannot be started.
    pub async fn launch_with(executable: &Path) -> Result<Self, Error> {
        let launch = |e: &dyn std::fmt::Display| Error::Launch {
            executable: executable.to_owned(),
            message: e.to_string(),
        };
        let profile = new_profile().map_err(|e| launch(&e))?;
        match Self::start(executable, &profile).await {
            Ok((browser, handler, page)) => Ok(Self {
                browser,
                page,
                handler,
                profile,
            }),
            Err(message) => {
                let _ = std::fs::remove_dir_all(&profile);
                Err(launch(&message))
            }
        }
    }

    /// Starts the browser on `profile` and opens its page; the caller owns the profile.
    async fn start(
        executable: &Path,
        profile: &Path,
    ) -> Result<(Browser, tokio::task::JoinHandle<()>, Page), String> {
        let config = BrowserConfig::builder()
            .chrome_executable(executable)
            .no_sandbox()
            .user_data_dir(profile)
            // Our own timer stops scripts; the protocol's must not fire first.
            .request_timeout(Duration::from_secs(90))
            .args(FLAGS)
            .build()?;
        let (browser, mut handler) = Browser::launch(config).await.map_err(|e| e.to_string())?;
        let handler = tokio::spawn(async move { while handler.next().await.is_some() {} });
        match browser.new_page("about:blank").await {
            Ok(page) => Ok((browser, handler, page)),
            Err(e) => {
                handler.abort();
                Err(e.to_string())
            }
        }
    }

    /// Navigates the page to `url` and waits for the load.
    ///
    /// # Errors
    ///
    /// [`Error::Backend`] when the navigation fails.
    pub async fn goto(&self, url: &str) -> Result<(), Error> {
        self.page
            .goto(NavigateParams::new(url))
            .await
            .map_err(backend)?;
        Ok(())
    }

    /// Calls `function` (a function declaration) with `this` bound to the DOM node that
    /// `aria_ref` (a ref of [`BrowserBackend::aria_snapshot`]) stands for; returns its result
    /// by value.
    ///
    /// # Errors
    ///
    /// [`Error::Backend`] when the ref is not one of ours or its node is gone,
    /// [`Error::Thrown`] when the function threw.
    pub async fn call_on_ref(&self, aria_ref: &str, function: &str) -> Result<Value, Error> {
        let id = ax::backend_id(aria_ref).ok_or_else(|| Error::Backend {
            message: format!("{aria_ref:?} is not a ref of this backend; take a new snapshot"),
        })?;
        let resolved = self
            .page
            .execute(
                ResolveNodeParams::builder()
                    .backend_node_id(BackendNodeId::new(id))
                    .build(),
            )
            .await
            .map_err(backend)?;
        let object_id = resolved
            .result
            .object
            .object_id
            .clone()
            .ok_or_else(|| Error::Backend {
                message: format!("the node of {aria_ref} is gone; take a new snapshot"),
            })?;
        let params = CallFunctionOnParams::builder()
            .function_declaration(function)
            .object_id(object_id)
            .await_promise(true)
            .return_by_value(true)
            .build()
            .map_err(backend)?;
        let reply = self.page.execute(params).await.map_err(backend)?;
        value_of(
            &reply.result.result,
            reply.result.exception_details.as_ref(),
        )
    }

    /// Closes the browser and removes its profile.
    ///
    /// # Errors
    ///
    /// [`Error::Backend`] when the browser does not close cleanly.
    pub async fn close(mut self) -> Result<(), Error> {
        let closed = self.browser.close().await.map(|_| ()).map_err(backend);
        let _ = self.browser.wait().await;
        closed
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        // The browser process is killed by chromiumoxide's own drop (kill_on_drop); what is
        // ours to clean is the protocol task and the temporary profile.
        self.handler.abort();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn value_of(result: &RemoteObject, exception: Option<&ExceptionDetails>) -> Result<Value, Error> {
    if let Some(details) = exception {
        let message = details
            .exception
            .as_ref()
            .and_then(|e| e.description.clone())
            .map(|d| d.lines().next().unwrap_or_default().to_owned())
            .unwrap_or_else(|| details.text.clone());
        return Err(Error::Thrown { message });
    }
    Ok(result.value.clone().unwrap_or(Value::Null))
}

impl BrowserBackend for Chromium {
    async fn evaluate(&self, script: Script<'_>, timeout: Duration) -> Result<Value, Error> {
        let expression = match script {
            Script::Expression(source) => source.to_owned(),
            // The arguments travel as one JSON string literal that the page parses: data, not
            // code.
            Script::Function { source, args } => format!(
                "({source}\n).apply(undefined, JSON.parse({}))",
                fn_registry::js_string_literal(&Value::from(args.to_vec()).to_string())
            ),
        };
        let params = EvaluateParams::builder()
            .expression(expression)
            .await_promise(true)
            .return_by_value(true)
            .build()
            .map_err(backend)?;
        match tokio::time::timeout(timeout, self.page.execute(params)).await {
            Ok(reply) => {
                let reply = reply.map_err(backend)?;
                value_of(
                    &reply.result.result,
                    reply.result.exception_details.as_ref(),
                )
            }
            Err(_) => {
                // A busy loop holds the page's main thread; terminateExecution is handled off
                // that thread and throws inside the script, so the page is usable again.
                let _ = self.page.execute(TerminateExecutionParams::default()).await;
                Err(Error::Timeout { elapsed: timeout })
            }
        }
    }

    async fn add_init_script(&self, source: &str) -> Result<String, Error> {
        let params = AddScriptToEvaluateOnNewDocumentParams::builder()
            .source(source)
            .run_immediately(true)
            .build()
            .map_err(backend)?;
        let reply = self.page.execute(params).await.map_err(backend)?;
        Ok(reply.result.identifier.inner().clone())
    }

    async fn remove_init_script(&self, id: &str) -> Result<(), Error> {
        let params = RemoveScriptToEvaluateOnNewDocumentParams::new(id.to_owned());
        self.page.execute(params).await.map_err(backend)?;
        Ok(())
    }

    async fn aria_snapshot(&self) -> Result<String, Error> {
        let reply = self
            .page
            .execute(GetFullAxTreeParams::default())
            .await
            .map_err(backend)?;
        let nodes = serde_json::to_value(&reply.result.nodes).map_err(backend)?;
        Ok(ax::render(
            nodes.as_array().map(Vec::as_slice).unwrap_or_default(),
        ))
    }

    async fn url(&self) -> Result<String, Error> {
        Ok(self.page.url().await.map_err(backend)?.unwrap_or_default())
    }

    async fn title(&self) -> Result<String, Error> {
        Ok(self
            .page
            .get_title()
            .await
            .map_err(backend)?
            .unwrap_or_default())
    }
}
