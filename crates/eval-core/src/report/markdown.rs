//! The Markdown summary: readable in a terminal and in a CI job summary or pull request.

use std::fmt::Write as _;

use super::{CallMeans, Counts, Report, Usage};
use crate::result::ScenarioResult;
use crate::score::{JudgeOutcome, Status};

/// Renders the report as Markdown: totals, one table row per scenario (status, id, prompt,
/// score, runs, mean call precision/recall/F1, why it did not pass), then counts per tag.
///
/// When the tools were known, the summary and a column show the shares of calls to unknown
/// tools and of schema-invalid calls; when runs recorded their stats, the summary shows the
/// totals (steps, tokens, cost) and a column each scenario's.
pub fn to_markdown(report: &Report) -> String {
    let mut out = String::new();
    let mode = match report.mode {
        crate::suite::ScoringMode::Standard => "standard",
        crate::suite::ScoringMode::Webmcp => "webmcp",
    };
    let _ = writeln!(out, "# Eval: {} ({mode} mode)\n", inline(&report.suite));
    let s = &report.summary;
    let _ = write!(out, "**{}**", counts_line(&s.counts));
    if let Some(r) = s.pass_rate {
        let _ = write!(out, " · pass rate {:.0}%", r * 100.0);
    }
    if let Some(m) = s.mean_score {
        let _ = write!(out, " · mean score {m:.3}");
    }
    out.push('\n');
    if let Some(c) = &s.calls {
        let _ = writeln!(
            out,
            "\nTool calls: precision {:.2} · recall {:.2} · F1 {:.2}{}",
            c.precision,
            c.recall,
            c.f1,
            shares_line(c)
        );
    }
    if let Some(u) = &s.usage {
        let _ = writeln!(out, "\nUsage: {}", usage_line(u));
    }
    if report.cancelled {
        out.push_str("\nThe run was cancelled: skipped scenarios did not run.\n");
    }
    let calls: Vec<Option<CallMeans>> = report
        .scenarios
        .iter()
        .map(CallMeans::of_scenario)
        .collect();
    let usage: Vec<Option<Usage>> = report.scenarios.iter().map(Usage::of_scenario).collect();
    let with_shares = calls
        .iter()
        .flatten()
        .any(|c| c.unknown_tool_share.is_some());
    let with_usage = usage.iter().any(Option::is_some);
    out.push_str("\n| status | scenario | prompt | score | runs passed | calls P/R/F1 |");
    let mut rule = String::from("|---|---|---|---|---|---|");
    if with_shares {
        out.push_str(" unknown / invalid |");
        rule.push_str("---|");
    }
    if with_usage {
        out.push_str(" usage |");
        rule.push_str("---|");
    }
    let _ = writeln!(out, " details |\n{rule}---|");
    for (i, sc) in report.scenarios.iter().enumerate() {
        let score = sc
            .mean_score
            .map_or_else(|| "–".to_owned(), |m| format!("{m:.3}"));
        let passed = sc.runs.iter().filter(|r| r.status == Status::Pass).count();
        let mut runs = format!("{passed}/{}", sc.runs.len());
        if sc.runs.len() < usize::try_from(sc.planned_runs).unwrap_or(usize::MAX) {
            let _ = write!(runs, " of {} planned", sc.planned_runs);
        }
        if sc.pass_at_k.len() > 1
            && let (Some(first), Some(last)) = (sc.pass_at_k.first(), sc.pass_at_k.last())
        {
            let _ = write!(
                runs,
                " (pass@1 {:.2}, pass^{} {:.2})",
                first.pass_at_k, last.k, last.pass_hat_k
            );
        }
        let means = calls.get(i).copied().flatten();
        let prf = means.map_or_else(
            || "–".to_owned(),
            |c| format!("{:.2} / {:.2} / {:.2}", c.precision, c.recall, c.f1),
        );
        let _ = write!(
            out,
            "| {} | {} | {} | {score} | {runs} | {prf} |",
            badge(sc.status),
            cell(&sc.id),
            cell(&sc.prompt),
        );
        if with_shares {
            let shares = match means {
                Some(CallMeans {
                    unknown_tool_share: Some(u),
                    schema_invalid_share: Some(v),
                    ..
                }) => format!("{} / {}", percent(u), percent(v)),
                _ => "–".to_owned(),
            };
            let _ = write!(out, " {shares} |");
        }
        if with_usage {
            let used = usage
                .get(i)
                .copied()
                .flatten()
                .map_or_else(|| "–".to_owned(), |u| usage_cell(&u));
            let _ = write!(out, " {used} |");
        }
        let _ = writeln!(out, " {} |", cell(&details(sc).replace('\n', "; ")));
    }
    if !report.tags.is_empty() {
        out.push_str("\n## By tag\n\n| tag | total | passed | failed | errored | timed out | unscored | skipped |\n");
        out.push_str("|---|---|---|---|---|---|---|---|\n");
        for (tag, c) in &report.tags {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                cell(tag),
                c.total,
                c.passed,
                c.failed,
                c.errored,
                c.timed_out,
                c.unscored,
                c.skipped
            );
        }
    }
    out
}

/// ` · unknown tools 2% · schema-invalid 10%`, when the tools were known.
fn shares_line(c: &CallMeans) -> String {
    let mut line = String::new();
    if let Some(u) = c.unknown_tool_share {
        let _ = write!(line, " · unknown tools {}", percent(u));
    }
    if let Some(v) = c.schema_invalid_share {
        let _ = write!(line, " · schema-invalid {}", percent(v));
    }
    line
}

/// The summary's usage totals: runs, steps, tokens both ways, tool output, cost.
pub(crate) fn usage_line(u: &Usage) -> String {
    let mut line = format!(
        "{} {} · {} steps · {} prompt + {} completion tokens · {} tool output tokens",
        u.runs,
        if u.runs == 1 { "run" } else { "runs" },
        u.steps,
        compact(u.prompt_tokens),
        compact(u.completion_tokens),
        compact(u.tool_output_tokens)
    );
    if let Some(c) = u.cost_usd {
        let _ = write!(line, " · {}", dollars(c));
    }
    line
}

/// A scenario's usage in a table cell: `12 steps · 3.4k+210 tok · 1.2k tool · $0.0123`.
fn usage_cell(u: &Usage) -> String {
    let mut cell = format!(
        "{} steps · {}+{} tok · {} tool",
        u.steps,
        compact(u.prompt_tokens),
        compact(u.completion_tokens),
        compact(u.tool_output_tokens)
    );
    if let Some(c) = u.cost_usd {
        let _ = write!(cell, " · {}", dollars(c));
    }
    cell
}

/// `0%`, `<0.1%`, `0.4%`, `12%`: one decimal only below 1%, so small shares do not read as
/// none.
pub(crate) fn percent(share: f64) -> String {
    let p = share * 100.0;
    if p == 0.0 || p >= 1.0 {
        format!("{p:.0}%")
    } else if p < 0.1 {
        "<0.1%".to_owned()
    } else {
        format!("{p:.1}%")
    }
}

/// `950`, `3.4k`, `1.2M`.
pub(crate) fn compact(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// `$0.0123` below a dollar, `$4.20` above.
pub(crate) fn dollars(x: f64) -> String {
    if x.abs() < 1.0 {
        format!("${x:.4}")
    } else {
        format!("${x:.2}")
    }
}

fn counts_line(c: &Counts) -> String {
    let mut line = format!(
        "{} scenarios: {} passed, {} failed",
        c.total, c.passed, c.failed
    );
    for (n, what) in [
        (c.errored, "errored"),
        (c.timed_out, "timed out"),
        (c.unscored, "unscored"),
        (c.skipped, "skipped"),
    ] {
        if n > 0 {
            let _ = write!(line, ", {n} {what}");
        }
    }
    line
}

pub(crate) fn badge(status: Status) -> &'static str {
    match status {
        Status::Pass => "✅ pass",
        Status::Fail => "❌ fail",
        Status::Unscored => "❔ unscored",
        Status::TimedOut => "⏱ timed out",
        Status::Error => "💥 error",
        Status::Skipped => "⏭ skipped",
    }
}

/// Why a scenario did not pass, one line per reason, from its first run that did not pass.
pub(crate) fn details(s: &ScenarioResult) -> String {
    let Some(run) = s.runs.iter().find(|r| r.status != Status::Pass) else {
        return String::new();
    };
    let mut lines: Vec<String> = Vec::new();
    if s.runs.len() > 1 {
        lines.push(format!("run {}: {}", run.attempt + 1, run.status.as_str()));
    }
    if let Some(e) = &run.error {
        lines.push(e.clone());
    }
    if let Some(score) = &run.score {
        lines.extend(score.tools.problems.iter().cloned());
        match &score.judge {
            JudgeOutcome::Failed { reason } => lines.push(format!("judge failed: {reason}")),
            JudgeOutcome::Scored {
                score: j,
                reasoning,
            } if run.status == Status::Fail => {
                lines.push(format!("judge {j:.2}: {reasoning}"));
            }
            _ => {}
        }
        if run.status == Status::Fail
            && score.tools.problems.is_empty()
            && let Some(c) = score.combined
        {
            lines.push(format!(
                "score {c:.3} is below the threshold {:.3}",
                score.threshold
            ));
        }
    }
    lines.join("\n")
}

/// Escapes a table cell: pipes, line breaks, and cells long enough to wreck the table.
pub(crate) fn cell(s: &str) -> String {
    const MAX: usize = 120;
    let mut out = inline(s).replace('|', "\\|");
    if out.chars().count() > MAX {
        out = out.chars().take(MAX - 1).collect::<String>() + "…";
    }
    out
}

pub(crate) fn inline(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
