//! The script timeout policy: how long a page script may run, and what the tool says when it
//! is stopped.
//!
//! The backend enforces the timeout. CDP's `Runtime.evaluate` `timeout` only pre-empts
//! synchronous code, and an `awaitPromise` on a promise that never settles never returns, so a
//! backend races the evaluation against its own timer and then calls
//! `Runtime.terminateExecution`; an in-page `Promise.race` cannot stop `while (true) {}`.

use std::time::Duration;

/// How long scripts may run.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use fn_registry::TimeoutPolicy;
///
/// let policy = TimeoutPolicy::default();
/// assert_eq!(policy.resolve(None), Duration::from_secs(5));
/// assert_eq!(policy.resolve(Some(Duration::from_secs(600))), Duration::from_secs(60));
/// assert_eq!(
///     policy.message(Duration::from_secs(5)),
///     "script timed out after 5 s and was stopped; make it finish sooner (a promise that never settles, a long loop?), split the work, or pass a larger timeout (at most 60 s)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeoutPolicy {
    /// The timeout when the tool call names none. Default 5 s: page scripts that read or
    /// change the DOM finish in milliseconds, and an agent waiting longer than a few seconds
    /// on a stuck script loses more than it gains.
    pub default: Duration,
    /// The longest timeout a tool call may ask for. Default 60 s.
    pub max: Duration,
    /// The shortest timeout a tool call may ask for. Default 100 ms, so a mistaken `0` does not
    /// stop every script at once.
    pub min: Duration,
}

impl Default for TimeoutPolicy {
    fn default() -> Self {
        Self {
            default: Duration::from_secs(5),
            max: Duration::from_secs(60),
            min: Duration::from_millis(100),
        }
    }
}

impl TimeoutPolicy {
    /// The default policy; the same as [`TimeoutPolicy::default`].
    pub fn new() -> Self {
        Self::default()
    }

    /// The timeout to enforce for a call that asked for `requested`: the default when it asked
    /// for none, else the request clamped to `min ..= max`.
    pub fn resolve(&self, requested: Option<Duration>) -> Duration {
        let floor = self.min.min(self.max);
        requested.map_or(self.default, |r| r.clamp(floor, self.max))
    }

    /// The short message the tool returns when a script was stopped after `elapsed`.
    pub fn message(&self, elapsed: Duration) -> String {
        format!(
            "script timed out after {} and was stopped; make it finish sooner (a promise that never settles, a long loop?), split the work, or pass a larger timeout (at most {})",
            seconds(elapsed),
            seconds(self.max)
        )
    }
}

/// `5 s`, `1.5 s`, `250 ms`.
fn seconds(d: Duration) -> String {
    let ms = d.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

#[cfg(test)]
mod tests;
