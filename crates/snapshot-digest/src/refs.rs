//! Element references (`e12`, `f1e2`, `s1e2`): parsed when they follow Playwright's forms, kept
//! raw otherwise.

use std::fmt;

/// What comes before the `e<N>` of a ref.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefPrefix {
    /// No prefix: `e12`, an element of the main frame's first document.
    None,
    /// `f<N>`: a child frame, or (since Playwright's cross-document navigation change) a new
    /// main-frame document. A new prefix means old refs no longer resolve.
    Frame(u32),
    /// `s<N>`: the snapshot-numbered refs Playwright MCP used in spring 2025.
    Snapshot(u32),
}

/// A `[ref=…]` value.
///
/// The raw text is always kept, so a ref is written back byte for byte; [`Ref::prefix`] and
/// [`Ref::index`] are available when the text has one of Playwright's forms
/// (`(f<N>|s<N>)?e<N>`, digits without leading zeros, values that fit in `u32`).
///
/// # Example
///
/// ```
/// use snapshot_digest::{Ref, RefPrefix};
///
/// let r = Ref::new("f1e2");
/// assert_eq!(r.prefix(), Some(RefPrefix::Frame(1)));
/// assert_eq!(r.index(), Some(2));
/// assert_eq!(Ref::new("node-7").index(), None);
/// assert_eq!(Ref::new("node-7").as_str(), "node-7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ref<'a> {
    raw: &'a str,
    parsed: Option<(RefPrefix, u32)>,
}

impl<'a> Ref<'a> {
    /// Reads a ref; text that is not one of Playwright's forms is kept as raw text.
    #[must_use]
    pub fn new(raw: &'a str) -> Self {
        Self {
            raw,
            parsed: parse_ref(raw),
        }
    }

    /// The ref exactly as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.raw
    }

    /// The prefix, when the ref has one of Playwright's forms.
    #[must_use]
    pub fn prefix(&self) -> Option<RefPrefix> {
        self.parsed.map(|(p, _)| p)
    }

    /// The element number after `e`, when the ref has one of Playwright's forms.
    #[must_use]
    pub fn index(&self) -> Option<u32> {
        self.parsed.map(|(_, n)| n)
    }
}

impl fmt::Display for Ref<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.raw)
    }
}

fn parse_ref(raw: &str) -> Option<(RefPrefix, u32)> {
    let (prefix, rest) = match raw.as_bytes().first()? {
        b'e' => (RefPrefix::None, raw),
        b'f' | b's' => {
            let (n, rest) = number(&raw[1..])?;
            let prefix = if raw.starts_with('f') {
                RefPrefix::Frame(n)
            } else {
                RefPrefix::Snapshot(n)
            };
            (prefix, rest)
        }
        _ => return None,
    };
    let (n, rest) = number(rest.strip_prefix('e')?)?;
    rest.is_empty().then_some((prefix, n))
}

/// A decimal number without leading zeros that fits in `u32`, and the text after it.
fn number(s: &str) -> Option<(u32, &str)> {
    let len = s.bytes().take_while(u8::is_ascii_digit).count();
    let digits = &s[..len];
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    Some((digits.parse().ok()?, &s[len..]))
}
