//! Tests of `mcp-lean guard`: pass-through, text cuts, JSON summaries, limits, errors, corpus.

use crate::{corpus, run};

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn small_input_passes_unchanged() {
    let out = run(&["guard", "-"], Some("hello\n"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "hello\n");
}

#[test]
fn large_text_is_cut_with_a_counts_line() {
    let text: String = (0..3000).map(|i| format!("console line {i}\n")).collect();
    let out = run(&["guard", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
    let preview = stdout(&out);
    let first = preview.lines().next().unwrap();
    assert!(
        first.starts_with(&format!(
            "counts: totalLength={}, shownLength=",
            text.chars().count()
        )),
        "{first}"
    );
    assert!(
        first.contains("truncated=true, estimatedTokens="),
        "{first}"
    );
    assert!(
        !first.contains("confirmToken"),
        "a one-shot CLI keeps no store: {first}"
    );
    assert_eq!(preview.lines().nth(1), Some("console line 0"));
    assert!(preview.contains("console line 2999\n"));
    // The preview plus the newline the CLI ends it with.
    assert!(preview.trim_end_matches('\n').chars().count() <= 2000);
}

#[test]
fn json_is_summarized_and_keeps_key_order() {
    let rows: Vec<String> = (0..2000)
        .map(|i| format!(r#"{{"name":"item {i}","id":{i}}}"#))
        .collect();
    let json = format!("[{}]", rows.join(","));
    let out = run(&["guard", "--max-tokens", "300", "-"], Some(&json));
    assert_eq!(out.status.code(), Some(0));
    let preview = stdout(&out);
    let lines: Vec<&str> = preview.lines().collect();
    assert_eq!(lines[1], "Array(2000) [");
    assert_eq!(lines[2], "  {name: \"item 0\", id: 0},");
    assert!(preview.trim_end().chars().count() <= 1200);
}

#[test]
fn json_flag_prints_the_preview_struct() {
    let text = "word ".repeat(1000);
    let out = run(
        &["guard", "--json", "--max-chars", "1000", "-"],
        Some(&text),
    );
    assert_eq!(out.status.code(), Some(0));
    let preview: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(preview["truncated"], true);
    assert_eq!(preview["totalLength"], 5000);
    assert_eq!(preview["estimatedTokens"], 1250);
    assert_eq!(preview["kind"], "text");
    assert_eq!(preview["summarized"], false);
    assert!(preview["text"].as_str().unwrap().chars().count() <= 1000);
    assert!(preview.get("confirmToken").is_none());
}

#[test]
fn bad_limits_and_files_exit_2() {
    let out = run(&["guard", "--max-chars", "10", "-"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("limit of 10 chars is too small; use at least 800 chars"),
        "{err}"
    );

    let out = run(
        &["guard", "--max-chars", "900", "--max-tokens", "300", "-"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));

    let out = run(&["guard", "/nonexistent/output.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("cannot read /nonexistent/output.txt")
    );
}

#[test]
fn every_corpus_page_previews_within_the_limit() {
    let Some(dir) = corpus() else { return };
    let mut files = Vec::new();
    for sub in ["html", "readability"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    files.push(dir.join("manifest.json"));
    files.sort();
    assert!(files.len() > 100, "{} files", files.len());
    // A sample keeps this test quick: the HTML pages, the manifest and every tenth snapshot.
    let sample = files
        .iter()
        .enumerate()
        .filter(|(i, p)| i % 10 == 0 || p.extension().is_some_and(|e| e == "html" || e == "json"));
    for (_, path) in sample {
        let out = run(&["guard", "--json", path.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(0), "{}", path.display());
        let preview: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let text = preview["text"].as_str().unwrap();
        assert!(text.chars().count() <= 2000, "{}", path.display());
        if preview["truncated"] == true {
            assert!(
                text.starts_with("counts: totalLength="),
                "{}",
                path.display()
            );
        }
    }
}
