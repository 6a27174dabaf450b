//! The guard: measure an output, pass it through when it fits, otherwise build a preview and
//! keep the full output behind a token.

use std::fmt::Write as _;
use std::time::Duration;

use serde_json::Value;

use crate::config::Config;
use crate::count::{CountingWriter, compact_json_len};
use crate::count::{char_len, estimate_tokens};
use crate::cut::{Cut, cut};
use crate::error::Error;
use crate::preview::{Kind, Preview};
use crate::store::TokenStore;
use crate::tips::Tips;
use crate::token::TOKEN_CHARS;

/// A configured guard: limits, summary settings, the confirm tool and the tips table.
///
/// It holds no outputs; those go to the session's [`TokenStore`], passed to each call.
///
/// # Example
///
/// ```
/// use output_guard::{Config, Guard, Kind, StoreLimits, TokenStore};
///
/// let guard = Guard::new(Config::default())?;
/// let store = TokenStore::new(StoreLimits::default());
///
/// let small = guard.text("ok".to_owned(), Kind::Text, &store);
/// assert!(!small.truncated);
/// assert_eq!(small.text, "ok");
///
/// let big: String = (0..2000).map(|i| format!("log line {i}\n")).collect();
/// let preview = guard.text(big.clone(), Kind::Text, &store);
/// assert!(preview.truncated);
/// assert!(preview.text.starts_with("counts: totalLength=26890, shownLength="));
/// assert!(output_guard::char_len(&preview.text) <= 2000);
/// let token = preview.confirm_token.as_deref().ok_or("no token")?;
/// assert_eq!(store.redeem(token)?, big);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Guard {
    config: Config,
    tips: Tips,
}

impl Default for Guard {
    /// The default [`Config`] and no tips.
    fn default() -> Self {
        Self {
            config: Config::default(),
            tips: Tips::default(),
        }
    }
}

/// The size of a serialized value, and the value itself when it fits the limit.
struct Measure {
    chars: usize,
    bytes: usize,
    complete: Option<String>,
}

/// What a preview is of: its kind and size, and how its body relates to it.
#[derive(Debug, Clone, Copy)]
struct Shape {
    kind: Kind,
    /// Chars of the full output.
    total: usize,
    /// Whether the body is a summary of a JSON value rather than a cut of its text.
    summarized: bool,
    /// The lines of an output that is one JSON string kept decoded
    /// ([`Config::decode_json_strings`]); `None` for any other.
    decoded_lines: Option<usize>,
}

impl Shape {
    const fn of(kind: Kind, total: usize) -> Self {
        Self {
            kind,
            total,
            summarized: false,
            decoded_lines: None,
        }
    }
}

/// How the preview's last line says where the full output is.
enum Footer<'a> {
    Kept {
        token: &'a str,
        tool: &'a str,
        ttl: Duration,
        /// Whether the token can be read many times, in parts ([`Config::reusable_tokens`]).
        many: bool,
        /// The lines of a JSON string kept decoded, which the footer says it is.
        decoded_lines: Option<usize>,
    },
    NotKept(&'static str),
    NoStore,
}

/// The smallest body worth showing, in chars; below it the tip gives way.
const MIN_BODY_CHARS: usize = 200;

impl Guard {
    /// A guard with `config` and no tips.
    ///
    /// # Errors
    ///
    /// [`Error::LimitTooSmall`] when the budget is under
    /// [`MIN_LIMIT_CHARS`](crate::config::MIN_LIMIT_CHARS); [`Error::OutOfRange`] when a summary
    /// limit or the confirm tool's name length is out of range.
    pub fn new(config: Config) -> Result<Self, Error> {
        config.validate()?;
        Ok(Self {
            config,
            tips: Tips::default(),
        })
    }

    /// This guard with a tips table, whose tool list must contain the confirm tool.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownTool`] when the server's tools (the table's tool list) do not include
    /// [`Config::confirm_tool`].
    pub fn with_tips(mut self, tips: Tips) -> Result<Self, Error> {
        tips.check_tool(&self.config.confirm_tool)?;
        self.tips = tips;
        Ok(self)
    }

    /// The configuration.
    #[must_use]
    pub const fn config(&self) -> &Config {
        &self.config
    }

    /// The tips table.
    #[must_use]
    pub const fn tips(&self) -> &Tips {
        &self.tips
    }

    /// The output limit in chars.
    #[must_use]
    pub const fn limit(&self) -> usize {
        self.config.budget.max_chars()
    }

    /// Guards a text: returns it unchanged when it fits, otherwise a preview of its head and
    /// tail, with the text kept in `store` behind a one-time token.
    #[must_use]
    pub fn text(&self, text: String, kind: Kind, store: &TokenStore) -> Preview {
        let total = char_len(&text);
        if total <= self.limit() {
            return unchanged(text, total, kind);
        }
        let bytes = text.len();
        let ttl = store.limits().ttl;
        let shape = Shape::of(kind, total);
        let body = cut(&text, total, self.body_budget(shape, Some(ttl)));
        let kept = store.insert_deferred(bytes, move || text);
        self.finish(shape, body, &kept, ttl)
    }

    /// Guards a JSON value: returns its serialization unchanged when it fits, otherwise a
    /// summary, with the value kept in `store` and serialized only if the token is redeemed.
    ///
    /// The value is measured by serializing it into a counter, never into a string: memory
    /// stays at the limit whatever the size of the value. With
    /// [`Config::decode_json_strings`], a string over the limit is previewed and kept as
    /// its text rather than as JSON.
    #[must_use]
    pub fn json(&self, value: Value, store: &TokenStore) -> Preview {
        let measure = self.measure(&value);
        if let Some(full) = measure.complete {
            return unchanged(full, measure.chars, Kind::Json);
        }
        let value = match value {
            Value::String(text) if self.config.decode_json_strings => {
                return self.decoded(text, store);
            }
            value => value,
        };
        let ttl = store.limits().ttl;
        let (body, shape) = self.json_body(&value, measure.chars, Some(ttl));
        let pretty = self.config.pretty_json;
        let kept = store.insert_deferred(measure.bytes, move || serialize(&value, pretty));
        self.finish(shape, body, &kept, ttl)
    }

    /// Guards JSON that arrives as text, such as a server's pretty-printed script result:
    /// counted and kept as the text itself, so the token returns it byte for byte, but
    /// previewed as a JSON summary when the text parses. Text that is not JSON is guarded
    /// like [`text`](Self::text).
    ///
    /// With [`Config::decode_json_strings`], a text over the limit that is one JSON string
    /// literal is the exception: the string it encodes is counted, previewed and kept instead
    /// (its `\n` escapes become line breaks), and the preview says so
    /// ([`Preview::decoded`]).
    ///
    /// # Example
    ///
    /// ```
    /// use output_guard::{Config, Guard, StoreLimits, TokenStore};
    ///
    /// let guard = Guard::new(Config::default())?;
    /// let store = TokenStore::new(StoreLimits::default());
    /// let items: Vec<String> = (0..500).map(|i| format!("  {{\"id\": {i}}}")).collect();
    /// let text = format!("[\n{}\n]", items.join(",\n"));
    /// let preview = guard.json_text(text.clone(), &store);
    /// assert!(preview.truncated && preview.summarized);
    /// assert!(preview.text.contains("Array(500)"));
    /// let token = preview.confirm_token.as_deref().ok_or("no token")?;
    /// assert_eq!(store.redeem(token)?, text);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn json_text(&self, text: String, store: &TokenStore) -> Preview {
        let total = char_len(&text);
        if total <= self.limit() {
            return unchanged(text, total, Kind::Json);
        }
        // serde_json bounds its own nesting (128 levels), so hostile text fails to parse
        // instead of overflowing the stack; it is then cut like any text.
        let Ok(value) = serde_json::from_str::<Value>(&text) else {
            return self.text(text, Kind::Json, store);
        };
        if self.config.decode_json_strings
            && let Value::String(decoded) = value
        {
            return self.decoded(decoded, store);
        }
        let ttl = store.limits().ttl;
        let (body, shape) = self.json_body(&value, total, Some(ttl));
        let kept = store.insert_deferred(text.len(), move || text);
        self.finish(shape, body, &kept, ttl)
    }

    /// The preview of an output that is one JSON string, kept in `store` as `text`, the
    /// string it encodes: its head and tail, counted in its own chars and lines.
    fn decoded(&self, text: String, store: &TokenStore) -> Preview {
        let shape = decoded_shape(&text);
        let ttl = store.limits().ttl;
        let body = cut(&text, shape.total, self.body_budget(shape, Some(ttl)));
        let kept = store.insert_text(text);
        self.finish(shape, body, &kept, ttl)
    }

    /// [`text`](Self::text) without a store: the same preview, with no token.
    #[must_use]
    pub fn preview_text(&self, text: &str, kind: Kind) -> Preview {
        let total = char_len(text);
        if total <= self.limit() {
            return unchanged(text.to_owned(), total, kind);
        }
        let shape = Shape::of(kind, total);
        let body = cut(text, total, self.body_budget(shape, None));
        self.assemble(shape, body, &Footer::NoStore)
    }

    /// [`json`](Self::json) without a store: the same preview, with no token.
    #[must_use]
    pub fn preview_json(&self, value: &Value) -> Preview {
        let measure = self.measure(value);
        if let Some(full) = measure.complete {
            return unchanged(full, measure.chars, Kind::Json);
        }
        if let Value::String(text) = value
            && self.config.decode_json_strings
        {
            let shape = decoded_shape(text);
            let body = cut(text, shape.total, self.body_budget(shape, None));
            return self.assemble(shape, body, &Footer::NoStore);
        }
        let (body, shape) = self.json_body(value, measure.chars, None);
        self.assemble(shape, body, &Footer::NoStore)
    }

    /// The unguarded output of `value`: what [`json`](Self::json) passes through when it fits,
    /// and what its token returns.
    #[must_use]
    pub fn full_json(&self, value: &Value) -> String {
        serialize(value, self.config.pretty_json)
    }

    /// Measures the serialized value, keeping it only when it fits the limit.
    ///
    /// Compact output is measured by a walk over the value ([`compact_json_len`]); pretty
    /// output by serializing into a counter that keeps only the first `4 * limit` bytes.
    /// Neither builds the whole text.
    fn measure(&self, value: &Value) -> Measure {
        let limit = self.limit();
        if !self.config.pretty_json {
            let len = compact_json_len(value);
            let complete = (len.chars <= limit).then(|| serialize(value, false));
            return Measure {
                chars: len.chars,
                bytes: len.bytes,
                complete,
            };
        }
        // A text of at most `limit` chars has at most 4 bytes per char.
        let mut counter = CountingWriter::new(limit.saturating_mul(4));
        // The counter never fails and `Value` keys are always strings, so serializing cannot
        // fail; if it ever did, the counts so far would still bound a preview.
        let _ = serde_json::to_writer_pretty(&mut counter, value);
        let (chars, bytes) = (counter.chars(), counter.bytes());
        let complete = if chars <= limit {
            counter.into_complete()
        } else {
            None
        };
        Measure {
            chars,
            bytes,
            complete,
        }
    }

    /// The preview body of a JSON value of `total` chars serialized, and its shape: a
    /// top-level string is cut like text (it usually is text: HTML, a log), anything else is
    /// summarized and the summary cut to fit.
    fn json_body(&self, value: &Value, total: usize, ttl: Option<Duration>) -> (Cut, Shape) {
        let shape = Shape::of(Kind::Json, total);
        let budget = self.body_budget(shape, ttl);
        if let Value::String(s) = value {
            return (cut(s, char_len(s), budget), shape);
        }
        let cap = budget.saturating_mul(4).saturating_add(64);
        let summary = crate::summary::summarize(value, &self.config.summary, cap);
        let shape = Shape {
            summarized: true,
            ..shape
        };
        (cut(&summary, char_len(&summary), budget), shape)
    }

    /// Chars left for the body once the counts line, the footer and the tip are reserved at
    /// their longest.
    fn body_budget(&self, shape: Shape, ttl: Option<Duration>) -> usize {
        let Shape {
            kind,
            total,
            decoded_lines,
            ..
        } = shape;
        let token = "x".repeat(TOKEN_CHARS);
        let tokens = estimate_tokens(total);
        let header = header(total, total, tokens, decoded_lines.is_some(), Some(&token));
        let tool = &self.config.confirm_tool;
        let footer_max = match ttl {
            Some(ttl) => [
                Footer::Kept {
                    token: &token,
                    tool,
                    ttl,
                    many: self.config.reusable_tokens,
                    decoded_lines,
                },
                Footer::NotKept(NOT_KEPT_TOO_LARGE),
                Footer::NotKept(NOT_KEPT_NO_TOKEN),
            ]
            .iter()
            .map(|f| char_len(&footer(tokens, f)))
            .max()
            .unwrap_or(0),
            None => char_len(&footer(tokens, &Footer::NoStore)),
        };
        // Header line, body, newline after the body, footer.
        let fixed = char_len(&header) + 1 + 1 + footer_max;
        let without_tip = self.limit().saturating_sub(fixed);
        match self.tip_line(kind) {
            Some(tip) if without_tip > MIN_BODY_CHARS + char_len(&tip) => {
                without_tip - char_len(&tip) - 1
            }
            _ => without_tip,
        }
    }

    fn tip_line(&self, kind: Kind) -> Option<String> {
        self.tips.find(kind).map(crate::tips::Tip::line)
    }

    fn finish(
        &self,
        shape: Shape,
        body: Cut,
        kept: &Result<String, Error>,
        ttl: Duration,
    ) -> Preview {
        let tool = &self.config.confirm_tool;
        let footer = match kept {
            Ok(token) => Footer::Kept {
                token,
                tool,
                ttl,
                many: self.config.reusable_tokens,
                decoded_lines: shape.decoded_lines,
            },
            Err(Error::OutputTooLarge { .. }) => Footer::NotKept(NOT_KEPT_TOO_LARGE),
            Err(_) => Footer::NotKept(NOT_KEPT_NO_TOKEN),
        };
        self.assemble(shape, body, &footer)
    }

    fn assemble(&self, shape: Shape, body: Cut, footer_kind: &Footer<'_>) -> Preview {
        let Shape {
            kind,
            total,
            summarized,
            decoded_lines,
        } = shape;
        let decoded = decoded_lines.is_some();
        let tokens = estimate_tokens(total);
        let token = match footer_kind {
            Footer::Kept { token, .. } => Some((*token).to_owned()),
            Footer::NotKept(_) | Footer::NoStore => None,
        };
        let mut text = header(total, body.shown, tokens, decoded, token.as_deref());
        text.push('\n');
        text.push_str(&body.text);
        if !body.text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&footer(tokens, footer_kind));
        let tip = self
            .tip_line(kind)
            .filter(|tip| char_len(&text) + 1 + char_len(tip) <= self.limit());
        if let Some(tip) = &tip {
            text.push('\n');
            text.push_str(tip);
        }
        Preview {
            truncated: true,
            total_length: total,
            shown_length: body.shown,
            estimated_tokens: tokens,
            confirm_tool: token.as_ref().map(|_| self.config.confirm_tool.clone()),
            confirm_token: token,
            kind,
            summarized,
            decoded,
            tip,
            text,
        }
    }
}

const NOT_KEPT_TOO_LARGE: &str = "too large to keep for confirmation";
const NOT_KEPT_NO_TOKEN: &str = "no confirm token could be made";

fn unchanged(text: String, total: usize, kind: Kind) -> Preview {
    Preview {
        truncated: false,
        total_length: total,
        shown_length: total,
        estimated_tokens: estimate_tokens(total),
        confirm_token: None,
        confirm_tool: None,
        kind,
        summarized: false,
        decoded: false,
        tip: None,
        text,
    }
}

/// The shape of an output that is one JSON string kept decoded as `text`.
fn decoded_shape(text: &str) -> Shape {
    Shape {
        decoded_lines: Some(crate::read::line_count(text)),
        ..Shape::of(Kind::Json, char_len(text))
    }
}

/// The machine-readable first line of a preview; `decoded` when the output is one JSON
/// string kept decoded.
fn header(total: usize, shown: usize, tokens: usize, decoded: bool, token: Option<&str>) -> String {
    let mut line = format!(
        "counts: totalLength={total}, shownLength={shown}, truncated=true, estimatedTokens={tokens}"
    );
    if decoded {
        line.push_str(", output=decodedJsonString");
    }
    if let Some(token) = token {
        let _ = write!(line, ", confirmToken={token}");
    }
    line
}

fn footer(tokens: usize, footer: &Footer<'_>) -> String {
    match footer {
        Footer::Kept {
            token,
            tool,
            ttl,
            many,
            decoded_lines,
        } => {
            let what = match decoded_lines {
                // The model must know that what it reads is the string's value, not the JSON
                // it was sent as, or it would look for `\n` escapes and quotes in it.
                Some(lines) => format!(
                    "Output is one JSON string (~{tokens} tokens), kept decoded: its text, \
                     {lines} lines, its escapes as the characters they stand for."
                ),
                None => format!("Output is large (~{tokens} tokens)."),
            };
            let how = if *many {
                format!(
                    "To read it, call {tool} with {{\"token\": \"{token}\"}}, and offset \
                     and limit for a part, or pattern for the lines that match; as often as \
                     needed within {}.",
                    human(*ttl)
                )
            } else {
                format!(
                    "To get all of it, call {tool} with {{\"token\": \"{token}\"}}; the \
                     token works once, within {}.",
                    human(*ttl)
                )
            };
            format!("{what} {how}")
        }
        Footer::NotKept(reason) => {
            format!("Output is large (~{tokens} tokens) and {reason}; narrow the request.")
        }
        Footer::NoStore => {
            format!("Output is large (~{tokens} tokens); narrow the request to see more.")
        }
    }
}

/// `10 min`, `90 s`.
fn human(d: Duration) -> String {
    let secs = d.as_secs();
    if secs >= 60 && secs.is_multiple_of(60) {
        format!("{} min", secs / 60)
    } else {
        format!("{secs} s")
    }
}

fn serialize(value: &Value, pretty: bool) -> String {
    let text = if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    };
    // Serializing a `Value` to a string cannot fail: its keys are strings and the writer is
    // memory.
    text.unwrap_or_default()
}

#[cfg(test)]
mod tests;
