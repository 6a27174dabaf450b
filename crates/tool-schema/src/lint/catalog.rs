//! Rules over the whole tool list: names, shared text, cross-references and token budgets.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use super::{At, Sink, words};
use crate::finding::Severity::{Error as E, Info as I, Warn as W};
use crate::model::Tool;
use crate::schema;
use crate::tokens::RepeatedDefs;

/// Shared description prefix length that counts as boilerplate.
const BOILERPLATE_CHARS: usize = 40;
/// Tools that must share it.
const BOILERPLATE_TOOLS: usize = 3;
/// Word-set Jaccard similarity that counts as a near-duplicate description.
const NEAR_DUP: f64 = 0.75;
/// Descriptions with fewer distinct words are too short to compare: "Create a new branch in a
/// GitHub repository" and the same with "issue" share 75 % of their words and still differ
/// in the one that matters.
const NEAR_DUP_MIN_WORDS: usize = 12;

/// Identifiers shaped like tool names: two or more parts joined by `_` or `-`.
static IDENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"`?(?-u:\b)([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+)(?-u:\b)`?(\s+tool(?-u:\b))?")
        .unwrap_or_else(|e| unreachable!("constant regex: {e}"))
});

pub(super) fn check(
    sink: &mut Sink<'_>,
    tools: &[Tool],
    tool_tokens: &[usize],
    defs: &RepeatedDefs,
) {
    duplicates(sink, tools);
    if sink.on("TD-CONFUSABLE") {
        confusable(sink, tools);
    }
    naming_mix(sink, tools);
    boilerplate(sink, tools);
    if sink.on("TD-NEAR-DUP") {
        near_dup(sink, tools);
    }
    if sink.on("TD-DANGLING-XREF") {
        dangling(sink, tools);
    }
    budgets(sink, tools, tool_tokens, defs);
}

fn at(tools: &[Tool], index: usize) -> Option<At<'_>> {
    tools.get(index).map(|tool| At { index, tool })
}

fn duplicates(sink: &mut Sink<'_>, tools: &[Tool]) {
    let mut exact: HashMap<&str, usize> = HashMap::new();
    let mut folded: HashMap<String, usize> = HashMap::new();
    for (i, tool) in tools.iter().enumerate() {
        let Some(name) = tool.name() else { continue };
        if let Some(&first) = exact.get(name) {
            sink.emit(
                "TS-NAME-DUP",
                E,
                at(tools, i),
                "/name",
                format!("name {name:?} is also used by tool {first}; tool names must be unique, rename one"),
            );
            continue;
        }
        exact.insert(name, i);
        if let Some(&first) = folded.get(&name.to_lowercase()) {
            let other = tools.get(first).and_then(Tool::name).unwrap_or("");
            sink.emit(
                "TS-NAME-DUP",
                W,
                at(tools, i),
                "/name",
                format!("name {name:?} differs from {other:?} only in case; some clients fold case, rename one"),
            );
        } else {
            folded.insert(name.to_lowercase(), i);
        }
    }
}

fn confusable(sink: &mut Sink<'_>, tools: &[Tool]) {
    let names: Vec<Option<String>> = tools
        .iter()
        .map(|t| t.name().map(str::to_lowercase))
        .collect();
    for (j, b) in names.iter().enumerate() {
        let Some(b) = b else { continue };
        for (i, a) in names.iter().enumerate().take(j) {
            let Some(a) = a else { continue };
            // Under 6 chars everything is close; over 128 the name is invalid anyway and the
            // quadratic distance would cost more than the whole lint.
            let (la, lb) = (a.chars().count(), b.chars().count());
            if a == b || la.min(lb) < 6 || la.max(lb) > 128 {
                continue;
            }
            if let Some(d) = edit_distance_within(a, b, 2).filter(|_| confusable_words(a, b)) {
                let first = tools.get(i).and_then(Tool::name).unwrap_or("");
                let this = tools.get(j).and_then(Tool::name).unwrap_or("");
                sink.emit(
                    "TD-CONFUSABLE",
                    W,
                    at(tools, j),
                    "/name",
                    format!(
                        "name {this:?} is {d} edit(s) from {first:?}; a model can pick the wrong one: \
                         make the names differ by a whole word and say in each description when to \
                         use which"
                    ),
                );
                break;
            }
        }
    }
}

/// Names within edit distance 2 are confusable when they differ in one word and that word is
/// a near-twin (issue/issues, get/set, connections/collections), not a different short word
/// (pie/line, drag/drop) or a negation (watch/unwatch, which a model reads correctly).
fn confusable_words(a: &str, b: &str) -> bool {
    let (wa, wb) = (super::name_words(a), super::name_words(b));
    if wa.len() != wb.len() {
        return false;
    }
    let mut diffs = wa.iter().zip(&wb).filter(|(x, y)| x != y);
    let (Some((x, y)), None) = (diffs.next(), diffs.next()) else {
        return false;
    };
    if x.strip_prefix("un") == Some(y.as_str()) || y.strip_prefix("un") == Some(x.as_str()) {
        return false;
    }
    let shorter = x.chars().count().min(y.chars().count());
    edit_distance_within(x, y, 2).is_some_and(|d| d * 2 < shorter)
}

/// Levenshtein distance of `a` and `b` when it is at most `max`.
pub(crate) fn edit_distance_within(a: &str, b: &str, max: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        if cur.iter().min().is_some_and(|m| *m > max) {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev.last().copied().filter(|d| *d <= max)
}

fn style(name: &str) -> Option<&'static str> {
    let (u, h, d) = (name.contains('_'), name.contains('-'), name.contains('.'));
    match (u, h, d) {
        (false, false, false) => {
            let mut chars = name.chars();
            let first_upper = chars.next().is_some_and(char::is_uppercase);
            let hump = name.chars().skip(1).any(char::is_uppercase);
            match (first_upper, hump) {
                (false, true) => Some("camelCase"),
                (true, true) => Some("PascalCase"),
                _ => None,
            }
        }
        (true, false, false) => Some("snake_case"),
        (false, true, false) => Some("kebab-case"),
        (false, false, true) => Some("dot.case"),
        _ => Some("mixed separators"),
    }
}

fn naming_mix(sink: &mut Sink<'_>, tools: &[Tool]) {
    let styles: Vec<Option<&str>> = tools.iter().map(|t| t.name().and_then(style)).collect();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for s in styles.iter().flatten() {
        *counts.entry(s).or_default() += 1;
    }
    if counts.len() < 2 {
        return;
    }
    let Some((major, _)) = counts
        .iter()
        .max_by_key(|(s, n)| (**n, std::cmp::Reverse(**s)))
    else {
        return;
    };
    let major = *major;
    for (i, s) in styles.iter().enumerate() {
        if let Some(s) = s.filter(|s| *s != major) {
            let name = tools.get(i).and_then(Tool::name).unwrap_or("");
            sink.emit(
                "TD-NAMING-MIX",
                I,
                at(tools, i),
                "/name",
                format!("name {name:?} is {s} while most tools here use {major}; use one style"),
            );
        }
    }
}

fn boilerplate(sink: &mut Sink<'_>, tools: &[Tool]) {
    let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, tool) in tools.iter().enumerate() {
        let desc = tool.description().unwrap_or("").trim();
        if desc.chars().count() >= BOILERPLATE_CHARS {
            groups
                .entry(desc.chars().take(BOILERPLATE_CHARS).collect())
                .or_default()
                .push(i);
        }
    }
    let mut groups: Vec<(String, Vec<usize>)> = groups
        .into_iter()
        .filter(|(_, g)| g.len() >= BOILERPLATE_TOOLS)
        .collect();
    groups.sort_by_key(|(_, g)| g.first().copied());
    for (prefix, group) in groups {
        for &i in &group {
            sink.emit(
                "TD-BOILERPLATE",
                W,
                at(tools, i),
                "/description",
                format!(
                    "{} tools start their description with {prefix:?}…; the repeated text costs \
                     tokens and blurs the tools: lead with what differs, move shared context to \
                     the server instructions",
                    group.len()
                ),
            );
        }
    }
}

fn near_dup(sink: &mut Sink<'_>, tools: &[Tool]) {
    let sets: Vec<HashSet<String>> = tools
        .iter()
        .map(|t| words(t.description().unwrap_or("")).into_iter().collect())
        .collect();
    for (j, b) in sets.iter().enumerate() {
        if b.len() < NEAR_DUP_MIN_WORDS {
            continue;
        }
        for (i, a) in sets.iter().enumerate().take(j) {
            if a.len() < NEAR_DUP_MIN_WORDS {
                continue;
            }
            let inter = a.intersection(b).count();
            let union = a.len() + b.len() - inter;
            #[allow(clippy::cast_precision_loss, reason = "word counts are far below 2^52")]
            let jaccard = inter as f64 / union as f64;
            if jaccard >= NEAR_DUP {
                let first = tools.get(i).and_then(Tool::name).unwrap_or("");
                sink.emit(
                    "TD-NEAR-DUP",
                    W,
                    at(tools, j),
                    "/description",
                    format!(
                        "description shares {:.0} % of its words with {first:?}; say what sets \
                         this tool apart and when to use which",
                        jaccard * 100.0
                    ),
                );
                break;
            }
        }
    }
}

fn dangling(sink: &mut Sink<'_>, tools: &[Tool]) {
    let names: HashSet<String> = tools
        .iter()
        .filter_map(Tool::name)
        .map(str::to_lowercase)
        .collect();
    // Prefixes shared by several tools, with their separator: "read-write" does not refer to
    // the "read_" tools.
    let mut prefixes: HashMap<(String, char), usize> = HashMap::new();
    for name in &names {
        for sep in ['_', '-'] {
            if let Some((head, _)) = name.split_once(sep) {
                *prefixes.entry((head.to_owned(), sep)).or_default() += 1;
            }
        }
    }
    let mut known: HashSet<String> = HashSet::new();
    for tool in tools {
        for schema in [tool.input_schema(), tool.output_schema()]
            .into_iter()
            .flatten()
        {
            schema::walk_properties(schema, |p| {
                known.insert(p.name.to_lowercase());
            });
            schema::walk_schemas(schema, |map, _| {
                for v in map
                    .get("enum")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if let Some(s) = v.as_str() {
                        known.insert(s.to_lowercase());
                    }
                }
            });
        }
    }
    for (i, tool) in tools.iter().enumerate() {
        let desc = tool.description().unwrap_or("");
        let mut reported = HashSet::new();
        for cap in IDENT.captures_iter(desc) {
            let Some(ident) = cap.get(1).map(|m| m.as_str()) else {
                continue;
            };
            let lower = ident.to_lowercase();
            if names.contains(&lower) || known.contains(&lower) || reported.contains(&lower) {
                continue;
            }
            // SCREAMING_CASE words are environment variables or constants, not tool names.
            if !ident.chars().any(|c| c.is_ascii_lowercase()) {
                continue;
            }
            let sep = if ident.contains('_') { '_' } else { '-' };
            let head = lower.split(sep).next().unwrap_or("");
            let server_prefix = prefixes
                .get(&(head.to_owned(), sep))
                .is_some_and(|n| *n >= 2)
                && names.len() >= 3;
            let called_tool = cap.get(2).is_some();
            if !(server_prefix || called_tool) {
                continue;
            }
            reported.insert(lower);
            sink.emit(
                "TD-DANGLING-XREF",
                W,
                at(tools, i),
                "/description",
                format!(
                    "description mentions {ident:?}, which looks like a tool name but no tool has it; \
                     fix the name or drop the reference"
                ),
            );
        }
    }
}

fn budgets(sink: &mut Sink<'_>, tools: &[Tool], tool_tokens: &[usize], defs: &RepeatedDefs) {
    let max_tool = sink.config().max_tool_tokens;
    for (i, tokens) in tool_tokens.iter().enumerate() {
        if *tokens > max_tool {
            let has_defs = tools
                .get(i)
                .and_then(Tool::input_schema)
                .is_some_and(|s| s.get("$defs").or_else(|| s.get("definitions")).is_some());
            let hint = if has_defs {
                "; much of it is $defs: share or trim the definitions"
            } else {
                ""
            };
            sink.emit(
                "TT-TOOL",
                W,
                at(tools, i),
                "",
                format!(
                    "definition costs ≈{tokens} tokens (budget {max_tool}) on every request{hint}; \
                     shorten the description and parameter texts"
                ),
            );
        }
    }
    let total: usize = tool_tokens.iter().sum();
    let max_catalog = sink.config().max_catalog_tokens;
    if total > max_catalog {
        let waste = if defs.wasted_tokens > 0 {
            format!(
                "; ≈{} of them are {} $defs block(s) repeated across {} tools",
                defs.wasted_tokens, defs.blocks, defs.tools
            )
        } else {
            String::new()
        };
        sink.emit(
            "TT-CATALOG",
            W,
            None,
            "",
            format!(
                "the tool list costs ≈{total} tokens (budget {max_catalog}){waste}; trim \
                 descriptions, drop rarely used tools or split the server"
            ),
        );
    }
    let max_tools = sink.config().max_tools;
    if tools.len() > max_tools {
        sink.emit(
            "TT-COUNT",
            I,
            None,
            "",
            format!(
                "{} tools (limit {max_tools}); tool choice gets less accurate with long lists: \
                 group tools or let users enable subsets",
                tools.len()
            ),
        );
    }
}
