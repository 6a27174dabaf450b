//! Unit tests of the check that a source is one function expression.

use super::check;

#[test]
fn accepts_function_expressions() {
    for src in [
        "() => 1",
        "x => x * 2",
        "async x => await x",
        "(a, b = 2, ...rest) => { return a + b; }",
        "async (sel) => { const el = document.querySelector(sel); return el && el.innerText; }",
        "function () { return 1 }",
        "function named(a) { return a }",
        "async function () {}",
        "function* gen() { yield 1 }",
        "  /* leading comment */ () => ({ a: 1, b: [1, 2] }) // trailing comment",
        "x => `${x}, ${[1, 2].join(', ')}`",
        "(a) => a ? b : c",
    ] {
        assert_eq!(check(src), Ok(()), "{src}");
    }
}

#[test]
fn refuses_expressions_with_side_effects() {
    let cases = [
        (
            "globalThis.x = 1, () => 0",
            "the parameters are not followed by \"=>\"",
        ),
        (
            "function () {}(alert(1))",
            "code follows the function's closing brace",
        ),
        (
            "function () {} || alert(1)",
            "code follows the function's closing brace",
        ),
        (
            "x => x, alert(1)",
            "a top-level \",\" or \";\" follows the arrow function",
        ),
        (
            "() => {}; alert(1)",
            "a top-level \",\" or \";\" follows the arrow function",
        ),
        ("(alert(1), 1)", "the parameters are not followed by \"=>\""),
        (
            "1); alert(1); (1",
            "it does not start with \"function\", \"async\", a parameter list or a parameter name",
        ),
        ("x => x)", "a closing bracket has no opening one"),
        ("x => (x", "a bracket is not closed"),
        (
            "'a",
            "a string, template, regular expression or comment is not closed",
        ),
        (
            "class A {}",
            "it does not start with \"function\", \"async\", a parameter list or a parameter name",
        ),
        ("", "it is empty"),
        ("// only a comment", "it is empty"),
        ("function () { ]", "its brackets do not match"),
    ];
    for (src, want) in cases {
        assert_eq!(check(src), Err(want), "{src}");
    }
}

#[test]
fn refuses_slashes_the_scanner_could_misread() {
    for src in [
        "function () { if (a) {} /re/.test(s) }",
        "x => x++ / 2",
        "async function () { await /re/.test(s) }",
        "function* () { yield /x/ }",
        "x => { for (const m of /a/g.exec(s) || []) {} }",
    ] {
        assert!(check(src).is_err(), "{src}");
    }
    // Unambiguous slashes pass, including after control heads and member keywords.
    for src in [
        "(a, b) => (a + b) / 2",
        "s => { if (s) /x/.test(s); return s.split(/,/) }",
        "o => o.return / 2",
        "x => (x++) / 2",
        "x => ({}).a / 2 + [1][0] / 3",
    ] {
        assert_eq!(check(src), Ok(()), "{src}");
    }
}
