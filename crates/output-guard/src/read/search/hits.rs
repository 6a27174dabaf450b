//! The pattern of a search, compiled within its limits, and the lines of a text it matches.

use memchr::{memchr, memchr_iter, memrchr};
use regex::{Regex, RegexBuilder};

use crate::count::char_len;
use crate::error::Error;

/// The longest pattern accepted, in chars.
pub const MAX_PATTERN_CHARS: usize = 1_000;

/// The most memory a compiled pattern may take (its program and its lazy DFA each).
const COMPILED_BYTES: usize = 2 << 20;

/// A matching line: its number, where it starts and ends (without the newline), and where its
/// first match starts.
#[derive(Clone, Copy)]
pub(super) struct Hit {
    pub(super) line: usize,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) at: usize,
    /// Where its first match ends (past `end` when the pattern spans lines).
    pub(super) to: usize,
}

pub(super) fn compile(pattern: &str, ignore_case: bool) -> Result<Regex, Error> {
    let chars = char_len(pattern);
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

/// The matching lines of a text from a byte on, one per line however many matches it has.
pub(super) struct Hits<'t> {
    text: &'t str,
    re: &'t Regex,
    /// Where the search goes on.
    pos: usize,
    /// A byte whose line number is known, and that number.
    known: (usize, usize),
}

impl<'t> Hits<'t> {
    pub(super) fn new(text: &'t str, re: &'t Regex, from: usize, line: usize) -> Self {
        Self {
            text,
            re,
            pos: from,
            known: (from, line),
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
            to: m.end(),
        })
    }
}
