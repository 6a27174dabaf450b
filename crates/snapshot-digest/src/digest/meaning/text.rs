//! Text analysis for matching goals to nodes: case and accent folding, word splitting,
//! stemming (a light suffix strip to find candidates, Snowball to confirm them), and the CJK
//! scripts that are matched by substring instead of by word.

use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

use super::kept::is_kept;

mod fold;
pub(crate) use fold::{fold, fold_into};

/// `text` cut to its first `max` chars, with `…` where it was cut.
pub(crate) fn clip(text: &str, max: usize) -> String {
    let mut out = String::new();
    clip_into(&mut out, text, max);
    out
}

/// [`clip`], appended to `out`.
pub(crate) fn clip_into(out: &mut String, text: &str, max: usize) {
    match text.char_indices().nth(max) {
        Some((end, _)) => {
            out.push_str(&text[..end]);
            out.push('…');
        }
        None => out.push_str(text),
    }
}

/// Scripts written without spaces between words: Han, Hiragana, Katakana, Hangul.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30ff}'   // Hiragana, Katakana
        | '\u{3400}'..='\u{4dbf}' // CJK Extension A
        | '\u{4e00}'..='\u{9fff}' // CJK Unified Ideographs
        | '\u{f900}'..='\u{faff}' // CJK Compatibility Ideographs
        | '\u{ac00}'..='\u{d7af}' // Hangul syllables
        | '\u{ff66}'..='\u{ff9f}' // half-width Katakana
    )
}

/// Calls `f` with each word of folded text: runs of letters and digits, with CJK runs split
/// off as their own words.
pub(crate) fn for_each_word<'a>(folded: &'a str, mut f: impl FnMut(&'a str)) {
    let mut start = None;
    let mut cjk_run = false;
    let bytes = folded.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // ASCII without decoding: most page text is, and every page word goes through here.
        let b = bytes[i];
        let (word_char, cjk, len) = if b.is_ascii() {
            (b.is_ascii_alphanumeric(), false, 1)
        } else {
            let c = folded[i..].chars().next().unwrap_or(' ');
            (c.is_alphanumeric(), is_cjk(c), c.len_utf8())
        };
        match start {
            Some(s) if !word_char || cjk != cjk_run => {
                f(&folded[s..i]);
                start = word_char.then_some(i);
            }
            None if word_char => start = Some(i),
            _ => {}
        }
        if word_char {
            cjk_run = cjk;
        }
        i += len;
        // The ASCII letters and digits that go on a word not in a CJK script are one run
        // with it: skipped without a check each.
        if word_char && !cjk {
            while bytes.get(i).is_some_and(u8::is_ascii_alphanumeric) {
                i += 1;
            }
        }
    }
    if let Some(s) = start {
        f(&folded[s..]);
    }
}

/// Strips common English inflections so that `comments`, `commented` and `commenting` meet.
/// Deliberately light: other languages are served by prefix matching (see `words_match`).
/// Dictionary words the strip would turn into an unrelated word (`news`, `paper`) are left
/// whole (see `kept.rs`).
pub(crate) fn stem(word: &str) -> &str {
    let base = light_stem(word);
    if base.len() < word.len() && is_kept(word) {
        return word;
    }
    base
}

/// The suffix strip alone.
pub(crate) fn light_stem(word: &str) -> &str {
    for suffix in ["ings", "ing", "ies", "ied", "es", "ed", "ers", "er", "s"] {
        if let Some(base) = word.strip_suffix(suffix)
            && base.chars().count() >= 3
        {
            return base;
        }
    }
    word
}

/// How well a page word matches a goal word (both folded and stemmed): 1.0 for the same
/// stem, 0.8 when one is a prefix of the other, at least five chars long, and the other
/// adds at most four (`twitter`/`twitteru`, `kommentar`/`kommentare`, but not
/// `sign`/`signup`), else 0.
pub(crate) fn words_match(page: &str, goal: &str) -> f32 {
    if page == goal {
        return 1.0;
    }
    let (short, long) = if page.len() <= goal.len() {
        (page, goal)
    } else {
        (goal, page)
    };
    let short_len = short.chars().count();
    if short_len >= 5 && long.starts_with(short) && long.chars().count() - short_len <= 4 {
        return 0.8;
    }
    0.0
}

/// The Snowball stemmers of the languages the corpus pages are written in.
fn stemmers() -> &'static [Stemmer] {
    static STEMMERS: OnceLock<Vec<Stemmer>> = OnceLock::new();
    STEMMERS.get_or_init(|| {
        [
            Algorithm::English,
            Algorithm::German,
            Algorithm::French,
            Algorithm::Spanish,
            Algorithm::Portuguese,
            Algorithm::Italian,
            Algorithm::Dutch,
            Algorithm::Russian,
        ]
        .into_iter()
        .map(Stemmer::create)
        .collect()
    })
}

/// A folded word's Snowball stems, one per corpus language (empty for words under three
/// chars, which stemming would only confuse).
pub(crate) fn snowball_stems(word: &str) -> Vec<String> {
    if word.chars().count() < 3 {
        return Vec::new();
    }
    stemmers()
        .iter()
        .map(|s| s.stem(word).into_owned())
        .collect()
}

/// Whether two words' [`snowball_stems`] meet in one language (`comments`/`commenting`,
/// `Kommentare`/`Kommentar`, `publié`/`publier`). The page's language is not known, so each
/// stemmer is tried; the words already share a four-char prefix when this is asked, which
/// keeps false friends rare.
pub(crate) fn same_stem(page: &[String], goal: &[String]) -> bool {
    page.iter().zip(goal).any(|(a, b)| a == b)
}

#[cfg(test)]
mod tests;
