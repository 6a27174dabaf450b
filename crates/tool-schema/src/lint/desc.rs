//! Description rules (`TD-*`) that look at one tool.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use super::{At, Sink, name_words, re, words};
use crate::finding::Severity::{Error as E, Info as I, Warn as W};
use crate::schema;

static PLACEHOLDER: LazyLock<Regex> = LazyLock::new(|| {
    // TODO as a placeholder opens the text or a sentence, or takes a colon; "find TODO
    // comments" describes a search tool.
    re(
        r"(?:^|[.;!?]\s+)(?:TODO|TBD|FIXME)(?-u:\b)|(?-u:\b)(?:TODO|TBD|FIXME)(?::|\s*$)|(?i:(?-u:\b)lorem ipsum(?-u:\b)|(?-u:\b)my (?:cool |awesome |new )?tool(?-u:\b)|(?-u:\b)description goes here(?-u:\b))",
    )
});

static USAGE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:use (?:this|it|when|for|to|after|before|only|instead|with|if)|when (?:you|the user|to|a user|an agent|asked|needed|the agent)|do not use|don't use|never use|instead of|only (?:if|when|for)|before (?:calling|using)|after (?:calling|using)|best for|useful (?:for|when|to)|ideal for|prefer|should be used|must (?:call|use|be called)|call this|use cases?|use-cases?|for example|e\.g\.|helps? (?:you|to)|allows? (?:you|the)|lets? you|in order to)(?-u:\b)",
    )
});

static ERRORS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:errors?|fail(?:s|ed|ure|ures)?|throws?|exceptions?|invalid|not found|iserror|no (?:results?|matches)|returns? (?:an? )?(?:empty|null|nothing)|does not exist|doesn't exist|missing|unavailable|timeouts?|times? out|warnings?|if (?:the )?\w+ (?:is|are) not)(?-u:\b)",
    )
});

static RETURNS: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:returns?|returning|results?|outputs?|yields?|responds?|responses?|gives?|lists?|shows?|prints?|displays?|produces?|retrieves?|gets?|fetch(?:es)?|reads?|reports?|provides?|contents?|snapshots?|screenshots?|search(?:es)?|finds?|outputs?|generates?|queries|query|downloads?|summar\w+|describes?|info(?:rmation)?|details|status|view)(?-u:\b)",
    )
});

static EXAMPLE: LazyLock<Regex> = LazyLock::new(|| {
    re(r#"(?i)(?-u:\b)(?:examples?|e\.g\.|for instance|such as|like)(?-u:\b)|`|\{\s*""#)
});

/// Verbs that change state; a name starting with one should not claim `readOnlyHint: true`.
const MUTATING: &[&str] = &[
    "create",
    "update",
    "delete",
    "remove",
    "write",
    "set",
    "add",
    "insert",
    "drop",
    "send",
    "post",
    "put",
    "patch",
    "move",
    "rename",
    "edit",
    "modify",
    "upload",
    "kill",
    "terminate",
    "push",
    "merge",
    "commit",
    "publish",
    "deploy",
    "destroy",
    "erase",
    "purge",
    "truncate",
    "archive",
    "close",
    "assign",
    "transition",
    "upsert",
    "save",
    "replace",
    "reset",
    "revoke",
];

/// Verbs that read; a name whose first verb is one of these is not mutating.
const READING: &[&str] = &[
    "get", "list", "search", "read", "fetch", "find", "query", "show", "view", "describe",
    "inspect", "check", "count", "lookup", "explain", "validate", "preview", "download",
];

/// Verbs that destroy data; a tool named with one should say `destructiveHint: true`.
const DESTRUCTIVE: &[&str] = &[
    "delete", "drop", "purge", "destroy", "erase", "wipe", "truncate", "remove",
];

/// Names that say nothing about what the tool does.
const GENERIC: &[&str] = &[
    "process", "run", "execute", "do", "handle", "call", "invoke", "perform", "action", "tool",
    "manage", "operate", "go",
];

/// Output fields that make a result error-aware; the description should name them.
const ERROR_FIELDS: &[&str] = &["hasValidationErrors", "validationStatus"];

pub(super) fn check(sink: &mut Sink<'_>, at: At<'_>) {
    verbs(sink, at);
    let desc = at.tool.description().map(str::trim).unwrap_or("");
    if desc.is_empty() {
        let what = if at.tool.raw().contains_key("description") {
            "empty"
        } else {
            "missing"
        };
        sink.emit(
            "TD-MISSING",
            E,
            Some(at),
            "/description",
            format!(
                "description is {what}; say what the tool does, when to use it, what it returns and \
                 how it reports failure"
            ),
        );
        return;
    }
    let name = at.tool.name().unwrap_or("");
    tautology(sink, at, desc, name);
    unrelated(sink, at, desc, name);
    let len = desc.chars().count();
    let (min, max) = (
        sink.config().min_description_chars,
        sink.config().max_description_chars,
    );
    if len < min {
        sink.emit(
            "TD-SHORT",
            W,
            Some(at),
            "/description",
            format!(
                "description has {len} chars (minimum {min}); add what the tool returns and when \
                 to use it"
            ),
        );
    } else if len > max {
        sink.emit(
            "TD-LONG",
            W,
            Some(at),
            "/description",
            format!(
                "description has {len} chars (maximum {max}); it is sent on every request: move \
                 details into parameter descriptions or server instructions"
            ),
        );
    }
    // A quoted "TODO" is an example of what to search for, not an unfinished description.
    if let Some(m) = PLACEHOLDER
        .find_iter(desc)
        .find(|m| !quoted(desc, m.start()))
    {
        sink.emit(
            "TD-PLACEHOLDER",
            W,
            Some(at),
            "/description",
            format!(
                "description contains placeholder text {:?}; replace it with the real behaviour",
                m.as_str()
            ),
        );
    }
    if !USAGE.is_match(desc) {
        sink.emit(
            "TD-NO-USAGE",
            I,
            Some(at),
            "/description",
            "description gives no cue on when to use the tool; add \"Use this when …\" (and when not)"
                .to_owned(),
        );
    }
    if !ERRORS.is_match(desc) {
        sink.emit(
            "TD-NO-ERRORS",
            W,
            Some(at),
            "/description",
            "description never says how failure is reported; add e.g. \"Returns isError with a \
             message when the page is not found\""
                .to_owned(),
        );
    }
    error_fields(sink, at, desc);
    if at.tool.output_schema().is_none_or(Value::is_null) && !RETURNS.is_match(desc) {
        sink.emit(
            "TD-NO-RETURN",
            I,
            Some(at),
            "/description",
            "no outputSchema and the description never says what comes back; add \"Returns …\""
                .to_owned(),
        );
    }
    example(sink, at, desc);
}

fn quoted(text: &str, start: usize) -> bool {
    text.get(..start)
        .and_then(|before| before.chars().next_back())
        .is_some_and(|c| matches!(c, '"' | '\'' | '`' | '“'))
}

fn tautology(sink: &mut Sink<'_>, at: At<'_>, desc: &str, name: &str) {
    let mut d = words(desc);
    d.sort();
    for (what, label) in [(name, "name"), (at.tool.title().unwrap_or(""), "title")] {
        let mut n = name_words(what);
        n.sort();
        if !n.is_empty() && n == d {
            sink.emit(
                "TD-TAUTOLOGY",
                E,
                Some(at),
                "/description",
                format!(
                    "description {desc:?} only repeats the {label}; say what it does, its inputs, \
                     its result and when to use it"
                ),
            );
            return;
        }
    }
}

fn error_fields(sink: &mut Sink<'_>, at: At<'_>, desc: &str) {
    let Some(out) = at.tool.output_schema().filter(|v| v.is_object()) else {
        return;
    };
    let (root, _) = schema::resolve(out, out);
    let Some(props) = root.get("properties").and_then(Value::as_object) else {
        return;
    };
    let missing: Vec<&str> = ERROR_FIELDS
        .iter()
        .copied()
        .filter(|f| props.contains_key(*f) && !desc.contains(f))
        .collect();
    if !missing.is_empty() {
        sink.emit(
            "TD-ERROR-FIELD-UNMENTIONED",
            W,
            Some(at),
            "/description",
            format!(
                "output has {} but the description never names it; tell the model to check it, \
                 e.g. \"check hasValidationErrors before using the result\"",
                missing.join(" and ")
            ),
        );
    }
}

fn example(sink: &mut Sink<'_>, at: At<'_>, desc: &str) {
    let Some(input) = at.tool.input_schema().filter(|v| v.is_object()) else {
        return;
    };
    let mut nested = false;
    let mut has_examples = input.get("examples").is_some();
    schema::walk_properties(input, |p| {
        let (s, _) = schema::resolve(input, p.schema);
        if p.depth >= 2 {
            nested = true;
        }
        if s.get("examples").is_some() || p.schema.get("examples").is_some() {
            has_examples = true;
        }
        if let Some(d) = p.schema.get("description").and_then(Value::as_str)
            && EXAMPLE.is_match(d)
        {
            has_examples = true;
        }
    });
    if nested && !has_examples && !EXAMPLE.is_match(desc) {
        sink.emit(
            "TD-NO-EXAMPLE",
            I,
            Some(at),
            "/description",
            "parameters have nested objects and no example; add one call example to the \
             description or \"examples\" to the schema"
                .to_owned(),
        );
    }
}

fn verbs(sink: &mut Sink<'_>, at: At<'_>) {
    let Some(name) = at.tool.name() else { return };
    let parts = name_words(name);
    let first_verb = parts
        .iter()
        .find(|w| MUTATING.contains(&w.as_str()) || READING.contains(&w.as_str()))
        .map(String::as_str);
    if let Some(verb) = first_verb.filter(|v| MUTATING.contains(v))
        && at.tool.hint("readOnlyHint") == Some(true)
    {
        sink.emit(
            "TD-ANN-CONTRADICTION",
            E,
            Some(at),
            "/annotations/readOnlyHint",
            format!(
                "name {name:?} says {verb:?} but readOnlyHint is true; clients may run it without \
                 asking: set readOnlyHint false or rename the tool"
            ),
        );
    }
    if let Some(verb) = first_verb.filter(|v| DESTRUCTIVE.contains(v))
        && at.tool.hint("destructiveHint") != Some(true)
        && at.tool.hint("readOnlyHint") != Some(true)
    {
        let state = match at.tool.hint("destructiveHint") {
            Some(false) => "destructiveHint is false",
            _ => "destructiveHint is not set",
        };
        sink.emit(
            "TD-DESTRUCTIVE-UNDECLARED",
            W,
            Some(at),
            "/annotations",
            format!(
                "name {name:?} says {verb:?} but {state}; add \"annotations\": {{\"destructiveHint\": \
                 true}} so clients ask before running it"
            ),
        );
    }
    if GENERIC.contains(&name.to_ascii_lowercase().as_str()) {
        sink.emit(
            "TD-GENERIC-VERB",
            W,
            Some(at),
            "/name",
            format!("name {name:?} is a bare generic verb; name the object too (run_sql_query, process_invoice)"),
        );
    }
}

/// Words too common to tie a name to its description.
const FILLER: &[&str] = &[
    "a", "an", "the", "of", "to", "in", "on", "for", "by", "and", "or", "with", "from", "at", "as",
    "is", "it", "this", "that", "all", "any", "new", "my", "mcp", "api", "tool",
];

/// Whether two lowercase words are the same word up to an inflection (`create`, `creating`)
/// or an abbreviation (`repo`, `repository`).
fn same_word(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.chars().count() < 3 {
        return short == long;
    }
    let common = short
        .chars()
        .zip(long.chars())
        .take_while(|(x, y)| x == y)
        .count();
    common == short.chars().count() || common >= 4.max(short.chars().count().saturating_sub(2))
}

fn unrelated(sink: &mut Sink<'_>, at: At<'_>, desc: &str, name: &str) {
    let name_parts: Vec<String> = name_words(name)
        .into_iter()
        .filter(|w| {
            w.chars().count() >= 2
                && w.chars().any(char::is_alphabetic)
                && !FILLER.contains(&w.as_str())
        })
        .collect();
    if name_parts.is_empty() {
        return;
    }
    // Identifiers in the description (`list_pages`, `pageId`) count by their parts too, and
    // whole words by themselves (`LaTeX` is no `la`, `te`, `x`).
    let desc_words: Vec<String> = desc
        .split_whitespace()
        .flat_map(|token| {
            let mut parts = name_words(token);
            parts.extend(words(token));
            parts
        })
        .filter(|w| !FILLER.contains(&w.as_str()))
        .collect();
    let shared = name_parts
        .iter()
        .any(|n| desc_words.iter().any(|d| same_word(n, d)));
    if !shared {
        sink.emit(
            "TD-NAME-UNRELATED",
            I,
            Some(at),
            "/description",
            format!(
                "the name {name:?} and the description share no word; a model matches the two, \
                 so say what the tool does in the name's own terms (or rename it)"
            ),
        );
    }
}
