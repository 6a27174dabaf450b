//! House rules checked on the sources: every module opens with a `//!` line, no file is longer
//! than 800 lines, and no `mod.rs`.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_source_file_follows_the_house_layout() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "examples"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() >= 15, "found only {} files", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("UTF-8 source");
        let first = text.lines().next().unwrap_or("");
        let is_root = path.ends_with("src/lib.rs");
        // Pulled into the fuzz target with `include!`, where an inner doc comment cannot stand.
        let included = path.ends_with("fuzz_property.rs") && first.starts_with("// ");
        assert!(
            first.starts_with("//!") || (is_root && first.starts_with("#![doc")) || included,
            "{} must open with a //! line",
            path.display()
        );
        assert!(
            text.lines().count() <= 800,
            "{} is over 800 lines",
            path.display()
        );
        assert!(
            !path.ends_with("mod.rs"),
            "{}: use foo.rs + foo/, not mod.rs",
            path.display()
        );
    }
}
