//! The digest's settings: the budget and how it grows with the page, the page asked for,
//! the hints the header gives, what is held back, and for measurements the resources left
//! out and a ranking table of their own. Every stage reads them; they read no stage.

use crate::addressed::HoldBack;
#[cfg(doc)]
use crate::tokens::estimate_tokens;

/// Digest settings.
///
/// The budget grows with the snapshot: a snapshot of ordinary size gets
/// [`base_tokens`](Self::base_tokens), a large one a fixed share of its own size, and no
/// digest takes more than [`max_tokens`](Self::max_tokens). A miss costs the agent the whole
/// snapshot (it asks for it, or acts on the wrong element), so a larger page is worth a
/// larger digest; `BENCHMARKS.md` has the measurements behind the defaults.
///
/// # Example
///
/// ```
/// use snapshot_digest::{DigestConfig, digest_with, parse};
///
/// let mut text = String::from("- button \"Sign in\" [ref=e1]\n");
/// for i in 2..80 {
///     text.push_str(&format!("- link \"Story {i}\" [ref=e{i}]\n"));
/// }
/// let snap = parse(&text)?;
/// // This budget cannot hold the whole snapshot, so the digest chooses and stays within it.
/// let config = DigestConfig::default().with_fixed_budget(150);
/// let d = digest_with(&snap, "log in", &config);
/// assert!(d.text.contains("[ref=e1]"));
/// assert!(d.stats.output_tokens <= 150);
///
/// // The default budget: 900 tokens up to a snapshot of 18,000, then 5 %, at most 4,000.
/// let config = DigestConfig::default();
/// assert_eq!(config.budget(8_000), 900);
/// assert_eq!(config.budget(50_000), 2_500);
/// assert_eq!(config.budget(500_000), 4_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestConfig {
    /// The budget of a snapshot of ordinary size, in [`estimate_tokens`] units. A snapshot
    /// within its budget comes back whole; otherwise a goal digest spends the budget on the
    /// best matches with their context, then on further candidate controls, then on a map of
    /// the omitted regions. Default 900. The budget trades size for success: the default is
    /// one 25-token step above the lowest budget that keeps every goal of the corpus under
    /// leave-pages-out cross-validation, a margin for pages the corpus does not hold
    /// (`BENCHMARKS.md`).
    pub base_tokens: usize,
    /// A snapshot larger than `base_tokens × scale_divisor` tokens gets `1 / scale_divisor` of
    /// its own estimate as its budget, up to [`max_tokens`](Self::max_tokens). Default 20
    /// (5 %: large pages still compress about 25x in chars); 0 keeps `base_tokens` for every
    /// snapshot.
    pub scale_divisor: usize,
    /// The most tokens any budgeted digest takes, whatever the snapshot's size; it wins over
    /// `base_tokens` when smaller, so setting it alone gives a hard limit. Default 4,000.
    pub max_tokens: usize,
    /// The most separate places of the page a goal digest shows with context. Default 8.
    pub max_hits: usize,
    /// Inline text longer than this many chars is cut, the cut marked. Default 300.
    pub max_text_chars: usize,
    /// Which page of a goal digest to write, from 1. Page 2 and later list the next-ranked
    /// candidates, never the ones an earlier page showed. Default 1.
    pub page: usize,
    /// How the agent gets the full snapshot, said in the header line. Default:
    /// `request the full snapshot to see everything`.
    pub full_snapshot_hint: String,
    /// How the agent asks for the next page, said in the header line when there is one;
    /// `{page}` stands for its number. Default:
    /// `the same goal with page {page} lists the next candidates`.
    pub next_page_hint: String,
    /// How the agent asks for the next page of a [`full_digest_page`](crate::full_digest_page), said in its header
    /// line when there is one; `{page}` stands for its number. Default:
    /// `the same request with page {page} shows the next part; a goal shows only what serves it`.
    pub outline_page_hint: String,
    /// The part of the budget, in percent, a goal digest spends when the goal names a control
    /// outright: the best-scored node is a control every word of whose name the goal says
    /// ("Open the Bug tracker." and a link "Bug tracker"). Such a target is the first match,
    /// and the candidates after it are rarely read. Not when that control is a field or part
    /// of a form with one (the goal needs the whole form), nor for matches a model chose (the
    /// LLM digest). Default 60; 100 spends the whole budget on every goal, as
    /// [`with_fixed_budget`](Self::with_fixed_budget) does.
    pub named_budget_percent: usize,
    /// How a node whose text addresses the agent (a prompt injection in a review, a hidden
    /// paragraph, an image's name) is shown: by default as one line that says so, its ref
    /// kept, its text held back, and never a match or a candidate by its words.
    pub hold_back: HoldBack,
    /// Language resources left out, for measuring what each adds (`digest_quality
    /// --without …`); not a stable setting. Default: none.
    #[doc(hidden)]
    pub without: Resources,
    /// A ranking table in place of the built-in one (`ranking.tsv`'s format), for
    /// measuring a ranking learned without the page at hand (`digest_quality --cv`); not a
    /// stable setting. Default: none, the built-in table.
    #[doc(hidden)]
    pub ranking: Option<std::sync::Arc<str>>,
}

/// Language resources of the goal digest that can be left out, to measure what each adds.
/// Not a stable API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Resources {
    /// The hand lexicon of web conventions (`lexicon.rs`).
    pub lexicon: bool,
    /// WordNet's synonyms and relatives.
    pub wordnet: bool,
    /// The embedding neighbours.
    pub neighbours: bool,
    /// Snowball stems.
    pub snowball: bool,
    /// The function words of languages other than English.
    pub stopwords: bool,
    /// The names of languages in every language (CLDR).
    pub languages: bool,
    /// The model of relatedness ([`Relatedness`]): the ranking's model features read 0.
    pub model: bool,
}

impl Default for DigestConfig {
    fn default() -> Self {
        Self {
            base_tokens: 900,
            scale_divisor: 20,
            max_tokens: 4_000,
            max_hits: 8,
            max_text_chars: 300,
            page: 1,
            full_snapshot_hint: "request the full snapshot to see everything".to_owned(),
            next_page_hint: "the same goal with page {page} lists the next candidates".to_owned(),
            outline_page_hint:
                "the same request with page {page} shows the next part; a goal shows only what serves it"
                    .to_owned(),
            named_budget_percent: 60,
            hold_back: HoldBack::default(),
            without: Resources::default(),
            ranking: None,
        }
    }
}

impl DigestConfig {
    /// The same settings with one budget for every snapshot, `tokens`, whatever its size.
    ///
    /// # Example
    ///
    /// ```
    /// let config = snapshot_digest::DigestConfig::default().with_fixed_budget(600);
    /// assert_eq!((config.budget(100), config.budget(1_000_000)), (600, 600));
    /// ```
    #[must_use]
    pub fn with_fixed_budget(self, tokens: usize) -> Self {
        Self {
            base_tokens: tokens,
            max_tokens: tokens,
            named_budget_percent: 100,
            ..self
        }
    }

    /// The budget of a snapshot of `snapshot_tokens` estimated tokens:
    /// `snapshot_tokens / scale_divisor`, at least `base_tokens`, at most `max_tokens`.
    ///
    /// # Example
    ///
    /// ```
    /// let config = snapshot_digest::DigestConfig::default().with_fixed_budget(300);
    /// assert_eq!(config.budget(1_000_000), 300);
    /// ```
    #[must_use]
    pub fn budget(&self, snapshot_tokens: usize) -> usize {
        let scaled = snapshot_tokens.checked_div(self.scale_divisor).unwrap_or(0);
        self.base_tokens.max(scaled).min(self.max_tokens)
    }
}
