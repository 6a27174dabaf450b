//! agent-browser's snapshot syntax (`agent-browser snapshot`, its MCP server's
//! `agent_browser_snapshot`): one node a line, two spaces of indent a level,
//!
//! ```text
//! - heading "Kettles" [level=1, ref=e1]
//! - form
//!   - StaticText "Search"
//!   - textbox "Search" [required, ref=e5]: stoneware
//!   - generic [ref=e9] clickable [cursor:pointer, onclick]
//! ```
//!
//! read into the same tree as Playwright's syntax. It looks like Playwright's YAML but is not
//! YAML: a parent has no trailing `:`, the attributes share one bracket (`level`, `checked`,
//! `expanded`, `selected`, `disabled`, `required`, `ref`, `url`, in that order), a node can have
//! a value after `: ` and children too, and text is a `StaticText` node with a quoted name, read
//! here as a text node. Names are JSON strings. What follows the attributes when the node was
//! found by its cursor (`clickable [cursor:pointer, onclick]`) is kept as the prop `cursor`; a
//! value that holds line breaks goes on over the lines that do not start a node. A page with
//! nothing to show is written `(empty page)` or `(no interactive elements)`: no node. `# …`
//! lines are comments, as digests write them.

use std::borrow::Cow;

use crate::error::{Diagnostic, ErrorKind, ParseError};
use crate::syntax::Brief;
use crate::syntax::indented::{is_comment, logical_lines, tree};
use crate::syntax::scalar::json_string;
use crate::syntax::shared::{cut, new_node, write_json_string};
use crate::tree::{Attribute, Node, NodeKind, Prop, Snapshot, Syntax};

/// The role agent-browser gives text; read as a text node.
const TEXT_ROLE: &str = "StaticText";

/// What agent-browser writes instead of a tree when it has no node to show.
const EMPTY_BODIES: [&str; 2] = ["(empty page)", "(no interactive elements)"];

/// The prop that keeps what follows the attributes of a node found by its cursor.
const CURSOR_PROP: &str = "cursor";

/// The most lines [`detect`] reads: a snapshot shows its syntax in its first lines.
const DETECT_LINES: usize = 400;

/// Whether `text` is a snapshot in this syntax: one of its first lines writes two attributes in
/// one bracket, the ref among them (`[level=1, ref=e1]`), or has a `StaticText` role; or the
/// whole text is one of the empty bodies. A child under a line without `:` would tell it too,
/// but that is also the commonest mistake in Playwright's YAML, which must stay reported as
/// such; a caller that knows the server chooses the syntax ([`crate::Config::syntax`]).
pub(crate) fn detect(text: &str) -> bool {
    if EMPTY_BODIES.contains(&text.trim()) {
        return true;
    }
    text.lines().take(DETECT_LINES).any(|line| {
        line.trim_start_matches(' ')
            .strip_prefix("- ")
            .is_some_and(|item| {
                item.split([' ', ':']).next() == Some(TEXT_ROLE) || shared_bracket(item)
            })
    })
}

/// Whether a line's item holds an attribute bracket with two or more attributes, one of them
/// its `ref`, after its role and name.
fn shared_bracket(item: &str) -> bool {
    let mut tail = item.find(' ').map_or("", |i| &item[i..]);
    if tail.starts_with(" \"") {
        let Ok((_, used)) = json_string(&tail[1..]) else {
            return false;
        };
        tail = &tail[1 + used..];
    }
    tail.strip_prefix(" [")
        .and_then(|t| t.split_once(']'))
        .is_some_and(|(inside, _)| {
            inside.contains(", ") && inside.split(", ").any(|a| a.starts_with("ref="))
        })
}

/// Parses a snapshot in this syntax, leniently: what cannot be read is reported, and kept as
/// the node's value when the line has a role; a node nested deeper than `max_depth` is
/// reported and skipped.
pub(crate) fn parse<'a>(text: &'a str, max_depth: usize) -> (Snapshot<'a>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    if EMPTY_BODIES.contains(&text.trim()) {
        let snap = Snapshot {
            nodes: Vec::new(),
            trailing_newline: false,
            source: text,
        };
        return (snap, diagnostics);
    }
    let lines = logical_lines(text, 1, |line| {
        let trimmed = line.trim_start_matches(' ');
        trimmed.starts_with("- ") || is_comment(trimmed) || trimmed.trim().is_empty()
    });
    let expected = "a line starting with \"- \"";
    let nodes = tree(
        lines,
        "- ",
        expected,
        max_depth,
        &mut diagnostics,
        |line, found| {
            read_item(line.item, &mut |column, kind| {
                found.push(ParseError::new(line.number, line.indent + 3 + column, kind));
            })
        },
    );
    let snap = Snapshot {
        nodes,
        trailing_newline: text.ends_with('\n'),
        source: text,
    };
    (snap, diagnostics)
}

/// Reads what follows `- `: the role, then an optional JSON name, attribute bracket, cursor
/// part and `: value`. `report` gets a problem's column within `item`. A line without a role
/// is no node (`None`, reported).
fn read_item<'a>(item: &'a str, report: &mut dyn FnMut(usize, ErrorKind)) -> Option<Node<'a>> {
    // A role ends at a space, or at the `: ` of a value that follows it directly.
    let role_end = [item.find(' '), item.find(": ")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(item.len());
    let role = &item[..role_end];
    if role.is_empty() {
        report(
            0,
            ErrorKind::Syntax {
                expected: "a role after \"- \"",
            },
        );
        return None;
    }
    let mut tail = &item[role_end..];
    let mut name = None;
    if tail.starts_with(" \"") {
        match json_string(&tail[1..]) {
            Ok((decoded, used)) => {
                name = Some(decoded);
                tail = &tail[1 + used..];
            }
            Err((at, kind)) => {
                report(role_end + 1 + at, kind);
                let mut node = element(role, None, Vec::new());
                node.text = Some(unread(tail));
                return Some(node);
            }
        }
    }
    let mut attrs = Vec::new();
    if let Some(inside) = tail.strip_prefix(" [")
        && let Some((read, used)) = read_attributes(inside)
    {
        attrs = read;
        tail = &inside[used..];
    }
    let mut props = Vec::new();
    if let Some(cursor) = cursor_part(tail) {
        props.push(Prop {
            name: Cow::Borrowed(CURSOR_PROP),
            value: Cow::Borrowed(&tail[1..cursor]),
        });
        tail = &tail[cursor..];
    }
    let mut value = tail.strip_prefix(": ").map(Cow::Borrowed);
    if value.is_none() && !tail.is_empty() {
        report(
            item.len() - tail.len(),
            ErrorKind::Syntax {
                expected: "a name, attributes in [ ] or \": value\" after the role",
            },
        );
        value = Some(unread(tail));
    }
    let mut node = if role == TEXT_ROLE && attrs.is_empty() && value.is_none() && name.is_some() {
        let mut node = new_node(NodeKind::Text, Cow::Borrowed(role), None, attrs);
        node.text = name;
        node
    } else {
        let mut node = element(role, name, attrs);
        node.text = value;
        node
    };
    node.props = props;
    node.syntax = Syntax::AgentBrowser;
    Some(node)
}

fn element<'a>(role: &'a str, name: Option<Cow<'a, str>>, attrs: Vec<Attribute<'a>>) -> Node<'a> {
    let mut node = new_node(NodeKind::Element, Cow::Borrowed(role), name, attrs);
    node.syntax = Syntax::AgentBrowser;
    node
}

/// What of a line could not be read, kept as the node's value so that nothing is lost and the
/// node is written back as a line that reads (`- role: …`): without the spaces it starts with,
/// which a value cannot keep.
fn unread(tail: &str) -> Cow<'_, str> {
    Cow::Borrowed(tail.trim_start_matches(' '))
}

/// The attributes of a bracket whose inside starts `inside`, and the bytes read, closing `]`
/// included; `None` when it does not read as attributes (the line's rest is then kept whole).
/// Items are `key` or `key=value`, separated by `, `; `url` comes last and its value runs to
/// the `]` after which the line goes on as a line can (its end, ` ` or `: `), so a URL with
/// `, ` or `]` in it is read whole.
fn read_attributes(inside: &str) -> Option<(Vec<Attribute<'_>>, usize)> {
    let mut attrs = Vec::new();
    let mut at = 0;
    loop {
        let rest = &inside[at..];
        let key_len = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_')
            .count();
        if key_len == 0 {
            return None;
        }
        let key = &rest[..key_len];
        let after = &rest[key_len..];
        let (value, used) = if key == "url"
            && let Some(url) = after.strip_prefix('=')
        {
            let close = url
                .match_indices(']')
                .map(|(i, _)| i)
                .find(|&i| ends_bracket(&url[i + 1..]))?;
            (Some(Cow::Borrowed(&url[..close])), key_len + 1 + close)
        } else if let Some(v) = after.strip_prefix('=') {
            let end = v.find([',', ']']).unwrap_or(v.len());
            (Some(Cow::Borrowed(&v[..end])), key_len + 1 + end)
        } else {
            (None, key_len)
        };
        attrs.push(Attribute {
            name: Cow::Borrowed(key),
            value,
        });
        at += used;
        let rest = &inside[at..];
        if let Some(next) = rest.strip_prefix(", ") {
            at = inside.len() - next.len();
        } else if rest.starts_with(']') {
            return Some((attrs, at + 1));
        } else {
            return None;
        }
    }
}

/// Whether what follows a `]` lets it close the attribute bracket.
fn ends_bracket(after: &str) -> bool {
    after.is_empty() || after.starts_with(' ') || after.starts_with(": ")
}

/// The end of ` kind [hints]` at the start of `tail` (a node found by its cursor), if it is
/// there: a word, a space, and a bracket closed before the line's end or its `: value`.
fn cursor_part(tail: &str) -> Option<usize> {
    let word = tail.strip_prefix(' ')?;
    let word_len = word.bytes().take_while(u8::is_ascii_alphabetic).count();
    if word_len == 0 {
        return None;
    }
    let hints = word[word_len..].strip_prefix(" [")?;
    let close = hints
        .match_indices(']')
        .map(|(i, _)| i)
        .find(|&i| hints[i + 1..].is_empty() || hints[i + 1..].starts_with(": "))?;
    Some(1 + word_len + 2 + close + 1)
}

/// Appends one node's line in this syntax at `depth`, without a final newline, shortened as
/// `brief` says: names stay whole (they identify the node), a text or value is cut, URLs are
/// written as `brief` writes them, and a lean writing leaves out the cursor part.
pub(crate) fn write_node(out: &mut String, node: &Node<'_>, depth: usize, brief: Brief<'_>) {
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str("- ");
    out.push_str(node.role());
    if node.kind() == NodeKind::Text {
        out.push(' ');
        write_json_string(out, &cut(brief.max_text, node.text().unwrap_or("")));
    } else if let Some(name) = node.name() {
        out.push(' ');
        write_json_string(out, name);
    }
    let mut first = true;
    for attr in node
        .attributes()
        .iter()
        .filter(|a| !(brief.hide_url && a.name() == "url"))
    {
        out.push_str(if first { " [" } else { ", " });
        first = false;
        out.push_str(attr.name());
        match attr.value() {
            // A ref is how the agent names the node: never shortened.
            Some(v) if attr.name() == "ref" => {
                out.push('=');
                out.push_str(v);
            }
            Some(v) => {
                out.push('=');
                out.push_str(&brief.value(attr.name(), v));
            }
            None => {}
        }
    }
    if !first {
        out.push(']');
    }
    for prop in node.props().iter().filter(|p| p.name() == CURSOR_PROP) {
        if !brief.lean {
            out.push(' ');
            out.push_str(prop.value());
        }
    }
    if node.kind() != NodeKind::Text
        && let Some(value) = node.text()
    {
        out.push_str(": ");
        out.push_str(&cut(brief.max_text, value));
    }
}

#[cfg(test)]
mod tests;
