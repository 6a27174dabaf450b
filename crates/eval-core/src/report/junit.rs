//! JUnit XML, hand-written: one `<testsuite>` for the suite, one `<testcase>` per scenario.

use std::fmt::Write as _;

use super::markdown::{percent, usage_line};
use super::{CallMeans, Report, Summary, Usage};
use crate::result::ScenarioResult;
use crate::score::Status;

/// Renders the report in the common JUnit XML shape that CI systems read:
/// `testsuites/testsuite/testcase` with `failure` (failed), `error` (agent error or timeout)
/// and `skipped` (unscored or not run), the prompt and details in `system-out`.
///
/// The suite's call metrics and usage totals are `properties` of the `testsuite`
/// (`calls.precision`, `calls.recall`, `calls.f1`, `calls.unknownToolShare`,
/// `calls.schemaInvalidShare`, `usage.runs`, `usage.steps`, `usage.promptTokens`,
/// `usage.completionTokens`, `usage.toolOutputTokens`, `usage.costUsd`); each scenario's are
/// lines of its `system-out`.
pub fn to_junit(report: &Report) -> String {
    let c = &report.summary.counts;
    let errors = c.errored + c.timed_out;
    let skipped = c.unscored + c.skipped;
    let time = seconds(report.duration_ms);
    let name = attr(&report.suite);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"{name}\" tests=\"{}\" failures=\"{}\" errors=\"{errors}\" skipped=\"{skipped}\" time=\"{time}\">",
        c.total, c.failed
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"{name}\" tests=\"{}\" failures=\"{}\" errors=\"{errors}\" skipped=\"{skipped}\" time=\"{time}\">",
        c.total, c.failed
    );
    properties(&mut out, &report.summary);
    for s in &report.scenarios {
        testcase(&mut out, &name, s);
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

fn properties(out: &mut String, summary: &Summary) {
    let mut props: Vec<(&str, String)> = Vec::new();
    if let Some(c) = &summary.calls {
        props.push(("calls.precision", format!("{:.4}", c.precision)));
        props.push(("calls.recall", format!("{:.4}", c.recall)));
        props.push(("calls.f1", format!("{:.4}", c.f1)));
        if let Some(u) = c.unknown_tool_share {
            props.push(("calls.unknownToolShare", format!("{u:.4}")));
        }
        if let Some(v) = c.schema_invalid_share {
            props.push(("calls.schemaInvalidShare", format!("{v:.4}")));
        }
    }
    if let Some(u) = &summary.usage {
        props.push(("usage.runs", u.runs.to_string()));
        props.push(("usage.steps", u.steps.to_string()));
        props.push(("usage.promptTokens", u.prompt_tokens.to_string()));
        props.push(("usage.completionTokens", u.completion_tokens.to_string()));
        props.push(("usage.toolOutputTokens", u.tool_output_tokens.to_string()));
        if let Some(c) = u.cost_usd {
            props.push(("usage.costUsd", format!("{c:.6}")));
        }
    }
    if props.is_empty() {
        return;
    }
    out.push_str("    <properties>\n");
    for (name, value) in props {
        let _ = writeln!(
            out,
            "      <property name=\"{name}\" value=\"{}\"/>",
            attr(&value)
        );
    }
    out.push_str("    </properties>\n");
}

fn testcase(out: &mut String, classname: &str, s: &ScenarioResult) {
    let _ = writeln!(
        out,
        "    <testcase name=\"{}\" classname=\"{classname}\" time=\"{}\">",
        attr(&s.id),
        seconds(s.duration_ms)
    );
    let details = super::markdown::details(s);
    // With repeats the first line names the run ("run 3: fail"); the reason after it makes the
    // better one-line message.
    let skip = usize::from(s.runs.len() > 1);
    let message = attr(
        details
            .lines()
            .nth(skip)
            .or_else(|| details.lines().next())
            .unwrap_or(s.status.as_str()),
    );
    match s.status {
        Status::Pass => {}
        Status::Fail => {
            let _ = writeln!(
                out,
                "      <failure message=\"{message}\" type=\"fail\">{}</failure>",
                text(&details)
            );
        }
        Status::Error | Status::TimedOut => {
            let _ = writeln!(
                out,
                "      <error message=\"{message}\" type=\"{}\">{}</error>",
                s.status.as_str(),
                text(&details)
            );
        }
        Status::Unscored | Status::Skipped => {
            let _ = writeln!(
                out,
                "      <skipped message=\"{}: {message}\"/>",
                s.status.as_str()
            );
        }
    }
    let mut system_out = format!("prompt: {}\nstatus: {}\n", s.prompt, s.status.as_str());
    if let Some(m) = s.mean_score {
        let _ = writeln!(system_out, "mean score: {m:.3}");
    }
    for p in &s.pass_at_k {
        let _ = writeln!(
            system_out,
            "pass@{k}: {:.3}, pass^{k}: {:.3}",
            p.pass_at_k,
            p.pass_hat_k,
            k = p.k
        );
    }
    if let Some(c) = CallMeans::of_scenario(s) {
        let _ = writeln!(
            system_out,
            "calls: precision {:.3}, recall {:.3}, F1 {:.3} (mean of {} {})",
            c.precision,
            c.recall,
            c.f1,
            c.runs,
            if c.runs == 1 { "run" } else { "runs" }
        );
        if let (Some(u), Some(v)) = (c.unknown_tool_share, c.schema_invalid_share) {
            let _ = writeln!(
                system_out,
                "unknown tools: {}, schema-invalid calls: {}",
                percent(u),
                percent(v)
            );
        }
    }
    if let Some(u) = Usage::of_scenario(s) {
        let _ = writeln!(system_out, "usage: {}", usage_line(&u));
    }
    let _ = writeln!(out, "      <system-out>{}</system-out>", text(&system_out));
    out.push_str("    </testcase>\n");
}

pub(crate) fn seconds(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// Characters XML 1.0 does not allow at all, even escaped, become U+FFFD.
fn allowed(c: char) -> char {
    match c {
        '\t' | '\n' | '\r' => c,
        '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => '\u{fffd}',
        _ => c,
    }
}

/// Escapes text content.
pub(crate) fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().map(allowed) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => out.push_str("&#13;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes an attribute value; whitespace other than space is written as a character
/// reference, because a parser would otherwise normalize it to a space.
pub(crate) fn attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().map(allowed) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            _ => out.push(c),
        }
    }
    out
}
