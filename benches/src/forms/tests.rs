//! Unit tests of finding a target's form and measuring how much of it a text shows.

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
