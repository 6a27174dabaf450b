//! Writing a tree back to snapshot text, quoting exactly as Playwright's renderer does.

use super::quote::{write_key, write_name, write_value};
use crate::syntax::Brief;
use crate::syntax::shared::cut;
use crate::tree::{Node, NodeKind, Prop};

/// Appends one node's lines in Playwright's syntax (its key line and its props) at `depth`
/// without a final newline, shortened as `brief` says. Its `lean` leaves out the `[cursor=…]`
/// attribute, which tells an agent nothing a role does not (digests are for a model's
/// budget; refs and every other attribute stay).
pub(crate) fn write_node(
    out: &mut String,
    key: &mut String,
    node: &Node<'_>,
    depth: usize,
    brief: Brief<'_>,
) {
    let max_text = brief.max_text;
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
    write_element_key(key, node, brief.lean);
    write_key(out, key);
    let shown = |prop: &&Prop<'_>| !(brief.hide_url && prop.name() == "url");
    let props = node.props().iter().filter(shown).count();
    if let Some(text) = node.text()
        && props == 0
    {
        out.push_str(": ");
        write_value(out, &cut(max_text, text));
        return;
    }
    // A block that held only the left-out URL is left out with it.
    if props > 0 || (node.has_block() && props == node.props().len()) {
        out.push(':');
    }
    for prop in node.props().iter().filter(shown) {
        out.push('\n');
        indent(out, depth + 1);
        out.push_str("- /");
        out.push_str(prop.name());
        out.push_str(": ");
        write_value(out, &brief.value(prop.name(), prop.value()));
    }
    if let (Some(text), true) = (node.text(), props > 0) {
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
