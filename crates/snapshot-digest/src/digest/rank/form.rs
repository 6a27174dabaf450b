//! The form a control belongs to: the unit an agent fills in and submits.

use super::credit::{is_actionable, is_form_control};
use super::tuning::{FORM_LEVELS, FORM_NODES, GROUP_LEVELS, GROUP_NODES};
use crate::roles::is_landmark_role;
use crate::tree::{Node, Snapshot};

/// A form found around a node.
pub(crate) struct Form {
    /// The form's node.
    pub(crate) node: usize,
    /// Whether it is a `form` or `search` element, not a container found by what it holds.
    pub(crate) marked: bool,
}

/// Whether node `i` is a field, or a control of a form that holds one: what a goal acting on
/// it fills in is the whole form.
pub(crate) fn in_form(snap: &Snapshot<'_>, i: usize) -> bool {
    let nodes = snap.nodes();
    nodes.get(i).is_some_and(|n| is_form_control(n.role()))
        || form_of(snap, i, true).is_some_and(|form| {
            (form.node + 1..nodes[form.node].end as usize).any(|j| is_form_control(nodes[j].role()))
        })
}

/// [`in_form`] for many nodes of one page: the controls and fields in any range of nodes
/// are counted once, so that each question costs a walk up a few levels rather than a scan
/// of the containers (the ranking asks it of every control of a page of thousands).
pub(crate) struct Forms {
    /// Controls (options not among them), fields and options among the nodes before each
    /// index.
    controls: Vec<u32>,
    fields: Vec<u32>,
    options: Vec<u32>,
}

impl Forms {
    pub(crate) fn new(snap: &Snapshot<'_>) -> Self {
        let nodes = snap.nodes();
        let mut controls = Vec::with_capacity(nodes.len() + 1);
        let mut fields = Vec::with_capacity(nodes.len() + 1);
        let mut options = Vec::with_capacity(nodes.len() + 1);
        controls.push(0);
        fields.push(0);
        options.push(0);
        for node in nodes {
            controls.push(controls.last().copied().unwrap_or(0) + u32::from(is_form_part(node)));
            fields.push(
                fields.last().copied().unwrap_or(0) + u32::from(is_form_control(node.role())),
            );
            options.push(options.last().copied().unwrap_or(0) + u32::from(is_option(node)));
        }
        Self {
            controls,
            fields,
            options,
        }
    }

    fn count(prefix: &[u32], range: std::ops::Range<usize>) -> usize {
        (prefix.get(range.end).copied().unwrap_or(0)
            - prefix.get(range.start).copied().unwrap_or(0)) as usize
    }

    /// The same answer as [`in_form`] for node `i`.
    pub(crate) fn contains(&self, snap: &Snapshot<'_>, i: usize) -> bool {
        let nodes = snap.nodes();
        let Some(node) = nodes.get(i) else {
            return false;
        };
        is_form_control(node.role())
            || find_form(
                snap,
                i,
                |inside| Self::count(&self.controls, inside),
                |node, limit| {
                    let all = nodes[node].end as usize - node;
                    (all - Self::count(&self.options, node..node + all)).min(limit + 1)
                },
            )
            .is_some_and(|form| {
                Self::count(&self.fields, form.node + 1..nodes[form.node].end as usize) > 0
            })
    }
}

/// The form of node `i`: the nearest `form` or `search` element around it; without one, the
/// largest container a few levels up, below any landmark, that holds at least two controls
/// (`control`: `i` is a field or button) or at least two fields (for a heading or label).
/// Fields sit deep in wrappers (form > div > div > label > textbox), so a marked form is
/// looked for further up than a container without a role.
pub(crate) fn form_of(snap: &Snapshot<'_>, i: usize, control: bool) -> Option<Form> {
    let nodes = snap.nodes();
    find_form(
        snap,
        i,
        |inside| {
            if control {
                inside.filter(|&j| is_form_part(&nodes[j])).count()
            } else {
                inside.filter(|&j| is_form_control(nodes[j].role())).count()
            }
        },
        |node, limit| size_up_to(nodes, node, limit),
    )
}

/// A choice's option: one of its values, not a part of the form around it.
pub(crate) fn is_option(node: &Node<'_>) -> bool {
    node.role() == "option"
}

/// A control the form around it counts and shows: anything actionable but a choice's
/// options, which are shown with their choice.
pub(crate) fn is_form_part(node: &Node<'_>) -> bool {
    is_actionable(node) && !is_option(node)
}

/// The size of node `node`'s subtree in nodes, its options not counted (a select of 200
/// countries is one field of its form), counted up to `limit + 1`: past a limit the size no
/// longer matters, and a page-wide container is not walked to its end.
fn size_up_to(nodes: &[Node<'_>], node: usize, limit: usize) -> usize {
    let mut size = 0;
    for n in &nodes[node..nodes[node].end as usize] {
        size += usize::from(!is_option(n));
        if size > limit {
            break;
        }
    }
    size
}

/// [`form_of`] with `holds` counting what a range of nodes holds and `size` a node's subtree
/// without options, up to a limit ([`size_up_to`]): by a scan for one node, by [`Forms`]'
/// counts for every control of a page.
fn find_form(
    snap: &Snapshot<'_>,
    i: usize,
    holds: impl Fn(std::ops::Range<usize>) -> usize,
    size: impl Fn(usize, usize) -> usize,
) -> Option<Form> {
    let nodes = snap.nodes();
    let marked = snap
        .ancestors(crate::tree::NodeId(u32::try_from(i).unwrap_or(u32::MAX)))
        .take(FORM_LEVELS)
        .map(|a| a.index())
        .find(|&a| {
            matches!(nodes[a].role(), "form" | "search") && size(a, FORM_NODES) <= FORM_NODES
        });
    if let Some(node) = marked {
        return Some(Form { node, marked: true });
    }
    let mut container = None;
    let mut at = nodes.get(i).and_then(|n| n.parent());
    for _ in 0..GROUP_LEVELS {
        let Some(a) = at else { break };
        let anc = &nodes[a.index()];
        // A landmark is a region of the page, not one form: stop below it.
        if size(a.index(), GROUP_NODES) > GROUP_NODES
            || is_landmark_role(anc.role())
            || anc.role() == "article"
        {
            break;
        }
        if holds(a.index() + 1..anc.end as usize) >= 2 {
            container = Some(a.index());
        }
        at = anc.parent();
    }
    container.map(|node| Form {
        node,
        marked: false,
    })
}

#[cfg(test)]
mod tests;
