//! One signal of text addressed to the model: what it means, how much it weighs, its grammar,
//! and the words without which the grammar cannot match (so that most texts are let go after
//! one pass of the prefilter, without running a grammar at all).

use std::ops::Range;
use std::sync::LazyLock;

pub(crate) use crate::grammar::{Grammar, compile, grammar};
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
