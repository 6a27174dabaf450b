//! The transcripts file of a live run: the server's tools first, then one line per finished
//! run, written and flushed as each ends so that an interrupted run loses nothing.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use mcp_eval_core::ToolSpec;
use mcp_eval_core::runner::{RunResult, ToolsHeader, Transcript};

/// An open transcripts file.
pub(crate) struct Recorder {
    path: PathBuf,
    out: BufWriter<File>,
    /// The first write error; later lines are not attempted.
    failed: Option<String>,
}

impl Recorder {
    /// Creates `path`, which must not exist yet (recorded runs are never overwritten), and
    /// writes the tools header.
    ///
    /// # Errors
    ///
    /// A sentence naming the file and what to do.
    pub(crate) fn create(path: &Path, tools: &[ToolSpec]) -> Result<Recorder, String> {
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
        let mut recorder = Recorder {
            path: path.to_owned(),
            out: BufWriter::new(file),
            failed: None,
        };
        let header = ToolsHeader {
            tools: tools.to_vec(),
        };
        recorder.line(&serde_json::to_string(&header).map_err(|e| e.to_string())?);
        match recorder.failed.take() {
            Some(e) => Err(e),
            None => Ok(recorder),
        }
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
