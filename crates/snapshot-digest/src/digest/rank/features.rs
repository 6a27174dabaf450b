//! The features of each candidate node that the learned ranking (`ranking.rs`) combines.
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

use super::credit::{Source, WordCredit, is_form_control};
use super::form::Forms;
use super::goal::{AltKind, Goal, Intent};
use super::hash::FastMap;
use super::index::Matches;
use super::relatedness::Relatedness;
use super::text::{clip, for_each_word};
use crate::addressed::is_marker;
use crate::{Snapshot, is_landmark_role};

/// The features, in the order of each candidate's row: the names the training script and
/// the ranking table use.
pub(crate) const NAMES: &[&str] = &[
    // Word relatedness, per source of credit (`credit::Source`), relative to the page's best.
    "own",
    "label",
    "parent",
    "near",
    "item",
    "section",
    "column",
    "heading",
    "own_max",
    "log_own",
    "log_credit",
    "own_share",
    "own_rel",
    "word_score_rel",
    "word_score_top",
    "named",
    "named_all",
    "echo",
    "quoted",
    // The value a question asks for.
    "value_own",
    "value_near",
    "digits",
    // The model of relatedness: only how a candidate's score stands among the page's
    // (`Relatedness` scores compare only within one call, so a model of the caller's may
    // have any scale).
    "cos_z",
    "cos_top",
    "cos_rank",
    "missing_cos_z",
    "foreign_cos_z",
    // Role.
    "role_link",
    "role_button",
    "role_field",
    "role_choice",
    "role_check",
    "role_menu",
    "role_heading",
    "role_text",
    "role_cell",
    "role_listitem",
    "role_img",
    "role_other",
    // Landmark.
    "in_banner",
    "in_navigation",
    "in_main_landmark",
    "in_contentinfo",
    "in_complementary",
    "in_form_landmark",
    "in_no_landmark",
    // Place.
    "depth",
    "position",
    "after_h1",
    "h1_near",
    "no_h1",
    "in_main",
    // Copies, form, strings.
    "copies",
    "unique",
    "in_form",
    "name_words",
    "has_name",
    "has_url",
    "fragment_url",
    "long_text",
    // The goal's intent, crossed with the node.
    "act_actionable",
    "act_text",
    "fill_field",
    "fill_in_form",
    "read_text",
    "read_cell",
    "read_actionable",
    "read_digits",
    "read_value_own",
    "read_value_near",
    "read_own",
    "read_label",
    "read_parent",
    "read_near",
    "read_heading",
    "read_column",
];

/// Longest text of a node the model reads, in chars: a paragraph's first sentences say what
/// it is about, and the model's cost grows with the text.
const MODEL_TEXT_CHARS: usize = 200;
/// Nodes over which the closeness to the `h1` decays.
const H1_SCALE: f32 = 60.0;

/// The candidates of a page and their features, one row of `NAMES.len()` values each.
pub(crate) struct Features {
    pub(crate) nodes: Vec<usize>,
    pub(crate) values: Vec<f32>,
}

impl Features {
    /// Candidate `r`'s row.
    pub(crate) fn row(&self, r: usize) -> &[f32] {
        &self.values[r * NAMES.len()..(r + 1) * NAMES.len()]
    }
}

/// What the goal's words say it wants done.
struct GoalFacts {
    act: f32,
    fill: f32,
    read: f32,
    /// The concept of the value a question asks for, if any.
    value: Option<usize>,
    /// Share of the goal's concepts the page lacks.
    missing: f32,
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
    // would double the model's cost on a page of text. (Leaving the others out of the
    // candidates altogether, features and all, cost val, val2 and val3 goals: they are the
    // negatives the ranking learns roles and places from.)
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
    by_cos.sort_by(|&a, &b| cos[b].total_cmp(&cos[a]).then(a.cmp(&b)));
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
    by_word.sort_by(|&a, &b| word[b].total_cmp(&word[a]).then(a.cmp(&b)));
    let mut word_rank = vec![0usize; candidates.len()];
    for (rank, &r) in by_word.iter().enumerate() {
        word_rank[r] = rank;
    }
    let foreign = f32::from(u8::from(!credit.english_page()));
    let forms = Forms::new(snap);
    let flag = |b: bool| f32::from(u8::from(b));
    let mut values = Vec::with_capacity(candidates.len() * NAMES.len());
    let mut per_source = [0.0f32; 7];
    let mut own_max;
    // Per concept, the best credit of any source: the sum, in logs, reads like a product of
    // the goal's concepts, as the hand-weighted score did.
    let mut best_credit: Vec<f32> = Vec::with_capacity(c);
    for (r, &i) in candidates.iter().enumerate() {
        let node = &nodes[i];
        let role = node.role();
        per_source.fill(0.0);
        own_max = 0.0f32;
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
        let per = |s: Source| {
            if c == 0 {
                0.0
            } else {
                per_source[s as usize] / c as f32
            }
        };
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
        let digits = own_text.bytes().any(|b| b.is_ascii_digit());
        let words = own_text.split_whitespace().count();
        // Whether the goal names the control: only asked of one its own words match, the
        // others say none of the goal's words.
        let named = if actionable && own_concepts > 0 {
            credit.named_shares(i)
        } else {
            (0.0, 0.0)
        };
        let group = role_group(role);
        let text_like = group == RoleGroup::Text;
        let cell_like = group == RoleGroup::Cell;
        let z = if spread > 0.0 {
            (cos[r] - mean) / spread
        } else {
            0.0
        };
        let z = if cos[r].is_finite() { z } else { -3.0 };
        let lm = landmark[i].map_or("", |l| nodes[l].role());
        let (own, label, parent, near) = (
            per(Source::Own),
            per(Source::Label),
            per(Source::Parent),
            per(Source::Surroundings),
        );
        let count = node
            .name()
            .and_then(|name| copies.get(&(role, name)))
            .copied()
            .unwrap_or(1);
        let url = node.url();
        let form = actionable && forms.contains(snap, i);
        let question_value = facts.value.is_some();
        let has_value_own = question_value && value_own;
        let row = [
            own,
            label,
            parent,
            near,
            per(Source::Item),
            per(Source::Section),
            per(Source::Column),
            heading_credit,
            own_max,
            (0.01 + own).ln(),
            (0.01 + best_credit.iter().sum::<f32>()).ln(),
            if c == 0 {
                0.0
            } else {
                own_concepts as f32 / c as f32
            },
            // The node's own credit relative to the page's best: filled in below, once
            // every candidate's is known.
            own_sum,
            if best_word > 0.0 {
                word[r] / best_word
            } else {
                0.0
            },
            if word[r] > 0.0 {
                1.0 / (1.0 + word_rank[r] as f32)
            } else {
                0.0
            },
            named.0,
            flag(named.1 >= 1.0),
            flag(credit.echo(i, own_concepts)),
            quoted.min(1.0),
            flag(has_value_own),
            flag(question_value && value_near),
            flag(digits),
            z.clamp(-3.0, 5.0),
            1.0 / (1.0 + cos_rank[r] as f32),
            ((1 + cos_rank[r]) as f32).ln() / ((1 + candidates.len()) as f32).ln().max(1.0),
            facts.missing * z.clamp(-3.0, 5.0),
            foreign * z.clamp(-3.0, 5.0),
            flag(group == RoleGroup::Link),
            flag(group == RoleGroup::Button),
            flag(group == RoleGroup::Field),
            flag(group == RoleGroup::Choice),
            flag(group == RoleGroup::Check),
            flag(group == RoleGroup::Menu),
            flag(group == RoleGroup::Heading),
            flag(text_like),
            flag(cell_like),
            flag(group == RoleGroup::ListItem),
            flag(group == RoleGroup::Img),
            flag(group == RoleGroup::Other),
            flag(lm == "banner"),
            flag(lm == "navigation"),
            flag(lm == "main"),
            flag(lm == "contentinfo"),
            flag(lm == "complementary"),
            flag(matches!(lm, "form" | "search" | "dialog")),
            flag(lm.is_empty()),
            (node.depth() as f32 / 20.0).min(1.5),
            i as f32 / n.max(1) as f32,
            flag(h1.is_some_and(|h| i >= h)),
            h1.map_or(0.0, |h| (-(i.abs_diff(h) as f32) / H1_SCALE).exp()),
            flag(h1.is_none()),
            flag(credit.in_main(i)),
            (count as f32).ln(),
            flag(count == 1),
            flag(form),
            ((1 + words) as f32).ln(),
            flag(node.name().is_some()),
            flag(url.is_some()),
            flag(url.is_some_and(|u| u.starts_with('#'))),
            flag(own_text.len() > 200),
            facts.act * flag(actionable),
            facts.act * flag(text_like),
            facts.fill * flag(is_form_control(role)),
            facts.fill * flag(form),
            facts.read * flag(text_like),
            facts.read * flag(cell_like),
            facts.read * flag(actionable),
            facts.read * flag(digits),
            facts.read * flag(has_value_own),
            facts.read * flag(question_value && value_near),
            facts.read * own,
            facts.read * label,
            facts.read * parent,
            facts.read * near,
            facts.read * heading_credit,
            facts.read * per(Source::Column),
        ];
        debug_assert_eq!(row.len(), NAMES.len());
        values.extend_from_slice(&row);
    }
    let width = NAMES.len();
    let rel = NAMES.iter().position(|n| *n == "own_rel").unwrap_or(0);
    let best_sum = (0..candidates.len())
        .map(|r| values[r * width + rel])
        .fold(0.0f32, f32::max);
    for r in 0..candidates.len() {
        let v = &mut values[r * width + rel];
        *v = if best_sum > 0.0 { *v / best_sum } else { 0.0 };
    }
    Features {
        nodes: candidates,
        values,
    }
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
    let texts: Vec<String> = read
        .iter()
        .map(|&r| {
            let i = candidates[r];
            let mut text = clip(first_words(i).unwrap_or_default(), MODEL_TEXT_CHARS);
            // A cell says what it is through the head of its column.
            if let Some(head) = credit.column_head(i).and_then(first_words) {
                text.push(' ');
                text.push_str(head);
            }
            if let Some(h) = heading_before
                .get(i)
                .filter(|&&h| h != usize::MAX)
                .and_then(|&h| nodes[h].name().or(nodes[h].text()))
            {
                text.push(' ');
                text.push_str(h);
            }
            text
        })
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RoleGroup {
    Link,
    Button,
    Field,
    Choice,
    Check,
    Menu,
    Heading,
    Text,
    Cell,
    ListItem,
    Img,
    Other,
}

fn role_group(role: &str) -> RoleGroup {
    match role {
        "link" => RoleGroup::Link,
        "button" => RoleGroup::Button,
        "textbox" | "searchbox" | "spinbutton" | "slider" => RoleGroup::Field,
        "combobox" | "listbox" | "option" => RoleGroup::Choice,
        "checkbox" | "radio" | "switch" => RoleGroup::Check,
        "menuitem" | "menuitemcheckbox" | "menuitemradio" | "tab" | "treeitem" => RoleGroup::Menu,
        "heading" => RoleGroup::Heading,
        "paragraph" | "text" | "blockquote" | "note" | "definition" | "term" | "caption"
        | "code" | "math" | "strong" | "emphasis" | "time" | "status" | "insertion"
        | "deletion" => RoleGroup::Text,
        "cell" | "gridcell" | "rowheader" | "columnheader" | "row" => RoleGroup::Cell,
        "listitem" => RoleGroup::ListItem,
        "img" | "figure" => RoleGroup::Img,
        _ => RoleGroup::Other,
    }
}
