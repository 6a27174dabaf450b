//! The lines of an output that match a regular expression, with context, in `grep -n` form.
//!
//! The `regex` crate guarantees time linear in the text for every pattern, and a compiled
//! size limit bounds its memory, so a pattern from outside can neither hang nor exhaust the
//! process.

use std::fmt::Write as _;

use memchr::{memchr, memchr_iter, memrchr};
use regex::{Regex, RegexBuilder};

use super::{HEADER_TOKENS, ReadLimits, Reading, check_line, line_count, line_start};
use crate::Error;

/// The longest pattern accepted, in chars.
pub const MAX_PATTERN_CHARS: usize = 1_000;

/// The most memory a compiled pattern may take (its program and its lazy DFA each).
const COMPILED_BYTES: usize = 2 << 20;

/// Matching lines longer than this many chars are shown as a window around the match.
const LINE_CHARS: usize = 300;
/// Chars shown before the match in such a window.
const BEFORE_MATCH: usize = 100;
/// Context lines longer than this many chars are cut.
const CONTEXT_CHARS: usize = 160;

pub(super) struct Query<'a> {
    pub(super) pattern: &'a str,
    pub(super) context: usize,
    pub(super) ignore_case: bool,
    pub(super) from_line: usize,
    pub(super) limit: Option<usize>,
}

/// A matching line: its number, where it starts and ends (without the newline), and where the
/// match starts.
#[derive(Clone, Copy)]
struct Hit {
    line: usize,
    start: usize,
    end: usize,
    at: usize,
}

pub(super) fn search(text: &str, q: &Query<'_>, limits: &ReadLimits) -> Result<Reading, Error> {
    let re = compile(q.pattern, q.ignore_case)?;
    let total = line_count(text);
    let from = q.from_line.max(1);
    check_line(from, total)?;
    let hits = Hits::new(text, &re, from);
    let budget = limits.max_tokens.saturating_sub(HEADER_TOKENS);
    let mut body = String::new();
    let mut shown = 0usize;
    let mut matches = 0usize;
    let mut last_shown_line = 0usize;
    let mut next_line = None;
    let mut emitted_through = 0usize;
    let mut used = 0usize;
    let mut pending: Option<Hit> = None;
    let mut iter = hits;
    while let Some(hit) = pending.take().or_else(|| iter.next()) {
        matches += 1;
        if next_line.is_some() {
            continue;
        }
        if q.limit.is_some_and(|l| shown >= l) {
            next_line = Some(hit.line);
            continue;
        }
        // One group: context before, the hit, and every hit within reach of its context after.
        let mut group = String::new();
        let first = hit
            .line
            .saturating_sub(q.context)
            .max(emitted_through + 1)
            .max(from);
        if q.context > 0 && emitted_through > 0 && first > emitted_through + 1 {
            group.push_str("--\n");
        }
        let mut at = back_lines(text, hit.start, hit.line.saturating_sub(first));
        let mut line = first;
        let mut until = hit.line + q.context;
        let mut group_hits = vec![hit];
        let mut in_group = 1usize;
        while line <= until {
            let end = memchr(b'\n', &text.as_bytes()[at..]).map_or(text.len(), |i| at + i);
            let is_hit = group_hits.last().is_some_and(|h| h.line == line);
            if is_hit {
                let h = *group_hits.last().unwrap_or(&hit);
                write_hit(&mut group, text, h);
                until = until.max(line + q.context);
            } else {
                write_context(&mut group, text, line, at, end);
            }
            if end >= text.len() {
                line += 1;
                break;
            }
            at = end + 1;
            line += 1;
            if at == text.len() {
                // The text's last newline ends its last line.
                break;
            }
            // Pull the next hit in when its line is within this group's reach.
            if pending.is_none() && group_hits.last().is_some_and(|h| h.line < line) {
                match iter.next() {
                    Some(next)
                        if next.line <= until && q.limit.is_none_or(|l| shown + in_group < l) =>
                    {
                        group_hits.push(next);
                        in_group += 1;
                        matches += 1;
                    }
                    other => pending = other,
                }
            }
        }
        let cost = (limits.measure)(&group);
        if used + cost > budget {
            // The group does not fit: the reading ends before it, and its hits are counted
            // on (the next reading starts at its first hit).
            next_line = Some(hit.line);
            continue;
        }
        used += cost;
        body.push_str(&group);
        shown += in_group;
        last_shown_line = group_hits.last().map_or(hit.line, |h| h.line);
        emitted_through = line - 1;
    }
    let mut header = String::new();
    let pattern = q.pattern;
    let case = if q.ignore_case { ", ignoring case" } else { "" };
    let place = if from > 1 {
        format!(" from line {from}")
    } else {
        String::new()
    };
    if matches == 0 {
        let _ = write!(
            header,
            "# no line matches /{pattern}/{case}{place} in {total} lines ({} chars)",
            crate::char_len(text)
        );
        return Ok(Reading { header, body });
    }
    let _ = write!(
        header,
        "# {matches} lines match /{pattern}/{case}{place} of {total} lines"
    );
    match next_line {
        None => {
            let _ = write!(header, "; all shown, with {} lines of context", q.context);
        }
        Some(next) => {
            let _ = write!(
                header,
                "; the first {shown} shown (through line {last_shown_line}), with {} lines of context; next: the same pattern with offset {next}",
                q.context
            );
        }
    }
    Ok(Reading { header, body })
}

fn compile(pattern: &str, ignore_case: bool) -> Result<Regex, Error> {
    let chars = crate::char_len(pattern);
    if chars > MAX_PATTERN_CHARS {
        return Err(Error::InvalidRead {
            parameter: "pattern",
            reason: format!(
                "is {chars} chars long; use a pattern of at most {MAX_PATTERN_CHARS} chars"
            ),
        });
    }
    RegexBuilder::new(pattern)
        .case_insensitive(ignore_case)
        .multi_line(true)
        .size_limit(COMPILED_BYTES)
        .dfa_size_limit(COMPILED_BYTES)
        .build()
        .map_err(|e| {
            let why = match &e {
                regex::Error::Syntax(text) => text
                    .lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("a syntax error")
                    .trim()
                    .trim_start_matches("error: ")
                    .to_owned(),
                regex::Error::CompiledTooBig(limit) => {
                    format!("it compiles to more than {limit} bytes; use a simpler pattern")
                }
                other => other.to_string(),
            };
            Error::InvalidRead {
                parameter: "pattern",
                reason: format!(
                    "does not compile: {why}; it is a regular expression, so escape ( ) [ ] . * + ? | with \\ to match them as text"
                ),
            }
        })
}

/// The matching lines of a text from a line on, one per line however many matches it has.
struct Hits<'t> {
    text: &'t str,
    re: &'t Regex,
    /// Where the search goes on.
    pos: usize,
    /// A byte whose line number is known, and that number.
    known: (usize, usize),
}

impl<'t> Hits<'t> {
    fn new(text: &'t str, re: &'t Regex, from_line: usize) -> Self {
        let pos = line_start(text, from_line);
        Self {
            text,
            re,
            pos,
            known: (pos, from_line),
        }
    }
}

impl Iterator for Hits<'_> {
    type Item = Hit;

    fn next(&mut self) -> Option<Hit> {
        let len = self.text.len();
        // Past the end, or at the end of a text whose last line has its newline: no line left.
        if self.pos > len || (self.pos == len && (len == 0 || self.text.ends_with('\n'))) {
            return None;
        }
        let m = self.re.find_at(self.text, self.pos)?;
        let bytes = self.text.as_bytes();
        let at = m.start();
        if at == len && self.text.ends_with('\n') {
            return None;
        }
        let (known_at, known_line) = self.known;
        let line = known_line + memchr_iter(b'\n', &bytes[known_at..at]).count();
        let start = memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        let end = memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        self.known = (at, line);
        // The next search starts on the next line: one hit per line.
        self.pos = end + 1;
        Some(Hit {
            line,
            start,
            end,
            at,
        })
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

fn write_hit(out: &mut String, text: &str, hit: Hit) {
    let line = &text[hit.start..hit.end];
    let _ = write!(out, "{}:", hit.line);
    let chars = crate::char_len(line);
    if chars <= LINE_CHARS {
        out.push_str(line);
    } else {
        let before = crate::char_len(&text[hit.start..hit.at]);
        let from = before.saturating_sub(BEFORE_MATCH);
        let window: String = line.chars().skip(from).take(LINE_CHARS).collect();
        let after = chars - from - crate::char_len(&window);
        if from > 0 {
            let _ = write!(out, "… [{from} chars] …");
        }
        out.push_str(&window);
        if after > 0 {
            let _ = write!(out, "… [{after} chars] …");
        }
    }
    out.push('\n');
}

fn write_context(out: &mut String, text: &str, number: usize, start: usize, end: usize) {
    let line = &text[start..end];
    let _ = write!(out, "{number}-");
    let chars = crate::char_len(line);
    if chars <= CONTEXT_CHARS {
        out.push_str(line);
    } else {
        out.extend(line.chars().take(CONTEXT_CHARS));
        let _ = write!(out, "… [{} chars]", chars - CONTEXT_CHARS);
    }
    out.push('\n');
}
