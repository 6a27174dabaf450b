//! The goal against the page, the digest's second stage, run by [`rank`]: the goal read into
//! concepts and an intent ([`goal`]), its words matched on the page's nodes ([`index`]) and
//! credited in their context of label, item, section and column ([`credit`]), every candidate
//! described by general features ([`features`], forms by [`form`]) and ordered by the learned
//! ranking ([`ranking`]), the copy of a control beside the page's subject first
//! ([`subject`]). It reads the meaning stage; the layout reads its answer, [`Ranked`].

use std::borrow::Cow;

use super::meaning::{
    kept, languages, lexicon, neighbours, question, relatedness, stopwords, text, wordnet,
};
use super::settings::{DigestConfig, Resources};
use super::{hash, order};
use crate::tree::Snapshot;

use credit::WordCredit;
use features::{Features, NAMES, extract};
use goal::{Goal, analyse};
use index::{Matches, match_goal};
use ranking::Ranking;
use relatedness::Relatedness;
use subject::lift_subject_copies;

pub(super) mod column;
pub(super) mod credit;
pub(super) mod features;
pub(super) mod form;
pub(super) mod goal;
pub(super) mod index;
pub(super) mod item;
pub(super) mod ranking;
pub(super) mod section;
pub(super) mod subject;
pub(super) mod tuning;

/// The goal read and matched on the page. It owns what the rest of the stage borrows, so
/// the caller holds it while it uses [`Ranked`].
pub(crate) struct Reading {
    pub(crate) goal: Goal,
    pub(crate) matches: Matches,
}

impl Reading {
    /// `goal_text` read (its first words only: `goal::GOAL_CHARS_READ`) and matched on the
    /// nodes of `snap`, without the resources `without` leaves out.
    pub(crate) fn new(snap: &Snapshot<'_>, goal_text: &str, without: Resources) -> Self {
        let goal = analyse(goal_text, without);
        let matches = match_goal(snap, &goal);
        Self { goal, matches }
    }
}

/// What the rank stage hands the layout.
pub(crate) struct Ranked<'s, 'a> {
    /// The credit of the goal's words on each node: it picks the matches shown in context
    /// and explains them.
    pub(crate) credit: WordCredit<'s, 'a>,
    /// Each node's word credit; 0 everywhere when the goal has no words (an outline).
    pub(crate) word_score: Vec<f32>,
    /// The order of everything after the matches: each candidate's rank score from the
    /// learned ranking, `NEG_INFINITY` for other nodes; without a goal, the word credit.
    pub(crate) order: Vec<f32>,
}

/// The stage in one call: `reading`'s goal credited on `snap`, and when it has words, the
/// candidates described by their features and ordered by `ranking`, `model` (when given)
/// scoring their relatedness to `goal_text`.
pub(crate) fn rank<'s, 'a>(
    snap: &'s Snapshot<'a>,
    reading: &'s Reading,
    goal_text: &str,
    ranking: &Ranking,
    model: Option<&dyn Relatedness>,
) -> Ranked<'s, 'a> {
    let credit = WordCredit::new(snap, &reading.goal, &reading.matches);
    let (word_score, order) = if credit.has_goal() {
        let word_score = credit.all();
        let features = candidate_features(snap, reading, &credit, &word_score, goal_text, model);
        let mut order = ranking.scores(&features, snap.len());
        lift_subject_copies(snap, &credit, &mut order);
        (word_score, order)
    } else {
        let none = vec![0.0; snap.len()];
        (none.clone(), none)
    };
    Ranked {
        credit,
        word_score,
        order,
    }
}

/// The features of `snap`'s candidates for `reading`'s goal.
fn candidate_features(
    snap: &Snapshot<'_>,
    reading: &Reading,
    credit: &WordCredit<'_, '_>,
    word_score: &[f32],
    goal_text: &str,
    model: Option<&dyn Relatedness>,
) -> Features {
    extract(
        snap,
        &reading.goal,
        goal_text,
        &reading.matches,
        credit,
        word_score,
        model,
    )
}

/// The ranking `config` asks for: its own table when it has one that reads, else the
/// built-in one.
pub(crate) fn ranking_of(config: &DigestConfig) -> Cow<'static, Ranking> {
    config
        .ranking
        .as_deref()
        .and_then(Ranking::from_table)
        .map_or(Cow::Borrowed(Ranking::builtin()), Cow::Owned)
}

/// The features of a page's candidates for a goal, as the learned ranking reads them: what
/// `scripts/train-ranking.py` learns from. Not a stable API.
#[doc(hidden)]
#[derive(Debug, Clone, Default)]
pub struct RankFeatures {
    /// The features' names, one per column.
    pub names: &'static [&'static str],
    /// The candidates' refs, one per row.
    pub refs: Vec<String>,
    /// `refs.len() × names.len()` values, row by row.
    pub values: Vec<f32>,
    /// The rank score the digest gives each candidate with `config`'s ranking, before the
    /// copy beside the page's subject is lifted.
    pub scores: Vec<f32>,
}

/// The features and rank scores of `snap`'s candidates for `goal_text`, as [`rank`]
/// computes them (the model's features always read, whatever `config.without` says).
pub(crate) fn rank_features(
    snap: &Snapshot<'_>,
    goal_text: &str,
    config: &DigestConfig,
    model: &dyn Relatedness,
) -> RankFeatures {
    let reading = Reading::new(snap, goal_text, config.without);
    let credit = WordCredit::new(snap, &reading.goal, &reading.matches);
    let word_score = credit.all();
    let features = candidate_features(snap, &reading, &credit, &word_score, goal_text, Some(model));
    let scores = ranking_of(config).scores(&features, snap.len());
    let nodes = snap.nodes();
    RankFeatures {
        names: NAMES,
        refs: features
            .nodes
            .iter()
            .map(|&i| {
                nodes[i]
                    .aria_ref()
                    .map(|r| r.as_str().to_owned())
                    .unwrap_or_default()
            })
            .collect(),
        scores: features.nodes.iter().map(|&i| scores[i]).collect(),
        values: features.values,
    }
}
