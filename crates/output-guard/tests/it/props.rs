//! Properties: a preview never exceeds its limit, its counts are exact, and the token returns
//! exactly the unguarded output.

use output_guard::{
    Budget, Config, Guard, Kind, ReadLimits, ReadRequest, StoreLimits, TokenStore, Unit, char_len,
    read,
};
use proptest::prelude::*;
use serde_json::Value;

fn guard(limit: usize, pretty_json: bool) -> Guard {
    Guard::new(Config {
        budget: Budget::Chars(limit),
        pretty_json,
        ..Config::default()
    })
    .unwrap()
}

/// Text with many lines, long lines, and multi-byte chars (2-, 3- and 4-byte UTF-8).
fn text() -> impl Strategy<Value = String> {
    prop_oneof!["(.{0,80}\n){0,200}", "[a-zé€😀\n ]{0,6000}", ".{0,3000}",]
}

fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-1e9f64..1e9).prop_map(Value::from),
        ".{0,400}".prop_map(Value::from),
    ];
    leaf.prop_recursive(5, 400, 40, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..60).prop_map(Value::from),
            prop::collection::btree_map("[a-z$ ]{0,12}", inner, 0..30)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// The numbers of the `counts:` line, as a program would read them.
fn counts(first_line: &str) -> (usize, usize, usize) {
    let rest = first_line.strip_prefix("counts: ").expect("a counts line");
    let field = |name: &str| -> usize {
        rest.split(", ")
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=')?.parse().ok())
            .unwrap_or_else(|| panic!("{name} in {first_line:?}"))
    };
    assert!(rest.contains("truncated=true"), "{first_line}");
    (
        field("totalLength"),
        field("shownLength"),
        field("estimatedTokens"),
    )
}

/// Lines of filler, short and long, with `NEEDLE` here and there (never made by the filler).
fn needles() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        "[a-z é€]{0,60}",
        "[a-z é€]{0,60}NEEDLE[a-z ]{0,40}",
        prop::collection::vec(("[a-z é😀]{0,400}", any::<bool>()), 1..12).prop_map(|parts| {
            parts
                .into_iter()
                .map(|(p, n)| if n { p + "NEEDLE" } else { p })
                .collect::<String>()
        }),
    ];
    prop::collection::vec(line, 1..40).prop_map(|lines| lines.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn a_json_string_kept_decoded_reads_as_its_text(text in text(), limit in 800usize..3000) {
        let guard = Guard::new(Config {
            budget: Budget::Chars(limit),
            decode_json_strings: true,
            ..Config::default()
        })
        .unwrap();
        let store = TokenStore::new(StoreLimits::default());
        let json = serde_json::to_string(&text).unwrap();
        let p = guard.json_text(json.clone(), &store);
        if p.truncated {
            prop_assert!(p.decoded);
            prop_assert!(char_len(&p.text) <= limit, "{} > {}", char_len(&p.text), limit);
            prop_assert_eq!(p.total_length, char_len(&text));
            let first = p.text.lines().next().unwrap_or_default();
            prop_assert_eq!(counts(first), (p.total_length, p.shown_length, p.estimated_tokens));
            prop_assert!(first.contains(", output=decodedJsonString, "), "{}", first);
            let token = p.confirm_token.clone().expect("a token");
            prop_assert_eq!(&*store.read(&token).unwrap(), text.as_str());
        } else {
            prop_assert!(char_len(&json) <= limit);
            prop_assert_eq!(p.text, json);
        }
    }

    #[test]
    fn a_search_shows_every_match_once(
        text in needles(),
        tokens in 300usize..3000,
        context in 0usize..4,
    ) {
        let limits = ReadLimits { max_tokens: tokens, ..ReadLimits::default() };
        let mut request = ReadRequest::Search {
            pattern: "NEEDLE".to_owned(),
            context,
            ignore_case: false,
            offset: 1,
            unit: Unit::Lines,
            limit: None,
        };
        let mut shown = 0;
        for _ in 0..10_000 {
            let r = read(&text, &request, &limits).unwrap();
            prop_assert!(output_guard::estimate_tokens(char_len(&r.body)) + 120 <= tokens);
            shown += r.body.matches("NEEDLE").count();
            let Some(next) = r.header.split("next: the same pattern with offset ").nth(1) else {
                break;
            };
            let offset: usize = next.split([',', ';']).next().unwrap().trim().parse().unwrap();
            let unit = if next.contains("unit chars") { Unit::Chars } else { Unit::Lines };
            request = ReadRequest::Search {
                pattern: "NEEDLE".to_owned(),
                context,
                ignore_case: false,
                offset,
                unit,
                limit: None,
            };
        }
        prop_assert_eq!(shown, text.matches("NEEDLE").count());
    }

    #[test]
    fn text_previews_fit_and_redeem_byte_identical(text in text(), limit in 800usize..3000) {
        let guard = guard(limit, false);
        let store = TokenStore::new(StoreLimits::default());
        let p = guard.text(text.clone(), Kind::Text, &store);
        prop_assert_eq!(p.total_length, char_len(&text));
        prop_assert!(String::from_utf8(p.text.clone().into_bytes()).is_ok());
        if p.truncated {
            prop_assert!(char_len(&p.text) <= limit, "{} > {}", char_len(&p.text), limit);
            let first = p.text.lines().next().unwrap_or_default();
            prop_assert_eq!(counts(first), (p.total_length, p.shown_length, p.estimated_tokens));
            prop_assert!(p.shown_length < p.total_length);
            let token = p.confirm_token.clone().expect("a token");
            let suffix = format!(", confirmToken={token}");
            prop_assert!(first.ends_with(&suffix), "{}", first);
            prop_assert_eq!(store.redeem(&token).unwrap(), text);
        } else {
            prop_assert!(char_len(&text) <= limit);
            prop_assert_eq!(p.text, text);
        }
    }

    #[test]
    fn json_previews_fit_and_redeem_byte_identical(
        value in json(),
        limit in 800usize..3000,
        pretty in any::<bool>(),
    ) {
        let guard = guard(limit, pretty);
        let unguarded = if pretty {
            serde_json::to_string_pretty(&value).unwrap()
        } else {
            serde_json::to_string(&value).unwrap()
        };
        prop_assert_eq!(guard.full_json(&value), unguarded.clone());
        let store = TokenStore::new(StoreLimits::default());
        let p = guard.json(value.clone(), &store);
        prop_assert_eq!(p.total_length, char_len(&unguarded));
        prop_assert_eq!(p.estimated_tokens, char_len(&unguarded).div_ceil(4));
        if p.truncated {
            prop_assert!(char_len(&p.text) <= limit, "{} > {}", char_len(&p.text), limit);
            let first = p.text.lines().next().unwrap_or_default();
            prop_assert_eq!(counts(first), (p.total_length, p.shown_length, p.estimated_tokens));
            let token = p.confirm_token.clone().expect("a token");
            prop_assert_eq!(store.redeem(&token).unwrap(), unguarded);
            // The store-less preview is the same text without the token.
            let q = guard.preview_json(&value);
            prop_assert!(char_len(&q.text) <= limit);
            prop_assert_eq!(q.total_length, p.total_length);
        } else {
            prop_assert_eq!(p.text, unguarded);
            prop_assert!(store.is_empty());
        }
    }

    #[test]
    fn token_budgets_bound_the_estimate(text in text(), tokens in 200usize..800) {
        let guard = Guard::new(Config { budget: Budget::Tokens(tokens), ..Config::default() }).unwrap();
        let p = guard.preview_text(&text, Kind::Text);
        prop_assert!(output_guard::estimate_tokens(char_len(&p.text)) <= tokens);
    }
}
