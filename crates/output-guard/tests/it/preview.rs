//! Previews end to end: pass-through, the counts line, cuts, summaries and the footer.

use output_guard::{
    Budget, Config, Error, Guard, Kind, MIN_LIMIT_CHARS, StoreLimits, SummaryLimits, TokenStore,
    char_len,
};
use serde_json::json;

fn store() -> TokenStore {
    TokenStore::new(StoreLimits::default())
}

#[test]
fn outputs_under_the_limit_pass_unchanged() {
    let guard = Guard::default();
    let text = "é".repeat(2000);
    let p = guard.text(text.clone(), Kind::Text, &store());
    assert!(!p.truncated);
    assert_eq!(
        (p.text.as_str(), p.total_length, p.shown_length),
        (text.as_str(), 2000, 2000)
    );
    assert_eq!(p.estimated_tokens, 500);

    let value = json!({"a": [1, 2, 3], "b": "x"});
    let p = guard.json(value, &store());
    assert_eq!(p.text, r#"{"a":[1,2,3],"b":"x"}"#);
    assert_eq!(p.kind, Kind::Json);
}

#[test]
fn one_char_over_the_limit_is_a_preview() {
    let guard = Guard::default();
    let store = store();
    let p = guard.text("x".repeat(2001), Kind::Text, &store);
    assert!(p.truncated);
    assert!(char_len(&p.text) <= 2000);
    assert_eq!(store.len(), 1);
}

#[test]
fn the_preview_says_what_was_cut_and_how_to_get_it() {
    let guard = Guard::default();
    let store = store();
    let text: String = (0..1000)
        .map(|i| format!("row {i:04} of the report\n"))
        .collect();
    let p = guard.text(text.clone(), Kind::Text, &store);
    let token = p.confirm_token.clone().unwrap();
    let mut lines = p.text.lines();
    assert_eq!(
        lines.next().unwrap(),
        format!(
            "counts: totalLength=23000, shownLength={}, truncated=true, estimatedTokens=5750, \
             confirmToken={token}",
            p.shown_length
        )
    );
    assert_eq!(lines.next().unwrap(), "row 0000 of the report");
    let marker = format!("… [{} chars omitted] …", 23000 - p.shown_length);
    assert!(p.text.contains(&format!("\n{marker}\n")), "{}", p.text);
    assert!(
        p.text.contains("row 0999 of the report\n"),
        "the tail is kept"
    );
    assert!(p.text.ends_with(&format!(
        "Output is large (~5750 tokens). To get all of it, call confirm_output with \
         {{\"token\": \"{token}\"}}; the token works once, within 10 min."
    )));
    assert_eq!(p.shown_length % 23, 0, "whole lines only");
    assert_eq!(p.confirm_tool.as_deref(), Some("confirm_output"));
    assert_eq!(store.redeem(&token).unwrap(), text);
}

#[test]
fn json_is_summarized_and_serialized_only_on_redeem() {
    let guard = Guard::default();
    let store = store();
    let rows: Vec<_> = (0..5000)
        // Keys in sorted order, so the expected line holds whether serde_json's maps keep
        // insertion order (the `preserve_order` feature, which the CLI enables) or sort.
        .map(|i| json!({"id": i, "note": "n".repeat(300), "tags": ["a", "b", "c", "d"]}))
        .collect();
    let value = serde_json::Value::from(rows);
    let full = serde_json::to_string(&value).unwrap();
    let p = guard.json(value, &store);
    assert!(p.summarized);
    assert_eq!(p.total_length, full.len());
    let body: Vec<&str> = p.text.lines().skip(1).take(3).collect();
    assert_eq!(body[0], "Array(5000) [");
    assert_eq!(
        body[1],
        format!(
            "  {{id: 0, note: \"{}…{}\" (201 chars omitted), tags: Array(4) [\"a\", \"b\", \"c\", … 1 more]}},",
            "n".repeat(50),
            "n".repeat(49)
        )
    );
    assert!(p.text.contains("\n  … 4997 more\n]\n"), "{}", p.text);
    // The store holds the value, not its text: the declared size is the serialized size.
    assert_eq!(store.bytes(), full.len());
    assert_eq!(
        store.redeem(p.confirm_token.as_deref().unwrap()).unwrap(),
        full
    );
}

#[test]
fn a_top_level_string_is_cut_like_text() {
    let guard = Guard::default();
    let html = format!("<html>{}</html>", "<p>para</p>\n".repeat(5000));
    let p = guard.preview_json(&json!(html));
    assert!(p.truncated && !p.summarized);
    assert_eq!(
        p.total_length,
        serde_json::to_string(&html).unwrap().chars().count()
    );
    assert!(
        p.text
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("<html><p>para</p>")
    );
    assert!(p.text.contains("</html>\n"));
}

#[test]
fn the_limit_can_be_in_estimated_tokens() {
    let guard = Guard::new(Config {
        budget: Budget::Tokens(300),
        ..Config::default()
    })
    .unwrap();
    assert_eq!(guard.limit(), 1200);
    let p = guard.preview_text(&"word ".repeat(1000), Kind::Text);
    assert!(char_len(&p.text) <= 1200);
    assert!(
        p.text.ends_with("narrow the request to see more."),
        "{}",
        p.text
    );
    assert!(!p.text.contains("confirmToken"));
}

#[test]
fn outputs_too_large_for_the_store_still_get_a_preview() {
    let guard = Guard::default();
    let store = TokenStore::new(StoreLimits {
        max_bytes: 1000,
        ..StoreLimits::default()
    });
    let p = guard.text("y".repeat(5000), Kind::Text, &store);
    assert!(p.truncated);
    assert_eq!(p.confirm_token, None);
    assert!(
        p.text
            .ends_with("too large to keep for confirmation; narrow the request.")
    );
    assert!(store.is_empty());
}

#[test]
fn bad_limits_are_configuration_errors() {
    let small = Config {
        budget: Budget::Chars(100),
        ..Config::default()
    };
    let err = Guard::new(small).unwrap_err();
    assert_eq!(
        err,
        Error::LimitTooSmall {
            limit: 100,
            min: MIN_LIMIT_CHARS
        }
    );
    assert_eq!(
        err.to_string(),
        "limit of 100 chars is too small; use at least 800 chars (200 estimated tokens)"
    );
    let deep = Config {
        summary: SummaryLimits {
            max_depth: 1000,
            ..SummaryLimits::default()
        },
        ..Config::default()
    };
    assert!(matches!(
        Guard::new(deep),
        Err(Error::OutOfRange {
            field: "summary.max_depth",
            value: 1000,
            ..
        })
    ));
    let nameless = Config {
        confirm_tool: String::new(),
        ..Config::default()
    };
    assert!(matches!(
        Guard::new(nameless),
        Err(Error::OutOfRange { .. })
    ));
}

#[test]
fn nesting_as_deep_as_serde_json_parses_is_summarized_to_the_depth_limit() {
    // serde_json's parser stops at 128 levels; its serializer, which measures the value,
    // recurses, so deeper hand-built values are the caller's to bound.
    let text = format!("{}\"bottom\"{}", "[".repeat(127), "]".repeat(127));
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    if let serde_json::Value::Array(items) = &mut value {
        items.extend((0..1000).map(serde_json::Value::from));
    }
    let p = Guard::default().preview_json(&value);
    assert!(p.truncated);
    assert_eq!(p.text.lines().nth(2).unwrap(), "  [[Array(1)]],");
}
