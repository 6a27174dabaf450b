//! The accessibility tree from `Accessibility.getFullAXTree`, written in Playwright's AI-mode
//! snapshot syntax with refs `e<backendDOMNodeId>`.

use std::collections::{HashMap, HashSet};

use serde_json::Value;
use snapshot_digest::{SnapshotWriter, Tail, normalize_whitespace};

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
        role: String,
        name: String,
        /// In Playwright's order: checked, disabled, expanded, active, invalid, level,
        /// pressed, selected, ref.
        attrs: Vec<(&'static str, Option<String>)>,
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
    let mut out = SnapshotWriter::new();
    write_items(&mut out, &items, 0);
    out.finish()
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

/// Adjacent text runs become one, whitespace normalized as Playwright does.
fn merge_text(items: Vec<Item>) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::with_capacity(items.len());
    for item in items {
        match (out.last_mut(), item) {
            (Some(Item::Text(prev)), Item::Text(next)) => prev.push_str(&next),
            (_, item) => out.push(item),
        }
    }
    for item in &mut out {
        if let Item::Text(t) = item
            && let std::borrow::Cow::Owned(normal) = normalize_whitespace(t)
        {
            *t = normal;
        }
    }
    out.retain(|i| !matches!(i, Item::Text(t) if t.is_empty()));
    out
}

/// The snapshot role of a CDP role. Chromium reports ARIA roles by their ARIA names
/// (lowercase) and its own roles capitalized (`RootWebArea`, `LabelText`, `MenuListPopup`…);
/// those have no ARIA counterpart and are flattened into their parent, but for `iframe`.
fn aria_role(role: &str) -> Option<&str> {
    match role {
        "image" => Some("img"),
        "Iframe" | "IframePresentational" => Some("iframe"),
        "" | "none" | "generic" | "presentation" => None,
        other if other.starts_with(|c: char| c.is_ascii_lowercase()) => Some(other),
        _ => None,
    }
}

fn collect<'a>(node: &'a Value, tree: &mut Tree<'a>, depth: usize) -> Vec<Item> {
    let cdp_role = str_field(node, "role").unwrap_or("");
    match cdp_role {
        "StaticText" => {
            return str_field(node, "name")
                .map(|t| vec![Item::Text(t.to_owned())])
                .unwrap_or_default();
        }
        "InlineTextBox" | "ListMarker" | "LineBreak" => return Vec::new(),
        _ => {}
    }
    let ignored = node
        .get("ignored")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let Some(role) = aria_role(cdp_role).filter(|_| !ignored) else {
        return children(node, tree, depth);
    };
    let name = normalize_whitespace(str_field(node, "name").unwrap_or("")).into_owned();
    let mut kids = children(node, tree, depth);
    if !name.is_empty() {
        kids.retain(|i| !matches!(i, Item::Text(t) if *t == name));
    }
    let (attrs, url) = attributes(node, role);
    vec![Item::Node {
        role: role.to_owned(),
        name,
        attrs,
        url,
        children: kids,
    }]
}

/// The attributes Playwright writes, in its order, and the link URL.
fn attributes(node: &Value, role: &str) -> (Vec<(&'static str, Option<String>)>, Option<String>) {
    let mut found: HashMap<&str, &Value> = HashMap::new();
    for prop in node
        .get("properties")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if let (Some(name), Some(value)) = (
            prop.get("name").and_then(Value::as_str),
            prop.get("value").and_then(|v| v.get("value")),
        ) {
            found.insert(name, value);
        }
    }
    let mut attrs = Vec::new();
    for name in [
        "checked", "disabled", "expanded", "focused", "invalid", "level", "pressed", "selected",
    ] {
        let Some(value) = found.get(name) else {
            continue;
        };
        let attr = if name == "focused" { "active" } else { name };
        match (name, value) {
            ("level", v) if role == "heading" => {
                if let Some(level) = v.as_u64() {
                    attrs.push((attr, Some(level.to_string())));
                }
            }
            ("checked" | "pressed", Value::String(s)) if s == "true" => attrs.push((attr, None)),
            ("checked" | "pressed", Value::String(s)) if s == "mixed" => {
                attrs.push((attr, Some("mixed".to_owned())));
            }
            ("invalid", Value::String(s)) if s == "true" => attrs.push((attr, None)),
            ("invalid", Value::String(s)) if s == "grammar" || s == "spelling" => {
                attrs.push((attr, Some(s.clone())));
            }
            ("disabled" | "expanded" | "focused" | "selected", Value::Bool(true)) => {
                attrs.push((attr, None));
            }
            _ => {}
        }
    }
    if let Some(r) = ref_of(node) {
        attrs.push(("ref", Some(r)));
    }
    let url = found
        .get("url")
        .and_then(|v| v.as_str())
        .filter(|_| role == "link")
        .map(cut_data_url);
    (attrs, url)
}

/// A `data:` URL cut to its media type, as Playwright writes it (`data:text/html;base64,…`):
/// the payload is noise to the agent and can be megabytes.
fn cut_data_url(url: &str) -> String {
    match (url.starts_with("data:"), url.find(',')) {
        (true, Some(comma)) if comma + 1 < url.len() => format!("{}…", &url[..=comma]),
        _ => url.to_owned(),
    }
}

fn write_items(out: &mut SnapshotWriter, items: &[Item], depth: usize) {
    for item in items {
        match item {
            Item::Text(t) => out.text(depth, t),
            Item::Node {
                role,
                name,
                attrs,
                url,
                children,
            } => {
                let attrs: Vec<(&str, Option<&str>)> =
                    attrs.iter().map(|(k, v)| (*k, v.as_deref())).collect();
                let tail = match (url, children.as_slice()) {
                    (None, []) => Tail::Empty,
                    (None, [Item::Text(t)]) => Tail::Text(t),
                    _ => Tail::Block,
                };
                out.node(depth, role, Some(name), &attrs, tail);
                if tail != Tail::Block {
                    continue;
                }
                if let Some(u) = url {
                    out.prop(depth + 1, "url", u);
                }
                write_items(out, children, depth + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests;
