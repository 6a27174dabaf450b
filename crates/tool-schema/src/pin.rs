//! Pinning tool definitions against "rug pulls": a server that changes a tool after the user
//! approved it.
//!
//! [`Pins`] holds a sha256 per full definition (name, title, description, input and output
//! schema, annotations, as canonical JSON) and per field, so a later [`drift`] says which tools
//! were added, removed or changed, and in which fields. Hashing the description alone, as some
//! scanners do, misses a poisoned schema, default or annotation.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::error::Error;
use crate::finding::{Finding, Severity};
use crate::model::Tool;

/// The fields of a definition that reach the model or the client, in the order they are hashed.
pub const PINNED_FIELDS: &[&str] = &[
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
];

/// The pin file's format version.
const PIN_VERSION: u32 = 1;

/// The sha256 of one tool: of the whole definition and of each field it has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolPin {
    /// sha256 (lowercase hex) of the canonical JSON of the pinned fields together.
    pub sha256: String,
    /// sha256 of each pinned field the tool has, by field name.
    pub fields: BTreeMap<String, String>,
}

/// Hashes of a tool list, keyed by tool name; serializes to the `--pin` file.
///
/// # Example
///
/// ```
/// let old = tool_schema::parse_tools(&serde_json::json!([
///     {"name": "add", "description": "Adds two numbers.", "inputSchema": {"type": "object"}}
/// ]))?;
/// let new = tool_schema::parse_tools(&serde_json::json!([
///     {"name": "add", "description": "Adds two numbers. <IMPORTANT>…</IMPORTANT>",
///      "inputSchema": {"type": "object"}}
/// ]))?;
/// let pins = tool_schema::Pins::of(&old);
/// let drift = tool_schema::drift(&pins, &new);
/// assert_eq!(drift[0].rule, "PIN-CHANGED");
/// assert!(drift[0].message.contains("description"));
/// # Ok::<(), tool_schema::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Pins {
    /// Format version of the file (1).
    pub pin_version: u32,
    /// How each hash was made, for whoever reads the file.
    pub canonical_form: String,
    /// One pin per tool name.
    pub tools: BTreeMap<String, ToolPin>,
}

impl Pins {
    /// Pins every named tool of `tools` (a nameless tool cannot be matched later; the lint
    /// reports it under `TS-NAME-FORMAT`). Of two tools with one name, the first is pinned.
    pub fn of(tools: &[Tool]) -> Self {
        let mut pins = BTreeMap::new();
        for tool in tools {
            if let Some(name) = tool.name() {
                pins.entry(name.to_owned())
                    .or_insert_with(|| pin_tool(tool));
            }
        }
        Self {
            pin_version: PIN_VERSION,
            canonical_form: "sha256 of JSON with object keys sorted by code point and no \
                whitespace, over name, title, description, inputSchema, outputSchema, \
                annotations"
                .to_owned(),
            tools: pins,
        }
    }

    /// Reads a pin file written by [`Pins::to_json`].
    ///
    /// # Errors
    ///
    /// Returns [`Error::Pins`] when `text` is not JSON of this shape or of another version.
    pub fn from_json(text: &str) -> Result<Self, Error> {
        let pins: Self = serde_json::from_str(text).map_err(|e| Error::Pins {
            reason: e.to_string(),
        })?;
        if pins.pin_version != PIN_VERSION {
            return Err(Error::Pins {
                reason: format!(
                    "pinVersion {} is not supported (this build reads {PIN_VERSION})",
                    pins.pin_version
                ),
            });
        }
        Ok(pins)
    }

    /// The pin file: pretty JSON with a trailing newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_else(|e| {
            unreachable!("maps of strings always serialize: {e}");
        });
        text.push('\n');
        text
    }
}

fn pin_tool(tool: &Tool) -> ToolPin {
    let mut pinned = Map::new();
    let mut fields = BTreeMap::new();
    for &field in PINNED_FIELDS {
        if let Some(value) = tool.raw().get(field) {
            fields.insert(field.to_owned(), sha256_hex(&canonical_json(value)));
            pinned.insert(field.to_owned(), value.clone());
        }
    }
    ToolPin {
        sha256: sha256_hex(&canonical_json(&Value::Object(pinned))),
        fields,
    }
}

/// `value` as canonical JSON: object keys sorted by code point, no whitespace, strings and
/// numbers as serde_json writes them. Two definitions that differ only in key order or
/// spacing give the same text.
///
/// # Example
///
/// ```
/// let v = serde_json::json!({"b": [1, {"d": true, "c": null}], "a": "x"});
/// assert_eq!(tool_schema::canonical_json(&v), r#"{"a":"x","b":[1,{"c":null,"d":true}]}"#);
/// ```
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    // Iterative: a schema from a hostile server may nest deeper than the stack allows.
    enum Step<'a> {
        Value(&'a Value),
        Text(&'static str),
        Key(&'a str),
    }
    let mut stack = vec![Step::Value(value)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Text(t) => out.push_str(t),
            Step::Key(k) => {
                out.push_str(&Value::String(k.to_owned()).to_string());
                out.push(':');
            }
            Step::Value(Value::Array(items)) => {
                out.push('[');
                stack.push(Step::Text("]"));
                for (i, item) in items.iter().enumerate().rev() {
                    stack.push(Step::Value(item));
                    if i > 0 {
                        stack.push(Step::Text(","));
                    }
                }
            }
            Step::Value(Value::Object(map)) => {
                out.push('{');
                stack.push(Step::Text("}"));
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort_unstable();
                for (i, key) in keys.iter().enumerate().rev() {
                    if let Some(item) = map.get(*key) {
                        stack.push(Step::Value(item));
                        stack.push(Step::Key(key));
                        if i > 0 {
                            stack.push(Step::Text(","));
                        }
                    }
                }
            }
            Step::Value(scalar) => out.push_str(&scalar.to_string()),
        }
    }
}

fn sha256_hex(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    let mut hex = String::with_capacity(64);
    for byte in digest.iter() {
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

/// What changed in `tools` since `baseline` was pinned: `PIN-ADDED`, `PIN-REMOVED` and
/// `PIN-CHANGED` findings (the last names the fields that changed), in tool order, removed
/// tools last.
pub fn drift(baseline: &Pins, tools: &[Tool]) -> Vec<Finding> {
    let current = Pins::of(tools);
    let mut findings = Vec::new();
    for (index, tool) in tools.iter().enumerate() {
        let Some(name) = tool.name() else { continue };
        let Some(now) = current.tools.get(name) else {
            continue;
        };
        let finding = |rule, severity, message| Finding {
            rule,
            severity,
            tool_index: Some(index),
            tool: Some(name.to_owned()),
            pointer: String::new(),
            message,
        };
        match baseline.tools.get(name) {
            None => findings.push(finding(
                "PIN-ADDED",
                Severity::Info,
                format!("tool {name:?} is not in the baseline; review it, then pin again"),
            )),
            Some(then) if then.sha256 != now.sha256 => {
                let changed: Vec<&str> = PINNED_FIELDS
                    .iter()
                    .copied()
                    .filter(|f| then.fields.get(*f) != now.fields.get(*f))
                    .collect();
                findings.push(finding(
                    "PIN-CHANGED",
                    Severity::Warn,
                    format!(
                        "tool {name:?} changed since it was pinned ({}); review the new \
                         definition before trusting it, then pin again",
                        if changed.is_empty() {
                            "the pinned hash differs".to_owned()
                        } else {
                            format!("fields: {}", changed.join(", "))
                        }
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    for name in baseline.tools.keys() {
        if !current.tools.contains_key(name) {
            findings.push(Finding {
                rule: "PIN-REMOVED",
                severity: Severity::Info,
                tool_index: None,
                tool: Some(name.clone()),
                pointer: String::new(),
                message: format!(
                    "tool {name:?} is in the baseline but no longer offered; pin again if that is expected"
                ),
            });
        }
    }
    findings
}
