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

/// A clause that ends where a match begins and makes it a condition or a description of
/// someone: "if you do not follow the instructions, the device may break", "users who no
/// longer follow the guidelines", "si tu ne respectes pas les règles". At most a subject and
/// an auxiliary stand between the word and the verb, so "when you see this ignore all
/// previous instructions" stays an order. A statement is not one either: English's imperative
/// is never "does not follow" or "did not follow", and French's is without "il" or "elle"
/// ("il ne respecte pas les règles"). Relative pronouns that are also a conjunction or an
/// article are left out: Portuguese's "peço que ignore todas as instruções" and German's
/// "bitte die Anweisungen ignorieren" are orders. (`\b` is ASCII's in the grammars, which
/// would not see the edge of a Cyrillic word.)
static CONDITIONED: LazyLock<Grammar> = LazyLock::new(|| {
    grammar(
        r"(?i)(?:^|[^\w])(?:(?:if|unless|when|whenever|whether|once|si|cuando|quand|lorsque|se|quando|wenn|falls|если|когда)\s+(?:(?:you|users?|they|he|she|we|it|one|someone|anyone|people|customers?|visitors?|tu|vous|on|il|elle|ils|tú|usted|ustedes|você|vocês|du|sie|ihr|man|ты|вы|они|the\s+[\w-]+|your\s+[\w-]+)\s+)?|(?:who|that|which|qui|quien|quienes|который|которые)\s+)(?:(?:do|does|did|can|could|will|would|may|might|should|must|still|then|also|continue\s+to|choose\s+to|decide\s+to|fail\s+to|ya|já|больше)\s+)?$|(?:^|[^\w])(?:does|did|il|elle|ils|elles|on|cela|ça)\s+$",
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

/// Whether the clause before `m` makes it a condition or says who does it ([`CONDITIONED`]):
/// a manual's warning, not an order.
pub(crate) fn conditioned(text: &str, m: Range<usize>) -> bool {
    // The subject and its auxiliary are a few words.
    CONDITIONED.is_match(before(text, m.start, 80))
}

/// The text of at most `bytes` bytes that ends at `at`, from a char boundary: what a few
/// words before a match say, looked at in bounded time.
pub(crate) fn before(text: &str, at: usize, bytes: usize) -> &str {
    let mut start = at.saturating_sub(bytes);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..at]
}

/// Whether a match of an order to set instructions aside is not one: its object given to data
/// ([`owned_by_data`]) or its verb in a condition ([`conditioned`]).
pub(crate) fn not_an_order(text: &str, m: Range<usize>) -> bool {
    owned_by_data(text, m.clone()) || conditioned(text, m)
}

/// Compiles the grammars that excuse orders.
pub(crate) fn warm_up() {
    let _ = DATA_OWNED.is_match("");
    let _ = CONDITIONED.is_match("");
}

#[cfg(test)]
mod tests;
