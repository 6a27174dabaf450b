//! Three more encodings a model reads: base32 (a run of `A`–`Z` and `2`–`7`), Ascii85 between
//! its `<~` and `~>` marks, and Morse code (dots and dashes, letters apart by a space, words
//! by a `/`). Each is told apart from honest text by its alphabet and decoded only when the
//! result reads as a sentence ([`readable`](super::readable)).

/// A run of base32 (RFC 4648's alphabet, padding optional), as bytes; `None` when a char is
/// not base32's.
pub(super) fn base32(run: &[u8]) -> Option<Vec<u8>> {
    let body = run
        .iter()
        .rposition(|&b| b != b'=')
        .map_or(&run[..0], |last| &run[..=last]);
    let mut out = Vec::with_capacity(body.len() * 5 / 8);
    let mut acc = 0u64;
    let mut bits = 0;
    for &b in body {
        let value = match b {
            b'A'..=b'Z' => b - b'A',
            b'2'..=b'7' => b - b'2' + 26,
            _ => return None,
        };
        acc = (acc << 5) | u64::from(value);
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((acc >> bits) & 0xFF).ok()?);
        }
    }
    Some(out)
}

/// The Ascii85 text between `<~` at `start` and the next `~>`: where it ends, and its bytes;
/// `None` when `start` holds no `<~`, or a char before the `~>` is not Ascii85's. The walk
/// stops at the first `~`, so the texts tried from every `<~` of a text never overlap.
pub(super) fn ascii85(bytes: &[u8], start: usize) -> Option<(usize, Vec<u8>)> {
    let body_start = start + 2;
    if bytes.get(start..body_start)? != b"<~" {
        return None;
    }
    let mut out = Vec::new();
    let mut group = [0u8; 5];
    let mut n = 0;
    let mut i = body_start;
    loop {
        match *bytes.get(i)? {
            b'~' => break,
            b'z' if n == 0 => out.extend_from_slice(&[0; 4]),
            b @ b'!'..=b'u' => {
                group[n] = b - b'!';
                n += 1;
                if n == 5 {
                    out.extend_from_slice(&group_bytes(&group)?);
                    n = 0;
                }
            }
            b if b.is_ascii_whitespace() => {}
            _ => return None,
        }
        i += 1;
    }
    if bytes.get(i + 1) != Some(&b'>') {
        return None;
    }
    if n > 0 {
        // A last group of `n` chars stands for `n - 1` bytes, padded with the highest digit.
        group[n..].fill(84);
        out.extend_from_slice(&group_bytes(&group)?[..n - 1]);
    }
    Some((i + 2, out))
}

/// Base85's digits in order (RFC 1924's alphabet, as Python's `b85encode` and git's binary
/// patches write it): a run of them has no delimiters, unlike Ascii85's `<~ ~>`.
const BASE85_DIGITS: &[u8; 85] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";

/// Each byte's base85 digit plus one; 0 for a byte that is not one.
const BASE85: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 85 {
        table[BASE85_DIGITS[i] as usize] = i as u8 + 1;
        i += 1;
    }
    table
};

/// Whether `b` is a base85 digit.
pub(super) fn is_base85(b: u8) -> bool {
    BASE85[usize::from(b)] != 0
}

/// A run of base85 digits as bytes; `None` when a char is not a digit or a group overflows.
/// A last group of one char stands for no byte and adds none: a run taken from a page may end
/// with a sign of its sentence (`!`, `;`).
pub(super) fn base85(run: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(run.len() / 5 * 4 + 4);
    for chunk in run.chunks(5) {
        let mut group = [84u8; 5];
        for (digit, &b) in group.iter_mut().zip(chunk) {
            *digit = BASE85[usize::from(b)].checked_sub(1)?;
        }
        let bytes = group_bytes(&group)?;
        // A last group of `n` chars stands for `n - 1` bytes, padded with the highest digit.
        out.extend_from_slice(bytes.get(..chunk.len().checked_sub(1)?)?);
    }
    Some(out)
}

/// The four bytes of five Ascii85 digits; `None` when they overflow 32 bits.
fn group_bytes(digits: &[u8; 5]) -> Option<[u8; 4]> {
    let value = digits.iter().try_fold(0u32, |acc, &d| {
        acc.checked_mul(85)?.checked_add(u32::from(d))
    })?;
    Some(value.to_be_bytes())
}

/// Whether `b` may stand in Morse code: a dot, a dash, a space or a word's `/`.
pub(super) fn is_morse(b: u8) -> bool {
    matches!(b, b'.' | b'-' | b' ' | b'/')
}

/// Morse code from `start` to the end of its run: where the run ends, and its text; `None`
/// when a letter is not Morse's or fewer than [`MIN_UNITS`](super::MIN_UNITS) letters start
/// there.
pub(super) fn morse(bytes: &[u8], start: usize) -> Option<(usize, Vec<u8>)> {
    let end = start + bytes[start..].iter().take_while(|&&b| is_morse(b)).count();
    let mut out = Vec::new();
    let mut letters = 0;
    for word in bytes[start..end].split(|&b| b == b'/') {
        let mut spelled = false;
        for code in word.split(|&b| b == b' ').filter(|c| !c.is_empty()) {
            out.push(letter(code)?);
            letters += 1;
            spelled = true;
        }
        if spelled {
            out.push(b' ');
        }
    }
    (letters >= super::MIN_UNITS).then_some((end, out))
}

/// The letter or digit one Morse code stands for.
fn letter(code: &[u8]) -> Option<u8> {
    const CODES: [(&[u8], u8); 39] = [
        (b".-", b'a'),
        (b"-...", b'b'),
        (b"-.-.", b'c'),
        (b"-..", b'd'),
        (b".", b'e'),
        (b"..-.", b'f'),
        (b"--.", b'g'),
        (b"....", b'h'),
        (b"..", b'i'),
        (b".---", b'j'),
        (b"-.-", b'k'),
        (b".-..", b'l'),
        (b"--", b'm'),
        (b"-.", b'n'),
        (b"---", b'o'),
        (b".--.", b'p'),
        (b"--.-", b'q'),
        (b".-.", b'r'),
        (b"...", b's'),
        (b"-", b't'),
        (b"..-", b'u'),
        (b"...-", b'v'),
        (b".--", b'w'),
        (b"-..-", b'x'),
        (b"-.--", b'y'),
        (b"--..", b'z'),
        (b"-----", b'0'),
        (b".----", b'1'),
        (b"..---", b'2'),
        (b"...--", b'3'),
        (b"....-", b'4'),
        (b".....", b'5'),
        (b"-....", b'6'),
        (b"--...", b'7'),
        (b"---..", b'8'),
        (b"----.", b'9'),
        (b".-.-.-", b'.'),
        (b"--..--", b','),
        (b"..--..", b'?'),
    ];
    CODES.iter().find(|(c, _)| *c == code).map(|&(_, l)| l)
}
