//! Typed reads of a JSON object's fields for the suite's validation: each records a problem
//! at its JSON pointer and goes on, so that every problem is reported at once.

use serde_json::{Map, Value};

use crate::suite::Problem;

/// Appends one RFC 6901 reference token to a JSON pointer.
pub(super) fn child(path: &str, key: &str) -> String {
    let mut out = String::with_capacity(path.len() + key.len() + 1);
    out.push_str(path);
    out.push('/');
    for c in key.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            _ => out.push(c),
        }
    }
    out
}

pub(super) fn index(path: &str, i: usize) -> String {
    format!("{path}/{i}")
}

/// Whether `pointer` is a well-formed RFC 6901 pointer: every `~` is followed by `0` or `1`.
pub(super) fn valid_pointer(pointer: &str) -> bool {
    let mut chars = pointer.chars();
    while let Some(c) = chars.next() {
        if c == '~' && !matches!(chars.next(), Some('0' | '1')) {
            return false;
        }
    }
    true
}

pub(super) fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The problems found so far.
pub(super) struct Validator {
    pub(super) problems: Vec<Problem>,
}

impl Validator {
    pub(super) fn push(&mut self, path: &str, message: impl Into<String>) {
        self.problems.push(Problem {
            path: path.to_owned(),
            message: message.into(),
        });
    }

    pub(super) fn object<'v>(
        &mut self,
        value: &'v Value,
        path: &str,
        what: &str,
    ) -> Option<&'v Map<String, Value>> {
        match value {
            Value::Object(map) => Some(map),
            other => {
                self.push(
                    path,
                    format!("{what} must be an object, found {}", type_name(other)),
                );
                None
            }
        }
    }

    pub(super) fn unknown_fields(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        known: &[&str],
        what: &str,
    ) {
        for key in map.keys() {
            if !known.contains(&key.as_str()) {
                self.push(
                    &child(path, key),
                    format!(
                        "unknown field {key:?} in {what}; known fields: {}",
                        known.join(", ")
                    ),
                );
            }
        }
    }

    pub(super) fn string(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
    ) -> Option<String> {
        match map.get(key)? {
            Value::String(s) => Some(s.clone()),
            // Serializers often write absent optional fields as null; read that as absent.
            Value::Null => None,
            other => {
                self.push(
                    &child(path, key),
                    format!("{key} must be a string, found {}", type_name(other)),
                );
                None
            }
        }
    }

    pub(super) fn required_string(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
        what: &str,
    ) -> Option<String> {
        if map.get(key).is_none_or(Value::is_null) {
            self.push(path, format!("{what} has no {key:?}; add it"));
            return None;
        }
        self.string(map, path, key)
    }

    pub(super) fn unsigned(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
    ) -> Option<u64> {
        let value = map.get(key)?;
        match value.as_u64() {
            Some(n) => Some(n),
            None => {
                self.push(
                    &child(path, key),
                    format!("{key} must be a whole number ≥ 0, found {value}"),
                );
                None
            }
        }
    }

    pub(super) fn fraction(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
    ) -> Option<f64> {
        let value = map.get(key)?;
        match value.as_f64() {
            Some(x) if (0.0..=1.0).contains(&x) => Some(x),
            _ => {
                self.push(
                    &child(path, key),
                    format!("{key} must be a number from 0 to 1, found {value}"),
                );
                None
            }
        }
    }

    pub(super) fn boolean(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
    ) -> Option<bool> {
        match map.get(key)? {
            Value::Bool(b) => Some(*b),
            other => {
                self.push(
                    &child(path, key),
                    format!("{key} must be true or false, found {}", type_name(other)),
                );
                None
            }
        }
    }

    pub(super) fn string_list(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
    ) -> Vec<(String, String)> {
        let Some(value) = map.get(key) else {
            return Vec::new();
        };
        let path = child(path, key);
        let Value::Array(items) = value else {
            self.push(
                &path,
                format!(
                    "{key} must be an array of strings, found {}",
                    type_name(value)
                ),
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            match item {
                Value::String(s) if !s.is_empty() => out.push((s.clone(), index(&path, i))),
                Value::String(_) => {
                    self.push(&index(&path, i), format!("{key} entries must not be empty"))
                }
                other => self.push(
                    &index(&path, i),
                    format!("{key} entries must be strings, found {}", type_name(other)),
                ),
            }
        }
        out
    }

    pub(super) fn count(&mut self, n: u64, path: &str, key: &str) -> Option<u32> {
        let c = u32::try_from(n).ok();
        if c.is_none() {
            self.push(&child(path, key), format!("{key} is too large ({n})"));
        }
        c
    }
}
