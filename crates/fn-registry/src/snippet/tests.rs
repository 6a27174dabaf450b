//! Unit tests of the snippet text and the result reader.

use serde_json::json;

use super::*;

#[test]
fn literal_escapes_html_and_line_separators() {
    assert_eq!(js_string_literal("a"), "\"a\"");
    assert_eq!(js_string_literal("<>&"), r#""\u003c\u003e\u0026""#);
    assert_eq!(js_string_literal("\u{2028}\u{2029}"), r#""\u2028\u2029""#);
    assert_eq!(js_string_literal("\\\"\n"), r#""\\\"\n""#);
    // The literal is still JSON and decodes to the input.
    let hostile = "</script><!-- \u{2028} \\u003c \"); x(); (\"";
    let back: String = serde_json::from_str(&js_string_literal(hostile)).unwrap();
    assert_eq!(back, hostile);
}

#[test]
fn values_appear_only_as_literals() {
    let name = FunctionName::new("getX").unwrap();
    let js = install(&name, "() => \"</script>\"");
    assert!(js.contains("var name = \"getX\";\n"));
    assert!(js.contains(r#"var source = "() =\u003e \"\u003c/script\u003e\"";"#));
    assert!(!js.contains("</script>"));
    let js = call(&name, "[\"a\u{2028}\"]");
    assert!(js.contains(r#"var argsJson = "[\"a\u2028\"]";"#));
}

#[test]
fn reads_outcomes() {
    assert_eq!(
        Outcome::from_value(&json!({"ok": true})).unwrap(),
        Outcome::Ok(json!(null))
    );
    let failed =
        Outcome::from_value(&json!({"ok": false, "error": {"kind": "weird", "message": "m"}}))
            .unwrap();
    assert_eq!(
        failed,
        Outcome::Failed(Failure {
            kind: FailureKind::Other("weird".into()),
            message: "m".into()
        })
    );
    for bad in [
        json!(1),
        json!({}),
        json!({"ok": "yes"}),
        json!({"ok": false}),
        json!({"ok": false, "error": {}}),
    ] {
        assert!(
            matches!(
                Outcome::from_value(&bad),
                Err(Error::MalformedResult { .. })
            ),
            "{bad}"
        );
    }
}

#[test]
fn failure_reads_as_one_line() {
    let f = Failure {
        kind: FailureKind::Syntax,
        message: "SyntaxError: Unexpected token ')'".into(),
    };
    assert_eq!(
        f.to_string(),
        "syntax error in the function source: SyntaxError: Unexpected token ')'"
    );
    for kind in [
        "syntax",
        "not_a_function",
        "thrown",
        "unknown_function",
        "bad_arguments",
        "bad_name",
        "registry",
    ] {
        assert_eq!(FailureKind::parse(kind).as_str(), kind);
    }
}
