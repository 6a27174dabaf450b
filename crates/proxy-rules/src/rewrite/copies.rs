//! The copies of a result's texts in its `structuredContent`, for a server that sends each text
//! again there ([`Profile::structured_copies`](crate::profile::Profile::structured_copies)):
//! agent-browser sends its snapshot as the text, as `response.data.snapshot`, inside the JSON
//! string `stdout`, and names every ref it shows in the map `response.data.refs`. A copy left
//! whole would undo the digest (three times the page's tokens) and show what the proxy held
//! back; so each copy becomes what its text became, and a map keyed by the snapshot's refs
//! keeps the refs the text still shows. chrome-devtools-mcp sends its snapshot again as a JSON
//! tree whose nodes' `id`s are its refs: the tree keeps the nodes the text still shows, and
//! the nodes above them.

use std::collections::HashSet;

use serde_json::Value;

/// One text of a result, as the server wrote it and as the client gets it.
pub(super) struct Copy {
    pub(super) old: String,
    pub(super) new: String,
    /// For a snapshot: the refs it had, and those its lean form shows.
    pub(super) refs: Option<(HashSet<String>, HashSet<String>)>,
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
            if let Some(shown) = ref_map_of(map, copies) {
                let before = map.len();
                map.retain(|k, _| shown.contains(k));
                changed = map.len() != before;
            }
            for v in map.values_mut() {
                changed |= walk(v, copies, depth + 1);
            }
            changed
        }
        Value::Array(items) => {
            let mut changed = false;
            if let Some(shown) = tree_of(items, copies) {
                let before = items.len();
                items.retain(|item| shows_any(item, shown, depth));
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

/// The refs to keep when every key of `map` is a ref of one rewritten snapshot: those its lean
/// form shows.
fn ref_map_of<'c>(
    map: &serde_json::Map<String, Value>,
    copies: &'c [Copy],
) -> Option<&'c HashSet<String>> {
    if map.is_empty() {
        return None;
    }
    copies.iter().find_map(|c| {
        let (had, shown) = c.refs.as_ref()?;
        map.keys().all(|k| had.contains(k)).then_some(shown)
    })
}

/// The refs to keep when every item of `items` is a node of one rewritten snapshot's tree (an
/// object whose `id` is one of its refs, chrome-devtools-mcp's structured snapshot): those its
/// lean form shows.
fn tree_of<'c>(items: &[Value], copies: &'c [Copy]) -> Option<&'c HashSet<String>> {
    if items.is_empty() {
        return None;
    }
    copies.iter().find_map(|c| {
        let (had, shown) = c.refs.as_ref()?;
        items
            .iter()
            .all(|item| {
                item.get("id")
                    .and_then(Value::as_str)
                    .is_some_and(|id| had.contains(id))
            })
            .then_some(shown)
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
