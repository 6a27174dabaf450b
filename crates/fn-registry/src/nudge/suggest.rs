//! The function name a repeat nudge suggests, from the member names a script uses.

use crate::lex::{Kind, Token, is_member_name};
use crate::name::FunctionName;

/// Member names too common to say what a script does.
const GENERIC: &[&str] = &[
    "length",
    "map",
    "forEach",
    "filter",
    "reduce",
    "slice",
    "splice",
    "push",
    "pop",
    "shift",
    "join",
    "split",
    "trim",
    "toLowerCase",
    "toUpperCase",
    "includes",
    "indexOf",
    "from",
    "keys",
    "values",
    "entries",
    "then",
    "catch",
    "finally",
    "log",
    "stringify",
    "parse",
    "min",
    "max",
    "floor",
    "round",
    "ceil",
    "abs",
    "call",
    "apply",
    "bind",
    "prototype",
    "toString",
    "replace",
    "replaceAll",
    "match",
    "test",
    "some",
    "every",
    "find",
    "findIndex",
    "concat",
    "sort",
    "reverse",
    "assign",
    "has",
    "get",
    "set",
    "add",
    "delete",
    "size",
    "error",
    "warn",
    "info",
    "now",
    "random",
    "startsWith",
    "endsWith",
    "padStart",
    "padEnd",
    "toFixed",
    "substring",
    "substr",
    "slice",
    "charAt",
    "flat",
    "flatMap",
    "fill",
    "isArray",
    "resolve",
    "all",
    "body",
    "document",
    "window",
    "style",
    "value",
    "trimEnd",
    "trimStart",
    "at",
];

/// A function name from the first two telling member names of the script
/// (`querySelectorAll` + `innerText` → `querySelectorAllInnerText`), or `pageScript`.
pub(super) fn suggest_name(tokens: &[Token<'_>]) -> FunctionName {
    let mut parts: Vec<String> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.kind != Kind::Ident || !is_member_name(tokens, i) || GENERIC.contains(&t.text) {
            continue;
        }
        let clean: String = t
            .text
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
            .collect();
        if clean.is_empty() || parts.iter().any(|p| p.eq_ignore_ascii_case(&clean)) {
            continue;
        }
        parts.push(clean);
        if parts.len() == 2 {
            break;
        }
    }
    let mut name = String::new();
    for (k, part) in parts.iter().enumerate() {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            if k == 0 {
                name.push(first.to_ascii_lowercase());
            } else {
                name.push(first.to_ascii_uppercase());
            }
            name.extend(chars);
        }
    }
    name.truncate(crate::name::MAX_NAME_LEN - 2);
    if name.is_empty() {
        return FunctionName::trusted("pageScript");
    }
    for candidate in [name.clone(), format!("{name}Fn")] {
        if let Ok(valid) = FunctionName::new(&candidate) {
            return valid;
        }
    }
    FunctionName::trusted("pageScript")
}

#[cfg(test)]
mod tests;
