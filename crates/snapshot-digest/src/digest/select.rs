//! Scoring nodes against the goal and choosing what the digest keeps.

use super::goal::{Goal, Intent};
use super::index::Matches;
use crate::{Node, NodeKind, Snapshot, is_interactive_role, is_landmark_role};

/// How much a match loses per level when it is credited to an ancestor.
const DECAY: f32 = 0.9;
/// Weight of a label-like previous sibling or the parent's name as context of a control.
const SIBLING_CONTEXT: f32 = 0.7;
const PARENT_CONTEXT: f32 = 0.5;
/// How many nodes before a node count as its surroundings, and their weight.
const WINDOW: usize = 6;
const WINDOW_CONTEXT: f32 = 0.4;
/// Boost for nodes of the page's main content (the article around the first `h1`): goals
/// say "this story", "the author", and mean the one the page is about.
const MAIN_BOOST: f32 = 1.2;
/// Boost for form controls when the goal carries values to type.
const ENTRY_BOOST: f32 = 1.5;
/// Hits scoring below this fraction of the best are not relevant enough to keep.
const RELATIVE_FLOOR: f32 = 0.3;
/// Most nodes of a kept control's or heading's own subtree that are shown.
const SUBTREE_CAP: usize = 12;

/// What the digest keeps.
pub(crate) struct Selection {
    pub(crate) keep: Vec<bool>,
    pub(crate) hits: usize,
}

/// Limits of a selection.
pub(crate) struct Limits {
    pub(crate) max_hits: usize,
    pub(crate) budget_chars: usize,
}

fn is_form_control(role: &str) -> bool {
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

fn is_actionable(node: &Node<'_>) -> bool {
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
fn is_context(node: &Node<'_>) -> bool {
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
        Intent::Act if is_actionable(node) => 1.0,
        Intent::Act if role == "heading" => 0.6,
        Intent::Act => 0.45,
        Intent::Read if is_reading(role) || role == "heading" => 1.0,
        Intent::Read if is_actionable(node) => 0.8,
        Intent::Read => 0.5,
    }
}

/// Scores every node. Controls and headings are credited with matches in their subtree (the
/// distiller moves names into descendants) and in a label-like previous sibling; other nodes
/// only with their own strings, so that big containers do not win by size.
fn scores(snap: &Snapshot<'_>, goal: &Goal, matches: &Matches) -> Vec<f32> {
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
    for (i, node) in nodes.iter().enumerate() {
        let next = node.end as usize;
        let parent_end = node.parent().map_or(n, |p| nodes[p.index()].end as usize);
        if next < parent_end && next < n {
            prev_sibling[next] = i;
        }
    }
    let actionable: Vec<bool> = nodes.iter().map(is_actionable).collect();
    let main = main_region(snap);
    // Values to enter (an email address, quoted text the page does not show) are input:
    // favour the controls of forms.
    let entry = goal.has_email || (0..goal.quoted).any(|k| !matches.found(k, 0));
    let mut out = vec![0.0f32; n];
    for (i, node) in nodes.iter().enumerate() {
        if node.kind() == NodeKind::Unchanged {
            continue;
        }
        let aggregate = is_actionable(node) || node.role() == "heading";
        let base = |k: usize| {
            if aggregate {
                sub[i * c + k]
            } else {
                matches.get(i, k)
            }
        };
        if !is_actionable(node) && (0..c).all(|k| base(k) == 0.0) {
            continue;
        }
        let sib = prev_sibling[i];
        let sib_ok = sib != usize::MAX && {
            let s = &nodes[sib];
            !is_actionable(s) && (s.end as usize - sib) <= 8
        };
        let window_start = node
            .parent()
            .and_then(|p| nodes[p.index()].parent())
            .map_or(0, |g| g.index())
            .max(i.saturating_sub(WINDOW));
        let mut total = 0.0;
        for k in 0..c {
            let mut v = base(k);
            if sib_ok {
                v = v.max(sub[sib * c + k] * SIBLING_CONTEXT);
            }
            if let Some(p) = node.parent() {
                v = v.max(matches.get(p.index(), k) * PARENT_CONTEXT);
            }
            for (j, _) in actionable[window_start..i]
                .iter()
                .enumerate()
                .filter(|(_, a)| !**a)
            {
                v = v.max(matches.get(window_start + j, k) * WINDOW_CONTEXT);
            }
            total += v;
        }
        let mut boost = if main.contains(&i) { MAIN_BOOST } else { 1.0 };
        if entry && (is_form_control(node.role()) || node.role() == "button") {
            boost *= ENTRY_BOOST;
        }
        out[i] = total * prior(node, goal.intent) * boost;
    }
    out
}

/// The node range of the page's main content: the `article` or `main` around the first
/// level-1 heading, or the 400 nodes from that heading on.
fn main_region(snap: &Snapshot<'_>) -> std::ops::Range<usize> {
    let nodes = snap.nodes();
    let Some(h1) = nodes
        .iter()
        .position(|n| n.role() == "heading" && n.level() == Some(1))
    else {
        return 0..0;
    };
    let container = snap
        .ancestors(crate::NodeId(u32::try_from(h1).unwrap_or(u32::MAX)))
        .find(|a| matches!(nodes[a.index()].role(), "article" | "main"));
    match container {
        Some(a) => a.index()..nodes[a.index()].end as usize,
        None => h1..(h1 + 400).min(nodes.len()),
    }
}

/// Chooses hits by score and keeps each with its context.
pub(crate) fn select(
    snap: &Snapshot<'_>,
    goal: &Goal,
    matches: &Matches,
    limits: &Limits,
) -> Selection {
    let n = snap.len();
    let mut keep = Kept {
        flags: vec![false; n],
        log: Vec::new(),
    };
    if matches.concepts == 0 || n == 0 {
        return Selection {
            keep: keep.flags,
            hits: 0,
        };
    }
    let score = scores(snap, goal, matches);
    let mut ranked: Vec<usize> = (0..n).filter(|&i| score[i] > 0.0).collect();
    ranked.sort_by(|&a, &b| score[b].total_cmp(&score[a]).then(a.cmp(&b)));
    let Some(&first) = ranked.first() else {
        return Selection {
            keep: keep.flags,
            hits: 0,
        };
    };
    let floor = score[first] * RELATIVE_FLOOR;
    let mut covered = vec![false; n];
    let mut seen: Vec<(&str, Option<&str>, Option<&str>)> = Vec::new();
    let mut hits = 0;
    let mut cost = 0usize;
    for &i in &ranked {
        if score[i] < floor || hits >= limits.max_hits {
            break;
        }
        if covered[i] {
            continue;
        }
        // Repeats (the same link in every comment, the same button in every card) take a
        // hit slot once.
        let node = &snap.nodes()[i];
        let signature = (
            node.role(),
            node.name(),
            node.url().map(|u| u.split('#').next().unwrap_or(u)),
        );
        if signature.1.is_some() {
            if seen.contains(&signature) {
                continue;
            }
            seen.push(signature);
        }
        let mark = keep.log.len();
        keep_hit(snap, i, &mut keep, &mut covered);
        let added: usize = keep.log[mark..]
            .iter()
            .map(|&j| line_cost(&snap.nodes()[j]))
            .sum();
        if hits > 0 && cost + added > limits.budget_chars {
            keep.rollback(mark);
            break;
        }
        cost += added;
        hits += 1;
    }
    Selection {
        keep: keep.flags,
        hits,
    }
}

/// The kept nodes, with a log of the order they were kept in so a hit can be taken back.
struct Kept {
    flags: Vec<bool>,
    log: Vec<usize>,
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
}

/// Roughly how many chars a node's lines take in the output.
fn line_cost(node: &Node<'_>) -> usize {
    let text = node.text().map_or(0, |t| t.len().min(320));
    let props: usize = node.props().iter().map(|p| p.value().len() + 12).sum();
    let attrs: usize = node
        .attributes()
        .iter()
        .map(|a| a.name().len() + a.value().map_or(0, str::len) + 3)
        .sum();
    2 * node.depth().min(8)
        + node.role().len()
        + node.name().map_or(0, str::len)
        + text
        + props
        + attrs
        + 6
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
    if is_form_control(node.role()) || node.role() == "button" {
        keep_form(snap, i, keep, covered);
    }
    keep_section_heading(nodes, i, keep);
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

/// For a control, keeps the other controls and labels of the small container it sits in: a
/// search box needs its button, a password field its user name field and submit button.
fn keep_form(snap: &Snapshot<'_>, i: usize, keep: &mut Kept, covered: &mut [bool]) {
    let nodes = snap.nodes();
    let mut container = None;
    let mut at = nodes[i].parent();
    let mut levels = 0;
    while let (Some(a), true) = (at, levels < 4) {
        let anc = &nodes[a.index()];
        let size = anc.end as usize - a.index();
        let form = matches!(anc.role(), "form" | "search");
        // A landmark is a region of the page, not one form: stop below it.
        if !form && (size > 60 || is_landmark_role(anc.role()) || anc.role() == "article") {
            break;
        }
        let controls = (a.index() + 1..anc.end as usize)
            .filter(|&j| is_actionable(&nodes[j]))
            .count();
        if controls >= 2 {
            container = Some(a.index());
            if form {
                break;
            }
        }
        at = anc.parent();
        levels += 1;
    }
    let Some(c) = container else { return };
    keep.set(c);
    let end = nodes[c].end as usize;
    let mut kept = 0;
    for j in c + 1..end {
        let node = &nodes[j];
        if kept >= 14 {
            break;
        }
        if is_actionable(node) {
            keep_subtree(nodes, j, 3, keep, covered);
            kept += 1;
        } else if node.kind() == NodeKind::Text
            || node.role() == "heading"
            || node.role() == "label"
        {
            keep.set(j);
        }
    }
}

/// Keeps the nearest heading before `i` within the same region (landmark or article), which
/// names the section the hit is in.
fn keep_section_heading(nodes: &[Node<'_>], i: usize, keep: &mut Kept) {
    let mut region_start = 0;
    let mut at = nodes[i].parent();
    while let Some(a) = at {
        let anc = &nodes[a.index()];
        if is_landmark_role(anc.role()) || anc.role() == "article" {
            region_start = a.index();
            break;
        }
        at = anc.parent();
    }
    for j in (region_start.max(i.saturating_sub(300))..i).rev() {
        if nodes[j].role() == "heading" {
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
