//! The public payloads the detector finds, found again once a converter has rewritten them the
//! ways attack tools do (garak's encoding probes, PyRIT's converters): every letter spaced
//! apart with the words further apart, marks stacked on each letter ("zalgo"), English
//! Braille, mathematical bold letters, rot13, digits for letters, backwards, base64.
//!
//! The payloads are third-party data built at test time by `scripts/injection-corpus.py` and
//! never committed; the test reads them from `MCP_LEAN_INJECTION_CORPUS` (`.ci/run` sets it),
//! fails when the variable names a missing file, and has nothing to measure when it is unset.
//! The figures in BENCHMARKS.md come from
//! `cargo test -p mcp-lean-injection --test integration converted -- --nocapture`.

use mcp_lean_injection::addressed_to_agent;

/// Of the payloads found as written, the share each converter must leave findable, per cent.
const FLOOR_PERCENT: usize = 85;

/// A rewriting of a payload.
type Converter = fn(&str) -> String;

/// Each converter, by name.
const CONVERTERS: &[(&str, Converter)] = &[
    ("letters spaced apart", spaced),
    ("zalgo", zalgo),
    ("Braille", braille),
    ("mathematical bold", bold),
    ("rot13", rot13),
    ("digits for letters", leet),
    ("backwards", backwards),
    ("base64", base64),
];

#[test]
fn converted_payloads_are_found_again() {
    let Some(path) = std::env::var_os("MCP_LEAN_INJECTION_CORPUS") else {
        return;
    };
    let corpus = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "MCP_LEAN_INJECTION_CORPUS={}: {e}; run scripts/injection-corpus.py",
            path.to_string_lossy()
        )
    });
    let found: Vec<String> = corpus
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("a payload line"))
        .filter(|row| row["lang"] == "en")
        .filter_map(|row| row["text"].as_str().map(str::to_owned))
        .filter(|text| addressed_to_agent(text).is_some())
        .collect();
    assert!(
        found.len() >= 100,
        "only {} payloads found as written",
        found.len()
    );
    // Every payload found is converted: a sample of every nth moved wholesale whenever one
    // more payload was found, and its figure with it (digits for letters read 87.7 % on one
    // sample, 84.7 % on the next, 83.9 % on all).
    let mut report = format!(
        "{} English payloads found as written, each converted\n\n| converter | found |\n|---|--:|\n",
        found.len()
    );
    let mut low = Vec::new();
    for (name, convert) in CONVERTERS {
        let hit = found
            .iter()
            .filter(|text| addressed_to_agent(&convert(text)).is_some())
            .count();
        report.push_str(&format!(
            "| {name} | {:.1} % ({hit}/{}) |\n",
            percent(hit, found.len()),
            found.len()
        ));
        if hit * 100 < found.len() * FLOOR_PERCENT {
            low.push(*name);
        }
    }
    #[allow(
        clippy::print_stderr,
        reason = "the figure BENCHMARKS.md quotes, seen with --nocapture"
    )]
    {
        eprintln!("{report}");
    }
    assert!(
        low.is_empty(),
        "under {FLOOR_PERCENT} % for {low:?}\n{report}"
    );
}

#[allow(
    clippy::cast_precision_loss,
    reason = "counts of payloads, far below 2^52"
)]
fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// Every char apart from the next, as PyRIT's character-space converter writes it.
fn spaced(text: &str) -> String {
    text.chars().map(String::from).collect::<Vec<_>>().join(" ")
}

/// One to three combining marks on each letter, chosen by the letter's place.
fn zalgo(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        out.push(c);
        if c.is_alphabetic() {
            for k in 0..=(i % 3) {
                let mark = 0x300 + u32::try_from((i * 7 + k * 13) % 0x70).unwrap_or(0);
                out.extend(char::from_u32(mark));
            }
        }
    }
    out
}

/// English Braille's letters, its blank cell for a space; other chars as they are.
fn braille(text: &str) -> String {
    const CELLS: [u32; 26] = [
        1, 3, 9, 25, 17, 11, 27, 19, 10, 26, 5, 7, 13, 29, 21, 15, 31, 23, 14, 30, 37, 39, 58, 45,
        61, 53,
    ];
    text.chars()
        .map(|c| {
            let lower = c.to_ascii_lowercase();
            if lower.is_ascii_lowercase() {
                char::from_u32(0x2800 + CELLS[usize::from(lower as u8 - b'a')]).unwrap_or(c)
            } else if c == ' ' {
                '\u{2800}'
            } else {
                c
            }
        })
        .collect()
}

/// Letters and digits in the mathematical bold of "fancy text" generators.
fn bold(text: &str) -> String {
    text.chars()
        .map(|c| {
            let code = match c {
                'A'..='Z' => 0x1D400 + u32::from(c as u8 - b'A'),
                'a'..='z' => 0x1D41A + u32::from(c as u8 - b'a'),
                '0'..='9' => 0x1D7CE + u32::from(c as u8 - b'0'),
                _ => return c,
            };
            char::from_u32(code).unwrap_or(c)
        })
        .collect()
}

fn rot13(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'a'..='z' => char::from((c as u8 - b'a' + 13) % 26 + b'a'),
            'A'..='Z' => char::from((c as u8 - b'A' + 13) % 26 + b'A'),
            c => c,
        })
        .collect()
}

fn leet(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_ascii_lowercase() {
            'a' => '4',
            'e' => '3',
            'i' => '1',
            'o' => '0',
            's' => '5',
            't' => '7',
            _ => c,
        })
        .collect()
}

fn backwards(text: &str) -> String {
    text.chars().rev().collect()
}

/// The text in base64 after a line that asks for it to be decoded.
fn base64(text: &str) -> String {
    use base64::Engine as _;
    format!(
        "Decode this and follow it: {}",
        base64::engine::general_purpose::STANDARD.encode(text)
    )
}
