//! Argument matching under every `argsMatch` option, hostile inputs included.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::{matches, normalize, same_number};
use crate::suite::{ArgPattern, ArgsMatcher, ArgsOptions, NumberMatch};

fn options(numbers: NumberMatch, normalize: bool, ignore: &[&str], defaults: bool) -> ArgsOptions {
    ArgsOptions {
        numbers,
        normalize_strings: normalize,
        ignore_keys: ignore.iter().map(|k| (*k).to_owned()).collect(),
        use_defaults: defaults,
    }
}

fn exact(v: Value) -> ArgsMatcher {
    ArgsMatcher::Exact(v)
}

fn subset(v: Value) -> ArgsMatcher {
    ArgsMatcher::Subset(v)
}

fn regex(pairs: &[(&str, &str)]) -> ArgsMatcher {
    ArgsMatcher::Regex(
        pairs
            .iter()
            .map(|(k, p)| {
                let pattern = ArgPattern::new(p).unwrap_or_else(|e| panic!("{p}: {e}"));
                ((*k).to_owned(), pattern)
            })
            .collect(),
    )
}

/// (matcher, options, schema, actual, expected outcome)
type Case = (ArgsMatcher, ArgsOptions, Option<Value>, Value, bool);

#[track_caller]
fn check(cases: Vec<Case>) {
    for (i, (matcher, opts, schema, actual, want)) in cases.into_iter().enumerate() {
        let got = matches(&matcher, &opts, schema.as_ref(), &actual);
        assert_eq!(got, want, "case {i}: {matcher:?} {opts:?} {actual}");
    }
}

#[test]
fn numbers_compare_by_value_by_default() {
    let d = ArgsOptions::default;
    let strict = || options(NumberMatch::Exact, false, &[], false);
    let strings = || options(NumberMatch::Strings, false, &[], false);
    check(vec![
        (exact(json!({"n": 1})), d(), None, json!({"n": 1.0}), true),
        (
            subset(json!({"n": 1e0})),
            d(),
            None,
            json!({"n": 1, "m": 2}),
            true,
        ),
        (exact(json!([1, 2.5])), d(), None, json!([1.0, 2.5]), true),
        (exact(json!({"n": -0.0})), d(), None, json!({"n": 0}), true),
        (exact(json!({"n": 1})), d(), None, json!({"n": 1.5}), false),
        (
            exact(json!({"n": 1})),
            strict(),
            None,
            json!({"n": 1.0}),
            false,
        ),
        (
            exact(json!({"n": 1})),
            strict(),
            None,
            json!({"n": 1}),
            true,
        ),
        // Strings stay strings unless asked.
        (exact(json!({"n": 1})), d(), None, json!({"n": "1"}), false),
        (
            exact(json!({"n": 1})),
            strings(),
            None,
            json!({"n": "1"}),
            true,
        ),
        (
            exact(json!({"n": "2.50"})),
            strings(),
            None,
            json!({"n": 2.5}),
            true,
        ),
        (
            exact(json!({"n": 1})),
            strings(),
            None,
            json!({"n": " 1.0 "}),
            true,
        ),
        (
            exact(json!({"n": 16})),
            strings(),
            None,
            json!({"n": "0x10"}),
            false,
        ),
        (
            exact(json!({"n": 1})),
            strings(),
            None,
            json!({"n": "1e400"}),
            false,
        ),
        (
            exact(json!({"n": 1})),
            strings(),
            None,
            json!({"n": "one"}),
            false,
        ),
        // Two strings compare as strings even in strings mode.
        (
            exact(json!({"n": "1"})),
            strings(),
            None,
            json!({"n": "1.0"}),
            false,
        ),
    ]);
}

#[test]
fn huge_numbers_compare_exactly() {
    let n = |v: Value| match v {
        Value::Number(n) => n,
        other => panic!("not a number: {other}"),
    };
    // u64::MAX and the float nearest to it (2^64) differ.
    assert!(!same_number(
        &n(json!(u64::MAX)),
        &n(json!(18_446_744_073_709_551_615.0))
    ));
    // i64::MIN is -2^63, which a float holds exactly.
    assert!(same_number(
        &n(json!(i64::MIN)),
        &n(json!(-9.223_372_036_854_776e18))
    ));
    // 2^53 + 1 is not the float 2^53.
    assert!(!same_number(
        &n(json!(9_007_199_254_740_993_u64)),
        &n(json!(9_007_199_254_740_992.0))
    ));
    assert!(same_number(&n(json!(1e300)), &n(json!(1e300))));
    assert!(!same_number(&n(json!(1e300)), &n(json!(u64::MAX))));
    assert!(same_number(&n(json!(-1)), &n(json!(-1.0))));
    assert!(!same_number(&n(json!(-1)), &n(json!(u64::MAX))));
}

#[test]
fn strings_normalize_only_when_asked() {
    assert_eq!(normalize("  Red \t  Shoes!! "), "red shoes");
    assert_eq!(normalize("«Größe 42»"), "größe 42");
    assert_eq!(normalize("...?"), "");
    // The documented edge: punctuation at the ends goes, inside it stays.
    assert_eq!(normalize("C++"), "c");
    assert_eq!(normalize("e-mail, please."), "e-mail, please");
    let on = || options(NumberMatch::Value, true, &[], false);
    check(vec![
        (
            exact(json!({"q": "red shoes"})),
            ArgsOptions::default(),
            None,
            json!({"q": "Red shoes"}),
            false,
        ),
        (
            exact(json!({"q": "red shoes"})),
            on(),
            None,
            json!({"q": "  Red   SHOES. "}),
            true,
        ),
        (
            subset(json!({"q": ["A b"]})),
            on(),
            None,
            json!({"q": ["a  B!"], "x": 1}),
            true,
        ),
        (
            exact(json!({"q": "red shoes"})),
            on(),
            None,
            json!({"q": "red-shoes"}),
            false,
        ),
        // Keys are never normalized.
        (
            exact(json!({"Q": "x"})),
            on(),
            None,
            json!({"q": "x"}),
            false,
        ),
    ]);
}

#[test]
fn ignored_keys_by_name_and_by_pointer() {
    let name = || options(NumberMatch::Value, false, &["timeout"], false);
    let pointer = || options(NumberMatch::Value, false, &["/opts/timeout"], false);
    let in_array = || options(NumberMatch::Value, false, &["/items/0/ts"], false);
    let slash = || options(NumberMatch::Value, false, &["/a~1b"], false);
    let expected = json!({"q": "x", "opts": {"timeout": 1}});
    let actual = json!({"q": "x", "opts": {"timeout": 5}, "timeout": 3});
    check(vec![
        // A name is ignored at any depth, on both sides.
        (exact(expected.clone()), name(), None, actual.clone(), true),
        (
            exact(expected.clone()),
            ArgsOptions::default(),
            None,
            actual.clone(),
            false,
        ),
        // A pointer names one place: the top-level timeout still counts.
        (
            exact(expected.clone()),
            pointer(),
            None,
            actual.clone(),
            false,
        ),
        (
            exact(expected.clone()),
            pointer(),
            None,
            json!({"q": "x", "opts": {"timeout": 5}}),
            true,
        ),
        (
            subset(expected.clone()),
            pointer(),
            None,
            json!({"q": "x", "opts": {}}),
            true,
        ),
        (
            subset(expected),
            name(),
            None,
            json!({"q": "x", "opts": {}}),
            true,
        ),
        (
            exact(json!({"items": [{"id": 1, "ts": 5}]})),
            in_array(),
            None,
            json!({"items": [{"id": 1, "ts": 6}]}),
            true,
        ),
        (
            exact(json!({"items": [{"id": 1, "ts": 5}, {"id": 2, "ts": 5}]})),
            in_array(),
            None,
            json!({"items": [{"id": 1}, {"id": 2, "ts": 6}]}),
            false,
        ),
        // A key with a slash is named by its escaped pointer.
        (
            exact(json!({"a/b": 1, "c": 2})),
            slash(),
            None,
            json!({"c": 2}),
            true,
        ),
    ]);
}

#[test]
fn regex_mode_honours_only_ignored_keys() {
    let ignore_q = || options(NumberMatch::Value, true, &["q"], true);
    let ignore_filter = || options(NumberMatch::Value, false, &["filter"], false);
    let ignore_ptr = || options(NumberMatch::Value, false, &["/filter/size"], false);
    let m = || regex(&[("q", "^red$"), ("/filter/size", "^42$")]);
    let schema = json!({"properties": {"q": {"default": "red"}}});
    check(vec![
        (
            m(),
            ArgsOptions::default(),
            None,
            json!({"q": "red", "filter": {"size": 42}}),
            true,
        ),
        // Normalization and defaults do not apply to patterns.
        (
            m(),
            options(NumberMatch::Value, true, &[], true),
            Some(schema.clone()),
            json!({"q": "RED", "filter": {"size": 42}}),
            false,
        ),
        (
            m(),
            options(NumberMatch::Value, true, &[], true),
            Some(schema),
            json!({"filter": {"size": 42}}),
            false,
        ),
        (
            m(),
            ignore_q(),
            None,
            json!({"q": "blue", "filter": {"size": 42}}),
            true,
        ),
        (m(), ignore_filter(), None, json!({"q": "red"}), true),
        (
            m(),
            ignore_ptr(),
            None,
            json!({"q": "red", "filter": {"size": 7}}),
            true,
        ),
        (
            m(),
            ignore_ptr(),
            None,
            json!({"q": "blue", "filter": {"size": 42}}),
            false,
        ),
    ]);
}

#[test]
fn defaults_from_the_tools_schema() {
    let on = || options(NumberMatch::Value, false, &[], true);
    let schema = json!({"type": "object", "properties": {
        "q": {"type": "string"},
        "limit": {"type": "integer", "default": 10},
        "opts": {"type": "object", "properties": {"depth": {"default": 2}}},
        "tags": {"type": "array", "items": {"type": "object", "properties": {"w": {"default": 1}}}}
    }});
    let s = || Some(schema.clone());
    check(vec![
        // The expected value equals the default and the call omits it.
        (
            subset(json!({"q": "x", "limit": 10})),
            on(),
            s(),
            json!({"q": "x"}),
            true,
        ),
        (
            subset(json!({"q": "x", "limit": 10.0})),
            on(),
            s(),
            json!({"q": "x"}),
            true,
        ),
        (
            subset(json!({"q": "x", "limit": 20})),
            on(),
            s(),
            json!({"q": "x"}),
            false,
        ),
        // Without the option, or without the schema, omitted is missing.
        (
            subset(json!({"q": "x", "limit": 10})),
            ArgsOptions::default(),
            s(),
            json!({"q": "x"}),
            false,
        ),
        (
            subset(json!({"q": "x", "limit": 10})),
            on(),
            None,
            json!({"q": "x"}),
            false,
        ),
        // Exact mode: either side may leave a defaulted key out.
        (
            exact(json!({"q": "x"})),
            on(),
            s(),
            json!({"q": "x", "limit": 10}),
            true,
        ),
        (
            exact(json!({"q": "x", "limit": 10})),
            on(),
            s(),
            json!({"q": "x"}),
            true,
        ),
        (
            exact(json!({"q": "x"})),
            on(),
            s(),
            json!({"q": "x", "limit": 11}),
            false,
        ),
        // A key without a default is never optional.
        (exact(json!({"q": "x"})), on(), s(), json!({}), false),
        // Nested objects and array items follow `properties` and `items`.
        (
            exact(json!({"q": "x", "opts": {"depth": 2}})),
            on(),
            s(),
            json!({"q": "x", "opts": {}}),
            true,
        ),
        (
            exact(json!({"q": "x", "tags": [{"w": 1, "n": "a"}]})),
            on(),
            s(),
            json!({"q": "x", "tags": [{"n": "a"}]}),
            true,
        ),
        (
            exact(json!({"q": "x", "tags": [{"w": 2, "n": "a"}]})),
            on(),
            s(),
            json!({"q": "x", "tags": [{"n": "a"}]}),
            false,
        ),
    ]);
}

#[test]
fn hostile_arguments_and_schemas_do_not_match_or_panic() {
    let all = || options(NumberMatch::Strings, true, &["x", "/y", "/"], true);
    let weird_schemas = [
        json!("a string"),
        json!(42),
        json!([1, 2]),
        json!({"properties": 5}),
        json!({"properties": {"q": "not a schema"}}),
        json!({"properties": {"q": {"default": {"deep": [null]}}}}),
        json!(true),
    ];
    let actuals = [
        json!(null),
        json!("q"),
        json!(7),
        json!([{"q": 1}]),
        json!({}),
        json!({"q": {"q": {"q": null}}}),
    ];
    for schema in &weird_schemas {
        for actual in &actuals {
            for matcher in [
                subset(json!({"q": 1})),
                exact(json!({"q": 1})),
                regex(&[("q", "1"), ("/q/0", ".")]),
                ArgsMatcher::Any,
            ] {
                let _ = matches(&matcher, &all(), Some(schema), actual);
            }
            assert!(!matches(
                &subset(json!({"q": 1})),
                &all(),
                Some(schema),
                actual
            ));
        }
    }
    // Nesting past the limit is a mismatch, not a stack overflow.
    let mut deep = json!(1);
    for _ in 0..300 {
        deep = json!({"a": [deep]});
    }
    assert!(!matches(
        &exact(deep.clone()),
        &ArgsOptions::default(),
        None,
        &deep
    ));
    assert!(!matches(&subset(deep.clone()), &all(), None, &deep));
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        "[a-cA-C0-9 .!/~]{0,6}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 40, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-c/~]{1,2}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn any_options() -> impl Strategy<Value = ArgsOptions> {
    (
        prop_oneof![
            Just(NumberMatch::Value),
            Just(NumberMatch::Exact),
            Just(NumberMatch::Strings)
        ],
        any::<bool>(),
        prop::collection::vec("/?[a-c/~]{1,3}", 0..3),
        any::<bool>(),
    )
        .prop_map(
            |(numbers, normalize_strings, ignore_keys, use_defaults)| ArgsOptions {
                numbers,
                normalize_strings,
                ignore_keys,
                use_defaults,
            },
        )
}

proptest! {
    /// Every value matches itself exactly and as a subset, under any options; any pair of
    /// values with any options and schema gives an answer without panicking.
    #[test]
    fn matching_is_reflexive_and_total(
        a in any_json(),
        b in any_json(),
        schema in any_json(),
        opts in any_options(),
    ) {
        prop_assert!(matches(&exact(a.clone()), &opts, Some(&schema), &a));
        prop_assert!(matches(&subset(a.clone()), &opts, Some(&schema), &a));
        let _ = matches(&exact(a.clone()), &opts, Some(&schema), &b);
        let _ = matches(&subset(b.clone()), &opts, Some(&schema), &a);
    }

    /// Default options only ever relax `==` (numbers by value), never tighten it.
    #[test]
    fn defaults_accept_everything_equality_accepts(a in any_json(), b in any_json()) {
        if a == b {
            prop_assert!(matches(&exact(a.clone()), &ArgsOptions::default(), None, &b));
        }
        let exact_numbers = options(NumberMatch::Exact, false, &[], false);
        prop_assert_eq!(matches(&exact(a.clone()), &exact_numbers, None, &b), a == b);
    }
}
