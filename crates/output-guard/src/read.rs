//! Reading a stored output in parts: whole when it fits, a slice by lines or chars, or the
//! lines that match a regular expression, each within a token limit.
//!
//! A read never changes the output: slices are byte-for-byte parts of it, so the parts read
//! one after another, by the `next` offsets each reading gives, add up to the whole.

mod search;

use serde_json::{Map, Value, json};

use crate::error::Error;
pub use search::MAX_PATTERN_CHARS;

/// The most context lines a search shows around each matching line.
pub const MAX_CONTEXT_LINES: usize = 20;

/// How a slice counts its `offset` and `limit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Unit {
    /// Lines, numbered from 1 as a search shows them (the default).
    #[default]
    Lines,
    /// Chars (Unicode scalar values), counted from 0.
    Chars,
}

/// What part of an output to read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ReadRequest {
    /// The whole output when it fits the limit; else its first lines and how to go on.
    #[default]
    Whole,
    /// A part of the output.
    Slice {
        /// Lines: the first line, from 1. Chars: how many chars to skip, from 0.
        offset: usize,
        /// How many lines or chars at most; `None`: as many as fit.
        limit: Option<usize>,
        /// What `offset` and `limit` count.
        unit: Unit,
    },
    /// The lines that match a regular expression, with context. A matching line longer than
    /// a window (300 chars) shows each of its matches in a window of its own (matches close
    /// together share one), one output line each.
    Search {
        /// The regular expression (Rust `regex` syntax, no look-around or backreferences, so
        /// it runs in time linear in the output).
        pattern: String,
        /// Lines of context before and after each matching line, at most
        /// [`MAX_CONTEXT_LINES`].
        context: usize,
        /// Whether letter case is ignored.
        ignore_case: bool,
        /// Where the search starts (to go on after a reading that stopped): a line from 1,
        /// or with [`Unit::Chars`] a char from 0, which a reading names when one line's
        /// matches did not all fit.
        offset: usize,
        /// What `offset` counts.
        unit: Unit,
        /// How many matching lines at most; `None`: as many as fit.
        limit: Option<usize>,
    },
}

/// The limit a reading fits, and how it is measured.
#[derive(Debug, Clone, Copy)]
pub struct ReadLimits {
    /// The most tokens of a reading, header and body together, by `measure`.
    pub max_tokens: usize,
    /// Estimated tokens of a text. It must add up: the estimate of two texts together is at
    /// most the sum of their estimates (per-byte or per-char estimates are).
    pub measure: fn(&str) -> usize,
}

impl Default for ReadLimits {
    /// 20,000 tokens, estimated at four chars a token ([`estimate_tokens`](crate::count::estimate_tokens)).
    fn default() -> Self {
        Self {
            max_tokens: 20_000,
            measure: |text| crate::count::estimate_tokens(crate::count::char_len(text)),
        }
    }
}

/// One reading of an output: a header line for the model (sizes, what is shown, how to go
/// on) and the part itself.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Reading {
    /// One line, without a newline: what the body holds and what comes next.
    pub header: String,
    /// The part read: for a slice or a whole output, its exact text; for a search, the
    /// matching lines in `grep -n` form (`12:match`, `13-context`, `--` between groups).
    pub body: String,
}

impl ReadRequest {
    /// Reads a request from tool-call arguments: `offset`, `limit`, `unit` (`"lines"` or
    /// `"chars"`), `pattern`, `context`, `ignoreCase`; other fields are ignored (the token is
    /// the caller's). No field: [`ReadRequest::Whole`].
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRead`] naming the parameter and what it accepts: a negative or
    /// fractional number, an unknown unit, a pattern of more than [`MAX_PATTERN_CHARS`] chars,
    /// a context over [`MAX_CONTEXT_LINES`].
    ///
    /// # Example
    ///
    /// ```
    /// use output_guard::{ReadRequest, Unit};
    ///
    /// let args = serde_json::json!({"token": "t", "offset": 120, "limit": 40});
    /// let request = ReadRequest::from_arguments(args.as_object().unwrap())?;
    /// assert_eq!(request, ReadRequest::Slice { offset: 120, limit: Some(40), unit: Unit::Lines });
    ///
    /// let args = serde_json::json!({"limit": -5});
    /// let err = ReadRequest::from_arguments(args.as_object().unwrap()).unwrap_err();
    /// assert_eq!(err.to_string(), "limit is -5; use a whole number from 1");
    /// # Ok::<(), output_guard::Error>(())
    /// ```
    pub fn from_arguments(args: &Map<String, Value>) -> Result<Self, Error> {
        let unit = match args.get("unit") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s == "lines" => Some(Unit::Lines),
            Some(Value::String(s)) if s == "chars" => Some(Unit::Chars),
            Some(other) => return Err(invalid("unit", other, "use \"lines\" or \"chars\"")),
        };
        let limit = whole_number(args, "limit", 1)?;
        let pattern = match args.get("pattern") {
            None | Some(Value::Null) => None,
            Some(Value::String(p)) if !p.is_empty() => Some(p.clone()),
            Some(other) => {
                return Err(invalid(
                    "pattern",
                    other,
                    "use a non-empty regular expression, such as \"price|total\"",
                ));
            }
        };
        let Some(pattern) = pattern else {
            for only in ["context", "ignoreCase"] {
                if args.get(only).is_some_and(|v| !v.is_null()) {
                    return Err(Error::InvalidRead {
                        parameter: only,
                        reason: "applies to a search only; give a pattern too".to_owned(),
                    });
                }
            }
            let unit = unit.unwrap_or_default();
            let least = if unit == Unit::Lines { 1 } else { 0 };
            let offset = whole_number(args, "offset", least)?;
            if offset.is_none() && limit.is_none() && args.get("unit").is_none() {
                return Ok(Self::Whole);
            }
            return Ok(Self::Slice {
                offset: offset.unwrap_or(least),
                limit,
                unit,
            });
        };
        let unit = unit.unwrap_or_default();
        let least = if unit == Unit::Lines { 1 } else { 0 };
        let context = whole_number(args, "context", 0)?.unwrap_or(2);
        if context > MAX_CONTEXT_LINES {
            return Err(Error::InvalidRead {
                parameter: "context",
                reason: format!(
                    "is {context}; use a number of lines from 0 to {MAX_CONTEXT_LINES}"
                ),
            });
        }
        let ignore_case = match args.get("ignoreCase") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => return Err(invalid("ignoreCase", other, "use true or false")),
        };
        Ok(Self::Search {
            pattern,
            context,
            ignore_case,
            offset: whole_number(args, "offset", least)?.unwrap_or(least),
            unit,
            limit,
        })
    }
}

/// The JSON Schema properties of a read, as [`ReadRequest::from_arguments`] takes them, for a
/// tool's `inputSchema` (the caller adds its token property).
#[must_use]
pub fn read_properties() -> Map<String, Value> {
    let value = json!({
        "offset": {"type": "integer", "minimum": 0, "description": "Where to start. With unit lines (the default) the first line to return, from 1, as a search numbers lines; with unit chars the chars to skip, from 0. With pattern: the line (or with unit chars the char) the search starts at. A reading says which offset comes next."},
        "limit": {"type": "integer", "minimum": 1, "description": "How many lines (or chars, or with pattern matching lines) at most. Default: as many as fit the result limit."},
        "unit": {"type": "string", "enum": ["lines", "chars"], "description": "What offset counts, and limit without pattern. Default lines."},
        "pattern": {"type": "string", "minLength": 1, "maxLength": MAX_PATTERN_CHARS, "description": "A regular expression (Rust regex syntax, no look-around): returns the matching lines with their line numbers and context, as grep -n does; a long line shows each match in a window of its own."},
        "context": {"type": "integer", "minimum": 0, "maximum": MAX_CONTEXT_LINES, "description": "With pattern: lines shown before and after each match. Default 2."},
        "ignoreCase": {"type": "boolean", "description": "With pattern: ignore letter case. Default false."}
    });
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Reads `request`'s part of `text` within `limits`.
///
/// # Errors
///
/// [`Error::InvalidRead`] for an offset past the end (the message says the output's size)
/// or a pattern that does not compile or compiles too large.
///
/// # Example
///
/// ```
/// use output_guard::{ReadLimits, ReadRequest, Unit, read};
///
/// let text: String = (1..=1000).map(|i| format!("row {i}\n")).collect();
/// let limits = ReadLimits { max_tokens: 200, ..ReadLimits::default() };
/// let part = read(&text, &ReadRequest::Slice { offset: 10, limit: Some(3), unit: Unit::Lines }, &limits)?;
/// assert_eq!(part.body, "row 10\nrow 11\nrow 12\n");
/// assert!(part.header.contains("next: offset 13"));
///
/// let found = read(&text, &ReadRequest::Search {
///     pattern: "^row 99[0-9]$".to_owned(), context: 0, ignore_case: false,
///     offset: 1, unit: Unit::Lines, limit: None,
/// }, &limits)?;
/// assert!(found.body.starts_with("990:row 990\n"));
/// # Ok::<(), output_guard::Error>(())
/// ```
pub fn read(text: &str, request: &ReadRequest, limits: &ReadLimits) -> Result<Reading, Error> {
    match request {
        ReadRequest::Whole => Ok(whole(text, limits)),
        ReadRequest::Slice {
            offset,
            limit,
            unit: Unit::Lines,
        } => lines(text, *offset, *limit, limits),
        ReadRequest::Slice {
            offset,
            limit,
            unit: Unit::Chars,
        } => chars(text, *offset, *limit, limits),
        ReadRequest::Search {
            pattern,
            context,
            ignore_case,
            offset,
            unit,
            limit,
        } => search::search(
            text,
            &search::Query {
                pattern,
                context: (*context).min(MAX_CONTEXT_LINES),
                ignore_case: *ignore_case,
                offset: *offset,
                unit: *unit,
                limit: *limit,
            },
            limits,
        ),
    }
}

/// Tokens kept for the header line of a reading.
const HEADER_TOKENS: usize = 120;

fn whole(text: &str, limits: &ReadLimits) -> Reading {
    if (limits.measure)(text) + HEADER_TOKENS <= limits.max_tokens {
        let lines = line_count(text);
        return Reading {
            header: format!(
                "# the whole output: {} chars, {lines} lines",
                crate::count::char_len(text)
            ),
            body: text.to_owned(),
        };
    }
    // Never fails: line 1 exists in any text.
    lines(text, 1, None, limits).unwrap_or_else(|e| Reading {
        header: format!("# {e}"),
        body: String::new(),
    })
}

/// Lines `offset..` of `text`, as many as `limit` and the budget allow; a first line too long
/// for the budget comes as its first chars.
fn lines(
    text: &str,
    offset: usize,
    limit: Option<usize>,
    limits: &ReadLimits,
) -> Result<Reading, Error> {
    let total = line_count(text);
    let offset = offset.max(1);
    check_line(offset, total)?;
    let start = line_start(text, offset);
    let budget = limits.max_tokens.saturating_sub(HEADER_TOKENS);
    let mut end = start;
    let mut used = 0;
    let mut shown = 0;
    for line in text[start..].split_inclusive('\n') {
        if limit.is_some_and(|l| shown >= l) {
            break;
        }
        let cost = (limits.measure)(line);
        if used + cost > budget {
            break;
        }
        used += cost;
        end += line.len();
        shown += 1;
    }
    if shown == 0 && start < text.len() {
        // One line longer than the budget: its first chars, and where the rest is.
        let skip = crate::count::char_len(&text[..start]);
        let mut reading = chars(text, skip, None, limits)?;
        let line_chars = text[start..]
            .split_inclusive('\n')
            .next()
            .map_or(0, crate::count::char_len);
        reading.header = format!(
            "{}; line {offset} alone is {line_chars} chars, over the limit, so this is its start",
            reading.header
        );
        return Ok(reading);
    }
    let last = offset + shown - 1;
    let mut header = format!(
        "# lines {offset}-{last} of {total} ({} chars in all)",
        crate::count::char_len(text)
    );
    header.push_str(&if end < text.len() {
        format!("; next: offset {}", last + 1)
    } else {
        "; the end of the output".to_owned()
    });
    Ok(Reading {
        header,
        body: text[start..end].to_owned(),
    })
}

/// Chars `offset..` of `text`, as many as `limit` and the budget allow.
fn chars(
    text: &str,
    offset: usize,
    limit: Option<usize>,
    limits: &ReadLimits,
) -> Result<Reading, Error> {
    let total = crate::count::char_len(text);
    check_char(offset, total)?;
    let start = byte_of_char(text, 0, offset);
    let mut end = match limit {
        Some(n) => byte_of_char(text, start, n),
        None => text.len(),
    };
    let budget = limits.max_tokens.saturating_sub(HEADER_TOKENS);
    if (limits.measure)(&text[start..end]) > budget {
        end = fit_end(text, start, end, budget, limits.measure);
    }
    let shown = crate::count::char_len(&text[start..end]);
    let mut header = format!(
        "# chars {offset}-{} of {total}",
        (offset + shown).saturating_sub(1)
    );
    header.push_str(&if end < text.len() {
        format!("; next: offset {}, unit chars", offset + shown)
    } else {
        "; the end of the output".to_owned()
    });
    Ok(Reading {
        header,
        body: text[start..end].to_owned(),
    })
}

/// The largest end in `start..=end`, on a char boundary, whose part fits `budget`; binary
/// search, since the measure grows with the part.
fn fit_end(
    text: &str,
    start: usize,
    end: usize,
    budget: usize,
    measure: fn(&str) -> usize,
) -> usize {
    let (mut lo, mut hi) = (start, end);
    while lo < hi {
        let mut mid = lo + (hi - lo).div_ceil(2);
        while !text.is_char_boundary(mid) {
            mid -= 1;
        }
        if mid <= lo {
            break;
        }
        if measure(&text[start..mid]) <= budget {
            lo = mid;
        } else {
            hi = mid - 1;
            while !text.is_char_boundary(hi) {
                hi -= 1;
            }
        }
    }
    lo
}

/// Refuses a char offset past the last of `total` chars (0 is an empty output's start).
fn check_char(offset: usize, total: usize) -> Result<(), Error> {
    if offset < total || offset == 0 {
        return Ok(());
    }
    Err(Error::InvalidRead {
        parameter: "offset",
        reason: format!(
            "is {offset}, past the end: the output has {total} chars; use an offset from 0 to {}",
            total.saturating_sub(1)
        ),
    })
}

/// Refuses a line offset past the last of `total` lines.
pub(crate) fn check_line(offset: usize, total: usize) -> Result<(), Error> {
    if offset <= total.max(1) {
        return Ok(());
    }
    Err(Error::InvalidRead {
        parameter: "offset",
        reason: format!(
            "is {offset}, past the end: the output has {total} lines; use an offset from 1 to {}",
            total.max(1)
        ),
    })
}

/// Lines of `text`: its newlines, plus one for a last line without a newline.
pub(crate) fn line_count(text: &str) -> usize {
    let newlines = memchr::memchr_iter(b'\n', text.as_bytes()).count();
    newlines + usize::from(!text.is_empty() && !text.ends_with('\n'))
}

/// The byte where line `n` (from 1) starts; the text's end past its last line.
fn line_start(text: &str, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    memchr::memchr_iter(b'\n', text.as_bytes())
        .nth(n - 2)
        .map_or(text.len(), |i| i + 1)
}

/// The byte `chars` chars after byte `from`, or the text's end.
fn byte_of_char(text: &str, from: usize, chars: usize) -> usize {
    text[from..]
        .char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| from + i)
}

fn whole_number(
    args: &Map<String, Value>,
    name: &'static str,
    least: usize,
) -> Result<Option<usize>, Error> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => value
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n >= least)
            .map(Some)
            .ok_or_else(|| invalid(name, value, &format!("use a whole number from {least}"))),
    }
}

fn invalid(parameter: &'static str, value: &Value, accepted: &str) -> Error {
    let mut shown = value.to_string();
    if shown.len() > 60 {
        let cut = (0..=60)
            .rev()
            .find(|&i| shown.is_char_boundary(i))
            .unwrap_or(0);
        shown.truncate(cut);
        shown.push('…');
    }
    Error::InvalidRead {
        parameter,
        reason: format!("is {shown}; {accepted}"),
    }
}

#[cfg(test)]
mod tests;
