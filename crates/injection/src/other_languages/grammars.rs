//! The grammars of the strong signals, the same for every language other than English, each
//! built from one language's words.

use super::language::Words;
use crate::signal::{Grammar, compile};

/// An e-mail address or a URL, in any language.
const DEST: &str = r"(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+)";

/// What may stand between two parts of one grammar: words of `between` (at most `most`) in a
/// spaced language, a few chars in an unspaced one.
fn gap(w: &Words, most: usize) -> String {
    if w.unspaced {
        format!("[^。！？!?\\n]{{0,{}}}?", most * 2)
    } else {
        format!(r"\s+(?:(?:{})\s+){{0,{most}}}?", w.between)
    }
}

/// A word's edge: `\b` in a spaced language, nothing in an unspaced one.
fn edge(w: &Words) -> &'static str {
    if w.unspaced { "" } else { r"\b" }
}

/// An order to disregard instructions, verb first or verb last.
pub(super) fn disregard(w: &Words) -> Grammar {
    let e = edge(w);
    let mut forms = Vec::new();
    if !w.disregard.is_empty() {
        forms.push(format!(
            "{e}(?:{}){}(?:{}){e}",
            w.disregard,
            gap(w, 6),
            w.instructions
        ));
    }
    let before_verb = if w.unspaced {
        "[をはもの]?[^。！？!?\\n]{0,8}?".to_owned()
    } else {
        gap(w, 3)
    };
    forms.push(format!(
        "{e}(?:{}){before_verb}(?:{}){e}",
        w.instructions, w.disregard_after
    ));
    compile(&format!("(?i){}", forms.join("|")))
}

/// A system turn opened by its label, where a turn begins.
pub(super) fn system_turn(w: &Words) -> Grammar {
    compile(&format!(
        r"(?i)(?:^|[\n.!?。！？:*#>\])-]\s*)(?:{})\s*:",
        w.system_label
    ))
}

/// An address: where a request to send would send to. The verb and the secret are looked
/// for in its sentence ([`unsent`](super::unsent)), three small grammars in place of one of six orders.
pub(super) fn send_out(_: &Words) -> Grammar {
    compile(DEST)
}

/// A subject that ends where a match begins ([`Words::subject`]), after a word's edge, on the
/// match's line: a heading's last words ("Nota per il sistema") do not make the order below
/// it a statement.
pub(super) fn subject_before(w: &Words) -> Grammar {
    compile(&format!(r"(?i)(?:^|[^\w'])(?:{})[^\S\n]+$", w.subject))
}

/// A language's verbs of sending, as a grammar of their own.
pub(super) fn send_verbs(w: &Words) -> Grammar {
    words_of(w, w.send)
}

/// A language's secrets, as a grammar of their own.
pub(super) fn secrets(w: &Words) -> Grammar {
    words_of(w, w.secrets)
}

/// A class of a language's words as a grammar, from a word's edge.
fn words_of(w: &Words, words: &str) -> Grammar {
    let e = edge(w);
    compile(&format!("(?i){e}(?:{words})"))
}

/// A verb of sending with a negation before it, or after it where the language puts it there.
pub(super) fn negated_send(w: &Words) -> Grammar {
    let e = edge(w);
    let near = if w.unspaced {
        "[^。！？!?\\n]{0,4}?"
    } else {
        r"(?:\s+\S+){0,3}?\s*"
    };
    let mut forms = vec![format!("{e}(?:{}){near}(?:{}){e}", w.negation, w.send)];
    if !w.negation_after.is_empty() {
        let after = if w.unspaced {
            "[^。！？!?\\n]{0,3}?"
        } else {
            r"(?:\s+\S+){0,4}?\s+"
        };
        forms.push(format!(
            "{e}(?:{}){after}(?:{}){e}",
            w.send, w.negation_after
        ));
    }
    compile(&format!("(?i){}", forms.join("|")))
}

/// A language's own grammar of a weak signal, case folded, each alternative from a word's
/// edge in a spaced language ("ehe" is not the end of "gehe").
pub(super) fn own(w: &Words, pattern: &str) -> Grammar {
    compile(&format!("(?i){}(?:{pattern})", edge(w)))
}

/// A header that announces new instructions, after the marks that frame a header in a prompt
/// (`***`, `##`, `[`, `==`, `【`): honest pages write "new instructions" in prose, not framed.
pub(super) fn framed(words: &str) -> Grammar {
    compile(&format!(
        r"(?i)(?:\*{{2,}}|#{{2,}}|\[|={{2,}}|【)\s*(?:{words})"
    ))
}
