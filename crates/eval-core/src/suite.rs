//! The suite format: WebMCP eval JSON plus argument matchers and their options, order modes,
//! counts and repeats.

mod validate;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::Error;
pub use crate::error::Problem;

/// How a scenario's run is turned into pass or fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoringMode {
    /// The stricter default: a forbidden call fails the run, every expected call must be
    /// satisfied (name, arguments, counts, order), a judge score must reach the pass threshold
    /// (default 0.8 on the weighted score).
    #[default]
    Standard,
    /// The WebMCP eval-mode formula, reproduced exactly: names only, 0.5 penalty for any
    /// forbidden call, 0.4 tool + 0.6 judge, pass at 0.5. See [`crate::score`].
    Webmcp,
}

impl ScoringMode {
    /// The pass threshold used when neither the suite nor the scenario sets one.
    pub fn default_threshold(self) -> f64 {
        match self {
            ScoringMode::Standard => 0.8,
            ScoringMode::Webmcp => 0.5,
        }
    }
}

/// How the whole sequence of actual calls must relate to the expected calls
/// (standard mode only; the WebMCP mode ignores it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OrderMode {
    /// The calls are exactly the expected ones, in the listed order; each expected call
    /// matches `min..=max` consecutive calls (default exactly one).
    Strict,
    /// Every expected call is satisfied and there is no call that matches none of them;
    /// order does not matter.
    Unordered,
    /// No call matches none of the expected ones; expected calls may be missing
    /// (their default minimum count is 0).
    Subset,
    /// Every expected call is satisfied; extra calls are fine. The default, as in WebMCP.
    #[default]
    Superset,
}

/// The relative weights of the tool-call score and the judge score (standard mode).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    /// Weight of the tool-call score (default 0.4).
    pub tools: f64,
    /// Weight of the judge score (default 0.6).
    pub judge: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            tools: 0.4,
            judge: 0.6,
        }
    }
}

/// A compiled regular expression from a suite, with its source text.
#[derive(Debug, Clone)]
pub struct ArgPattern {
    source: String,
    regex: regex::Regex,
}

impl ArgPattern {
    /// Compiles `source`.
    ///
    /// # Errors
    ///
    /// [`Error::Regex`] when `source` is not a valid regular expression or is too big.
    pub fn new(source: &str) -> Result<ArgPattern, Error> {
        let regex = regex::RegexBuilder::new(source)
            .size_limit(1 << 20)
            .build()
            .map_err(|e| Error::Regex {
                pattern: source.to_owned(),
                message: e.to_string(),
            })?;
        Ok(ArgPattern {
            source: source.to_owned(),
            regex,
        })
    }

    /// The pattern as written in the suite.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether the pattern matches somewhere in `text` (anchor it with `^…$` for a full match).
    pub fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }
}

impl PartialEq for ArgPattern {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

/// How the arguments of an actual call are compared with an expected call's `args`.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum ArgsMatcher {
    /// Any arguments (the default without `args`).
    #[default]
    Any,
    /// The arguments equal the given JSON value (under the call's [`ArgsOptions`]: numbers
    /// by value by default).
    Exact(Value),
    /// Every key of the given object is present with a matching value, recursively for
    /// objects; arrays and scalars compare as in [`ArgsMatcher::Exact`] (the default with
    /// `args`).
    Subset(Value),
    /// Each listed argument, as text (strings as-is, other values as compact JSON), matches
    /// its pattern. A key starting with `/` is a JSON pointer into the arguments. Of the
    /// [`ArgsOptions`], only ignored keys apply: their patterns are not checked.
    Regex(Vec<(String, ArgPattern)>),
}

/// How numbers in arguments compare (`argsMatch.numbers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NumberMatch {
    /// By value, whatever the JSON spelling: `1`, `1.0` and `1e0` are equal. The default,
    /// since JSON itself makes no difference between them.
    #[default]
    Value,
    /// By JSON representation, as `serde_json` compares them: `1` and `1.0` differ.
    Exact,
    /// By value, and a string that is a JSON number (surrounding whitespace allowed) equals
    /// that number: `"42"` matches `42`. For servers that coerce string arguments; whether
    /// the call also fits the tool's schema is reported apart, in the call metrics.
    Strings,
}

/// Options for comparing arguments (`argsMatch`, per scenario in `expectations` and per
/// expected call; a call's fields replace the scenario's one by one).
///
/// They apply to the `exact` and `subset` matchers; the `regex` matcher only honours
/// [`ignore_keys`](ArgsOptions::ignore_keys) (a pattern for an ignored argument is not
/// checked).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ArgsOptions {
    /// How numbers compare (`numbers`; default by value).
    pub numbers: NumberMatch,
    /// Whether strings compare normalized (`normalizeStrings`; default false): lowercased,
    /// stripped of everything but letters and digits at both ends, inner whitespace runs
    /// collapsed to one space, so `"  Red   Shoes!"` equals `"red shoes"`. Object keys are
    /// never normalized.
    pub normalize_strings: bool,
    /// Arguments left out of the comparison on both sides (`ignoreKeys`; default none). A
    /// name (`"timeout"`) is ignored in every object at any depth; a JSON pointer
    /// (`"/options/timeout"`, array indices as numbers) names one place. A key that itself
    /// starts with `/` can only be named by pointer (`"/~1key"`).
    pub ignore_keys: Vec<String>,
    /// Whether the tool's own defaults count (`useDefaults`; default false): an argument that
    /// one side omits matches when the other side's value equals the `default` the tool's
    /// `inputSchema` gives it (`properties.<key>.default`, following `properties` into nested
    /// objects and `items` into arrays; `$ref` and combinators are not followed). The subset
    /// matcher applies this to expected arguments only. Needs the tools (a transcripts
    /// header or `runner::RunConfig::tools`); without them it has no
    /// effect.
    pub use_defaults: bool,
}

/// One expected tool call: a name, an argument matcher and a count range.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectedCall {
    /// The tool name, compared exactly.
    pub name: String,
    /// How the arguments are compared.
    pub args: ArgsMatcher,
    /// Options for comparing the arguments (the scenario's `argsMatch` with the call's own
    /// over it).
    pub options: ArgsOptions,
    /// Minimum number of matching calls; `None` means the order mode's default
    /// (0 for [`OrderMode::Subset`], else 1).
    pub min: Option<u32>,
    /// Maximum number of matching calls; `None` means the order mode's default
    /// (1 for [`OrderMode::Strict`], else unbounded).
    pub max: Option<u32>,
}

impl ExpectedCall {
    /// An expected call by name only, as in WebMCP suites.
    pub fn named(name: &str) -> ExpectedCall {
        ExpectedCall {
            name: name.to_owned(),
            args: ArgsMatcher::Any,
            options: ArgsOptions::default(),
            min: None,
            max: None,
        }
    }
}

/// What a scenario expects of a run.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Expectations {
    /// Calls the agent should make (`toolCalls`).
    pub tool_calls: Vec<ExpectedCall>,
    /// Tools the agent must not call (`forbiddenToolCalls`).
    pub forbidden_tool_calls: Vec<String>,
    /// What should be true afterwards, in words, for the judge (`postConditions`).
    pub post_conditions: Option<String>,
    /// How the call sequence must relate to `tool_calls` (`order`).
    pub order: OrderMode,
}

/// One task for the agent.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// Unique id within the suite.
    pub id: String,
    /// The prompt given to the agent; never empty.
    pub prompt: String,
    /// The page to start on: absolute, or relative to the suite's `baseUrl`.
    pub start_page: Option<String>,
    /// What the run is scored against.
    pub expectations: Expectations,
    /// Free-form labels; the reports group by them.
    pub tags: Vec<String>,
    /// Per-run time limit in milliseconds (WebMCP's `timeoutMs`; 0 means the default).
    pub timeout_ms: Option<u64>,
    /// How many times to run the scenario (own value, else the suite's, else 1).
    pub repeats: u32,
    /// The pass threshold (own value, else the suite's, else the mode's default).
    pub pass_threshold: Option<f64>,
    /// Weight of the scenario in the suite totals (default 1).
    pub weight: f64,
    /// Tool/judge weights (own value, else the suite's, else 0.4/0.6).
    pub weights: Weights,
}

impl Scenario {
    /// The threshold the combined score must reach under `mode`.
    pub fn threshold(&self, mode: ScoringMode) -> f64 {
        self.pass_threshold.unwrap_or(mode.default_threshold())
    }
}

/// A validated eval suite.
#[derive(Debug, Clone, PartialEq)]
pub struct Suite {
    /// The suite name.
    pub name: String,
    /// A description, if any.
    pub description: Option<String>,
    /// The base URL relative start pages are appended to.
    pub base_url: Option<String>,
    /// The scoring mode (`mode`: `"standard"`, the default, or `"webmcp"`).
    pub mode: ScoringMode,
    /// The scenarios, in file order.
    pub scenarios: Vec<Scenario>,
}

impl Suite {
    /// The URL a scenario starts on, built as WebMCP does: a start page beginning with `http`
    /// is used as-is, anything else is appended to `baseUrl` (plain concatenation, no slash
    /// handling).
    pub fn start_url(&self, scenario: &Scenario) -> Option<String> {
        let page = scenario.start_page.as_deref()?;
        if page.starts_with("http") {
            return Some(page.to_owned());
        }
        Some(format!("{}{page}", self.base_url.as_deref().unwrap_or("")))
    }
}

/// Parses and validates a suite.
///
/// # Errors
///
/// [`Error::Json`] when `json` is not JSON; [`Error::InvalidSuite`] with every problem found
/// (duplicate ids, a tool both expected and forbidden, empty prompts, unknown fields, bad
/// regular expressions, wrong types, bad counts).
///
/// # Example
///
/// ```
/// let suite = mcp_eval_core::parse_suite(r#"{"name":"Shop","scenarios":[{"id":"s1",
///     "prompt":"Find red shoes","expectations":{"toolCalls":["search"]}}]}"#)?;
/// assert_eq!(suite.scenarios[0].expectations.tool_calls[0].name, "search");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_suite(json: &str) -> Result<Suite, Error> {
    let value: Value = serde_json::from_str(json).map_err(|e| Error::Json {
        what: "suite",
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    validate_suite(&value)
}

/// Validates an already parsed suite document.
///
/// # Errors
///
/// [`Error::InvalidSuite`] with every problem found, as for [`parse_suite`].
pub fn validate_suite(value: &Value) -> Result<Suite, Error> {
    validate::suite(value)
}
