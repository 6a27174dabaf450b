//! Decoding quoted strings: YAML double- and single-quoted scalars, and JSON names.
//!
//! Each decoder takes the text starting at the opening quote and returns the decoded string
//! (borrowed when there was nothing to unescape) and the number of bytes consumed, closing
//! quote included. Errors carry the byte offset where they were found.

use std::borrow::Cow;

use crate::error::ErrorKind;

/// A decoding failure at a byte offset from the opening quote.
pub(crate) type ScalarError = (usize, ErrorKind);

/// Decodes a YAML double-quoted scalar (`"…"` with YAML's escapes, `\xNN` among them).
pub(crate) fn double_quoted(s: &str) -> Result<(Cow<'_, str>, usize), ScalarError> {
    decode_escaped(s, Dialect::Yaml)
}

/// Decodes a JSON string as written by `JSON.stringify`: `\uXXXX` with surrogate pairs.
///
/// A lone surrogate, which JavaScript strings can hold and Rust strings cannot, decodes to
/// U+FFFD.
pub(crate) fn json_string(s: &str) -> Result<(Cow<'_, str>, usize), ScalarError> {
    decode_escaped(s, Dialect::Json)
}

/// Decodes a YAML single-quoted scalar, where `''` stands for `'`.
pub(crate) fn single_quoted(s: &str) -> Result<(Cow<'_, str>, usize), ScalarError> {
    let body = &s[1..];
    let mut owned: Option<String> = None;
    let mut start = 0;
    let mut i = 0;
    let bytes = body.as_bytes();
    while let Some(pos) = memchr::memchr(b'\'', &bytes[i..]) {
        let q = i + pos;
        if bytes.get(q + 1) == Some(&b'\'') {
            let buf = owned.get_or_insert_with(String::new);
            buf.push_str(&body[start..=q]);
            i = q + 2;
            start = i;
            continue;
        }
        let text = match owned {
            Some(mut buf) => {
                buf.push_str(&body[start..q]);
                Cow::Owned(buf)
            }
            None => Cow::Borrowed(&body[..q]),
        };
        return Ok((text, q + 2));
    }
    Err((0, ErrorKind::UnterminatedString))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Yaml,
    Json,
}

fn decode_escaped(s: &str, dialect: Dialect) -> Result<(Cow<'_, str>, usize), ScalarError> {
    let body = &s[1..];
    let bytes = body.as_bytes();
    let mut owned: Option<String> = None;
    let mut start = 0;
    let mut i = 0;
    loop {
        let Some(pos) = memchr::memchr2(b'"', b'\\', &bytes[i..]) else {
            return Err((0, ErrorKind::UnterminatedString));
        };
        let at = i + pos;
        if bytes[at] == b'"' {
            let text = match owned {
                Some(mut buf) => {
                    buf.push_str(&body[start..at]);
                    Cow::Owned(buf)
                }
                None => Cow::Borrowed(&body[..at]),
            };
            return Ok((text, at + 2));
        }
        let buf = owned.get_or_insert_with(|| String::with_capacity(body.len()));
        buf.push_str(&body[start..at]);
        let (c, len) = escape(&body[at + 1..], dialect).ok_or((at + 1, ErrorKind::BadEscape))?;
        buf.push(c);
        i = at + 1 + len;
        start = i;
    }
}

/// Decodes the escape after a backslash: the char and the bytes it used.
fn escape(s: &str, dialect: Dialect) -> Option<(char, usize)> {
    let c = s.chars().next()?;
    let simple = match c {
        '"' => '"',
        '\\' => '\\',
        '/' => '/',
        'b' => '\u{08}',
        'f' => '\u{0c}',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'u' => return unicode_escape(s),
        _ if dialect == Dialect::Json => return None,
        '0' => '\0',
        'a' => '\u{07}',
        'v' => '\u{0b}',
        'e' => '\u{1b}',
        ' ' => ' ',
        '\t' => '\t',
        'N' => '\u{85}',
        '_' => '\u{a0}',
        'L' => '\u{2028}',
        'P' => '\u{2029}',
        'x' => return hex(&s[1..], 2).and_then(char::from_u32).map(|c| (c, 3)),
        'U' => return hex(&s[1..], 8).and_then(char::from_u32).map(|c| (c, 9)),
        _ => return None,
    };
    Some((simple, c.len_utf8()))
}

/// `\uXXXX`, with a following `\uXXXX` low surrogate when the first is a high surrogate.
fn unicode_escape(s: &str) -> Option<(char, usize)> {
    let first = hex(&s[1..], 4)?;
    if !(0xD800..0xE000).contains(&first) {
        return char::from_u32(first).map(|c| (c, 5));
    }
    if (0xD800..0xDC00).contains(&first)
        && let Some(low) = s
            .get(5..)
            .and_then(|r| r.strip_prefix("\\u"))
            .and_then(|r| hex(r, 4))
        && (0xDC00..0xE000).contains(&low)
    {
        let c = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00);
        return char::from_u32(c).map(|c| (c, 11));
    }
    // A lone surrogate is valid in a JSON string produced by JavaScript but has no Rust char.
    Some(('\u{fffd}', 5))
}

fn hex(s: &str, len: usize) -> Option<u32> {
    let digits = s.get(..len)?;
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(digits, 16).ok()
}
