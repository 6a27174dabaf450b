//! Honest help and account texts stay unflagged: the message catalogues of django-allauth and
//! Django's `auth` and `admin` apps in the detector's nine languages ("Forgotten your
//! password?", "We have sent you an e-mail…", "Never share your recovery codes"); and so do
//! articles about prompt injection (the READMEs of six LLM-security packages), developer
//! documentation (the AWS CLI's command examples: passwords, policies removed, messages sent
//! to addresses, language models) and the honest files of ctxsentry's benchmark, each kind
//! held to the bar on its own.
//!
//! The set is third-party data built at test time by `scripts/clean-account-texts.py` and never
//! committed; the test reads it from `MCP_LEAN_INJECTION_CLEAN` (`.ci/run` sets it), fails when
//! the variable names a missing file, and has nothing to measure when it is unset. The figure in
//! BENCHMARKS.md comes from
//! `cargo test -p mcp-lean-injection --test integration clean -- --nocapture`.

use std::collections::BTreeMap;

use mcp_lean_injection::addressed_to_agent;

/// Flagged texts allowed, in per mille of each kind of text (the bar is 1 %).
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
    let mut per_lang: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    let mut flagged = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let row: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("clean.jsonl line {}: {e}", i + 1));
        let (Some(lang), Some(words)) = (row["lang"].as_str(), row["text"].as_str()) else {
            panic!("clean.jsonl line {}: no lang or text", i + 1);
        };
        let kind = row["kind"].as_str().unwrap_or("account");
        let found = addressed_to_agent(words);
        let missing = mcp_lean_injection::looser_grammars_missing(words);
        assert!(
            missing.is_empty(),
            "{words:?}: looser grammars miss {missing:?}"
        );
        let e = per_lang
            .entry((kind.to_owned(), lang.to_owned()))
            .or_default();
        e.0 += usize::from(found.is_some());
        e.1 += 1;
        if let Some(found) = found {
            flagged.push((
                kind.to_owned(),
                format!("{kind} {lang}: {words:?} ({})", found.what),
            ));
        }
    }
    let total: usize = per_lang.values().map(|v| v.1).sum();
    assert!(total >= 1_000, "only {total} clean texts");
    let mut report = String::from("| kind | language | flagged |\n|---|---|--:|\n");
    let mut per_kind: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for ((kind, lang), (hit, n)) in &per_lang {
        report.push_str(&format!("| {kind} | {lang} | {hit} of {n} |\n"));
        let k = per_kind.entry(kind.as_str()).or_default();
        k.0 += hit;
        k.1 += n;
    }
    for (_, f) in &flagged {
        report.push_str(&format!("flagged {f}\n"));
    }
    #[allow(
        clippy::print_stderr,
        reason = "the figure BENCHMARKS.md quotes, seen with --nocapture"
    )]
    {
        eprintln!("{report}");
    }
    for (kind, (hit, n)) in per_kind {
        assert!(
            hit * 1_000 <= n * MAX_FLAGGED_PER_MILLE,
            "{hit} of {n} honest texts of kind {kind} flagged\n{report}"
        );
    }
}
