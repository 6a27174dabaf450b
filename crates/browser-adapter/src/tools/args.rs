//! Reading a `tools/call`'s arguments against the tool's input schema.

use std::time::Duration;

use serde_json::{Map, Value};

/// The arguments of one call, checked for unknown keys.
pub(crate) struct Args<'a> {
    tool: &'a str,
    map: Option<&'a Map<String, Value>>,
}

impl<'a> Args<'a> {
    /// Checks that `arguments` is an object (or null) with only the keys of `allowed`, the
    /// properties of the tool's input schema.
    pub(crate) fn new(
        tool: &'a str,
        allowed: &[&str],
        arguments: &'a Value,
    ) -> Result<Self, String> {
        let map = match arguments {
            Value::Null => None,
            Value::Object(map) => Some(map),
            other => {
                return Err(format!(
                    "arguments of {tool} must be a JSON object, got {}; pass named arguments such as {{\"name\": \"value\"}}",
                    type_name(other)
                ));
            }
        };
        if let Some(key) = map
            .into_iter()
            .flat_map(Map::keys)
            .find(|k| !allowed.contains(&k.as_str()))
        {
            let expected = if allowed.is_empty() {
                "it takes no arguments".to_owned()
            } else {
                format!("it takes {}", allowed.join(", "))
            };
            return Err(format!("unknown argument {key:?} for {tool}; {expected}"));
        }
        Ok(Self { tool, map })
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.and_then(|m| m.get(key)).filter(|v| !v.is_null())
    }

    /// A string argument that must be present.
    pub(crate) fn required_str(&self, key: &str) -> Result<&'a str, String> {
        match self.optional_str(key)? {
            Some(s) => Ok(s),
            None => Err(format!(
                "missing argument {key:?} for {}; pass it as a string",
                self.tool
            )),
        }
    }

    /// A string argument that may be absent.
    pub(crate) fn optional_str(&self, key: &str) -> Result<Option<&'a str>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(self.wrong_type(key, "a string", other)),
        }
    }

    /// A boolean argument, false when absent.
    pub(crate) fn flag(&self, key: &str) -> Result<bool, String> {
        match self.get(key) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(self.wrong_type(key, "true or false", other)),
        }
    }

    /// A whole number of at least 1, if present.
    pub(crate) fn optional_page(&self, key: &str) -> Result<Option<usize>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => match v.as_u64().filter(|&n| n >= 1) {
                Some(n) => Ok(Some(usize::try_from(n).unwrap_or(usize::MAX))),
                None => Err(self.wrong_type(key, "a whole number from 1", v)),
            },
        }
    }

    /// Any JSON value, if present.
    pub(crate) fn value(&self, key: &str) -> Option<&'a Value> {
        self.get(key)
    }

    /// `timeoutMs` as a duration, if present.
    pub(crate) fn timeout(&self) -> Result<Option<Duration>, String> {
        match self.get("timeoutMs") {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(ms) => Ok(Some(Duration::from_millis(ms))),
                None => Err(self.wrong_type("timeoutMs", "a whole number of milliseconds", v)),
            },
        }
    }

    fn wrong_type(&self, key: &str, expected: &str, got: &Value) -> String {
        format!(
            "argument {key:?} of {} must be {expected}, got {}",
            self.tool,
            type_name(got)
        )
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
