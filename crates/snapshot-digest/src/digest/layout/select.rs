//! Choosing the best matches and keeping each with its context.

use super::credit::{NodeScore, WordCredit, is_actionable, is_context, is_form_control};
use super::form::{form_of, is_form_part, is_option};
use super::order::best_first;
use super::tuning::{
    ATTR_CHARS, FORM_CONTROLS, GROUP_CONTROLS, INDENT_LEVELS, LABEL_CHARS, LINE_CHARS,
    LINE_TEXT_CHARS, POOL, PROP_LINE_CHARS, RELATIVE_FLOOR, REPEAT_CREDIT, ROW_CAP,
    SECTION_HEADING_SCAN, SUBTREE_CAP, VALUE_SCAN, VALUE_TEXTS,
};
use crate::roles::is_landmark_role;
use crate::tree::{Node, NodeKind, Snapshot};

/// What the digest keeps.
pub(crate) struct Selection {
    pub(crate) keep: Vec<bool>,
    /// The hits, best first.
    pub(crate) hits: Vec<usize>,
}

/// Limits of a selection.
pub(crate) struct Limits {
    pub(crate) max_hits: usize,
    pub(crate) budget_chars: usize,
}

/// Chooses hits and keeps each with its context, within the limits.
///
/// Hits are picked greedily by marginal gain, not by score alone: once a hit has shown a
/// concept of the goal, other nodes get only part of their credit for that concept. A goal's
/// most specific word ("Kindle" in a page about app updates) then reaches the digest even
/// when many nodes match its common words better.
pub(crate) fn select(snap: &Snapshot<'_>, pool: &Pool<'_>, limits: &Limits) -> Selection {
    let n = snap.len();
    let mut keep = Kept {
        flags: vec![false; n],
        log: Vec::new(),
        cost: 0,
    };
    let mut hits = Vec::new();
    let mut shown = vec![0.0f32; pool.concepts];
    let signatures = &pool.signatures;
    let pool = &pool.nodes;
    let mut used = vec![false; pool.len()];
    let mut covered = vec![false; n];
    let mut seen: Vec<Signature<'_>> = Vec::new();
    while hits.len() < limits.max_hits {
        let mut best: Option<(usize, f32)> = None;
        for (p, (i, detail)) in pool.iter().enumerate() {
            if used[p] || covered[*i] || detail.echo {
                continue;
            }
            let sig = signatures[p];
            if sig.1.is_some() && seen.contains(&sig) {
                used[p] = true;
                continue;
            }
            let gain = marginal(detail, &shown);
            if best.is_none_or(|(_, g)| gain > g) {
                best = Some((p, gain));
            }
        }
        let Some((p, gain)) = best else { break };
        if gain <= 0.0 {
            break;
        }
        used[p] = true;
        let (i, detail) = &pool[p];
        let i = *i;
        // Repeats (the same link in every comment, the same button in every card) take a
        // hit slot once.
        let sig = signatures[p];
        if sig.1.is_some() {
            seen.push(sig);
        }
        if !keep.add_hit(snap, i, &mut covered, !hits.is_empty(), limits.budget_chars) {
            break;
        }
        for &(k, credit, _) in &detail.parts {
            shown[k] = shown[k].max(credit);
        }
        hits.push(i);
    }
    Selection {
        keep: keep.flags,
        hits,
    }
}

/// Keeps `chosen` (node indices, best first) as hits, each with the context [`select`]
/// gives a hit, while their lines fit `budget_chars`; the first always comes in. For hits
/// someone else picked (the LLM digest's model).
pub(crate) fn select_given(
    snap: &Snapshot<'_>,
    chosen: &[usize],
    budget_chars: usize,
) -> Selection {
    let mut keep = Kept {
        flags: vec![false; snap.len()],
        log: Vec::new(),
        cost: 0,
    };
    let mut covered = vec![false; snap.len()];
    let mut hits = Vec::new();
    for &i in chosen {
        if i >= snap.len() || covered[i] || hits.contains(&i) {
            continue;
        }
        if !keep.add_hit(snap, i, &mut covered, !hits.is_empty(), budget_chars) {
            break;
        }
        hits.push(i);
    }
    Selection {
        keep: keep.flags,
        hits,
    }
}

/// A node's gain given what the hits so far have shown of each concept: new credit counts
/// whole, credit for a concept already shown counts `REPEAT_CREDIT` of itself.
fn marginal(detail: &NodeScore, shown: &[f32]) -> f32 {
    let sum: f32 = detail
        .parts
        .iter()
        .map(|&(k, credit, _)| {
            let fresh = (credit - shown[k]).max(0.0);
            fresh + REPEAT_CREDIT * (credit - fresh)
        })
        .sum();
    sum * detail.prior * detail.boost
}

/// The nodes that compete for hit slots, with their score parts: computed once per digest,
/// whatever number of hits the selection ends up with.
pub(crate) struct Pool<'s> {
    nodes: Vec<(usize, NodeScore)>,
    signatures: Vec<Signature<'s>>,
    concepts: usize,
}

impl<'s> Pool<'s> {
    /// The best-scored nodes, down to `RELATIVE_FLOOR` of the best, at most `POOL`.
    pub(crate) fn new(snap: &'s Snapshot<'_>, score: &[f32], credit: &WordCredit<'_, '_>) -> Self {
        let mut ranked: Vec<usize> = (0..score.len()).filter(|&i| score[i] > 0.0).collect();
        best_first(&mut ranked, |i| score[i], |_| false);
        let floor = ranked.first().map_or(0.0, |&f| score[f] * RELATIVE_FLOOR);
        ranked.retain(|&i| score[i] >= floor);
        ranked.truncate(POOL);
        Self {
            nodes: ranked.iter().map(|&i| (i, credit.explain(i))).collect(),
            signatures: ranked
                .iter()
                .map(|&i| signature(&snap.nodes()[i]))
                .collect(),
            concepts: credit.concepts(),
        }
    }
}

/// What makes two controls the same for the agent: role, name and URL without fragment.
pub(crate) type Signature<'a> = (&'a str, Option<&'a str>, Option<&'a str>);

pub(crate) fn signature<'a>(node: &'a Node<'_>) -> Signature<'a> {
    (
        node.role(),
        node.name(),
        node.url().map(|u| u.split('#').next().unwrap_or(u)),
    )
}

/// The kept nodes, with a log of the order they were kept in so a hit can be taken back.
struct Kept {
    flags: Vec<bool>,
    log: Vec<usize>,
    /// Estimated chars of the hits added with [`Kept::add_hit`].
    cost: usize,
}

impl Kept {
    fn set(&mut self, i: usize) {
        if !self.flags[i] {
            self.flags[i] = true;
            self.log.push(i);
        }
    }

    fn rollback(&mut self, mark: usize) {
        for i in self.log.drain(mark..) {
            self.flags[i] = false;
        }
    }

    /// Keeps hit `i` with its context when that fits `budget_chars` or it is the first
    /// (`!bounded`); says whether it was kept.
    fn add_hit(
        &mut self,
        snap: &Snapshot<'_>,
        i: usize,
        covered: &mut [bool],
        bounded: bool,
        budget_chars: usize,
    ) -> bool {
        let mark = self.log.len();
        keep_hit(snap, i, self, covered);
        let added: usize = self.log[mark..]
            .iter()
            .map(|&j| line_cost(&snap.nodes()[j]))
            .sum();
        if bounded && self.cost + added > budget_chars {
            self.rollback(mark);
            return false;
        }
        self.cost += added;
        true
    }
}

/// Roughly how many chars a node's lines take in the output.
pub(crate) fn line_cost(node: &Node<'_>) -> usize {
    let text = node.text().map_or(0, |t| t.len().min(LINE_TEXT_CHARS));
    let props: usize = node
        .props()
        .iter()
        .map(|p| p.value().len() + PROP_LINE_CHARS)
        .sum();
    let attrs: usize = node
        .attributes()
        .iter()
        .map(|a| a.name().len() + a.value().map_or(0, str::len) + ATTR_CHARS)
        .sum();
    2 * node.depth().min(INDENT_LEVELS)
        + node.role().len()
        + node.name().map_or(0, str::len)
        + text
        + props
        + attrs
        + LINE_CHARS
}

/// Keeps a hit: itself, its subtree (capped) when it is a control or heading, the nearest
/// ancestor with a ref, context ancestors, the controls of its form, and the heading of its
/// section.
fn keep_hit(snap: &Snapshot<'_>, i: usize, keep: &mut Kept, covered: &mut [bool]) {
    let nodes = snap.nodes();
    let node = &nodes[i];
    keep.set(i);
    if is_actionable(node) || node.role() == "heading" || node.kind() == NodeKind::Text {
        keep_subtree(nodes, i, SUBTREE_CAP, keep, covered);
    }
    let mut owner_found = node.aria_ref().is_some();
    let mut at = node.parent();
    while let Some(a) = at {
        let anc = &nodes[a.index()];
        if !owner_found && anc.aria_ref().is_some() {
            keep.set(a.index());
            owner_found = true;
        } else if is_context(anc) {
            keep.set(a.index());
        }
        at = anc.parent();
    }
    let control = is_form_control(node.role()) || node.role() == "button";
    if let Some(choice) = choice_of(nodes, i) {
        // An option is chosen through its select, whose form the goal fills in.
        keep_form(snap, choice, true, keep, covered);
    } else if control || !is_actionable(node) {
        keep_form(snap, i, control, keep, covered);
    }
    keep_row(nodes, i, keep, covered);
    keep_value_texts(nodes, i, keep);
    keep_section_heading(nodes, i, keep);
}

/// The select (combobox, listbox) that option `i` belongs to, a level or two up (options may
/// sit in a group); `None` for a node that is not an option.
fn choice_of(nodes: &[Node<'_>], i: usize) -> Option<usize> {
    if !is_option(&nodes[i]) {
        return None;
    }
    let mut at = nodes[i].parent();
    for _ in 0..2 {
        let a = at?.index();
        if is_form_control(nodes[a].role()) {
            return Some(a);
        }
        at = nodes[a].parent();
    }
    None
}

/// For a short text hit, keeps the text siblings right after it: a label's value follows it
/// ("Founded" then "February 28, 1998"), and snapshots that leave out the table structure
/// (chrome-devtools-mcp's default) have no row to keep them together.
fn keep_value_texts(nodes: &[Node<'_>], i: usize, keep: &mut Kept) {
    let node = &nodes[i];
    if node.kind() != NodeKind::Text || node.text().is_none_or(|t| t.chars().count() > LABEL_CHARS)
    {
        return;
    }
    let (mut words, mut scanned) = (0, 0);
    let mut j = node.end as usize;
    while words < VALUE_TEXTS
        && scanned < VALUE_SCAN
        && let Some(next) = nodes.get(j)
        && next.kind() == NodeKind::Text
        && next.depth() == node.depth()
    {
        keep.set(j);
        if next
            .text()
            .is_some_and(|t| t.chars().any(char::is_alphanumeric))
        {
            words += 1;
        }
        scanned += 1;
        j = next.end as usize;
    }
}

/// For a hit inside a table row, keeps the row's cells: a row header or a cell that matches
/// is a label, and what the goal asks for is next to it.
fn keep_row(nodes: &[Node<'_>], i: usize, keep: &mut Kept, covered: &mut [bool]) {
    let mut at = Some(crate::tree::NodeId(u32::try_from(i).unwrap_or(u32::MAX)));
    for _ in 0..4 {
        let Some(a) = at else { return };
        let anc = &nodes[a.index()];
        if anc.role() == "row" {
            keep_subtree(nodes, a.index(), ROW_CAP, keep, covered);
            return;
        }
        at = anc.parent();
    }
}

fn keep_subtree(nodes: &[Node<'_>], i: usize, cap: usize, keep: &mut Kept, covered: &mut [bool]) {
    let end = nodes[i].end as usize;
    for j in i..end.min(i + cap) {
        keep.set(j);
    }
    for c in covered.iter_mut().take(end).skip(i) {
        *c = true;
    }
}

/// For a control, keeps the other controls and labels of the form it belongs to
/// ([`form_of`]): a search box needs its button, a password field its user name field and
/// submit button, a sign-up form every field.
fn keep_form(snap: &Snapshot<'_>, i: usize, control: bool, keep: &mut Kept, covered: &mut [bool]) {
    let nodes = snap.nodes();
    let Some(form) = form_of(snap, i, control) else {
        return;
    };
    let c = form.node;
    keep.set(c);
    let end = nodes[c].end as usize;
    let cap = if form.marked {
        FORM_CONTROLS
    } else {
        GROUP_CONTROLS
    };
    let controls: Vec<usize> = (c + 1..end).filter(|&j| is_form_part(&nodes[j])).collect();
    // The texts, headings and labels kept lie between the control before the first kept (and
    // its subtree) and the one after the last: a label comes before its field, a hint after it.
    let (mut from, mut to) = (c + 1, end);
    let mut nearest = Vec::new();
    let mut chosen = controls.as_slice();
    if controls.len() > cap {
        // A container of many controls (a header's links around a select) is cut to those
        // nearest the hit, which are the ones that work with it.
        nearest.extend_from_slice(&controls);
        nearest.sort_by_key(|&j| (j.abs_diff(i), j));
        nearest.truncate(cap);
        nearest.sort_unstable();
        chosen = &nearest;
        let (Some(&first), Some(&last)) = (chosen.first(), chosen.last()) else {
            return;
        };
        let at = |k: usize| controls.binary_search(&k).unwrap_or(0);
        from = controls[..at(first)]
            .last()
            .map_or(c + 1, |&j| nodes[j].end as usize);
        to = controls.get(at(last) + 1).copied().unwrap_or(end);
    }
    for &j in chosen {
        keep_subtree(nodes, j, 3, keep, covered);
    }
    for (j, node) in nodes.iter().enumerate().take(to).skip(from) {
        if node.kind() == NodeKind::Text || node.role() == "heading" || node.role() == "label" {
            keep.set(j);
        }
    }
}

/// Keeps the nearest heading before `i` within the same region (landmark or article), which
/// names the section the hit is in.
fn keep_section_heading(nodes: &[Node<'_>], i: usize, keep: &mut Kept) {
    let region = region_of(nodes, i);
    let region_start = region.unwrap_or(0);
    for j in (region_start.max(i.saturating_sub(SECTION_HEADING_SCAN))..i).rev() {
        // A heading of another region nested before the hit (a newsletter box inside the
        // article) names that region, not the hit's section.
        if nodes[j].role() == "heading" && region_of(nodes, j) == region {
            if nodes[j].end as usize > i {
                return;
            }
            let end = (nodes[j].end as usize).min(j + 3);
            for k in j..end {
                keep.set(k);
            }
            return;
        }
    }
}

/// The nearest landmark or article around node `i`.
pub(crate) fn region_of(nodes: &[Node<'_>], i: usize) -> Option<usize> {
    let mut at = nodes[i].parent();
    while let Some(a) = at {
        let anc = &nodes[a.index()];
        if is_landmark_role(anc.role()) || anc.role() == "article" {
            return Some(a.index());
        }
        at = anc.parent();
    }
    None
}
