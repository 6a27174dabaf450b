//! The windows of a long matching line: a part of the line around each of its matches, so
//! that a line longer than a window hides none of them.

use std::fmt::Write as _;

use regex::Regex;

use super::hits::Hit;
use crate::count::char_len;

/// Matching lines longer than this many chars are shown as windows of at most this many
/// chars around their matches.
pub(super) const LINE_CHARS: usize = 300;
/// Chars shown before the first match of a window.
const BEFORE_MATCH: usize = 100;

/// One output line of a matching line: the line, or a window of it.
pub(super) struct Window {
    pub(super) text: String,
    /// The byte it starts at in the text.
    pub(super) from: usize,
    /// How many matches it shows.
    pub(super) matches: usize,
}

/// The windows of a long matching line, in order, each around one match and any that follow
/// within it; every window is at most [`LINE_CHARS`] chars, starts where the one before
/// ended at the earliest, and ends before a match it cannot hold whole, which the next one
/// then shows whole (unless a match is longer than a window).
pub(super) struct Windows<'t> {
    text: &'t str,
    hit: Hit,
    matches: LineMatches<'t>,
    /// A match not yet in a window.
    pending: Option<(usize, usize)>,
    /// Where the last window ended.
    shown_to: usize,
    /// A byte of the line and the chars before it from the line's start.
    known: (usize, usize),
    line_chars: usize,
}

impl<'t> Windows<'t> {
    /// The windows of `hit`'s line, none starting before `floor` (where the search started).
    pub(super) fn new(text: &'t str, re: &'t Regex, hit: Hit, floor: usize) -> Self {
        let mut matches = line_matches(text, re, hit.at, hit.end);
        // A pattern whose match runs past the line (it holds `\n`) still found this line.
        let pending = Some(matches.next().unwrap_or((hit.at, hit.at)));
        Self {
            text,
            hit,
            matches,
            pending,
            shown_to: floor.max(hit.start).min(hit.at),
            known: (hit.start, 0),
            line_chars: char_len(&text[hit.start..hit.end]),
        }
    }

    /// Chars from the line's start to `byte`, counted on from the last byte asked for, so
    /// that a line is counted once however many windows it has.
    fn chars_to(&mut self, byte: usize) -> usize {
        let (at, chars) = self.known;
        let chars = if byte >= at {
            chars + char_len(&self.text[at..byte])
        } else {
            chars - char_len(&self.text[byte..at])
        };
        self.known = (byte, chars);
        chars
    }
}

impl Iterator for Windows<'_> {
    type Item = Window;

    fn next(&mut self) -> Option<Window> {
        let (first, _) = self.pending.take()?;
        let text = self.text;
        let from = back_chars(text, first, BEFORE_MATCH, self.hit.start).max(self.shown_to);
        let mut to = text[from..self.hit.end]
            .char_indices()
            .nth(LINE_CHARS)
            .map_or(self.hit.end, |(i, _)| from + i);
        let mut matches = 1;
        for m in self.matches.by_ref() {
            if m.1 <= to {
                matches += 1;
                continue;
            }
            if m.0 < to {
                // Matches do not overlap, so this one starts after `first`: the window ends
                // before it rather than cut it in two.
                to = m.0;
            }
            self.pending = Some(m);
            break;
        }
        self.shown_to = to;
        let before = self.chars_to(from);
        let after = self.line_chars - self.chars_to(to);
        let mut out = format!("{}:", self.hit.line);
        if before > 0 {
            let _ = write!(out, "… [{before} chars] …");
        }
        out.push_str(&text[from..to]);
        if after > 0 {
            let _ = write!(out, "… [{after} chars] …");
        }
        out.push('\n');
        Some(Window {
            text: out,
            from,
            matches,
        })
    }
}

/// The matches of a pattern in one line, from a byte of it on, as byte ranges: searched in
/// the text cut at the line's end, so none runs past it, with the text before in view for
/// `^` and `\b`. Its non-empty matches; a line with only empty ones (`^`, `x*`) has the first,
/// since an empty match marks a place, and a place is shown once.
pub(super) struct LineMatches<'t> {
    line: &'t str,
    re: &'t Regex,
    pos: usize,
    first_empty: Option<usize>,
    /// Whether a non-empty match was yielded, or a place is not to be.
    any: bool,
}

pub(super) fn line_matches<'t>(
    text: &'t str,
    re: &'t Regex,
    from: usize,
    end: usize,
) -> LineMatches<'t> {
    LineMatches {
        line: &text[..end],
        re,
        pos: from,
        first_empty: None,
        any: false,
    }
}

impl LineMatches<'_> {
    /// Only the non-empty matches: a place is not yielded (the line's first match, found
    /// before, marked it).
    pub(super) const fn non_empty(mut self) -> Self {
        self.any = true;
        self
    }
}

impl Iterator for LineMatches<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        while self.pos <= self.line.len() {
            let Some(m) = self.re.find_at(self.line, self.pos) else {
                break;
            };
            if m.is_empty() {
                self.first_empty.get_or_insert(m.start());
                // Step over one char: the next match starts after this place.
                self.pos = self.line[m.end()..]
                    .chars()
                    .next()
                    .map_or(self.line.len() + 1, |c| m.end() + c.len_utf8());
                continue;
            }
            self.pos = m.end();
            self.any = true;
            return Some((m.start(), m.end()));
        }
        self.pos = self.line.len() + 1;
        if self.any {
            return None;
        }
        self.any = true;
        self.first_empty.take().map(|at| (at, at))
    }
}

/// The byte `n` chars before `byte`, but not before `floor`.
fn back_chars(text: &str, byte: usize, n: usize, floor: usize) -> usize {
    text[floor..byte]
        .char_indices()
        .rev()
        .nth(n.saturating_sub(1))
        .map_or(floor, |(i, _)| floor + i)
        .max(floor)
        .min(byte)
}
