//! browser-use's page state (`browser_get_state`): pretty JSON whose `interactive_elements`
//! are `{index, tag, text, placeholder?, href?}`, the agent acting on an element by its
//! `index`. The elements are read as a snapshot in Playwright's syntax (the tag's implicit ARIA
//! role, the text as the name, the index as the ref, `href` and `placeholder` as props), which
//! the goal digest ranks and holds back as any snapshot; the state then goes out in its own
//! JSON with the elements the digest kept, in the digest's order, and a `digest` line that says
//! what was left out and how to see it.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};
use snapshot_digest::{SnapshotWriter, Tail};

/// The state's elements as a snapshot, and the elements by index; `None` when `text` is no
/// such state.
pub(super) fn state_snapshot(text: &str) -> Option<(Map<String, Value>, String)> {
    let trimmed = text.trim_start();
    if !trimmed.starts_with('{') {
        return None;
    }
    let Value::Object(state) = serde_json::from_str::<Value>(text).ok()? else {
        return None;
    };
    let elements = state.get("interactive_elements")?.as_array()?;
    let mut w = SnapshotWriter::new();
    for element in elements {
        let Some(index) = element.get("index").and_then(index_of) else {
            continue;
        };
        let tag = element.get("tag").and_then(Value::as_str).unwrap_or("");
        let name = element.get("text").and_then(Value::as_str).unwrap_or("");
        let href = element.get("href").and_then(Value::as_str);
        let placeholder = element.get("placeholder").and_then(Value::as_str);
        let tail = if href.is_some() || placeholder.is_some() {
            Tail::Block
        } else {
            Tail::Empty
        };
        let name = (!name.trim().is_empty()).then_some(name);
        w.node(0, role_of(tag), name, &[("ref", Some(&index))], tail);
        if let Some(href) = href {
            w.prop(1, "url", href);
        }
        if let Some(placeholder) = placeholder {
            w.prop(1, "placeholder", placeholder);
        }
    }
    Some((state, w.finish()))
}

/// An element's index as a ref: an integer, written in decimal.
fn index_of(v: &Value) -> Option<String> {
    v.as_u64().map(|n| n.to_string())
}

/// The implicit ARIA role of an HTML element by its tag (HTML-AAM), `generic` for the rest.
fn role_of(tag: &str) -> &'static str {
    match tag.to_ascii_lowercase().as_str() {
        "a" | "area" => "link",
        "button" | "summary" => "button",
        "input" | "textarea" => "textbox",
        "select" => "combobox",
        "option" => "option",
        "img" | "svg" => "img",
        "li" => "listitem",
        "td" => "cell",
        "th" => "columnheader",
        "tr" => "row",
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => "heading",
        "form" => "form",
        "nav" => "navigation",
        "details" => "group",
        "dialog" => "dialog",
        "iframe" => "iframe",
        _ => "generic",
    }
}

/// The state with the elements `lean` (a digest of [`state_snapshot`]'s snapshot) shows, in its
/// order, each with the text the digest gives it (cut, or held back), and the digest's first
/// line as `digest`: pretty JSON as the server writes it.
///
/// A goal digest's matches each come with the element after them on the page. The state lists
/// clickable elements only, without the text between them, so what a match labels (a row's
/// value after its header link, a field after its label) is the next element or nothing: the
/// flat list's context, as a snapshot's is its parent and siblings. One that addresses the
/// agent is left out.
pub(super) fn lean_state(mut state: Map<String, Value>, lean: &str) -> String {
    let elements: Vec<(String, Value)> = state
        .get("interactive_elements")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|e| Some((e.get("index").and_then(index_of)?, e.clone())))
        .collect();
    let position: HashMap<&str, usize> = elements
        .iter()
        .enumerate()
        .map(|(i, (r, _))| (r.as_str(), i))
        .collect();
    let (snapshot, _) = snapshot_digest::parse_lenient(lean);
    let goal_digest = lean.starts_with("# goal digest");
    let further = lean
        .lines()
        .position(|l| l.starts_with("# further candidates"))
        .map_or(usize::MAX, |i| i + 1);
    let mut kept = Vec::new();
    let mut seen = HashSet::new();
    for node in snapshot.nodes() {
        let Some(r) = node.aria_ref() else { continue };
        let Some(&at) = position.get(r.as_str()) else {
            continue;
        };
        if !seen.insert(at) {
            continue;
        }
        let mut element = elements[at].1.clone();
        if let Some(fields) = element.as_object_mut() {
            let text = node.name().or(node.text()).unwrap_or("");
            if text.contains(snapshot_digest::ADDRESSED_MARK) {
                // Held back: its link and placeholder are the page's words too.
                fields.remove("href");
                fields.remove("placeholder");
            }
            fields.insert("text".to_owned(), Value::String(text.to_owned()));
        }
        kept.push(element);
        if goal_digest
            && node.line() < further
            && let Some((_, next)) = elements.get(at + 1)
            && !addresses_agent(next)
            && seen.insert(at + 1)
        {
            kept.push(next.clone());
        }
    }
    let header = lean
        .lines()
        .find(|l| l.starts_with("# "))
        .map(|l| l.trim_start_matches("# ").to_owned());
    state.insert("interactive_elements".to_owned(), Value::Array(kept));
    // The digest's line goes first: it says what the elements below are.
    let mut out = Map::new();
    if let Some(header) = header {
        out.insert("digest".to_owned(), Value::String(header));
    }
    out.extend(state);
    serde_json::to_string_pretty(&Value::Object(out)).unwrap_or_default()
}

/// Whether an element's text, link or placeholder addresses the agent.
fn addresses_agent(element: &Value) -> bool {
    ["text", "href", "placeholder"]
        .iter()
        .filter_map(|k| element.get(*k).and_then(Value::as_str))
        .any(|s| mcp_lean_injection::addressed_to_agent(s).is_some())
}

#[cfg(test)]
mod tests;
