//! The ranked list of further candidates, spent from what the best matches leave of the
//! budget: controls (and for a question, text with its label or value) the agent has not
//! been shown, best first, repeats written once.

use super::credit::{WordCredit, is_actionable, is_form_control};
use super::form::form_of;
use super::hash::{FastMap, FastSet};
use super::order::best_first;
use super::select::{Signature, signature};
use super::tuning::COMPANIONS;
use crate::syntax::{Brief, render_node_at};
use crate::tokens::estimate_tokens;
use crate::tree::{Node, NodeId, NodeKind, Snapshot};

/// Controls (and, for a question, text) with a ref that the agent has not been shown, best
/// first: by rank, then those
/// of the main content, then document order. A control repeated with the same role, name and
/// URL is listed once; repeats are skipped as the list is read, so only the part of it that
/// is written costs anything. A link to a URL already listed is a repeat too, whatever its
/// name: an image link and the title link beside it lead to the same page.
pub(crate) struct Candidates<'s> {
    order: Vec<usize>,
    at: usize,
    snap: &'s Snapshot<'s>,
    nodes: &'s [Node<'s>],
    /// Nodes shown already, or written out of order (the companions of a field, what an
    /// earlier page listed).
    taken: Vec<bool>,
    seen: FastSet<Signature<'s>>,
    urls: FastSet<&'s str>,
    /// Link names that lead to more than one destination on the page ("Read more", "Edit"):
    /// such a link is told apart only by its URL.
    shared_names: FastSet<&'s str>,
    /// The score each node was ranked by.
    score: Vec<f32>,
    /// Whether text is offered too: then a label with a ref written under a candidate is
    /// one a later page must not list again.
    texts: bool,
}

/// Whether a node says something itself (a name or text): a text candidate is shown by its
/// own words, not by a descendant's, which is a candidate of its own.
fn says(node: &Node<'_>) -> bool {
    node.name()
        .or(node.text())
        .is_some_and(|t| !t.trim().is_empty())
}

/// The names of the links that lead to more than one destination.
fn shared_link_names<'s>(nodes: &'s [Node<'s>]) -> FastSet<&'s str> {
    let mut first: FastMap<&str, &str> = FastMap::default();
    let mut shared = FastSet::default();
    for node in nodes {
        let (Some(name), Some(url)) = (node.name(), destination(node)) else {
            continue;
        };
        if *first.entry(name).or_insert(url) != url {
            shared.insert(name);
        }
    }
    shared
}

/// A link's URL when it names a destination of its own: not empty, not `#` alone and not a
/// script, which many unrelated controls share.
fn destination<'s>(node: &'s Node<'_>) -> Option<&'s str> {
    let url = node.url()?.trim();
    (node.role() == "link"
        && !url.is_empty()
        && url != "#"
        && !url
            .get(..11)
            .is_some_and(|s| s.eq_ignore_ascii_case("javascript:")))
    .then_some(url)
}

impl<'s> Candidates<'s> {
    /// The candidates not `shown`, ranked by `score` (the learned ranking's, or the word
    /// matching's for an outline): controls, and with `texts` any node with words of its own
    /// that the ranking scored (a paragraph, a cell: a question's answer).
    pub(crate) fn new(
        snap: &'s Snapshot<'s>,
        score: &[f32],
        credit: &WordCredit<'_, '_>,
        shown: &[bool],
        texts: bool,
    ) -> Self {
        let nodes = snap.nodes();
        let mut order: Vec<usize> = (0..nodes.len())
            .filter(|&i| {
                !shown[i]
                    && (credit.actionable(i) || (texts && score[i].is_finite() && says(&nodes[i])))
                    && nodes[i].addressable()
            })
            .collect();
        best_first(&mut order, |i| score[i], |i| credit.in_main(i));
        Self {
            texts,
            score: score.to_vec(),
            shared_names: shared_link_names(nodes),
            order,
            at: 0,
            snap,
            nodes,
            taken: shown.to_vec(),
            seen: FastSet::default(),
            urls: FastSet::default(),
        }
    }

    /// The next candidate, not yet taken.
    fn peek(&mut self) -> Option<usize> {
        while let Some(&i) = self.order.get(self.at) {
            if !self.repeat(i) {
                return Some(i);
            }
            self.at += 1;
        }
        None
    }

    /// Whether control `i` was shown or taken, or repeats one that was.
    fn repeat(&self, i: usize) -> bool {
        let sig = signature(&self.nodes[i]);
        self.taken[i]
            || (sig.1.is_some() && self.seen.contains(&sig))
            || destination(&self.nodes[i]).is_some_and(|u| self.urls.contains(u))
    }

    /// Takes a unit: the candidate [`peek`](Self::peek) offered (`unit[0]`) and its
    /// companions, taken out of order.
    fn take_unit(&mut self, unit: &[usize]) {
        self.exclude(&unit[1..]);
        self.take(unit[0]);
    }

    fn take(&mut self, i: usize) {
        self.mark(i);
        // A control without a name has no signature to make a later offer of it a repeat:
        // it is taken by its index, or a field could list it again as a companion.
        self.taken[i] = true;
        self.at += 1;
    }

    /// Records what makes later controls repeats of `i`.
    fn mark(&mut self, i: usize) {
        let sig = signature(&self.nodes[i]);
        if sig.1.is_some() {
            self.seen.insert(sig);
        }
        if let Some(url) = destination(&self.nodes[i]) {
            self.urls.insert(url);
        }
    }

    /// Whether link `i` has a name that no link to another destination shares: then its name
    /// tells it apart and a candidate line leaves its URL out, so that more candidates fit.
    fn named_alone(&self, i: usize) -> bool {
        let node = &self.nodes[i];
        node.role() == "link"
            && node
                .name()
                .is_some_and(|n| !n.trim().is_empty() && !self.shared_names.contains(n))
    }

    /// Candidate `i` with its companions: for a field, or a button of a form with fields,
    /// the other controls of its form not offered yet (at most `COMPANIONS`, in document
    /// order), so that a search box comes with its button and an email field with its submit.
    fn unit(&self, i: usize) -> Vec<usize> {
        let mut unit = vec![i];
        let node = &self.nodes[i];
        let field = is_form_control(node.role());
        if !field && node.role() != "button" {
            return unit;
        }
        let Some(form) = form_of(self.snap, i, true) else {
            return unit;
        };
        let range = form.node + 1..self.nodes[form.node].end as usize;
        if !field && !range.clone().any(|j| is_form_control(self.nodes[j].role())) {
            return unit;
        }
        let mut companions: Vec<usize> = range
            .filter(|&j| {
                let n = &self.nodes[j];
                j != i
                    && is_actionable(n)
                    && n.kind() == NodeKind::Element
                    && n.aria_ref().is_some()
                    // Its own form's button, even when a button of the same name was shown
                    // elsewhere (a second search form): the field is filled and submitted
                    // through its own.
                    && !self.taken[j]
                    // A copy of the field (the same box in another tab) is another
                    // candidate, not part of this one's form.
                    && !(n.role() == node.role() && n.name() == node.name())
            })
            .collect();
        // The best-ranked of them: a sign-in form's submit button before its social-login
        // buttons, though these come first in the document.
        best_first(&mut companions, |i| self.score[i], |_| false);
        companions.truncate(COMPANIONS);
        companions.sort_unstable();
        unit.extend(companions);
        unit
    }

    /// Takes controls out of order (what an earlier page listed, a field's companions), with
    /// what makes later controls repeats of them.
    pub(crate) fn exclude(&mut self, listed: &[usize]) {
        for &i in listed {
            self.mark(i);
            self.taken[i] = true;
        }
    }

    /// Whether any candidate is left.
    pub(crate) fn more(&mut self) -> bool {
        self.peek().is_some()
    }

    /// Writes candidate lines, as long as they fit `max_tokens`, and returns the nodes
    /// written. Each is the control's line at the top level with its `/url`, left out for a
    /// link whose name no link to another destination shares; a control with no name of its
    /// own is followed by the first label in its subtree. With text offered, a value comes
    /// after its label ([`label_of`]) and a label before its value ([`value_of`]).
    pub(crate) fn write(
        &mut self,
        out: &mut String,
        max_tokens: usize,
        brief: Brief<'_>,
    ) -> Vec<usize> {
        let nodes = self.nodes;
        let mut key = String::new();
        let mut line = String::new();
        let mut used = 0;
        let mut written = Vec::new();
        while let Some(i) = self.peek() {
            line.clear();
            let unit = self.unit(i);
            // A label written under an unnamed control that is a control itself (a select's
            // first option) has been shown: it is not listed again.
            let mut labels = Vec::new();
            for &j in &unit {
                let brief = Brief {
                    hide_url: self.named_alone(j),
                    ..brief
                };
                // A value is written after its label (a definition after its term, a cell
                // after its row's header), unless the label was shown.
                if self.texts
                    && let Some(l) = label_of(self.snap, j).filter(|&l| !self.taken[l])
                {
                    // A label cell without words of its own says them in its first child
                    // (a link to the product the row is about).
                    let inner = write_candidate(&mut line, &mut key, nodes, l, brief);
                    labels.push(l);
                    labels
                        .extend(inner.filter(|&x| !self.taken[x] && nodes[x].aria_ref().is_some()));
                }
                let label = write_candidate(&mut line, &mut key, nodes, j, brief);
                labels.extend(label.filter(|&l| {
                    !self.taken[l]
                        && nodes[l].aria_ref().is_some()
                        && (self.texts || is_actionable(&nodes[l]))
                }));
                // And a label is followed by its value: the pair is one answer.
                if self.texts
                    && let Some(v) = value_of(self.snap, j, &self.score)
                        .filter(|&v| !self.taken[v] && !unit.contains(&v) && !labels.contains(&v))
                {
                    write_candidate(&mut line, &mut key, nodes, v, brief);
                    labels.push(v);
                }
            }
            let cost = estimate_tokens(&line);
            if used + cost > max_tokens {
                break;
            }
            used += cost;
            out.push_str(&line);
            self.take_unit(&unit);
            self.exclude(&labels);
            written.extend(unit);
            written.extend(labels);
        }
        written
    }
}

/// The label of value `i` in a label–value structure: the nearest `term` before a
/// `definition` among its siblings (and for a node within a definition, the definition's);
/// for a cell, its row's `rowheader`, or else the row's first cell. A label is a node of the
/// page's own structure, not guessed from text.
fn label_of(snap: &Snapshot<'_>, i: usize) -> Option<usize> {
    let nodes = snap.nodes();
    let parent = nodes.get(i)?.parent()?;
    let children = || snap.children(parent).map(NodeId::index);
    match nodes[i].role() {
        "definition" => children()
            .take_while(|&j| j < i)
            .filter(|&j| nodes[j].role() == "term")
            .last(),
        "cell" | "gridcell" => label_of_row(snap, parent).filter(|&j| j != i),
        // A paragraph within a definition has the definition's label.
        _ if nodes[parent.index()].role() == "definition" => label_of(snap, parent.index()),
        _ => None,
    }
}

/// The value of label `i` in a label–value structure, the converse of [`label_of`]: the
/// `definition` after a `term`; for a row's `rowheader` or first cell, the row's other cell
/// that ranks first by `score`, or the next one when none ranks; for a text node, the text
/// node right after it (a flattened row). Only a value with a ref is one, so text counts only
/// in chrome-devtools-mcp's syntax, where text has a uid.
fn value_of(snap: &Snapshot<'_>, i: usize, score: &[f32]) -> Option<usize> {
    let nodes = snap.nodes();
    let parent = nodes.get(i)?.parent()?;
    let after = snap
        .children(parent)
        .map(NodeId::index)
        .skip_while(|&j| j <= i);
    let value = match nodes[i].role() {
        "term" => after
            .take_while(|&j| nodes[j].role() != "term")
            .find(|&j| nodes[j].role() == "definition"),
        // Of the row's other cells, the one the ranking puts first (the column the goal
        // names through its head), else the next.
        "rowheader" | "cell" | "gridcell" if label_of_row(snap, parent) == Some(i) => {
            let mut cells = after
                .filter(|&j| matches!(nodes[j].role(), "cell" | "gridcell"))
                .peekable();
            let next = cells.peek().copied();
            cells
                .filter(|&j| score.get(j).is_some_and(|s| s.is_finite()))
                .max_by(|&a, &b| score[a].total_cmp(&score[b]).then(b.cmp(&a)))
                .or(next)
        }
        // A flattened table (chrome-devtools-mcp's default snapshot) is a run of text
        // nodes, each row's label followed by its value.
        _ if nodes[i].kind() == NodeKind::Text => {
            after.take(1).find(|&j| nodes[j].kind() == NodeKind::Text)
        }
        _ => None,
    };
    value.filter(|&v| nodes[v].aria_ref().is_some())
}

/// The label of a row's cells: its `rowheader`, or else its first cell.
fn label_of_row(snap: &Snapshot<'_>, row: NodeId) -> Option<usize> {
    let nodes = snap.nodes();
    let children = || snap.children(row).map(NodeId::index);
    children()
        .find(|&j| nodes[j].role() == "rowheader")
        .or_else(|| {
            children()
                .next()
                .filter(|&j| matches!(nodes[j].role(), "cell" | "gridcell"))
        })
}

/// Writes candidate `i`'s line at the top level with its `/url` (unless `brief` hides it); a
/// control with no name of its own is followed by the first label in its subtree, which is
/// returned.
fn write_candidate(
    line: &mut String,
    key: &mut String,
    nodes: &[Node<'_>],
    i: usize,
    brief: Brief<'_>,
) -> Option<usize> {
    let node = &nodes[i];
    render_node_at(line, key, node, 0, brief);
    line.push('\n');
    if node.name().is_none()
        && node.text().is_none()
        && let Some(label) = (i + 1..node.end as usize)
            .find(|&j| nodes[j].name().is_some() || nodes[j].text().is_some())
    {
        let label_brief = Brief {
            max_text: brief.max_text.map(|m| m / 2),
            ..brief
        };
        render_node_at(line, key, &nodes[label], 1, label_brief);
        line.push('\n');
        return Some(label);
    }
    None
}

#[cfg(test)]
mod tests;
