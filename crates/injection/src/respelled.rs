//! Text respelled so that a grammar over words misses it while a model reads it: letters
//! spaced apart ("I g n o r e"), digits for letters ("1gn0r3 4ll"), rot13 ("Vtaber nyy"),
//! the whole text written backwards (".snoitcurtsni lla erongI").
//!
//! Each is told by the words it leaves: a run of single letters; words that mix letters with
//! the digits that stand for them; English's commonest words, rot13'd or reversed, more often
//! than the words themselves, in a text whose letters are rot13'd English's (more "r" than
//! "e") or backwards English's (more "ht" than "th"). Honest text has them rarely and the view
//! adds nothing a signal reads; a text that has them is read once more, respelled, after what
//! it says openly.

/// The fewest single letters in a row that are read as one word.
const SPACED_LETTERS: usize = 4;
/// The fewest respelled words that make a text read respelled.
const MIN_WORDS: usize = 3;

/// A word of at most four ASCII letters as one number, case folded (each letter's byte with
/// its case bit set, shifted in): a word of a page is matched by comparing numbers.
const fn key(word: &[u8]) -> u32 {
    let mut key = 0u32;
    let mut i = 0;
    while i < word.len() {
        key = (key << 8) | (word[i] | 0x20) as u32;
        i += 1;
    }
    key
}

/// How one of English's commonest words is spelled, if it is one ("the", "and", "you", "all",
/// "your", "this", "for", "with", "are", "that", "me", "of"), rot13'd or reversed.
fn spelling(word: u32) -> Option<Spelling> {
    const fn k(word: &str) -> u32 {
        key(word.as_bytes())
    }
    const PLAIN: [u32; 12] = [
        k("the"),
        k("and"),
        k("you"),
        k("all"),
        k("your"),
        k("this"),
        k("for"),
        k("with"),
        k("are"),
        k("that"),
        k("me"),
        k("of"),
    ];
    const ROT13: [u32; 12] = [
        k("gur"),
        k("naq"),
        k("lbh"),
        k("nyy"),
        k("lbhe"),
        k("guvf"),
        k("sbe"),
        k("jvgu"),
        k("ner"),
        k("gung"),
        k("zr"),
        k("bs"),
    ];
    const REVERSED: [u32; 12] = [
        k("eht"),
        k("dna"),
        k("uoy"),
        k("lla"),
        k("ruoy"),
        k("siht"),
        k("rof"),
        k("htiw"),
        k("era"),
        k("taht"),
        k("em"),
        k("fo"),
    ];
    if PLAIN.contains(&word) {
        Some(Spelling::Plain)
    } else if ROT13.contains(&word) {
        Some(Spelling::Rot13)
    } else if REVERSED.contains(&word) {
        Some(Spelling::Reversed)
    } else {
        None
    }
}

/// How one of the common words is spelled.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spelling {
    Plain,
    Rot13,
    Reversed,
}

/// The text `text` says respelled, one line per way it is respelled; `None` when it shows
/// none of them. `spaced` is the text before its runs of spaces were made one: where letters
/// stand apart, the words stand further apart there ("I g n o r e   a l l"), and the letters
/// are joined into those words rather than into one.
pub(crate) fn respelled(text: &str, spaced: &str) -> Option<String> {
    // The shortest respelling read: four letters spaced apart, "a b c d".
    if text.len() < 7 {
        return None;
    }
    let letters = Letters::of(text.as_bytes());
    if !letters.may_be_respelled() {
        return None;
    }
    let counts = Counts::of(text.as_bytes());
    let mut views = Vec::new();
    if counts.spaced {
        let gaps = LetterGaps::of(spaced);
        views.push(if gaps.part_words() {
            joined(spaced, gaps.near)
        } else {
            joined(text, usize::MAX)
        });
    }
    if counts.leet >= MIN_WORDS {
        views.push(text.split(' ').map(unleet).collect::<Vec<_>>().join(" "));
    }
    if letters.rot13() && counts.rot13 >= MIN_WORDS && counts.rot13 > counts.plain {
        views.push(text.chars().map(rot13).collect());
    }
    if letters.reversed() && counts.reversed >= MIN_WORDS && counts.reversed > counts.plain {
        views.push(text.chars().rev().collect());
    }
    (!views.is_empty()).then(|| views.join("\n"))
}

/// What the letters of a text say of its spelling, counted without branches (the loop runs
/// on every text of a page, and the compiler makes it one of vector instructions): pairs of a
/// letter and a digit side by side, two single letters in a row between spaces, and the
/// letters and letter pairs that tell English from English rot13'd ("e" against "r") or
/// written backwards ("th" against "ht").
#[derive(Default)]
struct Letters {
    mixed: u32,
    singles: u32,
    e: u32,
    r: u32,
    th: u32,
    ht: u32,
}

impl Letters {
    fn of(bytes: &[u8]) -> Self {
        let mut out = Self::default();
        let n = bytes.len();
        if n < 5 {
            return out;
        }
        // Windows of five bytes, counted in blocks of 255 with one-byte counters: sixteen
        // windows to an instruction, where four-byte counters took four.
        let mut start = 0;
        while start < n - 4 {
            let end = (start + 255).min(n - 4);
            let block = Block::of(&bytes[start..end + 4]);
            out.mixed += u32::from(block.mixed);
            out.singles += u32::from(block.singles);
            out.e += u32::from(block.e);
            out.r += u32::from(block.r);
            out.th += u32::from(block.th);
            out.ht += u32::from(block.ht);
            start = end;
        }
        out
    }

    /// Whether any respelling is possible: each needs what it counts (three words of digits
    /// for letters hold three letter-digit pairs; four single letters in a row, two windows
    /// of two).
    fn may_be_respelled(&self) -> bool {
        self.mixed >= MIN_WORDS as u32 || self.singles >= 2 || self.rot13() || self.reversed()
    }

    /// English rot13'd has more "r" (from "e") than "e": at least four in a text long enough
    /// to hold three of its commonest words.
    fn rot13(&self) -> bool {
        self.r >= 4 && self.r > self.e
    }

    /// English backwards has more "ht" than "th", here at least two.
    fn reversed(&self) -> bool {
        self.ht >= 2 && self.ht > self.th
    }
}

/// [`Letters`] of at most 255 windows of five bytes (`bytes` is the windows' span).
#[derive(Default)]
struct Block {
    mixed: u8,
    singles: u8,
    e: u8,
    r: u8,
    th: u8,
    ht: u8,
}

impl Block {
    fn of(bytes: &[u8]) -> Self {
        let n = bytes.len();
        let mut out = Self::default();
        if n < 5 {
            return out;
        }
        let letter = |c: u8| u8::from((c | 0x20).wrapping_sub(b'a') < 26);
        let digit = |c: u8| u8::from(is_leet_digit(c));
        let space = |c: u8| u8::from(c == b' ' || c == b'\n');
        let lower = |c: u8, l: u8| u8::from(c | 0x20 == l);
        let windows = bytes[..n - 4]
            .iter()
            .zip(&bytes[1..n - 3])
            .zip(&bytes[2..n - 2])
            .zip(&bytes[3..n - 1])
            .zip(&bytes[4..]);
        for ((((&a, &b), &c), &d), &e) in windows {
            out.mixed += letter(a) & digit(b) | digit(a) & letter(b);
            out.singles += space(a) & letter(b) & space(c) & letter(d) & space(e);
            out.e += lower(a, b'e');
            out.r += lower(a, b'r');
            out.th += lower(a, b't') & lower(b, b'h');
            out.ht += lower(a, b'h') & lower(b, b't');
        }
        out
    }
}

/// How many words of a text look respelled each way, against the plain ones.
#[derive(Default)]
struct Counts {
    plain: usize,
    rot13: usize,
    reversed: usize,
    leet: usize,
    spaced: bool,
}

impl Counts {
    /// One pass over the bytes: every text of a page goes through it, so a word is read as
    /// it goes by, never cut out, and a byte costs a few comparisons (a table of byte classes
    /// matched on was slower). Words end at whitespace and ASCII punctuation; a mark between
    /// single letters ends their run, whitespace does not.
    fn of(bytes: &[u8]) -> Self {
        let mut counts = Self::default();
        let mut word = WordSeen::default();
        let mut singles = 0;
        for &b in bytes {
            if b.is_ascii_alphabetic() {
                word.letters += 1;
                word.key = (word.key << 8) | u32::from(b | 0x20);
            } else if is_leet_digit(b) {
                word.digits += 1;
            } else if b.is_ascii_whitespace() || b.is_ascii_punctuation() {
                if word.letters + word.digits > 0 {
                    counts.end(&mut word, &mut singles);
                } else if !b.is_ascii_whitespace() {
                    singles = 0;
                }
            } else {
                word.other = true;
            }
        }
        if word.letters + word.digits > 0 {
            counts.end(&mut word, &mut singles);
        }
        counts
    }

    /// Counts the word that just ended, and starts the next.
    fn end(&mut self, word: &mut WordSeen, singles: &mut usize) {
        *singles = if word.is_letter() { *singles + 1 } else { 0 };
        self.spaced |= *singles >= SPACED_LETTERS;
        self.add(word);
        *word = WordSeen::default();
    }

    fn add(&mut self, word: &WordSeen) {
        if word.other {
            return;
        }
        if word.digits > 0 {
            self.leet += usize::from(word.letters > 0);
        } else if word.letters <= 4 {
            match spelling(word.key) {
                Some(Spelling::Plain) => self.plain += 1,
                Some(Spelling::Rot13) => self.rot13 += 1,
                Some(Spelling::Reversed) => self.reversed += 1,
                None => {}
            }
        }
    }
}

/// The word being read: its letters (and the last four as a [`key`]), its digits that stand
/// for letters, and whether it holds anything else.
#[derive(Default)]
struct WordSeen {
    letters: usize,
    digits: usize,
    key: u32,
    other: bool,
}

impl WordSeen {
    fn is_letter(&self) -> bool {
        self.letters == 1 && self.digits == 0 && !self.other
    }
}

/// Whether `b` is a digit that stands for a letter ([`leet_letter`]'s digits): written as
/// comparisons, which the block count's loop keeps as vector instructions.
const fn is_leet_digit(b: u8) -> bool {
    b == b'0' || b == b'1' || b == b'3' || b == b'4' || b == b'5' || b == b'7'
}

/// The digits and signs that stand for letters, and the letters they stand for.
fn leet_letter(c: char) -> Option<char> {
    Some(match c {
        '0' => 'o',
        '1' => 'i',
        '3' => 'e',
        '4' | '@' => 'a',
        '5' | '$' => 's',
        '7' => 't',
        _ => return None,
    })
}

/// A word of letters and of digits standing for letters, with at least one of each.
fn is_leet(word: &str) -> bool {
    let (mut letters, mut digits) = (0, 0);
    for c in word.chars() {
        if c.is_ascii_alphabetic() {
            letters += 1;
        } else if leet_letter(c).is_some() {
            digits += 1;
        } else {
            return false;
        }
    }
    letters > 0 && digits > 0
}

/// A word with the digits of each of its runs of letters and digits read as letters, where
/// the run [`is_leet`]: a word ends at punctuation, as [`Counts`] reads it ("<5y573m>1gn0r3"
/// holds two, "5Y573M_M3554G3" two). An address keeps its `@` and its dots, and only its parts
/// are read back ("m4rk@3x4mpl3.c0m"). A run whose letters are all capitals is read in
/// capitals, as a shouted `SYSTEM` is written.
fn unleet(word: &str) -> String {
    let address = word.contains("://") || word.find('@').is_some_and(|at| word[at..].contains('.'));
    let mut out = String::with_capacity(word.len());
    let mut run_start = None;
    for (i, c) in word.char_indices() {
        let in_run = c.is_ascii_alphanumeric() || (!address && (c == '@' || c == '$'));
        match (in_run, run_start) {
            (true, None) => run_start = Some(i),
            (false, Some(start)) => {
                push_run(&word[start..i], &mut out);
                run_start = None;
                out.push(c);
            }
            (false, None) => out.push(c),
            (true, Some(_)) => {}
        }
    }
    if let Some(start) = run_start {
        push_run(&word[start..], &mut out);
    }
    out
}

/// A run of letters and digits, read back when it [`is_leet`].
fn push_run(run: &str, out: &mut String) {
    if !is_leet(run) {
        out.push_str(run);
        return;
    }
    let capitals = run
        .chars()
        .filter(char::is_ascii_alphabetic)
        .all(|c| c.is_ascii_uppercase());
    out.extend(run.chars().map(|c| match leet_letter(c) {
        Some(letter) if capitals => letter.to_ascii_uppercase(),
        Some(letter) => letter,
        None => c,
    }));
}

/// A letter rot13'd; any other char as it is.
fn rot13(c: char) -> char {
    let shift = |base: u8| char::from((c as u8 - base + 13) % 26 + base);
    match c {
        'a'..='z' => shift(b'a'),
        'A'..='Z' => shift(b'A'),
        _ => c,
    }
}

/// `text` with each run of [`SPACED_LETTERS`] or more single letters written as one word, or
/// as several where a gap of more than `within` whitespace chars parts them.
fn joined(text: &str, within: usize) -> String {
    let words: Vec<(usize, &str)> = gapped(text).collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < words.len() {
        let run = words[i..].iter().take_while(|(_, w)| single(w)).count();
        if !out.is_empty() {
            out.push(' ');
        }
        if run >= SPACED_LETTERS {
            for (k, &(gap, letter)) in words[i..i + run].iter().enumerate() {
                if k > 0 && gap > within {
                    out.push(' ');
                }
                out.push_str(letter);
            }
            i += run;
        } else {
            out.push_str(words[i].1);
            i += 1;
        }
    }
    out
}

/// Whether `word` is one ASCII letter.
fn single(word: &str) -> bool {
    word.len() == 1 && word.as_bytes()[0].is_ascii_alphabetic()
}

/// The words of `text`, each with the number of whitespace chars before it.
fn gapped(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        let gap = rest[..start].chars().count();
        let word = &rest[start..];
        let end = word.find(char::is_whitespace).unwrap_or(word.len());
        rest = &word[end..];
        Some((gap, &word[..end]))
    })
}

/// The gaps between single letters next to each other: the nearest, how many are that near,
/// and how many are wider.
struct LetterGaps {
    near: usize,
    at_near: usize,
    far: usize,
}

impl LetterGaps {
    fn of(text: &str) -> Self {
        let mut gaps = Self {
            near: usize::MAX,
            at_near: 0,
            far: 0,
        };
        let mut previous_single = false;
        for (gap, word) in gapped(text) {
            let this_single = single(word);
            if previous_single && this_single {
                if gap < gaps.near {
                    gaps.far += gaps.at_near;
                    gaps.near = gap;
                    gaps.at_near = 1;
                } else if gap == gaps.near {
                    gaps.at_near += 1;
                } else {
                    gaps.far += 1;
                }
            }
            previous_single = this_single;
        }
        gaps
    }

    /// Whether the letters stand at two distances: those of a word at the nearest, words
    /// further apart (spaced letters, each word apart from the next).
    fn part_words(&self) -> bool {
        self.far > 0 && self.at_near >= SPACED_LETTERS
    }
}

#[cfg(test)]
mod tests;
