//! Snapshot files that a server's result links to, read as the server wrote them.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use mcp_proxy_rules::SnapshotFiles;

/// The largest snapshot file the proxy reads; a bigger one keeps its link.
const MAX_FILE_BYTES: u64 = 64 << 20;

/// Reads linked snapshot files: relative paths against the server's workspace root, only
/// `.yml` and `.yaml` files, at most [`MAX_FILE_BYTES`]. A server's output chooses the path,
/// so the proxy reads nothing else: a link to another kind of file passes unchanged.
#[derive(Debug, Clone)]
pub(crate) struct WorkspaceFiles {
    root: PathBuf,
}

impl WorkspaceFiles {
    pub(crate) const fn new(root: PathBuf) -> Self {
        Self { root }
    }

    fn resolve(&self, link: &str) -> PathBuf {
        let path = Path::new(link);
        if path.is_absolute() {
            path.to_owned()
        } else {
            self.root.join(path)
        }
    }
}

impl SnapshotFiles for WorkspaceFiles {
    fn read(&self, link: &str) -> Result<String, String> {
        let path = self.resolve(link);
        let is_yaml = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("yml") || e.eq_ignore_ascii_case("yaml"));
        if !is_yaml {
            return Err("not a .yml or .yaml file, so the proxy does not read it".to_owned());
        }
        let file = std::fs::File::open(&path).map_err(|e| {
            format!(
                "cannot open {}: {e}; if the server writes elsewhere, pass --workspace",
                path.display()
            )
        })?;
        let mut text = String::new();
        let read = file
            .take(MAX_FILE_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if read as u64 > MAX_FILE_BYTES {
            return Err(format!(
                "{} is over {} MiB",
                path.display(),
                MAX_FILE_BYTES >> 20
            ));
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_yaml_files_are_read_relative_to_the_root() {
        let dir = std::env::temp_dir().join(format!("mcp-lean-files-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("out")).expect("a temp folder");
        std::fs::write(dir.join("out/page.yml"), "- button \"Go\" [ref=e1]\n").expect("write");
        std::fs::write(dir.join("secret.txt"), "no").expect("write");
        let files = WorkspaceFiles::new(dir.clone());
        assert_eq!(
            files.read("out/page.yml").as_deref(),
            Ok("- button \"Go\" [ref=e1]\n")
        );
        let abs = dir.join("out/page.yml");
        assert!(files.read(abs.to_str().expect("utf-8 path")).is_ok());
        assert!(
            files
                .read("secret.txt")
                .expect_err("refused")
                .contains("not a .yml")
        );
        assert!(
            files
                .read("out/missing.yml")
                .expect_err("missing")
                .contains("cannot open")
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
