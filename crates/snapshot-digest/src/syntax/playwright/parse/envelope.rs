//! Finding the snapshot inside a Playwright MCP response.
//!
//! `browser_snapshot` answers with Markdown sections (`### Page`, `### Snapshot` and a fenced
//! `yaml` block); before 2026 the block followed a `- Page Snapshot:` line instead. Agents and
//! logs pass such responses around whole, so the parser accepts them and ignores the rest.

use memchr::memmem;

use crate::error::{ErrorKind, ParseError};

/// Where the snapshot text sits in the input.
#[derive(Debug)]
pub(crate) struct Body<'a> {
    /// The snapshot lines.
    pub(crate) text: &'a str,
    /// The 1-based line number of `text`'s first line in the input.
    pub(crate) first_line: usize,
    /// Whether the input was a bare snapshot (so its trailing newline belongs to it).
    pub(crate) bare: bool,
}

/// Locates the snapshot: the whole input, or the block after a `### Snapshot` /
/// `- Page Snapshot:` line, or the inside of a lone fenced block.
pub(crate) fn locate(text: &str) -> Result<Body<'_>, ParseError> {
    let marker =
        marker_line(text, "### Snapshot").or_else(|| marker_line(text, "- Page Snapshot:"));
    if let Some(after) = marker {
        return section_body(text, after);
    }
    let lead = text.len() - text.trim_start_matches(['\n', '\r', ' ']).len();
    if text[lead..].starts_with("```") {
        let start = text[..lead].rfind('\n').map_or(0, |i| i + 1);
        return fenced(text, start);
    }
    Ok(Body {
        text,
        first_line: 1,
        bare: true,
    })
}

/// The byte offset just past the line that is exactly `marker`, if there is one.
fn marker_line(text: &str, marker: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    memmem::find_iter(bytes, marker.as_bytes()).find_map(|at| {
        let at_line_start = at == 0 || bytes[at - 1] == b'\n';
        let end = at + marker.len();
        let rest = &text[end..];
        let line_end = rest.find('\n').map_or(text.len(), |i| end + i + 1);
        (at_line_start && text[end..line_end].trim().is_empty()).then_some(line_end)
    })
}

fn line_number(text: &str, at: usize) -> usize {
    1 + memchr::memchr_iter(b'\n', &text.as_bytes()[..at]).count()
}

fn section_body(text: &str, after: usize) -> Result<Body<'_>, ParseError> {
    let mut start = after;
    while let Some(line) = text
        .get(start..)
        .and_then(|r| r.split_inclusive('\n').next())
    {
        if !line.trim().is_empty() {
            break;
        }
        start += line.len();
    }
    let first = text[start..].lines().next().unwrap_or("");
    if first.starts_with("```") {
        return fenced(text, start);
    }
    if let Some(path) = first
        .strip_prefix("- [Snapshot](")
        .and_then(|r| r.strip_suffix(')'))
    {
        let kind = ErrorKind::SnapshotInFile {
            path: path.to_owned(),
        };
        return Err(ParseError::new(line_number(text, start), 1, kind));
    }
    let end = next_line_starting(text, start, "### ").unwrap_or(text.len());
    Ok(Body {
        text: trim_last_newline(&text[start..end]),
        first_line: line_number(text, start),
        bare: false,
    })
}

/// The inside of the fenced block whose opening line starts at `open`.
fn fenced(text: &str, open: usize) -> Result<Body<'_>, ParseError> {
    let start = text[open..].find('\n').map_or(text.len(), |i| open + i + 1);
    let end = next_line_starting(text, start, "```").unwrap_or(text.len());
    Ok(Body {
        text: trim_last_newline(&text[start..end]),
        first_line: line_number(text, start),
        bare: false,
    })
}

fn next_line_starting(text: &str, from: usize, prefix: &str) -> Option<usize> {
    let mut at = from;
    for line in text[from..].split_inclusive('\n') {
        if line.starts_with(prefix) {
            return Some(at);
        }
        at += line.len();
    }
    None
}

fn trim_last_newline(s: &str) -> &str {
    s.strip_suffix('\n')
        .map_or(s, |s| s.strip_suffix('\r').unwrap_or(s))
}
