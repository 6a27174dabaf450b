//! Digests: the part of a snapshot that serves a goal, or a compact outline of the whole page.
//!
//! The public calls are here, and so is the one place the stages run in order
//! ([`goal_digest`]): the snapshot measured against its budget (`layout`), the goal read,
//! matched and its candidates ranked (`rank`, over the word tables and the model of
//! relatedness of `meaning`), then the page laid out from that order (`layout`). A stage
//! only reads the stages before it, and no stage reads this file.

mod hash;
mod layout;
mod meaning;
mod order;
mod rank;
mod settings;

use layout::assemble::{self, Fit, Request};
use layout::{outline, pages};
use rank::{Reading, rank, ranking_of};

pub use layout::explain::{Explanation, KeptAs, ScorePart};
pub use layout::output::{Digest, DigestStats};
pub use meaning::relatedness::{Relatedness, StaticEmbeddings};
#[doc(hidden)]
pub use rank::RankFeatures;
pub use settings::DigestConfig;
#[doc(hidden)]
pub use settings::Resources;

use crate::addressed::{with_held_back, with_held_back_beside};
use crate::tokens::estimate_tokens;
use crate::tree::Snapshot;

/// A goal digest of `snap`, the stages in order: whole when it fits; else the goal read
/// and matched, the candidates ranked (by `model` when given, unless `config` leaves the
/// model out), and the page laid out.
fn goal_digest(
    snap: &Snapshot<'_>,
    goal_text: &str,
    config: &DigestConfig,
    model: Option<&dyn Relatedness>,
    request: Request<'_>,
) -> (Digest, Vec<Explanation>) {
    let measured = match assemble::fit(snap, goal_text, config, request.explain) {
        Fit::Whole(whole) => return whole,
        Fit::Over(measured) => measured,
    };
    let reading = Reading::new(snap, goal_text, config.without);
    let model = model.filter(|_| !config.without.model);
    let ranked = rank(snap, &reading, goal_text, &ranking_of(config), model);
    assemble::goal_page(snap, &measured, &ranked, config, request)
}

/// The candidates of `snapshot` for `goal` with their features and rank scores, held-back
/// nodes left out as the digest leaves them. Not a stable API.
#[doc(hidden)]
#[must_use]
pub fn rank_features(snapshot: &Snapshot<'_>, goal: &str, config: &DigestConfig) -> RankFeatures {
    with_held_back(snapshot, &config.hold_back, |snap, _| {
        rank::rank_features(snap, goal, config, StaticEmbeddings::builtin())
    })
}

/// The part of `snapshot` that serves `goal`, with the default [`DigestConfig`].
///
/// The goal is plain words in any language ("sign in", "Sdílej tento článek na Twitteru").
/// A snapshot within the budget comes back whole. Otherwise nodes are scored by the goal's
/// words, their stems (Snowball) and their WordNet relatives, in names, descendant text,
/// `/url` and `/placeholder`, with role priors (controls for action goals, text for questions). A
/// question also looks for a value of the kind it asks for (a price, a duration, a count, a
/// date…), known by its form; the goal's function words in its own language are left out; a
/// control the goal names outranks one that only shares a word with it; text that merely
/// restates an action goal counts as context only. The budget goes to the best
/// matches, each with its ancestors that give context (landmarks, headings, forms), the
/// heading of its section and, for form controls, the other controls
/// of their form; then to further candidates (controls; for a question, text too, a value
/// beside its label: a definition and its term, a cell and its row's header) in the order of
/// a ranking learned from goal sets over general features, with their refs and `/url`; then
/// to a map of the regions left out. The output is snapshot text with refs
/// unchanged; it parses with [`parse`](crate::syntax::parse).
///
/// # Example
///
/// ```
/// let mut text = String::from("- banner:\n  - link \"Sign in\" [ref=e3]\n- main:\n");
/// text.push_str("  - paragraph: Hello\n  - link \"Comments (12)\" [ref=e9]\n");
/// let snap = snapshot_digest::parse(&text)?;
/// // Small enough to come back whole.
/// let d = snapshot_digest::digest(&snap, "join the discussion");
/// assert!(d.text.contains("[ref=e9]") && d.text.contains("[ref=e3]"));
/// // On a bigger page with a tight budget, the comments link is still there.
/// for i in 10..90 {
///     text.push_str(&format!("  - link \"Story {i}\" [ref=e{i}]\n"));
/// }
/// let snap = snapshot_digest::parse(&text)?;
/// let config = snapshot_digest::DigestConfig::default().with_fixed_budget(150);
/// let d = snapshot_digest::digest_with(&snap, "join the discussion", &config);
/// assert!(d.text.contains("[ref=e9]"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn digest(snapshot: &Snapshot<'_>, goal: &str) -> Digest {
    digest_with(snapshot, goal, &DigestConfig::default())
}

/// [`digest`] with a [`DigestConfig`].
#[must_use]
pub fn digest_with(snapshot: &Snapshot<'_>, goal: &str, config: &DigestConfig) -> Digest {
    digest_with_model(snapshot, goal, config, StaticEmbeddings::builtin())
}

/// [`digest_with`] with a model of relatedness of the caller's instead of the built-in
/// [`StaticEmbeddings`]: its scores (their rank and z-score on the page) are features of
/// the learned ranking that orders the candidates.
///
/// # Example
///
/// ```
/// use snapshot_digest::{DigestConfig, Relatedness, digest_with_model, parse};
///
/// /// Ranks texts by length: a stand-in for a real model.
/// struct Shortest;
/// impl Relatedness for Shortest {
///     fn scores(&self, _goal: &str, texts: &[&str]) -> Vec<f32> {
///         texts.iter().map(|t| -(t.len() as f32)).collect()
///     }
/// }
///
/// let mut text = String::new();
/// for i in 1..200 {
///     text.push_str(&format!("- link \"Story number {i} of the day\" [ref=e{i}]\n"));
/// }
/// text.push_str("- link \"Go\" [ref=e500]\n");
/// let snap = parse(&text)?;
/// let config = DigestConfig::default().with_fixed_budget(300);
/// let d = digest_with_model(&snap, "read the news", &config, &Shortest);
/// assert!(d.text.contains("[ref=e500]"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn digest_with_model(
    snapshot: &Snapshot<'_>,
    goal: &str,
    config: &DigestConfig,
    model: &dyn Relatedness,
) -> Digest {
    held(snapshot, config, |snap| {
        goal_digest(snap, goal, config, Some(model), Request::default()).0
    })
}

/// [`digest_with`], and for each node it shows, why: how it came in (match, context,
/// candidate) and the parts of its score. For tuning and debugging.
///
/// # Example
///
/// ```
/// let snap = snapshot_digest::parse("- button \"Sign in\" [ref=e1]")?;
/// let (d, why) = snapshot_digest::explain_digest(&snap, "sign in", &Default::default());
/// assert_eq!(why.len(), d.stats.nodes_out);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn explain_digest(
    snapshot: &Snapshot<'_>,
    goal: &str,
    config: &DigestConfig,
) -> (Digest, Vec<Explanation>) {
    with_held_back(snapshot, &config.hold_back, |snap, count| {
        let request = Request {
            explain: true,
            given: None,
        };
        let (mut d, why) = goal_digest(
            snap,
            goal,
            config,
            Some(StaticEmbeddings::builtin()),
            request,
        );
        d.stats.held_back = count;
        (d, why)
    })
}

/// A goal digest whose page-1 matches are `chosen` (node indices, best first) instead of
/// the digest's own, with the same context, candidates and map after them.
#[cfg(feature = "llm")]
pub(crate) fn digest_given(
    snapshot: &Snapshot<'_>,
    goal: &str,
    config: &DigestConfig,
    chosen: &[usize],
) -> Digest {
    // The LLM digest hands over a snapshot it has held back already; node indices are the
    // same either way.
    held(snapshot, config, |snap| {
        let request = Request {
            explain: false,
            given: Some(chosen),
        };
        goal_digest(
            snap,
            goal,
            config,
            Some(StaticEmbeddings::builtin()),
            request,
        )
        .0
    })
}

/// A first look at a page within its budget ([`DigestConfig::budget`]), for when there is no
/// goal yet: the snapshot whole when it fits; else the [`full_digest`] when that fits; else
/// the page's regions (landmarks and headings, ranked) and its controls ranked by role and
/// place, as a goal digest writes its candidates and map. The header says which, and how to
/// get more.
///
/// # Example
///
/// ```
/// let mut text = String::from("- main [ref=e1]:\n");
/// for i in 0..400 {
///     text.push_str(&format!("  - link \"Story number {i} of the day\" [ref=e{}]:\n    - /url: /s/{i}\n", i + 2));
/// }
/// let snap = snapshot_digest::parse(&text)?;
/// let config = snapshot_digest::DigestConfig::default().with_fixed_budget(300);
/// let d = snapshot_digest::outline_with(&snap, &config);
/// assert!(d.text.starts_with("# outline of the page"));
/// assert!(d.stats.output_tokens <= 300);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn outline_with(snapshot: &Snapshot<'_>, config: &DigestConfig) -> Digest {
    held(snapshot, config, |snap| outline_held(snap, config))
}

/// [`outline_with`] of a snapshot whose held-back nodes are written as such.
fn outline_held(snapshot: &Snapshot<'_>, config: &DigestConfig) -> Digest {
    let tokens = estimate_tokens(snapshot.source());
    let budget = config.budget(tokens);
    if tokens > budget {
        let full = outline::full_digest(snapshot, config);
        if full.stats.output_tokens <= budget {
            return full;
        }
    }
    goal_digest(snapshot, "", config, None, Request::default()).0
}

/// A compact outline of the whole page: every control with its ref and `/url`, headings,
/// landmarks and forms; wrappers and text left out.
///
/// Every node with an interactive role and a ref is kept, whatever the size; text is cut at
/// [`DigestConfig::max_text_chars`]. Gaps of 20 nodes or more are marked.
///
/// # Example
///
/// ```
/// let snap = snapshot_digest::parse(
///     "- generic [ref=e1]:\n  - paragraph: Long text\n  - link \"Home\" [ref=e2]:\n    - /url: /",
/// )?;
/// let d = snapshot_digest::full_digest(&snap);
/// assert!(d.text.contains("- link \"Home\" [ref=e2]:\n  - /url: /"));
/// assert!(!d.text.contains("Long text"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn full_digest(snapshot: &Snapshot<'_>) -> Digest {
    full_digest_with(snapshot, &DigestConfig::default())
}

/// [`full_digest`] with a [`DigestConfig`] (the budget, `max_hits` and `page` do not apply).
#[must_use]
pub fn full_digest_with(snapshot: &Snapshot<'_>, config: &DigestConfig) -> Digest {
    held(snapshot, config, |snap| outline::full_digest(snap, config))
}

/// Page [`DigestConfig::page`] of the [`full_digest`], for a client that takes at most
/// `page_tokens` at once: the full digest itself when page 1 fits; otherwise its nodes in
/// document order, each page within `page_tokens` and ending at a node boundary, a control
/// never apart from the nodes inside it, with the landmarks around a page's first node
/// repeated for context, then a map of the regions whose nodes are on other pages. The
/// header says which page of how many and how to get the next
/// ([`DigestConfig::outline_page_hint`]).
///
/// Pages 1 to N together hold every node of the full digest, each control on exactly one
/// page. A page past the last has only a header that says how many there are. A single node
/// larger than `page_tokens` (a name of thousands of chars) is the one case a page can exceed
/// it.
///
/// # Example
///
/// ```
/// use snapshot_digest::{DigestConfig, full_digest_page, parse};
///
/// let mut text = String::from("- main:\n");
/// for i in 0..600 {
///     text.push_str(&format!("  - link \"Story number {i}\" [ref=e{i}]:\n    - /url: /s/{i}\n"));
/// }
/// let snap = parse(&text)?;
/// let page1 = full_digest_page(&snap, &DigestConfig::default(), 2_000);
/// assert!(page1.stats.output_tokens <= 2_000);
/// assert!(page1.text.starts_with("# page outline, page 1 of "));
/// let config = DigestConfig { page: 2, ..DigestConfig::default() };
/// let page2 = full_digest_page(&snap, &config, 2_000);
/// // Page 2 starts where page 1 stopped.
/// let last_on_1 = page1.text.rfind("[ref=e").map(|at| &page1.text[at..at + 10]);
/// assert!(!page2.text.contains(last_on_1.unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn full_digest_page(
    snapshot: &Snapshot<'_>,
    config: &DigestConfig,
    page_tokens: usize,
) -> Digest {
    held(snapshot, config, |snap| {
        pages::full_digest_page(snap, config, page_tokens)
    })
}

/// `make` run on `snapshot` with its held-back nodes written as such
/// ([`DigestConfig::hold_back`]), the digest counting them. `make` only computes (a digest
/// has no side effect): on a big page it runs while the page is scanned, and again when the
/// scan holds a node back.
fn held(
    snapshot: &Snapshot<'_>,
    config: &DigestConfig,
    make: impl Fn(&Snapshot<'_>) -> Digest,
) -> Digest {
    with_held_back_beside(snapshot, &config.hold_back, |snap, count| {
        let mut digest = make(snap);
        digest.stats.held_back = count;
        digest
    })
}
