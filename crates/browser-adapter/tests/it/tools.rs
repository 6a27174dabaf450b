//! Each tool's handler against the node page: results, previews, tokens, functions,
//! timeouts, snapshots and every kind of refusal.

use browser_adapter::{Error, Session, SessionConfig};
use fn_registry::NudgeConfig;
use serde_json::{Value, json};

use crate::node_page::NodePage;
use crate::{call, error_text, structured};

fn setup() -> (Session, NodePage) {
    (Session::new().expect("default session"), NodePage::new())
}

fn define(s: &mut Session, page: &NodePage, name: &str, source: &str) -> Value {
    call(
        s,
        page,
        "eval_define_function",
        json!({"name": name, "source": source}),
    )
}

#[test]
fn small_evaluate_result_passes_unchanged() {
    let (mut s, page) = setup();
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "({a: [1, 2], b: 'x'})"}),
    );
    let out = structured(&r);
    assert_eq!(out["text"], r#"{"a":[1,2],"b":"x"}"#);
    assert_eq!(out["truncated"], false);
    assert!(out.get("confirmToken").is_none());
    let mirrored: Value =
        serde_json::from_str(r["content"][0]["text"].as_str().unwrap_or("")).expect("json text");
    assert_eq!(&mirrored, out);
}

#[test]
fn large_evaluate_result_is_previewed_and_redeemed_once() {
    let (mut s, page) = setup();
    let script = "Array.from({length: 3000}, (_, i) => ({id: i, name: 'row ' + i}))";
    let r = call(&mut s, &page, "evaluate", json!({"script": script}));
    let out = structured(&r);
    assert_eq!(out["truncated"], true);
    let text = out["text"].as_str().unwrap_or_default();
    assert!(
        text.chars().count() <= 2000,
        "preview of {} chars",
        text.chars().count()
    );
    assert!(text.contains("Array(3000)"), "{text}");
    let token = out["confirmToken"].as_str().expect("a token").to_owned();

    let rows: Vec<Value> = (0..3000)
        .map(|i| json!({"id": i, "name": format!("row {i}")}))
        .collect();
    let expected = Value::from(rows).to_string();
    assert_eq!(out["totalLength"], expected.chars().count());

    let full = call(&mut s, &page, "confirm_output", json!({"token": token}));
    assert_eq!(structured(&full)["text"], expected.as_str());
    let again = call(&mut s, &page, "confirm_output", json!({"token": token}));
    assert!(error_text(&again).contains("already"), "{again:#}");
}

#[test]
fn unknown_token_is_an_error() {
    let (mut s, page) = setup();
    let r = call(&mut s, &page, "confirm_output", json!({"token": "nope"}));
    assert!(error_text(&r).contains("token"), "{r:#}");
}

#[test]
fn evaluate_nudges_first_use_and_repeats() {
    let (mut s, page) = setup();
    let first = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "[1, 2, 3].map((x) => x * 2).join(',')"}),
    );
    assert!(structured(&first)["nudge"].is_string(), "{first:#}");
    let script_a = "const rows = [1, 2, 3, 4].filter((x) => x > 1); rows.length + 1;";
    let script_b = "const items = [5, 6, 7, 8].filter((y) => y > 2); items.length + 2;";
    let _ = call(&mut s, &page, "evaluate", json!({"script": script_a}));
    let r = call(&mut s, &page, "evaluate", json!({"script": script_b}));
    let out = structured(&r);
    assert_eq!(out["text"], "6");
    let nudge = out["nudge"].as_str().unwrap_or_default();
    assert!(nudge.contains("eval_define_function"), "{r:#}");
}

#[test]
fn thrown_exception_is_an_error_with_its_message() {
    let (mut s, page) = setup();
    let r = call(&mut s, &page, "evaluate", json!({"script": "null.x"}));
    assert!(error_text(&r).contains("TypeError"), "{r:#}");
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "Promise.reject(new Error('nope'))"}),
    );
    assert!(error_text(&r).contains("Error: nope"), "{r:#}");
}

#[test]
fn endless_loop_times_out_and_the_next_call_works() {
    let (mut s, page) = setup();
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "while (true) {}", "timeoutMs": 200}),
    );
    let text = error_text(&r);
    assert!(
        text.starts_with("script timed out after 200 ms and was stopped"),
        "{text}"
    );
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "new Promise(() => {})", "timeoutMs": 150}),
    );
    assert!(error_text(&r).contains("timed out"), "{r:#}");
    let r = call(&mut s, &page, "evaluate", json!({"script": "6 * 7"}));
    assert_eq!(structured(&r)["text"], "42");
}

#[test]
fn defined_function_survives_new_documents_and_takes_arguments() {
    let (mut s, page) = setup();
    let r = define(&mut s, &page, "joinWith", "(sep, items) => items.join(sep)");
    assert_eq!(
        structured(&r),
        &json!({"name": "joinWith", "replaced": false, "size": 31})
    );
    assert_eq!(page.init_script_count(), 1);
    // Every evaluation of the node page is a new document: only the init script brings the
    // function back.
    let r = call(
        &mut s,
        &page,
        "eval_call_function",
        json!({"name": "joinWith", "args": ["-", ["a", "</script>", "c"]]}),
    );
    assert_eq!(structured(&r)["text"], r#""a-</script>-c""#);
    let r = call(
        &mut s,
        &page,
        "eval_call_function",
        json!({"name": "joinWith", "args": [":", [1, 2]]}),
    );
    assert_eq!(structured(&r)["text"], r#""1:2""#);

    let list = call(&mut s, &page, "eval_list_functions", json!({}));
    let functions = &structured(&list)["functions"];
    assert_eq!(functions[0]["name"], "joinWith");
    assert_eq!(functions[0]["calls"], 2);
    assert_eq!(functions[0]["source"], "(sep, items) => items.join(sep)");
}

#[test]
fn redefinition_replaces_the_init_script() {
    let (mut s, page) = setup();
    let _ = define(&mut s, &page, "f", "() => 1");
    let r = define(&mut s, &page, "f", "() => 2");
    assert_eq!(structured(&r)["replaced"], true);
    assert_eq!(page.init_script_count(), 1);
    let r = call(&mut s, &page, "eval_call_function", json!({"name": "f"}));
    assert_eq!(structured(&r)["text"], "2");
}

#[test]
fn failed_redefinition_keeps_the_old_function() {
    let (mut s, page) = setup();
    let _ = define(&mut s, &page, "f", "() => 1");
    let r = define(&mut s, &page, "f", "(x) => x +* 2");
    assert!(error_text(&r).contains("SyntaxError"), "{r:#}");
    assert_eq!(page.init_script_count(), 1);
    let r = call(&mut s, &page, "eval_call_function", json!({"name": "f"}));
    assert_eq!(structured(&r)["text"], "1");
    assert_eq!(s.registry().len(), 1);
}

#[test]
fn hostile_names_are_refused_before_the_page_runs_anything() {
    let (mut s, page) = setup();
    for name in [
        "__proto__",
        "constructor",
        "a\"];alert(1)//",
        "1abc",
        "",
        "toString",
    ] {
        let r = define(&mut s, &page, name, "() => 1");
        assert!(error_text(&r).contains("name"), "{name}: {r:#}");
    }
    assert_eq!(page.evaluations(), 0);
    assert_eq!(page.init_script_count(), 0);
    assert!(s.registry().is_empty());
}

#[test]
fn broken_sources_are_refused_and_not_kept() {
    let (mut s, page) = setup();
    for source in ["(x) => {", "42", "function () { return 1 }; alert(1)"] {
        let r = define(&mut s, &page, "g", source);
        assert!(!error_text(&r).is_empty(), "{source}");
    }
    assert!(s.registry().is_empty());
    assert_eq!(page.init_script_count(), 0);
}

#[test]
fn call_errors_say_what_to_do() {
    let (mut s, page) = setup();
    let r = call(
        &mut s,
        &page,
        "eval_call_function",
        json!({"name": "missing"}),
    );
    assert!(
        error_text(&r).contains("no function named \"missing\""),
        "{r:#}"
    );

    let _ = define(
        &mut s,
        &page,
        "boom",
        "() => { throw new RangeError('too far') }",
    );
    let r = call(&mut s, &page, "eval_call_function", json!({"name": "boom"}));
    assert!(error_text(&r).contains("RangeError: too far"), "{r:#}");
    let r = call(
        &mut s,
        &page,
        "eval_call_function",
        json!({"name": "boom", "args": {"a": 1}}),
    );
    assert!(error_text(&r).contains("JSON array"), "{r:#}");
    let r = define(&mut s, &page, "spin", "() => { while (true) {} }");
    structured(&r);
    let r = call(
        &mut s,
        &page,
        "eval_call_function",
        json!({"name": "spin", "timeoutMs": 150}),
    );
    assert!(error_text(&r).contains("timed out after 150 ms"), "{r:#}");
}

const PAGE: &str = "- banner [ref=e2]:\n  - link \"Sign in\" [ref=e3] [cursor=pointer]:\n    - /url: /login\n- main [ref=e4]:\n  - heading \"News\" [level=1] [ref=e5]\n  - paragraph [ref=e6]: Hello\n  - button \"Show comments\" [ref=e7]";

#[test]
fn goal_snapshots_spend_the_budget_and_page_on() {
    let config = SessionConfig {
        digest: snapshot_digest::DigestConfig {
            max_tokens: 150,
            ..SessionConfig::default().digest
        },
        ..SessionConfig::default()
    };
    let mut s = Session::with_config(config).expect("session");
    let page = NodePage::new();
    let mut big = String::from(PAGE);
    for i in 0..30 {
        big.push_str(&format!("\n  - link \"Story {i}\" [ref=e{}]", 100 + i));
    }
    page.set_snapshot(&big);
    let r = call(&mut s, &page, "snapshot", json!({"goal": "log in"}));
    let first = structured(&r)["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(first.contains("[ref=e3]"), "{first}");
    assert!(
        first.contains("call snapshot with the same goal and page: 2"),
        "{first}"
    );
    let r = call(
        &mut s,
        &page,
        "snapshot",
        json!({"goal": "log in", "page": 2}),
    );
    let second = structured(&r)["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(second.contains(", page 2:"), "{second}");
    assert!(!second.contains("[ref=e3]"), "{second}");
    assert!(second.contains("[ref=e1"), "{second}");

    let r = call(&mut s, &page, "snapshot", json!({"page": 2}));
    assert!(
        error_text(&r).contains("page only applies with a goal"),
        "{r}"
    );
    let r = call(
        &mut s,
        &page,
        "snapshot",
        json!({"goal": "log in", "page": 0}),
    );
    assert!(error_text(&r).contains("a whole number from 1"), "{r}");
}

#[test]
fn snapshot_modes() {
    let (mut s, page) = setup();
    page.set_snapshot(PAGE);

    let r = call(&mut s, &page, "snapshot", json!({"since_last": true}));
    let out = structured(&r);
    assert_eq!(out["mode"], "digest");
    assert!(
        out["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("# no earlier snapshot")
    );

    // A page this small fits the budget and comes back whole.
    let r = call(&mut s, &page, "snapshot", json!({"goal": "log in"}));
    let out = structured(&r);
    assert_eq!(out["mode"], "goal");
    let text = out["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("whole") && text.contains("[ref=e3]") && text.contains("[ref=e7]"),
        "{text}"
    );
    assert_eq!(out["url"], "http://127.0.0.1/test");
    assert_eq!(out["snapshotChars"], PAGE.len());

    let r = call(&mut s, &page, "snapshot", json!({}));
    let text = structured(&r)["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        text.contains("[ref=e3]") && text.contains("[ref=e7]"),
        "{text}"
    );

    let r = call(&mut s, &page, "snapshot", json!({"full": true}));
    assert_eq!(structured(&r)["text"], PAGE);
    assert_eq!(structured(&r)["mode"], "full");

    page.set_snapshot(&PAGE.replace("Show comments", "Hide comments"));
    let r = call(&mut s, &page, "snapshot", json!({"since_last": true}));
    let out = structured(&r);
    assert_eq!(out["mode"], "diff");
    let text = out["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("<changed> button \"Hide comments\" [ref=e7]"),
        "{text}"
    );
    assert!(text.contains("ref=e2 [unchanged]"), "{text}");
    assert!(
        s.last_snapshot()
            .is_some_and(|t| t.contains("Hide comments"))
    );

    let r = call(
        &mut s,
        &page,
        "snapshot",
        json!({"full": true, "since_last": true}),
    );
    assert!(error_text(&r).contains("not both"), "{r:#}");
}

#[test]
fn bad_arguments_and_tools_are_refused() {
    let (mut s, page) = setup();
    let r = call(&mut s, &page, "navigate", json!({}));
    assert!(
        error_text(&r).contains("unknown tool \"navigate\""),
        "{r:#}"
    );
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "1", "extra": 2}),
    );
    assert!(
        error_text(&r).contains("unknown argument \"extra\""),
        "{r:#}"
    );
    let r = call(&mut s, &page, "evaluate", json!({}));
    assert!(
        error_text(&r).contains("missing argument \"script\""),
        "{r:#}"
    );
    let r = call(&mut s, &page, "evaluate", json!({"script": 5}));
    assert!(error_text(&r).contains("must be a string"), "{r:#}");
    let r = call(
        &mut s,
        &page,
        "evaluate",
        json!({"script": "1", "timeoutMs": -1}),
    );
    assert!(error_text(&r).contains("timeoutMs"), "{r:#}");
    let r = call(&mut s, &page, "snapshot", json!({"full": "yes"}));
    assert!(error_text(&r).contains("true or false"), "{r:#}");
    let r = call(&mut s, &page, "eval_list_functions", json!([]));
    assert!(error_text(&r).contains("JSON object"), "{r:#}");
    let r = call(&mut s, &page, "eval_list_functions", Value::Null);
    assert_eq!(structured(&r)["functions"], json!([]));
    assert_eq!(page.evaluations(), 0);
}

#[test]
fn session_refuses_nudges_for_tools_it_lacks() {
    let config = SessionConfig {
        nudge: NudgeConfig {
            define_tool: "define_it".to_owned(),
            ..NudgeConfig::default()
        },
        ..SessionConfig::default()
    };
    assert!(matches!(
        Session::with_config(config),
        Err(Error::NudgeConfig { .. })
    ));
}
