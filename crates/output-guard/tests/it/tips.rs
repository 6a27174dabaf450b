//! Tips: checked against the server's tools at configuration time, chosen by content kind.

use output_guard::{Config, Error, Guard, Kind, StoreLimits, Tips, TokenStore, Trigger};

const TOOLS: [&str; 4] = ["evaluate", "get_console_logs", "get_html", "confirm_output"];

#[test]
fn a_tip_for_a_missing_tool_is_a_configuration_error() {
    let err = Tips::for_tools(TOOLS)
        .tip(Trigger::Always, "get_text", "read only the text")
        .unwrap_err();
    assert_eq!(
        err,
        Error::UnknownTool {
            tool: "get_text".to_owned(),
            known: "evaluate, get_console_logs, get_html, confirm_output".to_owned()
        }
    );
    assert!(
        err.to_string().contains("is not one of the server's tools"),
        "{err}"
    );
}

#[test]
fn tips_are_one_short_line() {
    for text in ["", "  ", "two\nlines", &"x".repeat(161)] {
        let err = Tips::for_tools(TOOLS)
            .tip(Trigger::Always, "get_html", text)
            .unwrap_err();
        assert!(matches!(err, Error::BadTip { .. }), "{text:?}: {err:?}");
    }
}

#[test]
fn the_confirm_tool_must_exist_too() {
    let tips = Tips::for_tools(["evaluate"]);
    let err = Guard::new(Config::default())
        .unwrap()
        .with_tips(tips)
        .unwrap_err();
    assert!(matches!(err, Error::UnknownTool { ref tool, .. } if tool == "confirm_output"));
}

#[test]
fn previews_show_the_tip_for_their_kind_or_the_general_one() {
    let tips = Tips::for_tools(TOOLS)
        .tip(
            Trigger::Kind(Kind::Console),
            "get_console_logs",
            "filter by level or text",
        )
        .unwrap()
        .tip(
            Trigger::Always,
            "evaluate",
            "return only the fields you need",
        )
        .unwrap();
    let guard = Guard::new(Config::default())
        .unwrap()
        .with_tips(tips)
        .unwrap();
    let store = TokenStore::new(StoreLimits::default());
    let big = "line\n".repeat(2000);

    let console = guard.text(big.clone(), Kind::Console, &store);
    assert_eq!(
        console.tip.as_deref(),
        Some("Tip: try get_console_logs: filter by level or text")
    );
    assert!(
        console
            .text
            .ends_with("\nTip: try get_console_logs: filter by level or text")
    );

    let html = guard.text(big.clone(), Kind::Html, &store);
    assert_eq!(
        html.tip.as_deref(),
        Some("Tip: try evaluate: return only the fields you need")
    );
    assert!(output_guard::char_len(&html.text) <= 2000);

    // Outputs that fit carry no tip.
    assert_eq!(
        guard.text("short".to_owned(), Kind::Console, &store).tip,
        None
    );
}
