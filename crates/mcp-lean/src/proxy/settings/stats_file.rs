//! The `--stats` file: one JSON line per tool call, appended as calls finish.

use std::fs::File;
use std::io::Write as _;
use std::path::Path;
use std::sync::Mutex;

use mcp_proxy_rules::CallStats;

/// An open statistics file.
#[derive(Debug)]
pub(crate) struct StatsFile {
    file: Mutex<File>,
    path: String,
}

impl StatsFile {
    /// Opens `path` for appending, creating it when missing.
    pub(crate) fn open(path: &Path) -> Result<Self, String> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| {
                format!(
                    "cannot open the statistics file {}: {e}; check the --stats path",
                    path.display()
                )
            })?;
        Ok(Self {
            file: Mutex::new(file),
            path: path.display().to_string(),
        })
    }

    /// Appends one line. A failed write is reported on stderr and never stops the proxy.
    pub(crate) fn append(&self, stats: &CallStats) {
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Err(e) = writeln!(file, "{}", stats.to_line()) {
            eprintln!("mcp-lean proxy: cannot write to {}: {e}", self.path);
        }
    }
}
