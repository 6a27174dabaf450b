//! Writing a tree back to snapshot text, quoting exactly as Playwright's renderer does.

use std::borrow::Cow;

use crate::quote::{write_key, write_name, write_value};
use crate::tree::{Node, NodeKind, Snapshot};

/// Renders a snapshot as text.
///
/// For every snapshot Playwright produces, `render(&parse(s)?) == s` byte for byte. Other
/// inputs come back in the canonical form (Playwright's quoting, two-space indentation, props
/// before children), which parses to the same tree.
///
/// # Example
///
/// ```
/// let text = "- 'button \"Click: me\" [ref=e2]'\n- link \"Docs\":\n  - /url: /docs";
/// assert_eq!(snapshot_digest::render(&snapshot_digest::parse(text)?), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn render(snapshot: &Snapshot<'_>) -> String {
    let mut out = String::with_capacity(snapshot.len() * 48);
    let mut key = String::new();
    for (i, node) in snapshot.nodes().iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        render_node(&mut out, &mut key, node);
    }
    if snapshot.has_trailing_newline() {
        out.push('\n');
    }
    out
}

/// Appends one node's lines (its key line and its props) without a final newline.
pub(crate) fn render_node(out: &mut String, key: &mut String, node: &Node<'_>) {
    render_node_at(out, key, node, node.depth(), None, false);
}

/// [`render_node`] at another depth, with inline text optionally cut to `max_text` chars and
/// prop values (long redirect URLs) to a third of that. `lean` leaves out the `[cursor=…]`
/// attribute, which tells an agent nothing a role does not (digests are for a model's
/// budget; refs and every other attribute stay).
pub(crate) fn render_node_at(
    out: &mut String,
    key: &mut String,
    node: &Node<'_>,
    depth: usize,
    max_text: Option<usize>,
    lean: bool,
) {
    if node.syntax() == crate::Syntax::DevTools {
        crate::devtools::write_node(out, node, depth, max_text);
        return;
    }
    indent(out, depth);
    out.push_str("- ");
    if node.is_changed() {
        out.push_str("<changed> ");
    }
    match node.kind() {
        NodeKind::Text => {
            out.push_str("text: ");
            write_value(out, &cut(max_text, node.text().unwrap_or("")));
            return;
        }
        NodeKind::Unchanged => {
            out.push_str("ref=");
            out.push_str(node.attribute("ref").flatten().unwrap_or(""));
            out.push_str(" [unchanged]");
            return;
        }
        NodeKind::Element => {}
    }
    key.clear();
    write_element_key(key, node, lean);
    write_key(out, key);
    if let Some(text) = node.text()
        && node.props().is_empty()
    {
        out.push_str(": ");
        write_value(out, text);
        return;
    }
    if node.has_block() || !node.props().is_empty() {
        out.push(':');
    }
    for prop in node.props() {
        out.push('\n');
        indent(out, depth + 1);
        out.push_str("- /");
        out.push_str(prop.name());
        out.push_str(": ");
        write_value(out, &cut(max_text.map(|m| m / 3), prop.value()));
    }
    if let (Some(text), false) = (node.text(), node.props().is_empty()) {
        // Inline text cannot share a line with props; Playwright then writes it as a text child.
        out.push('\n');
        indent(out, depth + 1);
        out.push_str("- text: ");
        write_value(out, &cut(max_text, text));
    }
}

/// The unquoted key: role, name and attributes.
fn write_element_key(key: &mut String, node: &Node<'_>, lean: bool) {
    key.push_str(node.role());
    if let Some(name) = node.name() {
        key.push(' ');
        write_name(key, name, node.name_form());
    }
    for attr in node.attributes() {
        if lean && attr.name() == "cursor" {
            continue;
        }
        key.push_str(" [");
        key.push_str(attr.name());
        if let Some(v) = attr.value() {
            key.push('=');
            key.push_str(v);
        }
        key.push(']');
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// `text`, cut to `max` chars with the cut marked, when a limit is given and exceeded.
pub(crate) fn cut(max: Option<usize>, text: &str) -> Cow<'_, str> {
    match max {
        Some(max) if text.chars().count() > max => {
            let head: String = text.chars().take(max).collect();
            Cow::Owned(format!("{head}… (+{} chars)", text.chars().count() - max))
        }
        _ => Cow::Borrowed(text),
    }
}
