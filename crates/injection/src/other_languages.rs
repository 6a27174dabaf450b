//! The signals in German, French, Spanish, Portuguese, Russian, Chinese, Japanese and Italian: four
//! strong ones (an order to disregard the model's instructions, a system message opened as a
//! turn, a request to send the user's secrets to an address, a request for the reader's own
//! system prompt) and nine weak ones that decide
//! together (an order to do something before or instead of the task, a message in the user's
//! name, a payment ordered, a framed header of new instructions, a script for the reader's
//! replies, a model said to be without limits or in a mode that lifts them, a standing order
//! to "you" or an order to answer, reasoning in the model's voice, the answers drawn from the
//! text), as in English.
//!
//! Each language gives its word classes (verbs of disregarding, words for instructions and the
//! words that may stand between them, labels of a system turn, verbs of sending, the user's
//! secrets); the grammars are the same for all, with both orders a language puts verb and
//! object in ("ignoriere die Anweisungen", "die Anweisungen ignorieren", "指示を無視して").
//! The words are the languages' ordinary words for these things, not phrases of known attacks.
//! Each language is one value in a module of its own (its words and the prefilter's pieces of
//! them), and its three signals are built from that value alone.
//!
//! A request to send secrets is let go when its sentence says "never" or "not" in its
//! language: honest pages warn their readers never to send a password to anyone.

mod chinese;
mod french;
mod german;
mod grammars;
mod italian;
mod japanese;
mod language;
mod portuguese;
mod russian;
mod spanish;

use std::ops::Range;
use std::sync::{LazyLock, OnceLock};

use crate::excuse::{before, not_an_order, sentence};
use crate::signal::{Grammar, PageWeight, Signal, Strength::Strong, Strength::Weak};
use grammars::{
    disregard, framed, negated_send, own, secrets, send_out, send_verbs, subject_before,
    system_turn,
};
use language::{Language, Words};

/// The languages, in the order of their signals.
const LANGUAGES: [&Language; 8] = [
    &german::GERMAN,
    &french::FRENCH,
    &spanish::SPANISH,
    &portuguese::PORTUGUESE,
    &russian::RUSSIAN,
    &chinese::CHINESE,
    &japanese::JAPANESE,
    &italian::ITALIAN,
];

/// The thirteen signals of `LANGUAGES[L]`, with the `needs` of each: a verb of disregarding and
/// a word for instructions; a system label and its colon; a verb of sending, a secret and an
/// address; five weak ones, each the language's own grammar: an order before or instead of
/// the task, a message in the user's name, a payment ordered, a framed header of new
/// instructions, a script for the reader's replies; a request for the reader's own system
/// prompt, the language's own grammar too; and four more weak ones, a model without limits, a
/// standing order or an order to answer, reasoning in the model's voice and the answers drawn
/// from the text.
fn signals<const L: usize>() -> [Signal; 13] {
    [
        Signal {
            what: "an order to set the model's instructions aside",
            strength: Strong,
            page: PageWeight::Strong,
            // Words some languages share with English ("ignore … instructions"), so
            // English's defence reads the same.
            excused: Some(not_an_order_nor_told::<L>),
            needs: const {
                &[
                    LANGUAGES[L].pieces.disregard,
                    LANGUAGES[L].pieces.instructions,
                ]
            },
            pattern: LazyLock::new(|| disregard(&LANGUAGES[L].words)),
        },
        Signal {
            what: "a conversation turn or role marker",
            strength: Strong,
            page: PageWeight::Strong,
            excused: None,
            needs: const { &[LANGUAGES[L].pieces.system_label, &[":"]] },
            pattern: LazyLock::new(|| system_turn(&LANGUAGES[L].words)),
        },
        Signal {
            what: "the user's data sent to an address",
            strength: Strong,
            page: PageWeight::Strong,
            excused: Some(unsent::<L>),
            needs: const {
                &[
                    LANGUAGES[L].pieces.send,
                    LANGUAGES[L].pieces.secrets,
                    &["@", "http"],
                ]
            },
            pattern: LazyLock::new(|| send_out(&LANGUAGES[L].words)),
        },
        weak(
            "an order to do something before or instead of the task",
            PageWeight::Reader,
            const { &[LANGUAGES[L].pieces.task] },
            || own(&LANGUAGES[L].words, LANGUAGES[L].words.task_preempted),
        ),
        weak(
            "a message claiming to come from the user or the system",
            PageWeight::Model,
            const { &[LANGUAGES[L].pieces.principal] },
            || own(&LANGUAGES[L].words, LANGUAGES[L].words.from_principal),
        ),
        weak(
            "a payment ordered",
            PageWeight::Reader,
            const { &[LANGUAGES[L].pieces.pay, LANGUAGES[L].pieces.account] },
            || own(&LANGUAGES[L].words, LANGUAGES[L].words.payment),
        ),
        weak(
            "new instructions given to the model",
            PageWeight::Model,
            const {
                &[
                    &["**", "##", "[", "==", "【"],
                    LANGUAGES[L].pieces.new_instructions,
                ]
            },
            || framed(LANGUAGES[L].words.new_instructions),
        ),
        weak(
            "a script for the model's replies",
            PageWeight::Model,
            const { &[LANGUAGES[L].pieces.reply] },
            || own(&LANGUAGES[L].words, LANGUAGES[L].words.reply_script),
        ),
        Signal {
            what: "a request for the model's own instructions",
            strength: Strong,
            page: PageWeight::Strong,
            excused: None,
            needs: const {
                &[
                    LANGUAGES[L].pieces.own_prompt,
                    LANGUAGES[L].pieces.own_prompt_whose,
                ]
            },
            pattern: LazyLock::new(|| own(&LANGUAGES[L].words, LANGUAGES[L].words.own_prompt)),
        },
        weak(
            "a model described as without limits",
            PageWeight::Model,
            const { &[LANGUAGES[L].pieces.limits] },
            || own(&LANGUAGES[L].words, LANGUAGES[L].words.without_limits),
        ),
        weak(
            "an order to the model about its answers",
            PageWeight::Reader,
            const { &[LANGUAGES[L].pieces.standing] },
            || own(&LANGUAGES[L].words, LANGUAGES[L].words.standing_order),
        ),
        weak(
            "reasoning written in the model's voice",
            PageWeight::Model,
            const { &[LANGUAGES[L].pieces.reasoning] },
            || own(&LANGUAGES[L].words, LANGUAGES[L].words.reasoning_claimed),
        ),
        weak(
            "answers drawn from this text spoken of",
            PageWeight::Model,
            const {
                &[
                    LANGUAGES[L].pieces.answers_from_text,
                    LANGUAGES[L].pieces.text_here,
                ]
            },
            || own(&LANGUAGES[L].words, LANGUAGES[L].words.answers_from_text),
        ),
    ]
}

/// A weak signal without an excuse: what it means, its weight on a page, its pieces, and the
/// function that builds its grammar at first use.
fn weak(
    what: &'static str,
    page: PageWeight,
    needs: &'static [&'static [&'static str]],
    build: fn() -> Grammar,
) -> Signal {
    Signal {
        what,
        strength: Weak,
        page,
        excused: None,
        needs,
        pattern: LazyLock::new(build),
    }
}

/// The strong signals of the other languages.
pub(crate) static SIGNALS: LazyLock<Vec<Signal>> = LazyLock::new(|| {
    // Typed by the number of languages, so that a language missing here does not build.
    let per_language: [[Signal; 13]; LANGUAGES.len()] = [
        signals::<0>(),
        signals::<1>(),
        signals::<2>(),
        signals::<3>(),
        signals::<4>(),
        signals::<5>(),
        signals::<6>(),
        signals::<7>(),
    ];
    per_language.into_iter().flatten().collect()
});

/// One grammar per language, built from its words at its first use.
struct PerLanguage {
    grammars: [OnceLock<Grammar>; LANGUAGES.len()],
    build: fn(&Words) -> Grammar,
}

impl PerLanguage {
    const fn new(build: fn(&Words) -> Grammar) -> Self {
        Self {
            grammars: [const { OnceLock::new() }; LANGUAGES.len()],
            build,
        }
    }

    /// The grammar of `LANGUAGES[language]`.
    fn of(&self, language: usize) -> &Grammar {
        self.grammars[language].get_or_init(|| (self.build)(&LANGUAGES[language].words))
    }
}

static NEGATED_SEND: PerLanguage = PerLanguage::new(negated_send);
static SUBJECT: PerLanguage = PerLanguage::new(subject_before);
static SEND: PerLanguage = PerLanguage::new(send_verbs);
static SECRETS: PerLanguage = PerLanguage::new(secrets);

/// Whether an address in language `L` is not the end of a request to send: its sentence lacks
/// a verb of sending or a secret, or negates the verb ("never send your password to …" is
/// a page warning its reader).
/// Whether a match of an order to set instructions aside is not one: English's excuses
/// ([`not_an_order`]), or a subject right before its verb, which makes the verb a third
/// person's ("il governo ignora le regole"): news of someone, not an order to the reader.
fn not_an_order_nor_told<const L: usize>(text: &str, m: Range<usize>) -> bool {
    if not_an_order(text, m.clone()) {
        return true;
    }
    if LANGUAGES[L].words.subject.is_empty() {
        return false;
    }
    // A subject is a few words.
    SUBJECT.of(L).is_match(before(text, m.start, 60))
}

fn unsent<const L: usize>(text: &str, m: Range<usize>) -> bool {
    let s = sentence(text, m);
    !(SEND.of(L).is_match(s) && SECRETS.of(L).is_match(s)) || NEGATED_SEND.of(L).is_match(s)
}

/// Compiles the grammars that excuse a request to send.
pub(crate) fn warm_up() {
    for (language, declared) in LANGUAGES.iter().enumerate() {
        for grammar in [&NEGATED_SEND, &SEND, &SECRETS] {
            let _ = grammar.of(language).is_match("");
        }
        if !declared.words.subject.is_empty() {
            let _ = SUBJECT.of(language).is_match("");
        }
    }
}

#[cfg(test)]
mod tests;
