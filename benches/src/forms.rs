//! Forms as units: when a goal acts on a form (a target field or button inside one), the agent
//! needs every control of that form, not only the target. This measures how much of the
//! target's form a digest shows. A form is a `form` or `search` element, or, since most pages
//! leave their forms unnamed (and an unnamed HTML form has no role), the smallest container
//! around the target that holds at least two fields.

use snapshot_digest::{Snapshot, is_interactive_role};

/// Roles of the fields a form is filled in with.
const FIELDS: &[&str] = &[
    "textbox",
    "searchbox",
    "combobox",
    "spinbutton",
    "checkbox",
    "radio",
    "listbox",
    "slider",
    "switch",
];
/// How far up a form is looked for, and the largest one, in nodes and in controls: bigger is
/// a region of the page that holds a form somewhere.
const LEVELS: usize = 10;
const MAX_NODES: usize = 400;
const MAX_CONTROLS: usize = 40;

/// The forms a goal acts on: for the first target group with a field or button inside a form
/// (see the module's documentation), the refs of the controls of each of its alternatives'
/// forms. A page can hold two copies of one form (a sidebar and a dialog sign-in), and the
/// goal accepts either; the measure takes the copy a digest shows best. Empty when no target
/// is in a form.
#[must_use]
pub fn target_forms(snap: &Snapshot<'_>, targets: &[Vec<String>]) -> Vec<Vec<String>> {
    for group in targets {
        let mut forms: Vec<Vec<String>> = Vec::new();
        for target in group {
            if let Some(form) = form_around(snap, target)
                && !forms.contains(&form)
            {
                forms.push(form);
            }
        }
        if !forms.is_empty() {
            return forms;
        }
    }
    Vec::new()
}

/// The refs of the controls of the form around target field or button `target`.
fn form_around(snap: &Snapshot<'_>, target: &str) -> Option<Vec<String>> {
    let nodes = snap.nodes();
    let i = nodes
        .iter()
        .position(|n| n.aria_ref().is_some_and(|r| r.as_str() == target))?;
    if !FIELDS.contains(&nodes[i].role()) && nodes[i].role() != "button" {
        return None;
    }
    // A marked form first; else the smallest container with two fields.
    let ancestors: Vec<_> = std::iter::successors(nodes[i].parent(), |a| nodes[a.index()].parent())
        .take(LEVELS)
        .take_while(|&a| (snap.subtree_range(a).len()) <= MAX_NODES)
        .collect();
    let marked = ancestors
        .iter()
        .find(|a| matches!(nodes[a.index()].role(), "form" | "search"));
    let form = marked.or_else(|| {
        ancestors.iter().find(|&&a| {
            let range = snap.subtree_range(a);
            nodes[range.start as usize..range.end as usize]
                .iter()
                .filter(|n| FIELDS.contains(&n.role()))
                .count()
                >= 2
        })
    })?;
    let range = snap.subtree_range(*form);
    let controls: Vec<String> = nodes[range.start as usize..range.end as usize]
        .iter()
        .filter(|n| is_interactive_role(n.role()))
        .filter_map(|n| n.aria_ref().map(|r| r.as_str().to_owned()))
        .collect();
    (controls.len() <= MAX_CONTROLS).then_some(controls)
}

/// The share of `controls` (refs) that `output` shows, from 0 to 1 (1 for none).
#[must_use]
pub fn shown_share(output: &str, controls: &[String]) -> f64 {
    if controls.is_empty() {
        return 1.0;
    }
    let shown = controls
        .iter()
        .filter(|r| output.contains(&format!("[ref={r}]")))
        .count();
    shown as f64 / controls.len() as f64
}

#[cfg(test)]
mod tests;
