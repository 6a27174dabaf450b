//! `TD-MIXED-LANG`: descriptions that mix scripts, or a tool described in another language
//! than the rest of its list.
//!
//! Writing systems come from Unicode blocks. Within the Latin script the language is told by
//! function words (articles, prepositions, conjunctions), the oldest and most robust signal
//! for short texts; only languages with enough of them to decide are compared. Code-like
//! tokens (identifiers, paths, URLs, acronyms) are left out: a Chinese description naming
//! `browser_navigate` or JSON is not mixed.

use super::{At, Sink};
use crate::finding::Severity::Info as I;
use crate::model::Tool;

/// Words of a script a description must have before that script counts.
const MIN_UNITS: usize = 4;
/// Share of the words the second script must have for a description to be mixed.
const MIN_SHARE: f64 = 0.2;
/// Function-word hits before a Latin-script language is decided.
const MIN_HITS: usize = 3;

/// Function words that are frequent in one language and rare as words of the others.
const FUNCTION_WORDS: &[(&str, &[&str])] = &[
    (
        "English",
        &[
            "the", "and", "of", "to", "is", "are", "with", "this", "that", "from", "when", "which",
            "for", "or", "an", "it", "be", "by", "on", "use", "returns",
        ],
    ),
    (
        "Spanish",
        &[
            "el", "los", "las", "del", "una", "para", "con", "que", "por", "es", "este", "esta",
            "cuando", "como", "se", "al", "uno", "sus",
        ],
    ),
    (
        "French",
        &[
            "le", "les", "des", "une", "pour", "avec", "est", "dans", "cette", "qui", "sur", "du",
            "au", "aux", "ou", "être", "sont",
        ],
    ),
    (
        "German",
        &[
            "der", "das", "und", "mit", "für", "ist", "eine", "einen", "wenn", "nicht", "von",
            "zu", "den", "dem", "oder", "wird", "auf",
        ],
    ),
    (
        "Portuguese",
        &[
            "os", "uma", "para", "com", "não", "dos", "das", "é", "em", "ao", "seu", "sua",
            "quando", "pelo", "pela",
        ],
    ),
    (
        "Italian",
        &[
            "il", "gli", "della", "per", "con", "una", "è", "che", "di", "nel", "nella", "sono",
            "questo", "quando", "degli",
        ],
    ),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Script {
    Latin,
    Cyrillic,
    Greek,
    Arabic,
    Hebrew,
    Devanagari,
    Thai,
    Hangul,
    /// Han and kana together: Japanese writes both, Chinese only Han.
    Cjk,
}

impl Script {
    fn of(c: char) -> Option<Self> {
        let u = u32::from(c);
        Some(match u {
            _ if c.is_ascii_alphabetic() => Self::Latin,
            0x00C0..=0x024F | 0x1E00..=0x1EFF if c.is_alphabetic() => Self::Latin,
            0x0370..=0x03FF => Self::Greek,
            0x0400..=0x052F => Self::Cyrillic,
            0x0590..=0x05FF => Self::Hebrew,
            0x0600..=0x06FF | 0x0750..=0x077F => Self::Arabic,
            0x0900..=0x097F => Self::Devanagari,
            0x0E00..=0x0E7F => Self::Thai,
            0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => Self::Hangul,
            0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF => Self::Cjk,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Self::Latin => "Latin",
            Self::Cyrillic => "Cyrillic",
            Self::Greek => "Greek",
            Self::Arabic => "Arabic",
            Self::Hebrew => "Hebrew",
            Self::Devanagari => "Devanagari",
            Self::Thai => "Thai",
            Self::Hangul => "Hangul",
            Self::Cjk => "Chinese/Japanese",
        }
    }
}

/// What a description is written in, as far as it can be told.
struct Written {
    /// Word counts per script, most first.
    scripts: Vec<(Script, usize)>,
    /// The Latin-script language, when its function words decide it.
    language: Option<&'static str>,
}

impl Written {
    fn of(text: &str) -> Self {
        let mut counts: Vec<(Script, usize)> = Vec::new();
        let mut hits = vec![0usize; FUNCTION_WORDS.len()];
        let mut bump = |s: Script, n: usize| match counts.iter_mut().find(|(k, _)| *k == s) {
            Some((_, c)) => *c += n,
            None => counts.push((s, n)),
        };
        for token in text.split_whitespace() {
            if is_code(token) {
                continue;
            }
            for word in token.split(|c: char| !c.is_alphabetic()) {
                let Some(script) = word.chars().next().and_then(Script::of) else {
                    continue;
                };
                if script == Script::Cjk {
                    // No spaces between words: two characters make about one word.
                    bump(script, word.chars().count().div_ceil(2));
                    continue;
                }
                if word.chars().count() < 2 && script == Script::Latin && word != "é" {
                    continue;
                }
                bump(script, 1);
                if script == Script::Latin {
                    let lower = word.to_lowercase();
                    for (i, (_, words)) in FUNCTION_WORDS.iter().enumerate() {
                        if words.contains(&lower.as_str()) {
                            hits[i] += 1;
                        }
                    }
                }
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut ranked: Vec<(usize, &'static str)> = hits
            .iter()
            .zip(FUNCTION_WORDS)
            .map(|(&h, (name, _))| (h, *name))
            .collect();
        ranked.sort_by_key(|r| std::cmp::Reverse(r.0));
        let language = match ranked.as_slice() {
            [(top, name), (second, _), ..] if *top >= MIN_HITS && *top >= 2 * second => Some(*name),
            _ => None,
        };
        Self {
            scripts: counts,
            language,
        }
    }

    /// The main script, when the description has enough words to tell.
    fn script(&self) -> Option<Script> {
        self.scripts
            .first()
            .filter(|(_, n)| *n >= MIN_UNITS)
            .map(|(s, _)| *s)
    }

    /// What the whole description is in: a language for Latin script, else the script.
    fn label(&self) -> Option<&'static str> {
        match self.script()? {
            Script::Latin => self.language,
            other => Some(other.name()),
        }
    }

    /// The second script, when it is a real part of the text.
    fn mixed(&self) -> Option<(Script, Script)> {
        let total: usize = self.scripts.iter().map(|(_, n)| n).sum();
        let (first, _) = *self.scripts.first()?;
        let (second, n) = *self.scripts.get(1)?;
        #[allow(clippy::cast_precision_loss, reason = "word counts")]
        let share = n as f64 / total as f64;
        (n >= MIN_UNITS && share >= MIN_SHARE).then_some((first, second))
    }
}

/// Identifiers, paths, URLs, acronyms and numbers: text that is the same in every language.
fn is_code(token: &str) -> bool {
    let t = token.trim_matches(|c: char| !c.is_alphanumeric());
    t.contains([
        '_', '/', '.', ':', '`', '@', '#', '=', '<', '>', '{', '}', '(', ')',
    ]) || (t.chars().filter(|c| c.is_uppercase()).count() >= 2
        && t.chars().all(|c| !c.is_lowercase()))
        || t.chars().skip(1).any(|c| c.is_ascii_uppercase())
        || t.chars().any(|c| c.is_ascii_digit())
}

pub(super) fn check(sink: &mut Sink<'_>, tools: &[Tool]) {
    if !sink.on("TD-MIXED-LANG") {
        return;
    }
    let profiles: Vec<Option<Written>> = tools
        .iter()
        .map(|t| t.description().map(Written::of))
        .collect();
    let mut labels: Vec<(&'static str, usize)> = Vec::new();
    for label in profiles.iter().flatten().filter_map(Written::label) {
        match labels.iter_mut().find(|(l, _)| *l == label) {
            Some((_, n)) => *n += 1,
            None => labels.push((label, 1)),
        }
    }
    labels.sort_by_key(|l| std::cmp::Reverse(l.1));
    let majority = match labels.as_slice() {
        [(label, n), rest @ ..] if *n >= 2 && rest.first().is_none_or(|(_, m)| m < n) => {
            Some((*label, *n))
        }
        _ => None,
    };
    let told: usize = labels.iter().map(|(_, n)| n).sum();
    for (index, (tool, profile)) in tools.iter().zip(&profiles).enumerate() {
        let Some(profile) = profile else { continue };
        let at = Some(At { index, tool });
        if let Some((first, second)) = profile.mixed() {
            sink.emit(
                "TD-MIXED-LANG",
                I,
                at,
                "/description",
                format!(
                    "description mixes {} and {} text; write it in one language (keep \
                     identifiers as they are)",
                    first.name(),
                    second.name()
                ),
            );
            continue;
        }
        if let (Some(label), Some((main, n))) = (profile.label(), majority)
            && label != main
        {
            sink.emit(
                "TD-MIXED-LANG",
                I,
                at,
                "/description",
                format!(
                    "description is in {label} while {n} of the {told} descriptions whose \
                     language is clear are in {main}; describe every tool in one language so \
                     the model can compare them"
                ),
            );
        }
    }
}
