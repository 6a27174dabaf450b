//! Linked files are read only under the server's output folder.

use std::path::{Path, PathBuf};

use mcp_proxy_rules::SnapshotFiles as _;

use super::{OutputFiles, OutputFolder, output_dir_of};

const SNAPSHOT: &str = "- button \"Go\" [ref=e1]\n";

/// A workspace with an output folder `out/` holding `page.yml`, and a secret outside it.
fn workspace(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcp-lean-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("out")).expect("a temp folder");
    std::fs::write(dir.join("out/page.yml"), SNAPSHOT).expect("write");
    std::fs::write(dir.join("secret.yml"), "password: hunter2\n").expect("write");
    dir
}

fn refused(files: &OutputFiles, link: &str, says: &str) {
    let err = files.read(link).expect_err(link);
    assert!(err.contains(says), "{link}: {err}");
    assert!(!err.contains('\n'), "one line: {err}");
}

#[test]
fn only_yaml_files_under_the_output_folder_are_read() {
    let dir = workspace("known");
    let files = OutputFiles::new(dir.clone(), OutputFolder::Known(PathBuf::from("out")));
    assert_eq!(files.read("out/page.yml").as_deref(), Ok(SNAPSHOT));
    let abs = dir.join("out/page.yml");
    assert_eq!(
        files.read(abs.to_str().expect("utf-8")).as_deref(),
        Ok(SNAPSHOT)
    );
    refused(
        &files,
        "secret.yml",
        "is outside the server's output folder",
    );
    refused(
        &files,
        "out/../secret.yml",
        "is outside the server's output folder",
    );
    refused(
        &files,
        dir.join("secret.yml").to_str().expect("utf-8"),
        "is outside",
    );
    refused(&files, "/etc/passwd", "not a .yml or .yaml file");
    refused(&files, "out/missing.yml", "cannot open");
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn symlinks_fifos_and_huge_files_keep_their_links() {
    let dir = workspace("special");
    let files = OutputFiles::new(dir.clone(), OutputFolder::Known(PathBuf::from("out")));
    std::os::unix::fs::symlink(dir.join("secret.yml"), dir.join("out/link.yml")).expect("symlink");
    refused(
        &files,
        "out/link.yml",
        "is outside the server's output folder",
    );
    let fifo = dir.join("out/pipe.yml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Opening a FIFO for reading would block until a writer came; the proxy does not wait.
    refused(&files, "out/pipe.yml", "is not a regular file");
    let sparse = std::fs::File::create(dir.join("out/huge.yml")).expect("create");
    sparse.set_len(2 << 30).expect("a 2 GiB sparse file");
    refused(&files, "out/huge.yml", "is over 64 MiB");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn without_a_known_folder_the_first_relative_link_names_it() {
    let dir = workspace("first");
    std::fs::create_dir_all(dir.join("other")).expect("mkdir");
    std::fs::write(dir.join("other/page.yml"), SNAPSHOT).expect("write");
    let files = OutputFiles::new(dir.clone(), OutputFolder::FirstLink);
    // An absolute first link cannot choose the folder.
    refused(
        &files,
        dir.join("out/page.yml").to_str().expect("utf-8"),
        "must be a relative path inside the workspace",
    );
    refused(&files, "../x.yml", "cannot open");
    assert_eq!(files.read("out/page.yml").as_deref(), Ok(SNAPSHOT));
    // Now the folder is out/: the workspace's other files stay unread.
    refused(
        &files,
        "other/page.yml",
        "is outside the server's output folder",
    );
    refused(
        &files,
        "secret.yml",
        "is outside the server's output folder",
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_output_folder_comes_from_the_servers_arguments_or_config() {
    let dir = workspace("args");
    let ws = Path::new(&dir);
    let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        output_dir_of(
            &args(&["npx", "@playwright/mcp", "--output-dir", "out"]),
            ws
        ),
        Some(dir.join("out"))
    );
    assert_eq!(
        output_dir_of(&args(&["x", "--output-dir=/tmp/o"]), ws),
        Some(PathBuf::from("/tmp/o"))
    );
    std::fs::write(dir.join("pw.json"), r#"{"outputDir": "snapshots"}"#).expect("write");
    assert_eq!(
        output_dir_of(&args(&["x", "--config", "pw.json"]), ws),
        Some(dir.join("snapshots"))
    );
    assert_eq!(output_dir_of(&args(&["x", "--headless"]), ws), None);
    assert_eq!(
        output_dir_of(&args(&["x", "--config", "missing.json"]), ws),
        None
    );
    let _ = std::fs::remove_dir_all(dir);
}
