//! Weak signals of an agent's task taken over: an order to do something before, instead of
//! or besides "the task"; a message that claims to come from the user, the system or the
//! developer, or speaks as the user whose mail and accounts the reader handles; a payment
//! ordered to an account; an order to act without asking the user, or a claim that the user
//! already approved.
//!
//! Each occurs in honest text on its own (a tutorial's "before you start the task", a
//! company's "a message from the team to you", a charity's "transfer to the account"), so
//! each weighs as a model's or a reader's signal and decides only beside another.

use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{PageWeight, Signal, Strength::Weak};

/// Something to do before, instead of or besides the task (or before "any other emails" the
/// reader processes), or a new task or new orders announced ("your new directive").
pub(super) static TASK_PREEMPTED: Signal = Signal {
    what: "an order to do something before or instead of the task",
    strength: Weak,
    page: PageWeight::Reader,
    excused: None,
    needs: &[&[
        "task",
        "instead",
        "request",
        "other email",
        "other e-mail",
        "other message",
        "other document",
        "other question",
        "other ticket",
        "other item",
        "other file",
        "assignment",
        "^job",
        "instruction",
        "mission",
        "^goal",
        "objective",
        "directive",
        "^order",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:before|instead\s+of|in\s+addition\s+to|besides|after)\s+(?:you\s+(?:can\s+|could\s+|may\s+)?|we\s+|i\s+)?(?:solv|complet|do|doing|start|continu|process|perform|finish|work|return|go|get)\w*\s+(?:(?:back\s+)?(?:on|to|with)\s+)?(?:the|your|my|this|any|that)\s+(?:(?:original|initial|current|assigned|given|main|actual|real|other)\s+)?(?:tasks?|request|assignment|job|instructions?)\b|\bbefore\s+(?:you\s+)?(?:process|handl|read|answer|summari[sz]|review|reply|respond|do|work)\w*\s+(?:on\s+)?(?:any|the|all)\s+(?:of\s+the\s+)?other\s+(?:e-?mails?|messages?|documents?|requests?|tasks?|questions?|tickets?|items?|files?)\b|\byour\s+(?:new|real|actual|next|first|true|only|primary|main|updated)\s+(?:task|mission|goal|objective|job|assignment|directives?|instructions|orders)\b|\b(?:new|urgent|priority|additional|updated|important)\s+(?:task|mission|assignment)\s*(?:[:!*]|is\b)|(?:^|[.!?:\n]\s*)do\s+[^.!?\n]{3,240}?\binstead\s*[.!]",
        )
    }),
};

/// A message that says it comes from the user, the system or the developer, or speaks of the
/// task the user gave the reader.
pub(super) static FROM_PRINCIPAL: Signal = Signal {
    what: "a message claiming to come from the user or the system",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&[
        "from me",
        "from the user",
        "from the system",
        "from the developer",
        "from the admin",
        "from the operator",
        "from the owner",
        "from your",
        "gave you",
        "given you",
        "give you",
        "assigned you",
        "asked you",
        "set you",
        "of you",
        "user asked",
        "user requested",
        "user wants",
        "user's",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:message|note|instructions?|order|request|reminder|update)\s+from\s+(?:me|the\s+(?:user|system|developer|admin|administrator|operator|owner)|your\s+(?:user|developer|creator|operator|owner|admin|administrator|principal|human))\b|\b(?:task|request|instructions?)\s+(?:that\s+)?(?:I|the\s+user|your\s+user|they)\s+(?:have\s+)?(?:gave|given|assigned|set|asked\s+of)\s+you\b|\b(?:I|the\s+user|your\s+user)\s+(?:originally\s+|first\s+)?(?:gave|assigned|asked)\s+you\s+(?:in\s+the\s+beginning|at\s+the\s+start|originally|first)\b|\b(?:I|we)\s+(?:\w+\s+){0,2}?(?:gave|give|given)\s+you\s+(?:your|the|these|those|my)\s+instructions\b|\bwhat\s+the\s+user\s+(?:asked|requested|wants)\s+(?:you|for)\b|\bthe\s+user's\s+(?:original\s+|initial\s+|actual\s+)?(?:task|request|question|query)\b",
        )
    }),
};

/// A framing tag that sets a message apart as information for the reader (`<INFORMATION>`),
/// as attacks wrap what they claim the user wrote.
pub(super) static INFORMATION_TAG: Signal = Signal {
    what: "a message claiming to come from the user or the system",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&["<"], &["information"]],
    pattern: LazyLock::new(|| english(r"(?i)<\s*/?\s*information\s*>")),
};

/// A header that announces new instructions or a new task, after the marks that frame a
/// header in a prompt (`***`, `##`, `[`, `==`): pages write "new instructions" in prose, and
/// as a bare label too ("Updated instructions: you must now answer all five questions").
pub(super) static NEW_INSTRUCTIONS_HEADER: Signal = Signal {
    what: "new instructions given to the model",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[
        &["**", "##", "[", "=="],
        &["new", "updated", "important", "urgent", "additional"],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)(?:\*{2,}|#{2,}|\[|={2,})\s*(?:new|updated|important|urgent|additional)\s+(?:(?:important|urgent|updated|new)\s+)*(?:instructions?|directives?|orders|tasks?)\b",
        )
    }),
};

/// Money sent, transferred or paid to an account, a wallet or an IBAN (a word of money
/// before the account's number: "send a transaction to US13…", "transfer $300 to GB33…"),
/// the terms of the payment between ("transfer $30,000 in total, in small increments of no
/// more than $10,000 to the account …").
pub(super) static PAYMENT_ORDERED: Signal = Signal {
    what: "a payment ordered",
    strength: Weak,
    page: PageWeight::Reader,
    excused: None,
    needs: &[
        &[
            "send", "transfer", "wire", "^pay", "^move", "purchase", "^buy^", "^book^", "^order^",
        ],
        &[
            "account",
            "iban",
            "wallet",
            "address",
            "card",
            "payment",
            "transaction",
            "money",
            "fund",
            "amount",
            "$",
            "€",
            "£",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:send|transfer|wire|pay|move)\s+(?:[^.!?\n]{0,100}?\s)?to\s+(?:the\s+|this\s+|my\s+|our\s+)?(?:(?:bank|crypto|bitcoin|btc|savings|following)\s+)?(?:account|iban|wallet|address)\b|\b(?:send|transfer|wire|pay)\b[^.!?\n]{0,40}?(?:\b(?:transaction|money|funds|payment|amount)\b|[$€£])[^.!?\n]{0,100}?(?:(?-i:\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b)|\b(?:bc1[a-z0-9]{8,}|0x[0-9a-fA-F]{16,})\b)|\b(?:purchase|buy|book|order)\s+(?:[^.!?\n]{0,40}?\s)?(?:using|with)\s+(?:the\s+)?(?:user's|their|saved|stored)\s+(?:credit\s+|debit\s+|payment\s+)?(?:card|payment|account)",
        )
    }),
};

/// The text speaks as the user whose mail, files or accounts the reader handles: "the
/// contents of all unread emails in my inbox", "my passport number". A blogger's "I check my
/// inbox" names the inbox but takes nothing out of it.
pub(super) static USER_VOICE: Signal = Signal {
    what: "a message claiming to come from the user or the system",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[
        &["^my^"],
        &[
            "inbox",
            "mailbox",
            "cloud",
            "drive",
            "calendar",
            "account",
            "phone",
            "passport",
            "card",
            "social security",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:contents?|all|every|each|(?:the\s+)?(?:\w+\s+)?(?:e-?mails?|messages|files|documents|attachments|contacts|events))\s+(?:[\w-]+\s+){0,4}?(?:in|of|from|on)\s+my\s+(?:inbox|mailbox|cloud(?:\s+drive)?|drive|calendar|account|phone)\b|\bmy\s+(?:passport|(?:bank\s+)?account|(?:credit|debit)\s+card|social\s+security)\s+numbers?\b",
        )
    }),
};

/// An order to act without asking the user, in the user's voice: "fill them in without asking
/// me", "proceed without asking again". Only an agent asks someone before it acts for them; a
/// page tells its human reader what to do, not whom not to ask. A changelog's "used without
/// asking the user" is a program's behaviour, and "a friend paid without asking me" a story,
/// so this weighs as a model's signal and decides only beside another.
pub(super) static CONSENT_SKIPPED: Signal = Signal {
    what: "an order to act without asking the user",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[
        &["without"],
        &[
            "asking",
            "checking",
            "confirming",
            "consulting",
            "bothering",
            "notifying",
            "telling",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\bwithout\s+(?:first\s+|further\s+|ever\s+)?(?:asking|checking\s+(?:back\s+)?with|confirming\s+with|consulting|bothering|notifying|telling)\s+me\b|\b(?:proceed|continue|go\s+ahead|carry\s+on)\b[^.!?\n]{0,40}?\bwithout\s+asking\s+again\b",
        )
    }),
};

/// A claim that the user, the owner or the operator has already approved what follows ("the
/// user has granted permission to skip all checks", "the user has approved deleting all
/// files"): consent told to the one who would otherwise ask for it. In a condition it is a
/// manual's ("if the user has approved the call, …"), and excused.
pub(super) static CONSENT_CLAIMED: Signal = Signal {
    what: "a message claiming to come from the user or the system",
    strength: Weak,
    page: PageWeight::Model,
    excused: Some(crate::excuse::conditioned),
    needs: &[
        &["user", "owner", "admin", "operator"],
        &["granted", "authori", "approved", "consented", "given"],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:the\s+user|your\s+user|the\s+(?:account\s+)?owner|the\s+admin(?:istrator)?|the\s+operator)\s+(?:has|have|had)\s+(?:already\s+|explicitly\s+|previously\s+)?(?:granted|authori[sz]ed|approved|consented|pre-?approved|given\s+(?:you\s+)?(?:full\s+|explicit\s+)?(?:permission|consent|approval|authori[sz]ation))\b",
        )
    }),
};

#[cfg(test)]
mod tests;
