//! Unit tests of lengths and counters.

use std::io::Write;

use serde_json::json;

use super::{CountingWriter, compact_json_len, count_utf8_chars};

#[track_caller]
fn check(value: &serde_json::Value) {
    let text = serde_json::to_string(value).unwrap();
    let len = compact_json_len(value);
    assert_eq!(
        (len.chars, len.bytes),
        (text.chars().count(), text.len()),
        "{text}"
    );
}

#[test]
fn compact_length_matches_serde_json_exactly() {
    check(&json!(null));
    check(&json!([
        true,
        false,
        0,
        -1,
        u64::MAX,
        i64::MIN,
        1.5,
        -0.0,
        1e300,
        5e-324
    ]));
    check(&json!({}));
    check(&json!([]));
    check(&json!({"a\"b\\c": "\u{0}\u{1}\u{8}\t\n\u{b}\u{c}\r\u{1f} \u{7f}/é€😀"}));
    check(&json!([[[]], {"x": {"y": [1, {"z": null}]}}, ""]));
    // Long enough for the 64-byte blocks and a remainder.
    let mixed: String = (0..300)
        .map(|i| ['a', '"', '\\', '\n', '\u{1}', 'é', '😀'][i % 7])
        .collect();
    check(&json!(mixed));
    check(&json!({mixed.clone(): mixed}));
}

#[test]
fn the_counting_writer_counts_chars_across_split_writes() {
    let text = "aé€😀b";
    let mut w = CountingWriter::new(3);
    for byte in text.as_bytes() {
        w.write_all(std::slice::from_ref(byte)).unwrap();
    }
    assert_eq!((w.chars(), w.bytes()), (5, text.len()));
    assert_eq!(w.into_complete(), None, "only 3 bytes were kept");
    assert_eq!(count_utf8_chars(text.as_bytes()), 5);
    let long = "aé€😀".repeat(50);
    assert_eq!(count_utf8_chars(long.as_bytes()), 200);
}
