//! The features of each candidate node that the learned ranking (`ranking.rs`) combines:
//! declared once in [`list`], computed here.
//!
//! A candidate is a node with a ref: what an agent can act on or be pointed at. Each is
//! described by general signals only, none made for one site or goal: how much of each of
//! the goal's concepts its own strings, its label, its parent, its surroundings, its item
//! and its section heading match (relative to the page's best match of that concept, so
//! that a rare word and a common one weigh alike on every page); how related the model of
//! relatedness finds it (its cosine, the cosine's z-score and rank on the page); its role
//! and landmark; its depth and place, and its distance to the page's `h1`; how many copies
//! of it the page has; whether it belongs to a form; and, crossed with these, the goal's
//! intent (act, fill, read) read from the goal's words and, for a question, whether the
//! node holds a value of the kind asked. `scripts/train-ranking.py` learns the weights from
//! the goal sets on exactly these values, which `rank_features` hands to the bench that
//! writes them out.

use super::credit::{Source, WordCredit};
use super::form::Forms;
use super::goal::{AltKind, Goal, Intent};
use super::hash::{FastMap, FastSet};
use super::index::Matches;
use super::lexicon::is_stopword;
use super::order::best_first;
use super::relatedness::Relatedness;
use super::text::{clip_into, for_each_word};
use crate::addressed::is_marker;
use crate::roles::is_landmark_role;
use crate::tree::Snapshot;

use super::tuning::MODEL_TEXT_CHARS;
use list::{Facts, Feature, GoalFacts, role_group, row};
pub(crate) use list::{NAMES, WIDTH};

mod list;

/// The candidates of a page and their features, one row of [`WIDTH`] values each.
pub(crate) struct Features {
    pub(crate) nodes: Vec<usize>,
    pub(crate) values: Vec<f32>,
}

impl Features {
    /// Candidate `r`'s row.
    pub(crate) fn row(&self, r: usize) -> &[f32] {
        &self.values[r * WIDTH..(r + 1) * WIDTH]
    }
}

/// Words that ask to enter values (English and a few other languages' imperatives); a goal
/// with an email address or quoted text the page lacks asks it too.
const FILL_WORDS: &[&str] = &[
    "fill",
    "enter",
    "type",
    "write",
    "register",
    "signup",
    "complete",
    "input",
    "provide",
    "remplir",
    "saisir",
    "ausfullen",
    "eingeben",
    "rellenar",
    "escribir",
    "preencher",
];

fn goal_facts(goal: &Goal, matches: &Matches, credit: &WordCredit<'_, '_>) -> GoalFacts {
    let c = goal.concepts.len();
    let mut fill = credit.entry();
    for_each_word(&goal.folded, |w| fill |= FILL_WORDS.contains(&w));
    let value = goal.concepts.iter().position(|concept| {
        concept
            .alts
            .iter()
            .any(|a| matches!(a.kind, AltKind::Value(_)))
    });
    let found = (0..c).filter(|&k| matches.found(k, 0)).count();
    let read = goal.intent == Intent::Read;
    GoalFacts {
        act: f32::from(u8::from(!read)),
        fill: f32::from(u8::from(fill)),
        read: f32::from(u8::from(read)),
        value,
        missing: if c == 0 {
            0.0
        } else {
            (c - found.min(c)) as f32 / c as f32
        },
    }
}

/// The candidates of `snap` (nodes with a ref, not held back) and their features for
/// `goal`; `model` scores them by relatedness when given.
pub(crate) fn extract(
    snap: &Snapshot<'_>,
    goal: &Goal,
    goal_text: &str,
    matches: &Matches,
    credit: &WordCredit<'_, '_>,
    word_score: &[f32],
    model: Option<&dyn Relatedness>,
) -> Features {
    let nodes = snap.nodes();
    let n = nodes.len();
    let c = matches.concepts;
    let facts = goal_facts(goal, matches, credit);
    // The page's best own match of each concept: credits are read relative to it.
    let mut best = vec![0.0f32; c];
    for i in 0..n {
        for (k, b) in best.iter_mut().enumerate() {
            *b = b.max(matches.get(i, k));
        }
    }
    let relative = |k: usize, v: f32| {
        if best[k] > 0.0 {
            (v / best[k]).min(1.0)
        } else {
            0.0
        }
    };
    let h1 = nodes
        .iter()
        .position(|node| node.role() == "heading" && node.level() == Some(1));
    // The nearest landmark around each node and the last heading before it, in one pass:
    // a parent comes before its children.
    let mut landmark: Vec<Option<usize>> = vec![None; n];
    let mut heading_before = vec![usize::MAX; n];
    let mut last_heading = usize::MAX;
    let mut copies: FastMap<(&str, &str), u32> = FastMap::default();
    let mut candidates = Vec::new();
    let reads = goal.intent == Intent::Read;
    for (i, node) in nodes.iter().enumerate() {
        if let Some(p) = node.parent() {
            let p = p.index();
            landmark[i] = if is_landmark_role(nodes[p].role()) || nodes[p].role() == "form" {
                Some(p)
            } else {
                landmark[p]
            };
        }
        heading_before[i] = last_heading;
        if node.role() == "heading" {
            last_heading = i;
        }
        if let Some(name) = node.name() {
            *copies.entry((node.role(), name)).or_default() += 1;
        }
        if node.addressable() && !node.name().or(node.text()).is_some_and(is_marker) {
            candidates.push(i);
        }
    }
    // The model reads what the candidate list may offer: controls, and for a question the
    // nodes with words of their own; other candidates are not listed, and reading them all
    // would double the model's cost on a page of text. The others stay candidates, features
    // and all: they are the negatives the ranking learns roles and places from.
    let listable: Vec<bool> = candidates
        .iter()
        .map(|&i| {
            credit.actionable(i)
                || (reads
                    && nodes[i]
                        .name()
                        .or(nodes[i].text())
                        .is_some_and(|t| !t.trim().is_empty()))
        })
        .collect();
    let cos = model_scores(
        snap,
        goal_text,
        &candidates,
        &listable,
        &heading_before,
        credit,
        model,
    );
    let (mean, spread) = mean_spread(&cos);
    let mut by_cos: Vec<usize> = (0..candidates.len()).collect();
    best_first(&mut by_cos, |r| cos[r], |_| false);
    let mut cos_rank = vec![0usize; candidates.len()];
    for (rank, &r) in by_cos.iter().enumerate() {
        cos_rank[r] = rank;
    }
    // The word matching's own score, relative to the page's best candidate, and its rank.
    let word: Vec<f32> = candidates
        .iter()
        .map(|&i| word_score.get(i).copied().unwrap_or(0.0))
        .collect();
    let best_word = word.iter().copied().fold(0.0f32, f32::max);
    let mut by_word: Vec<usize> = (0..candidates.len()).collect();
    best_first(&mut by_word, |r| word[r], |_| false);
    let mut word_rank = vec![0usize; candidates.len()];
    for (rank, &r) in by_word.iter().enumerate() {
        word_rank[r] = rank;
    }
    let foreign = f32::from(u8::from(!credit.english_page()));
    let kin = NameKin::new(snap, &candidates, matches, credit);
    let forms = Forms::new(snap);
    let mut values = Vec::with_capacity(candidates.len() * WIDTH);
    let mut per_source = [0.0f32; 7];
    // Per concept, the best credit of any source: the sum, in logs, reads like a product of
    // the goal's concepts, as the hand-weighted score did.
    let mut best_credit: Vec<f32> = Vec::with_capacity(c);
    for (r, &i) in candidates.iter().enumerate() {
        let node = &nodes[i];
        let role = node.role();
        per_source.fill(0.0);
        let mut own_max = 0.0f32;
        let mut value_own = false;
        let mut value_near = false;
        let mut quoted = 0.0f32;
        best_credit.clear();
        best_credit.resize(c, 0.0);
        let mut own_sum = 0.0f32;
        let own_concepts = credit.for_each_credit(i, |k, source, v| {
            if source == Source::Own {
                own_sum += v;
            }
            let v = relative(k, v);
            best_credit[k] = best_credit[k].max(v);
            per_source[source as usize] += v;
            if source == Source::Own {
                own_max = own_max.max(v);
                if k < goal.quoted {
                    quoted += v;
                }
            }
            if facts.value == Some(k) {
                if source == Source::Own {
                    value_own = true;
                } else {
                    value_near = true;
                }
            }
        });
        let heading = heading_before[i];
        let heading_credit = if heading == usize::MAX || c == 0 {
            0.0
        } else {
            (0..c)
                .map(|k| relative(k, matches.get(heading, k)))
                .sum::<f32>()
                / c as f32
        };
        let actionable = credit.actionable(i);
        let own_text = node.name().or(node.text()).unwrap_or_default();
        // Whether the goal names the control: only asked of one its own words match, the
        // others say none of the goal's words.
        let named = if actionable && own_concepts > 0 {
            credit.named_shares(i)
        } else {
            (0.0, 0.0)
        };
        let z = if spread > 0.0 {
            (cos[r] - mean) / spread
        } else {
            0.0
        };
        let question_value = facts.value.is_some();
        let candidate = Facts {
            goal: &facts,
            node,
            index: i,
            nodes: n,
            candidates: candidates.len(),
            h1,
            concepts: c,
            per_source,
            heading: heading_credit,
            own_max,
            credit_sum: best_credit.iter().sum::<f32>(),
            own_concepts,
            own_sum,
            word_rel: if best_word > 0.0 {
                word[r] / best_word
            } else {
                0.0
            },
            word_top: if word[r] > 0.0 {
                1.0 / (1.0 + word_rank[r] as f32)
            } else {
                0.0
            },
            named,
            adds_to_named: kin.adds_to_named.contains(&i),
            named_has_longer: kin.named_has_longer.contains(&i),
            echo: credit.echo(i, own_concepts),
            quoted,
            value_own: question_value && value_own,
            value_near: question_value && value_near,
            digits: own_text.bytes().any(|b| b.is_ascii_digit()),
            z: if cos[r].is_finite() { z } else { -3.0 },
            cos_rank: cos_rank[r],
            foreign,
            group: role_group(role),
            landmark: landmark[i].map_or("", |l| nodes[l].role()),
            in_main: credit.in_main(i),
            copies: node
                .name()
                .and_then(|name| copies.get(&(role, name)))
                .copied()
                .unwrap_or(1),
            form: actionable && forms.contains(snap, i),
            actionable,
            words: own_text.split_whitespace().count(),
            text_len: own_text.len(),
        };
        values.extend_from_slice(&row(&candidate));
    }
    let rel = Feature::own_rel as usize;
    let best_sum = (0..candidates.len())
        .map(|r| values[r * WIDTH + rel])
        .fold(0.0f32, f32::max);
    for r in 0..candidates.len() {
        let v = &mut values[r * WIDTH + rel];
        *v = if best_sum > 0.0 { *v / best_sum } else { 0.0 };
    }
    Features {
        nodes: candidates,
        values,
    }
}

/// Controls whose whole name the goal says ("Paris" for a goal about Paris), and the controls
/// whose names hold such a name and add words to it ("Paris Metro", "2.1 Paris"): which one
/// the goal means is for the ranking to learn, not for a rule.
struct NameKin {
    /// Controls whose names hold a named control's whole name, and more words.
    adds_to_named: FastSet<usize>,
    /// Named controls whose whole name another control's name holds, with more words.
    named_has_longer: FastSet<usize>,
}

impl NameKin {
    fn new(
        snap: &Snapshot<'_>,
        candidates: &[usize],
        matches: &Matches,
        credit: &WordCredit<'_, '_>,
    ) -> Self {
        let nodes = snap.nodes();
        // Only controls whose own strings match the goal can name it or hold its name.
        let matched: Vec<(usize, Vec<String>, bool)> = candidates
            .iter()
            .filter(|&&i| {
                credit.actionable(i) && (0..matches.concepts).any(|k| matches.get(i, k) > 0.0)
            })
            .filter_map(|&i| {
                let words = name_words(nodes[i].name()?);
                (!words.is_empty()).then(|| (i, words, credit.named_shares(i).1 >= 1.0))
            })
            .collect();
        let mut kin = Self {
            adds_to_named: FastSet::default(),
            named_has_longer: FastSet::default(),
        };
        // The named controls by their words joined: a longer name's runs of words are looked
        // up there, so the pass stays linear in the names' words whatever the page repeats.
        let mut named: FastMap<String, Vec<usize>> = FastMap::default();
        for (i, words, _) in matched.iter().filter(|m| m.2) {
            named.entry(words.join(" ")).or_default().push(*i);
        }
        let longest = named
            .keys()
            .map(|k| k.split(' ').count())
            .max()
            .unwrap_or(0);
        let mut run = String::new();
        for (other, long, _) in matched.iter().filter(|m| !m.2) {
            for start in 0..long.len() {
                run.clear();
                for (n, word) in long[start..]
                    .iter()
                    .take(longest.min(long.len() - 1))
                    .enumerate()
                {
                    if n > 0 {
                        run.push(' ');
                    }
                    run.push_str(word);
                    if let Some(ids) = named.get(run.as_str()) {
                        kin.adds_to_named.insert(*other);
                        kin.named_has_longer.extend(ids);
                    }
                }
            }
        }
        kin
    }
}

/// A name's words, folded, without function words: what [`WordCredit::named_shares`] reads.
fn name_words(name: &str) -> Vec<String> {
    let folded = super::text::fold(name);
    let mut out = Vec::new();
    for_each_word(&folded, |w| {
        if !is_stopword(w) {
            out.push(w.to_owned());
        }
    });
    out
}

/// The model's score of each `listable` candidate against the goal, `NEG_INFINITY` for
/// another, for one it cannot read, and without a model. A candidate is its name or first
/// label, then the head of its column for a table cell, then the heading of its section.
fn model_scores(
    snap: &Snapshot<'_>,
    goal: &str,
    candidates: &[usize],
    listable: &[bool],
    heading_before: &[usize],
    credit: &WordCredit<'_, '_>,
    model: Option<&dyn Relatedness>,
) -> Vec<f32> {
    let mut out = vec![f32::NEG_INFINITY; candidates.len()];
    let Some(model) = model else {
        return out;
    };
    let nodes = snap.nodes();
    let read: Vec<usize> = (0..candidates.len()).filter(|&r| listable[r]).collect();
    // A node's name or own text, else the first inside it.
    let first_words = |i: usize| {
        let node = &nodes[i];
        node.name().or(node.text()).or_else(|| {
            (i + 1..node.end as usize).find_map(|j| nodes[j].name().or(nodes[j].text()))
        })
    };
    // The texts one after another in one buffer: a page of text has thousands.
    let mut all = String::new();
    let mut ends = Vec::with_capacity(read.len());
    for &r in &read {
        let i = candidates[r];
        clip_into(
            &mut all,
            first_words(i).unwrap_or_default(),
            MODEL_TEXT_CHARS,
        );
        // A cell says what it is through the head of its column.
        if let Some(head) = credit.column_head(i).and_then(first_words) {
            all.push(' ');
            all.push_str(head);
        }
        if let Some(h) = heading_before
            .get(i)
            .filter(|&&h| h != usize::MAX)
            .and_then(|&h| nodes[h].name().or(nodes[h].text()))
        {
            all.push(' ');
            all.push_str(h);
        }
        ends.push(all.len());
    }
    let refs: Vec<&str> = ends
        .iter()
        .scan(0, |start, &end| {
            let text = all.get(*start..end).unwrap_or_default();
            *start = end;
            Some(text)
        })
        .collect();
    let scores = model.scores(goal, &refs);
    // A model that answers with another number of scores than texts is not read at all.
    if scores.len() == read.len() {
        for (&r, score) in read.iter().zip(scores) {
            out[r] = score;
        }
    }
    out
}

/// The mean and standard deviation of the finite values.
fn mean_spread(values: &[f32]) -> (f32, f32) {
    let finite: Vec<f32> = values.iter().copied().filter(|v| v.is_finite()).collect();
    if finite.is_empty() {
        return (0.0, 0.0);
    }
    let n = finite.len() as f32;
    let mean = finite.iter().sum::<f32>() / n;
    let var = finite.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n;
    (mean, var.sqrt())
}

#[cfg(test)]
mod tests;
