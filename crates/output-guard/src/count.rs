//! Lengths, token estimates, and a writer that counts output without keeping all of it.

use std::io;

use serde_json::{Map, Value};

/// The ratio behind [`estimate_tokens`]: one token per this many chars, rounded up.
///
/// Four chars per token is the usual rule of thumb for English text and code with
/// byte-pair-encoding tokenizers; JSON full of short keys and digits comes out a little
/// denser, prose in other scripts much denser. The estimate is for budgets, never billing.
pub const CHARS_PER_TOKEN: usize = 4;

/// The length of `text` as this crate counts it: Unicode scalar values (Rust `char`s), not
/// bytes and not UTF-16 code units.
///
/// # Example
///
/// ```
/// assert_eq!(output_guard::char_len("héllo"), 5);
/// assert_eq!("héllo".len(), 6);
/// ```
#[must_use]
pub fn char_len(text: &str) -> usize {
    text.chars().count()
}

/// Estimates the tokens of a text of `chars` chars: `ceil(chars / 4)` (see
/// [`CHARS_PER_TOKEN`]).
///
/// # Example
///
/// ```
/// assert_eq!(output_guard::estimate_tokens(0), 0);
/// assert_eq!(output_guard::estimate_tokens(9), 3);
/// ```
#[must_use]
pub const fn estimate_tokens(chars: usize) -> usize {
    chars.div_ceil(CHARS_PER_TOKEN)
}

/// Chars in a UTF-8 byte slice, counted as the bytes that are not continuation bytes
/// (`0b10xx_xxxx`). This works on any split of a valid UTF-8 stream, which matters because a
/// writer cannot choose where its caller cuts the chunks.
pub(crate) fn count_utf8_chars(bytes: &[u8]) -> usize {
    // Byte-sized counters over 64-byte blocks vectorize one lane per byte (see `escapes`).
    let mut chars = 0;
    let mut blocks = bytes.chunks_exact(64);
    for block in &mut blocks {
        let mut n = 0u8;
        for &b in block {
            n += u8::from((b as i8) >= -0x40);
        }
        chars += usize::from(n);
    }
    chars
        + blocks
            .remainder()
            .iter()
            .filter(|&&b| (b as i8) >= -0x40)
            .count()
}

/// An [`io::Write`] sink that counts chars and bytes and keeps only the first `keep` bytes.
///
/// Serializing into it measures an output exactly without building it: memory stays at
/// `keep` bytes whatever the size of the value.
#[derive(Debug)]
pub(crate) struct CountingWriter {
    keep: usize,
    kept: Vec<u8>,
    chars: usize,
    bytes: usize,
}

impl CountingWriter {
    pub(crate) fn new(keep: usize) -> Self {
        Self {
            keep,
            kept: Vec::new(),
            chars: 0,
            bytes: 0,
        }
    }

    pub(crate) const fn chars(&self) -> usize {
        self.chars
    }

    pub(crate) const fn bytes(&self) -> usize {
        self.bytes
    }

    /// The whole output, when it fitted in `keep` bytes.
    pub(crate) fn into_complete(self) -> Option<String> {
        if self.bytes > self.kept.len() {
            return None;
        }
        String::from_utf8(self.kept).ok()
    }
}

impl io::Write for CountingWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.chars += count_utf8_chars(buf);
        self.bytes += buf.len();
        let room = self.keep.saturating_sub(self.kept.len());
        if room > 0 {
            self.kept.extend_from_slice(&buf[..room.min(buf.len())]);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The size of a serialized output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Len {
    pub(crate) chars: usize,
    pub(crate) bytes: usize,
}

impl Len {
    const fn ascii(&mut self, n: usize) {
        self.chars += n;
        self.bytes += n;
    }

    /// A JSON string literal: quotes plus each byte, escapes counted as serde_json writes
    /// them: `\"`, `\\` and the short escapes `\b \t \n \f \r` add one byte, other control
    /// chars (`\u00XX`) five.
    fn string(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let (chars, extra) = if bytes.len() < 64 {
            // Most JSON strings are short keys and values: a plain loop whose escape branch
            // is almost never taken beats setting up the block counters.
            let (mut chars, mut extra) = (0, 0);
            for &b in bytes {
                chars += usize::from((b as i8) >= -0x40);
                if b < 0x20 || b == b'"' || b == b'\\' {
                    extra += escape_extra(b);
                }
            }
            (chars, extra)
        } else {
            let scan = scan(bytes);
            (scan.chars, scan.quotes + scan.control * 5 - scan.short * 4)
        };
        self.chars += 2 + chars + extra;
        self.bytes += 2 + bytes.len() + extra;
    }
}

/// Bytes an escape adds for a byte that serde_json escapes: control chars take `\u00XX`
/// (five more) unless they have a short escape (one more), as do `"` and `\\`.
const fn escape_extra(b: u8) -> usize {
    match b {
        0x08 | 0x09 | 0x0a | 0x0c | 0x0d | b'"' | b'\\' => 1,
        _ => 5,
    }
}

/// What one pass over a string's bytes finds.
struct Scan {
    chars: usize,
    control: usize,
    /// Control bytes with a short escape: `\b \t \n \f \r`.
    short: usize,
    quotes: usize,
}

/// Chars, control bytes (below 0x20), those with short escapes, and `"` or `\\` bytes, in
/// one pass.
fn scan(bytes: &[u8]) -> Scan {
    // Byte-sized counters over fixed 64-byte blocks let the compiler use one vector lane per
    // byte; a `usize` count per byte runs several times slower, and separate passes cost more
    // than one on the short strings that dominate JSON.
    let mut total = Scan {
        chars: 0,
        control: 0,
        short: 0,
        quotes: 0,
    };
    let mut blocks = bytes.chunks_exact(64);
    for block in &mut blocks {
        total.add(block);
    }
    total.add(blocks.remainder());
    total
}

impl Scan {
    /// Adds a block of at most 255 bytes, whose counts fit in `u8`.
    #[inline(always)]
    fn add(&mut self, block: &[u8]) {
        let (mut chars, mut control, mut short, mut quotes) = (0u8, 0u8, 0u8, 0u8);
        for &b in block {
            chars += u8::from((b as i8) >= -0x40);
            control += u8::from(b < 0x20);
            short += u8::from(matches!(b, 0x08 | 0x09 | 0x0a | 0x0c | 0x0d));
            quotes += u8::from(b == b'"' || b == b'\\');
        }
        self.chars += usize::from(chars);
        self.control += usize::from(control);
        self.short += usize::from(short);
        self.quotes += usize::from(quotes);
    }
}

/// Counts the bytes a number writes.
struct NumberLen(usize);

impl io::Write for NumberLen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One open container of the walk.
enum Frame<'a> {
    Items(std::slice::Iter<'a, Value>),
    Entries(serde_json::map::Iter<'a>),
}

/// The size of `serde_json::to_string(value)`, computed without writing it.
///
/// Strings are measured with serde_json's escape table and numbers by serde_json's own
/// number formatting into a byte counter, so the result is exact; the property tests check it
/// against `to_string` on arbitrary values. The walk keeps its own stack of open containers:
/// no recursion, and memory in proportion to the depth only.
pub(crate) fn compact_json_len(value: &Value) -> Len {
    let mut len = Len::default();
    let mut stack: Vec<Frame<'_>> = Vec::new();
    let mut next = Some(value);
    loop {
        if let Some(value) = next.take() {
            match value {
                Value::Null | Value::Bool(true) => len.ascii(4),
                Value::Bool(false) => len.ascii(5),
                Value::Number(n) => {
                    let mut counter = NumberLen(0);
                    // Writing into a counter cannot fail.
                    let _ = serde_json::to_writer(&mut counter, n);
                    len.ascii(counter.0);
                }
                Value::String(s) => len.string(s),
                Value::Array(items) => {
                    len.ascii(2 + items.len().saturating_sub(1));
                    stack.push(Frame::Items(items.iter()));
                }
                Value::Object(map) => {
                    len.ascii(object_punctuation(map));
                    stack.push(Frame::Entries(map.iter()));
                }
            }
        }
        match stack.last_mut() {
            None => return len,
            Some(Frame::Items(items)) => match items.next() {
                Some(item) => next = Some(item),
                None => {
                    stack.pop();
                }
            },
            Some(Frame::Entries(entries)) => match entries.next() {
                Some((key, item)) => {
                    len.string(key);
                    next = Some(item);
                }
                None => {
                    stack.pop();
                }
            },
        }
    }
}

/// Braces, commas and colons of an object.
fn object_punctuation(map: &Map<String, Value>) -> usize {
    2 + map.len().saturating_sub(1) + map.len()
}

#[cfg(test)]
mod tests;
