//! Unit tests of masking and local-name detection.

use super::*;
use crate::lex::lex;

fn shape(src: &str) -> Vec<String> {
    mask(&lex(src).tokens)
}

#[test]
fn masks_literals_and_renames_locals() {
    assert_eq!(
        shape("const a = el.querySelector('x'); f(a, 3, /r/g, `t${a}u`)").join(" "),
        "const $0 = el . querySelector ( \"S\" ) ; f ( $0 , 0 , /R/ , `S${ $0 }S` )"
    );
    // Property names and globals stay; a property that shares a local's name is not renamed.
    assert_eq!(
        shape("let text = document.body.text").join(" "),
        "let $0 = document . body . text"
    );
}

#[test]
fn finds_declared_names() {
    let src = "var a, b = 1; let {c, d: e, ...f} = o; const [g, h] = p; function i(j, {k}) {} \
               class L {} try {} catch (m) {} (n, o2) => 1; q => 2; for (let r of s) {}";
    let mut got: Vec<&str> = declared(&lex(src).tokens).into_iter().collect();
    got.sort_unstable();
    assert_eq!(
        got,
        [
            "L", "a", "b", "c", "e", "f", "g", "h", "i", "j", "k", "m", "n", "o2", "q", "r"
        ]
    );
}
