//! Hand-written cases: every tricky form of the format reference (§2–§12), each parsed, checked
//! field by field, and rendered back.

use snapshot_digest::{
    Config, ErrorKind, NameForm, NodeKind, RefPrefix, Snapshot, Tristate, parse, parse_lenient,
    parse_with, render,
};

/// A compact, readable dump of a tree: one line per node.
fn dump(snap: &Snapshot<'_>) -> String {
    let mut out = String::new();
    for node in snap.nodes() {
        out.push_str(&"  ".repeat(node.depth()));
        match node.kind() {
            NodeKind::Text => out.push_str(&format!("text {:?}", node.text().unwrap_or_default())),
            NodeKind::Unchanged => out.push_str(&format!("unchanged {}", node.aria_ref().unwrap())),
            _ => {
                out.push_str(node.role());
                if let Some(name) = node.name() {
                    out.push_str(&format!(" name={name:?}"));
                }
                for a in node.attributes() {
                    match a.value() {
                        Some(v) => out.push_str(&format!(" [{}={v}]", a.name())),
                        None => out.push_str(&format!(" [{}]", a.name())),
                    }
                }
                for p in node.props() {
                    out.push_str(&format!(" /{}={:?}", p.name(), p.value()));
                }
                if let Some(t) = node.text() {
                    out.push_str(&format!(" text={t:?}"));
                }
                if node.is_changed() {
                    out.push_str(" <changed>");
                }
            }
        }
        out.push('\n');
    }
    out
}

/// Parses `input`, compares the dump with `expect`, and checks that rendering gives `input`
/// back.
#[track_caller]
fn check(input: &str, expect: &str) {
    let snap = parse(input).unwrap_or_else(|e| panic!("{input:?} does not parse: {e}"));
    assert_eq!(dump(&snap), expect, "tree of {input:?}");
    assert_eq!(render(&snap), input, "rendering of {input:?}");
}

#[test]
fn keys_quoted_because_of_the_name() {
    check(r#"- 'button "Click: me"'"#, "button name=\"Click: me\"\n");
    // A template may quote a key that Playwright would not; it renders in canonical form.
    let snap = parse(r#"- 'button "Click '' me"'"#).unwrap();
    assert_eq!(dump(&snap), "button name=\"Click ' me\"\n");
    assert_eq!(render(&snap), r#"- button "Click ' me""#);
    check(
        r#"- heading "heading \"name\" [level=1]" [level=1]"#,
        "heading name=\"heading \\\"name\\\" [level=1]\" [level=1]\n",
    );
    check(
        r#"- 'link "a #b" [ref=e3]':"#,
        "link name=\"a #b\" [ref=e3]\n",
    );
    check(
        r#"- 'button "x\"y: z" [ref=e1]': label"#,
        "button name=\"x\\\"y: z\" [ref=e1] text=\"label\"\n",
    );
}

#[test]
fn values_that_look_like_other_things_stay_strings() {
    check(
        "- text: \"one:\"\n- text: \"\\\"two\"\n- text: \"'three\"\n- text: \"`four\"\n- text: \") {\"\n- text: \"} [\"\n- text: \"[Select all]\"",
        "text \"one:\"\ntext \"\\\"two\"\ntext \"'three\"\ntext \"`four\"\ntext \") {\"\ntext \"} [\"\ntext \"[Select all]\"\n",
    );
    check(
        "- text: \"False\"\n- text: \"NULL\"\n- text: \"123\"\n- text: \"-1.2\"\n- textbox: \"555\"",
        "text \"False\"\ntext \"NULL\"\ntext \"123\"\ntext \"-1.2\"\ntextbox text=\"555\"\n",
    );
    check(
        "- generic [ref=e12]: 1,200",
        "generic [ref=e12] text=\"1,200\"\n",
    );
    check(
        "- generic [ref=e10]: \"2\"",
        "generic [ref=e10] text=\"2\"\n",
    );
}

#[test]
fn names_starting_with_indicators() {
    check(
        "- link \"@hello\":\n- link \"]hello\":\n- link \"#hello\":\n- link \"-\":",
        "link name=\"@hello\"\nlink name=\"]hello\"\nlink name=\"#hello\"\nlink name=\"-\"\n",
    );
}

#[test]
fn props_url_placeholder_and_unknown() {
    check(
        "- link [ref=e2] [cursor=pointer]:\n  - /url: about:blank\n  - text: Link with a button\n  - button \"Button\" [ref=e3]",
        "link [ref=e2] [cursor=pointer] /url=\"about:blank\"\n  text \"Link with a button\"\n  button name=\"Button\" [ref=e3]\n",
    );
    check(
        "- textbox \"Label\":\n  - /placeholder: Placeholder",
        "textbox name=\"Label\" /placeholder=\"Placeholder\"\n",
    );
    check(
        "- link \"Top\":\n  - /url: \"#\"",
        "link name=\"Top\" /url=\"#\"\n",
    );
    check(
        "- link:\n  - /url: data:text/html;base64,…",
        "link /url=\"data:text/html;base64,…\"\n",
    );
    check(
        "- list:\n  - /children: equal\n  - listitem: a",
        "list /children=\"equal\"\n  listitem text=\"a\"\n",
    );
}

#[test]
fn attributes_superset() {
    check(
        "- textbox \"Email\" [invalid]: not-an-email",
        "textbox name=\"Email\" [invalid] text=\"not-an-email\"\n",
    );
    check("- checkbox [checked=mixed]", "checkbox [checked=mixed]\n");
    check(
        "- generic [aria-hidden] [ref=e3]:",
        "generic [aria-hidden] [ref=e3]\n",
    );
    check(
        "- iframe [active] [ref=e3] [cursor=pointer]:\n  - textbox \"Input in iframe\" [active] [ref=f1e2]",
        "iframe [active] [ref=e3] [cursor=pointer]\n  textbox name=\"Input in iframe\" [active] [ref=f1e2]\n",
    );
    check(
        "- button \"click\" [box=100,50,80,40]",
        "button name=\"click\" [box=100,50,80,40]\n",
    );
    check(
        "- button [data-test=a,b c] [x-y]",
        "button [data-test=a,b c] [x-y]\n",
    );
    let snap = parse("- checkbox \"A\" [checked] [disabled] [expanded] [pressed=mixed] [selected] [level=3] [invalid=spelling] [ref=f2e9]").unwrap();
    let n = &snap.nodes()[0];
    assert_eq!(n.checked(), Some(Tristate::True));
    assert_eq!(n.pressed(), Some(Tristate::Mixed));
    assert_eq!(
        (n.disabled(), n.expanded(), n.selected()),
        (Some(true), Some(true), Some(true))
    );
    assert_eq!(n.level(), Some(3));
    assert_eq!(n.invalid(), Some(snapshot_digest::Invalid::Spelling));
    assert_eq!(
        n.aria_ref().and_then(|r| r.prefix()),
        Some(RefPrefix::Frame(2))
    );
    assert!(!n.is_active() && !n.is_aria_hidden());
}

#[test]
fn whitespace_and_icon_glyphs() {
    check("- button \"helloworld\"", "button name=\"helloworld\"\n");
    check(
        "- paragraph: \u{eab2}hello",
        "paragraph text=\"\\u{eab2}hello\"\n",
    );
    check(
        "- listitem [ref=e14]: \"Tab: Navigate between interactive elements\"",
        "listitem [ref=e14] text=\"Tab: Navigate between interactive elements\"\n",
    );
    check(
        "- link \"\u{e900} Home\" [ref=e14]",
        "link name=\"\\u{e900} Home\" [ref=e14]\n",
    );
}

#[test]
fn slash_names_are_literal_text() {
    check("- link / [ref=e9]", "link name=\"/\" [ref=e9]\n");
    check(
        "- link /api/ [ref=e9]:\n  - /url: /api/",
        "link name=\"/api/\" [ref=e9] /url=\"/api/\"\n",
    );
    check("- link \"/\" [ref=e9]", "link name=\"/\" [ref=e9]\n");
    let snap = parse("- heading /Issues \\d+/\n- button /Click \\/ me/").unwrap();
    assert_eq!(snap.nodes()[0].name(), Some("/Issues \\d+/"));
    assert_eq!(snap.nodes()[0].name_form(), NameForm::Slashes);
    assert_eq!(snap.nodes()[1].name(), Some("/Click \\/ me/"));
}

#[test]
fn legacy_incremental_lines() {
    check(
        "- <changed> generic [ref=e1]:\n  - button \"Button 1\" [active] [ref=e2]\n  - button \"Button 2new text\" [ref=e105]\n  - ref=e4 [unchanged]",
        "generic [ref=e1] <changed>\n  button name=\"Button 1\" [active] [ref=e2]\n  button name=\"Button 2new text\" [ref=e105]\n  unchanged e4\n",
    );
}

#[test]
fn mcp_response_envelopes() {
    let current = "### Page\n- Page URL: http://localhost:8907/\n- Page Title: Groceries\n### Snapshot\n```yaml\n- generic [active] [ref=e1]:\n  - heading \"Groceries\" [level=1] [ref=e2]\n  - button \"Add to cart\" [ref=e7]\n```\n### Events\n- nothing";
    let snap = parse(current).unwrap();
    assert_eq!(snap.len(), 3);
    assert_eq!(snap.nodes()[1].line(), 7);
    assert_eq!(
        render(&snap),
        "- generic [active] [ref=e1]:\n  - heading \"Groceries\" [level=1] [ref=e2]\n  - button \"Add to cart\" [ref=e7]"
    );

    let old = "### Page state\n- Page URL: about:blank\n- Page Title: \n- Page Snapshot:\n```yaml\n- button \"Go\" [ref=s1e3]\n```\n";
    let snap = parse(old).unwrap();
    assert_eq!(
        snap.nodes()[0].aria_ref().and_then(|r| r.prefix()),
        Some(RefPrefix::Snapshot(1))
    );

    let file = "### Page\n- Page URL: http://x/\n### Snapshot\n- [Snapshot](.playwright-mcp/page-2026.yml)\n";
    let err = parse(file).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::SnapshotInFile { path } if path == ".playwright-mcp/page-2026.yml")
    );
    assert_eq!(err.line(), 4);

    let fenced = "```yaml\n- button \"A\"\n```";
    assert_eq!(parse(fenced).unwrap().len(), 1);
}

#[test]
fn empty_and_trailing_newline() {
    assert!(parse("").unwrap().is_empty());
    check("- button", "button\n");
    let snap = parse("- button\n").unwrap();
    assert_eq!(render(&snap), "- button\n");
}

#[test]
fn template_only_syntax_is_tolerated() {
    let snap = parse("- checkbox [checked=false]\n- heading [level =  -3 ]\n- paragraph: |\n    two\n    lines\n- next").unwrap();
    assert_eq!(snap.nodes()[0].checked(), Some(Tristate::False));
    assert_eq!(snap.nodes()[1].level(), Some(-3));
    assert_eq!(snap.nodes()[2].text(), Some("two\nlines\n"));
    assert_eq!(snap.nodes()[3].role(), "next");
    let rendered = render(&snap);
    let again = parse(&rendered).unwrap();
    assert!(again.same_tree(&snap));
}

#[test]
fn errors_have_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("- button \"OK\n", 1, 10, "quoted string is not closed"),
        ("- a:\n  - b\n nope", 3, 2, "expected a list item"),
        ("- a:\n    - b\n  - c", 3, 3, "does not match"),
        ("- a\n  - b", 2, 3, "no trailing \":\""),
        ("- /url: x", 1, 1, "has no node above it"),
        ("- button [ref=e1", 1, 17, "`]` to close"),
        ("- \"x\" y", 1, 7, "`:` after the key"),
        ("- - heading: a", 1, 3, "a role"),
        ("- text: \"a\\qb\"", 1, 11, "unknown escape"),
        ("\t- a", 1, 1, "expected a list item"),
    ];
    for &(input, line, column, message) in cases {
        let err = parse(input).expect_err(input);
        assert_eq!(
            (err.line(), err.column()),
            (line, column),
            "{input:?}: {err}"
        );
        assert!(err.to_string().contains(message), "{input:?}: {err}");
    }
}

#[test]
fn depth_limit_is_an_error() {
    let deep: String = (0..10_000)
        .map(|d| format!("{}- generic:\n", "  ".repeat(d)))
        .collect();
    let err = parse(&deep).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::TooDeep { limit: 256 });
    assert_eq!(err.line(), 257);
    let config = Config {
        max_depth: 20_000,
        ..Config::default()
    };
    assert_eq!(parse_with(&deep, &config).unwrap().depth(), 10_000);
}

#[test]
fn lenient_parse_recovers_and_reports() {
    let input = "- list:\n  - listitem: a\n  - bad \"x\n    - child of bad\n  - listitem: b\n- ???";
    let (snap, diagnostics) = parse_lenient(input);
    let lines: Vec<usize> = diagnostics.iter().map(|d| d.line()).collect();
    assert_eq!(lines, [3, 6]);
    assert_eq!(
        dump(&snap),
        "list\n  listitem text=\"a\"\n  listitem text=\"b\"\n"
    );
}
