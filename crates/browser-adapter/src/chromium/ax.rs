//! The accessibility tree from `Accessibility.getFullAXTree`, written in Playwright's AI-mode
//! snapshot syntax with refs `e<backendDOMNodeId>`.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use serde_json::Value;

/// Deeper trees are cut: the rendering recurses, and real pages stay far below this.
const MAX_DEPTH: usize = 200;

/// The nodes by id, and the ids already written: a malformed reply that lists a node under two
/// parents, or in a cycle, still costs one visit per node.
struct Tree<'a> {
    by_id: HashMap<&'a str, &'a Value>,
    seen: HashSet<&'a str>,
}

/// One line of the snapshot and what it holds.
enum Item {
    Text(String),
    Node {
        head: String,
        url: Option<String>,
        children: Vec<Item>,
    },
}

/// The snapshot text of the CDP `nodes` array (the JSON of `Accessibility.getFullAXTree`).
pub(crate) fn render(nodes: &[Value]) -> String {
    let mut tree = Tree {
        by_id: nodes
            .iter()
            .filter_map(|n| Some((n.get("nodeId")?.as_str()?, n)))
            .collect(),
        seen: HashSet::new(),
    };
    let Some(root) = nodes.iter().find(|n| n.get("parentId").is_none()) else {
        return String::new();
    };
    if let Some(id) = root.get("nodeId").and_then(Value::as_str) {
        tree.seen.insert(id);
    }
    let items = children(root, &mut tree, 0);
    let mut out = String::new();
    write_items(&mut out, &items, 0);
    if out.ends_with('\n') {
        out.pop();
    }
    out
}

/// The ref of a node: `e` and its backend DOM node id, which `DOM.resolveNode` takes back.
pub(crate) fn ref_of(node: &Value) -> Option<String> {
    node.get("backendDOMNodeId")?
        .as_i64()
        .map(|id| format!("e{id}"))
}

/// The backend DOM node id of a ref written by [`ref_of`].
pub(crate) fn backend_id(aria_ref: &str) -> Option<i64> {
    aria_ref.strip_prefix('e')?.parse().ok()
}

fn str_field<'a>(node: &'a Value, key: &str) -> Option<&'a str> {
    node.get(key)?.get("value")?.as_str()
}

fn children<'a>(node: &'a Value, tree: &mut Tree<'a>, depth: usize) -> Vec<Item> {
    let mut items = Vec::new();
    if depth > MAX_DEPTH {
        return items;
    }
    let ids = node.get("childIds").and_then(Value::as_array);
    for id in ids.into_iter().flatten().filter_map(Value::as_str) {
        if !tree.seen.insert(id) {
            continue;
        }
        if let Some(child) = tree.by_id.get(id).copied() {
            items.extend(collect(child, tree, depth + 1));
        }
    }
    merge_text(items)
}

/// Adjacent text runs become one, as Playwright writes them.
fn merge_text(items: Vec<Item>) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::with_capacity(items.len());
    for item in items {
        match (out.last_mut(), item) {
            (Some(Item::Text(prev)), Item::Text(next)) => prev.push_str(&next),
            (_, item) => out.push(item),
        }
    }
    out.retain(|i| !matches!(i, Item::Text(t) if t.trim().is_empty()));
    for item in &mut out {
        if let Item::Text(t) = item {
            *t = t.split_whitespace().collect::<Vec<_>>().join(" ");
        }
    }
    out
}

fn collect<'a>(node: &'a Value, tree: &mut Tree<'a>, depth: usize) -> Vec<Item> {
    let role = str_field(node, "role").unwrap_or("");
    let ignored = node
        .get("ignored")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    match role {
        "StaticText" => {
            return str_field(node, "name")
                .map(|t| vec![Item::Text(t.to_owned())])
                .unwrap_or_default();
        }
        "InlineTextBox" | "ListMarker" => return Vec::new(),
        _ => {}
    }
    if ignored
        || matches!(
            role,
            "" | "none" | "generic" | "LabelText" | "RootWebArea" | "WebArea"
        )
    {
        return children(node, tree, depth);
    }
    let name = str_field(node, "name").unwrap_or("").trim().to_owned();
    let mut kids = children(node, tree, depth);
    if !name.is_empty() {
        kids.retain(|i| !matches!(i, Item::Text(t) if *t == name));
    }
    let role = match role {
        "image" => "img",
        other => other,
    };
    let mut head = format!("- {role}");
    if !name.is_empty() {
        head.push(' ');
        head.push_str(&Value::String(name).to_string());
    }
    let mut url = None;
    for prop in node
        .get("properties")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let value = prop.get("value").and_then(|v| v.get("value"));
        match (prop.get("name").and_then(Value::as_str), value) {
            (Some("level"), Some(v)) if role == "heading" => {
                let _ = write!(head, " [level={v}]");
            }
            (Some(flag @ ("checked" | "pressed")), Some(v)) => match v.as_str() {
                Some("true") => {
                    let _ = write!(head, " [{flag}]");
                }
                Some("mixed") => {
                    let _ = write!(head, " [{flag}=mixed]");
                }
                _ => {}
            },
            (Some(flag @ ("disabled" | "expanded" | "selected")), Some(Value::Bool(true))) => {
                let _ = write!(head, " [{flag}]");
            }
            (Some("url"), Some(Value::String(u))) if role == "link" => url = Some(u.clone()),
            _ => {}
        }
    }
    if let Some(r) = ref_of(node) {
        let _ = write!(head, " [ref={r}]");
    }
    vec![Item::Node {
        head,
        url,
        children: kids,
    }]
}

fn write_items(out: &mut String, items: &[Item], indent: usize) {
    for item in items {
        out.extend(std::iter::repeat_n(' ', indent));
        match item {
            Item::Text(t) => {
                out.push_str("- text: ");
                out.push_str(&text_value(t));
                out.push('\n');
            }
            Item::Node {
                head,
                url,
                children,
            } => {
                out.push_str(head);
                if let (None, [Item::Text(t)]) = (url, children.as_slice()) {
                    out.push_str(": ");
                    out.push_str(&text_value(t));
                    out.push('\n');
                    continue;
                }
                if url.is_none() && children.is_empty() {
                    out.push('\n');
                    continue;
                }
                out.push_str(":\n");
                if let Some(u) = url {
                    out.extend(std::iter::repeat_n(' ', indent + 2));
                    out.push_str("- /url: ");
                    out.push_str(&text_value(u));
                    out.push('\n');
                }
                write_items(out, children, indent + 2);
            }
        }
    }
}

/// Text as a YAML scalar: plain when that reads back unchanged, else a JSON string.
fn text_value(text: &str) -> String {
    let plain = !text.is_empty()
        && text.trim() == text
        && !text.contains(": ")
        && !text.contains(" #")
        && !text.ends_with(':')
        && !text.chars().any(|c| c.is_control() || c == '"')
        && !text.starts_with(|c: char| "-?:,[]{}#&*!|>'%@`".contains(c))
        && !matches!(text, "true" | "false" | "null" | "~")
        && text.parse::<f64>().is_err();
    if plain {
        text.to_owned()
    } else {
        Value::String(text.to_owned()).to_string()
    }
}

#[cfg(test)]
mod tests;
