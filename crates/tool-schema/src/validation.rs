//! Error-aware output types: a `ValidationReport` a tool returns so the model sees at once
//! whether its input had problems, which ones, and for which task.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

/// How a validation ended, derived from the severities of its issues.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ValidationStatus {
    /// No errors and no warnings; the result can be used as is.
    Success,
    /// At least one error and no warnings; fix the errors before using the result.
    Errors,
    /// Warnings only; the result is usable, but read the warnings.
    Warnings,
    /// Both errors and warnings; fix the errors first.
    ErrorsAndWarnings,
}

/// How much an issue matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum IssueSeverity {
    /// A hint that does not affect the status.
    Info,
    /// Worth fixing; the status becomes `warnings`.
    Warning,
    /// Must be fixed; `hasValidationErrors` becomes true.
    Error,
}

/// One problem found while validating.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrityIssue {
    /// Machine-readable category, stable across releases (e.g. `TD-MISSING`).
    #[serde(rename = "type")]
    pub issue_type: String,
    /// Human-readable name of the category.
    pub type_label: String,
    /// How much the issue matters: `error`, `warning` or `info`.
    pub severity: IssueSeverity,
    /// What is wrong and how to fix it, in one sentence.
    pub message: String,
    /// Id of the rule that raised the issue, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Id of the task the issue belongs to; absent for whole-input issues.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task_id: Option<String>,
    /// JSON pointer to the offending place in the task's input, if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
}

impl IntegrityIssue {
    /// An issue of category `issue_type` (shown as `type_label`) with `severity` and `message`.
    pub fn new(
        issue_type: impl Into<String>,
        type_label: impl Into<String>,
        severity: IssueSeverity,
        message: impl Into<String>,
    ) -> Self {
        Self {
            issue_type: issue_type.into(),
            type_label: type_label.into(),
            severity,
            message: message.into(),
            rule: None,
            task_id: None,
            pointer: None,
        }
    }

    /// Sets the rule id.
    #[must_use]
    pub fn with_rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// Links the issue to a task (or to none).
    #[must_use]
    pub fn with_task(mut self, task_id: Option<String>) -> Self {
        self.task_id = task_id;
        self
    }

    /// Sets the JSON pointer (or none).
    #[must_use]
    pub fn with_pointer(mut self, pointer: Option<String>) -> Self {
        self.pointer = pointer;
        self
    }
}

/// Issue counts for one category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryCount {
    /// Machine-readable category, as in `integrityIssues[].type`.
    #[serde(rename = "type")]
    pub issue_type: String,
    /// Human-readable name of the category.
    pub type_label: String,
    /// Number of issues in the category.
    pub count: u32,
}

/// Totals of a validation, for a quick decision without reading every issue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValidationSummary {
    /// True when at least one issue is an error.
    pub has_errors: bool,
    /// True when at least one issue is a warning.
    pub has_warnings: bool,
    /// Number of error issues.
    pub error_count: u32,
    /// Number of warning issues.
    pub warning_count: u32,
    /// Number of info issues.
    pub info_count: u32,
    /// Issue counts per category, largest first.
    pub categories: Vec<CategoryCount>,
    /// The outcome in one sentence, for a model to act on.
    pub summary_text: String,
}

/// The issues that belong to one task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskIssues {
    /// Id of the task, as in `integrityIssues[].taskId`.
    pub task_id: String,
    /// Number of error issues of this task.
    pub error_count: u32,
    /// Number of warning issues of this task.
    pub warning_count: u32,
    /// Positions of this task's issues in `integrityIssues`.
    pub issue_indexes: Vec<u32>,
}

/// Where the full error report can be read when the result only carries a summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorReportRef {
    /// URI of the full report (MCP resource or https URL).
    pub uri: String,
    /// What the full report holds beyond this summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// An error-aware validation result. Built from issues, so its flags, status and counts always
/// agree with them.
///
/// # Example
///
/// ```
/// use tool_schema::{IntegrityIssue, IssueSeverity, ValidationReport, ValidationStatus};
/// let report = ValidationReport::from_issues(vec![
///     IntegrityIssue::new("missing_title", "Missing title", IssueSeverity::Error, "page 2 has no <title>")
///         .with_task(Some("page-2".into())),
/// ]);
/// assert!(report.has_validation_errors());
/// assert_eq!(report.validation_status(), ValidationStatus::Errors);
/// let json = serde_json::to_value(&report)?;
/// assert_eq!(json["validationSummary"]["errorCount"], 1);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(
    title = "ValidationReport",
    description = "Error-aware validation result: flags, status and counts derived from its issues."
)]
pub struct ValidationReport {
    /// True when at least one issue is an error: check it before using the rest of the result.
    has_validation_errors: bool,
    /// `success`, `errors`, `warnings` or `errors_and_warnings`, derived from the issues.
    validation_status: ValidationStatus,
    /// Counts, categories and a one-sentence summary.
    validation_summary: ValidationSummary,
    /// Every issue, most severe first.
    integrity_issues: Vec<IntegrityIssue>,
    /// Issues grouped by task, in order of first appearance.
    tasks: Vec<TaskIssues>,
    /// Link to the full error report when this result is a summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    error_report: Option<ErrorReportRef>,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl ValidationReport {
    /// Builds the report from `issues`; sorts them most severe first (stable otherwise).
    pub fn from_issues(mut issues: Vec<IntegrityIssue>) -> Self {
        issues.sort_by_key(|i| std::cmp::Reverse(i.severity));
        let n = |s: IssueSeverity| issues.iter().filter(|i| i.severity == s).count();
        let (errors, warnings, infos) = (
            n(IssueSeverity::Error),
            n(IssueSeverity::Warning),
            n(IssueSeverity::Info),
        );
        let status = match (errors > 0, warnings > 0) {
            (false, false) => ValidationStatus::Success,
            (true, false) => ValidationStatus::Errors,
            (false, true) => ValidationStatus::Warnings,
            (true, true) => ValidationStatus::ErrorsAndWarnings,
        };
        let mut by_type: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
        for i in &issues {
            by_type.entry(&i.issue_type).or_insert((&i.type_label, 0)).1 += 1;
        }
        let mut categories: Vec<CategoryCount> = by_type
            .into_iter()
            .map(|(t, (label, c))| CategoryCount {
                issue_type: t.to_owned(),
                type_label: label.to_owned(),
                count: count(c),
            })
            .collect();
        categories.sort_by_key(|c| std::cmp::Reverse(c.count));
        let mut tasks: Vec<TaskIssues> = Vec::new();
        for (pos, issue) in issues.iter().enumerate() {
            let Some(task_id) = &issue.task_id else {
                continue;
            };
            let slot = match tasks.iter().position(|t| &t.task_id == task_id) {
                Some(s) => s,
                None => {
                    tasks.push(TaskIssues {
                        task_id: task_id.clone(),
                        error_count: 0,
                        warning_count: 0,
                        issue_indexes: Vec::new(),
                    });
                    tasks.len() - 1
                }
            };
            if let Some(t) = tasks.get_mut(slot) {
                match issue.severity {
                    IssueSeverity::Error => t.error_count += 1,
                    IssueSeverity::Warning => t.warning_count += 1,
                    IssueSeverity::Info => {}
                }
                t.issue_indexes.push(count(pos));
            }
        }
        let summary_text = summary_text(errors, warnings, infos, tasks.len(), &categories);
        Self {
            has_validation_errors: errors > 0,
            validation_status: status,
            validation_summary: ValidationSummary {
                has_errors: errors > 0,
                has_warnings: warnings > 0,
                error_count: count(errors),
                warning_count: count(warnings),
                info_count: count(infos),
                categories,
                summary_text,
            },
            integrity_issues: issues,
            tasks,
            error_report: None,
        }
    }

    /// Adds a link to the full error report.
    #[must_use]
    pub fn with_error_report(mut self, error_report: ErrorReportRef) -> Self {
        self.error_report = Some(error_report);
        self
    }

    /// True when at least one issue is an error.
    pub fn has_validation_errors(&self) -> bool {
        self.has_validation_errors
    }

    /// The status derived from the issues.
    pub fn validation_status(&self) -> ValidationStatus {
        self.validation_status
    }

    /// Counts, categories and summary text.
    pub fn validation_summary(&self) -> &ValidationSummary {
        &self.validation_summary
    }

    /// Every issue, most severe first.
    pub fn integrity_issues(&self) -> &[IntegrityIssue] {
        &self.integrity_issues
    }

    /// Issues grouped by task.
    pub fn tasks(&self) -> &[TaskIssues] {
        &self.tasks
    }

    /// The link to the full report, if set.
    pub fn error_report(&self) -> Option<&ErrorReportRef> {
        self.error_report.as_ref()
    }

    /// The JSON Schema (2020-12, without a `$schema` keyword so draft-07 clients accept it) of
    /// the serialized report, ready to use as (part of) a tool's `outputSchema`. Every field has
    /// a description, and integer formats are replaced by `minimum: 0`, so the schema passes
    /// this crate's lint with no findings.
    pub fn json_schema() -> Value {
        let settings = schemars::generate::SchemaSettings::draft2020_12().with(|s| {
            s.meta_schema = None;
        });
        let schema = settings.into_generator().into_root_schema_for::<Self>();
        let mut value = schema.to_value();
        compact(&mut value, 0);
        if let Some(root) = value.as_object_mut() {
            root.remove("title");
            // Each definition is reached through a property that has its own description;
            // the type-level docs would be sent twice for nothing.
            for def in root
                .get_mut("$defs")
                .and_then(Value::as_object_mut)
                .into_iter()
                .flat_map(|d| d.values_mut())
            {
                if let Some(def) = def.as_object_mut() {
                    def.remove("description");
                }
            }
        }
        value
    }
}

/// Two rewrites of schemars' output. It writes `format: "uint32"`, which no JSON Schema
/// validator knows (the range it means is already in `minimum`). And it writes documented enum
/// variants as `oneOf` of `const`s with a description each, which costs tokens on every request
/// while the property's own description already names the values: a plain `enum` is smaller and
/// what models and clients read best.
fn compact(value: &mut Value, depth: usize) {
    if depth > 64 {
        return;
    }
    match value {
        Value::Object(map) => {
            let int_format = map
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| f.starts_with("uint") || f.starts_with("int"));
            if int_format {
                map.remove("format");
            }
            let consts: Option<Vec<Value>> =
                map.get("oneOf")
                    .and_then(Value::as_array)
                    .and_then(|branches| {
                        branches
                            .iter()
                            .map(|b| b.get("const").filter(|c| c.is_string()).cloned())
                            .collect()
                    });
            if let Some(consts) = consts {
                map.remove("oneOf");
                map.insert("type".to_owned(), Value::String("string".to_owned()));
                map.insert("enum".to_owned(), Value::Array(consts));
            }
            for v in map.values_mut() {
                compact(v, depth + 1);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| compact(v, depth + 1)),
        _ => {}
    }
}

fn summary_text(
    errors: usize,
    warnings: usize,
    infos: usize,
    tasks: usize,
    categories: &[CategoryCount],
) -> String {
    if errors + warnings + infos == 0 {
        return "Validation passed: no issues.".to_owned();
    }
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("1 {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let mut text = format!(
        "Validation found {}, {} and {}",
        plural(errors, "error"),
        plural(warnings, "warning"),
        plural(infos, "info"),
    );
    if tasks > 0 {
        text.push_str(&format!(" in {}", plural(tasks, "task")));
    }
    let top: Vec<String> = categories
        .iter()
        .take(3)
        .map(|c| format!("{} ({})", c.type_label, c.count))
        .collect();
    text.push_str(&format!("; most common: {}.", top.join(", ")));
    if errors > 0 {
        text.push_str(" Fix the errors before using the result.");
    }
    text
}
