//! The looser grammars are derived here from each signal's grammar, and checked to be current;
//! `MCP_LEAN_WRITE_APPROXIMATIONS=1 cargo test -p mcp-lean-injection approximations` writes
//! them anew after a grammar changes.

use std::fmt::Write as _;

use regex_syntax::ParserBuilder;
use regex_syntax::hir::{
    Capture, Class, ClassBytes, ClassBytesRange, ClassUnicode, ClassUnicodeRange, Hir, HirKind,
    Look, Repetition,
};

use super::{approximation, hash, lower, lowered};
use crate::order::SIGNALS;

/// A class with more ranges than this outside ASCII takes every char outside ASCII.
const MANY: usize = 4;

/// A repetition bounded above this many is unbounded in the looser grammar (a bound is a copy
/// of the repeated part per step).
const FEW: u32 = 3;

/// Every char that [`lower`] changes.
fn changed() -> ClassUnicode {
    let mut class = ClassUnicode::empty();
    for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
        if lower(c) != c {
            class.push(ClassUnicodeRange::new(c, c));
        }
    }
    class
}

/// The chars folded text never holds (`fold.rs`): whitespace but a space and a newline, the
/// long s and the Kelvin sign.
fn never_folded() -> ClassUnicode {
    let mut never = ClassUnicode::new(
        ['\u{17F}', '\u{212A}']
            .into_iter()
            .map(|c| ClassUnicodeRange::new(c, c)),
    );
    for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
        if c.is_whitespace() && c != ' ' && c != '\n' {
            never.push(ClassUnicodeRange::new(c, c));
        }
    }
    never
}

/// The chars of `class` lowered: what they are in the lowered folded text.
fn lowered_class(
    class: &ClassUnicode,
    changed: &ClassUnicode,
    never: &ClassUnicode,
) -> ClassUnicode {
    let mut moved = class.clone();
    moved.intersect(changed);
    let mut out = class.clone();
    out.difference(changed);
    for c in moved.iter().flat_map(|r| r.start()..=r.end()) {
        let l = lower(c);
        out.push(ClassUnicodeRange::new(l, l));
    }
    out.difference(never);
    out
}

/// The looser grammar of `hir`, read in the lowered text.
fn loosen(hir: &Hir, changed: &ClassUnicode, never: &ClassUnicode) -> Hir {
    match hir.kind() {
        HirKind::Empty => Hir::empty(),
        HirKind::Literal(literal) => {
            let text = std::str::from_utf8(&literal.0).expect("a UTF-8 grammar's literal");
            Hir::literal(text.chars().map(lower).collect::<String>().into_bytes())
        }
        HirKind::Class(Class::Unicode(class)) => {
            let mut lowered = lowered_class(class, changed, never);
            // A class of many chars outside ASCII (a word char, anything but a full stop)
            // takes them all: a Unicode class is thousands of states to compile, and the
            // grammars' words and punctuation are told apart in ASCII.
            let mut beyond = lowered.clone();
            beyond.intersect(&ClassUnicode::new([ClassUnicodeRange::new(
                '\u{80}',
                char::MAX,
            )]));
            if beyond.ranges().len() > MANY {
                lowered.push(ClassUnicodeRange::new('\u{80}', char::MAX));
            }
            Hir::class(Class::Unicode(lowered))
        }
        HirKind::Class(Class::Bytes(class)) => {
            let mut out = ClassBytes::empty();
            for range in class.iter() {
                for b in range.start()..=range.end() {
                    if b.is_ascii_whitespace() && b != b' ' && b != b'\n' {
                        continue;
                    }
                    let l = b.to_ascii_lowercase();
                    out.push(ClassBytesRange::new(l, l));
                }
            }
            Hir::class(Class::Bytes(out))
        }
        HirKind::Look(
            Look::WordUnicode
            | Look::WordUnicodeNegate
            | Look::WordStartUnicode
            | Look::WordEndUnicode
            | Look::WordStartHalfUnicode
            | Look::WordEndHalfUnicode,
        ) => Hir::empty(),
        HirKind::Look(look) => Hir::look(*look),
        HirKind::Repetition(rep) => Hir::repetition(Repetition {
            min: rep.min,
            max: rep.max.filter(|max| *max <= FEW),
            greedy: true,
            sub: Box::new(loosen(&rep.sub, changed, never)),
        }),
        HirKind::Capture(Capture { sub, .. }) => loosen(sub, changed, never),
        HirKind::Concat(subs) => {
            Hir::concat(subs.iter().map(|s| loosen(s, changed, never)).collect())
        }
        HirKind::Alternation(subs) => {
            Hir::alternation(subs.iter().map(|s| loosen(s, changed, never)).collect())
        }
    }
}

/// `hir` as a pattern on one line: control chars and line breaks as escapes, and a group of
/// plain chars that no repetition follows written without its group.
fn one_line(hir: &Hir) -> String {
    let printed = hir.to_string();
    let mut unwrapped = String::with_capacity(printed.len());
    let mut rest = printed.as_str();
    while let Some(at) = rest.find("(?:") {
        unwrapped.push_str(&rest[..at]);
        let inner = &rest[at + 3..];
        let plain = inner
            .find(|c: char| !(c.is_alphanumeric() || c == ' ' || c == '\'' || c == '-'))
            .filter(|&end| inner[end..].starts_with(')') && end > 0)
            .filter(|&end| !inner[end + 1..].starts_with(['*', '+', '?', '{']))
            // A backslash before the group would escape its first char instead.
            .filter(|_| !unwrapped.ends_with('\\'));
        match plain {
            Some(end) => {
                unwrapped.push_str(&inner[..end]);
                rest = &inner[end + 1..];
            }
            None => {
                unwrapped.push_str("(?:");
                rest = inner;
            }
        }
    }
    unwrapped.push_str(rest);
    let mut out = String::new();
    for c in unwrapped.chars() {
        if c == '\n' {
            out.push_str("\\n");
        } else if c.is_control() || (c.is_whitespace() && c != ' ') {
            let _ = write!(out, "\\x{{{:X}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// The table of looser grammars, one line per signal's grammar.
fn table() -> String {
    let changed = changed();
    let never = never_folded();
    let mut lines = Vec::new();
    for signal in SIGNALS.iter() {
        let pattern = signal.pattern.as_str();
        let hir = ParserBuilder::new()
            .build()
            .parse(pattern)
            .unwrap_or_else(|e| panic!("{}: {e}", signal.what));
        let looser = loosen(&hir, &changed, &never);
        lines.push(format!("{:016x}\t{}", hash(pattern), one_line(&looser)));
    }
    lines.sort();
    lines.dedup();
    lines.join("\n") + "\n"
}

#[test]
fn the_approximations_are_current() {
    let table = table();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/grammar/approximations.tsv"
    );
    if std::env::var_os("MCP_LEAN_WRITE_APPROXIMATIONS").is_some() {
        std::fs::write(path, &table).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
        // This build holds the table as it was; the next one reads the new one.
        return;
    }
    let written = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        written == table,
        "src/grammar/approximations.tsv is not the grammars' own: run \
         MCP_LEAN_WRITE_APPROXIMATIONS=1 cargo test -p mcp-lean-injection approximations"
    );
    for signal in SIGNALS.iter() {
        assert!(
            approximation(signal.pattern.as_str()).is_some(),
            "{}",
            signal.what
        );
    }
}

#[test]
fn lowering_keeps_each_char_on_its_side_of_ascii() {
    assert_eq!(lower('A'), 'a');
    assert_eq!(lower('Ä'), 'ä');
    assert_eq!(lower('\u{212A}'), '\u{212A}'); // the Kelvin sign lowers to an ASCII k
    assert_eq!(lower('İ'), 'İ'); // lowers to two chars
    lowered("IGNORE Ä\nZ", |l| assert_eq!(l, "ignore ä\nz"));
    lowered("Straße", |l| assert_eq!(l, "straße"));
}

#[test]
fn folded_text_holds_none_of_the_chars_the_looser_grammars_leave_out() {
    // The looser grammars read folded text: its whitespace is a space or a newline, and the
    // two chars case folding ties to ASCII letters are those letters.
    let folded = crate::fold::fold("a\tb\u{A0}c\u{2003}\r\nd ſ\u{212A}");
    assert!(folded.starts_with("a b c\nd sK"), "{folded:?}");
    // ASCII text has a path of its own.
    assert_eq!(crate::fold::fold("a\u{0B}b\x0Cc"), "a b c");
    let never = never_folded();
    assert!(
        folded
            .chars()
            .all(|c| !never.iter().any(|r| (r.start()..=r.end()).contains(&c)))
    );
}
