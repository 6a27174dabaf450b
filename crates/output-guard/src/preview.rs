//! The result of guarding an output: the output itself, or a preview with its counts.

/// What kind of content an output is; selects the tip and is reported in the preview.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum Kind {
    /// Plain text.
    Text,
    /// A JSON value, such as the result of a page script.
    Json,
    /// HTML markup.
    Html,
    /// Console messages.
    Console,
    /// An accessibility snapshot.
    Snapshot,
}

/// A guarded output: unchanged when it fits the limit, otherwise a preview that fits it.
///
/// `text` is what goes to the model. When `truncated` is true its first line is
/// `counts: totalLength=…, shownLength=…, truncated=true, estimatedTokens=…` followed by
/// `, output=decodedJsonString` when the output is one JSON string kept decoded
/// ([`decoded`](Self::decoded)) and `, confirmToken=…` when the full output was kept.
///
/// Lengths are chars: Unicode scalar values, see [`char_len`](crate::count::char_len).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema),
    serde(rename_all = "camelCase")
)]
pub struct Preview {
    /// True when the output was over the limit and `text` is a preview; false when `text` is
    /// the output unchanged.
    pub truncated: bool,
    /// Length of the full output in chars (Unicode scalar values).
    pub total_length: usize,
    /// Chars of the preview body taken from the output (a cut of a text) or from its summary
    /// (a JSON value); equal to totalLength when not truncated.
    pub shown_length: usize,
    /// Estimated tokens of the full output: ceil(totalLength / 4).
    pub estimated_tokens: usize,
    /// One-time token that returns the full output when passed to confirmTool; absent when
    /// the output was not truncated or could not be kept.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub confirm_token: Option<String>,
    /// The tool to call with confirmToken to get the full output.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub confirm_tool: Option<String>,
    /// What kind of content the output is.
    pub kind: Kind,
    /// True when the preview body is a summary of a JSON value rather than a cut of its text.
    pub summarized: bool,
    /// True when the output is one JSON string kept decoded: totalLength, the preview body and
    /// the output the token returns are the string's text (its escapes decoded, so its lines
    /// are lines), not the JSON that encoded it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub decoded: bool,
    /// The one-line tip shown under the preview, if any.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub tip: Option<String>,
    /// What to show the model: the output itself, or the preview with its counts line; never
    /// longer than the limit when truncated.
    pub text: String,
}
