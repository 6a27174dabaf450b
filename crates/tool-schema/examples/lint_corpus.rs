//! Lints every `*.tools.json` in `$MCP_LEAN_CORPUS/tools` and prints Markdown tables of the
//! findings per server and per rule (the report in docs/lint-corpus.md).
//!
//! Run: `MCP_LEAN_CORPUS=../shared/corpus cargo run -p tool-schema --example lint_corpus`

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a report printer"
)]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use tool_schema::{Config, LintReport, RULES, Severity, parse_tools_str};

fn main() -> ExitCode {
    let Some(dir) = std::env::var_os("MCP_LEAN_CORPUS").map(PathBuf::from) else {
        eprintln!("lint_corpus: set MCP_LEAN_CORPUS to the corpus folder (../shared/corpus)");
        return ExitCode::from(2);
    };
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir.join("tools")) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.to_string_lossy().ends_with(".tools.json"))
            .collect(),
        Err(e) => {
            eprintln!("lint_corpus: cannot read {}/tools: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    files.sort();
    let mut reports: Vec<(String, LintReport)> = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .trim_end_matches(".tools.json")
            .to_owned();
        let parsed = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| parse_tools_str(&t).map_err(|e| e.to_string()));
        match parsed {
            Ok(tools) => reports.push((name, tool_schema::lint(&tools, &Config::default()))),
            Err(e) => {
                eprintln!("lint_corpus: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    print_servers(&reports);
    print_rules(&reports);
    print_costs(&reports);
    ExitCode::SUCCESS
}

fn print_servers(reports: &[(String, LintReport)]) {
    println!("## Findings per server\n");
    println!(
        "| server | tools | errors | warnings | infos | score | grade | lowest tool | ≈tokens | param. description coverage | repeated `$defs` ≈tokens |"
    );
    println!("|---|--:|--:|--:|--:|--:|:-:|--:|--:|--:|--:|");
    let mut totals = [0usize; 5];
    let mut sorted: Vec<&(String, LintReport)> = reports.iter().collect();
    sorted.sort_by_key(|(name, r)| (r.server_score().score, name.clone()));
    for (name, r) in sorted {
        let s = r.server_score();
        let (e, w, i) = (
            r.count(Severity::Error),
            r.count(Severity::Warn),
            r.count(Severity::Info),
        );
        let coverage = s
            .schema_description_coverage
            .map_or_else(|| "–".to_owned(), |c| format!("{c} %"));
        println!(
            "| {name} | {} | {e} | {w} | {i} | {} | {} | {} | {} | {coverage} | {} |",
            s.tools,
            s.score,
            s.grade,
            s.min_tool_score,
            s.total_tokens,
            r.repeated_defs().wasted_tokens
        );
        for (t, v) in totals.iter_mut().zip([s.tools, e, w, i, s.total_tokens]) {
            *t += v;
        }
    }
    println!(
        "| **total** | **{}** | **{}** | **{}** | **{}** | | | | **{}** | | |\n",
        totals[0], totals[1], totals[2], totals[3], totals[4]
    );
}

fn print_rules(reports: &[(String, LintReport)]) {
    let mut by_rule: BTreeMap<&str, (BTreeMap<Severity, usize>, Vec<&str>)> = BTreeMap::new();
    for (name, r) in reports {
        for f in r.findings() {
            let entry = by_rule.entry(f.rule).or_default();
            *entry.0.entry(f.severity).or_default() += 1;
            if entry.1.last() != Some(&name.as_str()) {
                entry.1.push(name);
            }
        }
    }
    println!("## Findings per rule\n");
    println!("| rule | default | findings | by severity | servers | what it checks |");
    println!("|---|---|--:|---|--:|---|");
    for rule in RULES {
        let Some((sev, servers)) = by_rule.get(rule.id) else {
            println!(
                "| {} | {} | 0 | | 0 | {} |",
                rule.id, rule.severity, rule.summary
            );
            continue;
        };
        let n: usize = sev.values().sum();
        let split: Vec<String> = sev.iter().rev().map(|(s, c)| format!("{c} {s}")).collect();
        println!(
            "| {} | {} | {n} | {} | {} | {} |",
            rule.id,
            rule.severity,
            split.join(", "),
            servers.len(),
            rule.summary
        );
    }
}

fn print_costs(reports: &[(String, LintReport)]) {
    println!("\n## Invocation cost and shadowing candidates (Glama TDQS prefilter)\n");
    println!(
        "Costs over the required subtree (`docs/tdqs.md`); a candidate is a tool whose dearest \
         sibling at most half as costly (and at least 4 cheaper) may cover its purpose. TDQS \
         asks an LLM to confirm each; this table does not.\n"
    );
    println!("| server | tools | median cost | dearest tool | candidates | example candidate |");
    println!("|---|--:|--:|---|--:|---|");
    let mut total = 0;
    for (name, r) in reports {
        let mut costs: Vec<u32> = r
            .tool_scores()
            .iter()
            .map(|t| t.cost.invocation_cost)
            .collect();
        costs.sort_unstable();
        let median = costs.get(costs.len() / 2).copied().unwrap_or(0);
        let dearest = r
            .tool_scores()
            .iter()
            .max_by_key(|t| (t.cost.invocation_cost, std::cmp::Reverse(t.index)))
            .map_or_else(String::new, |t| {
                format!(
                    "{} ({})",
                    t.name.as_deref().unwrap_or("?"),
                    t.cost.invocation_cost
                )
            });
        let candidates = &r.server_score().shadow_candidates;
        total += candidates.len();
        let example = candidates
            .iter()
            .max_by_key(|c| c.invocation_cost)
            .map_or_else(String::new, |c| {
                format!(
                    "{} ({}) by {} ({})",
                    c.tool.as_deref().unwrap_or("?"),
                    c.invocation_cost,
                    c.cheaper_sibling.as_deref().unwrap_or("?"),
                    c.cheaper_sibling_invocation_cost
                )
            });
        println!(
            "| {name} | {} | {median} | {dearest} | {} | {example} |",
            costs.len(),
            candidates.len()
        );
    }
    println!("\n{total} candidates over {} servers.", reports.len());
}
