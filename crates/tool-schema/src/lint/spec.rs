//! Spec conformance rules (`TS-*`) for one tool.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use super::{At, Sink};
use crate::finding::Severity::{Error as E, Info as I, Warn as W};
use crate::model::json_type;
use crate::schema::{self, Validity, child};

/// Formats defined by JSON Schema 2020-12 (and `uri`-family names of earlier drafts).
const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

static META_KEY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"^(?:[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*/)?",
        r"(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$"
    ))
    .unwrap_or_else(|e| unreachable!("constant regex: {e}"))
});

pub(super) fn check(sink: &mut Sink<'_>, at: At<'_>) {
    name(sink, at);
    input_root(sink, at);
    for key in ["inputSchema", "outputSchema"] {
        if let Some(root) = at.tool.raw().get(key).filter(|v| v.is_object()) {
            schema_rules(sink, at, key, root);
        }
    }
    output_root(sink, at);
    meta_and_icons(sink, at);
    annotations(sink, at);
}

fn name(sink: &mut Sink<'_>, at: At<'_>) {
    let Some(name) = at.tool.name() else {
        let found = at.tool.raw().get("name").map_or("nothing", json_type);
        sink.emit(
            "TS-NAME-FORMAT",
            E,
            Some(at),
            "/name",
            format!("name is required and must be a string, found {found}; add \"name\""),
        );
        return;
    };
    let len = name.chars().count();
    let bad: Vec<char> = name
        .chars()
        .filter(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .collect();
    if len == 0 || len > 128 || !bad.is_empty() {
        let why = if len == 0 {
            "is empty".to_owned()
        } else if len > 128 {
            format!("has {len} chars")
        } else {
            format!("contains {:?}", bad.iter().collect::<String>())
        };
        sink.emit(
            "TS-NAME-FORMAT",
            E,
            Some(at),
            "/name",
            format!("name {name:?} {why}; use 1-128 chars of A-Z a-z 0-9 _ - ."),
        );
    } else if name.contains('.') || len > 64 {
        let why = if name.contains('.') {
            "contains a dot"
        } else {
            "is longer than 64 chars"
        };
        sink.emit(
            "TS-NAME-PORTABLE",
            W,
            Some(at),
            "/name",
            format!(
                "name {name:?} {why}, which OpenAI (^[a-zA-Z0-9_-]{{1,64}}$) or Anthropic rejects; \
                 use _ or - and at most 64 chars"
            ),
        );
    }
}

fn input_root(sink: &mut Sink<'_>, at: At<'_>) {
    let msg = match at.tool.input_schema() {
        None => Some("inputSchema is missing; add {\"type\": \"object\"}".to_owned()),
        Some(Value::Object(map)) => match map.get("type") {
            Some(Value::String(t)) if t == "object" => None,
            Some(other) => Some(format!(
                "inputSchema root type is {other}, MCP requires \"object\"; wrap the arguments in an object"
            )),
            None => Some(
                "inputSchema has no \"type\"; MCP requires \"type\": \"object\" at the root"
                    .to_owned(),
            ),
        },
        Some(other) => Some(format!(
            "inputSchema is a JSON {}, it must be a schema object such as {{\"type\": \"object\"}}",
            json_type(other)
        )),
    };
    if let Some(msg) = msg {
        sink.emit("TS-IN-ROOT", E, Some(at), "/inputSchema", msg);
    }
}

fn output_root(sink: &mut Sink<'_>, at: At<'_>) {
    match at.tool.output_schema() {
        None | Some(Value::Null) => {}
        Some(Value::Object(map)) => {
            if map.get("type").and_then(Value::as_str) != Some("object") {
                sink.emit(
                    "TS-OUT-ROOT",
                    W,
                    Some(at),
                    "/outputSchema",
                    "outputSchema root is not \"type\": \"object\"; MCP 2025-11-25 clients accept only \
                     objects, so wrap the value in a property"
                        .to_owned(),
                );
            }
        }
        Some(other) => sink.emit(
            "TS-OUT-ROOT",
            W,
            Some(at),
            "/outputSchema",
            format!(
                "outputSchema is a JSON {}, expected a schema object",
                json_type(other)
            ),
        ),
    }
}

fn schema_rules(sink: &mut Sink<'_>, at: At<'_>, key: &str, root: &Value) {
    let base = format!("/{key}");
    if sink.on("TS-SCHEMA-VALID")
        && let Validity::Invalid(msg) = schema::check_schema(root)
    {
        sink.emit(
            "TS-SCHEMA-VALID",
            E,
            Some(at),
            base.clone(),
            format!(
                "{key} is not a valid JSON Schema under its dialect: {msg}; fix the keyword named"
            ),
        );
    }
    if root.get("$schema").is_some() {
        let dialect = root.get("$schema").and_then(Value::as_str).unwrap_or("?");
        sink.emit(
            "TS-DIALECT-EXPLICIT",
            I,
            Some(at),
            child(&base, "$schema"),
            format!(
                "{key} declares $schema {dialect:?}; draft-07 clients (Ajv) reject 2020-12 URIs, and \
                 MCP already defaults to 2020-12: drop it unless you need another dialect"
            ),
        );
    }
    let mut found: Vec<(&'static str, crate::finding::Severity, String, String)> = Vec::new();
    schema::walk_schemas(root, |map, pointer| {
        let at_ptr = |k: &str| child(&format!("{base}{pointer}"), k);
        if let Some(Value::Array(required)) = map.get("required") {
            let props = map.get("properties").and_then(Value::as_object);
            let closed = map.get("additionalProperties") == Some(&Value::Bool(false));
            if props.is_some() || closed {
                for name in required.iter().filter_map(Value::as_str) {
                    if !props.is_some_and(|p| p.contains_key(name)) {
                        found.push((
                            "TS-REQ-UNKNOWN",
                            E,
                            at_ptr("required"),
                            format!(
                                "{name:?} is required but not in properties; add a property \
                                 {name:?} or remove it from required"
                            ),
                        ));
                    }
                }
            }
        }
        if let Some(reference) = map.get("$ref").and_then(Value::as_str)
            && schema::lookup_ref(root, reference).is_none()
        {
            let why = if reference.starts_with('#') {
                "does not resolve inside the schema"
            } else {
                "points outside the schema (clients must not fetch it)"
            };
            found.push((
                "TS-REF-REMOTE",
                E,
                at_ptr("$ref"),
                format!("$ref {reference:?} {why}; inline the definition under $defs and use \"#/$defs/…\""),
            ));
        }
        if let Some(format) = map.get("format").and_then(Value::as_str)
            && !STANDARD_FORMATS.contains(&format)
        {
            found.push((
                "TS-NONSTD-FORMAT",
                I,
                at_ptr("format"),
                format!(
                    "format {format:?} is not a JSON Schema format, so validators ignore it; use \
                     minimum/maximum for number ranges or drop it"
                ),
            ));
        }
        if map.contains_key("nullable") {
            found.push((
                "TS-NULLABLE-KW",
                W,
                at_ptr("nullable"),
                "\"nullable\" is OpenAPI, JSON Schema ignores it; use \"type\": [\"string\", \"null\"] \
                 or anyOf with {\"type\": \"null\"}"
                    .to_owned(),
            ));
        }
    });
    for (rule, sev, pointer, msg) in found {
        sink.emit(rule, sev, Some(at), pointer, msg);
    }
    if key == "inputSchema" {
        mcp_headers(sink, at, root);
    }
}

fn mcp_headers(sink: &mut Sink<'_>, at: At<'_>, root: &Value) {
    let Some(props) = root.get("properties").and_then(Value::as_object) else {
        return;
    };
    let mut seen: Vec<String> = Vec::new();
    for (name, prop) in props {
        let Some(header) = prop.get("x-mcp-header") else {
            continue;
        };
        let pointer = child(&child("/inputSchema/properties", name), "x-mcp-header");
        let msg = match header.as_str() {
            None => Some("x-mcp-header must be a string naming an HTTP header".to_owned()),
            Some(h) if h.is_empty() || !h.bytes().all(is_tchar) => Some(format!(
                "x-mcp-header {h:?} is not an HTTP token; use letters, digits and -"
            )),
            Some(h) if seen.iter().any(|s| s.eq_ignore_ascii_case(h)) => Some(format!(
                "x-mcp-header {h:?} is used twice; header names must be unique"
            )),
            Some(h) => {
                seen.push(h.to_owned());
                let ty = prop.get("type").and_then(Value::as_str);
                match ty {
                    Some("string" | "integer" | "boolean") => None,
                    _ => Some(format!(
                        "x-mcp-header {h:?} is on a {} parameter; only string, integer and boolean \
                         parameters can be mirrored into a header",
                        ty.unwrap_or("untyped")
                    )),
                }
            }
        };
        if let Some(msg) = msg {
            sink.emit("TS-XMCPHEADER", E, Some(at), pointer, msg);
        }
    }
}

fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

fn meta_and_icons(sink: &mut Sink<'_>, at: At<'_>) {
    if let Some(meta) = at.tool.raw().get("_meta").and_then(Value::as_object) {
        for key in meta.keys() {
            let reserved = key.split_once('/').is_some_and(|(prefix, _)| {
                let labels: Vec<&str> = prefix.split('.').collect();
                labels
                    .get(1)
                    .is_some_and(|l| matches!(*l, "modelcontextprotocol" | "mcp"))
            });
            let msg = if !META_KEY.is_match(key) {
                format!(
                    "_meta key {key:?} is not [prefix/]name (dotted labels, a slash, then a name)"
                )
            } else if reserved {
                format!(
                    "_meta key {key:?} uses a prefix reserved for MCP itself; use your own domain"
                )
            } else {
                continue;
            };
            sink.emit("TS-META-KEY", W, Some(at), child("/_meta", key), msg);
        }
    }
    if let Some(icons) = at.tool.raw().get("icons").and_then(Value::as_array) {
        for (i, icon) in icons.iter().enumerate() {
            let src = icon.get("src").and_then(Value::as_str).unwrap_or("");
            if !(src.starts_with("https:") || src.starts_with("data:")) {
                sink.emit(
                    "TS-ICON-SRC",
                    W,
                    Some(at),
                    format!("/icons/{i}/src"),
                    format!("icon src {src:?} is not an https: or data: URI; clients refuse other schemes"),
                );
            }
        }
    }
}

fn annotations(sink: &mut Sink<'_>, at: At<'_>) {
    let tool = at.tool;
    if tool.hint("readOnlyHint") == Some(true) && tool.hint("destructiveHint") == Some(true) {
        sink.emit(
            "TS-ANN-INCONSISTENT",
            I,
            Some(at),
            "/annotations/destructiveHint",
            "readOnlyHint is true and destructiveHint is true; a read-only tool cannot destroy, \
             drop destructiveHint"
                .to_owned(),
        );
    }
    if let (Some(title), Some(ann)) = (
        tool.title(),
        tool.annotations()
            .and_then(|a| a.get("title"))
            .and_then(Value::as_str),
    ) && title != ann
    {
        sink.emit(
            "TS-ANN-INCONSISTENT",
            I,
            Some(at),
            "/annotations/title",
            format!("title {title:?} and annotations.title {ann:?} differ; clients show either, keep one"),
        );
    }
}
