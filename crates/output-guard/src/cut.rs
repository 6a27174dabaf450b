//! Cutting text to a char budget: head and tail kept, preferably at line ends, with a marker
//! that counts what was left out.

/// A text cut to a budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Cut {
    /// The head, the omission marker and the tail; or the whole text when it fitted.
    pub(crate) text: String,
    /// Chars of the original text in `text` (head plus tail).
    pub(crate) shown: usize,
    /// Chars of the original text left out.
    pub(crate) omitted: usize,
}

/// The share of the room that goes to the head, in percent. The start of an output usually
/// says what it is (headers, the first records), the end how it finished (totals, the last
/// error), so both are kept, the head a little longer.
const HEAD_PERCENT: usize = 65;

/// Cuts `text`, which has `total` chars, to at most `budget` chars including the marker.
///
/// Cuts fall on char boundaries. The head ends at a line end and the tail starts at a line
/// start when that keeps at least half of their share; otherwise they are cut mid-line.
pub(crate) fn cut(text: &str, total: usize, budget: usize) -> Cut {
    if total <= budget {
        return Cut {
            text: text.to_owned(),
            shown: total,
            omitted: 0,
        };
    }
    let marker_max = crate::count::char_len(&marker(total, true));
    let room = budget.saturating_sub(marker_max);
    let head_target = room * HEAD_PERCENT / 100;
    let tail_target = room - head_target;

    let head_end = nth_char_offset(text, head_target);
    let head_end = match text[..head_end].rfind('\n') {
        Some(nl) if crate::count::char_len(&text[..=nl]) * 2 >= head_target => nl + 1,
        _ => head_end,
    };
    let head_end = outside_brackets_end(text, head_end);
    let head = &text[..head_end];

    let tail_start = if tail_target == 0 {
        text.len()
    } else {
        text.char_indices()
            .rev()
            .nth(tail_target - 1)
            .map_or(text.len(), |(i, _)| i)
    };
    // The tail never reaches into the head: head and tail together are shorter than the text.
    let tail_start = tail_start.max(head_end);
    let tail_start = match text[tail_start..].find('\n') {
        Some(nl) if crate::count::char_len(&text[tail_start + nl + 1..]) * 2 >= tail_target => {
            tail_start + nl + 1
        }
        _ => tail_start,
    };
    let tail_start = outside_brackets_start(text, tail_start).max(head_end);
    let tail = &text[tail_start..];

    let shown = crate::count::char_len(head) + crate::count::char_len(tail);
    let omitted = total - shown;
    let needs_newline = !head.is_empty() && !head.ends_with('\n');
    let mut out = String::with_capacity(head.len() + tail.len() + marker_max * 2);
    out.push_str(head);
    out.push_str(&marker(omitted, needs_newline));
    out.push_str(tail);
    Cut {
        text: out,
        shown,
        omitted,
    }
}

/// How far back (or forward) a cut looks for an open `[`: attribute markers such as
/// `[ref=e123]` and `[cursor=pointer]` are short.
const BRACKET_WINDOW: usize = 64;

/// Moves a head's end back before a `[` that its window leaves unclosed, so that a marker
/// such as `[ref=e123]` is shown whole or not at all: a cut `[ref=e12` would show a ref the
/// input does not contain.
fn outside_brackets_end(text: &str, end: usize) -> usize {
    let from = floor_boundary(text, end.saturating_sub(BRACKET_WINDOW));
    let window = &text[from..end];
    match (window.rfind('['), window.rfind([']', '\n'])) {
        (Some(open), close) if close.is_none_or(|c| c < open) => from + open,
        _ => end,
    }
}

/// Moves a tail's start past a `]` that closes a marker begun before it (see
/// [`outside_brackets_end`]).
fn outside_brackets_start(text: &str, start: usize) -> usize {
    let to = ceil_boundary(text, (start + BRACKET_WINDOW).min(text.len()));
    let window = &text[start..to];
    match (window.find(']'), window.find(['[', '\n'])) {
        (Some(close), open) if open.is_none_or(|o| close < o) => start + close + 1,
        _ => start,
    }
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// The omission marker line. Its longest form (a leading newline, `omitted` = the total) is
/// what the budget reserves.
fn marker(omitted: usize, leading_newline: bool) -> String {
    let nl = if leading_newline { "\n" } else { "" };
    format!("{nl}… [{omitted} chars omitted] …\n")
}

/// The byte offset of the char at index `n`, or the text's length when it has fewer chars.
fn nth_char_offset(text: &str, n: usize) -> usize {
    text.char_indices().nth(n).map_or(text.len(), |(i, _)| i)
}

#[cfg(test)]
mod tests;
