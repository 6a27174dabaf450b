//! Scoring every node against the goal: its own matches, its subtree's for controls and
//! headings, its label and surroundings, a prior from the goal's intent, and boosts.

use super::column::column_heads;
use super::goal::{Goal, Intent};
use super::index::Matches;
use super::item::{Copies, copies_of_controls, item_context};
use super::lexicon::is_stopword;
use super::section::{Sections, section_context};
use super::text::{fold, for_each_word, is_cjk, stem, words_match};
use super::tuning::{
    DECAY, ECHO_SHARE, ENTRY_BOOST, ITEM_CONTEXT, MAIN_BOOST, MAIN_NODES, NAME_WORDS, NAMED_BOOST,
    PARENT_CONTEXT, PRIOR_ACT_HEADING, PRIOR_ACT_OTHER, PRIOR_READ_CONTROL, PRIOR_READ_OTHER,
    PRIOR_WANTED, SECTION_CONTEXT, SIBLING_CONTEXT, WINDOW, WINDOW_CONTEXT,
};
use crate::roles::{is_interactive_role, is_landmark_role};
use crate::tree::{Node, NodeKind, Snapshot};

pub(crate) fn is_form_control(role: &str) -> bool {
    matches!(
        role,
        "textbox"
            | "searchbox"
            | "combobox"
            | "spinbutton"
            | "checkbox"
            | "radio"
            | "listbox"
            | "slider"
            | "switch"
    )
}

pub(crate) fn is_actionable(node: &Node<'_>) -> bool {
    is_interactive_role(node.role()) || node.role() == "iframe"
}

fn is_reading(role: &str) -> bool {
    matches!(
        role,
        "text"
            | "paragraph"
            | "cell"
            | "gridcell"
            | "rowheader"
            | "columnheader"
            | "time"
            | "listitem"
            | "definition"
            | "term"
            | "blockquote"
            | "code"
            | "math"
            | "caption"
            | "strong"
            | "emphasis"
            | "status"
            | "note"
            | "figure"
            | "generic"
            | "img"
            | "deletion"
            | "insertion"
    )
}

/// Ancestors worth showing: they tell the agent where on the page a kept node is.
pub(crate) fn is_context(node: &Node<'_>) -> bool {
    let role = node.role();
    is_landmark_role(role)
        || matches!(
            role,
            "form"
                | "dialog"
                | "iframe"
                | "table"
                | "row"
                | "heading"
                | "tablist"
                | "menu"
                | "menubar"
                | "toolbar"
                | "article"
                | "tabpanel"
        )
        || (node.name().is_some()
            && matches!(role, "list" | "group" | "region" | "generic" | "listitem"))
}

fn prior(node: &Node<'_>, intent: Intent) -> f32 {
    let role = node.role();
    match intent {
        Intent::Act if is_actionable(node) => PRIOR_WANTED,
        Intent::Act if role == "heading" => PRIOR_ACT_HEADING,
        Intent::Act => PRIOR_ACT_OTHER,
        Intent::Read if is_reading(role) || role == "heading" => PRIOR_WANTED,
        Intent::Read if is_actionable(node) => PRIOR_READ_CONTROL,
        Intent::Read => PRIOR_READ_OTHER,
    }
}

/// Where a concept's credit for a node came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// The node's own strings (or, for controls and headings, its subtree).
    Own,
    /// A label-like previous sibling.
    Label,
    /// The parent's strings.
    Parent,
    /// Text shortly before the node.
    Surroundings,
    /// The item (post, comment, card) of a control repeated in every item.
    Item,
    /// The section of the page an in-page link leads to.
    Section,
    /// The head of a table cell's column (`column.rs`).
    Column,
}

impl Source {
    /// The weight of a credit from this source, against the node's own.
    fn weight(self) -> f32 {
        match self {
            Self::Own => 1.0,
            Self::Label => SIBLING_CONTEXT,
            Self::Parent => PARENT_CONTEXT,
            Self::Surroundings => WINDOW_CONTEXT,
            Self::Item => ITEM_CONTEXT,
            Self::Section => SECTION_CONTEXT,
            // A column's head labels its cells as a sibling labels a control.
            Self::Column => SIBLING_CONTEXT,
        }
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Own => "own",
            Self::Label => "label",
            Self::Parent => "parent",
            Self::Surroundings => "nearby",
            Self::Item => "item",
            Self::Section => "section",
            Self::Column => "column",
        }
    }
}

/// One node's score and its parts.
#[derive(Debug, Clone, Default)]
pub(crate) struct NodeScore {
    pub(crate) total: f32,
    /// `(concept, credit, source)` for every concept with credit.
    pub(crate) parts: Vec<(usize, f32, Source)>,
    pub(crate) prior: f32,
    pub(crate) boost: f32,
    /// Text that restates the goal: context at most, never a match.
    pub(crate) echo: bool,
}

/// Everything scoring needs, computed once per digest.
pub(crate) struct WordCredit<'s, 'a> {
    snap: &'s Snapshot<'a>,
    goal: &'s Goal,
    matches: &'s Matches,
    /// Matches credited up the tree with decay (used for controls and headings).
    sub: Vec<f32>,
    prev_sibling: Vec<usize>,
    next_sibling: Vec<usize>,
    actionable: Vec<bool>,
    main: std::ops::Range<usize>,
    entry: bool,
    /// Per node and concept, the best match in a repeated control's item.
    item: Vec<f32>,
    /// The controls of each role and name (empty without a goal).
    copies: Copies<'s>,
    /// The best match in the section each in-page link leads to.
    section: Sections,
    /// The head of each table cell's column, `usize::MAX` for other nodes.
    column_head: Vec<usize>,
}

impl<'s, 'a> WordCredit<'s, 'a> {
    /// The goal whose words are credited.
    pub(crate) fn goal(&self) -> &'s Goal {
        self.goal
    }

    /// Whether there is a goal with words to match (an outline has none).
    pub(crate) fn has_goal(&self) -> bool {
        !self.goal.concepts.is_empty()
    }

    pub(crate) fn new(snap: &'s Snapshot<'a>, goal: &'s Goal, matches: &'s Matches) -> Self {
        let n = snap.len();
        let c = matches.concepts;
        let nodes = snap.nodes();
        let mut sub = matches.own.clone();
        for i in (0..n).rev() {
            if let Some(p) = nodes[i].parent() {
                let p = p.index();
                for k in 0..c {
                    let v = sub[i * c + k] * DECAY;
                    if v > sub[p * c + k] {
                        sub[p * c + k] = v;
                    }
                }
            }
        }
        let mut prev_sibling = vec![usize::MAX; n];
        let mut next_sibling = vec![usize::MAX; n];
        for (i, node) in nodes.iter().enumerate() {
            let next = node.end as usize;
            let parent_end = node.parent().map_or(n, |p| nodes[p.index()].end as usize);
            if next < parent_end && next < n {
                prev_sibling[next] = i;
                next_sibling[i] = next;
            }
        }
        // Values to enter (an email address, quoted text the page does not show) are input:
        // favour the controls of forms.
        let entry = goal.has_email || (0..goal.quoted).any(|k| !matches.found(k, 0));
        let actionable: Vec<bool> = nodes.iter().map(is_actionable).collect();
        // Only a control whose own strings match takes its item's words (see `score`).
        let copies = if c > 0 {
            copies_of_controls(snap, &actionable)
        } else {
            Copies::default()
        };
        let item = item_context(snap, &copies, matches, |i| {
            sub[i * c..(i + 1) * c].iter().any(|&v| v > 0.0)
        });
        let section = section_context(snap, &actionable, matches);
        let column_head = if c > 0 {
            column_heads(snap)
        } else {
            Vec::new()
        };
        Self {
            snap,
            goal,
            matches,
            sub,
            section,
            prev_sibling,
            next_sibling,
            item,
            copies,
            actionable,
            main: main_region(snap),
            entry,
            column_head,
        }
    }

    /// How many concepts the goal has.
    pub(crate) fn concepts(&self) -> usize {
        self.matches.concepts
    }

    /// The groups of two or more controls of the same role and name, each in document order
    /// (none without a goal).
    pub(crate) fn copies(&self) -> impl Iterator<Item = &[usize]> {
        self.copies
            .values()
            .filter(|g| g.len() > 1)
            .map(Vec::as_slice)
    }

    /// Whether node `i` is a control (or an iframe).
    pub(crate) fn actionable(&self, i: usize) -> bool {
        self.actionable[i]
    }

    /// Whether the page's text reads as English.
    pub(crate) fn english_page(&self) -> bool {
        self.matches.english_page
    }

    /// The head of table cell `i`'s column, if it has one.
    pub(crate) fn column_head(&self, i: usize) -> Option<usize> {
        self.column_head
            .get(i)
            .copied()
            .filter(|&h| h != usize::MAX)
    }

    /// Whether node `i` is in the page's main content.
    pub(crate) fn in_main(&self, i: usize) -> bool {
        self.main.contains(&i)
    }

    /// Scores every node. Controls and headings are credited with matches in their subtree
    /// (the distiller moves names into descendants) and in a label-like previous sibling;
    /// other nodes only with their own strings, so that big containers do not win by size.
    pub(crate) fn all(&self) -> Vec<f32> {
        (0..self.snap.len())
            .map(|i| self.score(i, |_, _, _| {}).0)
            .collect()
    }

    /// Node `i`'s score with its parts, for explanations.
    pub(crate) fn explain(&self, i: usize) -> NodeScore {
        let mut parts = Vec::new();
        let (total, prior, boost, echo) = self.score(i, |k, v, s| parts.push((k, v, s)));
        NodeScore {
            total,
            parts,
            prior,
            boost,
            echo,
        }
    }

    /// Node `i`'s own credit for each concept: its strings' match, or for a control or a
    /// heading the best match in its subtree (the distiller moves names into descendants).
    fn own_row(&self, i: usize) -> &[f32] {
        let c = self.matches.concepts;
        let row = if self.actionable[i] || self.snap.nodes()[i].role() == "heading" {
            &self.sub
        } else {
            &self.matches.own
        };
        &row[i * c..(i + 1) * c]
    }

    /// Calls `credit(concept, source, value)` for every source of credit node `i` has for
    /// every concept, before any weighting: its own strings (its subtree for controls and
    /// headings), its label, its column's head, its parent, its surroundings, its item, the
    /// section it leads to.
    /// Returns how many concepts its own strings match. The hand-weighted score and the
    /// learned ranking's features (`features.rs`) both read the same credits.
    pub(crate) fn for_each_credit(
        &self,
        i: usize,
        mut credit: impl FnMut(usize, Source, f32),
    ) -> usize {
        let nodes = self.snap.nodes();
        let node = &nodes[i];
        let c = self.matches.concepts;
        let own = self.own_row(i);
        let label_like =
            |j: usize| j != usize::MAX && !self.actionable[j] && (nodes[j].end as usize - j) <= 8;
        let sib = self.prev_sibling[i];
        let sib_ok = label_like(sib);
        // A control named by a number or a symbol ("5", "›") takes its label from the text
        // after it too: tables of contents, radio buttons and checkboxes put it there.
        let next = self.next_sibling[i];
        // Text takes it from the text after it too: a value often comes before its label
        // ("1 Std. 25 Min." then "Gesamtzeit").
        let next_ok = (!self.actionable[i] || terse(node)) && label_like(next);
        let window_start = node
            .parent()
            .and_then(|p| nodes[p.index()].parent())
            .map_or(0, |g| g.index())
            .max(i.saturating_sub(WINDOW));
        // The item tells copies apart; it does not make a control relevant: only a control
        // whose own strings match the goal takes its item's words.
        let named_here = own.iter().any(|&v| v > 0.0);
        let section = self.section.of(i);
        let head = self.column_head(i);
        let mut own_concepts = 0usize;
        for (k, &own) in own.iter().enumerate() {
            if own > 0.0 {
                own_concepts += 1;
                credit(k, Source::Own, own);
            }
            let mut label = 0.0f32;
            if sib_ok {
                label = label.max(self.sub[sib * c + k]);
            }
            if next_ok {
                label = label.max(self.sub[next * c + k]);
            }
            if label > 0.0 {
                credit(k, Source::Label, label);
            }
            if let Some(h) = head
                && self.sub[h * c + k] > 0.0
            {
                credit(k, Source::Column, self.sub[h * c + k]);
            }
            if let Some(p) = node.parent() {
                let v = self.matches.get(p.index(), k);
                if v > 0.0 {
                    credit(k, Source::Parent, v);
                }
            }
            if named_here && self.item[i * c + k] > 0.0 {
                credit(k, Source::Item, self.item[i * c + k]);
            }
            if let Some(&s) = section.and_then(|credits| credits.get(k))
                && s > 0.0
            {
                credit(k, Source::Section, s);
            }
            let near = (window_start..i)
                .filter(|&j| !self.actionable[j])
                .map(|j| self.matches.get(j, k))
                .fold(0.0f32, f32::max);
            if near > 0.0 {
                credit(k, Source::Surroundings, near);
            }
        }
        own_concepts
    }

    /// `(total, prior, boost, echo)`; `part` sees each concept's credit and its source.
    fn score(&self, i: usize, mut part: impl FnMut(usize, f32, Source)) -> (f32, f32, f32, bool) {
        let nodes = self.snap.nodes();
        let node = &nodes[i];
        let c = self.matches.concepts;
        if node.kind() == NodeKind::Unchanged {
            return (0.0, 0.0, 0.0, false);
        }
        // A node that is neither a control nor matched by its own strings scores nothing,
        // whatever its surroundings: known before any of its credits is read.
        if !self.actionable[i] && self.own_row(i).iter().all(|&v| v == 0.0) {
            return (0.0, 0.0, 0.0, false);
        }
        // Each concept takes its best weighted credit; ties go to the source found first.
        let mut best = vec![(0.0f32, Source::Own); c];
        let own_concepts = self.for_each_credit(i, |k, source, v| {
            let v = v * source.weight();
            if v > best[k].0 {
                best[k] = (v, source);
            }
        });
        let mut total = 0.0;
        for (k, &(v, source)) in best.iter().enumerate() {
            if v > 0.0 {
                part(k, v, source);
            }
            total += v;
        }
        // Text that says most of what the goal says (a task instruction, a heading that
        // restates the goal) is where the goal came from, not what it needs: an action
        // goal needs a control, so such text is context only.
        let echo = self.echo(i, own_concepts);
        let mut boost = if self.in_main(i) { MAIN_BOOST } else { 1.0 };
        if self.entry && (is_form_control(node.role()) || node.role() == "button") {
            boost *= ENTRY_BOOST;
        }
        if total > 0.0 && self.actionable[i] {
            boost *= 1.0 + NAMED_BOOST * self.named(node);
        }
        let prior = prior(node, self.goal.intent);
        let total = if echo { 0.0 } else { total * prior * boost };
        (total, prior, boost, echo)
    }
}

impl WordCredit<'_, '_> {
    /// Whether node `i`, whose own strings match `own_concepts` of the goal's concepts, is
    /// text that restates an action goal.
    pub(crate) fn echo(&self, i: usize, own_concepts: usize) -> bool {
        let c = self.matches.concepts;
        self.goal.intent == Intent::Act
            && !self.actionable[i]
            && c >= 2
            && own_concepts as f32 >= ECHO_SHARE * c as f32
    }

    /// Whether the goal reads (a question) rather than acts.
    pub(crate) fn reads(&self) -> bool {
        self.goal.intent == Intent::Read
    }

    /// Whether the goal carries values to enter (an email address, quoted text the page
    /// does not show).
    pub(crate) fn entry(&self) -> bool {
        self.entry
    }

    /// The shares of control `i`'s name words the goal says, a longer form of a word
    /// counting ([`named`](Self::named)) and each with the same stem, in one pass.
    pub(crate) fn named_shares(&self, i: usize) -> (f32, f32) {
        let Some(name) = self.snap.nodes()[i].name() else {
            return (0.0, 0.0);
        };
        let folded = fold(name);
        let (mut words, mut longer, mut same) = (0usize, 0usize, 0usize);
        for_each_word(&folded, |w| {
            if is_stopword(w) {
                return;
            }
            words += 1;
            let best = if w.chars().any(is_cjk) {
                f32::from(u8::from(self.goal.folded.contains(w)))
            } else {
                let s = stem(w);
                self.goal
                    .said
                    .iter()
                    .map(|g| words_match(s, g))
                    .fold(0.0, f32::max)
            };
            longer += usize::from(best >= 0.8);
            same += usize::from(best >= 1.0);
        });
        if words == 0 || words > NAME_WORDS {
            return (0.0, 0.0);
        }
        (longer as f32 / words as f32, same as f32 / words as f32)
    }

    /// The best-scored node, when it is a control every word of whose name the goal says.
    pub(crate) fn named_best(&self, score: &[f32]) -> Option<usize> {
        let (best, _) = score
            .iter()
            .enumerate()
            .filter(|(_, s)| **s > 0.0)
            .max_by(|a, b| a.1.total_cmp(b.1))?;
        (self.actionable[best] && self.named_as(&self.snap.nodes()[best], 1.0) >= 1.0)
            .then_some(best)
    }

    /// The share of a control's name words the goal says (0 for a long or empty name).
    fn named(&self, node: &Node<'_>) -> f32 {
        self.named_as(node, 0.8)
    }

    /// [`named`](Self::named) with the least [`words_match`] a word must reach: 1 for the
    /// same stem, 0.8 admits a longer form of it ("write" for "writer").
    fn named_as(&self, node: &Node<'_>, least: f32) -> f32 {
        let Some(name) = node.name() else {
            return 0.0;
        };
        let folded = fold(name);
        let (mut words, mut said) = (0usize, 0usize);
        for_each_word(&folded, |w| {
            if is_stopword(w) {
                return;
            }
            words += 1;
            let hit = if w.chars().any(is_cjk) {
                self.goal.folded.contains(w)
            } else {
                let s = stem(w);
                self.goal.said.iter().any(|g| words_match(s, g) >= least)
            };
            said += usize::from(hit);
        });
        if words == 0 || words > NAME_WORDS {
            return 0.0;
        }
        said as f32 / words as f32
    }
}

/// Whether a control's own name says little: none, or no letters in it.
fn terse(node: &Node<'_>) -> bool {
    node.name()
        .is_none_or(|n| !n.chars().any(char::is_alphabetic))
}

/// The node range of the page's main content: the `article` or `main` around the first
/// level-1 heading, or the `MAIN_NODES` nodes from that heading on.
fn main_region(snap: &Snapshot<'_>) -> std::ops::Range<usize> {
    let nodes = snap.nodes();
    let Some(h1) = nodes
        .iter()
        .position(|n| n.role() == "heading" && n.level() == Some(1))
    else {
        return 0..0;
    };
    let container = snap
        .ancestors(crate::tree::NodeId(u32::try_from(h1).unwrap_or(u32::MAX)))
        .find(|a| matches!(nodes[a.index()].role(), "article" | "main"));
    match container {
        Some(a) => a.index()..nodes[a.index()].end as usize,
        None => h1..(h1 + MAIN_NODES).min(nodes.len()),
    }
}
