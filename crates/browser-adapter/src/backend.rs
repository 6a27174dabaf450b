//! The trait a browser implements to get the tools.

use std::future::Future;
use std::time::Duration;

use serde_json::Value;

use crate::error::Error;

/// What to run in the page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Script<'a> {
    /// JavaScript source evaluated in the page's main world, as CDP `Runtime.evaluate` or
    /// Playwright's `page.evaluate(string)` do: statements are allowed, the value of the last
    /// one is the result, and a promise is awaited.
    Expression(&'a str),
    /// A function expression called with `args`, which reach the page as JSON values (never
    /// spliced into source), as CDP `Runtime.callFunctionOn` or Playwright's
    /// `page.evaluate(fn, arg)` do. A returned promise is awaited.
    Function {
        /// The function source, e.g. `(a, b) => a + b`.
        source: &'a str,
        /// The arguments, in order.
        args: &'a [Value],
    },
}

/// A browser page the tools can drive: the few operations they need, nothing more.
///
/// Implementations exist for the Chrome DevTools Protocol (the `chromium` feature, when
/// built) and for the fake page of this crate's tests; a Playwright- or WebDriver-based server
/// maps each method to one call of its driver. Methods take `&self`: an implementation that
/// needs mutable state keeps it behind its own lock, because the tools may hold the backend
/// across awaits while other tasks use it.
///
/// Every method returns a `Send` future, so the tools run on multi-threaded runtimes;
/// implementations write plain `async fn`.
pub trait BrowserBackend: Send + Sync {
    /// Runs `script` in the current page and returns its result by value as JSON
    /// (`undefined` as `null`).
    ///
    /// # Errors
    ///
    /// [`Error::Timeout`] when the script ran longer than `timeout`: the implementation must
    /// stop it (CDP `Runtime.terminateExecution`) so that the next call works.
    /// [`Error::Thrown`] when it threw or its promise rejected, [`Error::Backend`] otherwise.
    fn evaluate(
        &self,
        script: Script<'_>,
        timeout: Duration,
    ) -> impl Future<Output = Result<Value, Error>> + Send;

    /// Adds `source` as a script that runs in every new document before the page's own
    /// scripts, and runs it in the current document now; returns an id for
    /// [`remove_init_script`](Self::remove_init_script).
    ///
    /// # Errors
    ///
    /// [`Error::Backend`] when the browser refused it.
    fn add_init_script(&self, source: &str) -> impl Future<Output = Result<String, Error>> + Send;

    /// Removes an init script added by [`add_init_script`](Self::add_init_script); the
    /// current document keeps what it already ran.
    ///
    /// # Errors
    ///
    /// [`Error::Backend`] when the id is unknown or the browser refused.
    fn remove_init_script(&self, id: &str) -> impl Future<Output = Result<(), Error>> + Send;

    /// The page's ARIA snapshot in Playwright's AI-mode syntax (`- button "Send" [ref=e5]`),
    /// with refs that the backend resolves back to DOM nodes.
    ///
    /// # Errors
    ///
    /// [`Error::Backend`] when the page cannot be read.
    fn aria_snapshot(&self) -> impl Future<Output = Result<String, Error>> + Send;

    /// The page's current URL.
    ///
    /// # Errors
    ///
    /// [`Error::Backend`] when the page cannot be read.
    fn url(&self) -> impl Future<Output = Result<String, Error>> + Send;

    /// The page's current title.
    ///
    /// # Errors
    ///
    /// [`Error::Backend`] when the page cannot be read.
    fn title(&self) -> impl Future<Output = Result<String, Error>> + Send;
}
