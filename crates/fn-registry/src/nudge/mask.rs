//! The two forms of a script's tokens that its fingerprints hash: joined as they are (exact),
//! and masked, with literals and the names it declares itself replaced (shape).

use std::collections::{HashMap, HashSet};

use crate::lex::{Kind, Token, is_member_name};

/// The tokens joined by single spaces.
pub(super) fn normalized(tokens: &[Token<'_>]) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(t.text);
    }
    out
}

/// The masked token sequence (see `Nudger`).
pub(super) fn mask(tokens: &[Token<'_>]) -> Vec<String> {
    let locals = declared(tokens);
    let mut order: HashMap<&str, usize> = HashMap::new();
    let mut out = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        let masked = match t.kind {
            Kind::Str => "\"S\"".to_owned(),
            Kind::Number => "0".to_owned(),
            Kind::Regex => "/R/".to_owned(),
            Kind::Template => {
                let open = if t.text.starts_with('`') { "`" } else { "}" };
                let close = if t.text.len() > 1 && t.text.ends_with('`') {
                    "`"
                } else {
                    "${"
                };
                format!("{open}S{close}")
            }
            Kind::Ident if locals.contains(t.text) && !is_member_name(tokens, i) => {
                let next = order.len();
                let n = *order.entry(t.text).or_insert(next);
                format!("${n}")
            }
            Kind::Ident | Kind::Punct => t.text.to_owned(),
        };
        out.push(masked);
    }
    out
}

/// The names a script binds itself: declarations, parameters and `catch` bindings.
fn declared<'a>(tokens: &[Token<'a>]) -> HashSet<&'a str> {
    let mut set = HashSet::new();
    let n = tokens.len();
    let text = |i: usize| {
        tokens
            .get(i)
            .map_or("", |t| if t.kind == Kind::Str { "" } else { t.text })
    };
    let is_ident = |i: usize| tokens.get(i).is_some_and(|t| t.kind == Kind::Ident);
    // The `(` matching each `)`, for arrow parameter lists.
    let mut open_of = vec![usize::MAX; n];
    let mut parens = Vec::new();
    let mut depth = 0usize;
    let mut decl_depth: Option<usize> = None;
    for i in 0..n {
        let t = tokens[i];
        if t.kind == Kind::Punct {
            match t.text {
                "(" | "[" | "{" => {
                    if t.text == "(" {
                        parens.push(i);
                    }
                    depth += 1;
                }
                ")" | "]" | "}" => {
                    if t.text == ")"
                        && let Some(o) = parens.pop()
                    {
                        open_of[i] = o;
                    }
                    depth = depth.saturating_sub(1);
                    if decl_depth.is_some_and(|d| depth < d) {
                        decl_depth = None;
                    }
                }
                ";" => decl_depth = None,
                "," if decl_depth == Some(depth) && is_ident(i + 1) => {
                    set.insert(tokens[i + 1].text);
                }
                "=>" => {
                    if i > 0 && is_ident(i - 1) {
                        set.insert(tokens[i - 1].text);
                    } else if i > 0 && text(i - 1) == ")" && open_of[i - 1] != usize::MAX {
                        bind_params(tokens, open_of[i - 1] + 1, i - 1, &mut set);
                    }
                }
                _ => {}
            }
            continue;
        }
        if t.kind != Kind::Ident {
            continue;
        }
        match t.text {
            "var" | "let" | "const" => {
                decl_depth = Some(depth);
                if is_ident(i + 1) {
                    set.insert(tokens[i + 1].text);
                } else if matches!(text(i + 1), "{" | "[")
                    && let Some(close) = close_of(tokens, i + 1)
                {
                    bind_params(tokens, i + 1, close + 1, &mut set);
                }
            }
            "function" | "class" => {
                let mut k = i + 1;
                if text(k) == "*" {
                    k += 1;
                }
                if is_ident(k) {
                    set.insert(tokens[k].text);
                    k += 1;
                }
                if t.text == "function"
                    && text(k) == "("
                    && let Some(close) = close_of(tokens, k)
                {
                    bind_params(tokens, k + 1, close, &mut set);
                }
            }
            "catch" if text(i + 1) == "(" && is_ident(i + 2) => {
                set.insert(tokens[i + 2].text);
            }
            _ => {}
        }
    }
    set
}

/// Adds the names bound by a parameter list or destructuring pattern in `tokens[from..to]`:
/// identifiers right after `(`, `,`, `...`, `{`, `[` or a `:` (renaming), unless a `:` follows
/// (a property key).
fn bind_params<'a>(tokens: &[Token<'a>], from: usize, to: usize, set: &mut HashSet<&'a str>) {
    for k in from..to.min(tokens.len()) {
        let t = tokens[k];
        if t.kind != Kind::Ident || k == 0 {
            continue;
        }
        let prev = tokens[k - 1];
        let binds_after =
            prev.kind == Kind::Punct && matches!(prev.text, "(" | "," | "..." | "{" | "[" | ":");
        let is_key = tokens
            .get(k + 1)
            .is_some_and(|n| n.kind == Kind::Punct && n.text == ":");
        if binds_after && !is_key {
            set.insert(t.text);
        }
    }
}

/// The index of the bracket closing the one at `open`.
fn close_of(tokens: &[Token<'_>], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        if t.kind != Kind::Punct {
            continue;
        }
        match t.text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests;
