//! Limits and settings, with documented defaults.

use crate::count::CHARS_PER_TOKEN;
use crate::error::Error;

/// The smallest output limit accepted, in chars: room for the `counts:` line, the confirm
/// line, a tip and a useful preview body.
pub const MIN_LIMIT_CHARS: usize = 800;

/// The longest confirm tool name accepted, in chars (MCP tool names are at most 64 chars).
pub const MAX_TOOL_NAME_CHARS: usize = 64;

/// The deepest summary accepted: summaries recurse once per level, so this bounds the stack.
pub const MAX_SUMMARY_DEPTH: usize = 32;

/// How large an output may be before it is replaced by a preview.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Budget {
    /// At most this many chars (Unicode scalar values, see [`char_len`](crate::count::char_len)).
    Chars(usize),
    /// At most this many estimated tokens (see [`estimate_tokens`](crate::count::estimate_tokens)):
    /// the same as `Chars(tokens * 4)`, the largest char count whose estimate fits.
    Tokens(usize),
}

impl Budget {
    /// The budget in chars.
    ///
    /// # Example
    ///
    /// ```
    /// use output_guard::Budget;
    /// assert_eq!(Budget::Tokens(500).max_chars(), 2000);
    /// assert_eq!(Budget::Chars(2000).max_chars(), 2000);
    /// ```
    #[must_use]
    pub const fn max_chars(self) -> usize {
        match self {
            Self::Chars(chars) => chars,
            Self::Tokens(tokens) => tokens.saturating_mul(CHARS_PER_TOKEN),
        }
    }
}

impl Default for Budget {
    /// 2,000 chars: mcp-web-inspector's threshold, about 500 tokens, far below Claude Code's
    /// 10,000-token warning.
    fn default() -> Self {
        Self::Chars(2000)
    }
}

/// How bulky JSON values are summarized. The defaults follow the CDP `RemoteObject.preview`
/// and Node `util.inspect` conventions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryLimits {
    /// Containers nested deeper than this are shown as `Array(n)` / `Object(n keys)` only.
    /// Default 3 (mcp-web-inspector's `MAX_DEPTH`; `util.inspect` uses 2). At most
    /// [`MAX_SUMMARY_DEPTH`].
    pub max_depth: usize,
    /// Array items shown before `… n more`. Default 3 (`Array(n) [first 3 …]`).
    pub array_items: usize,
    /// Object keys shown with their values before `… n more keys`. Default 5 (CDP's 5 named
    /// properties).
    pub object_keys: usize,
    /// Map and Set entries shown (from the JS descriptor). Default 5 (CDP).
    pub map_entries: usize,
    /// Strings longer than this many chars are cut in the middle. Default 100 (CDP: first 50,
    /// `…`, last 49).
    pub string_chars: usize,
}

impl Default for SummaryLimits {
    fn default() -> Self {
        Self {
            max_depth: 3,
            array_items: 3,
            object_keys: 5,
            map_entries: 5,
            string_chars: 100,
        }
    }
}

/// Everything a [`Guard`](crate::guard::Guard) is configured with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The output limit. Default 2,000 chars. At least [`MIN_LIMIT_CHARS`].
    pub budget: Budget,
    /// Whether the full output of a JSON value is pretty-printed (two-space indent, like
    /// `JSON.stringify(v, null, 2)`) rather than compact. Default `false`.
    pub pretty_json: bool,
    /// How JSON values are summarized in previews.
    pub summary: SummaryLimits,
    /// The tool the preview tells the model to call with the token. Default
    /// `confirm_output`.
    pub confirm_tool: String,
    /// Whether previews say the token can be read many times, in parts (the server reads it
    /// with [`TokenStore::read`](crate::store::TokenStore::read) and [`read`](crate::read::read)) rather
    /// than once ([`TokenStore::redeem`](crate::store::TokenStore::redeem)). Default `false`.
    pub reusable_tokens: bool,
    /// Whether an output that is one JSON string (a [`Guard::json_text`] text that parses as a
    /// string literal, a [`Guard::json`] value that is a `Value::String`) is previewed,
    /// counted and kept as the string it encodes rather than as its JSON: a page's text then
    /// reads by lines, its `\n` escapes being line breaks. The preview says so
    /// ([`Preview::decoded`], `output=decodedJsonString` in its counts line). An output that
    /// fits the limit still passes unchanged, as JSON. Default `false`: outputs are kept as
    /// they came.
    ///
    /// [`Guard::json_text`]: crate::guard::Guard::json_text
    /// [`Guard::json`]: crate::guard::Guard::json
    /// [`Preview::decoded`]: crate::preview::Preview::decoded
    pub decode_json_strings: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            budget: Budget::default(),
            pretty_json: false,
            summary: SummaryLimits::default(),
            confirm_tool: "confirm_output".to_owned(),
            reusable_tokens: false,
            decode_json_strings: false,
        }
    }
}

impl Config {
    /// The default configuration.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Checks every limit.
    pub(crate) fn validate(&self) -> Result<(), Error> {
        let limit = self.budget.max_chars();
        if limit < MIN_LIMIT_CHARS {
            return Err(Error::LimitTooSmall {
                limit,
                min: MIN_LIMIT_CHARS,
            });
        }
        let s = &self.summary;
        range("summary.max_depth", s.max_depth, 0, MAX_SUMMARY_DEPTH)?;
        range("summary.array_items", s.array_items, 0, 1000)?;
        range("summary.object_keys", s.object_keys, 0, 1000)?;
        range("summary.map_entries", s.map_entries, 0, 1000)?;
        range("summary.string_chars", s.string_chars, 8, 100_000)?;
        let name_len = crate::count::char_len(&self.confirm_tool);
        range("confirm_tool length", name_len, 1, MAX_TOOL_NAME_CHARS)
    }
}

fn range(field: &'static str, value: usize, min: usize, max: usize) -> Result<(), Error> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(Error::OutOfRange {
            field,
            value,
            min,
            max,
        })
    }
}
