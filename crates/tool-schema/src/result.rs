//! Runtime checks of a `tools/call` result against its tool (`TR-*`, `TE-INVARIANTS`).

use serde_json::{Map, Value};

use crate::config::Config;
use crate::finding::Finding;
use crate::finding::Severity::{Error as E, Info as I, Warn as W};
use crate::lint::{At, Sink};
use crate::model::Tool;
use crate::schema;

/// Texts that tell a model nothing it can act on.
const GENERIC_ERRORS: &[&str] = &[
    "error",
    "internal error",
    "internal server error",
    "an error occurred",
    "something went wrong",
    "unknown error",
    "failed",
    "undefined",
    "null",
];

/// Marks of a stack trace pasted into a result.
const TRACE_MARKS: &[&str] = &[
    "Traceback (most recent call last)",
    "\n    at ",
    "panicked at",
    "stack backtrace:",
];

/// Checks a `CallToolResult` against the tool that produced it, with the default config.
///
/// # Example
///
/// ```
/// use serde_json::json;
/// let tool = tool_schema::Tool::from_value(json!({
///     "name": "add", "inputSchema": {"type": "object"},
///     "outputSchema": {"type": "object", "properties": {"sum": {"type": "number"}}, "required": ["sum"]}
/// }))?;
/// let findings = tool_schema::check_result(&tool, &json!({"content": [{"type": "text", "text": "3"}]}));
/// assert_eq!(findings[0].rule, "TR-MISSING-STRUCTURED");
/// # Ok::<(), tool_schema::Error>(())
/// ```
pub fn check_result(tool: &Tool, result: &Value) -> Vec<Finding> {
    check_result_with(tool, result, &Config::default())
}

/// Checks a `CallToolResult` against the tool that produced it.
///
/// Findings point into the result (`/structuredContent`, `/content`) and carry the tool's name;
/// their `tool_index` is always 0.
pub fn check_result_with(tool: &Tool, result: &Value, config: &Config) -> Vec<Finding> {
    let mut sink = Sink::new(config);
    let at = Some(At { index: 0, tool });
    let is_error = result.get("isError").and_then(Value::as_bool) == Some(true);
    let structured = result.get("structuredContent").filter(|v| !v.is_null());
    let output_schema = tool.output_schema().filter(|v| v.is_object());
    let texts: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|c| c.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|c| c.get("text").and_then(Value::as_str))
        .collect();

    match (output_schema, structured) {
        (Some(_), None) if !is_error => sink.emit(
            "TR-MISSING-STRUCTURED",
            E,
            at,
            "/structuredContent",
            "tool declares outputSchema but the result has no structuredContent; the TypeScript SDK \
             throws on this: return structuredContent, or set isError for failures"
                .to_owned(),
        ),
        (Some(schema), Some(value)) => {
            if let Err(Some(msg)) = schema::validate(schema, value) {
                if is_error {
                    sink.emit(
                        "TR-ERROR-WITH-STRUCTURED",
                        E,
                        at,
                        "/structuredContent",
                        format!(
                            "isError result carries structuredContent that fails outputSchema \
                             ({msg}); strict clients validate it anyway: omit structuredContent on \
                             errors or put error fields in the schema"
                        ),
                    );
                } else {
                    sink.emit(
                        "TR-NONCONFORMING",
                        E,
                        at,
                        "/structuredContent",
                        format!("structuredContent does not conform to outputSchema: {msg}; fix the result or the schema"),
                    );
                }
            }
        }
        _ => {}
    }
    if let Some(value) = structured {
        if texts.is_empty() {
            sink.emit(
                "TR-NO-TEXT-MIRROR",
                W,
                at,
                "/content",
                "structuredContent has no text mirror; clients that read only content see nothing: \
                 add a text block with the serialized JSON"
                    .to_owned(),
            );
        } else if !texts
            .iter()
            .any(|t| serde_json::from_str::<Value>(t).is_ok_and(|v| &v == value))
        {
            sink.emit(
                "TR-TEXT-MISMATCH",
                I,
                at,
                "/content",
                "no text block holds JSON equal to structuredContent; models that read text see \
                 other data than clients that read structuredContent"
                    .to_owned(),
            );
        }
        if let Some(map) = value.as_object() {
            invariants(&mut sink, at, map);
        }
    }
    if is_error {
        let text = texts.join("\n");
        let trimmed = text.trim();
        let why = if trimmed.is_empty() {
            Some("is empty")
        } else if GENERIC_ERRORS
            .contains(&trimmed.trim_end_matches(['.', '!']).to_lowercase().as_str())
        {
            Some("is a generic message")
        } else if TRACE_MARKS.iter().any(|m| text.contains(m)) {
            Some("is a stack trace")
        } else {
            None
        };
        if let Some(why) = why {
            sink.emit(
                "TR-ERROR-NOT-ACTIONABLE",
                W,
                at,
                "/content",
                format!(
                    "error result text {why}; say what failed, for which input, and what the model \
                     can do next (retry, change an argument, call another tool)"
                ),
            );
        }
    }
    sink.findings
}

/// `TE-INVARIANTS`: the error-aware block of a result must agree with itself.
fn invariants(sink: &mut Sink<'_>, at: Option<At<'_>>, map: &Map<String, Value>) {
    let Some(has_errors) = map.get("hasValidationErrors").and_then(Value::as_bool) else {
        return;
    };
    let mut problems = Vec::new();
    let summary = map.get("validationSummary");
    let num = |k: &str| summary.and_then(|s| s.get(k)).and_then(Value::as_u64);
    let flag = |k: &str| summary.and_then(|s| s.get(k)).and_then(Value::as_bool);
    let issues = map.get("integrityIssues").and_then(Value::as_array);
    let by_sev = |names: &[&str]| {
        issues.map(|list| {
            list.iter()
                .filter(|i| {
                    i.get("severity")
                        .and_then(Value::as_str)
                        .is_some_and(|s| names.contains(&s))
                })
                .count() as u64
        })
    };
    let errors = num("errorCount").or(by_sev(&["error"]));
    let warnings = num("warningCount").or(by_sev(&["warning", "warn"]));
    if let Some(e) = errors
        && has_errors != (e > 0)
    {
        problems.push(format!(
            "hasValidationErrors is {has_errors} but errorCount is {e}"
        ));
    }
    if let Some(h) = flag("hasErrors")
        && h != has_errors
    {
        problems.push(format!(
            "validationSummary.hasErrors is {h} but hasValidationErrors is {has_errors}"
        ));
    }
    if let (Some(n), Some(counted)) = (num("errorCount"), by_sev(&["error"]))
        && n != counted
    {
        problems.push(format!(
            "errorCount is {n} but integrityIssues has {counted} errors"
        ));
    }
    if let (Some(n), Some(counted)) = (num("warningCount"), by_sev(&["warning", "warn"]))
        && n != counted
    {
        problems.push(format!(
            "warningCount is {n} but integrityIssues has {counted} warnings"
        ));
    }
    if let (Some(status), Some(w)) = (
        map.get("validationStatus").and_then(Value::as_str),
        warnings,
    ) {
        let want = match (has_errors, w > 0) {
            (false, false) => "success",
            (true, false) => "errors",
            (false, true) => "warnings",
            (true, true) => "errors_and_warnings",
        };
        if status != want {
            problems.push(format!(
                "validationStatus is {status:?} but the counts say {want:?}"
            ));
        }
    }
    if !problems.is_empty() {
        sink.emit(
            "TE-INVARIANTS",
            E,
            at,
            "/structuredContent",
            format!(
                "error-aware fields disagree: {}; build them with tool_schema::ValidationReport",
                problems.join("; ")
            ),
        );
    }
}
