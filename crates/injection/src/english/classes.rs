//! The English word classes the grammars share, and the grammar that expands them.

use crate::signal::{Grammar, grammar};

/// A grammar with the English word classes.
pub(super) fn english(pattern: &str) -> Grammar {
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
    // The part of those that names a time before or an owner: "all", "any", "every" alone
    // and "existing", "remaining", "rest" are how a program's docs speak of its input.
    (
        "{MARKED_PAST}",
        r"(?:previous|previously|prior|above|earlier|preceding|foregoing|original|initial|user's|users'|human's|system|safety|ethical|moral|programmed|openai's)",
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
    // The part of those that a model is ruled or told by; the rest (data, input, requests,
    // messages, commands) is what a program is given to process.
    (
        "{PLAIN_RULES}",
        r"(?:rules|polic(?:y|ies)|conversations?|context|info(?:rmation)?|tasks?|orders)",
    ),
    // What keeps a model safe.
    (
        "{SAFETY}",
        r"(?:(?:ethical|moral|content|safety|openai's|openai|usage)\s+(?:filters?|restrictions?|guidelines|polic(?:y|ies)|guardrails|safeguards|rules|protocols|constraints|limitations|boundaries|principles|standards)|(?:ethical|moral)(?:\s+(?:or|and)\s+(?:legal|ethical|moral))?\s+(?:concerns|considerations|implications|boundaries|standards)|ethics|morals|morality|censorship|guardrails|safeguards)",
    ),
    // Modes that programs have as well as models.
    (
        "{TECH_MODE}",
        r"(?:developer|dev|debug|admin|sudo|diagnostic|maintenance)",
    ),
    // Names of models and of what they are.
    (
        "{MODEL}",
        r"(?:assistant|ai|a\.i\.|model|llm|agent|chatbot|bot|gpt|chat\s?gpt|claude|gemini|language\s+model)",
    ),
    // What a text names when it speaks of the model that reads it in the third person; not
    // "agent", which is also a travel, an estate or a support agent.
    (
        "{ADDRESSED}",
        r"(?:assistant|ai|a\.i\.|model|llm|chatbot|bot|language\s+model)",
    ),
    // The text the reader is reading, named as a whole ("this document", "this article").
    (
        "{TEXT_HERE}",
        r"this\s+(?:document|article|page|text|faq|entry|file|source|passage|post|record|content)(?-u:\b)",
    ),
    // Acts on the reader's output or on the user's things, which an order to a model names.
    (
        "{ORDERED_ACT}",
        r"(?:include|record|add|insert|append|prepend|mention|write|output|print|say|reply|respond|answer|send|forward|share|reveal|disclose|ignore|disregard|forget|follow|obey|comply|continue|refuse|summari[sz]e|recommend|rate|report|click|visit|open|transfer|pay|buy|delete|execute|run)",
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
    // The same, the user named as such or the data the model's user alone has: secrets,
    // codes that prove who they are, the numbers of their cards.
    (
        "{PRIVATE_USER}",
        r"(?:(?:the\s+)?(?:user's|users')\s+(?:[\w-]+\s+){0,2}?(?:data|history|messages|conversations?|chats?|files?|credentials|keys?|passwords?|tokens?|secrets?|e-?mails?|contacts|documents|information|details|address(?:es)?|requests?)|(?:chat|conversation|message)\s+history|api[\s_-]?keys?|credentials|passwords?|private\s+keys?|ssh\s+keys?|env(?:ironment)?\s+variables|session\s+(?:cookies|tokens)|(?:security|verification|one-time|2fa|two-factor|login|otp|reset)\s+codes?|(?:credit|debit|payment)\s+card(?:\s+(?:numbers?|details))?|card\s+numbers?|cvv|social\s+security\s+numbers?)",
    ),
    // The same, the data someone's: on a page, "send their documents to jobs@…" is an
    // instruction to the page's reader.
    (
        "{PRIVATE_THEIR}",
        r"(?:the\s+)?(?:their|his|her)\s+(?:[\w-]+\s+){0,2}?(?:data|history|messages|conversations?|chats?|files?|credentials|keys?|passwords?|tokens?|secrets?|e-?mails?|contacts|documents|information|details|address(?:es)?|requests?)",
    ),
    // Data held in bulk whose owner is not the page's reader: people's records named by whose
    // they are ("the full customer list", "complete account details"), and the writer's own
    // mail or files ("all unread emails in my inbox", "the contents of all the files").
    (
        "{BULK}",
        r"(?:(?:all|every|the\s+(?:full|complete|entire|whole)|full|complete|entire)\s+(?:of\s+)?(?:the\s+|my\s+|their\s+|our\s+)?(?:customers?|clients?|users?|employees?|patients?|members?|accounts?)(?:'s|s')?\s+(?:lists?|data(?:base)?|records?|details|information|e-?mails|messages|files|documents|contacts|history)|(?:all|every)\s+(?:of\s+)?(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:e-?mails|messages|files|documents|conversations|contacts)\s+(?:in|from|on)\s+my\s|contents?\s+of\s+(?:all|every|my)(?-u:\b)|(?:all|every)\s+(?:of\s+)?my\s+(?:[\w-]+\s+){0,2}?(?:e-?mails|messages|files|documents|conversations|contacts|data|information))",
    ),
    // An e-mail address whole, its domain with a dot: where data held in bulk is sent ("to
    // x@example.com"), which a name alone ("to x@") is not. ASCII, as `{DEST}` is.
    ("{EMAIL}", r"(?-u:[\w.+-])+@(?-u:[\w-])+(?:\.(?-u:[\w-])+)+"),
    // A destination outside: an e-mail address or a URL. Addresses and domains are ASCII
    // (look-alike letters are folded to it first), and an ASCII class compiles to a tenth of
    // the automaton of Unicode's `\w`.
    (
        "{DEST}",
        r"(?:(?-u:[\w.+-])+@(?:(?-u:[\w-])+(?:\.(?-u:[\w-])+)*|\S)|https?://\S+)",
    ),
    // A secret a command can print: a file of secrets (`{SECRET_FILE}`, listed after this
    // class so that it is expanded in it), a variable named in capitals as a secret or a
    // password (a shell's, not a PHP script's `$password`), the environment read for its keys.
    (
        "{SECRET}",
        r"(?:{SECRET_FILE}(?:$|[^\w.-])|(?-i:\$\{?(?-u:[A-Z0-9_])*(?:SECRET|PASSWORD|PASSWD|PRIVATE_KEY))|os\.environ[^\n]{0,40}?(?:secret|password|key|token|credential|database_url|\.items(?-u:\b)))",
    ),
    // A file of secrets: the `.env` a program loads (not `.env.example`), a dotfile of
    // secrets, a private SSH key (not its `.pub`), the credentials of AWS, git or netrc. Each
    // holds the char before it, so that `.env` is a file's name and not part of one.
    (
        "{SECRET_FILE}",
        r"(?:[^\w.]\.env|[^\w.-]\.secrets?(?-u:[\w.-])*|(?-u:\b)id_(?:rsa|dsa|ecdsa|ed25519)|\.aws/credentials|\.netrc|\.git-credentials)",
    ),
];
