//! Weak signals of an agent's tools turned: an order to call a tool named as a program names
//! it, and an order to keep what is done from the user.
//!
//! Both occur in honest text (a manual's "call read_file on the path", a shop's "discreet
//! delivery"), so the first weighs as a model's signal and the second as a reader's, and each
//! decides only beside another. Neither is read in a tool's own text, where "call
//! `list_tables` first" and "without asking the user" are how honest tools describe
//! themselves.

use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{PageWeight, Signal, Strength::PageOnly};

/// A tool ordered by its program name: `send_email`, "the "FileDeleter" tool", a call with
/// its arguments followed by what it is for, "do not use other tools". A bare call, "you
/// should call blkid_put_cache() when you are done", is how a library's manual speaks.
pub(super) static TOOL_ORDERED: Signal = Signal {
    what: "an order to call a named tool",
    strength: PageOnly,
    page: PageWeight::Model,
    excused: None,
    needs: &[
        &[
            "call", "^use", "using", "invok", "^run", "execut", "trigger",
        ],
        &["_", "tool"],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:call|use|invoke|run|execute|trigger)\s+(?:the\s+)?[\x22'`]?(?-u:[a-z][a-z0-9]*(?:_[a-z0-9]+)+)[\x22'`]?(?:\s*\([^)\n]{0,200}\))?(?:\s+(?:tool|function|action))?\s+(?:to|on|with|for|and|before|after|first|now)\b|\busing\s+the\s+(?:[\x22'`][^\x22'`\n]{1,40}[\x22'`]|(?-u:[a-z][a-z0-9]*(?:_[a-z0-9]+)+)|(?-u:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+))\s+tool\b|\bdo\s+not\s+use\s+(?:any\s+)?other\s+tools\b",
        )
    }),
};

/// What is done kept from the user: "do not tell the user", "without informing the user",
/// "silently forward", "so that it goes unnoticed".
pub(super) static KEPT_FROM_USER: Signal = Signal {
    what: "an order to keep an act from the user",
    strength: PageOnly,
    page: PageWeight::Reader,
    excused: None,
    needs: &[&[
        "the user",
        "silently",
        "secretly",
        "covertly",
        "quietly",
        "discreetly",
        "unnoticed",
        "undetected",
        "trace",
        "detect",
        "suspicion",
        "alarm",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:do\s+not|don't|never)\s+(?:tell|inform|notify|alert|warn|let|mention\s+(?:this|it|that)\s+to)\s+the\s+user\b|\bwithout\s+(?:telling|informing|notifying|alerting|warning|asking)\s+the\s+user\b|\bwithout\s+the\s+user(?:'s)?\s+(?:knowing|noticing|knowledge|awareness|consent|permission|approval)\b|\b(?:silently|secretly|covertly|quietly|discreetly)\s+(?:send|forward|transfer|copy|upload|delete|e-?mail|post|call|run|execute|install|grant|share|add|change|move|export)\b|\b(?:ensuring|making\s+sure|so\s+that)\s+(?:it|this|they|the\s+\w+)\s+(?:goes|go|remains?|stays?)\s+(?:unnoticed|undetected)\b|\bwithout\s+(?:leaving\s+(?:any\s+)?traces?|(?:being\s+)?detect(?:ed|ion)|raising\s+(?:any\s+)?(?:alarms?|suspicion))\b",
        )
    }),
};
