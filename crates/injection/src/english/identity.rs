//! The model made into someone else: told it is someone or something else, given a role, a
//! persona or a new name.

use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{PageWeight, Signal, Strength::PageOnly, Strength::Strong, Strength::Weak};

/// Said of a model, never of a person: not an AI, about to be immersed, to stay in
/// character.
pub(super) static SOMEONE_ELSE: Signal = Signal {
    what: "the model told it is someone else",
    strength: Strong,
    page: PageWeight::Model,
    excused: None,
    needs: &[&["^you are", "^you're", "character", "immerse"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\byou(?:\s+are|'re)\s+(?:not\s+(?:chat\s?gpt|an?\s+ai|bound|restricted|limited)\b|going\s+to\s+(?:act|pretend|simulate|roleplay)\b|about\s+to\s+(?:immerse|become)\b|to\s+(?:act|pretend|roleplay|simulate)\b|a\s+simulator\b)|\b(?:stay|remain|break|breaking|staying)\s+(?:in\s+|out\s+of\s+)?character\b|\bimmerse\s+yourself\b",
        )
    }),
};

/// The same said to anyone: pages say "you are now logged in", stories "I want you to
/// help me".
pub(super) static SOMEONE_ELSE_READER: Signal = Signal {
    what: "the model told it is someone else",
    strength: Strong,
    page: PageWeight::Reader,
    excused: None,
    needs: &[&["^you", "pretend", "^act", "behave", "roleplay", "role-play"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\byou\s+are\s+(?:now\b|no\s+longer\b|going\s+to\s+(?:be|play|answer|respond)\b|about\s+to\s+(?:act|be)\b|to\s+play\b)|\bpretend(?:ing)?\s+(?:to\s+be|you|that|you're)\b|\bI\s+(?:want|need|would\s+like|'d\s+like|require|command|order|direct|implore)\s+you\b|(?:^|[.!?:\n]\s*|\byou\s+(?:will|must|should|shall|are\s+to|have\s+to|need\s+to)\s+|\bplease\s+|\bnow\s+)(?:act|behave|roleplay|role-play)\s+(?:as|like)\s+(?:an?\s+|the\s+|if\b|though\b|\x22|(?-i:[A-Z]))",
        )
    }),
};

/// A role-play, a persona, "you are an AI …".
pub(super) static ROLE_PLAY: Signal = Signal {
    what: "a role-play for the model",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&[
        "role",
        "persona",
        "character",
        "fictional",
        "^you",
        "continue as",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:role-?\s?play(?:ing)?|persona|in\s+character|fictional\s+(?:ai|character|model|chatbot))\b|\bas\s+if\s+you\s+(?:are|were)\b|\bcontinue\s+as\b|\byou\s+are\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}?(?:ai|assistant|chatbot|language\s+model|llm|gpt)\b|\b(?:play|assume|take\s+on|adopt|in)\s+the\s+role\s+of\b",
        )
    }),
};

/// "An AI named …", "Max is a chatbot": a persona written for a model.
pub(super) static PERSONA: Signal = Signal {
    what: "a model's persona described",
    strength: PageOnly,
    page: PageWeight::Model,
    excused: None,
    needs: &[
        &[
            "named", "called", "known as", "^which^", "^that^", "^who^", "^is a",
        ],
        &[
            "^ai^",
            "a.i.",
            "chatbot",
            "chat bot",
            "language model",
            "^llm",
            "^bot",
            "assistant",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:an?|the)\s+(?:[\w-]+\s+){0,3}?(?:ai|a\.i\.|chat\s?bot|language\s+model|llm|bot|assistant)\s+(?:named|called|known\s+as|(?:which|that|who)\s+(?:will|would|always|never|can\s+do|has\s+no|answers|responds|ignores))\b|(?-i:\b[A-Z][\w-]*)\s+is\s+an?\s+(?:[\w-]+\s+){0,3}?(?:ai|chat\s?bot|language\s+model|llm)\b",
        )
    }),
};

/// "You are now RudeGPT": a new name given to the reader.
pub(super) static NEW_NAME: Signal = Signal {
    what: "a new name given to the model",
    strength: PageOnly,
    page: PageWeight::Reader,
    excused: None,
    needs: &[&["you are", "you're"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\byou(?:\s+are|'re)\s+(?:now\s+)?(?:called\s+|named\s+)?(?-i:[A-Z][a-z]+[A-Z][\w-]*|[A-Z]{3,}[\w-]*)",
        )
    }),
};
