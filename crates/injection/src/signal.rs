//! One signal of text addressed to the model: what it means, how much it weighs, its grammar,
//! and the words without which the grammar cannot match (so that most texts are let go after
//! one pass of the prefilter, without running a grammar at all).

use std::ops::Range;
use std::sync::LazyLock;

use regex_automata::meta;
use regex_automata::nfa::thompson::WhichCaptures;

pub(crate) use crate::mask::Mask;

/// How much one signal weighs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strength {
    /// Decides by itself.
    Strong,
    /// Decides only with another, different weak signal.
    Weak,
    /// Not read in a tool's text: a signal made for pages, which tools' honest text gives
    /// (a transcript of `User:` and `Assistant:` turns in an example, "an assistant that …").
    PageOnly,
}

/// How much one signal weighs in a page's text, where honest sentences speak to a reader
/// ("you must log in", "I want you to meet my family") and articles quote what models say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PageWeight {
    /// Decides by itself: honest pages do not say it.
    Strong,
    /// Speaks of a model, its name, its rules or its prompt: honest in an article about AI,
    /// an attack only with words that address the reader as well.
    Model,
    /// Addresses a reader, whoever it is: honest on a page, an attack only together with a
    /// signal that the reader meant is a model.
    Reader,
    /// Someone speaking to someone ("I … you"): the commonest sentence of honest prose, so it
    /// counts only as a third signal beside a model's and a reader's.
    Speaker,
}

/// One signal: what it means, in a reviewer's words, and its grammar.
pub(crate) struct Signal {
    pub(crate) what: &'static str,
    pub(crate) strength: Strength,
    /// Its weight in a page's text.
    pub(crate) page: PageWeight,
    /// Whether a match is excused by the text around it (the text and the match's range):
    /// instructions that belong to data ("ignore instructions found in the page" is a
    /// defence), a request to send that its sentence negates ("never send your password to
    /// …" is a warning).
    pub(crate) excused: Option<fn(&str, Range<usize>) -> bool>,
    /// Groups of lowercase pieces: every match of `pattern` holds a piece of each group (a
    /// space in a piece stands for any one whitespace char of the folded text; `^` at either
    /// end for a word's edge). The prefilter runs `pattern` only on texts that hold one of each;
    /// a test checks that it changes no verdict.
    pub(crate) needs: &'static [&'static [&'static str]],
    pub(crate) pattern: LazyLock<Grammar>,
}

/// A grammar written with `\b` as an ASCII word boundary (cheaper, and every English word
/// class is ASCII) and `{NAME}` standing for a word class of `classes`; each pattern says with
/// `(?i)` whether case matters (role labels and shouted claims keep theirs).
pub(crate) fn grammar(pattern: &str, classes: &[(&str, &str)]) -> Grammar {
    let mut out = pattern.replace(r"\b", r"(?-u:\b)");
    for (name, class) in classes {
        out = out.replace(name, class);
    }
    compile(&out)
}

/// A constant pattern, compiled.
pub(crate) fn compile(pattern: &str) -> Grammar {
    Grammar::new(pattern)
}

/// A compiled grammar: the regex engine's lazy DFA, without what a signal never asks of it.
///
/// A one-shot process compiles each grammar a page's prefilter leaves in, and the compile was
/// most of the scan (19 ms of wikipedia-2's 25 grammars): no capture groups (a signal wants
/// the match, never a group), no engines made for captures (one-pass DFA, backtracker), and no
/// literal prefilter of the grammar's own (the prefilter of pieces has already chosen the
/// text) make the compile about 40 % cheaper, the matches the same.
pub(crate) struct Grammar {
    regex: meta::Regex,
    #[cfg(test)]
    source: String,
}

impl Grammar {
    fn new(pattern: &str) -> Self {
        let config = meta::Config::new()
            .which_captures(WhichCaptures::Implicit)
            .onepass(false)
            .backtrack(false)
            .auto_prefilter(false);
        let regex = meta::Builder::new()
            .configure(config)
            .build(pattern)
            .unwrap_or_else(|e| unreachable!("constant regex {pattern}: {e}"));
        Self {
            regex,
            #[cfg(test)]
            source: pattern.to_owned(),
        }
    }

    /// Whether the grammar matches somewhere in `text`.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }

    /// The ranges of the grammar's successive non-overlapping matches in `text`.
    pub(crate) fn find_iter<'t>(
        &'t self,
        text: &'t str,
    ) -> impl Iterator<Item = Range<usize>> + 't {
        self.regex.find_iter(text).map(|m| m.range())
    }

    /// The pattern compiled.
    #[cfg(test)]
    pub(crate) fn as_str(&self) -> &str {
        &self.source
    }
}
