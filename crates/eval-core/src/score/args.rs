//! Argument comparison under a suite's `argsMatch` options (see [`ArgsOptions`]).

#[cfg(test)]
mod tests;

use serde_json::{Number, Value};

use crate::suite::{ArgsMatcher, ArgsOptions, NumberMatch};

/// Nesting deeper than this is treated as a mismatch instead of recursing further.
const MAX_DEPTH: usize = 128;

/// Whether `actual` arguments satisfy `matcher` under `options`; `schema` is the tool's
/// `inputSchema`, read only for [`ArgsOptions::use_defaults`].
pub(super) fn matches(
    matcher: &ArgsMatcher,
    options: &ArgsOptions,
    schema: Option<&Value>,
    actual: &Value,
) -> bool {
    let cmp = Compare::new(options, schema);
    let mut path = String::new();
    match matcher {
        ArgsMatcher::Any => true,
        ArgsMatcher::Exact(expected) => cmp.equal(expected, actual, cmp.schema, &mut path, 0),
        ArgsMatcher::Subset(expected) => cmp.subset(expected, actual, cmp.schema, &mut path, 0),
        ArgsMatcher::Regex(patterns) => patterns.iter().all(|(key, pattern)| {
            if cmp.ignores_location(key) {
                return true;
            }
            let value = if key.starts_with('/') {
                actual.pointer(key)
            } else {
                actual.get(key)
            };
            match value {
                Some(Value::String(s)) => pattern.is_match(s),
                Some(other) => pattern.is_match(&other.to_string()),
                None => false,
            }
        }),
    }
}

struct Compare<'a> {
    options: &'a ArgsOptions,
    /// The schema, only when defaults are to be used.
    schema: Option<&'a Value>,
    /// Ignored names (any depth).
    names: Vec<&'a str>,
    /// Ignored JSON pointers (one place each).
    pointers: Vec<&'a str>,
}

impl<'a> Compare<'a> {
    fn new(options: &'a ArgsOptions, schema: Option<&'a Value>) -> Compare<'a> {
        let (pointers, names) = options
            .ignore_keys
            .iter()
            .map(String::as_str)
            .partition(|k| k.starts_with('/'));
        Compare {
            options,
            schema: schema.filter(|_| options.use_defaults),
            names,
            pointers,
        }
    }

    /// Whether `key` of the object at `path` is left out.
    fn ignores(&self, path: &str, key: &str) -> bool {
        if self.names.contains(&key) {
            return true;
        }
        if self.pointers.is_empty() {
            return false;
        }
        let mut at = path.to_owned();
        push_token(&mut at, key);
        self.pointers.contains(&at.as_str())
    }

    /// Whether a regex matcher's key (a name or a JSON pointer) lies at or under an ignored
    /// place.
    fn ignores_location(&self, key: &str) -> bool {
        let pointer = if key.starts_with('/') {
            key.to_owned()
        } else {
            let mut p = String::new();
            push_token(&mut p, key);
            p
        };
        let under = |p: &str| {
            pointer == p
                || pointer
                    .strip_prefix(p)
                    .is_some_and(|rest| rest.starts_with('/'))
        };
        self.pointers.iter().any(|p| under(p))
            || pointer
                .split('/')
                .skip(1)
                .any(|token| self.names.contains(&unescape(token).as_str()))
    }

    /// Exact comparison: same shape, same keys (less the ignored ones and, with defaults,
    /// keys one side leaves at their default), equal scalars under the options.
    fn equal(
        &self,
        expected: &Value,
        actual: &Value,
        schema: Option<&Value>,
        path: &mut String,
        depth: usize,
    ) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match (expected, actual) {
            (Value::Object(e), Value::Object(a)) => self.objects(e, a, schema, path, depth, true),
            (Value::Array(e), Value::Array(a)) => {
                if e.len() != a.len() {
                    return false;
                }
                let sub = schema
                    .and_then(|s| s.get("items"))
                    .filter(|s| s.is_object());
                let len = path.len();
                let ok = e.iter().zip(a).enumerate().all(|(i, (ev, av))| {
                    push_token(path, &i.to_string());
                    let ok = self.equal(ev, av, sub, path, depth + 1);
                    path.truncate(len);
                    ok
                });
                path.truncate(len);
                ok
            }
            _ => self.scalar_equal(expected, actual),
        }
    }

    /// Subset comparison: every expected key (less the ignored ones) is present with a
    /// matching value, objects recursively; arrays and scalars compare with
    /// [`Compare::equal`].
    fn subset(
        &self,
        expected: &Value,
        actual: &Value,
        schema: Option<&Value>,
        path: &mut String,
        depth: usize,
    ) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match (expected, actual) {
            (Value::Object(e), Value::Object(a)) => self.objects(e, a, schema, path, depth, false),
            _ => self.equal(expected, actual, schema, path, depth),
        }
    }

    /// Two objects: every expected key (less the ignored ones) present with a matching value,
    /// or left out at its default; `exact` also requires the actual object to have no other
    /// key (but ignored ones and ones at their default) and compares values exactly.
    fn objects(
        &self,
        e: &serde_json::Map<String, Value>,
        a: &serde_json::Map<String, Value>,
        schema: Option<&Value>,
        path: &mut String,
        depth: usize,
        exact: bool,
    ) -> bool {
        let len = path.len();
        let ok = e.iter().all(|(k, ev)| {
            if self.ignores(path, k) {
                return true;
            }
            let sub = property(schema, k);
            push_token(path, k);
            let ok = match a.get(k) {
                Some(av) if exact => self.equal(ev, av, sub, path, depth + 1),
                Some(av) => self.subset(ev, av, sub, path, depth + 1),
                None => self.is_default(ev, sub, path, depth + 1),
            };
            path.truncate(len);
            ok
        }) && (!exact
            || a.iter().all(|(k, av)| {
                if e.contains_key(k) || self.ignores(path, k) {
                    return true;
                }
                let sub = property(schema, k);
                push_token(path, k);
                let ok = self.is_default(av, sub, path, depth + 1);
                path.truncate(len);
                ok
            }));
        path.truncate(len);
        ok
    }

    /// Whether `value` equals the default `schema` gives (never without defaults on).
    fn is_default(
        &self,
        value: &Value,
        schema: Option<&Value>,
        path: &mut String,
        depth: usize,
    ) -> bool {
        match schema.and_then(|s| s.get("default")) {
            Some(default) => self.equal(default, value, None, path, depth),
            None => false,
        }
    }

    fn scalar_equal(&self, expected: &Value, actual: &Value) -> bool {
        match (expected, actual, self.options.numbers) {
            (Value::Number(e), Value::Number(a), NumberMatch::Exact) => e == a,
            (Value::Number(e), Value::Number(a), _) => same_number(e, a),
            (Value::String(s), Value::Number(n), NumberMatch::Strings)
            | (Value::Number(n), Value::String(s), NumberMatch::Strings) => {
                s.trim().parse::<Number>().is_ok_and(|m| same_number(&m, n))
            }
            (Value::String(e), Value::String(a), _) if self.options.normalize_strings => {
                normalize(e) == normalize(a)
            }
            _ => expected == actual,
        }
    }
}

/// The subschema of property `key`, when `schema` has one.
fn property<'s>(schema: Option<&'s Value>, key: &str) -> Option<&'s Value> {
    schema?.get("properties")?.get(key)
}

/// Appends one RFC 6901 reference token to a JSON pointer.
fn push_token(path: &mut String, key: &str) {
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            _ => path.push(c),
        }
    }
}

fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

/// Numbers by value: integers exactly (as `i128`), a float with no fraction as the integer it
/// is, anything else as `f64`. `serde_json` numbers are never NaN or infinite.
pub(super) fn same_number(a: &Number, b: &Number) -> bool {
    match (whole(a), whole(b)) {
        (Some(x), Some(y)) => x == y,
        (Some(_), None) | (None, Some(_)) | (None, None) => {
            matches!((a.as_f64(), b.as_f64()), (Some(x), Some(y)) if x == y)
        }
    }
}

/// The number as an integer, when it is one that `i128` holds exactly.
fn whole(n: &Number) -> Option<i128> {
    if let Some(i) = n.as_i64() {
        return Some(i.into());
    }
    if let Some(u) = n.as_u64() {
        return Some(u.into());
    }
    let f = n.as_f64()?;
    // Below 2^126 a float without fraction converts to i128 exactly.
    const LIMIT: f64 = 8.507_059_173_023_462e37;
    (f.fract() == 0.0 && f.abs() < LIMIT).then_some(f as i128)
}

/// Lowercase, strip everything but letters and digits at both ends, collapse inner
/// whitespace to one space.
pub(super) fn normalize(s: &str) -> String {
    let lower = s.to_lowercase();
    lower
        .trim_matches(|c: char| !c.is_alphanumeric())
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
