//! A small JavaScript scanner: tokens without comments and whitespace.
//!
//! It is not a parser. It knows enough of the lexical grammar to skip comments and to keep
//! string, template and regular-expression literals whole, so that normalizing a script never
//! strips a `//` inside a string and masking a literal never masks code. The one ambiguity of
//! JavaScript's lexical grammar, `/` as division or as the start of a regular expression, is
//! decided from the previous token, as most highlighters do. Templates nest through an explicit
//! stack, never through recursion, so no input can overflow the call stack.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An identifier or keyword, including `#private` names.
    Ident,
    /// An operator or bracket.
    Punct,
    /// A quoted string literal, quotes included.
    Str,
    /// A piece of a template literal: from its backtick or `}` to its backtick or `${`.
    Template,
    /// A regular-expression literal with its flags.
    Regex,
    /// A numeric literal.
    Number,
}

/// One token: its kind and its text in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub(crate) kind: Kind,
    pub(crate) text: &'a str,
}

/// The tokens of a source, and whether a literal or comment ran off its end.
#[derive(Debug, Clone, Default)]
pub(crate) struct Lexed<'a> {
    pub(crate) tokens: Vec<Token<'a>>,
    pub(crate) unterminated: bool,
}

/// Punctuators of more than one character, longest first so the first match is the longest.
const LONG_PUNCT: &[&str] = &[
    ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=",
    "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    "**", "<<", ">>",
];

/// Keywords after which a `/` starts a regular expression rather than a division.
const REGEX_AFTER_WORD: &[&str] = &[
    "return",
    "typeof",
    "instanceof",
    "in",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "extends",
];

pub(crate) fn lex(src: &str) -> Lexed<'_> {
    let mut out = Lexed::default();
    let bytes = src.as_bytes();
    let mut i = 0;
    // Brace depth, and the depths at which `${` substitutions were opened: a `}` at one of
    // those depths resumes the template instead of closing a block.
    let mut braces = 0usize;
    let mut templates: Vec<usize> = Vec::new();
    // For each open `(`, whether it follows `if`, `while`, `for` or `with`: after the `)` of
    // such a head a statement starts, so a `/` there opens a regular expression.
    let mut parens: Vec<bool> = Vec::new();
    let mut control_close = false;
    // Whether only whitespace and comments precede `i` on its line (for `-->` comments).
    // It starts false: a source is compiled after `return (` on the same line.
    let mut line_start = false;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        let before = out.tokens.len();
        if matches!(b, b'\n' | b'\r') {
            line_start = true;
            i += 1;
            continue;
        }
        // Annex B HTML-like comments, which `Function` bodies accept: `<!--` anywhere and
        // `-->` at the start of a line comment out the rest of the line.
        if bytes[i..].starts_with(b"<!--") || (line_start && bytes[i..].starts_with(b"-->")) {
            i = line_end(bytes, i);
            continue;
        }
        match b {
            b' ' | b'\t' | 0x0b | 0x0c => i += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = line_end(bytes, i);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => match find(bytes, i + 2, b"*/") {
                Some(end) => {
                    // A comment spanning lines counts as a line break before `-->`.
                    let body = &src.as_bytes()[i..end];
                    line_start |= body.iter().any(|&c| matches!(c, b'\n' | b'\r'))
                        || body
                            .windows(3)
                            .any(|w| w[0] == 0xe2 && w[1] == 0x80 && matches!(w[2], 0xa8 | 0xa9));
                    i = end + 2;
                }
                None => {
                    out.unterminated = true;
                    i = bytes.len();
                }
            },
            b'\'' | b'"' => {
                let (end, closed) = string_end(bytes, i + 1, b);
                out.unterminated |= !closed;
                i = end;
                push(&mut out, Kind::Str, src, start, i);
            }
            b'`' => {
                let (end, subst, closed) = template_end(bytes, i + 1);
                out.unterminated |= !closed;
                if subst {
                    templates.push(braces);
                }
                i = end;
                push(&mut out, Kind::Template, src, start, i);
            }
            b'}' if templates.last() == Some(&braces) => {
                templates.pop();
                let (end, subst, closed) = template_end(bytes, i + 1);
                out.unterminated |= !closed;
                if subst {
                    templates.push(braces);
                }
                i = end;
                push(&mut out, Kind::Template, src, start, i);
            }
            b'/' if regex_allowed(&out.tokens, control_close) => match regex_end(bytes, i + 1) {
                Some(end) => {
                    i = end;
                    push(&mut out, Kind::Regex, src, start, i);
                }
                None => {
                    // Not a closed regex on this line: read it as an operator and go on.
                    i = punct_end(bytes, i);
                    push(&mut out, Kind::Punct, src, start, i);
                }
            },
            b'0'..=b'9' => {
                i = number_end(bytes, i);
                push(&mut out, Kind::Number, src, start, i);
            }
            b'.' if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i = number_end(bytes, i);
                push(&mut out, Kind::Number, src, start, i);
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' | b'\\' | b'#' => {
                i = ident_end(src, i + 1);
                push(&mut out, Kind::Ident, src, start, i);
            }
            0x80.. => {
                let Some(c) = src.get(i..).and_then(|s| s.chars().next()) else {
                    // Not a char boundary: impossible by construction, but never loop on it.
                    i += 1;
                    continue;
                };
                if c.is_whitespace() || c == '\u{feff}' {
                    line_start |= matches!(c, '\u{2028}' | '\u{2029}');
                    i += c.len_utf8();
                } else {
                    i = ident_end(src, i + c.len_utf8());
                    push(&mut out, Kind::Ident, src, start, i);
                }
            }
            _ => {
                i = punct_end(bytes, i);
                match b {
                    b'{' => braces += 1,
                    b'}' => braces = braces.saturating_sub(1),
                    b'(' => parens.push(is_control_head(&out.tokens)),
                    b')' => control_close = parens.pop().unwrap_or(false),
                    _ => {}
                }
                push(&mut out, Kind::Punct, src, start, i);
            }
        }
        if out.tokens.len() > before {
            line_start = false;
        }
    }
    if !templates.is_empty() {
        out.unterminated = true;
    }
    out
}

fn push<'a>(out: &mut Lexed<'a>, kind: Kind, src: &'a str, start: usize, end: usize) {
    // Every boundary is next to an ASCII byte or at the end, hence a char boundary; `get`
    // keeps that an assumption that cannot panic.
    if let Some(text) = src.get(start..end) {
        out.tokens.push(Token { kind, text });
    }
}

/// Whether the `(` about to be pushed opens the head of `if`, `while`, `for` or `with`.
fn is_control_head(tokens: &[Token<'_>]) -> bool {
    let n = tokens.len();
    let word = |i: usize, w: &[&str]| {
        tokens[i].kind == Kind::Ident && w.contains(&tokens[i].text) && !is_member_name(tokens, i)
    };
    // `for await (…)` heads a loop too.
    (n > 0 && word(n - 1, &["if", "while", "for", "with"]))
        || (n > 1 && word(n - 1, &["await"]) && word(n - 2, &["for"]))
}

/// Whether the token at `i` is a property name (`x.if`), which is never a keyword.
pub(crate) fn is_member_name(tokens: &[Token<'_>], i: usize) -> bool {
    i > 0
        && tokens
            .get(i - 1)
            .is_some_and(|p| p.kind == Kind::Punct && matches!(p.text, "." | "?."))
}

fn regex_allowed(tokens: &[Token<'_>], control_close: bool) -> bool {
    let Some(prev) = tokens.last() else {
        return true;
    };
    match prev.kind {
        Kind::Punct if prev.text == ")" => control_close,
        Kind::Punct => !matches!(prev.text, "]" | "}" | "++" | "--"),
        Kind::Ident => {
            REGEX_AFTER_WORD.contains(&prev.text) && !is_member_name(tokens, tokens.len() - 1)
        }
        Kind::Template => prev.text.ends_with("${"),
        Kind::Str | Kind::Regex | Kind::Number => false,
    }
}

fn line_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && !matches!(bytes[i], b'\n' | b'\r') {
        // U+2028 and U+2029 end a line comment too.
        if bytes[i] == 0xe2
            && bytes.get(i + 1) == Some(&0x80)
            && matches!(bytes.get(i + 2), Some(0xa8 | 0xa9))
        {
            return i;
        }
        i += 1;
    }
    i
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// The end of a string literal opened before `i`, and whether it was closed.
fn string_end(bytes: &[u8], mut i: usize, quote: u8) -> (usize, bool) {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' | b'\r' => return (i, false),
            b if b == quote => return (i + 1, true),
            _ => i += 1,
        }
    }
    (bytes.len(), false)
}

/// The end of a template piece starting at `i`: after its closing backtick or its `${`.
/// Returns the end, whether it ended in `${`, and whether it ended at all.
fn template_end(bytes: &[u8], mut i: usize) -> (usize, bool, bool) {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'`' => return (i + 1, false, true),
            b'$' if bytes.get(i + 1) == Some(&b'{') => return (i + 2, true, true),
            _ => i += 1,
        }
    }
    (bytes.len(), false, false)
}

/// The end of a regular expression whose body starts at `i` (after the `/`), flags included,
/// or `None` when the line ends first.
fn regex_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    let mut in_class = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' | b'\r' => return None,
            0xe2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xa8 | 0xa9)) =>
            {
                return None;
            }
            b'[' => {
                in_class = true;
                i += 1;
            }
            b']' => {
                in_class = false;
                i += 1;
            }
            b'/' if !in_class => {
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                return Some(i);
            }
            _ => i += 1,
        }
    }
    None
}

fn number_end(bytes: &[u8], mut i: usize) -> usize {
    let hex = bytes.get(i) == Some(&b'0') && matches!(bytes.get(i + 1), Some(b'x' | b'X'));
    while i < bytes.len() {
        let b = bytes[i];
        let exponent_sign = matches!(b, b'+' | b'-') && !hex && matches!(bytes[i - 1], b'e' | b'E');
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || exponent_sign {
            i += 1;
        } else {
            break;
        }
    }
    i
}

fn ident_end(src: &str, mut i: usize) -> usize {
    let bytes = src.as_bytes();
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'\\' {
            i += 1;
        } else if b >= 0x80 {
            let c = src.get(i..).and_then(|s| s.chars().next()).unwrap_or(' ');
            if c.is_whitespace() || c == '\u{feff}' {
                break;
            }
            i += c.len_utf8();
        } else {
            break;
        }
    }
    i
}

fn punct_end(bytes: &[u8], i: usize) -> usize {
    let rest = &bytes[i..];
    for p in LONG_PUNCT {
        if rest.starts_with(p.as_bytes()) {
            return i + p.len();
        }
    }
    i + 1
}

#[cfg(test)]
mod tests;
