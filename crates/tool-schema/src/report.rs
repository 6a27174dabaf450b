//! The lint's result: findings, scores, and their text, JSON and SARIF forms.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::{Value, json};

use crate::finding::{Finding, RULES, Severity};
use crate::score::{ServerScore, ToolScore};
use crate::tokens::RepeatedDefs;
use crate::validation::{IntegrityIssue, IssueSeverity, ValidationReport};

/// What [`lint`](crate::lint::lint) found in a tool list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LintReport {
    findings: Vec<Finding>,
    server: ServerScore,
    tools: Vec<ToolScore>,
    repeated_defs: RepeatedDefs,
}

impl LintReport {
    pub(crate) fn new(
        findings: Vec<Finding>,
        (tools, server): (Vec<ToolScore>, ServerScore),
        repeated_defs: RepeatedDefs,
    ) -> Self {
        Self {
            findings,
            server,
            tools,
            repeated_defs,
        }
    }

    /// Appends findings that do not count towards the scores (drift against a baseline).
    pub(crate) fn push_findings(&mut self, findings: Vec<Finding>) {
        self.findings.extend(findings);
    }

    /// Every finding, by tool (list-wide findings last), most severe first within a tool.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// One score per tool, in list order.
    pub fn tool_scores(&self) -> &[ToolScore] {
        &self.tools
    }

    /// The score of the whole list.
    pub fn server_score(&self) -> &ServerScore {
        &self.server
    }

    /// The `$defs` blocks repeated across tools and the tokens they waste.
    pub fn repeated_defs(&self) -> RepeatedDefs {
        self.repeated_defs
    }

    /// Number of findings with severity `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// Whether any finding has severity `at_least` or higher.
    pub fn has_findings(&self, at_least: Severity) -> bool {
        self.findings.iter().any(|f| f.severity >= at_least)
    }

    /// The findings as text, one per line (`source: tool/pointer: severity[RULE] message`),
    /// then a summary line.
    pub fn to_text(&self, source: &str) -> String {
        let mut out = String::new();
        for f in &self.findings {
            let tool = f.tool.as_deref().map_or_else(
                || {
                    f.tool_index
                        .map_or_else(|| "(list)".to_owned(), |i| format!("tool #{i}"))
                },
                str::to_owned,
            );
            let _ = writeln!(
                out,
                "{source}: {tool}{}: {}[{}] {}",
                f.pointer, f.severity, f.rule, f.message
            );
        }
        let s = &self.server;
        let coverage = s
            .schema_description_coverage
            .map_or_else(|| "n/a".to_owned(), |c| format!("{c} %"));
        let shadowing = match s.shadow_candidates.len() {
            0 => String::new(),
            n => format!("; {n} shadowing candidate(s) to review in the JSON report"),
        };
        let _ = writeln!(
            out,
            "{source}: {} tools, {} errors, {} warnings, {} infos; score {} ({}), lowest tool {}; \
             ≈{} tokens; parameter description coverage {coverage}{shadowing}",
            s.tools,
            self.count(Severity::Error),
            self.count(Severity::Warn),
            self.count(Severity::Info),
            s.score,
            s.grade,
            s.min_tool_score,
            s.total_tokens,
        );
        out
    }

    /// The report as JSON: `{findings, server, tools, repeatedDefs}`.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// The findings as a SARIF 2.1.0 log, `artifact` naming the linted file.
    pub fn to_sarif(&self, artifact: &str) -> Value {
        let rules: Vec<Value> = RULES
            .iter()
            .map(|r| {
                json!({
                    "id": r.id,
                    "shortDescription": {"text": r.summary},
                    "defaultConfiguration": {"level": sarif_level(r.severity)},
                })
            })
            .collect();
        let results: Vec<Value> = self
            .findings
            .iter()
            .map(|f| {
                let list_pointer = f
                    .tool_index
                    .map_or_else(String::new, |i| format!("/tools/{i}"));
                json!({
                    "ruleId": f.rule,
                    "ruleIndex": RULES.iter().position(|r| r.id == f.rule),
                    "level": sarif_level(f.severity),
                    "message": {"text": f.message},
                    "locations": [{
                        "physicalLocation": {"artifactLocation": {"uri": artifact}},
                        "logicalLocations": [{
                            "name": f.tool.clone().unwrap_or_default(),
                            "fullyQualifiedName": format!("{list_pointer}{}", f.pointer),
                            "kind": "object",
                        }],
                    }],
                    "properties": {"jsonPointer": format!("{list_pointer}{}", f.pointer)},
                })
            })
            .collect();
        json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "tool-schema",
                    "informationUri": "https://github.com/mcp-lean/mcp-lean",
                    "rules": rules,
                }},
                "results": results,
            }],
        })
    }

    /// The findings as an error-aware [`ValidationReport`], one task per tool (the task id is
    /// the tool's name, or `#index` without one); list-wide findings have no task.
    pub fn to_validation_report(&self) -> ValidationReport {
        let issues = self
            .findings
            .iter()
            .map(|f| {
                let severity = match f.severity {
                    Severity::Error => IssueSeverity::Error,
                    Severity::Warn => IssueSeverity::Warning,
                    Severity::Info => IssueSeverity::Info,
                };
                let task = f
                    .tool
                    .clone()
                    .or_else(|| f.tool_index.map(|i| format!("#{i}")));
                let summary = crate::finding::rule_info(f.rule).map_or("", |r| r.summary);
                IntegrityIssue::new(f.rule, summary, severity, f.message.clone())
                    .with_rule(f.rule)
                    .with_task(task)
                    .with_pointer(Some(f.pointer.clone()).filter(|p| !p.is_empty()))
            })
            .collect();
        ValidationReport::from_issues(issues)
    }

    /// Panics with the text report when any finding has severity `at_least` or higher: the
    /// one-line check for a server's own test suite.
    ///
    /// # Panics
    ///
    /// Panics when the report has findings at or above `at_least`; the panic message lists
    /// them with the rule, the tool, the pointer and how to fix each.
    #[track_caller]
    pub fn assert_clean(&self, at_least: Severity) {
        if self.has_findings(at_least) {
            let mut kept = self.clone();
            kept.findings.retain(|f| f.severity >= at_least);
            panic!(
                "tool definitions have lint findings at or above {at_least} (turn a rule off with \
                 tool_schema::Config::with_rule(id, Level::Off)):\n{}",
                kept.to_text("tools")
            );
        }
    }
}

fn sarif_level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warn => "warning",
        Severity::Info => "note",
    }
}
