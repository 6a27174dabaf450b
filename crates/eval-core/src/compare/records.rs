//! Two records of live runs compared: which suite scores them (the one given, else the one
//! the records carry), checks that they belong together, and both scored offline.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::{Comparison, compare};
use crate::error::Error;
use crate::report::Report;
use crate::runner::{Agent, ReplayAgent, RunConfig, TranscriptFile, run};
use crate::suite::{ScoringMode, Suite, parse_suite};

/// A record of runs and what to call it (its file name, in messages and reports).
#[derive(Debug, Clone, Copy)]
pub struct Record<'a> {
    /// What to call it.
    pub label: &'a str,
    /// What it holds.
    pub file: &'a TranscriptFile,
}

/// Scores two records with one suite and compares them.
///
/// The suite is `suite` when given, else the one the records carry in their header (live
/// runs of this version write it). Both are scored offline like `eval run --transcripts`:
/// tool calls only, post-conditions are not judged. `mode`, when given, replaces the suite's
/// scoring mode.
///
/// The [`Comparison::notes`] say what was left out or differs: runs of scenarios the suite
/// lacks (with the file and line of the first), a last line cut off, a suite changed
/// between the runs, scenarios only one record ran, different numbers of runs.
///
/// # Errors
///
/// [`Error::NoRuns`] or [`Error::NoRunsOfSuite`] when a record holds no runs, or none of the
/// suite; [`Error::DifferentSuites`] when the records are of different suites;
/// [`Error::WrongSuite`] when `suite` is not theirs; [`Error::NoSuite`] when neither `suite`
/// nor the records give one; [`Error::InvalidSuite`] when a recorded suite is not valid.
pub fn compare_records(
    a: &Record<'_>,
    b: &Record<'_>,
    suite: Option<&Suite>,
    mode: Option<ScoringMode>,
) -> Result<Comparison, Error> {
    for r in [a, b] {
        if r.file.runs.is_empty() {
            return Err(Error::NoRuns {
                record: r.label.to_owned(),
                cut_off_line: r.file.cut_off_line,
            });
        }
    }
    if let (Some(x), Some(y)) = (a.file.suite_name(), b.file.suite_name())
        && x != y
    {
        return Err(Error::DifferentSuites {
            a: a.label.to_owned(),
            a_suite: x.to_owned(),
            b: b.label.to_owned(),
            b_suite: y.to_owned(),
        });
    }
    let mut notes = Vec::new();
    let recorded;
    let suite = match suite {
        Some(given) => {
            for r in [a, b] {
                if let Some(name) = r.file.suite_name()
                    && name != given.name
                {
                    return Err(Error::WrongSuite {
                        record: r.label.to_owned(),
                        recorded: name.to_owned(),
                        given: given.name.clone(),
                    });
                }
            }
            if a.file.suite.is_some() && a.file.suite != b.file.suite {
                notes.push(format!(
                    "{} and {} were made with different versions of the suite; both are scored with the one given",
                    a.label, b.label
                ));
            }
            given
        }
        None => {
            let Some((from, json)) = [a, b]
                .iter()
                .find_map(|r| Some((r.label, r.file.suite.as_ref()?)))
            else {
                return Err(Error::NoSuite {
                    a: a.label.to_owned(),
                    b: b.label.to_owned(),
                });
            };
            recorded = parse_suite(&json.to_string())?;
            if a.file.suite.is_some() && b.file.suite.is_some() && a.file.suite != b.file.suite {
                notes.push(format!(
                    "{} and {} were made with different versions of the suite {:?}; both are scored with the one in {from}",
                    a.label, b.label, recorded.name
                ));
            }
            &recorded
        }
    };
    let report_a = score(a, suite, mode, &mut notes);
    let report_b = score(b, suite, mode, &mut notes);
    for (r, report) in [(a, &report_a), (b, &report_b)] {
        if report.scenarios.is_empty() {
            return Err(Error::NoRunsOfSuite {
                record: r.label.to_owned(),
                suite: suite.name.clone(),
            });
        }
    }
    let (ids_a, ids_b) = (ids(&report_a), ids(&report_b));
    // In suite order, as the tables show them.
    let only = |x: &BTreeSet<String>, y: &BTreeSet<String>| -> Vec<String> {
        suite
            .scenarios
            .iter()
            .filter(|s| x.contains(&s.id) && !y.contains(&s.id))
            .map(|s| format!("{:?}", s.id))
            .collect()
    };
    for (label, missing) in [
        (b.label, only(&ids_a, &ids_b)),
        (a.label, only(&ids_b, &ids_a)),
    ] {
        if !missing.is_empty() {
            notes.push(format!(
                "{label} has no runs of {}; the totals cover the scenarios both ran",
                missing.join(", ")
            ));
        }
    }
    for (x, y) in report_a.scenarios.iter().filter_map(|x| {
        let y = report_b.scenarios.iter().find(|y| y.id == x.id)?;
        (x.runs.len() != y.runs.len()).then_some((x, y))
    }) {
        notes.push(format!(
            "{:?} has {} run(s) in {} and {} in {}; its sums are not per run",
            x.id,
            x.runs.len(),
            a.label,
            y.runs.len(),
            b.label
        ));
    }
    Ok(compare(
        suite,
        (a.label, &report_a),
        (b.label, &report_b),
        notes,
    ))
}

/// `record` scored with `suite`, over the scenarios it has runs of; what was left out goes
/// into `notes`.
fn score(
    record: &Record<'_>,
    suite: &Suite,
    mode: Option<ScoringMode>,
    notes: &mut Vec<String>,
) -> Report {
    if let Some(line) = record.file.cut_off_line {
        notes.push(format!(
            "{} line {line} is cut off (a write that was interrupted); it is left out",
            record.label
        ));
    }
    let mut reported = BTreeSet::new();
    for (run, line) in record.file.runs.iter().zip(&record.file.lines) {
        let known = suite.scenarios.iter().any(|s| s.id == run.scenario_id);
        if !known && reported.insert(run.scenario_id.as_str()) {
            notes.push(format!(
                "{} line {line}: scenario {:?} is not in the suite {:?}; its runs are left out",
                record.label, run.scenario_id, suite.name
            ));
        }
    }
    let ran: BTreeSet<&str> = record
        .file
        .runs
        .iter()
        .map(|r| r.scenario_id.as_str())
        .collect();
    let mut own = suite.clone();
    own.scenarios.retain(|s| ran.contains(s.id.as_str()));
    let agent: Arc<dyn Agent> = Arc::new(ReplayAgent::new(record.file.runs.clone()));
    let config = RunConfig {
        mode,
        tools: record.file.tools.clone().map(Arc::from),
        ..RunConfig::default()
    };
    run(&own, &agent, None, &config, &mut |_| {})
}

fn ids(report: &Report) -> BTreeSet<String> {
    report.scenarios.iter().map(|s| s.id.clone()).collect()
}
