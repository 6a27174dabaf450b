//! Quoting on output, byte for byte as Playwright's renderer does it.
//!
//! Playwright decides with JavaScript regular expressions, so "whitespace" here is JavaScript's
//! `\s` (which includes NBSP and U+FEFF) and "a number" is whatever `Number(s)` accepts; getting
//! either wrong changes the quoting of real names and breaks `render(parse(s)) == s`.

use std::fmt::Write as _;

use crate::normalize::is_js_space;
use crate::syntax::shared::{short_escape, write_json_string};
use crate::tree::NameForm;

fn is_quote_control(c: char) -> bool {
    matches!(c, '\u{00}'..='\u{08}' | '\u{0b}' | '\u{0c}' | '\u{0e}'..='\u{1f}' | '\u{7f}'..='\u{9f}')
}

/// Whether Playwright's `yamlStringNeedsQuotes` is true for `s`.
pub(crate) fn needs_quotes(s: &str) -> bool {
    let Some(first) = s.chars().next() else {
        return true;
    };
    let last = s.chars().next_back().unwrap_or(first);
    if is_js_space(first) || is_js_space(last) {
        return true;
    }
    if matches!(
        first,
        '-' | '&' | '*' | ']' | ',' | '?' | '!' | '>' | '|' | '@' | '"' | '\''
    ) || matches!(first, '#' | '%' | '[')
    {
        return true;
    }
    let mut prev: Option<char> = None;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if is_quote_control(c) || matches!(c, '\n' | '\r' | '{' | '}' | '`') {
            return true;
        }
        if c == ':' && chars.peek().is_none_or(|&n| is_js_space(n)) {
            return true;
        }
        if c == '#' && prev.is_some_and(is_js_space) {
            return true;
        }
        prev = Some(c);
    }
    s == "~" || is_inf_or_nan(s) || is_js_number(s) || is_yaml_word(s)
}

fn is_yaml_word(s: &str) -> bool {
    ["y", "n", "yes", "no", "true", "false", "on", "off", "null"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(s))
}

/// `/^[-+]?\.(inf|nan)$/i`.
fn is_inf_or_nan(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    s.strip_prefix('.')
        .is_some_and(|r| r.eq_ignore_ascii_case("inf") || r.eq_ignore_ascii_case("nan"))
}

/// Whether JavaScript's `Number(s)` is not `NaN`, for `s` without surrounding whitespace.
fn is_js_number(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() > 2 && b[0] == b'0' {
        let digits = &b[2..];
        let ok = match b[1] {
            b'x' | b'X' => digits.iter().all(u8::is_ascii_hexdigit),
            b'o' | b'O' => digits.iter().all(|d| (b'0'..=b'7').contains(d)),
            b'b' | b'B' => digits.iter().all(|d| matches!(d, b'0' | b'1')),
            _ => false,
        };
        if ok {
            return true;
        }
    }
    let b = b
        .strip_prefix(b"+")
        .or_else(|| b.strip_prefix(b"-"))
        .unwrap_or(b);
    if b == b"Infinity" {
        return true;
    }
    let int = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let mut rest = &b[int..];
    let mut frac = 0;
    if let Some(r) = rest.strip_prefix(b".") {
        frac = r.iter().take_while(|c| c.is_ascii_digit()).count();
        rest = &r[frac..];
    }
    if int + frac == 0 {
        return false;
    }
    if let Some(r) = rest.strip_prefix(b"e").or_else(|| rest.strip_prefix(b"E")) {
        let r = r
            .strip_prefix(b"+")
            .or_else(|| r.strip_prefix(b"-"))
            .unwrap_or(r);
        return !r.is_empty() && r.iter().all(u8::is_ascii_digit);
    }
    rest.is_empty()
}

/// Writes a key, single-quoted with `''` when Playwright would quote it.
pub(crate) fn write_key(out: &mut String, key: &str) {
    if needs_quotes(key) {
        out.push('\'');
        for (i, part) in key.split('\'').enumerate() {
            if i > 0 {
                out.push_str("''");
            }
            out.push_str(part);
        }
        out.push('\'');
    } else {
        out.push_str(key);
    }
}

/// Writes a value, double-quoted with escapes when Playwright would quote it.
pub(crate) fn write_value(out: &mut String, value: &str) {
    if !needs_quotes(value) {
        out.push_str(value);
        return;
    }
    out.push('"');
    for c in value.chars() {
        match (short_escape(c), c) {
            (Some(e), _) => out.push_str(e),
            (None, '\u{00}'..='\u{1f}' | '\u{7f}'..='\u{9f}') => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            (None, _) => out.push(c),
        }
    }
    out.push('"');
}

/// Writes a name as `JSON.stringify` does, or between its own slashes when it was written that
/// way and still can be (it starts and ends with `/`).
pub(crate) fn write_name(out: &mut String, name: &str, form: NameForm) {
    if form == NameForm::Slashes && !name.is_empty() && name.starts_with('/') && name.ends_with('/')
    {
        out.push_str(name);
        return;
    }
    write_json_string(out, name);
}

#[cfg(test)]
mod tests;
