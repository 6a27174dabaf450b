//! The Markdown summary: readable in a terminal and in a CI job summary or pull request.

use std::fmt::Write as _;

use super::{Counts, Report};
use crate::result::ScenarioResult;
use crate::score::{JudgeOutcome, Status};

/// Renders the report as Markdown: totals, one table row per scenario (status, id, prompt,
/// score, runs, why it did not pass), then counts per tag.
pub fn to_markdown(report: &Report) -> String {
    let mut out = String::new();
    let mode = match report.mode {
        crate::ScoringMode::Standard => "standard",
        crate::ScoringMode::Webmcp => "webmcp",
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
    if report.cancelled {
        out.push_str("\nThe run was cancelled: skipped scenarios did not run.\n");
    }
    out.push_str("\n| status | scenario | prompt | score | runs passed | details |\n");
    out.push_str("|---|---|---|---|---|---|\n");
    for sc in &report.scenarios {
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
        let _ = writeln!(
            out,
            "| {} | {} | {} | {score} | {runs} | {} |",
            badge(sc.status),
            cell(&sc.id),
            cell(&sc.prompt),
            cell(&details(sc).replace('\n', "; "))
        );
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

fn badge(status: Status) -> &'static str {
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
pub(super) fn details(s: &ScenarioResult) -> String {
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
fn cell(s: &str) -> String {
    const MAX: usize = 120;
    let mut out = inline(s).replace('|', "\\|");
    if out.chars().count() > MAX {
        out = out.chars().take(MAX - 1).collect::<String>() + "…";
    }
    out
}

fn inline(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
