//! Unit tests of the scanner.

use super::*;

fn texts(src: &str) -> Vec<&str> {
    lex(src).tokens.iter().map(|t| t.text).collect()
}

fn kinds(src: &str) -> Vec<Kind> {
    lex(src).tokens.iter().map(|t| t.kind).collect()
}

#[test]
fn skips_comments_and_whitespace() {
    assert_eq!(texts("a /* b */ + // c\n d"), ["a", "+", "d"]);
    assert_eq!(texts("a\u{2028}// c\u{2028}b"), ["a", "b"]);
    assert_eq!(texts("a\u{a0}b"), ["a", "b"]);
}

#[test]
fn keeps_comment_markers_inside_literals() {
    assert_eq!(
        texts(r#"f("// not a comment", '/* nor */')"#),
        ["f", "(", "\"// not a comment\"", ",", "'/* nor */'", ")"]
    );
    assert_eq!(
        texts(r#"s = "a\"b" + 1"#),
        ["s", "=", r#""a\"b""#, "+", "1"]
    );
}

#[test]
fn reads_regex_or_division_from_context() {
    assert_eq!(kinds("x = /a\\/[/]b/g.test(s)")[2], Kind::Regex);
    assert_eq!(texts("x = /a\\/[/]b/g.test(s)")[2], "/a\\/[/]b/g");
    assert_eq!(texts("a / b / c"), ["a", "/", "b", "/", "c"]);
    assert_eq!(texts("(a) / 2"), ["(", "a", ")", "/", "2"]);
    assert_eq!(texts("i++ / 2"), ["i", "++", "/", "2"]);
    assert_eq!(kinds("return /x/")[1], Kind::Regex);
}

#[test]
fn templates_nest_through_substitutions() {
    let src = "`a ${b + `c ${d} e`} f` + g";
    assert_eq!(
        texts(src),
        ["`a ${", "b", "+", "`c ${", "d", "} e`", "} f`", "+", "g"]
    );
    assert!(!lex(src).unterminated);
    assert_eq!(
        texts("`${ {a: 1}.a }`"),
        ["`${", "{", "a", ":", "1", "}", ".", "a", "}`"]
    );
}

#[test]
fn numbers_and_punctuators() {
    assert_eq!(
        texts("1e-5+0x1F+.5+1_000n"),
        ["1e-5", "+", "0x1F", "+", ".5", "+", "1_000n"]
    );
    assert_eq!(
        texts("a?.b ?? c >>>= d => e"),
        ["a", "?.", "b", "??", "c", ">>>=", "d", "=>", "e"]
    );
}

#[test]
fn flags_unterminated_literals() {
    for src in ["'abc", "`abc", "`${a", "/* x", "\"a\nb\""] {
        assert!(lex(src).unterminated, "{src:?}");
    }
    assert!(!lex("'a' `b` /* c */").unterminated);
}

#[test]
fn never_panics_on_odd_bytes() {
    for src in [
        "\\",
        "'\\",
        "`\\",
        "/\\",
        "é'\\é",
        "#",
        "\u{feff}x",
        "0e",
        "a\u{2029}b",
        "/[/",
        "}}}`",
    ] {
        let _ = lex(src);
    }
}

#[test]
fn html_like_comments_and_control_heads() {
    assert_eq!(texts("a <!-- b\nc"), ["a", "c"]);
    assert_eq!(texts("a\n--> b\nc"), ["a", "c"]);
    assert_eq!(texts("a --> b"), ["a", "--", ">", "b"]);
    assert_eq!(texts("a /*\n*/ --> b\nc"), ["a", "c"]);
    assert_eq!(kinds("if (a) /x/.test(s)")[4], Kind::Regex);
    assert_eq!(kinds("f(a) / x / 2")[4], Kind::Punct);
    assert_eq!(kinds("o.if(a) / x / 2")[6], Kind::Punct);
    assert_eq!(kinds("o.return / x / 2")[3], Kind::Punct);
}
