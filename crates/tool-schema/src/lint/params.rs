//! Parameter and output-field rules (`TP-*`) and the error-aware output shape (`TE-SHAPE`).

use std::sync::LazyLock;

use regex::Regex;
use serde_json::{Map, Value};

use super::{At, Sink};
use crate::finding::Severity::{Error as E, Info as I, Warn as W};
use crate::schema::{self, is_described};

static PROSE_ENUM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)(?-u:\b)one of:|(?-u:\b)(?:must be one of|one of the following|possible values|allowed values|valid values|valid options|accepted values|options are)(?-u:\b)|(?i:(?-u:\b)(?:must|can|should) be either\s+["'`][^"'`]{1,30}["'`]\s+or\s+["'`])"#,
    )
    .unwrap_or_else(|e| unreachable!("constant regex: {e}"))
});

/// Parameter names that say nothing on their own.
const AMBIGUOUS: &[&str] = &[
    "id", "data", "value", "user", "input", "params", "args", "obj", "item", "info", "payload",
];

/// The top-level keys of the error-aware output block and what each must be.
const TE_FIELDS: &[&str] = &[
    "hasValidationErrors",
    "validationStatus",
    "validationSummary",
    "integrityIssues",
];
const TE_STATUSES: &[&str] = &["success", "errors", "warnings", "errors_and_warnings"];
const TE_SUMMARY: &[&str] = &[
    "hasErrors",
    "hasWarnings",
    "errorCount",
    "warningCount",
    "categories",
    "summaryText",
];
const TE_ISSUE: &[&str] = &["type", "typeLabel", "severity", "message"];

pub(super) fn check(sink: &mut Sink<'_>, at: At<'_>) {
    if let Some(input) = at.tool.input_schema().filter(|v| v.is_object()) {
        input_params(sink, at, input);
    }
    if let Some(output) = at.tool.output_schema().filter(|v| v.is_object()) {
        output_fields(sink, at, output);
        error_shape(sink, at, output);
    }
}

fn input_params(sink: &mut Sink<'_>, at: At<'_>, input: &Value) {
    let mut undescribed = Vec::new();
    let mut total = 0usize;
    let mut deepest: Option<(usize, String)> = None;
    let mut found = Vec::new();
    schema::walk_properties(input, |p| {
        total += 1;
        let pointer = format!("/inputSchema{}", p.pointer);
        let described = is_described(input, p.schema);
        if !described {
            undescribed.push((p.name.to_owned(), pointer.clone()));
        }
        if deepest.as_ref().is_none_or(|(d, _)| p.depth > *d) {
            deepest = Some((p.depth, pointer.clone()));
        }
        let (resolved, _) = schema::resolve(input, p.schema);
        if let Some(map) = resolved.as_object() {
            if !is_typed(map) {
                found.push((
                    "TP-NO-TYPE",
                    W,
                    pointer.clone(),
                    format!(
                        "parameter {:?} has no type; add \"type\" (or enum/anyOf) so the model \
                         sends the right JSON",
                        p.name
                    ),
                ));
            }
            if let Some(d) = description_of(input, p.schema)
                && let Some(m) = PROSE_ENUM.find(&d)
                && !has_choices(input, map)
            {
                found.push((
                    "TP-PROSE-ENUM",
                    W,
                    pointer.clone(),
                    format!(
                        "parameter {:?} lists allowed values in prose ({:?}) but has no enum; add \
                         \"enum\" so clients and models can check the value",
                        p.name,
                        m.as_str()
                    ),
                ));
            }
        }
        if p.depth == 1
            && AMBIGUOUS.contains(&p.name)
            // Described, even briefly ("Value to fill"), the tool's context makes it clear.
            && description_of(input, p.schema).is_none_or(|d| d.trim().is_empty())
        {
            found.push((
                "TP-AMBIGUOUS-NAME",
                I,
                pointer,
                format!(
                    "parameter {:?} is a bare generic name without a description; name what it is \
                     (page_id, user_email) or describe it",
                    p.name
                ),
            ));
        }
    });
    for (rule, sev, pointer, msg) in found {
        sink.emit(rule, sev, Some(at), pointer, msg);
    }
    let described = total - undescribed.len();
    let severity = if described * 2 < total { E } else { W };
    for (name, pointer) in undescribed {
        sink.emit(
            "TP-PARAM-DESC",
            severity,
            Some(at),
            pointer,
            format!(
                "parameter {name:?} has no description ({described} of {total} described); say \
                 what it means, its format and an example value"
            ),
        );
    }
    let max_depth = sink.config().max_depth;
    if let Some((depth, pointer)) = deepest.filter(|(d, _)| *d > max_depth) {
        sink.emit(
            "TP-DEPTH",
            W,
            Some(at),
            pointer,
            format!(
                "parameters nest {depth} objects deep (limit {max_depth}); models fill flat \
                 arguments more reliably: flatten or split the tool"
            ),
        );
    }
    let top = input
        .get("properties")
        .and_then(Value::as_object)
        .map_or(0, Map::len);
    let max_params = sink.config().max_params;
    if top > max_params {
        sink.emit(
            "TP-COUNT",
            W,
            Some(at),
            "/inputSchema/properties",
            format!(
                "{top} top-level parameters (limit {max_params}); split the tool by task or group \
                 rarely used options"
            ),
        );
    }
    let closed = input.get("additionalProperties") == Some(&Value::Bool(false));
    if top == 0 && !closed && !input.as_object().is_some_and(has_composition) {
        sink.emit(
            "TP-NOARG-OPEN",
            I,
            Some(at),
            "/inputSchema",
            "tool takes no parameters but its schema accepts any; add \"additionalProperties\": false"
                .to_owned(),
        );
    }
}

fn output_fields(sink: &mut Sink<'_>, at: At<'_>, output: &Value) {
    let mut found = Vec::new();
    schema::walk_properties(output, |p| {
        if !is_described(output, p.schema) {
            found.push((p.name.to_owned(), format!("/outputSchema{}", p.pointer)));
        }
    });
    for (name, pointer) in found {
        sink.emit(
            "TP-OUT-DESC",
            W,
            Some(at),
            pointer,
            format!("output field {name:?} has no description; say what it holds so the model can use it"),
        );
    }
}

fn error_shape(sink: &mut Sink<'_>, at: At<'_>, output: &Value) {
    let (root, _) = schema::resolve(output, output);
    let Some(props) = root.get("properties").and_then(Value::as_object) else {
        return;
    };
    if !TE_FIELDS.iter().any(|f| props.contains_key(*f)) {
        return;
    }
    let mut problems = Vec::new();
    for field in TE_FIELDS {
        if !props.contains_key(*field) {
            problems.push(format!("{field} is missing"));
        }
    }
    let prop = |name: &str| props.get(name).map(|s| schema::resolve(output, s).0);
    if let Some(s) = prop("hasValidationErrors")
        && type_of(s) != Some("boolean")
    {
        problems.push("hasValidationErrors must be a boolean".to_owned());
    }
    if let Some(s) = prop("validationStatus") {
        let mut values = choices(output, s);
        values.sort_unstable();
        let mut want = TE_STATUSES.to_vec();
        want.sort_unstable();
        if values != want {
            problems.push(format!(
                "validationStatus must be an enum of {}",
                TE_STATUSES.join(", ")
            ));
        }
    }
    if let Some(s) = prop("validationSummary") {
        missing_props(output, s, TE_SUMMARY, "validationSummary", &mut problems);
    }
    if let Some(s) = prop("integrityIssues") {
        match s.get("items") {
            Some(items) if type_of(s) == Some("array") => {
                let (items, _) = schema::resolve(output, items);
                missing_props(
                    output,
                    items,
                    TE_ISSUE,
                    "integrityIssues items",
                    &mut problems,
                );
            }
            _ => problems.push("integrityIssues must be an array of issue objects".to_owned()),
        }
    }
    if !problems.is_empty() {
        sink.emit(
            "TE-SHAPE",
            E,
            Some(at),
            "/outputSchema/properties",
            format!(
                "error-aware output block is incomplete: {}; use tool_schema::ValidationReport's schema",
                problems.join("; ")
            ),
        );
    }
}

fn missing_props(
    root: &Value,
    schema: &Value,
    want: &[&str],
    what: &str,
    problems: &mut Vec<String>,
) {
    let (schema, _) = schema::resolve(root, schema);
    let props = schema.get("properties").and_then(Value::as_object);
    let missing: Vec<&str> = want
        .iter()
        .copied()
        .filter(|k| !props.is_some_and(|p| p.contains_key(*k)))
        .collect();
    if !missing.is_empty() {
        problems.push(format!("{what} lacks {}", missing.join(", ")));
    }
}

/// The allowed string values of a schema: its `enum`, or the `const`s of its `oneOf`/`anyOf`.
fn choices(root: &Value, schema: &Value) -> Vec<String> {
    let (schema, _) = schema::resolve(root, schema);
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect();
    }
    let mut out = Vec::new();
    for key in ["oneOf", "anyOf"] {
        for branch in schema
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let (branch, _) = schema::resolve(root, branch);
            if let Some(c) = branch.get("const").and_then(Value::as_str) {
                out.push(c.to_owned());
            }
            if let Some(values) = branch.get("enum").and_then(Value::as_array) {
                out.extend(values.iter().filter_map(Value::as_str).map(str::to_owned));
            }
        }
    }
    out
}

fn has_choices(root: &Value, schema: &Map<String, Value>) -> bool {
    if schema.contains_key("enum") || schema.contains_key("const") {
        return true;
    }
    if let Some(items) = schema.get("items") {
        let (items, _) = schema::resolve(root, items);
        if items.get("enum").is_some() || !choices(root, items).is_empty() {
            return true;
        }
    }
    !choices(root, &Value::Object(schema.clone())).is_empty()
}

fn description_of(root: &Value, schema: &Value) -> Option<String> {
    let own = schema.get("description").and_then(Value::as_str);
    let target = schema::resolve(root, schema)
        .0
        .get("description")
        .and_then(Value::as_str);
    own.or(target).map(str::to_owned)
}

fn type_of(schema: &Value) -> Option<&str> {
    schema.get("type").and_then(Value::as_str)
}

fn is_typed(map: &Map<String, Value>) -> bool {
    ["type", "enum", "const", "$ref", "properties", "items"]
        .iter()
        .any(|k| map.contains_key(*k))
        || has_composition(map)
}

fn has_composition(map: &Map<String, Value>) -> bool {
    ["anyOf", "oneOf", "allOf", "not", "if"]
        .iter()
        .any(|k| map.contains_key(*k))
}
