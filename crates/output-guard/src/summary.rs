//! Summaries of bulky JSON values, including the descriptors made by [`DESCRIBE_JS`]
//! (crate::describe::DESCRIBE_JS).
//!
//! The notation is JavaScript's, as the model knows it from devtools consoles:
//! `Array(n) [a, b, c, … n-3 more]`, `Object(n keys) {a: 1, …}`, `Map(n) {k => v}`,
//! `<div id=#main class=.a.b> @ (x,y) WxH`.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::config::SummaryLimits;

/// Summarizes `value` under `limits`.
///
/// Every container shows at most its configured number of items, strings longer than
/// `limits.string_chars` are cut in the middle, containers deeper than `limits.max_depth` show
/// only their size (the depth is capped at [`MAX_SUMMARY_DEPTH`](crate::config::MAX_SUMMARY_DEPTH)), and the top-level container puts one item per line. Objects carrying a
/// known `"$type"` (the descriptors of [`DESCRIBE_JS`](crate::describe::DESCRIBE_JS)) are shown as the
/// JavaScript values they describe. Writing stops soon after `cap` bytes: the caller cuts the
/// summary to its budget anyway, and the limits alone do not bound its size when they are set
/// high.
///
/// # Example
///
/// ```
/// let value = serde_json::json!({"items": [1, 2, 3, 4, 5], "name": "x"});
/// let text = output_guard::summarize(&value, &output_guard::SummaryLimits::default(), 10_000);
/// assert_eq!(text, "{\n  items: Array(5) [1, 2, 3, … 2 more],\n  name: \"x\"\n}");
/// ```
#[must_use]
pub fn summarize(value: &Value, limits: &SummaryLimits, cap: usize) -> String {
    // The limits may not have gone through `Guard::new`; recursion stays bounded regardless.
    let max_depth = limits.max_depth.min(crate::config::MAX_SUMMARY_DEPTH);
    let mut s = Summarizer {
        limits,
        max_depth,
        out: String::new(),
        cap,
    };
    s.value(value, 0);
    s.out
}

struct Summarizer<'a> {
    limits: &'a SummaryLimits,
    max_depth: usize,
    out: String,
    cap: usize,
}

/// Where a list opens and closes, and what its overflow marker counts.
struct Shape<'s> {
    label: String,
    open: &'s str,
    close: &'s str,
    more: usize,
    what: &'s str,
}

impl Summarizer<'_> {
    fn full(&self) -> bool {
        self.out.len() > self.cap
    }

    fn value(&mut self, value: &Value, depth: usize) {
        if self.full() {
            return;
        }
        match value {
            Value::Null => self.out.push_str("null"),
            Value::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => {
                let _ = write!(self.out, "{n}");
            }
            Value::String(s) => self.string(s),
            Value::Array(items) => self.array(items, items.len(), "Array", depth),
            Value::Object(map) => {
                if !self.descriptor(map, depth) {
                    self.object(map, map.len(), "Object", depth);
                }
            }
        }
    }

    fn string(&mut self, s: &str) {
        let limit = self.limits.string_chars;
        let total = crate::count::char_len(s);
        if total <= limit {
            push_quoted(&mut self.out, s);
            return;
        }
        // CDP's middle cut: 50 + `…` + 49 for a limit of 100.
        let head_chars = limit / 2;
        let tail_chars = limit.saturating_sub(head_chars + 1);
        let head_end = s.char_indices().nth(head_chars).map_or(s.len(), |(i, _)| i);
        let tail_start = match tail_chars {
            0 => s.len(),
            n => s
                .char_indices()
                .rev()
                .nth(n - 1)
                .map_or(s.len(), |(i, _)| i),
        };
        let mut quoted = String::new();
        push_quoted(&mut quoted, &s[..head_end]);
        quoted.pop();
        self.out.push_str(&quoted);
        self.out.push('…');
        quoted.clear();
        push_quoted(&mut quoted, &s[tail_start..]);
        self.out.push_str(quoted.get(1..).unwrap_or_default());
        let _ = write!(
            self.out,
            " ({} chars omitted)",
            total - head_chars - tail_chars
        );
    }

    fn array(&mut self, items: &[Value], len: usize, class: &str, depth: usize) {
        if len == 0 {
            self.out.push_str("[]");
            return;
        }
        if depth >= self.max_depth {
            let _ = write!(self.out, "{class}({len})");
            return;
        }
        let show = items.len().min(self.limits.array_items);
        let labelled = len > show || class != "Array";
        let shape = Shape {
            label: if labelled {
                format!("{class}({len}) ")
            } else {
                String::new()
            },
            open: "[",
            close: "]",
            more: len - show,
            what: "more",
        };
        self.list(depth, &shape, &items[..show], |s, item| {
            s.value(item, depth + 1)
        });
    }

    fn object(&mut self, map: &Map<String, Value>, size: usize, class: &str, depth: usize) {
        if size == 0 {
            self.out.push_str("{}");
            return;
        }
        let show = map.len().min(self.limits.object_keys);
        let labelled = size > show || class != "Object";
        if depth >= self.max_depth {
            // Too deep for values: the keys and their count still say what the object is.
            let _ = write!(self.out, "{class}({size} {}) {{", keys_word(size));
            for (i, key) in map.keys().take(show).enumerate() {
                self.out.push_str(if i == 0 { "" } else { ", " });
                push_key(&mut self.out, key);
            }
            self.out.push_str(if size > show { ", …}" } else { "}" });
            return;
        }
        let shape = Shape {
            label: if labelled {
                format!("{class}({size} {}) ", keys_word(size))
            } else {
                String::new()
            },
            open: "{",
            close: "}",
            more: size - show,
            what: "more keys",
        };
        let entries: Vec<(&String, &Value)> = map.iter().take(show).collect();
        self.list(depth, &shape, &entries, |s, &(key, value)| {
            push_key(&mut s.out, key);
            s.out.push_str(": ");
            s.value(value, depth + 1);
        });
    }

    /// Writes a list: inline below the top level, one item per line at the top.
    fn list<T>(
        &mut self,
        depth: usize,
        shape: &Shape<'_>,
        items: &[T],
        mut each: impl FnMut(&mut Self, &T),
    ) {
        let (first, sep, last) = if depth == 0 {
            ("\n  ", ",\n  ", "\n")
        } else {
            ("", ", ", "")
        };
        self.out.push_str(&shape.label);
        self.out.push_str(shape.open);
        self.out.push_str(first);
        for (i, item) in items.iter().enumerate() {
            if self.full() {
                return;
            }
            if i > 0 {
                self.out.push_str(sep);
            }
            each(self, item);
        }
        if shape.more > 0 {
            if !items.is_empty() {
                self.out.push_str(sep);
            }
            let _ = write!(self.out, "… {} {}", shape.more, shape.what);
        }
        self.out.push_str(last);
        self.out.push_str(shape.close);
    }

    /// Writes a JS descriptor; `false` when `map` is not one.
    fn descriptor(&mut self, map: &Map<String, Value>, depth: usize) -> bool {
        let Some(Value::String(kind)) = map.get("$type") else {
            return false;
        };
        let str_of = |key: &str| map.get(key).and_then(Value::as_str);
        let usize_of = |key: &str| map.get(key).and_then(Value::as_u64).map(saturate);
        match kind.as_str() {
            "undefined" => self.out.push_str("undefined"),
            "bigint" => match str_of("value") {
                Some(v) => {
                    let _ = write!(self.out, "{v}n");
                }
                None => return false,
            },
            "number" => match str_of("value") {
                Some(v) => self.out.push_str(v),
                None => return false,
            },
            "symbol" => {
                let _ = write!(self.out, "Symbol({})", str_of("description").unwrap_or(""));
            }
            "function" => {
                let name = str_of("name")
                    .filter(|n| !n.is_empty())
                    .unwrap_or("anonymous");
                let _ = write!(self.out, "ƒ {name}()");
            }
            "circular" => self.out.push_str("[Circular]"),
            "date" => {
                let _ = write!(
                    self.out,
                    "Date({})",
                    str_of("value").unwrap_or("Invalid Date")
                );
            }
            "regexp" => {
                let _ = write!(
                    self.out,
                    "/{}/{}",
                    str_of("source").unwrap_or(""),
                    str_of("flags").unwrap_or("")
                );
            }
            "error" => {
                let _ = write!(
                    self.out,
                    "{}: {}",
                    str_of("name").unwrap_or("Error"),
                    str_of("message").unwrap_or("")
                );
            }
            "element" => self.element(map),
            "node" => {
                self.out.push_str(str_of("nodeName").unwrap_or("#node"));
                if let Some(text) = str_of("text") {
                    self.out.push(' ');
                    self.string(text);
                }
            }
            "truncated" => {
                let class = str_of("className").unwrap_or("Object");
                match usize_of("size") {
                    Some(n) => {
                        let _ = write!(self.out, "{class}({n})");
                    }
                    None => {
                        let _ = write!(self.out, "[{class}]");
                    }
                }
            }
            "array" | "nodelist" | "map" | "set" | "object" => {
                return self.container(kind, map, depth);
            }
            _ => return false,
        }
        true
    }

    /// Containers the JS snippet describes: their items plus their true size.
    fn container(&mut self, kind: &str, map: &Map<String, Value>, depth: usize) -> bool {
        let class = map.get("className").and_then(Value::as_str);
        let size = map.get("size").and_then(Value::as_u64).map(saturate);
        match (kind, map.get("items"), map.get("entries"), map.get("props")) {
            ("array" | "nodelist", Some(Value::Array(items)), _, _) => {
                let default = if kind == "array" { "Array" } else { "NodeList" };
                let len = size.unwrap_or(items.len()).max(items.len());
                self.array(items, len, class.unwrap_or(default), depth);
            }
            ("set", Some(Value::Array(items)), _, _) => {
                let len = size.unwrap_or(items.len()).max(items.len());
                self.keyed(class.unwrap_or("Set"), len, depth, items, |s, item| {
                    s.value(item, depth + 1);
                });
            }
            ("map", _, Some(Value::Array(entries)), _) => {
                let len = size.unwrap_or(entries.len()).max(entries.len());
                self.keyed(
                    class.unwrap_or("Map"),
                    len,
                    depth,
                    entries,
                    |s, entry| match entry.as_array().map(Vec::as_slice) {
                        Some([k, v]) => {
                            s.value(k, depth + 1);
                            s.out.push_str(" => ");
                            s.value(v, depth + 1);
                        }
                        _ => s.value(entry, depth + 1),
                    },
                );
            }
            ("object", _, _, Some(Value::Object(props))) => {
                let len = size.unwrap_or(props.len()).max(props.len());
                self.object(props, len, class.unwrap_or("Object"), depth);
            }
            _ => return false,
        }
        true
    }

    /// Maps and Sets: `Map(n) {k => v, …}`, with CDP's smaller entry limit.
    fn keyed(
        &mut self,
        class: &str,
        len: usize,
        depth: usize,
        items: &[Value],
        each: impl FnMut(&mut Self, &Value),
    ) {
        if depth >= self.max_depth || len == 0 {
            let _ = write!(self.out, "{class}({len})");
            if len == 0 {
                self.out.push_str(" {}");
            }
            return;
        }
        let show = items.len().min(self.limits.map_entries);
        let shape = Shape {
            label: format!("{class}({len}) "),
            open: "{",
            close: "}",
            more: len - show,
            what: "more",
        };
        self.list(depth, &shape, &items[..show], each);
    }

    /// `<div id=#main class=.a.b> "text" @ (x,y) WxH`.
    fn element(&mut self, map: &Map<String, Value>) {
        let tag = map.get("tag").and_then(Value::as_str).unwrap_or("element");
        let _ = write!(self.out, "<{}", tag.to_ascii_lowercase());
        if let Some(id) = map
            .get("id")
            .and_then(Value::as_str)
            .filter(|id| !id.is_empty())
        {
            let _ = write!(self.out, " id=#{id}");
        }
        if let Some(Value::Array(classes)) = map.get("classes") {
            let mut first = true;
            for class in classes
                .iter()
                .filter_map(Value::as_str)
                .filter(|c| !c.is_empty())
            {
                self.out.push_str(if first { " class=" } else { "" });
                self.out.push('.');
                self.out.push_str(class);
                first = false;
            }
        }
        self.out.push('>');
        if let Some(text) = map
            .get("text")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
        {
            self.out.push(' ');
            self.string(text);
        }
        if let Some(Value::Object(rect)) = map.get("rect") {
            let num = |key: &str| rect.get(key).and_then(Value::as_f64).unwrap_or(0.0);
            let _ = write!(
                self.out,
                " @ ({},{}) {}x{}",
                num("x").round(),
                num("y").round(),
                num("width").max(0.0).round(),
                num("height").max(0.0).round()
            );
        }
    }
}

const fn keys_word(n: usize) -> &'static str {
    if n == 1 { "key" } else { "keys" }
}

fn saturate(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Appends `s` as a JSON string literal.
fn push_quoted(out: &mut String, s: &str) {
    match serde_json::to_string(s) {
        Ok(q) => out.push_str(&q),
        // Serializing a str cannot fail; show the raw text rather than nothing if it ever did.
        Err(_) => {
            out.push('"');
            out.push_str(s);
            out.push('"');
        }
    }
}

/// Appends an object key: bare when it is an identifier, quoted otherwise.
fn push_key(out: &mut String, key: &str) {
    let mut chars = key.chars();
    let ident = chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    if ident {
        out.push_str(key);
    } else {
        push_quoted(out, key);
    }
}

#[cfg(test)]
mod tests;
