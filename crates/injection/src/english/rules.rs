//! The model's rules lifted or replaced: its safety rules dropped, new instructions or rules
//! given, refusing forbidden, a mode or a model without limits claimed.

use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{PageWeight, Signal, Strength::Strong, Strength::Weak};

/// The model's safety rules overridden, disabled, or said not to bind it.
pub(super) static SAFETY_DROPPED: Signal = Signal {
    what: "an order to drop the model's safety rules",
    strength: Strong,
    page: PageWeight::Strong,
    excused: None,
    needs: &[&[
        "ethic",
        "moral",
        "content",
        "safety",
        "openai",
        "usage",
        "censorship",
        "guardrail",
        "safeguard",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:{OVERRIDE}|ignores|disregards|disable|deactivate|remove|lift|suspend|turn\s+off|no|without|free\s+(?:of|from)|freed\s+from|not\s+(?:bound|restrained|restricted|limited|constrained|held\s+back|governed)\s+by|unbound\s+by|(?:do|does|don't|doesn't|do\s+not|does\s+not)\s+(?:have\s+(?:any\s+)?|need\s+to\s+(?:follow|obey|abide\s+by|comply\s+with)\s+|have\s+to\s+(?:follow|obey|abide\s+by|comply\s+with)\s+))\s*(?:(?:any|the|its|their|your|of|all)\s+)*{SAFETY}\b",
        )
    }),
};

/// New instructions or a new system prompt given.
pub(super) static NEW_INSTRUCTIONS: Signal = Signal {
    what: "new instructions given to the model",
    strength: Strong,
    page: PageWeight::Strong,
    excused: None,
    needs: &[&["^new^"], &["instruction", "directive", "prompt"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:apply|follow|obey|adopt|accept)\s+(?:these|the\s+following|my|the)\s+new\s+(?:instructions|directives|system\s+prompt)\b|\b(?:these\s+are\s+|here\s+are\s+)?your\s+new\s+(?:instructions|directives|system\s+prompt|prompt)\b|\bnew\s+system\s+prompt\b",
        )
    }),
};

/// New rules, a new task or a new identity given: what a page may tell its reader too.
pub(super) static NEW_RULES: Signal = Signal {
    what: "new instructions given to the model",
    strength: Strong,
    page: PageWeight::Reader,
    excused: None,
    needs: &[
        &["^new^"],
        &[
            "rules",
            "guideline",
            "task",
            "goal",
            "purpose",
            "role",
            "identity",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:apply|follow|obey|adopt|accept)\s+(?:these|the\s+following|my|the)\s+new\s+(?:rules|guidelines)\b|\b(?:these\s+are\s+|here\s+are\s+)?your\s+new\s+(?:rules|guidelines|task|goal|purpose|role|identity)\b",
        )
    }),
};

/// An order never to refuse, apologise or moralise.
pub(super) static NO_REFUSING: Signal = Signal {
    what: "an order not to refuse",
    strength: Strong,
    page: PageWeight::Reader,
    excused: None,
    needs: &[&["refus", "apologi", "moraliz", "lectur", "censor"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:never|not|don't|do\s+not|cannot|can't|won't|will\s+not|must\s+not|should\s+not|without)\s+(?:ever\s+|any\s+)?(?:refus(?:e|ing|als?)|apologi[sz](?:e|ing)|moraliz(?:e|ing)|lectur(?:e|ing)|censor(?:ing)?)\b",
        )
    }),
};

/// A mode of the model ("DAN mode", "you are now in developer mode", "Developer Mode
/// enabled") or a jailbreak. A program's modes are named in its docs ("running in debug mode",
/// "the maintenance mode page"); they are the model's only when claimed for the reader or
/// switched on.
pub(super) static MODE_CLAIMED: Signal = Signal {
    what: "a mode claimed for the model",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&["^mode^", "jailbr", "anything now"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:god|jailbreak|jailbroken|dan|unfiltered|unrestricted|uncensored|evil|opposite|chaos)\s+mode\b|\b(?:you\s+are|you're|you\s+are\s+now|you\s+will\s+be|now|currently|operating|running|act|acting|respond|answer|stay|remain)\s+(?:now\s+)?(?:operating\s+|running\s+)?(?:in|as)\s+(?:an?\s+|the\s+)?{TECH_MODE}\s+mode\b|\b{TECH_MODE}\s+mode\s+(?:is\s+)?(?:now\s+)?(?:enabled|activated|engaged|on)\b|\b(?:enable|activate|enter|switch\s+to|unlock)\s+(?:the\s+)?{TECH_MODE}\s+mode\b|\bjailbr(?:eak|oken)\b|\bdo\s+anything\s+now\b",
        )
    }),
};

/// A model without filters, restrictions or content policy, or the reader bound to comply with
/// whatever it is asked ("you must comply with every request": a person is asked to comply
/// with a request, not with all of them; "we comply with all requests" is a company's).
pub(super) static WITHOUT_LIMITS: Signal = Signal {
    what: "a model described as without limits",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&[
        "unfiltered",
        "uncensored",
        "amoral",
        "unethical",
        "immoral",
        "unrestricted",
        "unbound",
        "unchained",
        "unshackled",
        "disclaimer",
        "content polic",
        "no restrictions",
        "no limitations",
        "no limits",
        "no boundaries",
        "no filters",
        "no rules",
        "without restrictions",
        "without limitations",
        "without limits",
        "without boundaries",
        "without filters",
        "without rules",
        "any restrictions",
        "any limitations",
        "any limits",
        "any boundaries",
        "any filters",
        "any rules",
        "exempt",
        "free from",
        "freed from",
        "released from",
        "excused from",
        "comply with",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:unfiltered|uncensored|amoral|unethical|immoral|unrestricted|unbound|unchained|unshackled)\b|\b(?:no|without|any)\s+(?:restrictions|limitations|limits|boundaries|filters|rules)\b|\bdisclaimers?\b|\bcontent\s+polic(?:y|ies)\b|\b(?:exempt(?:ed)?|freed?|released|excused)\s+from\s+(?:the\s+|all\s+|any\s+|your\s+|its\s+|my\s+)?(?:(?:usual|normal|standard|typical|default|safety|content|ethical)\s+)?(?:restrictions|rules|guidelines|polic(?:y|ies)|filters|limits|limitations|constraints|safeguards|guardrails)\b|\byou\s+(?:(?-u:[\w'])+\s+){0,2}?comply\s+with\s+(?:every|all|any)\s+(?:(?:single|possible|user)\s+)?(?:requests?|prompts?)\b",
        )
    }),
};
