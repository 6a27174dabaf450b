//! What the syntaxes share: a node with its defaults for the readers, the cut that bounds
//! long text for the writers, and JSON string quoting. A leaf: it knows no syntax, so all can lean on it.

use std::borrow::Cow;
use std::fmt::Write as _;

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

/// Writes `s` as `JSON.stringify` (and serde_json) write a string: between double quotes,
/// with the two-char escapes and `\u00XX` for the other control chars.
pub(crate) fn write_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match (short_escape(c), c) {
            (Some(e), _) => out.push_str(e),
            (None, '\u{00}'..='\u{1f}') => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            (None, _) => out.push(c),
        }
    }
    out.push('"');
}

/// The two-char escape that both YAML's and JSON's double-quoted strings write for `c`.
pub(crate) fn short_escape(c: char) -> Option<&'static str> {
    Some(match c {
        '\\' => "\\\\",
        '"' => "\\\"",
        '\u{08}' => "\\b",
        '\u{0c}' => "\\f",
        '\n' => "\\n",
        '\r' => "\\r",
        '\t' => "\\t",
        _ => return None,
    })
}
