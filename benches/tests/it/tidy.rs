//! The house rules every source file of the workspace keeps, checked so they cannot drift:
//! one concept per module (no file over 600 lines but word lists), unit tests in
//! `<module>/tests.rs`, `foo.rs` + `foo/` instead of `mod.rs`, and a `//!` line that says what
//! each module is for.

use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MAX_LINES: usize = 600;

/// Files that are data written as code, exempt from `MAX_LINES`: closed word classes by
/// language, which grow with the languages covered, not with logic.
const DATA: &[&str] = &["crates/snapshot-digest/src/digest/meaning/question/words.rs"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("benches/ sits in the workspace")
        .to_path_buf()
}

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source folders of every package: `src/` of each crate, of the benches and of the
/// examples.
fn source_files() -> Vec<(String, String)> {
    let root = workspace();
    let mut dirs = vec![root.join("benches/src")];
    for parent in ["crates", "examples"] {
        let mut packages: Vec<PathBuf> = std::fs::read_dir(root.join(parent))
            .expect("the workspace's package folders read")
            .filter_map(|e| e.ok().map(|e| e.path().join("src")))
            .collect();
        packages.sort();
        dirs.extend(packages);
    }
    let mut files = Vec::new();
    for dir in dirs {
        sources(&dir, &mut files);
    }
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a source file reads as UTF-8");
            let name = path
                .strip_prefix(&root)
                .expect("under the workspace")
                .to_string_lossy()
                .replace('\\', "/");
            (name, text)
        })
        .collect()
}

#[test]
fn every_source_file_keeps_the_house_rules() {
    let files = source_files();
    assert!(
        files.len() > 300,
        "only {} source files found under the workspace's src folders",
        files.len()
    );
    let mut broken = Vec::new();
    for (name, text) in &files {
        let file = name.rsplit('/').next().unwrap_or(name);
        if file == "mod.rs" {
            broken.push(format!("{name}: use foo.rs + foo/, not mod.rs"));
        }
        let lines = text.lines().count();
        if lines > MAX_LINES && !DATA.contains(&name.as_str()) {
            broken.push(format!(
                "{name} has {lines} lines, more than {MAX_LINES}: split it by concept"
            ));
        }
        for (at, line) in text.lines().enumerate() {
            let line = line.trim_start();
            if line.starts_with("mod tests {") || line.starts_with("pub(crate) mod tests {") {
                broken.push(format!(
                    "{name}:{}: unit tests inline; move them to their module's tests.rs",
                    at + 1
                ));
            }
            if line.starts_with("#[path") {
                broken.push(format!(
                    "{name}:{}: a #[path] module; use foo.rs + foo/",
                    at + 1
                ));
            }
        }
        // A crate's root takes its README as its doc; a tests module is named by its path.
        let exempt = matches!(file, "lib.rs" | "tests.rs");
        if !exempt && !text.starts_with("//! ") && !text.starts_with("//!\n") {
            broken.push(format!("{name} does not open with a //! line"));
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_rules_catch_what_they_name() {
    // The checks above read the real tree; make sure the tree they read is the workspace's.
    let files = source_files();
    assert!(
        files
            .iter()
            .any(|(name, _)| name == "crates/snapshot-digest/src/digest.rs")
    );
    assert!(files.iter().any(|(name, _)| name.ends_with("/tests.rs")));
    assert!(DATA.iter().all(|d| files.iter().any(|(name, _)| name == d)));
}
