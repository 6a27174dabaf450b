//! The lint: runs every rule over a tool list and collects findings.

mod catalog;
mod compat;
#[cfg(test)]
pub(crate) use catalog::edit_distance_within as edit_distance;
mod desc;
mod language;
mod params;
mod security;
mod spec;

use serde_json::Value;

use crate::config::Config;
use crate::error::Error;
use crate::finding::{Finding, Severity};
use crate::model::{Tool, parse_tools};
use crate::pin::Pins;
use crate::report::LintReport;
use crate::{score, tokens};

/// Where findings go; applies the config's overrides as they arrive.
pub(crate) struct Sink<'c> {
    config: &'c Config,
    pub(crate) findings: Vec<Finding>,
}

/// The tool a finding is about.
#[derive(Clone, Copy)]
pub(crate) struct At<'t> {
    pub(crate) index: usize,
    pub(crate) tool: &'t Tool,
}

impl<'c> Sink<'c> {
    pub(crate) fn new(config: &'c Config) -> Self {
        Self {
            config,
            findings: Vec::new(),
        }
    }

    pub(crate) fn config(&self) -> &Config {
        self.config
    }

    /// Whether the rule runs; lets costly rules skip their work when turned off.
    pub(crate) fn on(&self, rule: &str) -> bool {
        self.config.enabled(rule)
    }

    pub(crate) fn emit(
        &mut self,
        rule: &'static str,
        severity: Severity,
        at: Option<At<'_>>,
        pointer: impl Into<String>,
        message: String,
    ) {
        let Some(severity) = self.config.severity(rule, severity) else {
            return;
        };
        self.findings.push(Finding {
            rule,
            severity,
            tool_index: at.map(|a| a.index),
            tool: at.and_then(|a| a.tool.name()).map(str::to_owned),
            pointer: pointer.into(),
            message,
        });
    }
}

/// Lints a tool list with `config`.
///
/// # Example
///
/// ```
/// let tools = tool_schema::parse_tools(&serde_json::json!([{
///     "name": "get_weather",
///     "description": "Get the current weather for a city.",
///     "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}
/// }]))?;
/// let report = tool_schema::lint(&tools, &tool_schema::Config::default());
/// assert!(report.findings().iter().any(|f| f.rule == "TP-PARAM-DESC"));
/// # Ok::<(), tool_schema::Error>(())
/// ```
pub fn lint(tools: &[Tool], config: &Config) -> LintReport {
    let mut sink = Sink::new(config);
    let tool_tokens: Vec<usize> = tools
        .iter()
        .map(|t| tokens::estimate_value(&t.to_value()))
        .collect();
    for (index, tool) in tools.iter().enumerate() {
        let at = At { index, tool };
        spec::check(&mut sink, at);
        desc::check(&mut sink, at);
        params::check(&mut sink, at);
        compat::check(&mut sink, at);
        security::check(&mut sink, at);
    }
    let defs = tokens::repeated_defs(tools);
    catalog::check(&mut sink, tools, &tool_tokens, &defs);
    security::shadowing(&mut sink, tools);
    language::check(&mut sink, tools);
    sink.findings.sort_by_key(|f| {
        (
            f.tool_index.unwrap_or(usize::MAX),
            std::cmp::Reverse(f.severity),
        )
    });
    let scores = score::score(tools, &sink.findings, &tool_tokens);
    LintReport::new(sink.findings, scores, defs)
}

/// Lints `tools` and reports what changed since `baseline` was pinned (`PIN-*` findings,
/// after the config's overrides). Drift does not lower the quality scores.
///
/// # Example
///
/// ```
/// use tool_schema::{Config, Pins, lint_with_baseline, parse_tools};
///
/// let v1 = parse_tools(&serde_json::json!([{"name": "a", "inputSchema": {"type": "object"}}]))?;
/// let v2 = parse_tools(&serde_json::json!([{"name": "b", "inputSchema": {"type": "object"}}]))?;
/// let report = lint_with_baseline(&v2, &Config::default(), &Pins::of(&v1));
/// let rules: Vec<&str> = report.findings().iter().map(|f| f.rule).collect();
/// assert!(rules.contains(&"PIN-ADDED") && rules.contains(&"PIN-REMOVED"));
/// # Ok::<(), tool_schema::Error>(())
/// ```
pub fn lint_with_baseline(tools: &[Tool], config: &Config, baseline: &Pins) -> LintReport {
    let mut report = lint(tools, config);
    let drift = crate::pin::drift(baseline, tools)
        .into_iter()
        .filter_map(|mut f| {
            f.severity = config.severity(f.rule, f.severity)?;
            Some(f)
        })
        .collect();
    report.push_findings(drift);
    report
}

/// Reads a tools/list result (see [`parse_tools`]) and lints it.
///
/// # Errors
///
/// Returns what [`parse_tools`] returns for input that is not a tool list.
pub fn lint_value(value: &Value, config: &Config) -> Result<LintReport, Error> {
    Ok(lint(&parse_tools(value)?, config))
}

/// A regex from a pattern written in this crate; a bad one is a bug caught by any test.
pub(crate) fn re(pattern: &str) -> regex::Regex {
    regex::Regex::new(pattern).unwrap_or_else(|e| unreachable!("constant regex {pattern}: {e}"))
}

/// Lowercase words of `text` (letters and digits).
pub(crate) fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Lowercase words of an identifier: split at `_`, `-`, `.`, spaces and camelCase humps.
pub(crate) fn name_words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}
