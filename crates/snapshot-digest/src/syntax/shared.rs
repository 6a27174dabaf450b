//! What both syntaxes use: a node with its defaults for the readers, and the cut that bounds
//! long text for the writers. A leaf: it knows neither syntax, so both can lean on it.

use std::borrow::Cow;

use crate::tree::{Attribute, NameForm, Node, NodeKind, Syntax};

/// A node with the given parts and defaults for the rest; each reader then sets what it knows
/// (the node's place in the tree, its text, its syntax).
pub(crate) fn new_node<'a>(
    kind: NodeKind,
    role: Cow<'a, str>,
    name: Option<Cow<'a, str>>,
    attrs: Vec<Attribute<'a>>,
) -> Node<'a> {
    Node {
        kind,
        role,
        name,
        name_form: NameForm::Quoted,
        attrs,
        props: Vec::new(),
        text: None,
        block: false,
        changed: false,
        line: 0,
        depth: 0,
        parent: None,
        end: 0,
        syntax: Syntax::Playwright,
    }
}

/// `text`, cut to `max` chars with the cut marked and how many chars it lost, when a limit
/// is given and exceeded.
pub(crate) fn cut(max: Option<usize>, text: &str) -> Cow<'_, str> {
    cut_marked(max, text, true)
}

/// As [`cut`], the cut marked with `…` alone.
pub(crate) fn cut_short(max: Option<usize>, text: &str) -> Cow<'_, str> {
    cut_marked(max, text, false)
}

fn cut_marked(max: Option<usize>, text: &str, count: bool) -> Cow<'_, str> {
    match max {
        Some(max) if text.chars().count() > max => {
            let mut head: String = text.chars().take(max).collect();
            head.push('…');
            if count {
                head.push_str(&format!(" (+{} chars)", text.chars().count() - max));
            }
            Cow::Owned(head)
        }
        _ => Cow::Borrowed(text),
    }
}
