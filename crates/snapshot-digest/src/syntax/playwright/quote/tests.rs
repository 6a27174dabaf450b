//! Unit tests of the quoting rules against Playwright's documented cases.

use super::*;

#[test]
fn numbers_as_javascript_reads_them() {
    for s in [
        "123",
        "-1.2",
        "1.",
        ".5",
        "1e5",
        "1E+5",
        "0x1F",
        "0b101",
        "0o17",
        "Infinity",
        "+Infinity",
    ] {
        assert!(is_js_number(s), "{s} is a number");
    }
    for s in [
        "1,200", ".", "e5", "1e", "0x", "0xZ", "infinity", "1.2.3", "12px", "+-1",
    ] {
        assert!(!is_js_number(s), "{s} is not a number");
    }
}

#[test]
fn values_quoted_like_playwright() {
    let quoted = [
        "",
        " a",
        "a ",
        "one:",
        "\"two",
        "'three",
        "`four",
        ") {",
        "} [",
        "[Select all]",
        "@hello",
        "]hello",
        "#hello",
        "-",
        "False",
        "NULL",
        "123",
        "-1.2",
        "a #b",
        "a\nb",
        "~",
        ".inf",
        "-.NaN",
        "Yes",
        "a: b",
        "\u{a0}x",
        "x\u{feff}",
        "a\u{7f}b",
    ];
    for s in quoted {
        assert!(needs_quotes(s), "{s:?} needs quotes");
    }
    for s in [
        "hello",
        "1,200",
        "a:b",
        "a#b",
        "http://x.y/z",
        "Tab",
        "x~",
        "\u{eab2}hello",
    ] {
        assert!(!needs_quotes(s), "{s:?} needs no quotes");
    }
}

#[test]
fn value_escapes() {
    let mut out = String::new();
    write_value(&mut out, "a\"b\\c\u{1}\u{85}\t");
    assert_eq!(out, r#""a\"b\\c\x01\x85\t""#);
}

#[test]
fn key_and_name_escapes() {
    let mut name = String::from("button ");
    write_name(&mut name, "Click ' me \"x\"\u{1b}", NameForm::Quoted);
    let mut out = String::new();
    write_key(&mut out, &name);
    assert_eq!(out, r#"button "Click ' me \"x\"\u001b""#);
    let mut out = String::new();
    write_key(&mut out, "button \"Click: me\"");
    assert_eq!(out, r#"'button "Click: me"'"#);
    let mut out = String::new();
    write_key(&mut out, "button \"it's: x\"");
    assert_eq!(out, r#"'button "it''s: x"'"#);
}
