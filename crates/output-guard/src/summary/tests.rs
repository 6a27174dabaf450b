//! Unit tests of summaries: one `check` per notation.

use serde_json::json;

use super::summarize;
use crate::config::SummaryLimits;

#[track_caller]
fn check(value: &serde_json::Value, expected: &str) {
    assert_eq!(
        summarize(value, &SummaryLimits::default(), 100_000),
        expected
    );
}

#[test]
fn scalars_are_json() {
    check(&json!(null), "null");
    check(&json!(true), "true");
    check(&json!(-1.5), "-1.5");
    check(&json!("a\"b"), "\"a\\\"b\"");
}

#[test]
fn arrays_show_the_first_three_and_count_the_rest() {
    check(
        &json!([[1, 2, 3, 4]]),
        "[\n  Array(4) [1, 2, 3, … 1 more]\n]",
    );
    check(&json!([[1, 2]]), "[\n  [1, 2]\n]");
    check(&json!([[]]), "[\n  []\n]");
}

#[test]
fn objects_show_five_keys_and_a_count() {
    let value = json!({"o": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7}});
    check(
        &value,
        "{\n  o: Object(7 keys) {a: 1, b: 2, c: 3, d: 4, e: 5, … 2 more keys}\n}",
    );
    check(&json!({"x y": {}}), "{\n  \"x y\": {}\n}");
}

#[test]
fn long_strings_are_cut_in_the_middle() {
    let s = format!("{}{}", "a".repeat(150), "b".repeat(150));
    let expected = format!(
        "\"{}…{}\" (201 chars omitted)",
        "a".repeat(50),
        "b".repeat(49)
    );
    check(&json!(s), &expected);
}

#[test]
fn deep_values_show_only_their_size_and_keys() {
    let value = json!({"a": {"b": {"c": {"d": 1, "e": 2}, "l": [1, 2]}}});
    check(
        &value,
        "{\n  a: {b: {c: Object(2 keys) {d, e}, l: Array(2)}}\n}",
    );
    let limits = SummaryLimits {
        max_depth: 0,
        ..SummaryLimits::default()
    };
    assert_eq!(summarize(&json!([1, 2, 3]), &limits, 1000), "Array(3)");
}

#[test]
fn dom_nodes_use_the_element_notation() {
    let el = json!({
        "$type": "element", "tag": "BUTTON", "id": "go", "classes": ["btn", "primary"],
        "rect": {"x": 10.4, "y": -3.6, "width": 80, "height": -2}, "text": "Go"
    });
    check(
        &el,
        "<button id=#go class=.btn.primary> \"Go\" @ (10,-4) 80x0",
    );
    check(&json!({"$type": "element", "tag": "br"}), "<br>");
}

#[test]
fn js_descriptors_read_as_javascript() {
    check(&json!({"$type": "undefined"}), "undefined");
    check(
        &json!({"$type": "bigint", "value": "9007199254740993"}),
        "9007199254740993n",
    );
    check(&json!({"$type": "number", "value": "NaN"}), "NaN");
    check(&json!({"$type": "function", "name": ""}), "ƒ anonymous()");
    check(&json!({"$type": "circular"}), "[Circular]");
    check(
        &json!({"$type": "truncated", "className": "Foo", "size": 3}),
        "Foo(3)",
    );
    let map = json!({"m": {"$type": "map", "size": 9, "entries": [["a", 1], ["b", 2]]}});
    check(&map, "{\n  m: Map(9) {\"a\" => 1, \"b\" => 2, … 7 more}\n}");
    let set = json!({"s": {"$type": "set", "size": 0, "items": []}});
    check(&set, "{\n  s: Set(0) {}\n}");
}

#[test]
fn unknown_or_malformed_descriptors_stay_objects() {
    check(&json!({"$type": "bigint"}), "{\n  $type: \"bigint\"\n}");
    check(&json!({"$type": 5}), "{\n  $type: 5\n}");
}

#[test]
fn writing_stops_near_the_cap() {
    let limits = SummaryLimits {
        array_items: 1000,
        max_depth: 8,
        ..SummaryLimits::default()
    };
    let value = json!(vec![vec!["x".repeat(90); 100]; 100]);
    let out = summarize(&value, &limits, 10_000);
    assert!(out.len() < 10_000 + 200, "{}", out.len());
}

#[test]
fn the_depth_is_capped_even_when_the_limits_ask_for_more() {
    let limits = SummaryLimits {
        max_depth: usize::MAX,
        ..SummaryLimits::default()
    };
    let mut value = json!(1);
    for _ in 0..100 {
        value = json!([value]);
    }
    let out = summarize(&value, &limits, 100_000);
    assert_eq!(
        out.matches('[').count(),
        crate::config::MAX_SUMMARY_DEPTH,
        "{out}"
    );
    assert!(out.contains("Array(1)"), "{out}");
}
