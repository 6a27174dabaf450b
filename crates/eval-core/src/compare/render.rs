//! A [`Comparison`] of two runs as Markdown (a totals table, then one row per scenario with
//! A → B and the difference), JUnit XML (a scenario that now fails is a failure) and JSON.

use std::fmt::Write as _;

use super::{Change, Comparison, Delta, ScenarioComparison, Side};
use crate::report::junit::{attr, seconds, text};
use crate::report::markdown::{badge, cell, compact, dollars, inline};
use crate::report::{Summary, Usage};

/// The comparison as pretty-printed JSON: both totals, the differences (B minus A), each
/// scenario's sides and differences, the notes.
pub fn comparison_to_json(comparison: &Comparison) -> String {
    // Plain structs of strings and numbers: serializing cannot fail.
    serde_json::to_string_pretty(comparison).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The comparison as Markdown: which run is A and which B, the totals over the scenarios both
/// ran side by side with the difference, the scenarios that flipped with why, then every
/// scenario as `A → B (difference)` per figure, then the notes.
pub fn comparison_to_markdown(c: &Comparison) -> String {
    let mut out = String::new();
    let mode = match c.mode {
        crate::suite::ScoringMode::Standard => "standard",
        crate::suite::ScoringMode::Webmcp => "webmcp",
    };
    let _ = writeln!(out, "# Compare: {} ({mode} mode)\n", inline(&c.suite));
    let _ = writeln!(
        out,
        "A is `{}`, B is `{}`; differences are B − A.\n",
        inline(&c.a),
        inline(&c.b)
    );
    let (a, b) = (&c.total_a, &c.total_b);
    let _ = write!(
        out,
        "**{} scenario{} in both: {} passed in A, {} in B**",
        a.counts.total,
        if a.counts.total == 1 { "" } else { "s" },
        a.counts.passed,
        b.counts.passed
    );
    for (n, one, many) in [
        (c.regressions(), "scenario now fails", "scenarios now fail"),
        (c.fixes(), "scenario now passes", "scenarios now pass"),
    ] {
        if n > 0 {
            let _ = write!(out, " · {n} {}", if n == 1 { one } else { many });
        }
    }
    out.push_str("\n\n| | A | B | B − A |\n|---|---|---|---|\n");
    let _ = writeln!(
        out,
        "| passed | {} of {} | {} of {} | {} |",
        a.counts.passed,
        a.counts.total,
        b.counts.passed,
        b.counts.total,
        signed(c.delta.passed)
    );
    for (what, x, y, d) in figures(
        (a.mean_score, b.mean_score),
        (a.calls.map(|m| m.f1), b.calls.map(|m| m.f1)),
        (a.usage.as_ref(), b.usage.as_ref()),
        &c.delta,
    ) {
        let _ = writeln!(out, "| {what} | {x} | {y} | {d} |");
    }
    let flipped: Vec<&ScenarioComparison> =
        c.scenarios.iter().filter(|s| s.change.flipped()).collect();
    if !flipped.is_empty() {
        out.push_str("\n## Flipped\n\n");
        for s in flipped {
            let why = match s.change {
                Change::NowFails => s.b.as_ref().map(|b| b.why.as_str()),
                _ => s.a.as_ref().map(|a| a.why.as_str()),
            }
            .filter(|w| !w.is_empty())
            .map(|w| {
                format!(
                    " ({} in {}: {})",
                    were(s.change),
                    run_of(s.change),
                    inline(&w.replace('\n', "; "))
                )
            })
            .unwrap_or_default();
            let _ = writeln!(out, "- {} {}{why}", inline(&s.id), s.change.as_str());
        }
    }
    out.push_str("\n## Per scenario\n\n| scenario | change | A | B | score | F1 | steps | prompt tokens | completion tokens | tool output tokens | time | cost |\n");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for s in &c.scenarios {
        let side = |x: Option<&Side>| {
            x.map_or_else(
                || "–".to_owned(),
                |x| format!("{} {}/{}", badge(x.status), x.passed, x.runs),
            )
        };
        let _ = write!(
            out,
            "| {} | {} | {} | {} |",
            cell(&s.id),
            change_badge(s.change),
            side(s.a.as_ref()),
            side(s.b.as_ref())
        );
        for (_, x, y, d) in figures(
            (
                s.a.as_ref().and_then(|a| a.mean_score),
                s.b.as_ref().and_then(|b| b.mean_score),
            ),
            (
                s.a.as_ref().and_then(|a| a.calls.map(|m| m.f1)),
                s.b.as_ref().and_then(|b| b.calls.map(|m| m.f1)),
            ),
            (
                s.a.as_ref().and_then(|a| a.usage.as_ref()),
                s.b.as_ref().and_then(|b| b.usage.as_ref()),
            ),
            &s.delta,
        ) {
            let _ = write!(out, " {} |", arrow(&x, &y, &d));
        }
        out.push('\n');
    }
    if !c.notes.is_empty() {
        out.push_str("\n## Notes\n\n");
        for note in &c.notes {
            let _ = writeln!(out, "- {}", inline(note));
        }
    }
    out
}

/// Renders the comparison as JUnit XML for a CI job that asks "does B still do what A did":
/// one `testcase` per scenario, a `failure` when it passed in A and not in B, `skipped` when
/// only one run has it, and both sides with the difference in its `system-out`. The totals
/// are `properties` of the `testsuite` (`a.passed`, `b.passed`, `delta.passed`, and the same
/// for `meanScore`, `f1`, `steps`, `promptTokens`, `completionTokens`, `toolOutputTokens`,
/// `wallMs`, `costUsd` when known); the notes are its `system-out`.
pub fn comparison_to_junit(c: &Comparison) -> String {
    let failures = c.regressions();
    let skipped = c
        .scenarios
        .iter()
        .filter(|s| matches!(s.change, Change::OnlyA | Change::OnlyB))
        .count();
    let tests = c.scenarios.len();
    let time = seconds(c.total_b.usage.map_or(0, |u| u.wall_ms));
    let name = attr(&format!("{}: {} vs {}", c.suite, c.a, c.b));
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let counts = format!(
        "tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{time}\""
    );
    let _ = writeln!(out, "<testsuites name=\"{name}\" {counts}>");
    let _ = writeln!(out, "  <testsuite name=\"{name}\" {counts}>");
    out.push_str("    <properties>\n");
    for (key, value) in properties(c) {
        let _ = writeln!(
            out,
            "      <property name=\"{key}\" value=\"{}\"/>",
            attr(&value)
        );
    }
    out.push_str("    </properties>\n");
    let classname = attr(&c.suite);
    for s in &c.scenarios {
        let time = seconds(s.b.as_ref().and_then(|b| b.usage).map_or(0, |u| u.wall_ms));
        let _ = writeln!(
            out,
            "    <testcase name=\"{}\" classname=\"{classname}\" time=\"{time}\">",
            attr(&s.id)
        );
        match s.change {
            Change::NowFails => {
                let why = s.b.as_ref().map_or("", |b| b.why.as_str());
                let status = s.b.as_ref().map_or("", |b| b.status.as_str());
                let _ = writeln!(
                    out,
                    "      <failure message=\"{}\" type=\"now_fails\">{}</failure>",
                    attr(&format!(
                        "passed in {}, {status} in {}{}",
                        c.a,
                        c.b,
                        why.lines()
                            .next()
                            .map(|l| format!(": {l}"))
                            .unwrap_or_default()
                    )),
                    text(why)
                );
            }
            Change::OnlyA | Change::OnlyB => {
                let _ = writeln!(
                    out,
                    "      <skipped message=\"{}\"/>",
                    attr(&format!(
                        "{}: only {} has runs of it",
                        s.change.as_str(),
                        if s.change == Change::OnlyA {
                            &c.a
                        } else {
                            &c.b
                        }
                    ))
                );
            }
            _ => {}
        }
        let mut system_out = format!("change: {}\n", s.change.as_str());
        for (label, side) in [("A", s.a.as_ref()), ("B", s.b.as_ref())] {
            let _ = writeln!(system_out, "{label}: {}", side_line(side));
        }
        let _ = writeln!(system_out, "B - A: {}", delta_line(&s.delta));
        let _ = writeln!(out, "      <system-out>{}</system-out>", text(&system_out));
        out.push_str("    </testcase>\n");
    }
    if !c.notes.is_empty() {
        let _ = writeln!(
            out,
            "    <system-out>{}</system-out>",
            text(&c.notes.join("\n"))
        );
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// Rows of compared figures: name, A, B, difference, each as text (`–` when unknown).
fn figures(
    score: (Option<f64>, Option<f64>),
    f1: (Option<f64>, Option<f64>),
    usage: (Option<&Usage>, Option<&Usage>),
    d: &Delta,
) -> Vec<(&'static str, String, String, String)> {
    let opt = |v: Option<String>| v.unwrap_or_else(|| "–".to_owned());
    let count = |f: fn(&Usage) -> u64| {
        (
            opt(usage.0.map(|u| compact(f(u)))),
            opt(usage.1.map(|u| compact(f(u)))),
        )
    };
    let with_share = |delta: Option<i64>, base: Option<u64>, show: fn(i64) -> String| {
        opt(delta.map(|d| match base.filter(|b| *b > 0 && d != 0) {
            Some(b) => format!("{}, {:+.0}%", show(d), d as f64 * 100.0 / b as f64),
            None => show(d),
        }))
    };
    let mut rows = vec![
        (
            "mean score",
            opt(score.0.map(|s| format!("{s:.3}"))),
            opt(score.1.map(|s| format!("{s:.3}"))),
            opt(d.score.map(|x| format!("{x:+.3}"))),
        ),
        (
            "tool-call F1",
            opt(f1.0.map(|s| format!("{s:.2}"))),
            opt(f1.1.map(|s| format!("{s:.2}"))),
            opt(d.f1.map(|x| format!("{x:+.2}"))),
        ),
    ];
    let (a, b) = count(|u| u.steps);
    rows.push(("steps", a, b, opt(d.steps.map(signed))));
    for (what, f, delta) in [
        (
            "prompt tokens",
            (|u: &Usage| u.prompt_tokens) as fn(&Usage) -> u64,
            d.prompt_tokens,
        ),
        (
            "completion tokens",
            |u| u.completion_tokens,
            d.completion_tokens,
        ),
        (
            "tool output tokens",
            |u| u.tool_output_tokens,
            d.tool_output_tokens,
        ),
    ] {
        let (a, b) = count(f);
        rows.push((
            what,
            a,
            b,
            with_share(delta, usage.0.map(f), signed_compact),
        ));
    }
    rows.push((
        "time",
        opt(usage.0.map(|u| secs(u.wall_ms))),
        opt(usage.1.map(|u| secs(u.wall_ms))),
        with_share(d.wall_ms, usage.0.map(|u| u.wall_ms), |ms| {
            if ms == 0 {
                "0 s".to_owned()
            } else {
                format!("{:+.1} s", ms as f64 / 1000.0)
            }
        }),
    ));
    let cost = |u: Option<&Usage>| u.and_then(|u| u.cost_usd);
    rows.push((
        "cost",
        opt(cost(usage.0).map(dollars)),
        opt(cost(usage.1).map(dollars)),
        opt(d.cost_usd.map(|x| {
            let sign = if x < 0.0 { "-" } else { "+" };
            match cost(usage.0).filter(|a| *a > 0.0 && x != 0.0) {
                Some(a) => format!("{sign}{}, {:+.0}%", dollars(x.abs()), x * 100.0 / a),
                None => format!("{sign}{}", dollars(x.abs())),
            }
        })),
    ));
    rows
}

/// `4 → 5 (+1)`, or one side with `–` for the other.
fn arrow(a: &str, b: &str, d: &str) -> String {
    if a == "–" && b == "–" {
        "–".to_owned()
    } else if a == "–" || b == "–" {
        format!("{a} → {b}")
    } else {
        format!("{a} → {b} ({d})")
    }
}

fn change_badge(change: Change) -> &'static str {
    match change {
        Change::NowFails => "🔻 now fails",
        Change::NowPasses => "🔺 now passes",
        Change::Same => "same",
        Change::OnlyA => "only in A",
        Change::OnlyB => "only in B",
    }
}

fn were(change: Change) -> &'static str {
    match change {
        Change::NowFails => "why",
        _ => "what failed",
    }
}

fn run_of(change: Change) -> &'static str {
    match change {
        Change::NowFails => "B",
        _ => "A",
    }
}

/// `pass 3/3, score 1.000, F1 1.00, 12 steps, 3.4k+210 tokens, 1.2k tool output, 12.4 s, $0.0123`.
fn side_line(side: Option<&Side>) -> String {
    let Some(s) = side else {
        return "no runs".to_owned();
    };
    let mut line = format!("{} {}/{}", s.status.as_str(), s.passed, s.runs);
    if let Some(m) = s.mean_score {
        let _ = write!(line, ", score {m:.3}");
    }
    if let Some(c) = s.calls {
        let _ = write!(line, ", F1 {:.2}", c.f1);
    }
    if let Some(u) = &s.usage {
        let _ = write!(
            line,
            ", {} steps, {}+{} tokens, {} tool output, {}",
            u.steps,
            u.prompt_tokens,
            u.completion_tokens,
            u.tool_output_tokens,
            secs(u.wall_ms)
        );
        if let Some(c) = u.cost_usd {
            let _ = write!(line, ", {}", dollars(c));
        }
    }
    line
}

/// The differences of one scenario on a line, the known ones only.
fn delta_line(d: &Delta) -> String {
    let mut parts = vec![format!("passed runs {}", signed(d.passed))];
    if let Some(x) = d.score {
        parts.push(format!("score {x:+.3}"));
    }
    if let Some(x) = d.f1 {
        parts.push(format!("F1 {x:+.2}"));
    }
    for (what, v) in [
        ("steps", d.steps),
        ("prompt tokens", d.prompt_tokens),
        ("completion tokens", d.completion_tokens),
        ("tool output tokens", d.tool_output_tokens),
        ("ms", d.wall_ms),
    ] {
        if let Some(v) = v {
            parts.push(format!("{what} {}", signed(v)));
        }
    }
    if let Some(x) = d.cost_usd {
        parts.push(format!("cost {x:+.6}"));
    }
    parts.join(", ")
}

/// The testsuite's properties: both totals and the differences.
fn properties(c: &Comparison) -> Vec<(String, String)> {
    let mut props = vec![("a".to_owned(), c.a.clone()), ("b".to_owned(), c.b.clone())];
    let mut side = |label: &str, s: &Summary| {
        props.push((format!("{label}.passed"), s.counts.passed.to_string()));
        if let Some(m) = s.mean_score {
            props.push((format!("{label}.meanScore"), format!("{m:.4}")));
        }
        if let Some(m) = s.calls {
            props.push((format!("{label}.f1"), format!("{:.4}", m.f1)));
        }
        if let Some(u) = &s.usage {
            for (key, v) in [
                ("steps", u.steps),
                ("promptTokens", u.prompt_tokens),
                ("completionTokens", u.completion_tokens),
                ("toolOutputTokens", u.tool_output_tokens),
                ("wallMs", u.wall_ms),
            ] {
                props.push((format!("{label}.{key}"), v.to_string()));
            }
            if let Some(cost) = u.cost_usd {
                props.push((format!("{label}.costUsd"), format!("{cost:.6}")));
            }
        }
    };
    side("a", &c.total_a);
    side("b", &c.total_b);
    let d = &c.delta;
    props.push(("delta.passed".to_owned(), d.passed.to_string()));
    if let Some(x) = d.score {
        props.push(("delta.meanScore".to_owned(), format!("{x:.4}")));
    }
    if let Some(x) = d.f1 {
        props.push(("delta.f1".to_owned(), format!("{x:.4}")));
    }
    for (key, v) in [
        ("steps", d.steps),
        ("promptTokens", d.prompt_tokens),
        ("completionTokens", d.completion_tokens),
        ("toolOutputTokens", d.tool_output_tokens),
        ("wallMs", d.wall_ms),
    ] {
        if let Some(v) = v {
            props.push((format!("delta.{key}"), v.to_string()));
        }
    }
    if let Some(x) = d.cost_usd {
        props.push(("delta.costUsd".to_owned(), format!("{x:.6}")));
    }
    props
}

/// `+3`, `-2`, `0`.
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// `+1.2k`, `-950`.
fn signed_compact(n: i64) -> String {
    let sign = match n {
        0 => "",
        n if n < 0 => "-",
        _ => "+",
    };
    format!("{sign}{}", compact(n.unsigned_abs()))
}

/// `12.4 s`.
fn secs(ms: u64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}
