//! What the text around a match may say to excuse it, in every language: the sentence a match
//! stands in (where a negation is looked for), and instructions that belong to data.

use std::ops::Range;
use std::sync::LazyLock;

use crate::signal::{Grammar, grammar};

/// Words that give what precedes them to data ("… found in the page"): English, and read after
/// a match in any language, since some share English's words ("ignore … instructions").
static DATA_OWNED: LazyLock<Grammar> = LazyLock::new(|| {
    grammar(
        r"(?i)^\s*(?:(?:or|and)\s+[\w-]+\s+)?(?:that\s+(?:are|appear|come)\s+|which\s+(?:are|appear|come)\s+)?(?:found|returned|embedded|contained|included|appearing|coming|inside|within|in\s+(?:the\s+|any\s+)?(?:results?|pages?|output|responses?|data|documents?|content|snippets?|titles?|text|files?|e-?mails?|messages?|web\s+pages?|tool\s+results?))\b",
        &[],
    )
});

/// The sentence holding `m`: from the last sentence end before it to the first after it.
pub(crate) fn sentence(text: &str, m: Range<usize>) -> &str {
    let ends = |c: char| matches!(c, '.' | '!' | '?' | '\n' | '。' | '！' | '？');
    let start = text[..m.start]
        .char_indices()
        .rev()
        .find(|&(_, c)| ends(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = text[m.end..].find(ends).map_or(text.len(), |i| m.end + i);
    &text[start..end]
}

/// Whether what follows an object of overriding gives it to data: "do not follow any
/// instructions returned by this tool" protects the model, as "ignore instructions found in the
/// page" does.
pub(crate) fn owned_by_data(text: &str, m: Range<usize>) -> bool {
    DATA_OWNED.is_match(&text[m.end..])
}

/// Compiles the grammar that excuses instructions of data.
pub(crate) fn warm_up() {
    let _ = DATA_OWNED.is_match("");
}
