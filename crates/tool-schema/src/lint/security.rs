//! Security rules (`SEC-*`): poisoned text anywhere in a definition, parameters shaped to
//! exfiltrate the model's context, and names that shadow another server's tools.
//!
//! A definition's text reaches the model verbatim, so every string the model may read is
//! checked: name, title, description, and in both schemas every title, description, property
//! name, `default`, `enum`, `const` and `examples` value.

mod known;
mod text;

use std::borrow::Cow;

use serde_json::Value;

use super::{At, Sink};
use crate::finding::Severity::Warn as W;
use crate::model::Tool;
use crate::schema::{child, walk_schemas};

/// Nesting beyond which values inside `default`, `enum` or `examples` are not read.
const MAX_VALUE_DEPTH: usize = 16;

/// A check of one string.
type Detector = fn(&str) -> Option<text::Hit>;

/// Each rule and the check it runs on every string.
const DETECTORS: &[(&str, Detector)] = &[
    ("SEC-INVISIBLE", text::invisible),
    ("SEC-INSTRUCTION", text::instruction),
    ("SEC-ENCODED", text::encoded),
    ("SEC-SECRET", text::secrets),
    ("SEC-EXFIL", text::asks_for_context),
];

/// One string the model reads, with its pointer in the tool object.
struct Field<'a> {
    pointer: String,
    /// A property key is read with its `_` and `-` as spaces: `content_from_reading_id_rsa`
    /// says what a sentence would.
    text: Cow<'a, str>,
    /// The key, when the field is a property key (checked for exfiltration-shaped names).
    property: Option<&'a str>,
}

pub(super) fn check(sink: &mut Sink<'_>, at: At<'_>) {
    let fields = fields(at.tool);
    for field in &fields {
        for &(rule, detect) in DETECTORS {
            if !sink.on(rule) {
                continue;
            }
            if let Some(hit) = detect(&field.text) {
                sink.emit(
                    rule,
                    hit.severity,
                    Some(at),
                    field.pointer.clone(),
                    hit.message,
                );
            }
        }
        if let Some(name) = field.property.filter(|n| text::exfil_name(n))
            && sink.on("SEC-EXFIL")
        {
            sink.emit(
                "SEC-EXFIL",
                crate::finding::Severity::Error,
                Some(at),
                field.pointer.clone(),
                format!(
                    "parameter {:?} is named to carry the model's context (notes, history, \
                     system prompt) out to the server; remove it or name what it really takes",
                    name
                ),
            );
        }
    }
}

/// Every string of `tool` the model reads.
fn fields(tool: &Tool) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    for key in ["name", "title", "description"] {
        if let Some(text) = tool.raw().get(key).and_then(Value::as_str) {
            out.push(Field {
                pointer: format!("/{key}"),
                text: Cow::Borrowed(text),
                property: None,
            });
        }
    }
    if let Some(text) = tool
        .annotations()
        .and_then(|a| a.get("title"))
        .and_then(Value::as_str)
    {
        out.push(Field {
            pointer: "/annotations/title".to_owned(),
            text: Cow::Borrowed(text),
            property: None,
        });
    }
    for (key, schema) in [
        ("/inputSchema", tool.input_schema()),
        ("/outputSchema", tool.output_schema()),
    ] {
        let Some(schema) = schema else { continue };
        walk_schemas(schema, |map, pointer| {
            let base = format!("{key}{pointer}");
            for word in ["title", "description"] {
                if let Some(text) = map.get(word).and_then(Value::as_str) {
                    out.push(Field {
                        pointer: child(&base, word),
                        text: Cow::Borrowed(text),
                        property: None,
                    });
                }
            }
            for word in ["default", "enum", "const", "examples"] {
                if let Some(value) = map.get(word) {
                    strings(value, child(&base, word), 0, &mut out);
                }
            }
            if let Some(props) = map.get("properties").and_then(Value::as_object) {
                let props_at = child(&base, "properties");
                for name in props.keys() {
                    out.push(Field {
                        pointer: child(&props_at, name),
                        text: Cow::Owned(name.replace(['_', '-'], " ")),
                        property: Some(name),
                    });
                }
            }
        });
    }
    out
}

/// The strings inside a `default`, `enum` or `examples` value, however nested.
fn strings<'a>(value: &'a Value, pointer: String, depth: usize, out: &mut Vec<Field<'a>>) {
    if depth > MAX_VALUE_DEPTH {
        return;
    }
    match value {
        Value::String(text) => out.push(Field {
            pointer,
            text: Cow::Borrowed(text),
            property: None,
        }),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                strings(item, format!("{pointer}/{i}"), depth + 1, out);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                strings(item, child(&pointer, key), depth + 1, out);
            }
        }
        _ => {}
    }
}

/// `SEC-SHADOW`: a tool named like a tool of a well-known server this list is not.
pub(super) fn shadowing(sink: &mut Sink<'_>, tools: &[Tool]) {
    if !sink.on("SEC-SHADOW") {
        return;
    }
    let names: Vec<String> = tools
        .iter()
        .map(|t| t.name().map(known::fold).unwrap_or_default())
        .collect();
    let foreign = known::foreign(&names);
    for (index, (tool, name)) in tools.iter().zip(&names).enumerate() {
        let Some(server) = foreign.iter().find(|s| s.tools.contains(&name.as_str())) else {
            continue;
        };
        sink.emit(
            "SEC-SHADOW",
            W,
            Some(At { index, tool }),
            "/name",
            format!(
                "{:?} is also a tool of {}; with both servers connected the model may call \
                 this one for the other, prefix the name with your server's (e.g. \"myserver_{name}\")",
                tool.name().unwrap_or_default(),
                server.name
            ),
        );
    }
}
