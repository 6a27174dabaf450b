//! Unit tests of the key grammar.

use super::*;

fn attrs(key: &Key<'_>) -> Vec<(String, Option<String>)> {
    key.attrs
        .iter()
        .map(|a| (a.name().to_owned(), a.value().map(str::to_owned)))
        .collect()
}

#[test]
fn role_name_and_attributes() {
    let k = parse_key(r#"button "Save \"draft\"" [disabled] [ref=e12] [cursor=pointer]"#).unwrap();
    assert_eq!(k.role, "button");
    assert_eq!(k.name.as_deref(), Some("Save \"draft\""));
    assert_eq!(
        attrs(&k),
        [
            ("disabled".into(), None),
            ("ref".into(), Some("e12".into())),
            ("cursor".into(), Some("pointer".into()))
        ]
    );
}

#[test]
fn slash_names_are_literal() {
    let k = parse_key("link / [ref=e9]").unwrap();
    assert_eq!(k.name.as_deref(), Some("/"));
    let k = parse_key("link /api/v1/ [ref=e9] [cursor=pointer]").unwrap();
    assert_eq!(k.name.as_deref(), Some("/api/v1/"));
    let k = parse_key(r"heading /Issues \d+/").unwrap();
    assert_eq!(k.name.as_deref(), Some(r"/Issues \d+/"));
    let k = parse_key("link /a/ [x]/ [ref=e2]").unwrap();
    assert_eq!(k.name.as_deref(), Some("/a/ [x]/"));
}

#[test]
fn attribute_forms() {
    let k = parse_key("generic [aria-hidden] [box=15,25,60,30] [level =  -3 ]").unwrap();
    assert_eq!(
        attrs(&k),
        [
            ("aria-hidden".into(), None),
            ("box".into(), Some("15,25,60,30".into())),
            ("level".into(), Some("-3".into()))
        ]
    );
}

#[test]
fn errors_point_at_the_problem() {
    assert_eq!(parse_key("button \"x\" [ref=e1").unwrap_err().0, 18);
    assert_eq!(parse_key("button x").unwrap_err().0, 7);
    assert_eq!(parse_key("\"x\"").unwrap_err().0, 0);
    assert_eq!(
        parse_key("button \"x").unwrap_err().1,
        ErrorKind::UnterminatedString
    );
    assert_eq!(parse_key("button [").unwrap_err().0, 8);
    assert!(parse_key("link /a [ref=e1]").is_err());
}

#[test]
fn attribute_edges() {
    let k = parse_key("button [a=] [ b ] [c= x y ] [d=[é]").unwrap();
    assert_eq!(
        attrs(&k),
        [
            ("a".into(), Some(String::new())),
            ("b".into(), None),
            ("c".into(), Some("x y".into())),
            ("d".into(), Some("[é".into())),
        ]
    );
    // The ASCII bytes a value ends at are never inside a char of another script.
    let k = parse_key("cell \"Größe\" [note=日本語 ]").unwrap();
    assert_eq!(attrs(&k), [("note".into(), Some("日本語".into()))]);
    for bad in [
        "button [=x]",
        "button [a b]",
        "button [a=b",
        "button [a]x",
        "button [a][b]",
        "button [é]",
        "button [a ",
    ] {
        assert!(parse_key(bad).is_err(), "{bad}");
    }
}
