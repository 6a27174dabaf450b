//! The define-time check that a source is one function expression and nothing else.
//!
//! The page evaluates a source only as `return (<source>\n)` inside a `Function` compiled in the
//! global scope, so a source can never become part of a snippet's own code. What that alone
//! allows is a source that is an *expression with side effects*, such as
//! `globalThis.x = 1, () => 0` or `function () {}(alert(1))`: defining it would run code
//! although defining should only create a function. This check refuses such sources before
//! anything reaches the page: the tokens must be one of the function forms below, and the last
//! bracket of the function must be the last token.
//!
//! - `function [*] [name] ( … ) { … }`, optionally after `async`
//! - `name => …`, `( … ) => …`, optionally after `async`, with no top-level `,` in the body
//!
//! Classes are refused: `typeof` calls them functions, but calling one throws.

use crate::lex::{Kind, Token, is_member_name, lex};

/// Why a source is not a function expression, or `Ok` when it is.
pub(crate) fn check(source: &str) -> Result<(), &'static str> {
    let lexed = lex(source);
    if lexed.unterminated {
        return Err("a string, template, regular expression or comment is not closed");
    }
    let t = &lexed.tokens;
    let mut i = 0;
    if t.is_empty() {
        return Err("it is empty");
    }
    ambiguous_slash(t)?;
    if is(t, 0, "async") && (is(t, 1, "function") || is(t, 1, "(") || ident(t, 1)) {
        i = 1;
    }
    if is(t, i, "function") {
        i += 1;
        if is(t, i, "*") {
            i += 1;
        }
        if ident(t, i) {
            i += 1;
        }
        if !is(t, i, "(") {
            return Err("\"function\" is not followed by a parameter list");
        }
        let close = matching(t, i).ok_or("its brackets do not match")?;
        if !is(t, close + 1, "{") {
            return Err("the parameter list is not followed by a body in braces");
        }
        let end = matching(t, close + 1).ok_or("its brackets do not match")?;
        if end + 1 != t.len() {
            return Err("code follows the function's closing brace");
        }
        return Ok(());
    }
    let arrow = if is(t, i, "(") {
        matching(t, i).ok_or("its brackets do not match")? + 1
    } else if ident(t, i) && !is(t, i, "class") {
        i + 1
    } else {
        return Err(
            "it does not start with \"function\", \"async\", a parameter list or a parameter name",
        );
    };
    if !is(t, arrow, "=>") {
        return Err("the parameters are not followed by \"=>\"");
    }
    arrow_body(&t[arrow + 1..])
}

/// Refuses a `/` whose reading (division or regular expression) depends on more grammar than
/// the scanner knows: after `}` (a block or an object literal?), after `++`/`--` (postfix or
/// prefix?), after the contextual words `await`, `yield`, `of`, `let`, and after the jumps
/// `break`, `continue` and `debugger` (a line break may end the statement). Where the scanner and
/// the engine could read a `/` differently they could also disagree on where the function
/// ends, so such sources are refused; wrapping the operand in parentheses avoids the refusal.
fn ambiguous_slash(t: &[Token<'_>]) -> Result<(), &'static str> {
    for (k, tok) in t.iter().enumerate().skip(1) {
        let slash = matches!(tok.kind, Kind::Regex)
            || (tok.kind == Kind::Punct && tok.text.starts_with('/'));
        if !slash {
            continue;
        }
        let prev = t[k - 1];
        let ambiguous = match prev.kind {
            Kind::Punct => matches!(prev.text, "}" | "++" | "--"),
            Kind::Ident => {
                // `break`, `continue` (with or without a label) and `debugger` end a statement
                // by automatic semicolon insertion when a line break follows, and then a `/`
                // starts a regular expression.
                let after_jump = k >= 2
                    && matches!(t[k - 2].text, "break" | "continue")
                    && t[k - 2].kind == Kind::Ident;
                let word = matches!(
                    prev.text,
                    "await" | "yield" | "of" | "let" | "break" | "continue" | "debugger"
                );
                (word || after_jump) && !is_member_name(t, k - 1)
            }
            _ => false,
        };
        if ambiguous {
            return Err(
                "a \"/\" right after \"}\", \"++\", \"--\", \"await\", \"yield\", \"of\", \"let\", \"break\", \"continue\" or \"debugger\" can be read two ways; add parentheses around the operand",
            );
        }
    }
    Ok(())
}

/// An arrow body extends as far as the expression does, so anything after it can only be
/// joined by a top-level comma (or a `;`, which `return (…)` turns into a syntax error
/// anyway); both are refused, and so are brackets that do not match.
fn arrow_body(t: &[Token<'_>]) -> Result<(), &'static str> {
    if t.is_empty() {
        return Err("the arrow function has no body");
    }
    let mut stack: Vec<&str> = Vec::new();
    for tok in t {
        if tok.kind != Kind::Punct {
            continue;
        }
        match tok.text {
            "(" | "[" | "{" => stack.push(tok.text),
            ")" | "]" | "}" => {
                let open = stack.pop().ok_or("a closing bracket has no opening one")?;
                if pair(open) != tok.text {
                    return Err("its brackets do not match");
                }
            }
            "," | ";" if stack.is_empty() => {
                return Err("a top-level \",\" or \";\" follows the arrow function");
            }
            _ => {}
        }
    }
    if stack.is_empty() {
        Ok(())
    } else {
        Err("a bracket is not closed")
    }
}

/// The index of the bracket that closes the one at `open`, counting all bracket kinds.
fn matching(t: &[Token<'_>], open: usize) -> Option<usize> {
    let mut stack: Vec<&str> = Vec::new();
    for (k, tok) in t.iter().enumerate().skip(open) {
        if tok.kind != Kind::Punct {
            continue;
        }
        match tok.text {
            "(" | "[" | "{" => stack.push(tok.text),
            ")" | "]" | "}" => {
                let o = stack.pop()?;
                if pair(o) != tok.text {
                    return None;
                }
                if stack.is_empty() {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

fn pair(open: &str) -> &'static str {
    match open {
        "(" => ")",
        "[" => "]",
        _ => "}",
    }
}

fn is(t: &[Token<'_>], i: usize, text: &str) -> bool {
    t.get(i)
        .is_some_and(|tok| tok.text == text && matches!(tok.kind, Kind::Ident | Kind::Punct))
}

fn ident(t: &[Token<'_>], i: usize) -> bool {
    t.get(i).is_some_and(|tok| tok.kind == Kind::Ident)
}

#[cfg(test)]
mod tests;
