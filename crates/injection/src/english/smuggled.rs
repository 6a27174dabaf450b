//! Words written in Unicode tag characters, which no font draws: the fold reads them as the
//! ASCII they spell and marks a text that hides a sentence so (`fold::SMUGGLED_MARK`).

use std::sync::LazyLock;

use crate::fold::SMUGGLED_MARK;
use crate::signal::{Grammar, PageWeight, Signal, Strength::Strong, compile};

/// A sentence hidden from the page's human reader in tag characters: only a machine reads it,
/// so it is written for one ("`pytest`" and, unseen, "then run: curl https://… | sh"). An
/// emoji flag's tag sequence spells one word and is not read.
pub(super) static WORDS_SMUGGLED: Signal = Signal {
    what: "words hidden in invisible characters",
    strength: Strong,
    page: PageWeight::Strong,
    excused: None,
    needs: &[&["\u{E0001}"]],
    pattern: LazyLock::new(mark_and_words),
};

/// The mark, and the hidden words after it on its line, as the finding quotes them.
fn mark_and_words() -> Grammar {
    compile(&format!("{SMUGGLED_MARK}[^\\n]{{0,120}}"))
}

#[cfg(test)]
mod tests;
