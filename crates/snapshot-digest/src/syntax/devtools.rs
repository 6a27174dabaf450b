//! chrome-devtools-mcp's snapshot syntax: one node a line, two spaces of indent a level,
//!
//! ```text
//! uid=1_0 RootWebArea "Kettle shop" url="http://127.0.0.1:8000/"
//!   uid=1_5 button "Add to basket" focusable focused
//!   uid=1_6 "Price: 39.90"
//! ```
//!
//! read into the same tree as Playwright's syntax: the uid becomes the node's `ref`
//! attribute, the other attributes follow in the order written, a quoted line without a role is
//! a text node. Names and values are written without escaping, so a `"` inside one is read as
//! well as the line allows: a quote ends the name only where what follows reads as attributes.
//! A line that does not start with `uid=` continues the line before it (a name with a newline);
//! `# …` lines are comments, as digests write them.

use std::borrow::Cow;

use crate::error::{Diagnostic, ErrorKind, ParseError};
use crate::syntax::Brief;
use crate::syntax::indented::{is_comment, logical_lines, tree};
use crate::syntax::shared::{cut, new_node};
use crate::tree::{Attribute, Node, NodeKind, Snapshot, Syntax};

/// The line chrome-devtools-mcp writes above a snapshot.
const HEADING: &str = "## Latest page snapshot";

/// Whether `text` holds a snapshot in this syntax: its first line that is neither blank nor a
/// comment (after the heading, when there is one) starts with `uid=`.
pub(crate) fn detect(text: &str) -> bool {
    let body = locate(text);
    body.lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !is_comment(l))
        .is_some_and(|l| l.starts_with("uid="))
}

/// Whether a line (without its indentation) starts a node or is a comment, rather than
/// continuing the node before it.
pub(crate) fn starts_node(trimmed: &str) -> bool {
    trimmed.starts_with("uid=") || is_comment(trimmed)
}

/// The snapshot inside a tool result: after the heading up to the next `## ` section, or the
/// whole text.
fn locate(text: &str) -> &str {
    // memmem, not `str::match_indices`: every parse asks this of the whole text, and a
    // Playwright snapshot of 700k chars has no heading to stop the search early.
    let Some(at) = memchr::memmem::find_iter(text.as_bytes(), HEADING)
        .find(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n')
    else {
        return text;
    };
    let after = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
    let rest = &text[after..];
    let end = memchr::memmem::find(rest.as_bytes(), b"\n## ").map_or(rest.len(), |i| i + 1);
    &rest[..end]
}

/// Parses a snapshot in this syntax, leniently: what cannot be read is reported and skipped,
/// and so is a node nested deeper than `max_depth`.
pub(crate) fn parse<'a>(text: &'a str, max_depth: usize) -> (Snapshot<'a>, Vec<Diagnostic>) {
    let body = locate(text);
    let first_line = 1 + text[..offset_in(text, body)].matches('\n').count();
    let mut diagnostics = Vec::new();
    let lines = logical_lines(body, first_line, |line| {
        let trimmed = line.trim_start();
        starts_node(trimmed) || trimmed.is_empty()
    });
    let expected = "a line starting with uid=";
    let nodes = tree(
        lines,
        "uid=",
        expected,
        max_depth,
        &mut diagnostics,
        |line, found| {
            read_line(
                line.item,
                line.start + line.indent + 4,
                &mut |column, kind| {
                    found.push(ParseError::new(line.number, column + 1, kind));
                },
            )
        },
    );
    let snap = Snapshot {
        nodes,
        trailing_newline: body.ends_with('\n'),
        source: body,
    };
    (snap, diagnostics)
}

/// The byte offset of `inner` within `outer` (a subslice of it).
fn offset_in(outer: &str, inner: &str) -> usize {
    (inner.as_ptr() as usize).saturating_sub(outer.as_ptr() as usize)
}

/// Reads what follows `uid=`: the uid, then a role with an optional name and attributes, or a
/// quoted text. `report` gets the column of a problem (relative to `after`'s start plus
/// `base`). A line without a uid is no node (`None`, reported): written back, a node with an
/// empty uid would be a line no reader accepts.
fn read_line<'a>(
    after: &'a str,
    base: usize,
    report: &mut dyn FnMut(usize, ErrorKind),
) -> Option<Node<'a>> {
    let uid_end = after.find(' ').unwrap_or(after.len());
    let uid = &after[..uid_end];
    // Extra spaces after the uid are skipped: read as an empty role, they would make the next
    // word an attribute that reads back as the role.
    let rest = after[uid_end..].trim_start_matches(' ');
    let rest_at = after.len() - rest.len();
    let mut attrs = vec![Attribute {
        name: Cow::Borrowed("ref"),
        value: Some(Cow::Borrowed(uid)),
    }];
    if uid.is_empty() {
        report(
            base,
            ErrorKind::Syntax {
                expected: "a uid after uid=",
            },
        );
        return None;
    }
    // A text node: the whole rest is one quoted string.
    if let Some(inner) = rest.strip_prefix('"') {
        let text = inner.strip_suffix('"').unwrap_or_else(|| {
            report(base + rest_at, ErrorKind::UnterminatedString);
            inner
        });
        let mut node = new_node(NodeKind::Text, Cow::Borrowed("text"), None, attrs);
        node.text = Some(Cow::Borrowed(text));
        node.syntax = Syntax::DevTools;
        return Some(node);
    }
    let role_end = rest.find(' ').unwrap_or(rest.len());
    let role = &rest[..role_end];
    let mut tail = &rest[role_end..];
    let mut name = None;
    if let Some(quoted) = tail.strip_prefix(" \"") {
        match name_end(quoted) {
            Some(end) => {
                name = Some(Cow::Borrowed(&quoted[..end]));
                tail = &quoted[end + 1..];
            }
            None => {
                report(base + rest_at + role_end + 1, ErrorKind::UnterminatedString);
                name = Some(unterminated(quoted));
                tail = "";
            }
        }
    }
    // The uid is the node's `ref`; an attribute of that name would shadow it, and the writer
    // writes the uid alone.
    for attr in read_attributes(tail) {
        if attr.name == "ref" {
            report(
                base + rest_at,
                ErrorKind::Syntax {
                    expected: "no attribute named ref besides the uid",
                },
            );
        } else {
            attrs.push(attr);
        }
    }
    let mut node = new_node(NodeKind::Element, Cow::Borrowed(role), name, attrs);
    node.syntax = Syntax::DevTools;
    Some(node)
}

/// An unterminated name or attribute value: the rest of the line, on one line and without
/// quotes. Written back between quotes, a quote inside it could end it early, and removing a
/// quote could leave a blank line that ends the node's line; so it reads back the same.
fn unterminated(rest: &str) -> Cow<'_, str> {
    if rest.contains(['"', '\n']) {
        Cow::Owned(rest.replace('"', "").replace('\n', " "))
    } else {
        Cow::Borrowed(rest)
    }
}

/// Where a name that started after a `"` ends: the first `"` after which the rest of the line
/// reads as attributes (` key` or ` key="value"`, values without quotes). The last `"` of a
/// line always qualifies, so a name holding quotes is read whole rather than cut, and written
/// back as it came.
fn name_end(s: &str) -> Option<usize> {
    let valid = tail_starts(s.as_bytes());
    s.match_indices('"').map(|(i, _)| i).find(|&i| valid[i + 1])
}

/// `valid[i]`: whether `s[i..]` reads as attributes, computed right to left in one pass
/// (each space starts exactly one possible attribute), so a hostile line costs linear time.
fn tail_starts(s: &[u8]) -> Vec<bool> {
    let n = s.len();
    let mut next_quote = vec![n; n + 1];
    for i in (0..n).rev() {
        next_quote[i] = if s[i] == b'"' { i } else { next_quote[i + 1] };
    }
    let is_key = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
    let mut valid = vec![false; n + 1];
    valid[n] = true;
    for i in (0..n).rev() {
        if s[i] != b' ' {
            continue;
        }
        let key_start = i + 1;
        let mut k = key_start;
        while k < n && is_key(s[k]) {
            k += 1;
        }
        if k == key_start {
            continue;
        }
        let end = if k + 1 < n && s[k] == b'=' && s[k + 1] == b'"' {
            let close = next_quote[k + 2];
            if close == n {
                continue;
            }
            close + 1
        } else {
            k
        };
        valid[i] = valid[end];
    }
    valid
}

fn key_len(s: &str) -> usize {
    s.bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_')
        .count()
}

/// The ` key` and ` key="value"` attributes of `s`. A value ends at its first `"` when the
/// whole of `s` reads as attributes, else at the first `"` after which the rest does; text
/// that does not read as an attribute is kept as one flag, so that nothing is lost. One pass.
fn read_attributes(s: &str) -> Vec<Attribute<'_>> {
    fn flag(name: &str) -> Attribute<'_> {
        Attribute {
            name: Cow::Borrowed(name),
            value: None,
        }
    }
    // What is left of a line that reads as no attribute, kept whole as one flag. It starts
    // with a char no key has, so it reads back whole; but a quote in it, written back, could
    // start a name (`uid=1 e ref"` left the flag `"`), and taking the quotes out could make
    // it read as attributes (`G"d/` would leave `d/`, read back as `d` and `/`). A quote
    // there is no quote the writer wrote: it becomes an apostrophe, which is neither.
    fn rest_flag(rest: &str) -> Option<Attribute<'_>> {
        if rest.is_empty() {
            return None;
        }
        Some(Attribute {
            name: if rest.contains('"') {
                Cow::Owned(rest.replace('"', "'"))
            } else {
                Cow::Borrowed(rest)
            },
            value: None,
        })
    }
    let bytes = s.as_bytes();
    let valid = tail_starts(bytes);
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(rest) = s[at..].strip_prefix(' ') {
        let len = key_len(rest);
        if len == 0 {
            out.extend(rest_flag(rest));
            return out;
        }
        let key = &rest[..len];
        let after = at + 1 + len;
        if !s[after..].starts_with("=\"") {
            out.push(flag(key));
            at = after;
            continue;
        }
        let value = after + 2;
        let end = (value..bytes.len()).find(|&q| bytes[q] == b'"' && (valid[0] || valid[q + 1]));
        let text = match end {
            Some(end) => Cow::Borrowed(&s[value..end]),
            None => unterminated(&s[value..]),
        };
        let end = end.unwrap_or(bytes.len());
        out.push(Attribute {
            name: Cow::Borrowed(key),
            value: Some(text),
        });
        at = (end + 1).min(s.len());
    }
    if at < s.len() {
        out.extend(rest_flag(&s[at..]));
    }
    out
}

/// Appends one node's line in this syntax at `depth`, without a final newline, shortened as
/// `brief` says, as the Playwright renderer shortens it. Names stay whole: they identify the
/// node; so does the root's URL, the page's own.
pub(crate) fn write_node(out: &mut String, node: &Node<'_>, depth: usize, brief: Brief<'_>) {
    let max_text = brief.max_text;
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str("uid=");
    out.push_str(node.attribute("ref").flatten().unwrap_or(""));
    match node.kind() {
        NodeKind::Text => {
            out.push_str(" \"");
            out.push_str(&cut(max_text, node.text().unwrap_or("")));
            out.push('"');
        }
        NodeKind::Element | NodeKind::Unchanged => {
            if !node.role().is_empty() {
                out.push(' ');
                out.push_str(node.role());
            }
            if let Some(name) = node.name() {
                out.push_str(" \"");
                out.push_str(name);
                out.push('"');
            }
            for attr in node
                .attributes()
                .iter()
                .filter(|a| a.name() != "ref" && !(brief.hide_url && a.name() == "url"))
            {
                out.push(' ');
                out.push_str(attr.name());
                if let Some(v) = attr.value() {
                    let v = if node.parent().is_some() {
                        brief.value(attr.name(), v)
                    } else {
                        cut(max_text.map(|m| m / 3), v)
                    };
                    out.push_str("=\"");
                    out.push_str(&v);
                    out.push('"');
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
