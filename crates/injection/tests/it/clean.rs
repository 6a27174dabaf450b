//! Honest help and account texts stay unflagged: the message catalogues of django-allauth and
//! Django's `auth` and `admin` apps in the detector's eight languages ("Forgotten your
//! password?", "We have sent you an e-mail…", "Never share your recovery codes").
//!
//! The set is third-party data built at test time by `scripts/clean-account-texts.py` and never
//! committed; the test reads it from `MCP_LEAN_INJECTION_CLEAN` (`.ci/run` sets it), fails when
//! the variable names a missing file, and has nothing to measure when it is unset. The figure in
//! BENCHMARKS.md comes from
//! `cargo test -p mcp-lean-injection --test integration clean -- --nocapture`.

use std::collections::BTreeMap;

use mcp_lean_injection::addressed_to_agent;

/// Flagged texts allowed, in per mille of the set (the bar is 1 %).
const MAX_FLAGGED_PER_MILLE: usize = 10;

#[test]
fn help_and_account_texts_are_not_flagged() {
    let Some(path) = std::env::var_os("MCP_LEAN_INJECTION_CLEAN") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "MCP_LEAN_INJECTION_CLEAN={}: {e}; run scripts/clean-account-texts.py",
            path.to_string_lossy()
        )
    });
    let mut per_lang: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut flagged = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let row: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("clean.jsonl line {}: {e}", i + 1));
        let (Some(lang), Some(words)) = (row["lang"].as_str(), row["text"].as_str()) else {
            panic!("clean.jsonl line {}: no lang or text", i + 1);
        };
        let found = addressed_to_agent(words);
        let e = per_lang.entry(lang.to_owned()).or_default();
        e.0 += usize::from(found.is_some());
        e.1 += 1;
        if let Some(found) = found {
            flagged.push(format!("{lang}: {words:?} ({})", found.what));
        }
    }
    let total: usize = per_lang.values().map(|v| v.1).sum();
    assert!(total >= 1_000, "only {total} clean texts");
    let mut report = String::from("| language | flagged |\n|---|--:|\n");
    for (lang, (hit, n)) in &per_lang {
        report.push_str(&format!("| {lang} | {hit} of {n} |\n"));
    }
    for f in &flagged {
        report.push_str(&format!("flagged {f}\n"));
    }
    #[allow(
        clippy::print_stderr,
        reason = "the figure BENCHMARKS.md quotes, seen with --nocapture"
    )]
    {
        eprintln!("{report}");
    }
    assert!(
        flagged.len() * 1_000 <= total * MAX_FLAGGED_PER_MILLE,
        "{} of {total} honest texts flagged\n{report}",
        flagged.len()
    );
}
