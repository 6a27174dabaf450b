//! The generated snippets in real node: define, call, async, persistence, errors, list, remove.

use std::time::SystemTime;

use fn_registry::{FailureKind, Outcome, Registry, list_script};
use serde_json::{Value, json};

use crate::node::{run, step, swap};

fn define(r: &mut Registry, name: &str, source: &str) -> String {
    r.define(name, source, SystemTime::UNIX_EPOCH)
        .expect("definable")
        .script
}

fn ok(v: &Value) -> Value {
    match Outcome::from_value(v).expect("a snippet result") {
        Outcome::Ok(value) => value,
        Outcome::Failed(f) => panic!("snippet failed: {f}"),
    }
}

#[track_caller]
fn failed(v: &Value, kind: FailureKind) -> String {
    match Outcome::from_value(v).expect("a snippet result") {
        Outcome::Failed(f) if f.kind == kind => f.message,
        other => panic!("expected {kind:?}, got {other:?}"),
    }
}

#[test]
fn define_call_async_list_remove_in_one_page() {
    let mut r = Registry::new();
    let steps = vec![
        step("page", define(&mut r, "add", "(a, b) => a + b")),
        step("page", r.call("add", "[2, 3]").unwrap()),
        step("page", r.call("add", r#"["a", "b"]"#).unwrap()),
        step(
            "page",
            define(
                &mut r,
                "later",
                "async (v) => { await null; await Promise.resolve(); return { doubled: v * 2 }; }",
            ),
        ),
        step("page", r.call("later", "[21]").unwrap()),
        step("page", define(&mut r, "nothing", "function nothing() {}")),
        step("page", r.call("nothing", "[]").unwrap()),
        step("page", define(&mut r, "echo", "(...args) => args")),
        step(
            "page",
            r.call(
                "echo",
                r#"[null, true, 1.5, "x", [1, [2]], {"k": {"v": []}}]"#,
            )
            .unwrap(),
        ),
        step("page", list_script()),
        step("page", r.remove("nothing").unwrap().script),
        step(
            "page",
            swap(&r.remove("add").unwrap().script, "add", "nothing"),
        ),
        step("page", list_script()),
        step(
            "page",
            swap(&r.call("echo", "[]").unwrap(), "echo", "nothing"),
        ),
    ];
    let out = run(&steps);
    out.assert_no_canary();
    assert_eq!(ok(out.value(0)), json!({"name": "add", "params": 2}));
    assert_eq!(ok(out.value(1)), json!(5));
    assert_eq!(ok(out.value(2)), json!("ab"));
    assert_eq!(ok(out.value(4)), json!({"doubled": 42}));
    assert_eq!(
        ok(out.value(6)),
        json!(null),
        "undefined comes back as null"
    );
    assert_eq!(
        ok(out.value(8)),
        json!([null, true, 1.5, "x", [1, [2]], {"k": {"v": []}}])
    );
    assert_eq!(
        ok(out.value(9)),
        json!([
            {"name": "add", "params": 2}, {"name": "echo", "params": 0},
            {"name": "later", "params": 1}, {"name": "nothing", "params": 0}
        ])
    );
    assert_eq!(ok(out.value(10)), json!(true));
    assert_eq!(
        ok(out.value(11)),
        json!(false),
        "removing twice finds nothing the second time"
    );
    assert_eq!(ok(out.value(12)).as_array().map(Vec::len), Some(3));
    let msg = failed(out.value(13), FailureKind::UnknownFunction);
    assert!(
        msg.starts_with("no function named nothing in this page"),
        "{msg}"
    );
}

#[test]
fn async_functions_are_awaited_on_node_timers() {
    // The main context has real timers: the call snippet's promise settles only after one fires.
    let mut r = Registry::new();
    let steps = vec![
        step(
            "main",
            define(
                &mut r,
                "slow",
                "async (ms, v) => { await new Promise((res) => setTimeout(res, ms)); return v; }",
            ),
        ),
        step("main", r.call("slow", r#"[5, "done"]"#).unwrap()),
        step(
            "main",
            define(
                &mut r,
                "rejects",
                "async () => { await null; throw new TypeError('late'); }",
            ),
        ),
        step("main", r.call("rejects", "[]").unwrap()),
    ];
    let out = run(&steps);
    out.assert_no_canary();
    assert_eq!(ok(out.value(1)), json!("done"));
    assert_eq!(failed(out.value(3), FailureKind::Thrown), "TypeError: late");
}

#[test]
fn init_script_restores_functions_on_a_fresh_global() {
    let mut r = Registry::new();
    let install = define(
        &mut r,
        "title",
        "() => 'T:' + (globalThis.pageName || 'none')",
    );
    let call = r.call("title", "[]").unwrap();
    let steps = vec![
        step("first", install.clone()),
        step("first", call.clone()),
        // A navigation: a new global without the function until the init script runs.
        step("second", call.clone()),
        step("second", "globalThis.pageName = 'second'"),
        step("second", install.clone()),
        step("second", call.clone()),
        // Running the init script again on the same page is harmless.
        step("second", install),
        step("second", call),
        step(
            "second",
            "Object.getPrototypeOf(globalThis.__mcpLeanFunctions) === null && Object.keys(globalThis).includes('__mcpLeanFunctions') === false",
        ),
    ];
    let out = run(&steps);
    out.assert_no_canary();
    assert_eq!(ok(out.value(1)), json!("T:none"));
    failed(out.value(2), FailureKind::UnknownFunction);
    assert_eq!(ok(out.value(5)), json!("T:second"));
    assert_eq!(ok(out.value(7)), json!("T:second"));
    assert_eq!(
        out.value(8),
        &json!(true),
        "the registry has no prototype and is not enumerable"
    );
}

#[test]
fn redefinition_replaces_the_page_function() {
    let mut r = Registry::new();
    let v1 = define(&mut r, "f", "() => 1");
    r.set_init_script_id("f", "script-1").unwrap();
    let again = r.define("f", "() => 2", SystemTime::UNIX_EPOCH).unwrap();
    assert_eq!(again.previous_init_script_id.as_deref(), Some("script-1"));
    let call = r.call("f", "[]").unwrap();
    let out = run(&[
        step("p", v1),
        step("p", call.clone()),
        step("p", again.script),
        step("p", call),
    ]);
    assert_eq!(ok(out.value(1)), json!(1));
    assert_eq!(ok(out.value(3)), json!(2));
}

#[test]
fn errors_are_told_apart() {
    let mut r = Registry::new();
    let template = define(&mut r, "t", "() => 0");
    let call_t = r.call("t", "[]").unwrap();
    let steps = vec![
        step("p", template.clone()),
        // Passes the shape check, fails to compile.
        step("p", define(&mut r, "broken", "(a) => { return a + ; }")),
        step(
            "p",
            define(&mut r, "thrower", "() => { throw new Error('boom'); }"),
        ),
        step("p", r.call("thrower", "[]").unwrap()),
        step("p", define(&mut r, "throwsValue", "() => { throw 42; }")),
        step("p", r.call("throwsValue", "[]").unwrap()),
        // Past the Rust checks, as a generator without them would write it.
        step("p", swap(&template, "() => 0", "42")),
        step(
            "p",
            swap(
                &template,
                "() => 0",
                "(() => { throw new RangeError('at define'); })()",
            ),
        ),
        step("p", swap(&call_t, "[]", "{\"0\": 1, \"length\": 1}")),
        step("p", swap(&call_t, "[]", "not json")),
        step(
            "taken",
            "globalThis.__mcpLeanFunctions = { t: () => 'page' }",
        ),
        step("taken", template.clone()),
        step("taken", call_t.clone()),
        step("taken", list_script()),
        // Something that is not a snippet result.
        step("p", "({ ok: 'maybe' })"),
    ];
    let out = run(&steps);
    out.assert_no_canary();
    let syntax = failed(out.value(1), FailureKind::Syntax);
    assert!(syntax.starts_with("SyntaxError: "), "{syntax}");
    assert_eq!(failed(out.value(3), FailureKind::Thrown), "Error: boom");
    assert_eq!(failed(out.value(5), FailureKind::Thrown), "uncaught 42");
    assert_eq!(
        failed(out.value(6), FailureKind::NotAFunction),
        "the source evaluates to number, not a function"
    );
    assert_eq!(
        failed(out.value(7), FailureKind::Thrown),
        "RangeError: at define"
    );
    assert_eq!(
        failed(out.value(8), FailureKind::BadArguments),
        "arguments must be a JSON array"
    );
    assert!(failed(out.value(9), FailureKind::BadArguments).starts_with("SyntaxError: "));
    for i in 11..=13 {
        let msg = failed(out.value(i), FailureKind::Registry);
        assert!(
            msg.starts_with("window.__mcpLeanFunctions is used by the page"),
            "{msg}"
        );
    }
    assert!(Outcome::from_value(out.value(14)).is_err());
}

#[test]
fn window_is_preferred_over_global_this() {
    let mut r = Registry::new();
    let install = define(&mut r, "f", "() => 7");
    let steps = vec![
        step("w", "globalThis.window = { marker: true }"),
        step("w", install),
        step(
            "w",
            "typeof window.__mcpLeanFunctions.f + ' ' + typeof globalThis.__mcpLeanFunctions",
        ),
    ];
    let out = run(&steps);
    ok(out.value(1));
    assert_eq!(out.value(2), &json!("function undefined"));
}
