//! The README quotes only figures that `BENCHMARKS.md`, the current report, holds: a figure the
//! report has moved past fails here instead of staying in the README.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;

/// A figure of the README or the report, as `figures` reads it.
static FIGURE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"\b(?P<n>\d+(?:,\d{3})*(?:\.\d+)?)(?:",
        r"\s?%(?:\s\((?P<count>\d+(?:,\d{3})*/\d+(?:,\d{3})*)\))?",
        r"|\s?(?P<unit>ms|µs|MB|kB|GB)\b|(?P<x>x)\b|/(?P<total>\d+(?:,\d{3})*)\b)",
    ))
    .expect("the pattern is valid")
});

/// Where a clause ends, as `clauses` reads it.
static CLAUSE_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[,;.]\s|\||\n").expect("the pattern is valid"));

/// A file at the root of the workspace.
fn root_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The figures of a text, each written one way: a number with its unit (`94.2 %`, `17.6x`,
/// `3.3 ms`, `45.8 MB`), a count out of a total (`438/465`), or a share with its count
/// (`94.2 % (438/465)`, one figure: a share alone matches too many other figures of the
/// report), without thousands separators or the space before the unit. A number without a unit
/// (`900 tokens`, `Rust 1.95`) is a setting or a name, not a measured figure.
fn figures(text: &str) -> BTreeSet<String> {
    FIGURE
        .captures_iter(text)
        .map(|c| {
            let n = c["n"].replace(',', "");
            let part = |name: &str| c.name(name).map(|m| m.as_str().replace(',', ""));
            if let Some(total) = part("total") {
                format!("{n}/{total}")
            } else if let Some(unit) = part("unit").or_else(|| part("x")) {
                format!("{n}{unit}")
            } else if let Some(count) = part("count") {
                format!("{n}% ({count})")
            } else {
                format!("{n}%")
            }
        })
        .collect()
}

/// What a line of the report holds for a quote to match: its figures, and a share with its
/// count also as the share and the count alone.
fn held(line: &str) -> BTreeSet<String> {
    let mut held = figures(line);
    let parts: Vec<String> = held
        .iter()
        .filter_map(|f| f.split_once(" ("))
        .flat_map(|(share, count)| [share.to_owned(), count.trim_end_matches(')').to_owned()])
        .collect();
    held.extend(parts);
    held
}

/// The figures of each clause of a text that has any. A clause ends at a line's end, a table
/// cell's, or a `,`, `;` or `.` before a space, so a thousands separator or a decimal point
/// does not end it.
fn clauses(text: &str) -> Vec<(&str, BTreeSet<String>)> {
    CLAUSE_END
        .split(text)
        .map(|clause| (clause.trim(), figures(clause)))
        .filter(|(_, figures)| !figures.is_empty())
        .collect()
}

/// Figures quoted in one clause of the README are one measurement's, so they must stand
/// together on one line of the report (a row of a table, a line of prose): a compression quoted
/// beside a success is the one measured with it, not any compression the report holds.
#[test]
fn the_readme_quotes_only_figures_the_report_holds() {
    let report = root_file("BENCHMARKS.md");
    let lines: Vec<BTreeSet<String>> = report.lines().map(held).collect();
    let readme = root_file("README.md");
    let unheld: Vec<String> = clauses(&readme)
        .into_iter()
        .filter(|(_, quoted)| !lines.iter().any(|line| quoted.is_subset(line)))
        .map(|(clause, quoted)| format!("{quoted:?} in \"{clause}\""))
        .collect();
    assert!(
        unheld.is_empty(),
        "README.md quotes figures no line of BENCHMARKS.md holds together:\n{}\nquote the \
         report's current figures, or measure them and add them to the report with the command",
        unheld.join("\n")
    );
}

#[test]
fn figures_are_numbers_with_a_unit_counts_out_of_a_total_or_shares_with_their_count() {
    let text = "94.2 % (438/465) at 17.6x in 3.3 ms; 17.5 µs, 20,913/20,913 refs, 45.8 MB, 5% of \
                it, 3/4; a budget of 900 tokens, Rust 1.95+, @playwright/mcp@0.0.83, \
                mcp-lean-linux-x64, val3, p90, 2026-11-27, 8 sessions, 0.09 s";
    let expected = [
        "94.2% (438/465)",
        "17.6x",
        "3.3ms",
        "17.5µs",
        "20913/20913",
        "45.8MB",
        "5%",
        "3/4",
    ];
    assert_eq!(figures(text), expected.map(String::from).into());
    let expected_held = expected.into_iter().chain(["94.2%", "438/465"]);
    assert_eq!(held(text), expected_held.map(String::from).collect());
}

#[test]
fn a_clause_ends_at_a_line_a_cell_or_punctuation_before_a_space() {
    let text = "| 94.2 % (438/465) at 17.6x, 91.6 % at 15.3x | 20,913 of 20,913; 3.3 ms.\n45.8 MB";
    let found: Vec<String> = clauses(text)
        .into_iter()
        .map(|(clause, figures)| format!("{clause} => {figures:?}"))
        .collect();
    let expected = [
        r#"94.2 % (438/465) at 17.6x => {"17.6x", "94.2% (438/465)"}"#,
        r#"91.6 % at 15.3x => {"15.3x", "91.6%"}"#,
        r#"3.3 ms => {"3.3ms"}"#,
        r#"45.8 MB => {"45.8MB"}"#,
    ];
    assert_eq!(found, expected);
}
