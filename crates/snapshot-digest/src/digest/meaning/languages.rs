//! What each language is called, in every language: a goal that names one ("is there a
//! version in German?", "auf Englisch") finds the control a language switcher shows for it,
//! by its own name ("Deutsch") or its code ("DE"). From Unicode CLDR (`languages.tsv`, built
//! by `scripts/language-names.mjs` from the npm package `cldr-localenames-modern` 45.0.0).
//!
//! CLDR: Copyright © 2004-2024 Unicode, Inc., under the Unicode License v3, which permits use,
//! modification and redistribution with its copyright and permission notice: the crate ships
//! that notice whole in `question/units.rs`, whose unit words come from the same CLDR release.

use super::table::Table;

/// The languages by name, laid out by the build script: a line per folded one-word name of
/// four chars or more, a tab and the codes of the languages it names.
static BY_NAME: Table = Table::indexed(
    include_str!(concat!(env!("OUT_DIR"), "/languages-by-name.tsv")),
    include_bytes!(concat!(env!("OUT_DIR"), "/languages-by-name.idx")),
);

/// A line per language, sorted by code: its code, its own name, its English name, then what
/// other languages call it.
static BY_CODE: Table = Table::new(include_str!("languages.tsv"));

/// The codes of the languages `word` (folded) names, none for a word that names none.
pub(crate) fn named_by(word: &str) -> impl Iterator<Item = &'static str> {
    BY_NAME
        .find(word)
        .and_then(|line| line.split_once('\t'))
        .map(|(_, codes)| codes)
        .unwrap_or_default()
        .split(' ')
        .filter(|code| !code.is_empty())
}

/// A language's own name and its English name, as CLDR writes them.
pub(crate) fn own_and_english(code: &str) -> impl Iterator<Item = &'static str> {
    BY_CODE
        .find(code)
        .unwrap_or_default()
        .split('\t')
        .skip(1)
        .take(2)
}

/// Whether a control's whole text is the language's code, alone or with a region (`de`,
/// `DE`, `pt-BR`, `en_us`): what a switcher shows when it shows no name. `text` is folded.
pub(crate) fn is_code_of(text: &str, code: &str) -> bool {
    let Some(rest) = text.trim().strip_prefix(code) else {
        return false;
    };
    rest.is_empty()
        || rest.strip_prefix(['-', '_']).is_some_and(|region| {
            (2..=4).contains(&region.len()) && region.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

#[cfg(test)]
mod tests;
