//! The MCP `Tool` object, read as-is from a `tools/list` result.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::Error;

/// One MCP tool definition, kept as the JSON object the server sent.
///
/// Every field, known or not, is kept: serializing a `Tool` gives back the object it was read
/// from. The getters read the fields the lint needs and return `None` when a field is missing or
/// has the wrong JSON type (the lint reports those cases itself).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Tool {
    raw: Map<String, Value>,
}

impl Tool {
    /// Wraps a JSON object as a tool.
    ///
    /// # Errors
    ///
    /// Returns [`Error::NotAnObject`] when `value` is not a JSON object.
    pub fn from_value(value: Value) -> Result<Self, Error> {
        match value {
            Value::Object(raw) => Ok(Self { raw }),
            other => Err(Error::NotAnObject {
                what: "tool",
                found: json_type(&other),
            }),
        }
    }

    /// The whole object as sent by the server.
    pub fn raw(&self) -> &Map<String, Value> {
        &self.raw
    }

    /// The tool as a JSON value (a clone of the object).
    pub fn to_value(&self) -> Value {
        Value::Object(self.raw.clone())
    }

    /// `name`, when it is a string.
    pub fn name(&self) -> Option<&str> {
        self.raw.get("name").and_then(Value::as_str)
    }

    /// `title`, when it is a string.
    pub fn title(&self) -> Option<&str> {
        self.raw.get("title").and_then(Value::as_str)
    }

    /// `description`, when it is a string.
    pub fn description(&self) -> Option<&str> {
        self.raw.get("description").and_then(Value::as_str)
    }

    /// `inputSchema` as sent (any JSON type, so the lint can report a wrong one).
    pub fn input_schema(&self) -> Option<&Value> {
        self.raw.get("inputSchema")
    }

    /// `outputSchema` as sent.
    pub fn output_schema(&self) -> Option<&Value> {
        self.raw.get("outputSchema")
    }

    /// `annotations`, when it is an object.
    pub fn annotations(&self) -> Option<&Map<String, Value>> {
        self.raw.get("annotations").and_then(Value::as_object)
    }

    /// A boolean hint from `annotations` (`readOnlyHint`, `destructiveHint`, …), when set.
    pub fn hint(&self, key: &str) -> Option<bool> {
        self.annotations()
            .and_then(|a| a.get(key))
            .and_then(Value::as_bool)
    }
}

/// Reads the tools of a `tools/list` result: `{"tools": [...]}`, a JSON-RPC response whose
/// `result` has that shape, or a bare array of tools.
///
/// # Errors
///
/// Returns [`Error::NotAToolList`] when `value` has none of these shapes and
/// [`Error::NotAnObject`] (with the tool's index) when an entry is not an object.
///
/// # Example
///
/// ```
/// let tools = tool_schema::parse_tools(&serde_json::json!({
///     "tools": [{"name": "ping", "inputSchema": {"type": "object"}, "x-extra": 1}]
/// }))?;
/// assert_eq!(tools[0].name(), Some("ping"));
/// assert_eq!(tools[0].raw()["x-extra"], 1);
/// # Ok::<(), tool_schema::Error>(())
/// ```
pub fn parse_tools(value: &Value) -> Result<Vec<Tool>, Error> {
    let list = match value {
        Value::Array(items) => items,
        Value::Object(map) => match (map.get("tools"), map.get("result")) {
            (Some(Value::Array(items)), _) => items,
            (None, Some(result @ Value::Object(_))) => return parse_tools(result_only(result)),
            _ => {
                return Err(Error::NotAToolList {
                    found: describe_object(map),
                });
            }
        },
        other => {
            return Err(Error::NotAToolList {
                found: json_type(other).to_owned(),
            });
        }
    };
    list.iter()
        .enumerate()
        .map(|(index, item)| match item {
            Value::Object(raw) => Ok(Tool { raw: raw.clone() }),
            other => Err(Error::NotAToolObject {
                index,
                found: json_type(other),
            }),
        })
        .collect()
}

/// Reads a `tools/list` result from JSON text (see [`parse_tools`]).
///
/// # Errors
///
/// Returns [`Error::Json`] when `text` is not JSON, else what [`parse_tools`] returns.
pub fn parse_tools_str(text: &str) -> Result<Vec<Tool>, Error> {
    let value: Value = serde_json::from_str(text).map_err(|source| Error::Json { source })?;
    parse_tools(&value)
}

/// A JSON-RPC `result` must itself hold `tools`; without this guard `{"result": {"result": …}}`
/// would recurse once per level of nesting.
fn result_only(result: &Value) -> &Value {
    match result.get("tools") {
        Some(_) => result,
        None => &Value::Null,
    }
}

fn describe_object(map: &Map<String, Value>) -> String {
    let keys: Vec<&str> = map.keys().take(5).map(String::as_str).collect();
    format!(
        "an object with keys [{}] and no \"tools\" array",
        keys.join(", ")
    )
}

/// The JSON type of `value`, for messages.
pub(crate) fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}
