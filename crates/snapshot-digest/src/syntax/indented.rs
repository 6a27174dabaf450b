//! What the line syntaxes that are not YAML share (chrome-devtools-mcp's `uid=` lines,
//! agent-browser's `- ` lines): a node is one logical line, the lines after it that start no
//! node being its continuation, and nodes nest by two spaces of indent. Each syntax reads its
//! own lines; this builds the tree around them. A leaf: it knows no syntax.

use crate::error::{Diagnostic, ErrorKind, ParseError};
use crate::tree::{Node, NodeId};

/// A `# …` line, as digests write them (neither server writes one).
pub(crate) fn is_comment(trimmed: &str) -> bool {
    trimmed == "#" || trimmed.starts_with("# ")
}

pub(crate) fn id_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Lines for which `starts` holds (it gets a whole physical line, its indent included), each
/// with the lines after it for which it does not, joined: `(line number, byte offset in body,
/// text without the final newline)`; the first line is numbered `first_line`.
pub(crate) fn logical_lines(
    body: &str,
    first_line: usize,
    starts: fn(&str) -> bool,
) -> impl Iterator<Item = (usize, usize, &str)> {
    let mut at = 0;
    let mut line_no = first_line;
    std::iter::from_fn(move || {
        if at >= body.len() {
            return None;
        }
        let start = at;
        let number = line_no;
        let mut end = body[at..].find('\n').map_or(body.len(), |i| at + i);
        line_no += 1;
        // Continuation lines: any next line that does not start a node.
        while end < body.len() {
            let next = end + 1;
            let next_end = body[next..].find('\n').map_or(body.len(), |i| next + i);
            if starts(&body[next..next_end]) {
                break;
            }
            end = next_end;
            line_no += 1;
        }
        at = end + 1;
        // A CRLF line ending, and any further CR before it: a CR kept at a line's end would
        // be read as part of the last token and lost when the line is written back.
        Some((number, start, body[start..end].trim_end_matches('\r')))
    })
}

/// A logical line that starts a node: where it is, and what follows its marker.
pub(crate) struct Line<'a> {
    /// Its 1-based number in the parsed text.
    pub(crate) number: usize,
    /// Its byte offset in the body.
    pub(crate) start: usize,
    /// Its indent, in spaces.
    pub(crate) indent: usize,
    /// What follows the marker.
    pub(crate) item: &'a str,
}

/// The nodes of `lines` nested by their indent, in pre-order, their parents, depths and ends
/// set. A line that is blank or a comment is skipped; one that does not start with `marker`
/// after its indent is reported as not being `expected` and skipped; so is one nested deeper
/// than `max_depth`, so the open nodes never number more. `read` makes a node of a line (or
/// reports why it cannot).
pub(crate) fn tree<'a>(
    lines: impl Iterator<Item = (usize, usize, &'a str)>,
    marker: &str,
    expected: &'static str,
    max_depth: usize,
    diagnostics: &mut Vec<Diagnostic>,
    mut read: impl FnMut(Line<'a>, &mut Vec<Diagnostic>) -> Option<Node<'a>>,
) -> Vec<Node<'a>> {
    let mut nodes: Vec<Node<'a>> = Vec::new();
    // Open nodes by indentation.
    let mut stack: Vec<(usize, NodeId)> = Vec::new();
    for (number, start, line) in lines {
        let indent = line.bytes().take_while(|&b| b == b' ').count();
        let rest = &line[indent..];
        if rest.trim().is_empty() || is_comment(rest) {
            continue;
        }
        let Some(item) = rest.strip_prefix(marker) else {
            diagnostics.push(ParseError::new(
                number,
                indent + 1,
                ErrorKind::Syntax { expected },
            ));
            continue;
        };
        if indent % 2 != 0 {
            diagnostics.push(ParseError::new(
                number,
                1,
                ErrorKind::BadIndent {
                    expected: Some(indent - 1),
                    found: indent,
                },
            ));
        }
        while stack.last().is_some_and(|&(i, _)| i >= indent) {
            if let Some((_, id)) = stack.pop() {
                nodes[id.index()].end = id_u32(nodes.len());
            }
        }
        if stack.len() >= max_depth {
            diagnostics.push(ParseError::new(
                number,
                indent + 1,
                ErrorKind::TooDeep { limit: max_depth },
            ));
            continue;
        }
        let line = Line {
            number,
            start,
            indent,
            item,
        };
        let Some(mut node) = read(line, diagnostics) else {
            continue;
        };
        let id = NodeId(id_u32(nodes.len()));
        node.line = id_u32(number);
        node.depth = id_u32(stack.len());
        node.parent = stack.last().map(|&(_, p)| p);
        nodes.push(node);
        stack.push((indent, id));
    }
    while let Some((_, id)) = stack.pop() {
        nodes[id.index()].end = id_u32(nodes.len());
    }
    nodes
}
