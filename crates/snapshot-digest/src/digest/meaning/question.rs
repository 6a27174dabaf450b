//! Questions: telling a question from an action, and the kind of value that answers it.
//!
//! "How long does it take", "いくらで買える？", "Wie lange brauche ich…" are answered by a
//! value in text beside a label: a duration, a price, a count, a date. Interrogatives are a
//! closed class in every language, so a short table per language covers them; values are
//! known by their form (digits with a currency sign or a unit), which is the same on pages of
//! any topic. The asked value becomes one more concept of the goal (`goal.rs`), so a value
//! near the goal's words outranks both a bare number and a label without its value.

mod units;
mod words;

use super::text::{for_each_word, is_cjk};
use units::is_unit_of;
use words::{
    ASKING, AUXILIARIES, CODE_SIGNS, CUES, CURRENCY_SIGNS, CURRENCY_WORDS, INTERROGATIVES,
    LENGTH_UNITS, MASS_UNITS, MODAL_FIRST_PERSON, MODAL_SUBJECT, MONTHS, TIME_UNITS, VOLUME_UNITS,
};

/// A kind of value a question asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Value {
    Price,
    Duration,
    Temperature,
    Rating,
    Date,
    Count,
    Mass,
    /// A length or a size (of a thing or of a file).
    Length,
    Volume,
    /// A code or identifier: SKU, article number, ISBN, model number.
    Code,
    /// A person or an organisation: an author, a maker, a brand, a body.
    Person,
    /// Yes or no: a question that opens with an auxiliary ("could a 16-year-old enroll?").
    YesNo,
}

impl Value {
    /// How the kind is named in explanations.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Price => "value:price",
            Self::Duration => "value:duration",
            Self::Temperature => "value:temperature",
            Self::Rating => "value:rating",
            Self::Date => "value:date",
            Self::Count => "value:count",
            Self::Mass => "value:mass",
            Self::Length => "value:length",
            Self::Volume => "value:volume",
            Self::Code => "value:code",
            Self::Person => "value:person",
            Self::YesNo => "value:yesno",
        }
    }

    /// Whether a value of the kind is known by its form on a page of any language. A
    /// person's name or a yes has none that holds across scripts (folded text has no
    /// capitals, and "yes" is a word of one language), so those kinds only say what the
    /// question asks for and are never searched for.
    pub(crate) fn has_form(self) -> bool {
        !matches!(self, Self::Person | Self::YesNo)
    }
}

/// Whether the goal is a question: it ends with a question mark (of any script) or opens
/// with an interrogative.
pub(crate) fn is_question(goal: &str, words: &[String]) -> bool {
    let end = goal.trim_end();
    // Latin, full-width, Arabic, Ethiopic and Greek question marks; Greek writes its own as
    // a semicolon, which Unicode folds to ';'. Armenian marks the asked word itself.
    if end.ends_with(['?', '？', '؟', '፧', '\u{37e}'])
        || (end.ends_with(';') && goal.chars().any(|c| matches!(c, '\u{370}'..='\u{3ff}')))
        || goal.contains('\u{55e}')
    {
        return true;
    }
    let Some(first) = words.first() else {
        return false;
    };
    INTERROGATIVES.contains(&first.as_str())
}

/// Whether a question asks for a way to act ("where can I buy one?", "how do I get
/// permission?", "wie kann ich…"): an interrogative of place, manner or person, then within
/// four words a modal with the asker as its subject. Such a question is answered by a
/// control, not by text.
pub(crate) fn asks_a_way(words: &[String]) -> bool {
    let Some(at) = words.iter().position(|w| ASKING.contains(&w.as_str())) else {
        return false;
    };
    let rest = &words[at + 1..words.len().min(at + 5)];
    rest.iter()
        .any(|w| MODAL_FIRST_PERSON.contains(&w.as_str()))
        || rest
            .windows(2)
            .any(|p| MODAL_SUBJECT.contains(&(p[0].as_str(), p[1].as_str())))
}

/// Whether a question asks for a measure with an interrogative phrase of the cue table
/// ("how cold", "wie lange", "how many"): a modal after it ("how cold should I serve it?")
/// then asks which value to go by, not for a way to act.
pub(crate) fn asks_a_measure(words: &[String]) -> bool {
    let spaced = format!(" {} ", words.join(" "));
    CUES.iter()
        .flat_map(|(_, cues)| cues.iter())
        .any(|cue| cue.starts_with(' ') && spaced.contains(cue))
}

/// The kind of value a question asks for, from its folded words; `None` when no cue says.
/// A question that names no kind and opens with an auxiliary ("could…", "did…", "is
/// there…") asks yes or no.
pub(crate) fn asked(folded: &str, words: &[String]) -> Option<Value> {
    let spaced = format!(" {} ", words.join(" "));
    CUES.iter()
        .find(|(_, cues)| {
            cues.iter().any(|cue| {
                if cue.starts_with(' ') || !cue.is_ascii() {
                    // CJK is written without spaces, so its cues are found inside runs;
                    // another script's cue only as words ("коли" is not in "школи").
                    spaced.contains(cue) || (cue.chars().any(is_cjk) && folded.contains(cue.trim()))
                } else {
                    words.iter().any(|w| w == cue)
                }
            })
        })
        .map(|&(kind, _)| kind)
        .or_else(|| {
            words
                .first()
                .is_some_and(|w| AUXILIARIES.contains(&w.as_str()))
                .then_some(Value::YesNo)
        })
}

/// Whether `unit` is the unit word after a number: the same word, or for a unit in a
/// script without spaces, the start of the run after the number ("500グラム入り").
fn is_unit(after: &str, units: &[&str]) -> bool {
    units
        .iter()
        .any(|u| after == *u || (!u.is_ascii() && after.starts_with(u)))
}

/// Whether folded node text holds a value of `kind`.
pub(crate) fn has_value(folded: &str, kind: Value) -> bool {
    if !folded.bytes().any(|b| b.is_ascii_digit()) {
        return kind == Value::Rating && folded.contains('★');
    }
    let mut words: Vec<&str> = Vec::new();
    for_each_word(folded, |w| words.push(w));
    // A number with the word after it, and the word before it; a unit glued to the
    // number ("8min") counts as the word after.
    let numbers = || {
        words.iter().enumerate().filter_map(|(i, w)| {
            let digits = w.bytes().take_while(u8::is_ascii_digit).count();
            (digits > 0).then(|| {
                let glued = &w[digits..];
                let after = if glued.is_empty() {
                    words.get(i + 1).copied().unwrap_or("")
                } else {
                    glued
                };
                let before = i.checked_sub(1).map_or("", |j| words[j]);
                (&w[..digits], before, after)
            })
        })
    };
    // A number followed by a unit of `kind`: the hand list's, or CLDR's in any language.
    let measure = |units: &[&str]| {
        numbers().any(|(_, _, after)| is_unit(after, units) || is_unit_of(after, kind))
    };
    match kind {
        Value::Price => {
            folded.contains(CURRENCY_SIGNS)
                || numbers().any(|(_, before, after)| {
                    CURRENCY_WORDS.contains(&before) || CURRENCY_WORDS.contains(&after)
                })
        }
        Value::Duration => measure(TIME_UNITS),
        Value::Temperature => {
            folded.contains('°')
                || numbers().any(|(_, _, after)| {
                    matches!(after, "grad" | "degrees" | "degree" | "度" | "градусов")
                        || is_unit_of(after, Value::Temperature)
                })
        }
        Value::Rating => {
            folded.contains('★')
                || folded.contains("/10")
                || folded.contains("/5")
                || folded.contains(" out of ")
                || short_decimal(folded)
        }
        Value::Date => {
            numbers().any(|(n, before, after)| {
                let month = |w: &str| {
                    w.chars().count() <= 9
                        && MONTHS.iter().any(|m| w.starts_with(m))
                        && !w.bytes().any(|b| b.is_ascii_digit())
                };
                (n.len() == 4 && (n.starts_with("19") || n.starts_with("20")))
                    || month(before)
                    || month(after)
                    || matches!(after, "年" | "月" | "日" | "년" | "월" | "일")
            }) || numeric_date(folded)
        }
        Value::Count => true,
        Value::Mass => measure(MASS_UNITS),
        Value::Length => measure(LENGTH_UNITS),
        Value::Volume => measure(VOLUME_UNITS),
        Value::Code => code(folded),
        Value::Person | Value::YesNo => false,
    }
}

/// A code or identifier: a token of at least five letters and digits with two digits or
/// more, not a number with its unit glued on ("ab-1234", "sm-g991b", not "45min"); a run
/// of at least six digits; digits joined by hyphens into ten or more
/// ("978-3-16-148410-0"); or three digits or more after a sign such as `#` or `№`.
fn code(folded: &str) -> bool {
    folded
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '(' | ')' | '/'))
        .any(|token| {
            let token = token.trim_matches(|c: char| matches!(c, '.' | '"' | '\'' | '[' | ']'));
            let digits = token.bytes().filter(u8::is_ascii_digit).count();
            if digits == 0 {
                return false;
            }
            let letters = token.chars().filter(|c| c.is_alphabetic()).count();
            let mut run = 0;
            let mut longest = 0;
            for b in token.bytes() {
                run = if b.is_ascii_digit() { run + 1 } else { 0 };
                longest = longest.max(run);
            }
            let signed = token.starts_with(CODE_SIGNS) && letters == 0 && digits >= 3;
            let unit_glued = token
                .trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | ','))
                .chars()
                .all(char::is_alphabetic);
            (letters > 0 && digits >= 2 && digits + letters >= 5 && !unit_glued)
                || longest >= 6
                || (digits >= 10 && token.contains('-') && letters == 0)
                || signed
        })
}

/// A decimal of one or two digits before the point ("6.2", "8,5"), as scores are written.
fn short_decimal(folded: &str) -> bool {
    let b = folded.as_bytes();
    (1..b.len().saturating_sub(1)).any(|i| {
        matches!(b[i], b'.' | b',')
            && b[i + 1].is_ascii_digit()
            && b[i - 1].is_ascii_digit()
            && (i < 2 || !b[i - 2].is_ascii_digit() || i < 3 || !b[i - 3].is_ascii_digit())
            && b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count() <= 2
    })
}

/// Three numbers joined by the same `.`, `/` or `-` ("15.05.2020", "2019-11-05").
fn numeric_date(folded: &str) -> bool {
    let b = folded.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut groups = 1;
        let mut sep = None;
        let mut j = i;
        loop {
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            match b.get(j) {
                Some(&s) if matches!(s, b'.' | b'/' | b'-') && sep.is_none_or(|p| p == s) => {
                    if b.get(j + 1).is_some_and(u8::is_ascii_digit) {
                        sep = Some(s);
                        groups += 1;
                        j += 1;
                        continue;
                    }
                    break;
                }
                _ => break,
            }
        }
        if groups == 3 {
            return true;
        }
        i = j.max(i + 1);
    }
    false
}

#[cfg(test)]
mod tests;
