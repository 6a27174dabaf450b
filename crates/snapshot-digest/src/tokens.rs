//! Token estimates for budgets.

/// Estimates how many tokens a language model's tokenizer makes of `text`.
///
/// The estimate is one token per four bytes of UTF-8, rounded up: cheap (no tokenizer, no
/// allocation) and deliberately simple. It is used for budgets and summaries, never for
/// billing.
///
/// # Example
///
/// ```
/// assert_eq!(snapshot_digest::estimate_tokens("- button \"OK\""), 4);
/// assert_eq!(snapshot_digest::estimate_tokens(""), 0);
/// ```
#[must_use]
pub fn estimate_tokens(text: &str) -> usize {
    text.len().div_ceil(4)
}
