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
mod tests {
    use super::*;

    #[test]
    fn the_form_around_a_target_is_found_and_measured() {
        let text = "- main:\n  - form:\n    - generic:\n      - textbox \"Email\" [ref=e2]\n      - textbox \"Password\" [ref=e3]\n    - button \"Sign in\" [ref=e4]\n  - link \"Help\" [ref=e5]\n";
        let snap = snapshot_digest::parse(text).expect("parses");
        let forms = target_forms(&snap, &[vec!["e3".to_owned()]]);
        assert_eq!(forms, [["e2", "e3", "e4"]]);
        let form = &forms[0];
        assert!(target_forms(&snap, &[vec!["e5".to_owned()]]).is_empty());
        let share = shown_share("- textbox \"Password\" [ref=e3]\n- button [ref=e4]", form);
        assert!((share - 2.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn each_copy_of_a_form_the_goal_accepts_is_measured() {
        let text = "- form:\n  - textbox \"Email\" [ref=e2]\n  - button \"Sign in\" [ref=e3]\n- dialog:\n  - form:\n    - textbox \"Email\" [ref=e5]\n    - button \"Sign in\" [ref=e6]\n";
        let snap = snapshot_digest::parse(text).expect("parses");
        let targets = [vec!["e2".to_owned(), "e5".to_owned()]];
        assert_eq!(target_forms(&snap, &targets), [["e2", "e3"], ["e5", "e6"]]);
    }
}
