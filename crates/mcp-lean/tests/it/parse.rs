//! Tests of `mcp-lean parse`: summary, JSON, render, errors and exit codes.

use crate::{corpus, repo_path, run};

fn sample() -> String {
    repo_path("examples/shop.snapshot.yaml")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn summary_of_the_shipped_sample() {
    let out = run(&["parse", &sample()], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("nodes        46  (43 elements, 3 text)"),
        "{stdout}"
    );
    assert!(stdout.contains("refs         43"), "{stdout}");
    assert!(stdout.contains("interactive  21"), "{stdout}");
    assert!(stdout.contains("depth        6"), "{stdout}");
}

#[test]
fn render_reproduces_the_input() {
    let text = std::fs::read_to_string(sample()).unwrap();
    let out = run(&["parse", "--render", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), text);
}

#[test]
fn json_has_playwrights_shape() {
    let text = "- link \"Docs\" [ref=e2] [cursor=pointer]:\n  - /url: /docs\n- heading \"Hi\" [level=2]\n- listitem:\n  - text: only\n- text: loose\n- checkbox [checked=mixed] [box=1,2,3,4] [data-x=y]";
    let out = run(&["parse", "--json", "-"], Some(text));
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json,
        serde_json::json!([
            {"role": "link", "name": "Docs", "ref": "e2", "cursor": "pointer", "url": "/docs"},
            {"role": "heading", "name": "Hi", "level": 2},
            {"role": "listitem", "text": "only"},
            {"role": "text", "text": "loose"},
            {"role": "checkbox", "checked": "mixed", "box": {"x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0}, "attributes": {"data-x": "y"}}
        ])
    );
    let first = String::from_utf8(out.stdout).unwrap();
    assert!(
        first.find("\"role\"") < first.find("\"name\""),
        "role comes first: {first}"
    );
}

#[test]
fn malformed_input_reports_file_line_column() {
    let out = run(&["parse", "-"], Some("- list:\n  - listitem \"a\n"));
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        "<stdin>:2:14: quoted string is not closed on this line; add the closing quote\n"
    );
}

#[test]
fn usage_and_io_errors_exit_2() {
    assert_eq!(run(&["parse"], None).status.code(), Some(2));
    assert_eq!(
        run(&["parse", "--json", "--render", "-"], Some(""))
            .status
            .code(),
        Some(2)
    );
    let out = run(&["parse", "/nonexistent/snapshot.yaml"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("mcp-lean: cannot read /nonexistent/snapshot.yaml")
    );
    let out = run(&["parse", "-"], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "empty stdin is the empty snapshot"
    );
}

#[test]
fn every_corpus_file_parses() {
    let Some(dir) = corpus() else { return };
    let mut count = 0;
    for sub in ["readability", "miniwob"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if !path.to_string_lossy().ends_with(".yaml") {
                continue;
            }
            let out = run(&["parse", &path.to_string_lossy()], None);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}: {}",
                path.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            count += 1;
        }
    }
    assert_eq!(count, 350);
}

#[test]
fn a_closed_stdout_ends_quietly() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};

    let big: String = (0..40_000)
        .map(|i| format!("- listitem [ref=e{i}]: item number {i}\n"))
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
        .args(["parse", "--render", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(big.as_bytes()));
    let mut head = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The reader is gone now (like `| head`); the rest of the 2 MB cannot be written.
    writer.join().unwrap().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "no panic message");
    assert_eq!(&head, b"- listitem [ref=");
}

#[test]
fn chrome_devtools_snapshots_are_read_detected_or_chosen() {
    let text = "## Latest page snapshot\nuid=1_0 RootWebArea \"Shop\" url=\"http://x/\"\n  uid=1_5 button \"Add to basket\" focusable\n  uid=1_6 \"Price: 39.90\"\n";
    let out = crate::run(&["parse", "--render", "-"], Some(text));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rendered = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        rendered.trim_end(),
        text.trim_start_matches("## Latest page snapshot\n")
            .trim_end()
    );
    let chosen = crate::run(&["parse", "--syntax", "devtools", "-"], Some(text));
    assert!(chosen.status.success());
    let wrong = crate::run(&["parse", "--syntax", "playwright", "-"], Some(text));
    assert_eq!(wrong.status.code(), Some(1));
    let digest = crate::run(&["digest", "--goal", "add to basket", "-"], Some(text));
    assert!(
        String::from_utf8_lossy(&digest.stdout)
            .contains("uid=1_5 button \"Add to basket\" focusable")
    );
}
