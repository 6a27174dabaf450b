//! The Markdown that Playwright MCP answers in: `### Title` sections, fenced blocks, link
//! lines. Everything is byte ranges into the text, so what is not rewritten stays as it was.

use std::ops::Range;

/// One `### Title` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Section {
    /// The title after `### `, trimmed.
    pub(crate) title: Range<usize>,
    /// From the line after the title to the next title line or the end, newlines included.
    pub(crate) body: Range<usize>,
}

/// Lines of `text` with their byte ranges, each range including its `\n` when there is one.
fn lines(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= text.len() {
            return None;
        }
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
        let line = at..end;
        at = end;
        Some(line)
    })
}

fn content(text: &str, line: &Range<usize>) -> Range<usize> {
    let s = &text[line.clone()];
    let trimmed = s.trim_end_matches(['\n', '\r']);
    line.start..line.start + trimmed.len()
}

/// The `### ` sections of `text`, in order. Title lines inside fenced blocks do not count.
pub(crate) fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut in_fence = false;
    for line in lines(text) {
        let c = content(text, &line);
        let s = &text[c.clone()];
        if s.starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        if let Some(title) = s.strip_prefix("### ") {
            if let Some(last) = out.last_mut() {
                last.body.end = line.start;
            }
            let lead = title.len() - title.trim_start().len();
            let start = c.start + 4 + lead;
            out.push(Section {
                title: start..start + title.trim().len(),
                body: line.end..text.len(),
            });
        }
    }
    out
}

/// The inside of the first fenced block (```` ``` ```` lines) within `range`: the lines
/// between the fences, with the last newline before the closing fence left out. `None` when
/// there is no block or it is not closed.
pub(crate) fn fenced(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    let mut open: Option<usize> = None;
    let base = range.start;
    for line in lines(&text[range]) {
        let line = base + line.start..base + line.end;
        let s = &text[content(text, &line)];
        if !s.starts_with("```") {
            continue;
        }
        match open {
            None => open = Some(line.end),
            Some(start) => {
                let end = if line.start > start {
                    line.start - 1
                } else {
                    start
                };
                let end = if text[start..end].ends_with('\r') {
                    end - 1
                } else {
                    end
                };
                return Some(start..end.max(start));
            }
        }
    }
    None
}

/// The inside of the first fenced block whose opening line is ```` ```json ````.
pub(crate) fn fenced_json(text: &str) -> Option<Range<usize>> {
    let mut in_fence = false;
    for line in lines(text) {
        let s = &text[content(text, &line)];
        if !s.starts_with("```") {
            continue;
        }
        if !in_fence && s[3..].trim().eq_ignore_ascii_case("json") {
            return fenced(text, line.start..text.len());
        }
        in_fence = !in_fence;
    }
    None
}

/// A Markdown heading line: `#`s, then a space.
fn is_heading(line: &str) -> bool {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    hashes > 0 && line[hashes..].starts_with(' ')
}

/// The snapshot under chrome-devtools-mcp's `## Latest page snapshot` line: up to the next
/// heading or fence line or the end, without its last newline. Its GCF encoding
/// (`--experimentalDataFormat=gcf`) writes lines `## children [N]{…}` of its own: no heading.
pub(crate) fn devtools_snapshot(text: &str) -> Option<Range<usize>> {
    let mut start = None;
    for line in lines(text) {
        let s = &text[content(text, &line)];
        let gcf = s.starts_with("## children [");
        match start {
            None if s == "## Latest page snapshot" => start = Some(line.end),
            Some(at) if (is_heading(s) && !gcf) || s.starts_with("```") => {
                let end = line.start.saturating_sub(1).max(at);
                return Some(at..end);
            }
            _ => {}
        }
    }
    let at = start?;
    let end = if text.ends_with('\n') {
        text.len() - 1
    } else {
        text.len()
    };
    Some(at..end.max(at))
}

/// The `url="…"` of the first line that has one: the page of a chrome-devtools snapshot.
pub(crate) fn devtools_url(snapshot: &str) -> &str {
    snapshot
        .lines()
        .find_map(|l| {
            let at = l.find(" url=\"")? + 6;
            let end = l[at..].find('"')? + at;
            Some(&l[at..end])
        })
        .unwrap_or("")
}

/// The line `- Page Snapshot:` before a fenced block, in responses from before 2026.
pub(crate) fn legacy_snapshot(text: &str) -> Option<Range<usize>> {
    let mut after_marker = None;
    for line in lines(text) {
        let s = &text[content(text, &line)];
        if s.trim() == "- Page Snapshot:" {
            after_marker = Some(line.end);
            break;
        }
    }
    let start = after_marker?;
    fenced(text, start..text.len())
}

/// The first line in `range` of the form `- [Snapshot](PATH)`: the line's range without its
/// newline, and the path.
pub(crate) fn snapshot_link(text: &str, range: Range<usize>) -> Option<(Range<usize>, &str)> {
    let base = range.start;
    lines(&text[range]).find_map(|line| {
        let line = base + line.start..base + line.end;
        let c = content(text, &line);
        let path = text[c.clone()]
            .trim()
            .strip_prefix("- [Snapshot](")?
            .strip_suffix(')')?;
        (!path.is_empty()).then_some((c, path))
    })
}

/// The value of the first `- Page URL: …` line.
pub(crate) fn page_url(text: &str) -> Option<&str> {
    lines(text).find_map(|line| {
        let s = &text[content(text, &line)];
        s.trim().strip_prefix("- Page URL:").map(str::trim)
    })
}

#[cfg(test)]
mod tests;
