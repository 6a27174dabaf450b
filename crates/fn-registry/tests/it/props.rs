//! Properties over arbitrary names, sources, arguments and scripts: no panics, literals that
//! decode to their input, and (in node) no source the Rust check accepts runs at definition.

use std::time::SystemTime;

use fn_registry::{Config, NudgeConfig, Nudger, Outcome, Registry, js_string_literal, similarity};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use serde_json::json;

use crate::node::{run, step};

/// Pieces that make sources look like JavaScript, including injected code.
const FRAGMENTS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "=>",
    "function",
    "async",
    "x",
    "y",
    ",",
    ";",
    "'",
    "\"",
    "`",
    "${",
    "/",
    "*",
    "//",
    "/*",
    "*/",
    "\n",
    " ",
    "globalThis.__canary = 1",
    "1",
    "+",
    "++",
    "?",
    ":",
    "return",
    "if",
    "\\",
    "<!--",
    "-->",
    "\u{2028}",
    "</script>",
    "=",
    "!",
    ".",
    "a",
    "class",
    "new",
    "typeof",
];

fn js_like() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..40).prop_map(|v| v.concat())
}

/// Function heads, random middles and endings: many are accepted, many are near misses.
fn function_like() -> impl Strategy<Value = String> {
    let heads = prop::sample::select(
        &[
            "x => ",
            "(x, y) => ",
            "async () => ",
            "() => {",
            "function () {",
            "async function f(x) {",
            "function* g() {",
            "(a = 1) => (",
            "x => `${",
        ][..],
    );
    let tails = prop::sample::select(
        &[
            "",
            "}",
            ")",
            "`",
            "}`",
            "})",
            "}, globalThis.__canary = 1",
            "}(globalThis.__canary = 1)",
        ][..],
    );
    let middle =
        prop::collection::vec(prop::sample::select(FRAGMENTS), 0..8).prop_map(|v| v.concat());
    (heads, middle, tails).prop_map(|(h, m, t)| format!("{h}{m}{t}"))
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        js_like(),
        function_like(),
        "[A-Za-z_$][A-Za-z0-9_$]{0,70}"
    ]
}

fn registry() -> Registry {
    Registry::with_config(Config {
        max_functions: 1 << 20,
        ..Config::default()
    })
}

proptest! {
    #[test]
    fn registry_never_panics(name in any_text(), source in any_text(), args in any_text()) {
        let mut r = registry();
        let defined = r.define(&name, &source, SystemTime::UNIX_EPOCH);
        if defined.is_ok() {
            prop_assert!(fn_registry::validate_name(&name).is_ok());
            let _ = r.call(&name, &args);
            let _ = r.call(&name, &json!([args]).to_string());
            let _ = r.set_init_script_id(&name, args.clone());
            prop_assert!(r.remove(&name).is_ok());
        }
        let _ = r.call(&name, &args);
        let _ = r.remove(&name);
    }

    #[test]
    fn literals_decode_to_their_input(s in any_text()) {
        let lit = js_string_literal(&s);
        let unsafe_chars = ['<', '>', '&', '\u{2028}', '\u{2029}'];
        prop_assert!(!lit.contains(unsafe_chars), "{}", lit);
        let back: String = serde_json::from_str(&lit).unwrap();
        prop_assert_eq!(back, s);
    }

    #[test]
    fn nudger_never_panics(scripts in prop::collection::vec(any_text(), 1..6)) {
        let tools = ["eval_define_function", "eval_call_function", "snapshot", "eval_list_functions"];
        let mut n = Nudger::new(NudgeConfig::default(), &tools).unwrap();
        for s in &scripts {
            let _ = n.observe(s);
            let ratio = similarity(s, &scripts[0]);
            prop_assert!((0.0..=1.0).contains(&ratio));
            let _ = fn_registry::normalize(s);
        }
    }

    #[test]
    fn outcome_reader_never_panics(kind in any_text(), ok in any::<Option<bool>>(), value in any_text()) {
        let v = json!({"ok": ok, "value": value, "error": {"kind": kind, "message": value}});
        let _ = Outcome::from_value(&v);
        let _ = Outcome::from_value(&json!(value));
    }
}

/// Random JavaScript-like sources through the API into node: whatever the Rust check accepts
/// must install without running code, and random argument strings must come back unchanged.
#[test]
fn accepted_sources_never_run_at_definition_in_node() {
    let mut runner = TestRunner::deterministic();
    let sources = prop::collection::vec(prop_oneof![js_like(), function_like()], 3000);
    let sources = sources.new_tree(&mut runner).expect("a value").current();
    let args = prop::collection::vec(any::<String>(), 200)
        .new_tree(&mut runner)
        .expect("a value")
        .current();
    let mut r = registry();
    let mut steps = Vec::new();
    let mut accepted = 0;
    for (i, source) in sources.iter().enumerate() {
        if let Ok(defined) = r.define(&format!("f{i}"), source, SystemTime::UNIX_EPOCH) {
            accepted += 1;
            steps.push(step("page", defined.script));
        }
    }
    // The fragments do form functions, so the check is exercised on both sides.
    assert!(
        accepted > 100,
        "only {accepted} random sources were accepted"
    );
    let install_steps = steps.len();
    steps.push(step(
        "page",
        r.define("echo", "(...a) => a", SystemTime::UNIX_EPOCH)
            .unwrap()
            .script,
    ));
    let calls: Vec<String> = args.iter().map(|a| json!([a]).to_string()).collect();
    for c in &calls {
        steps.push(step("page", r.call("echo", c).unwrap()));
    }
    let out = run(&steps);
    out.assert_no_canary();
    for i in 0..install_steps {
        assert!(
            Outcome::from_value(out.value(i)).is_ok(),
            "step {i} gave no snippet result"
        );
    }
    for (k, a) in args.iter().enumerate() {
        let got = Outcome::from_value(out.value(install_steps + 1 + k)).unwrap();
        assert_eq!(got, Outcome::Ok(json!([a])));
    }
}
