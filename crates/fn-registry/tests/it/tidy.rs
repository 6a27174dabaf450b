//! Tidy checks on the crate's own files: module docs, no `mod.rs`, no oversized files.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_module_opens_with_a_doc_line_and_stays_small() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    assert!(files.len() > 10, "found {} files", files.len());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let name = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .display()
            .to_string();
        assert!(
            !name.ends_with("mod.rs"),
            "{name}: use foo.rs + foo/, not mod.rs"
        );
        if name != "src/lib.rs" {
            assert!(
                text.starts_with("//! "),
                "{name} does not open with a //! line"
            );
        }
        let lines = text.lines().count();
        assert!(lines <= 600, "{name} has {lines} lines, more than 600");
    }
}
