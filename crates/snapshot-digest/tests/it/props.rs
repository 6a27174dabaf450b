//! Property tests: no input panics the parser, and whatever parses survives
//! `parse(render(tree))` unchanged.

use proptest::prelude::*;

/// The fuzz target's property, on generated text.
fn round_trips(text: &str) {
    crate::fuzz_property::check_property(text);
}

fn escape(s: &str, quote: char) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Text with the characters that matter to quoting.
pub(crate) fn tricky_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just(":".to_owned()),
            Just(": ".to_owned()),
            Just(" #".to_owned()),
            Just("'".to_owned()),
            Just("\"".to_owned()),
            Just("\\".to_owned()),
            Just("[".to_owned()),
            Just("]".to_owned()),
            Just("/".to_owned()),
            Just("-".to_owned()),
            Just("{".to_owned()),
            Just("\u{a0}".to_owned()),
            Just("\u{7f}".to_owned()),
            Just("\u{1}".to_owned()),
            Just("\n".to_owned()),
            Just(" ".to_owned()),
            Just("true".to_owned()),
            Just("12".to_owned()),
            Just("é".to_owned()),
            "[a-z]{1,4}",
        ],
        0..6,
    )
    .prop_map(|parts| parts.concat())
}

fn line() -> impl Strategy<Value = String> {
    (
        0usize..4,
        prop_oneof![
            Just("button"),
            Just("link"),
            Just("generic"),
            Just("text"),
            Just("/url"),
            Just("listitem")
        ],
        proptest::option::of(tricky_text()),
        proptest::collection::vec(
            prop_oneof![
                Just("[ref=e1]".to_owned()),
                Just("[cursor=pointer]".to_owned()),
                Just("[level=2]".to_owned()),
                Just("[box=1,2,3,4]".to_owned()),
                Just("[aria-hidden]".to_owned()),
                "\\[[a-z-]{1,6}(=[a-z0-9,]{0,5})?\\]",
            ],
            0..3,
        ),
        prop_oneof![Just(0u8), Just(1), Just(2)],
        tricky_text(),
        any::<bool>(),
    )
        .prop_map(|(depth, role, name, attrs, shape, value, quote_key)| {
            let mut key = role.to_owned();
            if let Some(name) = name {
                key.push_str(&format!(" \"{}\"", escape(&name, '"')));
            }
            for a in attrs {
                key.push(' ');
                key.push_str(&a);
            }
            let key = if quote_key {
                format!("'{}'", key.replace('\'', "''"))
            } else {
                key
            };
            let tail = match shape {
                0 => String::new(),
                1 => ":".to_owned(),
                _ => format!(": \"{}\"", escape(&value, '"')),
            };
            format!("{}- {key}{tail}", "  ".repeat(depth))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn generated_snapshots_round_trip(lines in proptest::collection::vec(line(), 0..12)) {
        round_trips(&lines.join("\n"));
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        round_trips(&text);
    }

    #[test]
    fn arbitrary_line_soup_never_panics(text in "([ \\-\"'/:\\[\\]#\n|>a-z=]|e1|text){0,80}") {
        round_trips(&text);
    }
}
