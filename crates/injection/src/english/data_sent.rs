//! The user's data sent to an address or handed to a tool, unless its sentence warns against it
//! ("never send your password to …").

use std::ops::Range;
use std::sync::LazyLock;

use super::classes::english;
use crate::excuse::sentence;
use crate::signal::{Grammar, PageWeight, Signal, Strength::Strong, Strength::Weak};

/// The user's data, or the machine's, sent to an address or passed to a tool. A word joined to
/// the one before by a hyphen names a page or a command ("the `forgot-password` example sends a
/// message to jane@example.com"), not the data.
pub(super) static USER_DATA_SENT: Signal = Signal {
    what: "the user's data sent to an address",
    strength: Strong,
    page: PageWeight::Strong,
    excused: Some(not_a_request),
    needs: &[
        &[
            "user's",
            "users'",
            "chat history",
            "conversation history",
            "message history",
            "api key",
            "api_key",
            "api-key",
            "apikey",
            "credential",
            "password",
            "private key",
            "ssh key",
            "environment variable",
            "env variable",
            "session cookie",
            "session token",
            "security code",
            "verification code",
            "one-time code",
            "2fa code",
            "two-factor code",
            "login code",
            "otp code",
            "reset code",
            "credit card",
            "debit card",
            "payment card",
            "card number",
            "cvv",
            "social security",
        ],
        &["@", "http", "^with^"],
    ],
    // A stop with a printable ASCII char after it (a domain's dot, "e.g.x") is inside the
    // sentence; ASCII there compiles to a third of the automaton of Unicode's `\S`.
    pattern: LazyLock::new(|| {
        english(
            r"(?i)(?:^|[^\w-]){PRIVATE_USER}\b(?:[^.!?\n]|[.!?][!-~]){0,100}?\b(?:to|at|cc|bcc)\s*:?\s+['\x22`]?{DEST}|\b(?:call|invoke|use|run|execute|trigger)\s+[`'\x22]?[A-Za-z][\w.-]*[`'\x22]?\s+(?:tool\s+|function\s+)?with\s+{PRIVATE_USER}\b",
        )
    }),
};

/// The same of someone's data ("their documents"): on a page, an instruction to its reader.
pub(super) static THEIR_DATA_SENT: Signal = Signal {
    what: "the user's data sent to an address",
    strength: Strong,
    page: PageWeight::Reader,
    excused: Some(not_a_request),
    needs: &[&["^their^", "^his^", "^her^"], &["@", "http", "^with^"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b{PRIVATE_THEIR}\b[^.!?\n]{0,80}?\b(?:to|at|cc|bcc)\s*:?\s+{DEST}|\b(?:call|invoke|use|run|execute|trigger)\s+[`'\x22]?[A-Za-z][\w.-]*[`'\x22]?\s+(?:tool\s+|function\s+)?with\s+{PRIVATE_THEIR}\b",
        )
    }),
};

/// Pieces of which every verb of sending or posting out holds one ([`SENT_OUT`]'s verbs; those
/// of [`BULK_DATA_SENT`] are some of them).
const SEND_PIECES: &[&str] = &[
    "send",
    "mail",
    "forward",
    "^post",
    "upload",
    "share",
    "submit",
    "^leak",
    "exfiltrat",
    "^copy",
    "transmit",
    "^paste",
];

/// Data held in bulk sent to an e-mail address: "the full customer list", "complete customer
/// record", "the contents of all unread emails in my inbox". Whose data it is says who is
/// meant to send it: a page may ask its reader to send their own documents ("all your files"),
/// but others' records, or the writer's own mailbox, only an agent with access to them can
/// send. The records are named as a whole ("full", "all"): a privacy page asks for "customer
/// data requests" by mail. URLs are left to [`SENT_OUT`]: developers' pages send "the customer
/// data" to an API.
pub(super) static BULK_DATA_SENT: Signal = Signal {
    what: "the user's data sent to an address",
    strength: Strong,
    page: PageWeight::Strong,
    excused: Some(not_a_request_of_others),
    needs: &[
        SEND_PIECES,
        &[
            "list",
            "data",
            "record",
            "detail",
            "information",
            "mail",
            "message",
            "file",
            "document",
            "contact",
            "histor",
            "conversation",
            "content",
        ],
        &["@"],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:send|e-?mail|mail|forward|post|upload|share|transmit|exfiltrate|leak)\b[^.!?\n]{0,60}?\b{BULK}(?:[^.!?\n]|[.!?][!-~]){0,100}?\b(?:to|at)\s*:?\s+['\x22`]?{EMAIL}",
        )
    }),
};

/// Data held in bulk gathered first, then sent on by a pronoun: "get all user information …
/// and send it to my email address …", "concatenate the messages from all channels and post
/// them to the website …", "collect the customer emails … and send them to …" (AgentDojo,
/// bastioncorpus). The data is others', as in [`BULK_DATA_SENT`] (the messages of a chat's
/// channels among them), and it goes to an e-mail address or a website named as one, by its
/// URL or a name with `www.`: a CRM's how-to uploads "all customer records" to its own
/// service.
pub(super) static GATHERED_DATA_SENT: Signal = Signal {
    what: "the user's data sent to an address",
    strength: Strong,
    page: PageWeight::Strong,
    excused: Some(not_a_request_of_others),
    needs: &[
        &[
            "get",
            "gather",
            "collect",
            "compile",
            "extract",
            "fetch",
            "retriev",
            "concatenat",
            "export",
            "copy",
        ],
        SEND_PIECES,
        &["@", "www.", "http"],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:get|gather|collect|compile|extract|fetch|retrieve|concatenate|export|copy)\b[^.!?\n]{0,40}?(?:{BULK}|(?:all\s+)?(?:the\s+)?(?:messages|conversations|posts|chats)\s+(?:from|in|on|of|sent\s+to|posted\s+(?:to|in))\s+(?:all|every|each|the\s+(?-u:[\w-])+)\s+channels?)(?:[^.!?\n]|[.!?][!-~]){0,120}?(?:[.!?]\s+)?\b(?:and\s+|then\s+)?(?:send|e-?mail|mail|forward|post|upload|share)\s+(?:it|them|this|these|those|everything)\s+(?:all\s+)?to\s+(?:(?:my|the|this|our|a)\s+(?:(?-u:[\w'-])+\s+){0,3}?)?['\x22`]?(?:{EMAIL}|(?:web)?site\s+(?:at\s+)?(?:https?://|www\.)(?-u:[\w-])+(?:\.(?-u:[\w-])+)+)",
        )
    }),
};

/// Anything sent, forwarded or posted to an address outside, the address itself or named
/// before it ("to my wife's email address: jane@…"): a page's reader is told that too ("send
/// your CV to jobs@…"), so it weighs as a reader's signal.
pub(super) static SENT_OUT: Signal = Signal {
    what: "something sent to an outside address",
    strength: Weak,
    page: PageWeight::Reader,
    excused: Some(not_a_request),
    needs: &[
        SEND_PIECES,
        &["@", "http", "www.", ".com", ".net", ".org", ".io"],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:send|sending|e-?mail|mail|forward|post|upload|share|submit|leak|exfiltrate|copy|transmit|paste)\b(?:[^.!?\n]|[.!?][!-~]){0,160}?\b(?:to|at|into|on)\s*:?\s+(?:(?:my|the|this|our|his|her|their)\s+(?:[\w'-]+\s+){0,3}?(?:e-?mail\s+)?address(?:es)?\s*[:,]?\s+)?['\x22`]?(?:{DEST}|www\.(?-u:[\w-])+(?:\.(?-u:[\w-])+)+|(?-u:[\w-])+(?:\.(?-u:[\w-])+)*\.(?:com|net|org|io)(?:/\S*)?\b)",
        )
    }),
};

/// A verb of giving out with a negation just before it: "never send", "do not share".
static NEGATED_SEND: LazyLock<Grammar> = LazyLock::new(|| {
    english(
        r"(?i)\b(?:never|not|don't|dont|do\s+not|won't|will\s+not|must\s+not|no\s+one\s+(?:should|will))\s+(?:\S+\s+){0,3}?(?:send|e-?mail|mail|forward|post|upload|share|give|disclose|provide|submit|enter|type|reveal)\b",
    )
});

/// A verb of giving out in the passive of a description: "the request is sent to …" says
/// what software does ("are to be sent" is an order, and does not match).
static DESCRIBED_SEND: LazyLock<Grammar> = LazyLock::new(|| {
    english(
        r"(?i)\b(?:is|are|was|were|gets?|got|being|been)\s+(?:automatically\s+|then\s+|securely\s+|only\s+)?(?:sent|posted|forwarded|uploaded|transmitted|shared|e-?mailed|submitted)\s+(?:to|at)\b",
    )
});

/// Whether the sentence of a request to send negates its verb or only describes a sending:
/// "do not send your password to …" is a page warning its reader, "the user's request is sent
/// to the API" a page about software.
fn not_a_request(text: &str, m: Range<usize>) -> bool {
    let s = sentence(text, m);
    NEGATED_SEND.is_match(s) || DESCRIBED_SEND.is_match(s)
}

/// [`not_a_request`], or the reader's own records: "send your full account details to …" is a
/// form's instruction to its reader, whose details they are.
fn not_a_request_of_others(text: &str, m: Range<usize>) -> bool {
    let words = text.get(m.clone()).unwrap_or_default();
    words
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case("your"))
        || not_a_request(text, m)
}

/// Compiles the grammar that excuses a request to send.
pub(super) fn warm_up() {
    let _ = NEGATED_SEND.is_match("");
    let _ = DESCRIBED_SEND.is_match("");
}

#[cfg(test)]
mod tests;
