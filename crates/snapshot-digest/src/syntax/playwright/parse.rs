//! The line parser: indentation, list items, keys, values, props and the legacy forms.
//!
//! The format is a strict subset of YAML (one node per line, no flow collections), so the
//! parser reads line by line with an explicit stack of open nodes instead of recursing: depth
//! is bounded by [`Config::max_depth`](crate::Config::max_depth) and a hostile input cannot
//! overflow the call stack.

mod envelope;
mod key;
use crate::syntax::scalar;

use std::borrow::Cow;

use crate::error::{ErrorKind, ParseError};
use crate::syntax::shared::new_node;
use crate::tree::{Attribute, Node, NodeId, NodeKind, Prop, Snapshot};

/// One open node on the indentation stack.
struct Open {
    indent: usize,
    /// The node, or `None` for the virtual root above the top-level items.
    id: Option<NodeId>,
    /// The indentation of its children, fixed by the first one.
    child_indent: Option<usize>,
    /// Whether the node's key ended with `:` (so it may have children).
    block: bool,
    line: usize,
}

/// The parsed content of one list item.
enum Item<'a> {
    Node(Node<'a>),
    Prop(Prop<'a>),
}

struct LineError {
    offset: usize,
    kind: ErrorKind,
}

impl LineError {
    fn new(offset: usize, kind: ErrorKind) -> Self {
        Self { offset, kind }
    }
}

/// Parses a snapshot in this syntax, nodes nested at most `max_depth` deep. `report` receives
/// each line error and answers whether to go on: the strict and the lenient entry points share
/// this loop.
pub(crate) fn parse<'a>(
    text: &'a str,
    max_depth: usize,
    report: &mut dyn FnMut(ParseError) -> bool,
) -> Result<Snapshot<'a>, ParseError> {
    let body = envelope::locate(text)?;
    // One node per line at most: reserving up front saves the re-allocations of a growing Vec
    // of large nodes, for the price of one newline count (a few microseconds per megabyte).
    let mut nodes: Vec<Node<'a>> =
        Vec::with_capacity(memchr::memchr_iter(b'\n', body.text.as_bytes()).count() + 1);
    let mut stack = vec![Open {
        indent: 0,
        id: None,
        child_indent: None,
        block: true,
        line: 0,
    }];
    let mut lines = Lines::new(body.text, body.first_line);
    while let Some((line_no, line)) = lines.next() {
        let indent = line.bytes().take_while(|&b| b == b' ').count();
        let rest = &line[indent..];
        if rest.is_empty() || rest.starts_with('#') {
            continue;
        }
        if !rest.starts_with("- ") {
            let e = LineError::new(indent, ErrorKind::ExpectedListItem);
            if !report(to_error(line, line_no, e)) {
                return Ok(Snapshot::default());
            }
            lines.skip_deeper(indent);
            continue;
        }
        match place(&mut stack, &mut nodes, indent, rest, max_depth) {
            Ok(()) => {}
            Err(e) => {
                if !report(to_error(line, line_no, e)) {
                    return Ok(Snapshot::default());
                }
                lines.skip_deeper(indent);
                continue;
            }
        }
        let depth = stack.len() - 1;
        let parent = stack.last().and_then(|o| o.id);
        let item = match parse_item(rest, &mut lines, indent) {
            Ok(item) => item,
            Err(e) => {
                if !report(to_error(
                    line,
                    line_no,
                    LineError::new(indent + e.offset, e.kind),
                )) {
                    return Ok(Snapshot::default());
                }
                lines.skip_deeper(indent);
                continue;
            }
        };
        match item {
            Item::Prop(prop) => match parent {
                Some(p) => nodes[p.index()].props.push(prop),
                None => {
                    if !report(to_error(
                        line,
                        line_no,
                        LineError::new(indent, ErrorKind::OrphanProp),
                    )) {
                        return Ok(Snapshot::default());
                    }
                }
            },
            Item::Node(mut node) => {
                let id = NodeId(u32::try_from(nodes.len()).unwrap_or(u32::MAX));
                node.line = u32::try_from(line_no).unwrap_or(u32::MAX);
                node.depth = u32::try_from(depth).unwrap_or(u32::MAX);
                node.parent = parent;
                let block = node.block;
                nodes.push(node);
                stack.push(Open {
                    indent,
                    id: Some(id),
                    child_indent: None,
                    block,
                    line: line_no,
                });
            }
        }
    }
    close_all(&mut stack, &mut nodes);
    Ok(Snapshot {
        nodes,
        trailing_newline: body.bare && text.ends_with('\n'),
        source: body.text,
    })
}

fn to_error(line: &str, line_no: usize, e: LineError) -> ParseError {
    let offset = e.offset.min(line.len());
    let offset = (0..=offset)
        .rev()
        .find(|&i| line.is_char_boundary(i))
        .unwrap_or(0);
    ParseError::new(line_no, line[..offset].chars().count() + 1, e.kind)
}

/// Pops the stack down to the parent of an item at `indent` and checks that the indentation
/// fits and the parent may have children.
fn place(
    stack: &mut Vec<Open>,
    nodes: &mut [Node<'_>],
    indent: usize,
    rest: &str,
    max_depth: usize,
) -> Result<(), LineError> {
    if rest.starts_with('\t') {
        return Err(LineError::new(
            indent,
            ErrorKind::BadIndent {
                expected: None,
                found: indent,
            },
        ));
    }
    while stack.len() > 1 && stack.last().is_some_and(|o| o.indent >= indent) {
        close_top(stack, nodes);
    }
    let len = stack.len();
    let top = &mut stack[len - 1];
    if len > 1 && !top.block {
        return Err(LineError::new(
            indent,
            ErrorKind::UnexpectedChild {
                parent_line: top.line,
            },
        ));
    }
    match top.child_indent {
        Some(expected) if expected != indent => {
            return Err(LineError::new(
                indent,
                ErrorKind::BadIndent {
                    expected: Some(expected),
                    found: indent,
                },
            ));
        }
        Some(_) => {}
        None => top.child_indent = Some(indent),
    }
    if len > max_depth && !rest.starts_with("- /") {
        return Err(LineError::new(
            indent,
            ErrorKind::TooDeep { limit: max_depth },
        ));
    }
    Ok(())
}

fn close_top(stack: &mut Vec<Open>, nodes: &mut [Node<'_>]) {
    if let Some(Open { id: Some(id), .. }) = stack.pop() {
        nodes[id.index()].end = u32::try_from(nodes.len()).unwrap_or(u32::MAX);
    }
}

fn close_all(stack: &mut Vec<Open>, nodes: &mut [Node<'_>]) {
    while stack.len() > 1 {
        close_top(stack, nodes);
    }
}

/// Parses the item after the indentation (`rest` starts at the `-`).
fn parse_item<'a>(
    rest: &'a str,
    lines: &mut Lines<'a>,
    indent: usize,
) -> Result<Item<'a>, LineError> {
    let Some(item) = rest.strip_prefix("- ") else {
        return Err(LineError::new(0, ErrorKind::ExpectedListItem));
    };
    let pad = item.len() - item.trim_start_matches(' ').len();
    let item = &item[pad..];
    let base = 2 + pad;
    if let Some(prop) = item.strip_prefix('/') {
        return parse_prop(prop, lines, indent).map_err(|e| shift(e, base + 1));
    }
    if let Some(r) = item
        .strip_prefix("ref=")
        .and_then(|r| r.strip_suffix(" [unchanged]"))
    {
        return Ok(Item::Node(new_node(
            NodeKind::Unchanged,
            Cow::Borrowed(""),
            None,
            vec![attr_ref(r)],
        )));
    }
    let (item, changed, base) = match item.strip_prefix("<changed> ") {
        Some(r) => (r, true, base + 10),
        None => (item, false, base),
    };
    let (key, colon) = split_key(item).map_err(|e| shift(e, base))?;
    let value = match colon {
        Colon::Value(at, v) => {
            Some(parse_value(v, lines, indent).map_err(|e| shift(e, base + at))?)
        }
        Colon::None | Colon::Block => None,
    };
    let mut node = if key.as_ref() == "text" {
        let text = value.unwrap_or(Cow::Borrowed(""));
        let mut node = new_node(NodeKind::Text, Cow::Borrowed("text"), None, Vec::new());
        node.text = Some(text);
        node
    } else {
        let mut node = build_element(key).map_err(|e| shift(e, base))?;
        match value {
            Some(text) => node.text = Some(text),
            None => node.block = matches!(colon, Colon::Block),
        }
        node
    };
    node.changed = changed;
    Ok(Item::Node(node))
}

fn shift(e: LineError, by: usize) -> LineError {
    LineError::new(e.offset + by, e.kind)
}

fn attr_ref(r: &str) -> Attribute<'_> {
    Attribute {
        name: Cow::Borrowed("ref"),
        value: Some(Cow::Borrowed(r)),
    }
}

/// A key as written: borrowed from the line, or unquoted into a new string.
type KeyText<'a> = Cow<'a, str>;

/// What follows a key.
enum Colon<'a> {
    /// Nothing: a leaf.
    None,
    /// `key:` with nothing after it: props and children may follow.
    Block,
    /// `key: value`, with the value's byte offset in the item.
    Value(usize, &'a str),
}

/// Splits an item into its key and what follows it.
fn split_key(item: &str) -> Result<(KeyText<'_>, Colon<'_>), LineError> {
    let (key, after) = match item.as_bytes().first() {
        Some(b'\'') => {
            let (k, used) = scalar::single_quoted(item).map_err(|(at, k)| LineError::new(at, k))?;
            (k, used)
        }
        Some(b'"') => {
            let (k, used) = scalar::double_quoted(item).map_err(|(at, k)| LineError::new(at, k))?;
            (k, used)
        }
        _ => {
            let sep = plain_separator(item);
            let key = item[..sep].trim_end_matches(' ');
            let key = match comment_start(key) {
                Some(c) => key[..c].trim_end_matches(' '),
                None => key,
            };
            (Cow::Borrowed(key), sep)
        }
    };
    let tail = &item[after..];
    let Some(colon_tail) = tail.trim_start_matches(' ').strip_prefix(':') else {
        let t = tail.trim_start_matches(' ');
        if t.is_empty() || t.starts_with('#') {
            return Ok((key, Colon::None));
        }
        return Err(LineError::new(
            item.len() - t.len(),
            ErrorKind::Syntax {
                expected: "`:` after the key",
            },
        ));
    };
    let value = colon_tail.trim_start_matches(' ');
    if value.is_empty() || value.starts_with('#') {
        return Ok((key, Colon::Block));
    }
    Ok((key, Colon::Value(item.len() - value.len(), value)))
}

/// The byte offset of the `:` that ends a plain key: the first one followed by a space or the
/// end of the line, or the line's end when there is none.
fn plain_separator(item: &str) -> usize {
    let b = item.as_bytes();
    memchr::memchr_iter(b':', b)
        .find(|&i| matches!(b.get(i + 1), None | Some(b' ')))
        .unwrap_or(b.len())
}

fn build_element(key: KeyText<'_>) -> Result<Node<'_>, LineError> {
    match key {
        Cow::Borrowed(k) => {
            let parts = key::parse_key(k).map_err(|(at, kind)| LineError::new(at, kind))?;
            let mut node = new_node(
                NodeKind::Element,
                Cow::Borrowed(parts.role),
                parts.name,
                parts.attrs,
            );
            node.name_form = parts.name_form;
            Ok(node)
        }
        Cow::Owned(k) => {
            // A quoted key: its parts are copied out of the unquoted string. Offsets are
            // shifted by one for the opening quote (doubled quotes before them aside).
            let parts = key::parse_key(&k).map_err(|(at, kind)| LineError::new(at + 1, kind))?;
            let attrs = parts
                .attrs
                .into_iter()
                .map(|a| Attribute {
                    name: Cow::Owned(a.name.into_owned()),
                    value: a.value.map(|v| Cow::Owned(v.into_owned())),
                })
                .collect();
            let name = parts.name.map(|n| Cow::Owned(n.into_owned()));
            let mut node = new_node(
                NodeKind::Element,
                Cow::Owned(parts.role.to_owned()),
                name,
                attrs,
            );
            node.name_form = parts.name_form;
            Ok(node)
        }
    }
}

/// `- /name: value` (the slash already stripped).
fn parse_prop<'a>(
    prop: &'a str,
    lines: &mut Lines<'a>,
    indent: usize,
) -> Result<Item<'a>, LineError> {
    let sep = plain_separator(prop);
    let name = &prop[..sep];
    if name.is_empty() || name.contains(' ') {
        return Err(LineError::new(
            0,
            ErrorKind::Syntax {
                expected: "a property name such as `/url`",
            },
        ));
    }
    let value = prop.get(sep + 1..).unwrap_or("").trim_start_matches(' ');
    let at = prop.len() - value.len();
    let value = if value.is_empty() {
        Cow::Borrowed("")
    } else {
        parse_value(value, lines, indent).map_err(|e| shift(e, at))?
    };
    Ok(Item::Prop(Prop {
        name: Cow::Borrowed(name),
        value,
    }))
}

/// Decodes a value: double- or single-quoted, a block scalar (`|`, `>`), or plain text.
fn parse_value<'a>(
    v: &'a str,
    lines: &mut Lines<'a>,
    indent: usize,
) -> Result<Cow<'a, str>, LineError> {
    let (text, used) = match v.as_bytes()[0] {
        b'"' => scalar::double_quoted(v).map_err(|(at, k)| LineError::new(at, k))?,
        b'\'' => scalar::single_quoted(v).map_err(|(at, k)| LineError::new(at, k))?,
        b'|' | b'>' if is_block_indicator(v) => {
            return Ok(Cow::Owned(lines.block_scalar(v, indent)));
        }
        _ => {
            let end = comment_start(v).unwrap_or(v.len());
            return Ok(Cow::Borrowed(v[..end].trim_end_matches(' ')));
        }
    };
    let tail = v[used..].trim_start_matches(' ');
    if !tail.is_empty() && !tail.starts_with('#') {
        return Err(LineError::new(
            v.len() - tail.len(),
            ErrorKind::Syntax {
                expected: "the end of the line after the closing quote",
            },
        ));
    }
    Ok(text)
}

/// Where a YAML comment starts in plain text: the first `#` after a space. A byte scan, since
/// this runs on every plain key and value.
fn comment_start(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    memchr::memchr_iter(b'#', b)
        .find(|&i| i > 0 && b[i - 1] == b' ')
        .map(|i| i - 1)
}

fn is_block_indicator(v: &str) -> bool {
    let v = v.trim_end_matches(' ');
    matches!(v, "|" | ">" | "|-" | ">-" | "|+" | ">+")
}

/// The lines of the snapshot body with their 1-based numbers; `\r\n` endings are accepted.
struct Lines<'a> {
    text: &'a str,
    pos: usize,
    line_no: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str, first_line: usize) -> Self {
        Self {
            text,
            pos: 0,
            line_no: first_line.saturating_sub(1),
        }
    }

    fn next(&mut self) -> Option<(usize, &'a str)> {
        if self.pos >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.pos..];
        let end = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
        self.pos += end + 1;
        self.line_no += 1;
        let line = &rest[..end];
        Some((self.line_no, line.strip_suffix('\r').unwrap_or(line)))
    }

    /// Skips the lines indented deeper than `indent` (and blank lines among them): the
    /// children of a line that could not be parsed.
    fn skip_deeper(&mut self, indent: usize) {
        while let Some(line) = self.peek_line() {
            let trimmed = line.trim_start_matches(' ');
            if !trimmed.is_empty() && line.len() - trimmed.len() <= indent {
                break;
            }
            self.next();
        }
    }

    fn peek_line(&self) -> Option<&'a str> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let end = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
        let line = &rest[..end];
        Some(line.strip_suffix('\r').unwrap_or(line))
    }

    /// Reads the lines of a block scalar (`|`, `>`, with `-`/`+` chomping) indented deeper
    /// than the item at `indent`.
    fn block_scalar(&mut self, indicator: &str, indent: usize) -> String {
        let indicator = indicator.trim_end_matches(' ');
        let folded = indicator.starts_with('>');
        let mut content: Vec<&str> = Vec::new();
        let mut content_indent = None;
        while let Some(line) = self.peek_line() {
            let trimmed = line.trim_start_matches(' ');
            let this_indent = line.len() - trimmed.len();
            if !trimmed.is_empty() && this_indent <= indent {
                break;
            }
            if !trimmed.is_empty() && content_indent.is_none() {
                content_indent = Some(this_indent);
            }
            let cut = content_indent.unwrap_or(this_indent).min(this_indent);
            content.push(&line[cut..]);
            self.next();
        }
        let trailing_blank = content.iter().rev().take_while(|l| l.is_empty()).count();
        let body = &content[..content.len() - trailing_blank];
        let mut out = String::new();
        for (i, line) in body.iter().enumerate() {
            if i > 0 {
                let joins_paragraph = folded && !line.is_empty() && !body[i - 1].is_empty();
                out.push(if joins_paragraph { ' ' } else { '\n' });
            }
            out.push_str(line);
        }
        match indicator.as_bytes().get(1) {
            Some(b'-') => {}
            Some(b'+') => out.extend(std::iter::repeat_n('\n', trailing_blank + 1)),
            _ if !body.is_empty() => out.push('\n'),
            _ => {}
        }
        out
    }
}
