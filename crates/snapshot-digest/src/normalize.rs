//! Whitespace normalization as Playwright applies it to names and text before matching.

use std::borrow::Cow;

/// Normalizes whitespace like Playwright's `normalizeWhiteSpace`: deletes U+200B (zero-width
/// space) and U+00AD (soft hyphen), collapses runs of JavaScript whitespace (NBSP included) to
/// one space, and trims both ends. Borrows when the text is already normal.
///
/// # Example
///
/// ```
/// use snapshot_digest::normalize_whitespace;
///
/// assert_eq!(normalize_whitespace("  Sign\u{a0}\u{a0}in\n"), "Sign in");
/// assert_eq!(normalize_whitespace("hello\u{ad}world\u{200b}"), "helloworld");
/// assert!(matches!(normalize_whitespace("already fine"), std::borrow::Cow::Borrowed(_)));
/// ```
#[must_use]
pub fn normalize_whitespace(text: &str) -> Cow<'_, str> {
    if is_normal(text) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        if matches!(c, '\u{200b}' | '\u{ad}') {
            continue;
        }
        if is_js_space(c) {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(c);
    }
    Cow::Owned(out)
}

fn is_normal(text: &str) -> bool {
    let mut prev_space = true;
    for c in text.chars() {
        if matches!(c, '\u{200b}' | '\u{ad}') {
            return false;
        }
        let space = is_js_space(c);
        if space && (prev_space || c != ' ') {
            return false;
        }
        prev_space = space;
    }
    !prev_space || text.is_empty()
}

/// JavaScript's `\s`: WhiteSpace and LineTerminator code points. Playwright's quoting
/// (`syntax/playwright/quote.rs`) decides by the same set, so it lives in this leaf that both use.
pub(crate) fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}
