//! Unit tests of name suggestions.

use super::*;
use crate::lex::lex;

#[test]
fn suggests_names_from_members() {
    let name = |src: &str| suggest_name(&lex(src).tokens).to_string();
    assert_eq!(
        name("[...document.querySelectorAll('a')].map(a => a.innerText)"),
        "querySelectorAllInnerText"
    );
    assert_eq!(name("window.scrollTo(0, 1)"), "scrollTo");
    assert_eq!(name("return 1 + 2"), "pageScript");
    assert_eq!(name("x.constructor"), "constructorFn");
    assert_eq!(name("x.ünï"), "n");
    let long = format!("x.{}", "a".repeat(200));
    assert_eq!(name(&long).len(), 62);
}
