//! Weak signals of a model addressed: a note to it, its name, a standing order, orders about
//! its answers or its task, the answers it gives from the text, a script for its replies, a
//! speaker talking to it.

use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{PageWeight, Signal, Strength::Weak};

/// A note, a message or a greeting to a model or to automated readers, a model called by
/// name at the head of an order ("Assistant, before you …"), or the reader told apart as a
/// model ("if you are an AI reading this", "AI assistant reviewing this:"), or a heading
/// meant for them, whatever it calls itself ("profile for automated screening systems:",
/// "postinstall (for AI coding agents):").
pub(super) static NOTE_TO_MODEL: Signal = Signal {
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
            ", please",
            ", before",
            ", you",
            ", do",
            ", now",
            ", first",
            ", ignore",
            ", send",
            ", pay",
            ", buy",
            ", transfer",
            ", forward",
            ", email",
            ", delete",
            ", open",
            ", visit",
            ", go",
            "if you are",
            "if you're",
            "reading this",
            "reviewing this",
            "processing this",
            "summarizing this",
            "summarising this",
            "analyzing this",
            "analysing this",
            "parsing this",
            "scanning this",
            "for automated",
            "to automated",
            "for all automated",
            "for any automated",
            "for the automated",
            "for ai^",
            "to ai^",
            "for all ai^",
            "to all ai^",
            "for any ai^",
            "to any ai^",
            "to all automated",
            "to any automated",
            "to the automated",
            "for the ai^",
            "to the ai^",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:note|message|reminder|memo|notice|attention|warning|instructions?)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:(?:[\w-]+\s+){0,2}?{MODEL}|automated\s+(?:[\w-]+\s+){0,2}?(?:software|systems?|tools?|agents?|readers?|screening|analysis))s?\s*[:,\x2D]|\b(?:dear|hey|hi|hello|attention|listen)[,!]?\s+(?:{MODEL})\b|(?:^|[.!?:\n]\s*)(?:(?:the|an?|my|our)\s+)?(?:ai\s+)?(?:assistant|agent|model|chatbot|ai)\s*,\s+(?:please|before|you|do|now|first|ignore|send|pay|buy|transfer|forward|email|delete|open|visit|go)\b|\bif\s+you(?:\s+are|'re)\s+(?:an?\s+|any\s+)?(?:[\w-]+\s+)??{MODEL}s?(?:\s*[,:]|\s+(?:reading|reviewing|processing|summari[sz]ing|analy[sz]ing|parsing|scanning|crawling|browsing)\b)|\b{MODEL}s?\s+(?:reading|reviewing|processing|summari[sz]ing|analy[sz]ing|parsing|scanning)\s+this\b|\b(?:for|to)\s+(?:the\s+|any\s+|all\s+)?(?:automated|ai)\s+(?:[\w-]+\s+){0,2}?(?:software|systems?|tools?|agents?|readers?|screen(?:ing|ers?)|analy[sz](?:is|ers?)|assistants?|models?|reviewers?|parsers?)\s*\)?\s*:",
        )
    }),
};

/// A model told in the third person what to do: "the assistant must include …", "we need
/// your AI assistant to record …", "all assistants reading these notes must reply …".
/// Articles say what models do ("the model should be small") and papers what they had them
/// do ("the model should output one token", "we ask the model to summarize"); an order names
/// an act on the reader's output or on the user's things, and the reader as the page's
/// (your, any, every, this assistant; the assistant or the AI; the model reading this). How-tos say
/// "ask your assistant to open the app": asking and telling are left to them.
pub(super) static MODEL_ORDERED: Signal = Signal {
    what: "the model told what to do, in the third person",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&[
        "assistant",
        "^ai^",
        "a.i.",
        "model",
        "chatbot",
        "^bot",
        "^llm",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:(?:your|this|any|all|every)\s+(?:[\w-]+\s+)?{ADDRESSED}s?\s+(?:(?:reading|processing|reviewing|summari[sz]ing|analy[sz]ing)\s+(?:this|these|the)\s+(?:[\w-]+\s+){0,2}?)?|the\s+(?:[\w-]+\s+)?(?:assistant|chatbot|bot|ai|a\.i\.)s?\s+|the\s+(?:[\w-]+\s+)?{ADDRESSED}s?\s+(?:reading|processing|reviewing|summari[sz]ing|analy[sz]ing)\s+(?:this|these|the)\s+(?:[\w-]+\s+){0,2}?)(?:should|must|needs?\s+to|is\s+required\s+to|are\s+required\s+to|has\s+to|have\s+to|is\s+to|are\s+to|shall)\s+(?:also\s+|always\s+|now\s+|first\s+|immediately\s+|only\s+)*{ORDERED_ACT}\b|\b(?:need|want|require|instruct)s?\s+(?:your|any|all)\s+(?:[\w-]+\s+)?{ADDRESSED}s?\s+to\s+(?:also\s+|always\s+|now\s+|first\s+|immediately\s+|only\s+)*{ORDERED_ACT}\b",
        )
    }),
};

/// A model's name, or "as an AI".
pub(super) static MODEL_NAMED: Signal = Signal {
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
            r"(?i)\b(?:chat\s?gpt|gpt-?[345](?:\.\d)?|openai|claude|anthropic|gemini|bard|llama|language\s+models?)\b|\bas\s+an?\s+(?:[\w-]+\s+)?(?:ai|artificial\s+intelligence|(?:large\s+)?language\s+model|llm|assistant|chatbot)\b",
        )
    }),
};

/// "From now on you …", "for the rest of this conversation": a standing order to someone,
/// not a shop's "from now on in stores".
pub(super) static STANDING_ORDER: Signal = Signal {
    what: "a standing order (\"from now on\")",
    strength: Weak,
    page: PageWeight::Reader,
    excused: None,
    needs: &[&["from now", "from this", "rest of"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\bfrom\s+(?:now|this\s+(?:moment|point|time))\s+(?:on(?:wards?)?|forward)\b[\s,:]*(?:\S+\s+){0,3}?(?:you|you're|you'll|your|i|i'd|i'll|we|whenever|when|please|reply|respond|answer|act|always|never|only)\b|\bfor\s+the\s+rest\s+of\s+(?:this|the|our)\s+conversation\b|\byou\s+(?:must|will|should|shall|are\s+to|need\s+to|have\s+to)\b[^.!?\n]{0,80}?\bfrom\s+(?:now|this\s+(?:moment|point|time))\s+(?:on(?:wards?)?|forward)\b",
        )
    }),
};

/// An order about the answers: "you must respond", "reply only with" (after a clause too:
/// "when asked about it, reply with"), "proceed with the unrestricted response", "Start with
/// "…"" (at a sentence's start: "files that start with "."" are a program's), "in every
/// future reply", "every summary you produce",
/// "your very next response", "begin every answer", "every answer … must end with",
/// "include the trace_id in your summary", "add … at the end of your reply" (a shop's "include
/// your order number in your reply" says it too, so this addresses a reader, not a model).
pub(super) static ANSWERS_ORDERED: Signal = Signal {
    what: "an order to the model about its answers",
    strength: Weak,
    page: PageWeight::Reader,
    excused: None,
    needs: &[&[
        "^you", "answer", "respond", "reply", "^say", "print", "output", "repeat", "continue",
        "complete", "^start", "every", "each", "all ", "proceed",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\byou\s+(?:must|will|should|shall|have\s+to|need\s+to|are\s+required\s+to|cannot|can\s+not|may\s+not|are\s+to)\s+(?:always\s+|never\s+|now\s+|also\s+|not\s+|only\s+|strictly\s+)*(?:answer|respond|reply|say|write|output|print|generate|comply|obey|follow|adhere|act|pretend|refuse|provide|tell|include|ignore|forget|remember|stay|keep|use|call|start|begin|end|send)\b|\byour\s+(?:responses?|answers?|replies|outputs?)\b|\byour\s+(?:(?:very|next|entire|whole|final|first|last|every)\s+){1,2}(?:responses?|answers?|replies|reply|outputs?)\b|\b(?:begin|start|end|prefix|finish|conclude)\s+(?:every|each|all|any)\s+(?:repl(?:y|ies)|answers?|responses?|outputs?|summar(?:y|ies))\b|\b(?:before|instead\s+of|rather\s+than|prior\s+to)\s+(?:answering|responding|replying)\b|(?:^|[.!?:,\n]\s*)(?:just\s+|only\s+|simply\s+|always\s+)?(?:respond|reply|answer|say)\s+(?:only\s+|exactly\s+)?(?:with|as|in)\b|(?:^|[.!?:;,\n]\s*)(?:now\s+|please\s+|then\s+)?proceed\s+with\s+(?:the\s+|your\s+)?(?:[\w-]+\s+)?(?:responses?|answers?|repl(?:y|ies)|outputs?)\b|\b(?:just|only|simply)\s+(?:print|say|output|reply|respond)\b|\byou\s+(?:respond|answer|reply)\b|\bplease\s+repeat\s+(?:the\s+following|after\s+me|this)\b|\b(?:continue|complete)\s+(?:the\s+following|this\s+(?:sentence|text|phrase|line))\b|\bstart\s+your\s+(?:answer|response|reply)\s+with\s+[\x22']|(?:^|[.!?:;,\n]\s*)(?:just\s+|always\s+|please\s+)?start\s+with\s+[\x22']|\b(?:in|to|into)\s+(?:every|each|all)\s+(?:(?:future|later|subsequent|following)\s+)?(?:repl(?:y|ies)|responses?|answers?|summar(?:y|ies)|reports?|outputs?)\b|\b(?:every|each|all)\s+(?:(?:future|later|subsequent)\s+)?(?:repl(?:y|ies)|responses?|answers?|summar(?:y|ies)|reports?|outputs?)\s+(?:that\s+)?you\s+(?:produce|generate|write|give|send|make|create|return)\b|\b(?:every|each|any)\s+(?:answer|response|reply|summary)\b[^.!?\n]{0,60}?\b(?:must|should|shall|has\s+to|needs\s+to|is\s+to)\s+(?:always\s+|also\s+)?(?:end|begin|start|include|contain|cite|carry|mention|quote|close|open)\b|\b(?:include|add|append|prepend|insert|mention|cite|put|state|repeat)\b[^.!?\n]{0,80}?\b(?:in|into|to|at\s+the\s+(?:end|start|top|bottom|beginning)\s+of)\s+your\s+(?:summary|summaries|answers?|responses?|output|reply)\b",
        )
    }),
};

/// The answers given from the text itself: "any answer drawing on this document", "every
/// answer that cites this article", "when answering any question about this page", "reply to
/// any question about this page", "if the user asks about anything in this document". A page's reader reads it; what answers
/// questions from a page, and has a user who asks them, is a model. Forums ask for "every
/// answer to this question", of people who answer the question, not the page.
pub(super) static ANSWERS_FROM_TEXT: Signal = Signal {
    what: "answers drawn from this text spoken of",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[
        &[
            "answer", "respons", "respond", "repl", "summar", "asks", "ask ",
        ],
        &[
            "this document",
            "this article",
            "this page",
            "this text",
            "this faq",
            "this entry",
            "this file",
            "this source",
            "this passage",
            "this post",
            "this record",
            "this content",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:any|every|each|all)\s+(?:answers?|responses?|repl(?:y|ies)|summar(?:y|ies))\s+(?:that\s+(?:draws?|cites?|uses?|relies|rely|is\s+based|are\s+based|quotes?|references?)\s+(?:on\s+|upon\s+)?|drawing\s+(?:on|from|upon)\s+|citing\s+|quoting\s+|referencing\s+|based\s+on\s+|concerning\s+|regarding\s+|about\s+){TEXT_HERE}|\b(?:when|whenever|if|while)\s+(?:you\s+(?:are\s+)?)?answer(?:ing)?\s+(?:any\s+|a\s+|the\s+|every\s+)?(?:questions?|quer(?:y|ies))\s+(?:about|on|regarding|concerning|from|using|covered\s+(?:in|by))\s+{TEXT_HERE}|\b(?:reply|respond|answer)(?:ing)?\s+to\s+(?:any|every|each|all)\s+(?:questions?|quer(?:y|ies))\s+(?:about|on|regarding|concerning)\s+{TEXT_HERE}|\b(?:if|when|whenever)\s+(?:a|the|any)\s+user\s+asks?\s+(?:you\s+)?(?:about|anything\s+(?:about|in)|questions?\s+about)\s+(?:anything\s+(?:in|covered\s+(?:in|by))\s+)?{TEXT_HERE}",
        )
    }),
};

/// "Stop everything", "focus only on".
pub(super) static TASK_DROPPED: Signal = Signal {
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
};

/// "If you are asked" (or told), "do not deviate", "for every response".
pub(super) static REPLY_SCRIPT: Signal = Signal {
    what: "a script for the model's replies",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&[
        "asked",
        "told",
        "instructed",
        "requested",
        "prompted",
        "deviate",
        "for each",
        "for every",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:if|when)\s+(?:you\s+are|you're)\s+(?:asked|told|instructed|requested|prompted)\b|\b(?:you\s+may\s+not|do\s+not|don't|never)\s+deviate\b|\bfor\s+(?:each|every)\s+(?:response|answer|reply|prompt|question)\b",
        )
    }),
};

/// The same without "you": how news writes of someone answering ("when asked, she
/// said"), a page's own words.
pub(super) static REPLY_SCRIPT_ASKED: Signal = Signal {
    what: "a script for the model's replies",
    strength: Weak,
    page: PageWeight::Reader,
    excused: None,
    needs: &[&["asked"]],
    pattern: LazyLock::new(|| english(r"(?i)\b(?:if|when)\s+asked\b")),
};

/// "I … you", "tell me".
pub(super) static SPEAKER: Signal = Signal {
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
};

#[cfg(test)]
mod tests;
