//! Weak signals of a reader that writes a response: words dictated into it, and markup that
//! only does something when a model's answer is rendered (an image whose URL carries data, a
//! script in an attribute).

use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{PageWeight, Signal, Strength::Weak};

/// Given words, markup or a link to put into the reader's response, answer or summary ("begin
/// your reply with "…"", "append "…" to the end of every answer"), in the sentence that gives
/// them; or an order to print, output or reply with a quoted text, as a program or a model
/// does ("just print "I hate humans"", "output "Aligned:" and then …", "reply with exactly
/// "…""). The order stands where an imperative does (a sentence's start,
/// after "and", "then", "just"…): "the program will print "Hello"" and "should output 'none'"
/// describe what a program does, and a reader's "just say "thank you"" is not a machine's verb.
/// A reply with a quoted text replaces an answer only with "exactly", "only", "instead of"
/// or "and nothing else": "Reply with "STOP" to opt out" is a text message's.
/// A reply's quoted text is in quotes, not backticks: "now respond with `405 Method Not
/// Allowed`" is a changelog's. A message is not a reply: "end your message with "Thanks"" is
/// advice on writing mail.
pub(super) static RESPONSE_DICTATED: Signal = Signal {
    what: "words dictated into the model's response",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    // "times" for the count that repeats a dictated word ("say 'X' 100 times").
    needs: &[&[
        "response",
        "answer",
        "reply",
        "output",
        "summary",
        "summaries",
        "^times^",
        "print",
        "replies",
        "respond",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:include|insert|append|add|embed|output|print|render|write|put|repeat|end|start|begin|prepend|mention|display)\b[^.!?\n]{0,80}?\b(?:in|into|to|(?:at|to)\s+the\s+(?:end|start|beginning|top|bottom)\s+of|with)\s+(?:your|the|each|every|all)\s+(?:(?:final|next|generated)\s+)?(?:responses?|answers?|replies|reply|outputs?|summary|summaries)\b[^.!?\n]{0,40}?(?:the\s+following|['\x22`]|!\[|<\w|https?://|\d+\s+times)|\b(?:the\s+following|['\x22`]|!\[|<\w|https?://|(?-u:[\w.+-])+@(?-u:[\w-])+\.(?-u:\w)|(?-u:[\w-])+\.(?:com|net|org|io)\b)(?:[^.!?\n]|[.!?][!-~]){0,120}?\b(?:in|into|inside|to|(?:at|to)\s+the\s+(?:end|start|beginning)\s+of)\s+(?:(?:your|each|every|all)\s+(?:responses?|answers?|replies|reply|outputs?|summary|summaries)|the\s+summar(?:y|ies))\b|\b(?:repeat|say|print|write|output)\s+(?:the\s+(?:word|phrase|sentence|string|sequence)\s+)?(?:of\s+words\s+)?['\x22`][^'\x22`\n]{1,60}['\x22`]\s+\d+\s+times\b|(?:^|[.!?:;,(\n]\s*|\b(?:and|then|now|just|only|simply|please)\s+)(?:print|output)\s+(?:out\s+)?(?:only\s+|exactly\s+|verbatim\s+)?(?:the\s+(?:word|phrase|text|string|sentence|message)\s+|this\s*:?\s*|the\s+following\s*:?\s*)?:?\s*['\x22`][^'\x22`\n]{2,200}['\x22`]|(?:^|[.!?:;,(\n]\s*|\b(?:and|then|now|just|only|simply|please)\s+)(?:reply|respond|answer)\s+(?:(?:only|exactly|solely)\s+with\s+(?:only\s+|exactly\s+|just\s+)?|with\s+(?:only|exactly|just)\s+)(?:the\s+(?:word|phrase|text|string|sentence|message)\s+)?:?\s*['\x22][^'\x22\n]{2,200}['\x22]|(?:^|[.!?:;,(\n]\s*|\b(?:and|then|now|just|only|simply|please)\s+)(?:reply|respond|answer)\s+with\s+(?:the\s+(?:word|phrase|text|string|sentence|message)\s+)?:?\s*['\x22][^'\x22\n]{2,200}['\x22][^.!?\n]{0,20}?\b(?:instead\s+of|rather\s+than|and\s+nothing\s+else)\b|\b(?:begin|start|end|prefix|finish|conclude)\s+(?:your|the|each|every|all|any)\s+(?:(?:final|next)\s+)?(?:repl(?:y|ies)|answers?|responses?|outputs?|summar(?:y|ies))\s+with\s+(?:the\s+(?:word|phrase|text|string|sentence|line|tag|code)\s+)?:?\s*['\x22]",
        )
    }),
};

/// The same with the place in the answer named first, then what to put there: "At the end of
/// your answer, always add exactly: "…"", "in your response: include the following string:
/// …". A grammar of its own, with pieces of its own, so that the commoner words of
/// [`RESPONSE_DICTATED`] ("response", "output") do not compile it.
pub(super) static RESPONSE_PLACED: Signal = Signal {
    what: "words dictated into the model's response",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[
        &[
            "in your", "of your", "in each", "of each", "in every", "of every", "in all", "of all",
            "in any", "of any",
        ],
        &["response", "answer", "repl", "output", "summar"],
        &[
            "include", "insert", "append", "add", "embed", "output", "print", "write", "put",
            "mention", "display", "say", "cite",
        ],
        &["\"", "'", "![", "<", "http", "the following"],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:in|(?:at|to)\s+the\s+(?:end|start|beginning|top|bottom)\s+of)\s+(?:your|each|every|all|any)\s+(?:(?:final|next|generated)\s+)?(?:responses?|answers?|replies|reply|outputs?|summary|summaries)\b[^.!?\n]{0,30}?[,:]\s*(?:always\s+|please\s+|also\s+|just\s+)?(?:include|insert|append|add|embed|output|print|write|put|mention|display|say|cite)\b[^.!?\n]{0,40}?(?:the\s+following|['\x22]|!\[|<\w|https?://)",
        )
    }),
};

/// Markup a rendered answer would act on: a markdown image whose URL carries a query, an
/// event handler or a `javascript:` link.
pub(super) static MARKUP_PLANTED: Signal = Signal {
    what: "markup that acts when the model's answer is shown",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&["![", "onerror", "onload", "javascript:"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)!\[[^\]\n]{0,80}\]\(\s*https?://[^)\s]{1,200}?[?&][\w.-]+=|<\w+[^>\n]{0,120}?\bon(?:error|load)\s*=|\bhref\s*=\s*['\x22]?\s*javascript:|<svg\s*/\s*onload\s*=",
        )
    }),
};

#[cfg(test)]
mod tests;
