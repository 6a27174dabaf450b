//! The proxy's statistics: one JSON line per `tools/call`, and their sum.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// One `tools/call` as the proxy saw it; written as one JSON line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct CallStats {
    /// The tool called.
    pub tool: String,
    /// Estimated tokens of the text the server returned.
    pub server_tokens: usize,
    /// Estimated tokens of snapshot files the result linked to, which the proxy read.
    #[serde(default)]
    pub linked_tokens: usize,
    /// Estimated tokens of the text the client got.
    pub client_tokens: usize,
    /// What was done ([`Action::as_str`](crate::rewrite::Action::as_str) names), empty when the result
    /// passed unchanged; `answered` when the proxy answered without the server, `error` when
    /// the call failed.
    pub actions: Vec<String>,
    /// Milliseconds from the client's request to the proxy's answer.
    pub ms: f64,
    /// Milliseconds of that spent waiting for the server; `ms - upstreamMs` is what the proxy
    /// added.
    #[serde(default)]
    pub upstream_ms: f64,
    /// Milliseconds of that spent rewriting the result (digests, diffs, previews).
    pub rewrite_ms: f64,
    /// Parts of the result held back because they address the agent.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub held_back: usize,
}

/// Whether a count is zero (left out of the statistics line).
#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl CallStats {
    /// A call the server answered, rewritten as `outcome` says.
    #[must_use]
    pub fn forwarded(
        tool: &str,
        tokens: (usize, usize),
        outcome: &crate::rewrite::Outcome,
        timing: Timing,
    ) -> Self {
        Self {
            tool: tool.to_owned(),
            server_tokens: tokens.0,
            linked_tokens: outcome.linked_tokens,
            client_tokens: tokens.1,
            actions: outcome
                .actions
                .iter()
                .map(|a| a.as_str().to_owned())
                .collect(),
            ms: millis(timing.total),
            upstream_ms: millis(timing.upstream),
            rewrite_ms: millis(timing.rewrite),
            held_back: outcome.held_back,
        }
    }

    /// A call the proxy answered itself ([`Prepared::Answer`](crate::rewrite::Prepared::Answer)): the
    /// confirm tool, or arguments it refused.
    #[must_use]
    pub fn answered(tool: &str, result: &serde_json::Value, elapsed: Duration) -> Self {
        Self {
            tool: tool.to_owned(),
            server_tokens: 0,
            linked_tokens: 0,
            client_tokens: crate::rewrite::cap::result_tokens(result),
            actions: vec!["answered".to_owned()],
            ms: millis(elapsed),
            upstream_ms: 0.0,
            rewrite_ms: 0.0,
            held_back: 0,
        }
    }

    /// A session's first `tools/list`: the tokens of the tool definitions as the server sent
    /// them and as the client got them (the JSON of the result), recorded once per session
    /// under the name `tools/list` and the action `tools-list`.
    #[must_use]
    pub fn tools_list(
        server: &serde_json::Value,
        client: &serde_json::Value,
        elapsed: Duration,
    ) -> Self {
        let tokens = |v: &serde_json::Value| snapshot_digest::estimate_tokens(&v.to_string());
        Self {
            tool: TOOLS_LIST.to_owned(),
            server_tokens: tokens(server),
            linked_tokens: 0,
            client_tokens: tokens(client),
            actions: vec![TOOLS_LIST_ACTION.to_owned()],
            ms: millis(elapsed),
            upstream_ms: 0.0,
            rewrite_ms: 0.0,
            held_back: 0,
        }
    }

    /// A call that failed between the proxy and the server (timeout, server gone).
    #[must_use]
    pub fn failed(tool: &str, elapsed: Duration) -> Self {
        Self {
            tool: tool.to_owned(),
            server_tokens: 0,
            linked_tokens: 0,
            client_tokens: 0,
            actions: vec!["error".to_owned()],
            ms: millis(elapsed),
            upstream_ms: millis(elapsed),
            rewrite_ms: 0.0,
            held_back: 0,
        }
    }

    /// This line as JSON, without a newline.
    #[must_use]
    pub fn to_line(&self) -> String {
        // A struct of strings and numbers always serializes.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The name under which [`CallStats::tools_list`] lines are written.
const TOOLS_LIST: &str = "tools/list";
/// Their action.
const TOOLS_LIST_ACTION: &str = "tools-list";

/// Where the time of one forwarded call went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Timing {
    /// From the client's request to the proxy's answer.
    pub total: Duration,
    /// Waiting for the server.
    pub upstream: Duration,
    /// Rewriting the result.
    pub rewrite: Duration,
}

impl Timing {
    /// The three durations.
    #[must_use]
    pub const fn new(total: Duration, upstream: Duration, rewrite: Duration) -> Self {
        Self {
            total,
            upstream,
            rewrite,
        }
    }
}

/// The sum of a statistics file.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct Report {
    /// Per tool: calls, server tokens, linked tokens, client tokens.
    pub tools: BTreeMap<String, ToolSum>,
    /// Per-call rewrite time in ms, sorted.
    rewrite_ms: Vec<f64>,
    /// Per-call time the proxy added (`ms - upstreamMs`) of forwarded calls, sorted.
    overhead_ms: Vec<f64>,
    /// Per-call time the proxy added beyond rewriting (`ms - upstreamMs - rewriteMs`), sorted.
    own_ms: Vec<f64>,
    /// The sessions' tool lists (one line per session): their tokens as the server sent them
    /// and as the client got them.
    pub tool_lists: ToolSum,
    /// Lines that were not statistics, with their line numbers.
    pub bad_lines: Vec<usize>,
}

/// What one tool's calls added up to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToolSum {
    /// Calls.
    pub calls: usize,
    /// Tokens the server returned.
    pub server_tokens: usize,
    /// Tokens of linked snapshot files.
    pub linked_tokens: usize,
    /// Tokens the client got.
    pub client_tokens: usize,
    /// Parts of results held back because they address the agent.
    pub held_back: usize,
}

impl Report {
    /// Sums JSON lines as written by the proxy; blank lines are skipped, other lines that are
    /// not statistics are counted in [`bad_lines`](Self::bad_lines).
    ///
    /// # Example
    ///
    /// ```
    /// use mcp_proxy_rules::Report;
    ///
    /// let lines = r#"{"tool":"browser_snapshot","serverTokens":5000,"clientTokens":900,"actions":["goal-digest"],"ms":40.0,"rewriteMs":8.0}
    /// not json"#;
    /// let report = Report::from_lines(lines);
    /// assert_eq!(report.tools["browser_snapshot"].server_tokens, 5000);
    /// assert_eq!(report.bad_lines, [2]);
    /// assert!(report.render().contains("browser_snapshot"));
    /// ```
    #[must_use]
    pub fn from_lines(text: &str) -> Self {
        let mut report = Self::default();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let Ok(stats) = serde_json::from_str::<CallStats>(line) else {
                report.bad_lines.push(i + 1);
                continue;
            };
            if stats.actions.iter().any(|a| a == TOOLS_LIST_ACTION) {
                let sum = &mut report.tool_lists;
                sum.calls += 1;
                sum.server_tokens += stats.server_tokens;
                sum.client_tokens += stats.client_tokens;
                continue;
            }
            let sum = report.tools.entry(stats.tool).or_default();
            sum.calls += 1;
            sum.server_tokens += stats.server_tokens;
            sum.linked_tokens += stats.linked_tokens;
            sum.client_tokens += stats.client_tokens;
            sum.held_back += stats.held_back;
            if stats.rewrite_ms.is_finite() {
                report.rewrite_ms.push(stats.rewrite_ms);
            }
            let overhead = stats.ms - stats.upstream_ms;
            if stats.upstream_ms > 0.0 && overhead.is_finite() {
                report.overhead_ms.push(overhead.max(0.0));
                let own = overhead - stats.rewrite_ms;
                if own.is_finite() {
                    report.own_ms.push(own.max(0.0));
                }
            }
        }
        report.rewrite_ms.sort_by(f64::total_cmp);
        report.overhead_ms.sort_by(f64::total_cmp);
        report.own_ms.sort_by(f64::total_cmp);
        report
    }

    /// All tools together.
    #[must_use]
    pub fn total(&self) -> ToolSum {
        self.tools
            .values()
            .fold(ToolSum::default(), |a, t| ToolSum {
                calls: a.calls + t.calls,
                server_tokens: a.server_tokens + t.server_tokens,
                linked_tokens: a.linked_tokens + t.linked_tokens,
                client_tokens: a.client_tokens + t.client_tokens,
                held_back: a.held_back + t.held_back,
            })
    }

    /// The `q` quantile (0 to 1) of the per-call rewrite time in ms, `None` without calls.
    #[must_use]
    pub fn rewrite_ms_quantile(&self, q: f64) -> Option<f64> {
        quantile(&self.rewrite_ms, q)
    }

    /// The `q` quantile (0 to 1) of the time the proxy added to a forwarded call (its whole
    /// time minus the wait for the server: rewriting, parsing, writing), in ms.
    #[must_use]
    pub fn overhead_ms_quantile(&self, q: f64) -> Option<f64> {
        quantile(&self.overhead_ms, q)
    }

    /// The `q` quantile (0 to 1) of the time the proxy added to a forwarded call beyond
    /// rewriting its result (parsing, forwarding, writing), in ms.
    #[must_use]
    pub fn own_ms_quantile(&self, q: f64) -> Option<f64> {
        quantile(&self.own_ms, q)
    }

    /// A Markdown table per tool, a total, the tool lists and the time quantiles.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::from(
            "| tool | calls | server tokens | linked file tokens | client tokens | saved |\n|---|---:|---:|---:|---:|---:|\n",
        );
        let row = |out: &mut String, name: &str, t: &ToolSum| {
            let before = t.server_tokens + t.linked_tokens;
            let saved = if before == 0 {
                "–".to_owned()
            } else {
                #[allow(clippy::cast_precision_loss)]
                let pct = 100.0 * (1.0 - t.client_tokens as f64 / before as f64);
                format!("{pct:.0} %")
            };
            let _ = writeln!(
                out,
                "| {name} | {} | {} | {} | {} | {saved} |",
                t.calls, t.server_tokens, t.linked_tokens, t.client_tokens
            );
        };
        for (name, t) in &self.tools {
            row(&mut out, name, t);
        }
        let total = self.total();
        row(&mut out, "**total**", &total);
        if total.held_back > 0 {
            let _ = writeln!(
                out,
                "\nheld back as addressed to the agent: {} parts of results ({})",
                total.held_back,
                self.tools
                    .iter()
                    .filter(|(_, t)| t.held_back > 0)
                    .map(|(name, t)| format!("{name} {}", t.held_back))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        if let (Some(p50), Some(p99)) = (
            self.rewrite_ms_quantile(0.5),
            self.rewrite_ms_quantile(0.99),
        ) {
            let _ = writeln!(
                out,
                "\nrewrite time per call: p50 {p50:.2} ms, p99 {p99:.2} ms"
            );
        }
        if let (Some(p50), Some(p99)) = (
            self.overhead_ms_quantile(0.5),
            self.overhead_ms_quantile(0.99),
        ) {
            let _ = writeln!(
                out,
                "time the proxy added per forwarded call (rewrite included): p50 {p50:.2} ms, p99 {p99:.2} ms"
            );
        }
        if let (Some(p50), Some(p99)) = (self.own_ms_quantile(0.5), self.own_ms_quantile(0.99)) {
            let _ = writeln!(
                out,
                "time the proxy added per forwarded call beyond rewriting: p50 {p50:.2} ms, p99 {p99:.2} ms"
            );
        }
        let lists = &self.tool_lists;
        if lists.calls > 0 {
            let _ = writeln!(
                out,
                "\ntools/list, once per session: {} sessions, {} tokens from the server, {} to the client ({} and {} per session)",
                lists.calls,
                lists.server_tokens,
                lists.client_tokens,
                lists.server_tokens / lists.calls,
                lists.client_tokens / lists.calls
            );
        }
        if !self.bad_lines.is_empty() {
            let _ = writeln!(
                out,
                "\n{} lines were not statistics (first: line {})",
                self.bad_lines.len(),
                self.bad_lines[0]
            );
        }
        out
    }
}

/// Nearest-rank quantile of sorted values.
fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    let n = sorted.len();
    if n == 0 {
        return None;
    }
    // The product is in 0..=n, so the cast neither truncates a large value nor loses a sign.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((q.clamp(0.0, 1.0) * n as f64).ceil() as usize).clamp(1, n) - 1;
    sorted.get(i).copied()
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1_000.0
}
