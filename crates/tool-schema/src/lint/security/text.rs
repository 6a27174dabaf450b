//! Detectors for poisoned text: each looks at one string of a tool definition and says what it
//! hides, in words a reviewer can act on.
//!
//! Written from the published attack write-ups (tool poisoning, line jumping, full-schema
//! poisoning, ASCII smuggling) and checked against 35 real servers, which must stay quiet: a
//! phrase is here only when a benign tool has no reason to say it to the model.

use std::sync::LazyLock;

use regex::Regex;

use crate::finding::Severity;
use crate::lint::re;

/// What one detector found in one string.
pub(super) struct Hit {
    pub(super) severity: Severity,
    pub(super) message: String,
}

fn error(message: String) -> Option<Hit> {
    Some(Hit {
        severity: Severity::Error,
        message,
    })
}

/// Characters that render as nothing or reorder text, so the user approves one text and the
/// model reads another.
fn invisible_kind(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{E0000}'..='\u{E007F}' => "a Unicode tag character",
        '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{180E}' => "a zero-width character",
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{061C}' => "a bidi control",
        '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' => "a variation selector",
        '\u{00AD}' => "a soft hyphen",
        '\u{FEFF}' => "a byte order mark",
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' => "a Hangul filler",
        '\t' | '\n' | '\r' => return None,
        c if c.is_control() => "a control character",
        _ => return None,
    })
}

/// An emoji or symbol, which a variation selector or joiner may legitimately follow ("⚠️").
fn is_symbol(c: char) -> bool {
    !c.is_ascii() && !c.is_alphanumeric() && invisible_kind(c).is_none()
}

/// Invisible or reordering characters; tag characters are decoded, since they spell ASCII text
/// the user cannot see.
pub(super) fn invisible(text: &str) -> Option<Hit> {
    // Most strings are printable ASCII: nothing to find, no need to collect their chars.
    if text
        .bytes()
        .all(|b| (b' '..0x7F).contains(&b) || b"\t\n\r".contains(&b))
    {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let mut first: Option<(usize, char, &str)> = None;
    let mut count = 0;
    let mut hidden = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let Some(kind) = invisible_kind(c) else {
            continue;
        };
        let prev = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
        let next = chars.get(i + 1).copied();
        // Emoji presentation ("⚠️") and joined emoji ("👩‍💻") use these on purpose.
        let emoji_vs = matches!(c, '\u{FE0E}' | '\u{FE0F}') && prev.is_some_and(is_symbol);
        let emoji_zwj =
            c == '\u{200D}' && prev.is_some_and(is_symbol) && next.is_some_and(is_symbol);
        if emoji_vs || emoji_zwj {
            continue;
        }
        if let '\u{E0020}'..='\u{E007E}' = c {
            hidden.extend(char::from_u32(u32::from(c) - 0xE0000));
        }
        count += 1;
        first.get_or_insert((i, c, kind));
    }
    let (pos, c, kind) = first?;
    let mut message = format!(
        "{count} invisible or control character{} (first: {kind}, U+{:04X}, at char {pos}); the user \
         sees a different text than the model reads, remove them",
        if count == 1 { "" } else { "s" },
        u32::from(c),
    );
    if !hidden.is_empty() {
        let shown: String = hidden.chars().take(80).collect();
        message.push_str(&format!("; the tag characters spell {shown:?}"));
    }
    error(message)
}

static TAG_BLOCK: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)<\s*/?\s*(?:important|system|instructions?|secret|hidden|admin|critical|override)(?-u:\b)[^>]{0,40}>|(?-i:\[/?(?:INST|SYSTEM)\])|<\|im_(?:start|end)\|>",
    )
});

static OVERRIDE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+)?(?:of\s+)?(?:your\s+|the\s+)?(?:previous|prior|above|earlier|preceding|other|original|system)\s+(?:instructions?|prompts?|rules|directions|guidelines|messages|tools?)",
    )
});

static SECRECY: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:do\s+not|don't|never|without)\s+(?:tell|telling|mention|mentioning|inform|informing|reveal|revealing|notify|notifying|alert|alerting|letting|let|show|showing)\s+(?:this\s+to\s+)?(?:the\s+)?(?:user|human|them)(?-u:\b)|(?-u:\b)(?:hide|conceal|keep)\s+(?:this|it|that)\s+(?:from\s+the\s+user|secret|hidden)|(?-u:\b)the\s+user\s+(?:must|should|will)\s+not\s+(?:know|see|be\s+told|notice)",
    )
});

static PRECEDENCE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:before|prior\s+to)\s+(?:using|calling|invoking|running)\s+(?:any|every|all)\s+(?:other\s+)?tools?(?-u:\b)|(?-u:\b)instead\s+of\s+(?:any|every|all)\s+other\s+tools?(?-u:\b)|(?-u:\b)(?:always|must)\s+(?:be\s+)?(?:use|call|invoke|run)(?:d|ed)?\s+(?:this\s+tool\s+)?(?:first|before\s+(?:any|every|all))|(?-u:\b)this\s+tool\s+(?:will\s+not|won't|does\s+not|doesn't|cannot|can't)\s+work\s+(?:unless|until|without)(?-u:\b)|(?-u:\b)(?:when|if|while)\s+(?:this|the)\s+(?:tool|server)\s+is\s+(?:available|present|installed|enabled|connected|loaded)(?-u:\b)",
    )
});

static PRIORITY: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)always\s+(?:use|call|prefer|choose)\s+this(?-u:\b)|(?-u:\b)use\s+this\s+tool\s+(?:for\s+)?(?:every|all)\s+(?:request|task|question|query)s?(?-u:\b)",
    )
});

/// Phrases aimed at the model rather than describing the tool: instruction blocks, orders to
/// ignore other instructions, secrecy towards the user, claims of precedence over every other
/// tool (errors); a plain "always use this" is a warning.
pub(super) fn instruction(text: &str) -> Option<Hit> {
    let found = [
        (&*TAG_BLOCK, "an instruction block for the model"),
        (&*OVERRIDE, "an order to ignore other instructions"),
        (&*SECRECY, "an order to keep something from the user"),
        (&*PRECEDENCE, "a claim of precedence over other tools"),
    ]
    .into_iter()
    .find_map(|(pattern, what)| pattern.find(text).map(|m| (m.as_str(), what)));
    if let Some((quote, what)) = found {
        return error(format!(
            "{what} ({}); a description says what the tool does, it does not instruct the model, remove it",
            excerpt(quote)
        ));
    }
    if let Some(found) = mcp_lean_injection::scan(text, mcp_lean_injection::Origin::Tool) {
        return error(format!(
            "{} ({}); a tool's text says what the tool does, it does not speak to the model, remove it",
            found.what,
            excerpt(&found.quote)
        ));
    }
    let m = PRIORITY.find(text)?;
    Some(Hit {
        severity: Severity::Warn,
        message: format!(
            "a priority directive aimed at the model ({}); say when the tool fits instead of \
             telling the model to always pick it",
            excerpt(m.as_str())
        ),
    })
}

/// A quote of at most 60 chars for a message.
fn excerpt(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let cut: String = one_line.chars().take(60).collect();
    if cut.len() < one_line.len() {
        format!("{cut:?}…")
    } else {
        format!("{cut:?}")
    }
}

const BASE64_MIN: usize = 40;
const HEX_MIN: usize = 64;

/// Encoded payloads: long base64 or hex runs, and HTML comments, which Markdown renderers hide
/// from the user but the model reads.
pub(super) fn encoded(text: &str) -> Option<Hit> {
    if let Some(at) = text.find("<!--") {
        let end = text[at..].find("-->").map_or(text.len(), |e| at + e + 3);
        return error(format!(
            "an HTML comment ({}); renderers hide it from the user but the model reads it, remove it",
            excerpt(&text[at..end])
        ));
    }
    for token in text.split(|c: char| c.is_whitespace() || "\"'`()[]{}<>,;".contains(c)) {
        let token = token.trim_end_matches(['.', ':', '!', '?']);
        if token.len() >= HEX_MIN && token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return error(format!(
                "a {}-char hex run; an encoded payload the user cannot read, remove it or \
                 describe what it is",
                token.len()
            ));
        }
        if is_base64_blob(token) {
            let decoded = decode_base64(token)
                .filter(|d| {
                    d.iter()
                        .filter(|b| b.is_ascii_graphic() || **b == b' ')
                        .count()
                        * 10
                        >= d.len() * 9
                })
                .map(|d| {
                    String::from_utf8_lossy(&d)
                        .chars()
                        .take(60)
                        .collect::<String>()
                });
            let mut message = format!(
                "a {}-char base64 run; an encoded payload the user cannot read, remove it or \
                 describe what it is",
                token.len()
            );
            if let Some(text) = decoded {
                message.push_str(&format!("; it decodes to {text:?}"));
            }
            return error(message);
        }
    }
    None
}

/// A token that reads as base64 rather than a word, URL, path or identifier.
fn is_base64_blob(token: &str) -> bool {
    token.len() >= BASE64_MIN
        && !token.contains("://")
        && !token.contains('.')
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=_-".contains(&b))
        && token.bytes().any(|b| b.is_ascii_uppercase())
        && token.bytes().any(|b| b.is_ascii_lowercase())
        && token.bytes().any(|b| b.is_ascii_digit())
        // Identifiers and paths have separators every few chars; encoded data runs long.
        && token
            .split(['/', '_', '-'])
            .any(|run| run.len() >= BASE64_MIN / 2)
        && case_switches(token) >= 3
}

/// How often adjacent letters switch case, in tenths: about half the time in encoded data,
/// rarely in camelCase words.
fn case_switches(token: &str) -> usize {
    let bytes = token.as_bytes();
    let (mut pairs, mut switches) = (0, 0);
    for pair in bytes.windows(2) {
        if let [a, b] = pair
            && a.is_ascii_alphabetic()
            && b.is_ascii_alphabetic()
        {
            pairs += 1;
            switches += usize::from(a.is_ascii_uppercase() != b.is_ascii_uppercase());
        }
    }
    (switches * 10).checked_div(pairs).unwrap_or(0)
}

fn decode_base64(token: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(token.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in token.trim_end_matches('=').bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xFF) as u8);
        }
    }
    Some(out)
}

static SENSITIVE_PATH: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"(?i)~/\.ssh(?-u:\b)|\.ssh/|id[_ ](?:rsa|dsa|ecdsa|ed25519)(?-u:\b)|\.aws/credentials|~/\.aws(?-u:\b)|\.git-credentials|(?:^|[\s"'`(/])\.(?:netrc|npmrc|pypirc)(?-u:\b)|/etc/(?:passwd|shadow|sudoers)(?-u:\b)|(?:^|[\s"'`(/])\.env(?:\.[a-z]+)?(?:$|[\s"'`),.;:])|(?-u:\b)mcp\.json(?-u:\b)|claude_desktop_config\.json|\.kube/config(?-u:\b)|\.docker/config\.json|(?-u:\b)wallet\.dat(?-u:\b)|\.gnupg(?-u:\b)"#,
    )
});

static READ_VERB: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:read(?:s|ing)?|cat|open|load|send|pass|include|upload|attach|provide|copy|paste|contents?|exfiltrate|post|forward|append)(?-u:\b)",
    )
});

static KEY_LITERAL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?-u:\b)sk-(?:live-|proj-|ant-|test-)?[A-Za-z0-9_-]{20,}|(?-u:\b)gh[pousr]_[A-Za-z0-9]{36,}|(?-u:\b)github_pat_[A-Za-z0-9_]{40,}|(?-u:\b)AKIA[0-9A-Z]{16}(?-u:\b)|(?-u:\b)xox[baprs]-[A-Za-z0-9-]{10,}|(?-u:\b)AIza[0-9A-Za-z_-]{35}(?-u:\b)|(?-u:\b)glpat-[A-Za-z0-9_-]{20,}|-----BEGIN [A-Z ]*PRIVATE KEY-----",
    )
});

/// Credentials: a key-like literal (error), or a path to credentials (error when a verb asks
/// to read or send it in the same sentence, a warning when it is only named, as a file search
/// tool may).
pub(super) fn secrets(text: &str) -> Option<Hit> {
    if let Some(m) = KEY_LITERAL.find(text) {
        let shown: String = m.as_str().chars().take(8).collect();
        return error(format!(
            "a credential-like literal (starting {shown:?}); a definition must never carry a \
             key, remove it and rotate the key"
        ));
    }
    let m = SENSITIVE_PATH.find(text)?;
    let path = m.as_str().trim_matches(|c: char| {
        !c.is_alphanumeric() && c != '~' && c != '.' && c != '/' && c != '_'
    });
    let sentence_start = text[..m.start()].rfind(['.', '\n']).map_or(0, |i| i + 1);
    let sentence_end = text[m.end()..]
        .find(['.', '\n'])
        .map_or(text.len(), |i| m.end() + i);
    let sentence = &text[sentence_start..sentence_end];
    if READ_VERB.is_match(sentence) {
        error(format!(
            "asks to read or send {path:?}, a file that holds credentials; a tool has no reason \
             to ask the model for it, remove the request"
        ))
    } else {
        Some(Hit {
            severity: Severity::Warn,
            message: format!(
                "names {path:?}, a file that holds credentials; check that the text does not \
                 lead the model to read or send it"
            ),
        })
    }
}

static ASKS_FOR_CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    // The context must be the model's own: a "full" or "entire" conversation, a history, "this"
    // conversation, a system prompt; "a Sentry conversation" or "post to the conversation" is
    // the tool's own data.
    re(
        r"(?i)(?-u:\b)(?:include|pass|provide|send|put|add|copy|paste|append|attach|give|share|fill|insert|summari[sz]e|repeat|dump)(?-u:\b)[^.\n]{0,40}(?-u:\b)(?:(?:full|entire|whole|complete)\s+(?:chat\s+|conversation\s+)?(?:conversation|context|history|transcript)|(?:conversation|chat|message)\s+(?:history|so\s+far|transcript|log)|(?:this|our|the\s+current)\s+conversation|system\s+(?:prompt|message)|your\s+(?:instructions|context)|(?:previous|prior|earlier|all)\s+messages|messages\s+so\s+far|context\s+window)(?-u:\b)",
    )
});

/// A request that the model hand over its context: the conversation, its system prompt, its
/// instructions.
pub(super) fn asks_for_context(text: &str) -> Option<Hit> {
    let m = ASKS_FOR_CONTEXT.find(text)?;
    error(format!(
        "asks the model to hand over its context ({}); a parameter that collects the \
         conversation or the system prompt exfiltrates it, remove it",
        excerpt(m.as_str())
    ))
}

/// Parameter names that exist to carry the model's context out (normalised: lowercase, no
/// separators).
const EXFIL_NAMES: &[&str] = &[
    "sidenote",
    "systemprompt",
    "systemmessage",
    "systeminstructions",
    "conversation",
    "conversationhistory",
    "chathistory",
    "messagehistory",
    "previousmessages",
    "priormessages",
    "allmessages",
    "fullconversation",
    "fullcontext",
    "prompthistory",
    "contextwindow",
    "modelinstructions",
];

/// Whether a parameter named `name` is shaped to exfiltrate the model's context.
pub(super) fn exfil_name(name: &str) -> bool {
    let folded: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    EXFIL_NAMES.contains(&folded.as_str())
}

#[cfg(test)]
mod tests;
