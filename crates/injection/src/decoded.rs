//! Text hidden by an encoding a model reads as easily as words: a run of base64, base32,
//! base85 or hex digits, of 8-bit binary octets, of `\uXXXX` escapes, of Morse code, or
//! Ascii85.
//! "Decode this and do what it says: SWdub3Jl…" hides its order from a grammar over words, not
//! from the model; so a run long enough to hold a sentence that decodes to readable text is
//! read decoded as well.
//!
//! Honest pages hold such runs too (a hash, a token, an image inlined as base64); they decode
//! to bytes that are not text, and are let go.

/// The shortest run worth decoding: 24 base64 chars or hex digits are 18 or 12 bytes, a short
/// sentence.
const MIN_RUN: usize = 24;
/// The fewest octets or escapes of a run of binary or `\u` escapes.
const MIN_UNITS: usize = 8;
/// At most this many runs are decoded in one text, whatever its length.
const MAX_RUNS: usize = 16;

/// The readable texts hidden in `text`, each on a line of its own; `None` when it hides none.
pub(crate) fn hidden_text(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    if bytes.len() < MIN_RUN || !may_hide(bytes) {
        return None;
    }
    let mut out = String::new();
    let mut runs = 0;
    let mut i = 0;
    while i < bytes.len() && runs < MAX_RUNS {
        let (end, decoded) = if let Some((end, d)) = escapes(bytes, i) {
            (end, readable(d))
        } else if let Some((end, d)) = octets(bytes, i) {
            (end, readable(d))
        } else if let Some((end, d)) = codecs::ascii85(bytes, i) {
            (end, readable(d))
        } else if matches!(bytes[i], b'.' | b'-') {
            // A run that is not Morse is passed whole: trying it again from each of its
            // chars would take time square in its length.
            let end = i + bytes[i..]
                .iter()
                .take_while(|&&b| codecs::is_morse(b))
                .count();
            (end, codecs::morse(bytes, i).and_then(|(_, d)| readable(d)))
        } else if is_base64(bytes[i]) || codecs::is_base85(bytes[i]) {
            let run64 = bytes[i..].iter().take_while(|&&b| is_base64(b)).count();
            let run85 = bytes[i..]
                .iter()
                .take_while(|&&b| codecs::is_base85(b))
                .count();
            if run85 > run64 && run85 >= MIN_RUN {
                // Base85's signs ("%", "}", "~") end a base64 run: a run only base85 spells.
                (
                    i + run85,
                    codecs::base85(&bytes[i..i + run85]).and_then(readable),
                )
            } else {
                let end = i + run64;
                let run = &bytes[i..end];
                let decoded = (run.len() >= MIN_RUN).then(|| {
                    hex(run)
                        .or_else(|| base64(run))
                        .and_then(readable)
                        .or_else(|| codecs::base32(run).and_then(readable))
                });
                (end, decoded.flatten())
            }
        } else {
            (i + 1, None)
        };
        if let Some(text) = decoded {
            runs += 1;
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&text);
        }
        i = end.max(i + 1);
    }
    (!out.is_empty()).then_some(out)
}

/// Whether `bytes` holds the start of a run worth decoding: [`MIN_RUN`] base64, base85 or
/// Morse chars in a row, a `\u`, an Ascii85 `<~`, or two binary octets in a row. No decoding:
/// every text of a page goes through it, and almost none holds one, so each kind of run is
/// looked for by probing every [`MIN_RUN`]th byte ([`has_run`]) rather than by a walk of them
/// all, and the two-byte marks by `memchr`.
fn may_hide(bytes: &[u8]) -> bool {
    has_run(bytes, is_base64, MIN_RUN)
        || has_run(bytes, codecs::is_base85, MIN_RUN)
        || has_run(bytes, codecs::is_morse, MIN_RUN)
        || has_pair(bytes, b'\\', b'u')
        || has_pair(bytes, b'<', b'~')
        // Two octets, each with the space after it: 18 bytes of digits and spaces.
        || has_run(bytes, |b| matches!(b, b'0' | b'1' | b' '), 18) && has_octets(bytes)
}

/// Whether `bytes` holds `len` bytes in a row that `class` accepts. A run of `len` holds
/// every `len`th byte, so one byte is probed in each stretch of `len`, and only around an
/// accepted one are its neighbours read: on prose a probe lands on a space or a letter of a
/// short word, and the walk back to the word's start is a few bytes.
fn has_run(bytes: &[u8], class: impl Fn(u8) -> bool, len: usize) -> bool {
    let mut end = len - 1;
    while let Some(&b) = bytes.get(end) {
        if !class(b) {
            end += len;
            continue;
        }
        // The run through `end` starts after the nearest rejected byte within `len` of it.
        let floor = end + 1 - len;
        match bytes[floor..end].iter().rposition(|&b| !class(b)) {
            None => return true,
            Some(at) => end = floor + at + len,
        }
    }
    false
}

/// Whether `first` is followed by `second` somewhere in `bytes`.
fn has_pair(bytes: &[u8], first: u8, second: u8) -> bool {
    let mut rest = bytes;
    while let Some(at) = memchr::memchr(first, rest) {
        if rest.get(at + 1) == Some(&second) {
            return true;
        }
        rest = &rest[at + 1..];
    }
    false
}

/// Whether two binary octets follow each other, each of eight digits and a space.
fn has_octets(bytes: &[u8]) -> bool {
    let (mut bits, mut octets) = (0, 0);
    for &b in bytes {
        if b == b'0' || b == b'1' {
            bits += 1;
        } else {
            octets = if b == b' ' && bits == 8 {
                octets + 1
            } else {
                0
            };
            if octets >= 2 {
                return true;
            }
            bits = 0;
        }
    }
    false
}

/// The bytes that may stand in a base64 run (either alphabet, with its padding).
const BASE64: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'-' | b'_' | b'=');
        b += 1;
    }
    table
};

/// Whether `b` may stand in a base64 run.
fn is_base64(b: u8) -> bool {
    BASE64[usize::from(b)]
}

/// A run of hex digits of even length, as bytes.
fn hex(run: &[u8]) -> Option<Vec<u8>> {
    if !run.len().is_multiple_of(2) || !run.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    run.chunks(2)
        .map(|pair| {
            let digit = |b: u8| char::from(b).to_digit(16);
            u8::try_from(digit(pair[0])? * 16 + digit(pair[1])?).ok()
        })
        .collect()
}

/// A run of base64 (standard or URL-safe alphabet, padding optional), as bytes; `None` when
/// its length or its padding is not base64's.
fn base64(run: &[u8]) -> Option<Vec<u8>> {
    let body = run
        .strip_suffix(b"==")
        .or_else(|| run.strip_suffix(b"="))
        .unwrap_or(run);
    if body.contains(&b'=') || body.len() % 4 == 1 {
        return None;
    }
    let value = |b: u8| match b {
        b'A'..=b'Z' => Some(b - b'A'),
        b'a'..=b'z' => Some(b - b'a' + 26),
        b'0'..=b'9' => Some(b - b'0' + 52),
        b'+' | b'-' => Some(62),
        b'/' | b'_' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for &b in body {
        acc = (acc << 6) | u32::from(value(b)?);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((acc >> bits) & 0xFF).ok()?);
        }
    }
    Some(out)
}

/// Binary octets separated by single spaces ("01001001 01100111 …") from `start`: where the
/// run ends, and its bytes; `None` when fewer than [`MIN_UNITS`] start there.
fn octets(bytes: &[u8], start: usize) -> Option<(usize, Vec<u8>)> {
    let mut out = Vec::new();
    let mut i = start;
    while let Some(unit) = bytes.get(i..i + 8)
        && unit.iter().all(|b| matches!(b, b'0' | b'1'))
        && bytes.get(i + 8).is_none_or(|&b| b == b' ' || b == b'\n')
    {
        out.push(unit.iter().fold(0u8, |acc, b| (acc << 1) | (b - b'0')));
        i += 9;
    }
    (out.len() >= MIN_UNITS).then(|| ((i - 1).min(bytes.len()), out))
}

/// `\uXXXX` escapes in a row from `start`: where they end, and the text they spell; `None`
/// when fewer than [`MIN_UNITS`] start there.
fn escapes(bytes: &[u8], start: usize) -> Option<(usize, Vec<u8>)> {
    let mut units = Vec::new();
    let mut i = start;
    while let Some(&[b'\\', b'u', a, b, c, d]) = bytes.get(i..i + 6)
        && [a, b, c, d].iter().all(u8::is_ascii_hexdigit)
    {
        let digit = |x: u8| char::from(x).to_digit(16).unwrap_or(0);
        let unit = [a, b, c, d]
            .iter()
            .fold(0u32, |acc, &x| acc * 16 + digit(x));
        units.push(u16::try_from(unit).unwrap_or(0));
        i += 6;
    }
    if units.len() < MIN_UNITS {
        return None;
    }
    Some((i, String::from_utf16_lossy(&units).into_bytes()))
}

/// Decoded bytes as text when they read as a sentence: UTF-8, words with spaces between them,
/// no control chars but line breaks and tabs.
fn readable(bytes: Vec<u8>) -> Option<String> {
    let text = String::from_utf8(bytes).ok()?;
    let spaces = text.chars().filter(|&c| c == ' ').count();
    let controls = text
        .chars()
        .filter(|&c| c.is_control() && c != '\n' && c != '\t' && c != '\r')
        .count();
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    (spaces >= 2 && controls == 0 && letters * 2 >= text.chars().count()).then_some(text)
}

mod codecs;

#[cfg(test)]
mod tests;
