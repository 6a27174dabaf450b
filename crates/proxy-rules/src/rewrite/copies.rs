//! The copies of a result's texts in its `structuredContent`, for a server that sends each text
//! again there ([`Profile::structured_copies`](crate::profile::Profile::structured_copies)):
//! agent-browser sends its snapshot as the text, as `response.data.snapshot`, inside the JSON
//! string `stdout`, and names every ref it shows in the map `response.data.refs`. A copy left
//! whole would undo the digest (three times the page's tokens) and show what the proxy held
//! back; so each copy becomes what its text became, and a map keyed by the snapshot's refs
//! keeps the refs the text still shows. chrome-devtools-mcp sends its snapshot again as a JSON
//! tree whose nodes' `id`s are its refs: the tree keeps the nodes the text still shows, and
//! the nodes above them. A node whose text the digest held back has its strings held back in
//! every copy too.

use std::collections::HashSet;

use serde_json::Value;

/// One text of a result, as the server wrote it and as the client gets it.
pub(super) struct Copy {
    pub(super) old: String,
    pub(super) new: String,
    /// For a snapshot: the refs it had and those its lean form shows.
    pub(super) refs: Option<Refs>,
}

/// The refs of a rewritten snapshot.
pub(super) struct Refs {
    /// Every ref the server's snapshot had.
    pub(super) had: HashSet<String>,
    /// The refs its lean form shows.
    pub(super) shown: HashSet<String>,
    /// The shown refs whose node's text was held back: in a copy, their strings are too.
    pub(super) held: HashSet<String>,
}

/// What a held-back node's strings become in a copy.
fn held_text() -> Value {
    Value::String(format!(
        "{} (held back; the result's text says how to read it)",
        snapshot_digest::ADDRESSED_MARK
    ))
}

/// A node's or ref entry's strings, but its `id` and `role`, held back; whether any was.
fn hold(fields: &mut serde_json::Map<String, Value>) -> bool {
    let mut any = false;
    for (key, v) in fields.iter_mut() {
        if v.is_string() && key != "id" && key != "role" {
            *v = held_text();
            any = true;
        }
    }
    any
}

/// The deepest nesting followed, JSON strings that hold JSON counted as a level: far beyond
/// any server's answer, and a bound on hostile ones.
const MAX_DEPTH: usize = 48;

/// The shortest string that is read as JSON holding copies: shorter ones cannot hold a text
/// worth rewriting, and most strings are short.
const MIN_JSON_CHARS: usize = 64;

/// Rewrites the copies in `structured` in place; whether anything changed.
pub(super) fn follow(structured: &mut Value, copies: &[Copy]) -> bool {
    walk(structured, copies, 0)
}

fn walk(value: &mut Value, copies: &[Copy], depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match value {
        Value::String(s) => {
            if let Some(copy) = copies.iter().find(|c| c.old == *s) {
                s.clone_from(&copy.new);
                return true;
            }
            let trimmed = s.trim();
            if s.len() < MIN_JSON_CHARS || !(trimmed.starts_with('{') || trimmed.starts_with('[')) {
                return false;
            }
            let Ok(mut inner) = serde_json::from_str::<Value>(s) else {
                return false;
            };
            if !walk(&mut inner, copies, depth + 1) {
                return false;
            }
            // The string is written back as JSON again, its trailing newline kept.
            let newline = if s.ends_with('\n') { "\n" } else { "" };
            *s = format!("{inner}{newline}");
            true
        }
        Value::Object(map) => {
            let mut changed = false;
            if let Some(refs) = ref_map_of(map, copies) {
                let before = map.len();
                map.retain(|k, _| refs.shown.contains(k));
                changed = map.len() != before;
                for (k, v) in map.iter_mut() {
                    if refs.held.contains(k) {
                        changed |= v.as_object_mut().is_some_and(hold);
                    }
                }
            }
            let held = map.get("id").and_then(Value::as_str).is_some_and(|id| {
                copies
                    .iter()
                    .any(|c| c.refs.as_ref().is_some_and(|r| r.held.contains(id)))
            });
            if held {
                changed |= hold(map);
            }
            for v in map.values_mut() {
                changed |= walk(v, copies, depth + 1);
            }
            changed
        }
        Value::Array(items) => {
            let mut changed = false;
            if let Some(refs) = tree_of(items, copies) {
                let before = items.len();
                items.retain(|item| shows_any(item, &refs.shown, depth));
                changed = items.len() != before;
            }
            for v in items {
                changed |= walk(v, copies, depth + 1);
            }
            changed
        }
        _ => false,
    }
}

/// The rewritten snapshot whose refs are every key of `map`, if there is one.
fn ref_map_of<'c>(map: &serde_json::Map<String, Value>, copies: &'c [Copy]) -> Option<&'c Refs> {
    if map.is_empty() {
        return None;
    }
    copies.iter().find_map(|c| {
        let refs = c.refs.as_ref()?;
        map.keys().all(|k| refs.had.contains(k)).then_some(refs)
    })
}

/// The rewritten snapshot whose tree `items` are nodes of (objects whose `id` is one of its
/// refs, chrome-devtools-mcp's structured snapshot), if there is one.
fn tree_of<'c>(items: &[Value], copies: &'c [Copy]) -> Option<&'c Refs> {
    if items.is_empty() {
        return None;
    }
    copies.iter().find_map(|c| {
        let refs = c.refs.as_ref()?;
        items
            .iter()
            .all(|item| {
                item.get("id")
                    .and_then(Value::as_str)
                    .is_some_and(|id| refs.had.contains(id))
            })
            .then_some(refs)
    })
}

/// Whether a tree node, or a node under it, has a shown ref as its `id`.
fn shows_any(node: &Value, shown: &HashSet<String>, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    node.get("id")
        .and_then(Value::as_str)
        .is_some_and(|id| shown.contains(id))
        || node
            .get("children")
            .and_then(Value::as_array)
            .is_some_and(|c| c.iter().any(|n| shows_any(n, shown, depth + 1)))
}

#[cfg(test)]
mod tests;
