//! The lint over the real tools/list corpus in `$MCP_LEAN_CORPUS/tools`.

use std::path::PathBuf;

use tool_schema::{Config, parse_tools_str};

/// The corpus folder from `MCP_LEAN_CORPUS`, or `None` when the variable is unset.
fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("MCP_LEAN_CORPUS")?);
    assert!(
        dir.is_dir(),
        "MCP_LEAN_CORPUS={} is not a folder",
        dir.display()
    );
    Some(dir)
}

/// Every `*.tools.json` of the corpus with its text; empty when `MCP_LEAN_CORPUS` is unset.
pub(crate) fn tool_lists() -> Vec<(PathBuf, String)> {
    let Some(dir) = corpus() else {
        return Vec::new();
    };
    let mut lists: Vec<(PathBuf, String)> = std::fs::read_dir(dir.join("tools"))
        .expect("a tools folder")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".tools.json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            (p, text)
        })
        .collect();
    lists.sort();
    lists
}

#[test]
fn every_corpus_tool_list_parses_and_lints() {
    if corpus().is_none() {
        return;
    }
    let mut files = 0;
    let mut tools = 0;
    for (path, text) in tool_lists() {
        let list = parse_tools_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let report = tool_schema::lint(&list, &Config::default());
        assert_eq!(report.tool_scores().len(), list.len());
        assert!(report.server_score().score <= 100);
        for f in report.findings() {
            assert!(
                tool_schema::rule_info(f.rule).is_some(),
                "unknown rule {}",
                f.rule
            );
            assert!(
                f.pointer.is_empty() || f.pointer.starts_with('/'),
                "bad pointer {:?}",
                f.pointer
            );
            if let (Some(i), false) = (f.tool_index, f.pointer.is_empty()) {
                let tool = list[i].to_value();
                let parent = f.pointer.rsplit_once('/').map_or("", |(p, _)| p);
                assert!(
                    tool.pointer(&f.pointer).is_some() || tool.pointer(parent).is_some(),
                    "{}: pointer {} of {} leads nowhere",
                    path.display(),
                    f.pointer,
                    f.rule
                );
            }
        }
        files += 1;
        tools += list.len();
    }
    assert_eq!((files, tools), (35, 557));
}

/// Notion repeats one 2,317-char `$defs` block in all 24 tools (corpus SUMMARY.md).
#[test]
fn notion_repeated_defs_are_measured() {
    let Some(dir) = corpus() else { return };
    let text =
        std::fs::read_to_string(dir.join("tools/notion-mcp-server.tools.json")).expect("readable");
    let report = tool_schema::lint(
        &parse_tools_str(&text).expect("a tool list"),
        &Config::default(),
    );
    let defs = report.repeated_defs();
    assert_eq!((defs.blocks, defs.tools), (1, 24));
    assert!(defs.wasted_tokens > 12_000, "{defs:?}");
    assert!(
        report
            .findings()
            .iter()
            .any(|f| f.rule == "TT-CATALOG" && f.message.contains("$defs"))
    );
}
