//! An output that is one JSON string, kept decoded: a page's text of 20,000 lines, as
//! Playwright MCP's `browser_evaluate` returns it (one JSON string literal, its lines `\n`
//! escapes), read by line slices that add up to the string, and searched with every match
//! shown, those of its one long line each in a window of its own.

use output_guard::{
    Budget, Config, Guard, Kind, ReadLimits, ReadRequest, Reading, StoreLimits, TokenStore, Unit,
    char_len, read,
};
use serde_json::{Value, json};

fn guard(decode: bool) -> Guard {
    Guard::new(Config {
        decode_json_strings: decode,
        reusable_tokens: true,
        ..Config::default()
    })
    .unwrap()
}

fn store() -> TokenStore {
    TokenStore::new(StoreLimits::default())
}

/// 20,000 lines with 21 matches of `NEEDLE`: 15 lines with one, and line 12,345, of
/// 100,000 chars, with 6 far apart.
fn page_text() -> String {
    let mut lines: Vec<String> = (1..=20_000)
        .map(|i| format!("line {i} of the page: some text, é and € and \"quotes\"\tand a tab"))
        .collect();
    for i in 0..15 {
        lines[i * 1_300 + 7] = format!("line {} with the NEEDLE in it", i * 1_300 + 8);
    }
    let long: String = (0..100_000)
        .map(|i| if i % 17_000 == 3_000 { 'N' } else { 'x' })
        .collect();
    lines[12_344] = long.replace('N', "NEEDLE");
    lines.join("\n")
}

fn limits() -> ReadLimits {
    ReadLimits::default()
}

fn search(pattern: &str, context: usize, offset: usize, unit: Unit) -> ReadRequest {
    ReadRequest::Search {
        pattern: pattern.to_owned(),
        context,
        ignore_case: false,
        offset,
        unit,
        limit: None,
    }
}

/// The offset and unit a reading's header names next, if any.
fn next_of(reading: &Reading) -> Option<(usize, Unit)> {
    let next = reading.header.split("next: ").nth(1)?;
    let offset = next
        .split("offset ")
        .nth(1)?
        .split([',', ';'])
        .next()?
        .trim()
        .parse()
        .ok()?;
    let unit = if next.contains("unit chars") {
        Unit::Chars
    } else {
        Unit::Lines
    };
    Some((offset, unit))
}

#[test]
fn a_json_string_of_20000_lines_is_kept_decoded_and_read_by_lines_and_pattern() {
    let text = page_text();
    let json = serde_json::to_string(&text).unwrap();
    assert_eq!(json.lines().count(), 1, "the server sends one line");
    let store = store();
    let p = guard(true).json_text(json, &store);
    assert!(p.truncated && p.decoded && !p.summarized);
    assert_eq!(p.total_length, char_len(&text));
    let first = p.text.lines().next().unwrap();
    assert!(
        first.contains(", output=decodedJsonString, confirmToken="),
        "{first}"
    );
    assert!(
        p.text.contains("Output is one JSON string")
            && p.text.contains("kept decoded")
            && p.text.contains("20000 lines"),
        "{}",
        p.text
    );
    assert!(
        p.text
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("line 1 of the page"),
        "the preview shows the decoded text: {}",
        p.text
    );
    let stored = store.read(p.confirm_token.as_deref().unwrap()).unwrap();
    assert_eq!(&*stored, text.as_str());

    // Line slices, each within the limit, add up to the string.
    let mut joined = String::new();
    let mut request = ReadRequest::Slice {
        offset: 1,
        limit: Some(5_000),
        unit: Unit::Lines,
    };
    let mut readings = 0;
    loop {
        let r = read(&stored, &request, &limits()).unwrap();
        assert!(output_guard::estimate_tokens(char_len(&r.body)) + 120 <= 20_000);
        joined.push_str(&r.body);
        readings += 1;
        match next_of(&r) {
            Some((offset, unit)) => {
                request = ReadRequest::Slice {
                    offset,
                    limit: (unit == Unit::Lines).then_some(5_000),
                    unit,
                };
            }
            None => break,
        }
    }
    assert_eq!(joined, text, "the slices add up to the decoded string");
    assert!(readings >= 4, "{readings} readings");
    let r = read(
        &stored,
        &ReadRequest::Slice {
            offset: 19_999,
            limit: None,
            unit: Unit::Lines,
        },
        &limits(),
    )
    .unwrap();
    assert_eq!(
        r.header,
        format!(
            "# lines 19999-20000 of 20000 ({} chars in all); the end of the output",
            char_len(&text)
        )
    );

    // A pattern shows all 21 matches, the long line's 6 each in a window.
    for context in [0, 2] {
        let r = read(
            &stored,
            &search("NEEDLE", context, 1, Unit::Lines),
            &limits(),
        )
        .unwrap();
        assert!(
            r.header
                .starts_with("# 16 lines match /NEEDLE/ of 20000 lines (21 matches); all shown"),
            "{}",
            r.header
        );
        assert_eq!(r.body.matches("NEEDLE").count(), 21, "{}", r.body);
        let windows: Vec<&str> = r.body.lines().filter(|l| l.starts_with("12345:")).collect();
        assert_eq!(windows.len(), 6, "{}", r.body);
        assert!(
            windows
                .iter()
                .all(|w| w.contains("NEEDLE") && w.contains(" chars] …"))
        );
    }
}

#[test]
fn a_small_limit_reads_every_match_over_several_readings() {
    let text = page_text();
    let limits = ReadLimits {
        max_tokens: 400,
        ..ReadLimits::default()
    };
    let mut request = search("NEEDLE", 1, 1, Unit::Lines);
    let mut shown = 0;
    let mut readings = 0;
    let mut within_the_long_line = 0;
    loop {
        let r = read(&text, &request, &limits).unwrap();
        assert!(
            r.header.contains("(21 matches)") || r.header.contains("from "),
            "{}",
            r.header
        );
        shown += r.body.matches("NEEDLE").count();
        readings += 1;
        let Some((offset, unit)) = next_of(&r) else {
            break;
        };
        within_the_long_line += usize::from(unit == Unit::Chars);
        request = search("NEEDLE", 1, offset, unit);
        assert!(readings < 100);
    }
    assert_eq!(shown, 21, "{readings} readings");
    assert!(
        within_the_long_line > 0,
        "the long line's windows fill a reading"
    );
}

#[test]
fn json_values_that_are_strings_are_kept_decoded_too() {
    let text = page_text();
    let store = store();
    let p = guard(true).json(Value::String(text.clone()), &store);
    assert!(p.decoded && p.total_length == char_len(&text));
    assert_eq!(
        &*store.read(p.confirm_token.as_deref().unwrap()).unwrap(),
        text.as_str()
    );
    let q = guard(true).preview_json(&Value::String(text));
    assert!(q.decoded && q.text.contains("output=decodedJsonString"));
    // A string that fits passes as the JSON it is; so does anything that is not a string.
    let small = guard(true).json_text("\"a\\nb\"".to_owned(), &store);
    assert_eq!((small.text.as_str(), small.decoded), ("\"a\\nb\"", false));
    let rows: Vec<Value> = (0..2_000).map(|i| json!(format!("row {i}"))).collect();
    let array = serde_json::to_string_pretty(&rows).unwrap();
    let p = guard(true).json_text(array.clone(), &store);
    assert!(p.summarized && !p.decoded);
    assert_eq!(
        &*store.read(p.confirm_token.as_deref().unwrap()).unwrap(),
        array.as_str()
    );
}

#[test]
fn a_decoded_string_too_large_to_keep_still_gets_its_preview() {
    let text = page_text();
    let store = TokenStore::new(StoreLimits {
        max_bytes: 100_000,
        ..StoreLimits::default()
    });
    let p = guard(true).json_text(serde_json::to_string(&text).unwrap(), &store);
    assert!(p.decoded && p.confirm_token.is_none() && store.is_empty());
    assert!(char_len(&p.text) <= 2_000);
    assert!(
        p.text.contains("output=decodedJsonString") && p.text.contains("too large to keep"),
        "{}",
        p.text
    );
}

#[test]
fn without_the_setting_the_json_is_kept_as_it_came() {
    let text = page_text();
    let json = serde_json::to_string(&text).unwrap();
    let store = store();
    let p = guard(false).json_text(json.clone(), &store);
    assert!(p.truncated && !p.decoded);
    assert!(!p.text.contains("output=decodedJsonString"));
    assert_eq!(p.total_length, char_len(&json));
    let stored = store.read(p.confirm_token.as_deref().unwrap()).unwrap();
    assert_eq!(&*stored, json.as_str());
    // Even as one line, every match shows, each in its own window.
    let r = read(&stored, &search("NEEDLE", 0, 1, Unit::Lines), &limits()).unwrap();
    assert!(
        r.header
            .starts_with("# 1 lines match /NEEDLE/ of 1 lines (21 matches); all shown"),
        "{}",
        r.header
    );
    assert_eq!(r.body.matches("NEEDLE").count(), 21);
}

#[test]
fn hostile_json_never_panics_and_every_preview_fits() {
    let deep = "[".repeat(100_000);
    let deep_string = format!("{}\"x\"{}", "[".repeat(5_000), "]".repeat(5_000));
    let huge = serde_json::to_string(&"\u{1F600}\n".repeat(500_000)).unwrap();
    let escapes = format!("\"{}\"", "\\u0041\\n\\t\\\\\\\"".repeat(20_000));
    let texts = [
        deep,
        deep_string,
        huge,
        escapes,
        format!("\"{}", "a".repeat(10_000)),
        format!("\"{}\\x\"", "a".repeat(10_000)),
        format!("\"{}\\ud800\"", "a".repeat(10_000)),
        format!("\"{}\\udc00\\ud800x\"", "a".repeat(10_000)),
        format!("\"{}\\u12\"", "a".repeat(10_000)),
        format!("\"{}\u{0}\"", "a".repeat(10_000)),
        format!("\"{}\" \"b\"", "a".repeat(10_000)),
        format!(" \n\"{}\"\n ", "a\\n".repeat(10_000)),
    ];
    let guard = guard(true);
    for text in texts {
        let store = store();
        let p = guard.json_text(text.clone(), &store);
        assert!(char_len(&p.text) <= 2_000, "{}", &text[..40]);
        let Some(token) = p.confirm_token.as_deref() else {
            continue;
        };
        let stored = store.read(token).unwrap();
        if p.decoded {
            let value: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(value.as_str(), Some(&*stored));
        } else {
            assert_eq!(&*stored, text.as_str());
        }
        for request in [
            ReadRequest::Whole,
            search("a|\\\\", 3, 1, Unit::Lines),
            search("", 0, 0, Unit::Chars),
        ] {
            let _ = read(&stored, &request, &limits());
        }
    }
    let _ = guard.text("\"".repeat(5_000), Kind::Json, &store());
    let tight = Guard::new(Config {
        budget: Budget::Chars(800),
        decode_json_strings: true,
        ..Config::default()
    })
    .unwrap();
    let p = tight.json_text(
        serde_json::to_string(&"é\n".repeat(2_000)).unwrap(),
        &store(),
    );
    assert!(p.decoded && char_len(&p.text) <= 800, "{}", p.text);
}
