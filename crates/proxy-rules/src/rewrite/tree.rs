//! chrome-devtools-mcp's snapshot as a JSON tree, the `snapshot` of its structured content
//! (`--experimentalStructuredContent`): `{"id": "1_0", "role": "RootWebArea", "name": …,
//! "url": …, "children": [...]}`. Written in the server's `uid=` syntax, it is a snapshot the
//! proxy reads whatever `--experimentalDataFormat` encodes the text in (TOON and GCF are not
//! read), and its nodes are what a digest's refs are kept by.

use std::fmt::Write as _;

use serde_json::Value;

/// The deepest node written: far beyond a real page (60 levels), a bound on hostile trees.
const MAX_DEPTH: usize = 256;

/// The tree under `structuredContent.snapshot` in `uid=` lines, when it is one (its root has an
/// `id` and a `role`).
pub(super) fn devtools_text(structured: &Value) -> Option<String> {
    let root = structured.get("snapshot")?;
    root.get("id")?.as_str()?;
    root.get("role")?.as_str()?;
    let mut out = String::new();
    write_node(&mut out, root, 0);
    Some(out)
}

fn write_node(out: &mut String, node: &Value, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let Some(fields) = node.as_object() else {
        return;
    };
    let Some(id) = fields.get("id").and_then(Value::as_str) else {
        return;
    };
    for _ in 0..depth {
        out.push_str("  ");
    }
    // One node a line: line breaks in a name or value would start lines of their own.
    let flat = |s: &str| s.replace(['\n', '\r'], " ");
    let _ = write!(out, "uid={}", flat(id));
    let role = fields.get("role").and_then(Value::as_str).unwrap_or("");
    let name = fields.get("name").and_then(Value::as_str);
    if role == "StaticText" && name.is_some() {
        let _ = write!(out, " \"{}\"", flat(name.unwrap_or("")));
    } else {
        if !role.is_empty() {
            let _ = write!(out, " {}", flat(role));
        }
        if let Some(name) = name {
            let _ = write!(out, " \"{}\"", flat(name));
        }
        for (key, value) in fields {
            if matches!(key.as_str(), "id" | "role" | "name" | "children") {
                continue;
            }
            match value {
                Value::Bool(true) => {
                    let _ = write!(out, " {key}");
                }
                Value::String(s) => {
                    let _ = write!(out, " {key}=\"{}\"", flat(s));
                }
                Value::Number(n) => {
                    let _ = write!(out, " {key}=\"{n}\"");
                }
                _ => {}
            }
        }
    }
    out.push('\n');
    for child in fields
        .get("children")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        write_node(out, child, depth + 1);
    }
}

#[cfg(test)]
mod tests;
