//! Every corpus snapshot parses without a diagnostic and renders back byte for byte.

use snapshot_digest::{parse, parse_lenient, render};

#[test]
fn every_corpus_snapshot_round_trips() {
    let Some(dir) = crate::corpus() else {
        eprintln!("MCP_LEAN_CORPUS is not set; the corpus round trip did not run");
        return;
    };
    let files = crate::corpus_snapshots(&dir);
    assert_eq!(
        files.len(),
        350,
        "the corpus has 175 pages with two snapshots each"
    );
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("corpus file is UTF-8");
        let (snap, diagnostics) = parse_lenient(&text);
        if let Some(d) = diagnostics.first() {
            failures.push(format!(
                "{}: {} diagnostics, first: {d}",
                path.display(),
                diagnostics.len()
            ));
            continue;
        }
        let strict = parse(&text).expect("strict parse agrees with lenient");
        assert!(strict.same_tree(&snap));
        let rendered = render(&snap);
        if rendered != text {
            let line = rendered
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .map_or(0, |i| i + 1);
            let got = rendered.lines().nth(line.saturating_sub(1)).unwrap_or("");
            let want = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
            failures.push(format!(
                "{}:{line}: rendered {got:?}, input {want:?}",
                path.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
