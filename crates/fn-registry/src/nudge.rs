//! Nudges for `evaluate`: a first-use reminder and a one-line hint on repeated scripts.
//!
//! How scripts are compared and why the thresholds are what they are is documented on
//! [`Nudger`], where users of the crate can read it.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;

use similar::{Algorithm, capture_diff_slices, get_diff_ratio};
use xxhash_rust::xxh3::xxh3_64;

use crate::lex::{Kind, Token, is_member_name, lex};
use crate::{Error, FunctionName};

/// Settings of a [`Nudger`].
///
/// # Example
///
/// ```
/// let config = fn_registry::NudgeConfig { history: 4, ..Default::default() };
/// let tools = ["evaluate", "snapshot", "eval_define_function", "eval_call_function", "eval_list_functions"];
/// let nudger = fn_registry::Nudger::new(config, &tools)?;
/// # let _ = nudger;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct NudgeConfig {
    /// How many recent scripts are remembered per session. Default 8: an agent that repeats
    /// itself does so within a few calls, and each new script is compared with all of them.
    pub history: usize,
    /// The shape ratio at or above which two scripts are near repeats. Default 0.8 (see
    /// [`Nudger`] for the data behind it).
    pub similarity: f32,
    /// Scripts with fewer tokens never trigger a repeat nudge. Default 12.
    pub min_tokens: usize,
    /// Scripts with more tokens are only compared exactly, which bounds the diff's cost.
    /// Default 1,500 tokens (roughly 8 KB of script, four times the 40-line scripts agents
    /// resend): two unrelated scripts of that size take a few milliseconds to diff.
    pub max_tokens: usize,
    /// The number of runs (this one included) at which the repeat nudge starts. Default 2.
    pub min_repeats: usize,
    /// Whether the session's first script gets the reminder. Default `true`.
    pub first_use_reminder: bool,
    /// The server's tool that defines a function. Default `eval_define_function`.
    pub define_tool: String,
    /// The server's tool that calls a function. Default `eval_call_function`.
    pub call_tool: String,
    /// Tools the first-use reminder names as alternatives to scripts. Default `snapshot` and
    /// `eval_list_functions`.
    pub specialized_tools: Vec<String>,
}

impl Default for NudgeConfig {
    fn default() -> Self {
        Self {
            history: 8,
            similarity: 0.8,
            min_tokens: 12,
            max_tokens: 1500,
            min_repeats: 2,
            first_use_reminder: true,
            define_tool: "eval_define_function".to_owned(),
            call_tool: "eval_call_function".to_owned(),
            specialized_tools: vec!["snapshot".to_owned(), "eval_list_functions".to_owned()],
        }
    }
}

impl NudgeConfig {
    /// The defaults; the same as [`NudgeConfig::default`].
    pub fn new() -> Self {
        Self::default()
    }
}

/// A hint to append to an `evaluate` result.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Nudge {
    /// The session's first script: a reminder of the specialized tools.
    FirstUse {
        /// The line to show.
        message: String,
    },
    /// The script repeats earlier ones.
    Repeated {
        /// How many times it ran among the remembered scripts, this run included.
        count: usize,
        /// Whether all earlier runs were the very same script (modulo comments and spacing).
        exact: bool,
        /// A name derived from the script for the function to define.
        suggested_name: FunctionName,
        /// The line to show.
        message: String,
    },
}

impl Nudge {
    /// The line to show the model.
    pub fn message(&self) -> &str {
        match self {
            Self::FirstUse { message } | Self::Repeated { message, .. } => message,
        }
    }
}

impl fmt::Display for Nudge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

#[derive(Debug, Clone)]
struct Entry {
    exact: u64,
    shape: Shape,
}

/// A masked token sequence as hashes, and the same hashes sorted (a bag, for a cheap bound).
#[derive(Debug, Clone, Default)]
struct Shape {
    seq: Vec<u64>,
    bag: Vec<u64>,
}

impl Shape {
    fn new(seq: Vec<u64>) -> Self {
        let mut bag = seq.clone();
        bag.sort_unstable();
        Self { seq, bag }
    }
}

/// The recent `evaluate` scripts of one session and the nudges they earn.
///
/// Each script is lexed by a small hand-written scanner into tokens, without comments or
/// whitespace (it keeps string, template and regular-expression literals whole).
/// Two fingerprints come from the tokens:
///
/// - **exact**: the xxh3 hash of the tokens joined by single spaces, so reformatting and
///   comments do not matter but every literal and name does;
/// - **shape**: the token sequence with literals masked (strings and template text become
///   `"S"`, numbers `0`, regular expressions `/R/`) and names the script declares itself
///   (`const`, `let`, `var`, function and arrow parameters, `catch` bindings) renamed to
///   `$0`, `$1` … in order of appearance. Property names (`.textContent`) and globals
///   (`document`) are kept: they are what the script does.
///
/// Two scripts are a near repeat when `similar`'s ratio over their shapes (token by token,
/// `2 × matched / (len a + len b)`) reaches [`NudgeConfig::similarity`]. Scripts shorter than
/// [`NudgeConfig::min_tokens`] never trigger: defining a function for `document.title` costs
/// more than resending it.
///
/// # Thresholds
///
/// The defaults come from the test data in `tests/it/nudges.rs`: 16 distinct scripts of the
/// kind agents send (link lists, headings, form filling, table scraping, scrolling, computed
/// styles, storage, polling, `fetch` …) and 10 near-repeat variants of them (renamed variables,
/// other selectors and numbers, reformatted with comments, one property fewer, one step added).
/// Among the distinct scripts the highest shape ratio is 0.66; the lowest ratio of a variant is
/// 0.84. The default 0.8 sits in that gap, nearer the variants, because a false nudge costs
/// the agent context while a missed one costs little.
/// `min_tokens` 12 lets one-liners such as `document.querySelector('#x').click()` (10 tokens)
/// pass silently.
///
/// # Cost
///
/// Each new script is lexed once and compared with every remembered one: a length bound and a
/// token-bag bound first, then a capped edit-distance search, and `similar`'s diff only for
/// pairs that can still reach the threshold. Scripts over [`NudgeConfig::max_tokens`] are only
/// compared exactly. See BENCHMARKS.md for the figures.
///
/// # Example
///
/// ```
/// use fn_registry::{Nudge, NudgeConfig, Nudger};
///
/// let tools = ["evaluate", "snapshot", "eval_define_function", "eval_call_function", "eval_list_functions"];
/// let mut nudger = Nudger::new(NudgeConfig::default(), &tools)?;
/// let first = "const rows = document.querySelectorAll('table tr'); return [...rows].map(r => r.innerText);";
/// assert!(matches!(nudger.observe(first), Some(Nudge::FirstUse { .. })));
///
/// let renamed = "const trs = document.querySelectorAll(\"#prices tr\");\nreturn [...trs].map(x => x.innerText);";
/// let nudge = nudger.observe(renamed).expect("a near repeat");
/// assert!(nudge.message().starts_with("You've run a similar script ×2; define it once with eval_define_function"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Nudger {
    config: NudgeConfig,
    recent: VecDeque<Entry>,
    seen_any: bool,
}

impl Nudger {
    /// A nudger for a server whose tools are `server_tools`.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownTool`] when the define tool, the call tool or a specialized tool of the
    /// configuration is not among `server_tools`: a nudge must never name a tool the agent
    /// cannot call.
    pub fn new<S: AsRef<str>>(config: NudgeConfig, server_tools: &[S]) -> Result<Self, Error> {
        let known: HashSet<&str> = server_tools.iter().map(AsRef::as_ref).collect();
        let needed = [&config.define_tool, &config.call_tool]
            .into_iter()
            .chain(&config.specialized_tools);
        for tool in needed {
            if !known.contains(tool.as_str()) {
                let mut names: Vec<&str> = known.iter().copied().collect();
                names.sort_unstable();
                return Err(Error::UnknownTool {
                    tool: tool.clone(),
                    known: names.join(", "),
                });
            }
        }
        Ok(Self {
            config,
            recent: VecDeque::new(),
            seen_any: false,
        })
    }

    /// The configuration in force.
    pub fn config(&self) -> &NudgeConfig {
        &self.config
    }

    /// Records a script the agent ran and returns the nudge it earns, if any.
    pub fn observe(&mut self, script: &str) -> Option<Nudge> {
        let tokens = lex(script).tokens;
        let exact = xxh3_64(normalized(&tokens).as_bytes());
        let comparable = (self.config.min_tokens..=self.config.max_tokens).contains(&tokens.len());
        let shape = if comparable {
            Shape::new(
                mask(&tokens)
                    .iter()
                    .map(|t| xxh3_64(t.as_bytes()))
                    .collect(),
            )
        } else {
            Shape::default()
        };
        let mut count = 1;
        let mut all_exact = true;
        for earlier in &self.recent {
            if earlier.exact == exact {
                count += 1;
            } else if comparable && ratio(&earlier.shape, &shape, self.config.similarity) {
                count += 1;
                all_exact = false;
            }
        }
        if self.config.history > 0 {
            while self.recent.len() >= self.config.history {
                self.recent.pop_front();
            }
            self.recent.push_back(Entry { exact, shape });
        }
        let first = !self.seen_any;
        self.seen_any = true;
        if first && self.config.first_use_reminder {
            return Some(Nudge::FirstUse {
                message: self.reminder(),
            });
        }
        let long_enough = tokens.len() >= self.config.min_tokens;
        if !long_enough || count < self.config.min_repeats.max(2) {
            return None;
        }
        let suggested_name = suggest_name(&tokens);
        let what = if all_exact {
            "the same script"
        } else {
            "a similar script"
        };
        let message = format!(
            "You've run {what} ×{count}; define it once with {} and call it with {} (suggested name: {suggested_name})",
            self.config.define_tool, self.config.call_tool
        );
        Some(Nudge::Repeated {
            count,
            exact: all_exact,
            suggested_name,
            message,
        })
    }

    fn reminder(&self) -> String {
        let mut message = String::from("Tip: ");
        let others: Vec<&str> = self
            .config
            .specialized_tools
            .iter()
            .map(String::as_str)
            .filter(|t| *t != self.config.define_tool && *t != self.config.call_tool)
            .collect();
        if !others.is_empty() {
            message.push_str("check whether a specialized tool does the job without a script (");
            message.push_str(&others.join(", "));
            message.push_str("); ");
        }
        message.push_str("to reuse a script, define it once with ");
        message.push_str(&self.config.define_tool);
        message.push_str(" and call it with ");
        message.push_str(&self.config.call_tool);
        message
    }
}

/// The script with comments removed and tokens separated by single spaces; what the exact
/// fingerprint hashes.
///
/// # Example
///
/// ```
/// let a = fn_registry::normalize("return  document.title; // the title\n");
/// let b = fn_registry::normalize("/* title */ return document.title;");
/// assert_eq!(a, b);
/// assert_eq!(a, "return document . title ;");
/// ```
pub fn normalize(script: &str) -> String {
    normalized(&lex(script).tokens)
}

/// The shape ratio of two scripts, from 0 (nothing in common) to 1 (same shape); the measure
/// behind near repeats.
///
/// This runs the full diff, which costs O((N + M) · D) for N and M tokens and edit distance D;
/// use it to inspect or tune. [`Nudger::observe`] bounds the work per script.
///
/// # Example
///
/// ```
/// use fn_registry::similarity;
///
/// let a = "const links = [...document.querySelectorAll('a')]; return links.map(l => l.href);";
/// let b = "const anchors = [...document.querySelectorAll(\"nav a\")];\nreturn anchors.map(x => x.href);";
/// assert_eq!(similarity(a, b), 1.0);
/// assert!(similarity(a, "window.scrollTo(0, document.body.scrollHeight)") < 0.5);
/// ```
pub fn similarity(a: &str, b: &str) -> f32 {
    let a: Vec<String> = mask(&lex(a).tokens);
    let b: Vec<String> = mask(&lex(b).tokens);
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let ops = capture_diff_slices(Algorithm::Myers, &a, &b);
    get_diff_ratio(&ops, a.len(), b.len())
}

/// Whether two shapes reach `threshold`.
///
/// Myers' diff costs O((N + M) · D), which for two unrelated 4,000-token scripts is tens of
/// milliseconds, so two bounds that cost O(N + M) come first. Both are upper bounds of the
/// ratio `2 · matched / (N + M)`: at most the shorter length can match, and at most the
/// overlap of the two token bags can. A pair that fails either cannot reach the threshold.
fn ratio(a: &Shape, b: &Shape, threshold: f32) -> bool {
    let total = a.seq.len() + b.seq.len();
    if total == 0 {
        return true;
    }
    #[allow(
        clippy::cast_precision_loss,
        reason = "token counts are far below 2^24"
    )]
    let bound = |matched: usize| 2.0 * matched as f32 / total as f32;
    if bound(a.seq.len().min(b.seq.len())) < threshold
        || bound(bag_overlap(&a.bag, &b.bag)) < threshold
    {
        return false;
    }
    // The ratio is 1 − D / (N + M) for the edit distance D (insertions plus deletions), so
    // reaching the threshold means D ≤ (1 − threshold) · (N + M). Myers' greedy search stops
    // as soon as D passes that cap, which unrelated pairs do early.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "a non-negative product of token counts, far below 2^24"
    )]
    let cap = ((1.0 - threshold).max(0.0) * total as f32).floor() as usize;
    if !edit_distance_within(&a.seq, &b.seq, cap) {
        return false;
    }
    let ops = capture_diff_slices(Algorithm::Myers, &a.seq, &b.seq);
    get_diff_ratio(&ops, a.seq.len(), b.seq.len()) >= threshold
}

/// Whether the insert/delete edit distance of `a` and `b` is at most `cap`: the forward pass of
/// Myers' O((N + M) · D) algorithm, cut off after `cap` steps.
fn edit_distance_within(a: &[u64], b: &[u64], cap: usize) -> bool {
    let (n, m) = (a.len(), b.len());
    // `v[k + offset]` is the furthest x reached on diagonal k = x − y.
    let offset = cap + 1;
    let mut v = vec![0usize; 2 * cap + 3];
    for d in 0..=cap {
        // Diagonals −d, −d + 2, …, d, as indices `offset − d … offset + d`.
        for idx in (offset - d..=offset + d).step_by(2) {
            let mut x = if idx == offset - d || (idx != offset + d && v[idx - 1] < v[idx + 1]) {
                v[idx + 1]
            } else {
                v[idx - 1] + 1
            };
            // y = x − k with k = idx − offset; diagonals below zero have y > x.
            let Some(mut y) = (x + offset).checked_sub(idx) else {
                continue;
            };
            while x < n && y < m && a[x] == b[y] {
                x += 1;
                y += 1;
            }
            v[idx] = x;
            if x >= n && y >= m {
                return true;
            }
        }
    }
    false
}

/// The size of the multiset intersection of two sorted slices.
fn bag_overlap(a: &[u64], b: &[u64]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

fn normalized(tokens: &[Token<'_>]) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(t.text);
    }
    out
}

/// The masked token sequence (see [`Nudger`]).
fn mask(tokens: &[Token<'_>]) -> Vec<String> {
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
            Kind::Ident if locals.contains(t.text) && !is_member(tokens, i) => {
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

fn is_member(tokens: &[Token<'_>], i: usize) -> bool {
    is_member_name(tokens, i)
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
fn suggest_name(tokens: &[Token<'_>]) -> FunctionName {
    let mut parts: Vec<String> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.kind != Kind::Ident || !is_member(tokens, i) || GENERIC.contains(&t.text) {
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
    name.truncate(crate::MAX_NAME_LEN - 2);
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
