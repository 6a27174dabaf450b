//! `mcp-lean parse`: a one-screen summary, the JSON tree or the re-rendered text of a snapshot.

use serde_json::{Map, Value, json};
use snapshot_digest::{NodeId, NodeKind, Snapshot, estimate_tokens, is_interactive_role};

use crate::exit::Outcome;

/// Arguments of `mcp-lean parse`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Print the tree as JSON, in the shape of Playwright's `ariaSnapshotJSON()`.
    #[arg(long, conflicts_with = "render")]
    json: bool,
    /// Print the snapshot re-rendered from the parsed tree.
    #[arg(long)]
    render: bool,
    /// The snapshot's syntax.
    #[arg(long, value_enum, default_value_t = crate::digest::SyntaxArg::Auto)]
    syntax: crate::digest::SyntaxArg,
    /// The snapshot file (a bare snapshot or a Playwright MCP response), or `-` for stdin.
    file: String,
}

/// Runs `mcp-lean parse`.
pub(crate) fn run(args: &Args) -> Outcome {
    let input = match crate::input::read_or_report(&args.file) {
        Ok(input) => input,
        Err(outcome) => return outcome,
    };
    let snap = match crate::digest::parse(&input, args.syntax) {
        Ok(snap) => snap,
        Err(outcome) => return outcome,
    };
    if args.render {
        // Exactly the rendered text, so that `parse --render` reproduces its input byte for byte.
        out!("{}", snapshot_digest::render(&snap));
    } else if args.json {
        let tree = Value::Array(snap.roots().map(|id| node_json(&snap, id)).collect());
        match serde_json::to_string_pretty(&tree) {
            Ok(text) => outln!("{text}"),
            Err(e) => {
                eprintln!("mcp-lean: cannot write JSON: {e}");
                return Outcome::Failure;
            }
        }
    } else {
        out!("{}", summary(&input.name, &input.text, &snap));
    }
    Outcome::Success
}

/// The one-screen summary.
fn summary(name: &str, text: &str, snap: &Snapshot<'_>) -> String {
    let nodes = snap.nodes();
    let elements = nodes
        .iter()
        .filter(|n| n.kind() == NodeKind::Element)
        .count();
    let texts = nodes.iter().filter(|n| n.kind() == NodeKind::Text).count();
    let refs = nodes.iter().filter(|n| n.aria_ref().is_some()).count();
    let interactive = nodes
        .iter()
        .filter(|n| is_interactive_role(n.role()))
        .count();
    let mut roles: Vec<(&str, usize)> = Vec::new();
    for node in nodes.iter().filter(|n| n.kind() == NodeKind::Element) {
        match roles.iter_mut().find(|(r, _)| *r == node.role()) {
            Some((_, count)) => *count += 1,
            None => roles.push((node.role(), 1)),
        }
    }
    roles.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let top: Vec<String> = roles
        .iter()
        .take(8)
        .map(|(r, n)| format!("{r} {n}"))
        .collect();
    format!(
        "{name}\n  nodes        {}  ({elements} elements, {texts} text)\n  refs         {refs}\n  \
         interactive  {interactive}\n  depth        {}\n  chars        {}\n  tokens       ~{}\n  \
         top roles    {}\n",
        nodes.len(),
        snap.depth(),
        text.chars().count(),
        estimate_tokens(text),
        top.join(", "),
    )
}

/// One node in the shape of Playwright's `AriaNodeJSON`. Text children become strings, a
/// lone text child becomes `text`, unknown attributes go under `attributes` and other props
/// under `props`.
fn node_json(snap: &Snapshot<'_>, id: NodeId) -> Value {
    let node = &snap[id];
    match node.kind() {
        NodeKind::Text => return json!({ "role": "text", "text": node.text().unwrap_or("") }),
        NodeKind::Unchanged => {
            return json!({ "ref": node.aria_ref().map(|r| r.as_str()), "unchanged": true });
        }
        NodeKind::Element | _ => {}
    }
    let mut obj = Map::new();
    obj.insert("role".into(), node.role().into());
    if let Some(name) = node.name() {
        obj.insert("name".into(), name.into());
    }
    let mut unknown = Map::new();
    for attr in node.attributes() {
        let (key, value) = attribute_json(attr.name(), attr.value());
        match key {
            Some(key) => obj.insert(key.into(), value),
            None => unknown.insert(attr.name().into(), value),
        };
    }
    if !unknown.is_empty() {
        obj.insert("attributes".into(), Value::Object(unknown));
    }
    let mut props = Map::new();
    for prop in node.props() {
        match prop.name() {
            "url" | "placeholder" => obj.insert(prop.name().into(), prop.value().into()),
            other => props.insert(other.into(), prop.value().into()),
        };
    }
    if !props.is_empty() {
        obj.insert("props".into(), Value::Object(props));
    }
    if node.is_changed() {
        obj.insert("changed".into(), true.into());
    }
    let children: Vec<NodeId> = snap.children(id).collect();
    if let Some(text) = node.text() {
        obj.insert("text".into(), text.into());
    } else if let [only] = children.as_slice()
        && snap[*only].kind() == NodeKind::Text
    {
        obj.insert("text".into(), snap[*only].text().unwrap_or("").into());
        return Value::Object(obj);
    }
    if !children.is_empty() {
        let list = children
            .iter()
            .map(|&c| match snap[c].kind() {
                NodeKind::Text => snap[c].text().unwrap_or("").into(),
                _ => node_json(snap, c),
            })
            .collect();
        obj.insert("children".into(), Value::Array(list));
    }
    Value::Object(obj)
}

/// The `AriaNodeJSON` field and value for a known attribute; `None` as the key for unknown
/// ones, whose value is the text or `true` for a flag.
fn attribute_json(name: &str, value: Option<&str>) -> (Option<&'static str>, Value) {
    let raw = value.map_or(Value::Bool(true), Value::from);
    let flag_or_raw = match value {
        None | Some("true") => Value::Bool(true),
        Some("false") => Value::Bool(false),
        Some(v) => Value::from(v),
    };
    /// Flags and tri-states: the attribute name and its `AriaNodeJSON` field.
    const STATES: [(&str, &str); 8] = [
        ("checked", "checked"),
        ("pressed", "pressed"),
        ("disabled", "disabled"),
        ("expanded", "expanded"),
        ("active", "active"),
        ("selected", "selected"),
        ("invalid", "invalid"),
        ("aria-hidden", "ariaHidden"),
    ];
    if let Some((_, field)) = STATES.iter().find(|(attr, _)| *attr == name) {
        return (Some(field), flag_or_raw);
    }
    match name {
        "level" => {
            let level = value
                .and_then(|v| v.trim().parse::<i64>().ok())
                .map_or(raw, Value::from);
            (Some("level"), level)
        }
        "ref" => (Some("ref"), raw),
        "cursor" => (Some("cursor"), raw),
        "box" => {
            let parts: Option<Vec<f64>> =
                value.and_then(|v| v.split(',').map(|p| p.trim().parse().ok()).collect());
            match parts.as_deref() {
                Some([x, y, w, h]) => (
                    Some("box"),
                    json!({ "x": x, "y": y, "width": w, "height": h }),
                ),
                _ => (None, raw),
            }
        }
        _ => (None, raw),
    }
}
