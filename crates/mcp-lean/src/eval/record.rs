//! The transcripts file of a live run: a header with the suite and the server's tools, then
//! one line per finished run, written and flushed as each ends so that an interrupted run
//! loses nothing. Without `--record` the file is a new one under `mcp-lean-runs/`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use mcp_eval_core::ToolSpec;
use mcp_eval_core::runner::{RunResult, ToolsHeader, Transcript};
use serde_json::Value;

/// The folder, under the current one, of the record files made without `--record`.
pub(crate) const DEFAULT_DIR: &str = "mcp-lean-runs";

/// Names tried for a default record file in one second before giving up.
const MAX_SUFFIX: u32 = 1000;

/// An open transcripts file.
pub(crate) struct Recorder {
    path: PathBuf,
    out: BufWriter<File>,
    /// The first write error; later lines are not attempted.
    failed: Option<String>,
}

impl Recorder {
    /// Creates `path`, which must not exist yet (recorded runs are never overwritten), and
    /// writes the header: `suite` (its JSON) and `tools`.
    ///
    /// # Errors
    ///
    /// A sentence naming the file and what to do.
    pub(crate) fn create(
        path: &Path,
        suite: &Value,
        tools: &[ToolSpec],
    ) -> Result<Recorder, String> {
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    format!(
                        "{} already exists; recorded runs are never overwritten, so give another --record file or remove it",
                        path.display()
                    )
                } else {
                    format!("cannot create {}: {e}; check the --record path", path.display())
                }
            })?;
        Recorder::start(path, file, suite, tools)
    }

    /// Creates a new file `<dir>/<suite>-<UTC time>.jsonl` (`dir` made when missing), with
    /// `-2`, `-3`, … before `.jsonl` when that name is taken, and writes the header.
    ///
    /// # Errors
    ///
    /// A sentence naming the folder or file and what to do.
    pub(crate) fn create_in(
        dir: &Path,
        suite: &Value,
        tools: &[ToolSpec],
        now: SystemTime,
    ) -> Result<Recorder, String> {
        std::fs::create_dir_all(dir).map_err(|e| {
            format!(
                "cannot create the folder {} for the record of the runs: {e}; give a file with --record FILE",
                dir.display()
            )
        })?;
        let name = suite.get("name").and_then(Value::as_str).unwrap_or("");
        let stem = format!("{}-{}", file_stem(name), utc_stamp(now));
        for n in 1..=MAX_SUFFIX {
            let path = match n {
                1 => dir.join(format!("{stem}.jsonl")),
                n => dir.join(format!("{stem}-{n}.jsonl")),
            };
            match File::options().write(true).create_new(true).open(&path) {
                Ok(file) => return Recorder::start(&path, file, suite, tools),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => {
                    return Err(format!(
                        "cannot create {}: {e}; give a file with --record FILE",
                        path.display()
                    ));
                }
            }
        }
        Err(format!(
            "{MAX_SUFFIX} record files named {stem}… already exist in {}; give a file with --record FILE",
            dir.display()
        ))
    }

    fn start(
        path: &Path,
        file: File,
        suite: &Value,
        tools: &[ToolSpec],
    ) -> Result<Recorder, String> {
        let mut recorder = Recorder {
            path: path.to_owned(),
            out: BufWriter::new(file),
            failed: None,
        };
        let header = ToolsHeader {
            suite: Some(suite.clone()),
            tools: tools.to_vec(),
        };
        recorder.line(&serde_json::to_string(&header).map_err(|e| e.to_string())?);
        match recorder.failed.take() {
            Some(e) => Err(e),
            None => Ok(recorder),
        }
    }

    /// The file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Appends the line of one finished run.
    pub(crate) fn run(&mut self, scenario_id: &str, run: &RunResult) {
        let error;
        let outcome = match (&run.trajectory, &run.error) {
            (Some(trajectory), _) => Ok(trajectory),
            (None, Some(e)) => Err(e.as_str()),
            (None, None) => {
                error = format!("the run ended {} without a trajectory", run.status.as_str());
                Err(error.as_str())
            }
        };
        let transcript = Transcript::record(scenario_id, run.attempt, outcome);
        match serde_json::to_string(&transcript) {
            Ok(line) => self.line(&line),
            Err(e) => self.note(format!("cannot write a run of {scenario_id}: {e}")),
        }
    }

    /// The first write error, if any.
    pub(crate) fn error(&self) -> Option<&str> {
        self.failed.as_deref()
    }

    fn line(&mut self, line: &str) {
        if self.failed.is_some() {
            return;
        }
        let written = writeln!(self.out, "{line}").and_then(|()| self.out.flush());
        if let Err(e) = written {
            self.note(format!("cannot write to {}: {e}", self.path.display()));
        }
    }

    fn note(&mut self, message: String) {
        if self.failed.is_none() {
            self.failed = Some(message);
        }
    }
}

/// A suite name as part of a file name: lower case, letters and digits kept (any script),
/// `.` and `_` kept inside, every other run of characters one `-`, at most 60 characters;
/// `suite` when nothing is left.
fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() || c == '_' || (c == '.' && !stem.is_empty()) {
            stem.push(c);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
        if stem.chars().count() >= 60 {
            break;
        }
    }
    let stem = stem.trim_end_matches(['-', '.']);
    if stem.is_empty() {
        "suite".to_owned()
    } else {
        stem.to_owned()
    }
}

/// `20260105T101502Z`: ISO 8601's basic format, which sorts in time order and has no `:`
/// (not allowed in Windows file names).
fn utc_stamp(time: SystemTime) -> String {
    chrono::DateTime::<chrono::Utc>::from(time)
        .format("%Y%m%dT%H%M%SZ")
        .to_string()
}

#[cfg(test)]
mod tests;
