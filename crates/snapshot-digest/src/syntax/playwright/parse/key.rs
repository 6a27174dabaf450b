//! The grammar of a node key: `role "name" [attr] [attr=value]…`.
//!
//! This is a superset of Playwright's `KeyParser`: attribute names may contain `-`
//! (`aria-hidden`), any attribute may carry a value that runs to the next `]` (commas included,
//! as in `box=15,25,60,30`), unknown attributes are kept, and a name between slashes is literal
//! text rather than a regular expression (Playwright MCP writes a link named `/` as `- link /`).

use std::borrow::Cow;

use crate::error::ErrorKind;
use crate::syntax::scalar;
use crate::tree::{Attribute, NameForm};

/// The parts of a key; strings borrow from the key text.
#[derive(Debug)]
pub(crate) struct Key<'k> {
    pub(crate) role: &'k str,
    pub(crate) name: Option<Cow<'k, str>>,
    pub(crate) name_form: NameForm,
    pub(crate) attrs: Vec<Attribute<'k>>,
}

/// A key failure at a byte offset into the key text.
pub(crate) type KeyError = (usize, ErrorKind);

fn syntax(at: usize, expected: &'static str) -> KeyError {
    (at, ErrorKind::Syntax { expected })
}

/// Whether `c` may be part of a role or an attribute name: an ASCII letter or digit, `-`, `_`.
fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
}

/// The role at the start of `s` (letters, digits, `-` and `_`) and what follows it, or
/// `None` when `s` does not start with one.
fn role(s: &str) -> Option<(&str, &str)> {
    let end = s.bytes().position(|c| !is_name_byte(c)).unwrap_or(s.len());
    (end > 0).then(|| (&s[end..], &s[..end]))
}

/// `[name]` or `[name=value]`, tolerating spaces inside the brackets as Playwright's template
/// parser does (`[level =  -3 ]`). Read byte by byte rather than with combinators: every node
/// of a page has one or two (`[ref=e12]`), and this was a tenth of a large page's parse.
fn attribute(s: &str) -> Result<(&str, (&str, Option<&str>)), ()> {
    let b = s.as_bytes();
    if b.first() != Some(&b'[') {
        return Err(());
    }
    let skip_spaces = |mut i: usize| {
        while b.get(i) == Some(&b' ') {
            i += 1;
        }
        i
    };
    let name_at = skip_spaces(1);
    let mut name_end = name_at;
    while b.get(name_end).is_some_and(|&c| is_name_byte(c)) {
        name_end += 1;
    }
    if name_end == name_at {
        return Err(());
    }
    let after = skip_spaces(name_end);
    // Every byte compared is ASCII, so each index below is a char boundary.
    let (value, close) = match b.get(after) {
        Some(b'=') => {
            // Values are short (`e12`, `pointer`): a plain scan beats a `memchr` call.
            let close = after + 1 + b[after + 1..].iter().position(|&c| c == b']').ok_or(())?;
            let mut start = after + 1;
            let mut end = close;
            while start < end && b[start] == b' ' {
                start += 1;
            }
            while end > start && b[end - 1] == b' ' {
                end -= 1;
            }
            (Some(&s[start..end]), close)
        }
        Some(b']') => (None, after),
        _ => return Err(()),
    };
    Ok((&s[close + 1..], (&s[name_at..name_end], value)))
}

/// Parses a whole key.
pub(crate) fn parse_key(key: &str) -> Result<Key<'_>, KeyError> {
    let offset = |rest: &str| key.len() - rest.len();
    let (mut rest, role) = role(key).ok_or_else(|| syntax(0, "a role such as `button`"))?;
    if role.as_bytes()[0].is_ascii_digit() || role.starts_with('-') {
        return Err(syntax(0, "a role starting with a letter"));
    }
    let mut name = None;
    let mut name_form = NameForm::Quoted;
    if let Some(after) = rest.strip_prefix(' ') {
        let after = after.trim_start_matches(' ');
        match after.as_bytes().first() {
            Some(b'"') => {
                let (text, used) =
                    scalar::json_string(after).map_err(|(at, k)| (offset(after) + at, k))?;
                name = Some(text);
                rest = &after[used..];
            }
            Some(b'/') => {
                let end = slash_name_end(after).ok_or_else(|| {
                    syntax(
                        offset(after),
                        "a name ending with `/` followed by attributes",
                    )
                })?;
                name = Some(Cow::Borrowed(&after[..end]));
                name_form = NameForm::Slashes;
                rest = &after[end..];
            }
            // No name: leave the space for the attribute loop, which expects one.
            Some(b'[') | None => {}
            Some(_) => {
                return Err(syntax(
                    offset(after),
                    "a quoted name, a /…/ name or an attribute",
                ));
            }
        }
    }
    let mut attrs = Vec::new();
    while !rest.is_empty() {
        let r = rest.trim_start_matches(' ');
        if r.len() == rest.len() {
            return Err(syntax(offset(rest), "a space before the next attribute"));
        }
        if r.is_empty() {
            return Err(syntax(offset(r), "an attribute after the space"));
        }
        let (r, (attr, value)) = attribute(r).map_err(|_| attr_error(key, r))?;
        attrs.push(Attribute {
            name: Cow::Borrowed(attr),
            value: value.map(Cow::Borrowed),
        });
        rest = r;
    }
    Ok(Key {
        role,
        name,
        name_form,
        attrs,
    })
}

fn attr_error(key: &str, at: &str) -> KeyError {
    let base = key.len() - at.len();
    let Some(inner) = at.strip_prefix('[') else {
        return syntax(base, "`[` to open an attribute");
    };
    let name_len = inner.trim_start_matches(' ').len();
    let skipped = inner.len() - name_len;
    let inner = inner.trim_start_matches(' ');
    let ident = inner.bytes().take_while(|&c| is_name_byte(c)).count();
    if ident == 0 {
        return syntax(base + 1 + skipped, "an attribute name");
    }
    if !inner.contains(']') {
        return syntax(key.len(), "`]` to close the attribute");
    }
    syntax(
        base + 1 + skipped + ident,
        "`=`, or `]` to close the attribute",
    )
}

/// The end (exclusive) of a `/…/` name at the start of `s`: the first `/` after which only a
/// valid attribute list follows. Linear: positions are checked right to left with memoized
/// results, so a line full of slashes and brackets cannot make this quadratic.
fn slash_name_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    // valid[i]: an attribute list (possibly empty) starting at i runs to the end of s.
    let mut valid = vec![false; b.len() + 1];
    valid[b.len()] = true;
    let mut next_close = b.len();
    let mut close_at = vec![b.len(); b.len() + 1];
    for i in (0..b.len()).rev() {
        if b[i] == b']' {
            next_close = i;
        }
        close_at[i] = next_close;
    }
    for i in (0..b.len()).rev() {
        if b[i] != b' ' {
            continue;
        }
        let j = i + b[i..].iter().take_while(|&&c| c == b' ').count();
        if b.get(j) != Some(&b'[') {
            continue;
        }
        let close = close_at[j];
        if close < b.len() && attribute(&s[j..=close]).is_ok_and(|(r, _)| r.is_empty()) {
            valid[i] = valid[close + 1];
        }
    }
    b.iter()
        .enumerate()
        .find(|&(i, &c)| c == b'/' && valid[i + 1])
        .map(|(i, _)| i + 1)
}

#[cfg(test)]
mod tests;
