//! The JUnit check both test binaries share: a report validates against the schema the
//! eval-core tests keep, with the real `xmllint` (Debian's `libxml2-utils`, which `.ci/run`
//! installs).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Asserts that the JUnit file at `path` validates; `context` is printed on failure.
pub(crate) fn assert_valid_junit(path: &Path, context: &str) {
    let schema =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../eval-core/tests/it/fixtures/junit.xsd");
    let check = Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(&schema)
        .arg(path)
        .output()
        .expect("xmllint runs (apt-get install -y libxml2-utils)");
    assert!(
        check.status.success(),
        "{}\n{context}",
        String::from_utf8_lossy(&check.stderr)
    );
}
