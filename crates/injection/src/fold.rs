//! What a reader sees, made into what the grammars read: invisible characters and combining
//! marks out (or, for Unicode tag characters, turned back into the ASCII they smuggle),
//! typographic quotes, fullwidth forms and English Braille's letters as ASCII, Cyrillic and
//! Greek look-alikes inside Latin words as Latin letters, and every run of spaces as one.
//!
//! A model reads through all of these; a grammar over plain words would not, so an attacker
//! could hide "ignore" as `i\u{200B}gnore` or `іgnоrе` (Cyrillic і and о). Words wholly in
//! another script stay as they are: Russian is Russian. Text hidden in base64, hex, binary or
//! `\u` escapes is appended decoded ([`decoded`]), text respelled (letters spaced apart,
//! digits for letters, rot13, backwards) is appended as it reads ([`respelled`]), and words
//! spelled in tag characters, which no reader sees, are appended after a mark that says so.

use std::borrow::Cow;

use crate::{decoded, respelled};

/// The folded form of `text`, borrowed when there is nothing to fold.
pub(crate) fn fold(text: &str) -> Cow<'_, str> {
    let unescaped = percent_decoded(text);
    let unfolded = unescaped.as_deref().unwrap_or(text);
    let folded = match &unescaped {
        Some(unescaped) => Cow::Owned(fold_chars(unescaped).into_owned()),
        None => fold_chars(text),
    };
    // What an encoding or a respelling hides is read as well, after what the text says
    // openly, each on a line of its own (the fold drops the whitespace a text starts with).
    // A respelling may be read from the text before the fold (its gaps), so it is folded.
    let hidden = decoded::hidden_text(text).map(|hidden| fold_chars(&hidden).into_owned());
    let respelled =
        respelled::respelled(&folded, unfolded).map(|view| fold_chars(&view).into_owned());
    // Words no font shows are marked as such, with the words after the mark: a text that
    // hides a sentence from its human reader writes it for a machine. The fold rewrites any
    // tag character, so a text it left as it was holds none.
    let smuggled = match &folded {
        Cow::Owned(_) if !unfolded.is_ascii() => smuggled_words(unfolded),
        _ => None,
    }
    .map(|words| format!("{SMUGGLED_MARK}{}", fold_chars(&words)));
    match (hidden, respelled, smuggled) {
        (None, None, None) => folded,
        (hidden, respelled, smuggled) => {
            let mut out = folded.into_owned();
            for view in [hidden, respelled, smuggled].into_iter().flatten() {
                out.push('\n');
                out.push_str(&view);
            }
            Cow::Owned(out)
        }
    }
}

/// The mark that opens the line [`fold`] appends after a text that hides words in Unicode tag
/// characters: itself a tag character (LANGUAGE TAG), which the fold drops from any text, so
/// no text can write the mark but the fold.
pub(crate) const SMUGGLED_MARK: char = '\u{E0001}';

/// The fewest words a run of tag characters spells to be read as hidden words: an emoji
/// flag's tag sequence spells one ("gbeng", England), a hidden sentence more.
const SMUGGLED_WORDS: usize = 3;

/// The first run of Unicode tag characters in `text` that spells `SMUGGLED_WORDS` words or
/// more, as the ASCII it spells.
fn smuggled_words(text: &str) -> Option<String> {
    // Every tag character's UTF-8 starts with this byte, which only planes 12 to 15 share:
    // most texts are let go by one search of their bytes.
    if !text.as_bytes().contains(&0xF3) {
        return None;
    }
    let mut run = String::new();
    let mut words = 0;
    for c in text.chars().chain(std::iter::once('\0')) {
        let code = c as u32;
        if (0xE0020..=0xE007E).contains(&code) {
            let ascii = char::from_u32(code - 0xE0000).unwrap_or(' ');
            if ascii != ' ' && run.chars().next_back().is_none_or(|last| last == ' ') {
                words += 1;
            }
            run.push(ascii);
        } else if words >= SMUGGLED_WORDS {
            return Some(run);
        } else {
            run.clear();
            words = 0;
        }
    }
    None
}

/// [`fold`] but for percent escapes.
fn fold_chars(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        if !needs_ascii_fold(text.as_bytes()) {
            return Cow::Borrowed(text);
        }
    } else if !needs_fold(text) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    // The word being written is `out[start..]`: it is written in place, and rewritten only
    // when it mixes Latin letters with look-alikes (rare), not copied once more per word.
    let mut word = Word::default();
    let mut space = None;
    for c in text.chars() {
        // ASCII reads as itself and is drawn like no other script: most text of a page is.
        let c = if c.is_ascii() {
            c
        } else {
            let Some(c) = visible(c) else { continue };
            c
        };
        if c.is_whitespace() {
            word.end(&mut out);
            // A run of spaces is one space, or one newline when it holds one.
            space = Some(if c == '\n' || space == Some('\n') {
                '\n'
            } else {
                ' '
            });
            continue;
        }
        if let Some(s) = space.take()
            && !out.is_empty()
        {
            out.push(s);
        }
        if c.is_alphabetic() {
            word.push(&mut out, c);
        } else {
            word.end(&mut out);
            out.push(c);
        }
    }
    word.end(&mut out);
    if let Some(s) = space
        && !out.is_empty()
    {
        out.push(s);
    }
    Cow::Owned(out)
}

/// The word being written at the end of the folded text, and what it mixes.
#[derive(Default)]
struct Word {
    start: Option<usize>,
    latin: bool,
    look_alike: bool,
}

impl Word {
    fn push(&mut self, out: &mut String, c: char) {
        self.start.get_or_insert(out.len());
        if c.is_ascii() {
            self.latin |= c.is_ascii_alphabetic();
        } else {
            self.look_alike |= look_alike(c).is_some();
        }
        out.push(c);
    }

    /// Ends the word: its look-alike letters become Latin when it mixes Latin with another
    /// script.
    fn end(&mut self, out: &mut String) {
        if let Some(start) = self.start.take()
            && self.latin
            && self.look_alike
        {
            let latin: String = out[start..]
                .chars()
                .map(|c| look_alike(c).unwrap_or(c))
                .collect();
            out.truncate(start);
            out.push_str(&latin);
        }
        self.latin = false;
        self.look_alike = false;
    }
}

/// `text` with its `%XX` escapes decoded (and `+` as a space), when it holds two or more of
/// them: a URL's query can carry a sentence ("?q=Ignore%20all%20previous…") that a model
/// reads decoded. One `%` is a percentage, not an escape.
fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let escape = |i: usize| {
        bytes[i] == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    };
    if text
        .match_indices('%')
        .filter(|&(i, _)| escape(i))
        .take(2)
        .count()
        < 2
    {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if escape(i) {
            let hex = |b: u8| char::from(b).to_digit(16).unwrap_or(0);
            // Two hex digits: at most 255.
            out.push(u8::try_from(hex(bytes[i + 1]) * 16 + hex(bytes[i + 2])).unwrap_or(b'%'));
            i += 3;
        } else {
            out.push(if bytes[i] == b'+' { b' ' } else { bytes[i] });
            i += 1;
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// Whether text that is not all ASCII has anything to fold: a char that reads as another or
/// as nothing, a run of whitespace, a letter drawn like a Latin one, whitespace at its start.
fn needs_fold(text: &str) -> bool {
    let mut previous_space = true;
    for c in text.chars() {
        let space = c.is_whitespace();
        if space && (previous_space || c != ' ' && c != '\n')
            || !c.is_ascii() && (visible(c) != Some(c) || look_alike(c).is_some())
        {
            return true;
        }
        previous_space = space;
    }
    previous_space
}

/// Whether ASCII text has whitespace to fold: a tab, a carriage return, a form feed, a
/// vertical tab, or two whitespace bytes in a row.
fn needs_ascii_fold(bytes: &[u8]) -> bool {
    let mut previous_space = true;
    for &b in bytes {
        // The vertical tab is whitespace to the fold (`char::is_whitespace`) and to the
        // grammars' `\s`, not to `is_ascii_whitespace`: left unfolded, folded text would hold
        // whitespace the looser grammars do not read as such.
        let space = b.is_ascii_whitespace() || b == 0x0B;
        if space && (previous_space || b != b' ' && b != b'\n') {
            return true;
        }
        previous_space = space;
    }
    previous_space && !bytes.is_empty()
}

/// `c` as a reader sees it: `None` when it shows nothing, the ASCII it stands for when it is a
/// typographic, fullwidth or styled form of one ("𝐈𝐠𝐧𝐨𝐫𝐞", "Ⓘⓖⓝⓞⓡⓔ"), a Unicode tag
/// character (which smuggles ASCII invisibly) or a Braille letter, and `None` for a combining
/// mark: stacked on letters they make "zalgo" text, which a model reads through, and
/// decomposed accents are not how the other languages' grammars spell their words either.
fn visible(c: char) -> Option<char> {
    let code = c as u32;
    match code {
        // Combining diacritical marks (the grapheme joiner among them), Cyrillic's, their
        // extension and supplement, those for symbols, and the combining half marks.
        0x300..=0x36F
        | 0x483..=0x489
        | 0x1AB0..=0x1AFF
        | 0x1DC0..=0x1DFF
        | 0x20D0..=0x20FF
        | 0xFE20..=0xFE2F => None,
        // A Braille cell of a letter, and the blank cell.
        0x2800 => Some(' '),
        0x2801..=0x283F => Some(braille_letter(code - 0x2800).unwrap_or(c)),
        // Letters and digits drawn in another style: mathematical bold, italic, script,
        // fraktur, double-struck, sans-serif and monospace ("fancy text"), circled and
        // squared.
        0x1D400..=0x1D6A3 => latin_letter((code - 0x1D400) % 52),
        0x1D7CE..=0x1D7FF => char::from_u32(u32::from(b'0') + (code - 0x1D7CE) % 10),
        0x24B6..=0x24E9 => latin_letter(code - 0x24B6),
        0x1F130..=0x1F149 => latin_letter(code - 0x1F130),
        0x1F150..=0x1F169 => latin_letter(code - 0x1F150),
        0x1F170..=0x1F189 => latin_letter(code - 0x1F170),
        // Soft hyphen, Arabic letter mark, Hangul fillers, Khmer inherent vowels, Mongolian
        // selectors, zero-width and bidirectional controls, word joiner and invisible
        // operators, variation selectors, byte order mark.
        0xAD
        | 0x61C
        | 0x115F
        | 0x1160
        | 0x17B4
        | 0x17B5
        | 0x180B..=0x180F
        | 0x200B..=0x200F
        | 0x202A..=0x202E
        | 0x2060..=0x206F
        | 0x3164
        | 0xFE00..=0xFE0F
        | 0xFEFF
        | 0xFFA0
        | 0x1D173..=0x1D17A
        | 0xE0100..=0xE01EF => None,
        // Tag characters spell ASCII that no font shows.
        0xE0020..=0xE007E => char::from_u32(code - 0xE0000),
        0xE0000..=0xE007F => None,
        // Fullwidth ASCII.
        0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0),
        0x3000 => Some(' '),
        _ => Some(match c {
            // The styled letters that the mathematical alphabets borrow from the letterlike
            // symbols.
            'ℂ' | 'ℭ' => 'C',
            'ℊ' => 'g',
            'ℋ' | 'ℌ' | 'ℍ' => 'H',
            'ℎ' => 'h',
            'ℐ' | 'ℑ' => 'I',
            'ℒ' => 'L',
            'ℕ' => 'N',
            'ℙ' => 'P',
            'ℚ' => 'Q',
            'ℛ' | 'ℜ' | 'ℝ' => 'R',
            'ℤ' | 'ℨ' => 'Z',
            'ℬ' => 'B',
            'ℯ' => 'e',
            'ℰ' => 'E',
            'ℱ' => 'F',
            'ℳ' => 'M',
            'ℴ' => 'o',
            // Turkish's dotted capital I and dotless small i: read as the Latin letters they
            // are drawn like ("İGNORE ALL PREVİOUS İNSTRUCTİONS"), which case folding does not
            // make them.
            'İ' => 'I',
            'ı' => 'i',
            // The two chars outside ASCII that case folding makes one with an ASCII letter:
            // the grammars' looser forms read folded text without them (`grammar::approx`).
            '\u{212A}' => 'K',
            'ſ' => 's',
            '\u{2018}' | '\u{2019}' | '\u{02BC}' | '\u{201B}' | '\u{2032}' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201F}' | '\u{2033}' => '"',
            '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' => ' ',
            '\u{2028}' | '\u{2029}' | '\u{0085}' => '\n',
            c => c,
        }),
    }
}

/// The `at`th of A to Z then a to z; in a run of 26 (the circled and squared capitals, the
/// circled small letters after them), its letter.
fn latin_letter(at: u32) -> Option<char> {
    let at = at % 52;
    let base = if at < 26 { b'A' } else { b'a' - 26 };
    char::from_u32(u32::from(base) + at)
}

/// The letter of English Braille whose six dots are `dots` (dot n as bit n - 1), if any.
fn braille_letter(dots: u32) -> Option<char> {
    const LETTERS: [u8; 26] = [
        0o01, 0o03, 0o11, 0o31, 0o21, 0o13, 0o33, 0o23, 0o12, 0o32, 0o05, 0o07, 0o15, 0o35, 0o25,
        0o17, 0o37, 0o27, 0o16, 0o36, 0o45, 0o47, 0o72, 0o55, 0o75, 0o65,
    ];
    let at = LETTERS.iter().position(|&cell| u32::from(cell) == dots)?;
    char::from_u32(u32::from(b'a') + u32::try_from(at).ok()?)
}

/// The Latin letter a Cyrillic or Greek letter is drawn like, if any.
fn look_alike(c: char) -> Option<char> {
    Some(match c {
        'а' | 'α' => 'a',
        'А' | 'Α' => 'A',
        'В' | 'Β' => 'B',
        'с' | 'ϲ' => 'c',
        'С' | 'Ϲ' => 'C',
        'е' | 'ε' => 'e',
        'Е' | 'Ε' => 'E',
        'Н' | 'Η' => 'H',
        'і' | 'ι' => 'i',
        'І' | 'Ι' => 'I',
        'ј' => 'j',
        'Ј' => 'J',
        'К' | 'Κ' => 'K',
        'к' | 'κ' => 'k',
        'М' | 'Μ' => 'M',
        'Ν' => 'N',
        'о' | 'ο' => 'o',
        'О' | 'Ο' => 'O',
        'р' | 'ρ' => 'p',
        'Р' | 'Ρ' => 'P',
        'ѕ' => 's',
        'Ѕ' => 'S',
        'Т' | 'Τ' => 'T',
        'у' => 'y',
        'У' | 'Υ' => 'Y',
        'х' | 'χ' => 'x',
        'Х' | 'Χ' => 'X',
        'Ζ' => 'Z',
        'ԁ' => 'd',
        'ԛ' => 'q',
        'ԝ' => 'w',
        'ν' => 'v',
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
