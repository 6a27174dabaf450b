//! A goal digest page: whether the snapshot fits whole ([`fit`]); if not, the best matches
//! with context, then further candidates, then a map of what was left out, each within its
//! share of the budget ([`goal_page`]).

use super::Ranked;
use super::candidates::Candidates;
use super::credit::WordCredit;
use super::cut::{cut_to_fit, unkeep_cut};
use super::emit::{EmitOptions, emit};
use super::explain::{Explanation, KeptAs, Shown, explanations};
use super::form::in_form;
use super::goal::Intent;
use super::header::{Counts, header, shorten, whole_header};
use super::output::{Digest, finish};
use super::regions::write_region_map;
use super::select::{Limits, Pool, Selection, select, select_given};
use super::settings::DigestConfig;
use super::tuning::{
    CANDIDATE_TEXT_CHARS, CHARS_PER_TOKEN, HITS_SHARE_ACT, HITS_SHARE_READ, MAP_SHARE,
};
use crate::syntax::{Brief, dominant_site};
use crate::tokens::estimate_tokens;
use crate::tree::Snapshot;

/// A page number with more digits than any page asked for: the header of later pages is
/// measured with it.
const WIDEST_PAGE: usize = 1_000_000_000;

/// What a page of a goal digest is made of.
struct Parts {
    body: String,
    hits: Vec<usize>,
    /// Nodes written as matches or their context.
    kept: Vec<bool>,
    /// Candidates written, in the learned ranking's order.
    listed: Vec<usize>,
    regions: usize,
    more: bool,
}

/// What a goal digest is asked for besides its settings.
#[derive(Clone, Copy, Default)]
pub(crate) struct Request<'g> {
    /// Say why each node is shown ([`Explanation`]).
    pub(crate) explain: bool,
    /// Page 1's matches, best first, chosen by someone else (the LLM digest's model) instead
    /// of the word credit.
    pub(crate) given: Option<&'g [usize]>,
}

/// A goal digest's sizes, measured before anything is ranked.
pub(crate) struct Measured {
    /// The goal as the header quotes it.
    quoted: String,
    input_tokens: usize,
    budget: usize,
}

/// What the layout makes of a snapshot before ranking: the snapshot whole when it fits
/// the budget with its header, else its sizes.
pub(crate) enum Fit {
    Whole((Digest, Vec<Explanation>)),
    Over(Measured),
}

/// Whether `snap` comes back whole for `goal_text` under `config`.
pub(crate) fn fit(
    snap: &Snapshot<'_>,
    goal_text: &str,
    config: &DigestConfig,
    explain: bool,
) -> Fit {
    let quoted = shorten(goal_text);
    let input_tokens = estimate_tokens(snap.source());
    let budget = config.budget(input_tokens);
    // Whole when the snapshot and its header line fit (the header measured with a token
    // count as wide as the budget's).
    let whole_header = estimate_tokens(&whole_header(&quoted, budget, budget));
    if input_tokens <= budget.saturating_sub(whole_header) {
        return Fit::Whole(whole(
            snap,
            &quoted,
            budget,
            config.page.max(1),
            input_tokens,
            explain,
        ));
    }
    Fit::Over(Measured {
        quoted,
        input_tokens,
        budget,
    })
}

/// Page [`DigestConfig::page`] of a goal digest of `snap`, laid out from the rank stage's
/// answer: the matches the word credit picks (or `request.given`) with their context, then
/// the candidates in the learned order, then a map of the regions left out.
pub(crate) fn goal_page(
    snap: &Snapshot<'_>,
    measured: &Measured,
    ranked: &Ranked<'_, '_>,
    config: &DigestConfig,
    request: Request<'_>,
) -> (Digest, Vec<Explanation>) {
    let Request { explain, given } = request;
    let Measured {
        quoted,
        input_tokens,
        budget,
    } = measured;
    let (input_tokens, budget) = (*input_tokens, *budget);
    let page = config.page.max(1);
    let credit = &ranked.credit;
    let score = &ranked.word_score;
    let rank = &ranked.order;
    let goal = credit.goal();
    let site = dominant_site(snap);
    let site = site.as_deref();
    // A goal that names a control outright finds it first; the rest of a full budget would
    // list candidates rarely read. Not for a control of a form: the goal then needs the whole
    // form. Matches chosen by a model (`given`) are its answer, not the word matching's: it
    // keeps the whole budget.
    let named = credit
        .named_best(score)
        .filter(|&best| given.is_none() && !in_form(snap, best));
    let budget = if named.is_some() {
        budget * config.named_budget_percent.min(100) / 100
    } else {
        budget
    };
    // The header is written last, with the counts; its cost is set aside first, measured on
    // a header whose counts have the most digits they can have.
    let widest = Counts {
        hits: config.max_hits,
        listed: snap.len(),
        regions: snap.len(),
        shown: snap.len(),
        more: true,
        given: given.is_some(),
    };
    // Page 1 is built the same way whichever page is asked for (a later page lists what comes
    // after it), so its budget is set by page 1's header; every later page's by the header of
    // a page number wider than any asked for, so that pages never shift against each other.
    let body_budget = |p: usize| {
        budget.saturating_sub(estimate_tokens(&header(
            quoted,
            config,
            p,
            &widest,
            snap.len(),
            site,
        )))
    };
    let first = first_page(
        snap,
        score,
        rank,
        credit,
        config,
        body_budget(1),
        goal.intent,
        given,
        site,
    );
    let parts = if page == 1 {
        first
    } else {
        later_page(
            snap,
            rank,
            credit,
            body_budget(WIDEST_PAGE),
            &first,
            page,
            site,
        )
    };
    let counts = Counts {
        hits: parts.hits.len(),
        listed: parts.listed.len(),
        regions: parts.regions,
        shown: parts.kept.iter().filter(|&&k| k).count() + parts.listed.len(),
        more: parts.more,
        given: given.is_some(),
    };
    let shown = counts.shown;
    let header = header(quoted, config, page, &counts, snap.len(), site);
    let explanations = if explain {
        explanations(
            snap,
            goal,
            credit,
            Shown {
                hits: &parts.hits,
                kept: &parts.kept,
                listed: &parts.listed,
            },
        )
    } else {
        Vec::new()
    };
    let hits = parts.hits.len();
    (
        finish(snap, input_tokens, header, parts.body, shown, hits),
        explanations,
    )
}

/// A snapshot within the budget comes back whole on page 1; later pages have nothing more.
fn whole(
    snap: &Snapshot<'_>,
    goal_text: &str,
    budget: usize,
    page: usize,
    input_tokens: usize,
    explain: bool,
) -> (Digest, Vec<Explanation>) {
    if page > 1 {
        let header =
            format!("# goal digest, page {page}: nothing more; page 1 held the whole snapshot\n");
        return (
            finish(snap, input_tokens, header, String::new(), 0, 0),
            Vec::new(),
        );
    }
    let header = whole_header(goal_text, input_tokens, budget);
    // The tree rendered, not the source: the same bytes for every well-formed snapshot, and
    // text that parses for one that was read leniently.
    let mut body = crate::syntax::render(snap);
    body.push('\n');
    let explanations = if explain {
        snap.nodes()
            .iter()
            .map(|node| Explanation {
                line: node.line(),
                role: node.role().to_owned(),
                name: node.name().map(str::to_owned),
                aria_ref: node.aria_ref().map(|r| r.as_str().to_owned()),
                kept_as: KeptAs::Whole,
                score: 0.0,
                prior: 0.0,
                boost: 0.0,
                echo: false,
                parts: Vec::new(),
            })
            .collect()
    } else {
        Vec::new()
    };
    (
        finish(snap, input_tokens, header, body, snap.len(), 0),
        explanations,
    )
}

/// Page 1: matches with context, candidates, region map.
#[allow(
    clippy::too_many_arguments,
    reason = "one private call site; the parts are what page 1 is built from"
)]
fn first_page(
    snap: &Snapshot<'_>,
    score: &[f32],
    rank: &[f32],
    credit: &WordCredit<'_, '_>,
    config: &DigestConfig,
    budget: usize,
    intent: Intent,
    given: Option<&[usize]>,
    site: Option<&str>,
) -> Parts {
    let options = EmitOptions {
        max_text_chars: config.max_text_chars,
        min_gap: 1,
        site,
    };
    let share = match intent {
        Intent::Read => HITS_SHARE_READ,
        Intent::Act => HITS_SHARE_ACT,
    };
    let hits_budget = (budget as f32 * share) as usize;
    let (body, selection) = if let Some(given) = given {
        let selection = select_given(snap, given, hits_budget * CHARS_PER_TOKEN);
        let mut body = String::new();
        emit(&mut body, snap, &selection.keep, &options);
        (body, selection)
    } else {
        select_fitting(snap, score, credit, config.max_hits, hits_budget, &options)
    };
    rest_of_page(
        snap,
        rank,
        credit,
        body,
        selection,
        budget,
        hits_budget,
        site,
    )
}

/// The best matches with their context, within `hits_budget` tokens as emitted: the
/// selection estimates its size, the emitted text is measured, and when it is over its
/// share the least relevant match goes. Bounded by `max_hits` rounds.
fn select_fitting(
    snap: &Snapshot<'_>,
    score: &[f32],
    credit: &WordCredit<'_, '_>,
    max_hits: usize,
    hits_budget: usize,
    options: &EmitOptions<'_>,
) -> (String, Selection) {
    let pool = Pool::new(snap, score, credit);
    let mut max_hits = max_hits;
    loop {
        let limits = Limits {
            max_hits,
            budget_chars: hits_budget * CHARS_PER_TOKEN,
        };
        let selection = select(snap, &pool, &limits);
        let mut body = String::new();
        if selection.hits.is_empty() {
            // An outline has no goal to match; a goal that matched nothing says so.
            if !credit.has_goal() {
                break (body, selection);
            }
            body.push_str(
                "# no node matches the goal's words; candidates and the page's regions follow\n",
            );
            break (body, selection);
        }
        emit(&mut body, snap, &selection.keep, options);
        if estimate_tokens(&body) <= hits_budget || selection.hits.len() <= 1 {
            break (body, selection);
        }
        max_hits = selection.hits.len() - 1;
    }
}

/// Page 1 after its matches: cut them to fit if need be, then the further candidates in the
/// learned ranking's order and the map of omitted regions.
#[allow(
    clippy::too_many_arguments,
    reason = "one private call site; the parts page 1 is built from"
)]
fn rest_of_page(
    snap: &Snapshot<'_>,
    rank: &[f32],
    credit: &WordCredit<'_, '_>,
    mut body: String,
    mut selection: Selection,
    budget: usize,
    hits_budget: usize,
    site: Option<&str>,
) -> Parts {
    let brief = candidate_brief(site);
    // One match whose context alone is over the whole budget (a huge form, long texts) is
    // cut by lines from its end to the matches' share: what remains still parses, the refs
    // it shows are whole, and the rest of the budget lists candidates. The controls cut off
    // are no longer shown: they go back to the candidates, or a form's button after a long
    // consent text would be on no page at all.
    if estimate_tokens(&body) > budget {
        cut_to_fit(&mut body, hits_budget, snap.syntax());
        unkeep_cut(snap, &body, &mut selection.keep);
    }
    let used = estimate_tokens(&body);
    let map_budget = (budget as f32 * MAP_SHARE) as usize;
    let mut candidates = Candidates::new(snap, rank, credit, &selection.keep, lists_text(credit));
    let list_title = "# further candidates, best first:\n";
    let list_budget = budget
        .saturating_sub(used + map_budget)
        .saturating_sub(estimate_tokens(list_title));
    let mut list = String::new();
    let listed = candidates.write(&mut list, list_budget, brief);
    let mut shown = selection.keep.clone();
    for &i in &listed {
        shown[i] = true;
    }
    if !listed.is_empty() {
        body.push_str(list_title);
        body.push_str(&list);
    }
    let left = budget.saturating_sub(estimate_tokens(&body));
    let regions = write_region_map(&mut body, snap, credit, &shown, left);
    Parts {
        body,
        hits: selection.hits,
        kept: selection.keep,
        more: candidates.more(),
        listed,
        regions,
    }
}

/// Whether the candidate list offers text (a paragraph, a cell) besides controls: for a
/// question, whose answer is text; an action's targets are controls, and text would crowd
/// them out.
fn lists_text(credit: &WordCredit<'_, '_>) -> bool {
    credit.has_goal() && credit.reads()
}

/// Page 2 and later: the candidates after those of the pages before, nothing else.
fn later_page(
    snap: &Snapshot<'_>,
    rank: &[f32],
    credit: &WordCredit<'_, '_>,
    budget: usize,
    first: &Parts,
    page: usize,
    site: Option<&str>,
) -> Parts {
    // The same list page 1 read from, without what page 1 listed and its repeats: each page
    // takes what fits.
    let mut candidates = Candidates::new(snap, rank, credit, &first.kept, lists_text(credit));
    candidates.exclude(&first.listed);
    let mut body = String::new();
    let mut listed = Vec::new();
    for _ in 2..=page {
        body.clear();
        listed = candidates.write(&mut body, budget, candidate_brief(site));
        if listed.is_empty() {
            break;
        }
    }
    Parts {
        body,
        hits: Vec::new(),
        kept: vec![false; snap.len()],
        more: candidates.more(),
        listed,
        regions: 0,
    }
}

/// How a candidate line is written: short, a pointer to the control.
fn candidate_brief(site: Option<&str>) -> Brief<'_> {
    Brief {
        max_text: Some(CANDIDATE_TEXT_CHARS),
        lean: true,
        site,
        hide_url: false,
    }
}
