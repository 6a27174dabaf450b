//! Snapshot files that a server's result links to, read only where the server writes.
//!
//! A server's output names the path, so a hostile or broken server could name any file the
//! user can read. The proxy reads a link only when the file's canonical path (symlinks
//! resolved) lies under the server's output folder, is a regular file (never a FIFO or a
//! device, which could block or never end), ends in `.yml` or `.yaml`, and is at most
//! [`MAX_FILE_BYTES`]. Everything else keeps its link, with the reason.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use mcp_proxy_rules::SnapshotFiles;

/// The largest snapshot file the proxy reads; a bigger one keeps its link.
const MAX_FILE_BYTES: u64 = 64 << 20;
/// The largest server configuration file read for its `outputDir`.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Where the server writes, as far as the proxy can tell before the first link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OutputFolder {
    /// Named by the server's arguments or configuration (`--output-dir`, `outputDir`), or by
    /// the user (`--workspace`).
    Known(PathBuf),
    /// Unknown: the folder of the first file the server links to by a relative path inside
    /// the workspace becomes it.
    FirstLink,
}

/// Reads linked snapshot files under the server's output folder.
#[derive(Debug)]
pub(crate) struct OutputFiles {
    /// Relative links are resolved against this folder, as the server resolves them.
    workspace: PathBuf,
    folder: OutputFolder,
    /// The canonical output folder, once known.
    root: Mutex<Option<PathBuf>>,
}

impl OutputFiles {
    pub(crate) fn new(workspace: PathBuf, folder: OutputFolder) -> Self {
        Self {
            workspace,
            folder,
            root: Mutex::new(None),
        }
    }

    /// The output folder the checks use now: a known one once it exists (servers create it
    /// on their first write), or the folder of `canonical`, the first linked file.
    fn root_for(&self, link: &str, canonical: &Path) -> Result<PathBuf, String> {
        let mut root = self.root.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(root) = root.as_ref() {
            return Ok(root.clone());
        }
        match &self.folder {
            OutputFolder::Known(dir) => {
                let dir = self.workspace.join(dir);
                let canonical = std::fs::canonicalize(&dir).map_err(|e| {
                    format!(
                        "the server's output folder {} cannot be resolved ({e}), so the proxy reads no file",
                        dir.display()
                    )
                })?;
                *root = Some(canonical.clone());
                Ok(canonical)
            }
            OutputFolder::FirstLink => {
                let workspace = std::fs::canonicalize(&self.workspace).map_err(|e| {
                    format!(
                        "cannot resolve the workspace {}: {e}; pass --workspace",
                        self.workspace.display()
                    )
                })?;
                let parent = canonical.parent().unwrap_or(canonical);
                if Path::new(link).is_absolute() || !parent.starts_with(&workspace) {
                    return Err(format!(
                        "the first file a server links to must be a relative path inside the workspace {}, so the proxy does not read it; pass --workspace or the server's --output-dir",
                        workspace.display()
                    ));
                }
                *root = Some(parent.to_owned());
                Ok(parent.to_owned())
            }
        }
    }
}

impl SnapshotFiles for OutputFiles {
    fn read(&self, link: &str) -> Result<String, String> {
        let path = Path::new(link);
        let path = if path.is_absolute() {
            path.to_owned()
        } else {
            self.workspace.join(path)
        };
        let is_yaml = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("yml") || e.eq_ignore_ascii_case("yaml"));
        if !is_yaml {
            return Err("not a .yml or .yaml file, so the proxy does not read it".to_owned());
        }
        let canonical = std::fs::canonicalize(&path).map_err(|e| {
            format!(
                "cannot open {}: {e}; if the server writes elsewhere, pass --workspace",
                path.display()
            )
        })?;
        let root = self.root_for(link, &canonical)?;
        if !canonical.starts_with(&root) {
            return Err(format!(
                "{} is outside the server's output folder {}, so the proxy does not read it",
                canonical.display(),
                root.display()
            ));
        }
        let file = open_no_block(&canonical)
            .map_err(|e| format!("cannot open {}: {e}", canonical.display()))?;
        let meta = file
            .metadata()
            .map_err(|e| format!("cannot read {}: {e}", canonical.display()))?;
        if !meta.is_file() {
            return Err(format!(
                "{} is not a regular file, so the proxy does not read it",
                canonical.display()
            ));
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(format!(
                "{} is over {} MiB, so the proxy does not read it",
                canonical.display(),
                MAX_FILE_BYTES >> 20
            ));
        }
        let mut text = String::new();
        let read = file
            .take(MAX_FILE_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read {}: {e}", canonical.display()))?;
        if read as u64 > MAX_FILE_BYTES {
            return Err(format!(
                "{} grew over {} MiB while it was read",
                canonical.display(),
                MAX_FILE_BYTES >> 20
            ));
        }
        Ok(text)
    }
}

/// Opens a file without following a final symlink and without blocking on a FIFO (the path
/// was checked, but may have been swapped since).
#[cfg(unix)]
fn open_no_block(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(path)
}

#[cfg(not(unix))]
fn open_no_block(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// The output folder a server's command line names: `--output-dir DIR` or `--output-dir=DIR`,
/// else `outputDir` in the JSON file of `--config FILE`; relative to `workspace`. `None` when
/// neither says.
pub(crate) fn output_dir_of(command: &[String], workspace: &Path) -> Option<PathBuf> {
    let value = |flag: &str| {
        command.iter().enumerate().find_map(|(i, arg)| {
            if arg == flag {
                command.get(i + 1).cloned()
            } else {
                arg.strip_prefix(flag)
                    .and_then(|rest| rest.strip_prefix('='))
                    .map(str::to_owned)
            }
        })
    };
    if let Some(dir) = value("--output-dir") {
        return Some(workspace.join(dir));
    }
    let config = workspace.join(value("--config")?);
    let file = std::fs::File::open(config).ok()?;
    let mut text = String::new();
    file.take(MAX_CONFIG_BYTES).read_to_string(&mut text).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json.get("outputDir")
        .and_then(serde_json::Value::as_str)
        .map(|dir| workspace.join(dir))
}

#[cfg(test)]
mod tests;
