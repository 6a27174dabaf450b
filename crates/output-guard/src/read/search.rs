//! The lines of an output that match a regular expression, with context, in `grep -n` form.
//!
//! The `regex` crate guarantees time linear in the text for every pattern, and a compiled
//! size limit bounds its memory, so a pattern from outside can neither hang nor exhaust the
//! process.
//!
//! A matching line longer than [`LINE_CHARS`] is shown as windows around its matches, every
//! match in one (matches close together share a window), one output line per window, each
//! numbered with its line: a page's text that came as one long line hides none of its
//! matches. A line with more windows than one reading holds goes on in the next, which
//! starts at the char of the first match not shown.

use std::fmt::Write as _;

use memchr::{memchr, memchr_iter, memrchr};
use regex::Regex;

use super::{
    HEADER_TOKENS, ReadLimits, Reading, Unit, byte_of_char, check_char, check_line, line_count,
    line_start,
};
use crate::count::char_len;
use crate::error::Error;
pub use hits::MAX_PATTERN_CHARS;
use hits::{Hit, Hits, compile};
use windows::{LINE_CHARS, Window, Windows, line_matches};

mod hits;
mod windows;

/// Context lines longer than this many chars are cut.
const CONTEXT_CHARS: usize = 160;

pub(super) struct Query<'a> {
    pub(super) pattern: &'a str,
    pub(super) context: usize,
    pub(super) ignore_case: bool,
    /// Where the search starts: a line from 1, or a char from 0, as `unit` says.
    pub(super) offset: usize,
    pub(super) unit: Unit,
    pub(super) limit: Option<usize>,
}

/// The matches of `hit`'s line from its first on, as its windows show them: the first, which
/// the search for the line found, and those after it, so a line costs one search more.
fn match_count(text: &str, re: &Regex, hit: &Hit) -> usize {
    if hit.to > hit.at {
        1 + line_matches(text, re, hit.to.min(hit.end), hit.end)
            .non_empty()
            .count()
    } else {
        line_matches(text, re, hit.at, hit.end).count().max(1)
    }
}

/// Where the next reading of a search starts.
enum Next {
    /// At this line.
    Line(usize),
    /// At this char, within a line whose matches did not all fit.
    Char(usize),
}

/// A line shown in part: its matches did not all fit one reading.
struct Partial {
    line: usize,
    shown: usize,
    of: usize,
}

/// What one reading gathers.
struct Found {
    body: String,
    /// Estimated tokens of `body`, summed line by line (an upper bound of its estimate,
    /// since estimates add up).
    used: usize,
    /// Matching lines shown, a line shown in part among them.
    shown: usize,
    last_shown_line: usize,
    /// The last line written, hit or context.
    emitted_through: usize,
    /// Whether a group was shown without its context, to fit.
    without_context: bool,
    partial: Option<Partial>,
}

/// The search: the text, the compiled pattern, the query and the reading's budget.
struct Search<'t> {
    text: &'t str,
    re: &'t Regex,
    q: &'t Query<'t>,
    measure: fn(&str) -> usize,
    budget: usize,
    /// The byte the search starts at, and the number of its line.
    from_byte: usize,
    from_line: usize,
}

pub(super) fn search(text: &str, q: &Query<'_>, limits: &ReadLimits) -> Result<Reading, Error> {
    let re = compile(q.pattern, q.ignore_case)?;
    let total = line_count(text);
    let (from_byte, from_line) = start(text, q.offset, q.unit, total)?;
    let s = Search {
        text,
        re: &re,
        q,
        measure: limits.measure,
        budget: limits.max_tokens.saturating_sub(HEADER_TOKENS),
        from_byte,
        from_line,
    };
    let mut hits = Hits::new(text, &re, from_byte, from_line);
    let mut found = Found {
        body: String::new(),
        used: 0,
        shown: 0,
        last_shown_line: 0,
        emitted_through: 0,
        without_context: false,
        partial: None,
    };
    let (mut lines, mut matches) = (0usize, 0usize);
    let mut count = |hit: &Hit| {
        lines += 1;
        matches += match_count(text, &re, hit);
    };
    let mut next: Option<Next> = None;
    let mut pending: Option<Hit> = None;
    while let Some(hit) = pending.take().or_else(|| hits.next()) {
        count(&hit);
        if next.is_some() {
            continue;
        }
        if q.limit.is_some_and(|l| found.shown >= l) {
            next = Some(Next::Line(hit.line));
            continue;
        }
        let room = s.budget.saturating_sub(found.used);
        let group = s.group(hit, &found, room, &mut hits, &mut pending);
        for extra in &group.hits[1..] {
            count(extra);
        }
        if group.complete {
            found.body.push_str(&group.text);
            found.used += group.cost;
            found.shown += group.hits.len();
            found.last_shown_line = group.hits.last().map_or(hit.line, |h| h.line);
            found.emitted_through = group.through;
            continue;
        }
        if let Some(cut) = &group.fits {
            // The group does not fit whole (its hits chain on, or its last line is long):
            // the part that fits, through a whole matching line, and the next reading
            // starts at the first matching line left out.
            found.body.push_str(&group.text[..cut.len]);
            found.used += cut.cost;
            found.shown += cut.hits;
            found.last_shown_line = group
                .hits
                .get(cut.hits.saturating_sub(1))
                .map_or(hit.line, |h| h.line);
            found.emitted_through = cut.through;
            if pending.is_none() {
                pending = hits.next();
            }
            next = group
                .hits
                .get(cut.hits)
                .or(pending.as_ref())
                .map(|h| Next::Line(h.line));
            continue;
        }
        if !found.body.is_empty() {
            // Not even its first matching line fits: the reading ends before it, and its
            // hits are counted on (the next reading starts at its first hit).
            next = Some(Next::Line(hit.line));
            continue;
        }
        // The first group of the reading cannot show its first matching line with its
        // context: that line alone, with as many of its windows as fit; the next reading goes
        // on where they end.
        let part = s.line_alone(hit, room);
        if part.text.is_empty() {
            // Not one window fits: the header says so, and the rest is only counted.
            next = Some(Next::Line(hit.line));
            continue;
        }
        found.body.push_str(&part.text);
        found.used += part.cost;
        found.shown = 1;
        found.last_shown_line = hit.line;
        found.without_context = s.q.context > 0;
        match part.resume {
            Some(byte) => {
                found.partial = Some(Partial {
                    line: hit.line,
                    shown: part.matches,
                    of: match_count(text, &re, &hit),
                });
                next = Some(Next::Char(char_len(&text[..byte])));
            }
            None => {
                // The next matching line starts the next reading: one the group had pulled
                // in, or the one after it (which the loop counts as it takes it).
                if pending.is_none() {
                    pending = hits.next();
                }
                next = group
                    .hits
                    .get(1)
                    .or(pending.as_ref())
                    .map(|h| Next::Line(h.line));
            }
        }
    }
    Ok(Reading {
        header: s.header(total, lines, matches, &found, next.as_ref()),
        body: found.body,
    })
}

impl Search<'_> {
    /// The reading's header line: what matched (`lines` of the text's `total`, with
    /// `matches` in them), what is shown, and where the next reading starts.
    fn header(
        &self,
        total: usize,
        lines: usize,
        matches: usize,
        found: &Found,
        next: Option<&Next>,
    ) -> String {
        let (text, q, from_line) = (self.text, self.q, self.from_line);
        let mut header = String::new();
        let pattern = q.pattern;
        let case = if q.ignore_case { ", ignoring case" } else { "" };
        let place = match q.unit {
            Unit::Chars if q.offset > 0 => format!(" from char {} (line {from_line})", q.offset),
            _ if from_line > 1 => format!(" from line {from_line}"),
            _ => String::new(),
        };
        if lines == 0 {
            let _ = write!(
                header,
                "# no line matches /{pattern}/{case}{place} in {total} lines ({} chars)",
                char_len(text)
            );
            return header;
        }
        let _ = write!(
            header,
            "# {lines} lines match /{pattern}/{case}{place} of {total} lines"
        );
        if matches > lines {
            let _ = write!(header, " ({matches} matches)");
        }
        let context = if found.without_context {
            format!("without context, to fit (context {} asked)", q.context)
        } else {
            format!("with {} lines of context", q.context)
        };
        match (next, &found.partial) {
            (_, _) if found.body.is_empty() => {
                let _ = write!(
                    header,
                    "; none shown: the limit leaves no room for one match, so raise it"
                );
            }
            (None, _) => {
                let _ = write!(header, "; all shown, {context}");
            }
            (Some(Next::Char(at)), Some(p)) => {
                let _ = write!(
                    header,
                    "; line {} alone has more matches than fit: {} of its {} shown, {context}; next: the same pattern with offset {at}, unit chars",
                    p.line, p.shown, p.of
                );
            }
            (Some(Next::Char(at)), None) => {
                let _ = write!(
                    header,
                    "; next: the same pattern with offset {at}, unit chars"
                );
            }
            (Some(Next::Line(line)), _) => {
                let _ = write!(
                    header,
                    "; the first {} shown (through line {}), {context}; next: the same pattern with offset {line}",
                    found.shown, found.last_shown_line
                );
            }
        }
        header
    }
}

/// Where a search starts: the byte and the number of its line.
fn start(text: &str, offset: usize, unit: Unit, total: usize) -> Result<(usize, usize), Error> {
    match unit {
        Unit::Lines => {
            let line = offset.max(1);
            check_line(line, total)?;
            Ok((line_start(text, line), line))
        }
        Unit::Chars => {
            check_char(offset, char_len(text))?;
            let byte = byte_of_char(text, 0, offset);
            let line = 1 + memchr_iter(b'\n', &text.as_bytes()[..byte]).count();
            Ok((byte, line))
        }
    }
}

/// Lines of output for one reading, and what they cost.
struct Group {
    text: String,
    cost: usize,
    /// The matching lines in it, the first the one it was made for.
    hits: Vec<Hit>,
    /// Whether it was written whole within its room.
    complete: bool,
    /// The last line written.
    through: usize,
    /// The longest part of it within its room that ends after a whole matching line.
    fits: Option<Cut>,
}

/// Where a group that does not fit whole can end.
struct Cut {
    /// Bytes of its text.
    len: usize,
    cost: usize,
    /// Matching lines in it.
    hits: usize,
    /// The last line in it.
    through: usize,
}

/// A matching line shown alone, in part when its windows do not all fit.
struct LinePart {
    text: String,
    cost: usize,
    /// Matches shown.
    matches: usize,
    /// Where the first window not shown starts; `None` when all are shown.
    resume: Option<usize>,
}

impl Search<'_> {
    /// The group of `hit`: context before, the hit, and every hit within reach of its
    /// context after, written until its cost passes `room`.
    fn group(
        &self,
        hit: Hit,
        found: &Found,
        room: usize,
        hits: &mut Hits<'_>,
        pending: &mut Option<Hit>,
    ) -> Group {
        let (text, context) = (self.text, self.q.context);
        let mut group = Group {
            text: String::new(),
            cost: 0,
            hits: vec![hit],
            complete: true,
            through: hit.line,
            fits: None,
        };
        let mut hits_written = 0;
        let first = hit
            .line
            .saturating_sub(context)
            .max(found.emitted_through + 1)
            .max(self.from_line);
        if context > 0 && !found.body.is_empty() && first > found.emitted_through + 1 {
            self.push(&mut group, "--\n".to_owned());
        }
        let mut at = back_lines(text, hit.start, hit.line.saturating_sub(first));
        let mut line = first;
        let mut until = hit.line + context;
        while line <= until && group.cost <= room {
            let end = memchr(b'\n', &text.as_bytes()[at..]).map_or(text.len(), |i| at + i);
            match group.hits.last() {
                Some(h) if h.line == line => {
                    let h = *h;
                    for window in self.hit_lines(h) {
                        self.push(&mut group, window.text);
                        if group.cost > room {
                            break;
                        }
                    }
                    hits_written += 1;
                    until = until.max(line + context);
                }
                _ => self.push(&mut group, context_line(text, line, at, end)),
            }
            group.through = line;
            if group.cost <= room && hits_written > 0 {
                group.fits = Some(Cut {
                    len: group.text.len(),
                    cost: group.cost,
                    hits: hits_written,
                    through: line,
                });
            }
            if end >= text.len() {
                break;
            }
            at = end + 1;
            line += 1;
            if at == text.len() {
                // The text's last newline ends its last line.
                break;
            }
            // Pull the next hit in when its line is within this group's reach.
            if pending.is_none() && group.hits.last().is_some_and(|h| h.line < line) {
                let in_group = group.hits.len();
                match hits.next() {
                    Some(next)
                        if next.line <= until
                            && self.q.limit.is_none_or(|l| found.shown + in_group < l) =>
                    {
                        group.hits.push(next);
                    }
                    other => *pending = other,
                }
            }
        }
        group.complete = group.cost <= room;
        group
    }

    /// `hit`'s line alone, as many of its windows as fit `room`.
    fn line_alone(&self, hit: Hit, room: usize) -> LinePart {
        let mut part = LinePart {
            text: String::new(),
            cost: 0,
            matches: 0,
            resume: None,
        };
        for window in self.hit_lines(hit) {
            let cost = (self.measure)(&window.text);
            if part.cost + cost > room {
                // A search from the window's start finds its first match first (no match
                // starts between the window before and it), so the next reading shows this
                // very window first.
                part.resume = Some(window.from);
                break;
            }
            part.cost += cost;
            part.text.push_str(&window.text);
            part.matches += window.matches;
        }
        part
    }

    fn push(&self, group: &mut Group, line: String) {
        group.cost += (self.measure)(&line);
        group.text.push_str(&line);
    }

    /// The output lines of a matching line: the line itself when it is short, else a window
    /// around each of its matches from the hit on.
    fn hit_lines(&self, hit: Hit) -> Box<dyn Iterator<Item = Window> + '_> {
        let text = self.text;
        let line = &text[hit.start..hit.end];
        if line.len() <= LINE_CHARS || char_len(line) <= LINE_CHARS {
            return Box::new(std::iter::once(Window {
                text: format!("{}:{line}\n", hit.line),
                from: hit.start,
                matches: match_count(text, self.re, &hit),
            }));
        }
        Box::new(Windows::new(text, self.re, hit, self.from_byte))
    }
}

/// The byte where the line `n` lines before the one starting at `start` starts.
fn back_lines(text: &str, start: usize, n: usize) -> usize {
    let bytes = text.as_bytes();
    let mut at = start;
    for _ in 0..n {
        if at == 0 {
            break;
        }
        at = memrchr(b'\n', &bytes[..at - 1]).map_or(0, |i| i + 1);
    }
    at
}

fn context_line(text: &str, number: usize, start: usize, end: usize) -> String {
    let line = &text[start..end];
    let mut out = format!("{number}-");
    let chars = char_len(line);
    if chars <= CONTEXT_CHARS {
        out.push_str(line);
    } else {
        out.extend(line.chars().take(CONTEXT_CHARS));
        let _ = write!(out, "… [{} chars]", chars - CONTEXT_CHARS);
    }
    out.push('\n');
    out
}
