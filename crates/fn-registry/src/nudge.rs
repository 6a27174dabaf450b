//! Nudges for `evaluate`: a first-use reminder and a one-line hint on repeated scripts.
//!
//! How scripts are compared and why the thresholds are what they are is documented on
//! [`Nudger`], where users of the crate can read it.

mod compare;
mod mask;
mod suggest;

use std::collections::{HashSet, VecDeque};
use std::fmt;

use similar::{Algorithm, capture_diff_slices, get_diff_ratio};
use xxhash_rust::xxh3::xxh3_64;

use crate::error::Error;
use crate::lex::lex;
use crate::name::FunctionName;
use compare::{Shape, ratio};
use mask::{mask, normalized};
use suggest::suggest_name;

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

#[cfg(test)]
mod tests;
