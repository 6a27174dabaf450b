//! Conversation turns and role markers written into a text (`<|im_start|>`, `[INST]`,
//! `System:`), shouted claims of a system override, fences that claim the model's input has
//! ended, and reasoning written in the model's voice.

use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{PageWeight, Signal, Strength::PageOnly, Strength::Strong, Strength::Weak};

/// A chat template's tokens and tags: `<|im_start|>`, `[INST]`, `<system>`, `[SYSTEM]`. A tag's
/// name ends it or is followed by a space or a hyphen, so C's `#include <sys/types.h>` is no tag.
pub(super) static TURN_TOKEN: Signal = Signal {
    what: "a conversation turn or role marker",
    strength: Strong,
    page: PageWeight::Strong,
    excused: None,
    needs: &[
        &["<", "[", "##"],
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
            r"(?i)<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>|\[/?(?:INST|SYS)\]|<<\s*/?SYS\s*>>|<\s*/?\s*(?:system|instructions?|important|admin|critical|override|secret|hidden|sys|prompt)(?:[\s-][^>]{0,40})?\s*/?\s*>|<\s*end\s+of\s+(?:session|conversation|prompt|context|turn)\s*>|(?-i:\[\s*(?:SYSTEM|ADMIN|DEVELOPER|ROOT|SUDO)(?-u:\b)[^\]]{0,40}\])|(?:^|[\n.!?])\s*\[system\]\s*\S|#{2,}\s*\(\s*system[_\s]?(?:message|prompt)\s*\)",
        )
    }),
};

/// A heading that opens a system or assistant turn: `### Instruction:`, `System message:`,
/// also after a fence of dashes or hashes (`--- System override:`).
pub(super) static TURN_HEADING: Signal = Signal {
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
            r"(?i)(?m:^)\s*#{2,}\s*(?:instruction|system|response)\s*:|(?-i:(?:^|[\n.!?]\s*|[\[(>]\s*|[-#=*]{2,}\s*)(?:System|SYSTEM|Assistant|ASSISTANT)\s*(?:[Mm]essage|MESSAGE|[Pp]rompt|PROMPT|[Nn]ote|NOTE|[Oo]verride|OVERRIDE|[Ii]nstruction|INSTRUCTION)?\s*:)",
        )
    }),
};

/// A shouted claim of authority: `SYSTEM OVERRIDE`, `ADMIN_OVERRIDE`; or such an override
/// switched on as a field, in any case (`"system_override": true`).
pub(super) static OVERRIDE_CLAIM: Signal = Signal {
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
            r"\b(?:SYSTEM|ADMIN|ROOT|DEVELOPER)[\s_]+(?:OVERRIDE|MESSAGE|NOTE|PROMPT|INSTRUCTIONS?|UPDATE|ALERT|NOTICE|DIAGNOSTIC|REQUEST|MODE|AUTHORI[SZ]ATION)\b|\b(?:ADMIN_OVERRIDE|OVERRIDE\s+(?:ACTIVE|ENABLED|GRANTED))\b|(?i:\b(?:system|admin|root|developer)_override['\x22]?\s*[:=]\s*['\x22]?(?:true|yes|on|enabled|1)\b)",
        )
    }),
};

/// A `User:` or `Assistant:` label that opens a turn.
pub(super) static TURN_LABEL: Signal = Signal {
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
};

/// A fence that claims the reader's input has ended, so that what follows reads as the
/// prompt's own: `--- END OF DOCUMENT ---`, `### END OF USER INPUT ###`, `---END OF KNOWLEDGE
/// BASE---`. A page's "[End of transcript]" or "-- End of forwarded message --" ends what a
/// person reads, not a model's input, and is not read.
pub(super) static INPUT_ENDED: Signal = Signal {
    what: "a fake end of the model's input",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&["end of"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)(?:-{2,}|#{2,}|={2,}|\*{2,}|\[)\s*end\s+of\s+(?:the\s+)?(?:user\s+input|input|document|context|prompt|knowledge\s+base|data|conversation|session|instructions?|system\s+prompt)\s*(?:-{2,}|#{2,}|={2,}|\*{2,}|\])",
        )
    }),
};

/// Reasoning written as the model's own, so that the reader takes its conclusion for one it
/// reached: "Reasoning trace (assistant): I have concluded …", "As the assistant, I've
/// already reasoned that …", "System chain of thought result: …". An article says what a
/// chain of thought is; it does not hand the reader its result, nor say "I" as the assistant
/// of a conclusion already reached (a person's "as an assistant, I decided to study law" is
/// a past, and the assistant no AI).
pub(super) static REASONING_CLAIMED: Signal = Signal {
    what: "reasoning written in the model's voice",
    strength: Weak,
    page: PageWeight::Model,
    excused: None,
    needs: &[&["of thought", "of-thought", "reasoning", "assistant", "^ai^"]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\bchain[\s-]of[\s-]thought\s+(?:result|output|conclusion|analysis)s?\b|\breasoning(?:\s+(?:trace|log|steps?|notes?))?\s*\(\s*(?:the\s+)?(?:assistant|model|ai|agent)\s*\)\s*:|\bas\s+(?:(?:the|your)\s+(?:ai\s+)?assistant|an?\s+ai(?:\s+(?:assistant|model|agent))?)\s*,\s*I(?:\s+have|'ve)\s+(?:already\s+)?(?:reasoned|concluded|determined|decided|established|verified|confirmed)\b",
        )
    }),
};

#[cfg(test)]
mod tests;
