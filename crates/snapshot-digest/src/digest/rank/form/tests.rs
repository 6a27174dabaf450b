use super::*;

/// `Forms::contains` answers as `in_form` does, on every node of the shipped samples.
#[test]
fn counted_forms_agree_with_in_form() {
    for name in ["shop.snapshot.yaml", "news.snapshot.yaml"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples")
            .join(name);
        let text = std::fs::read_to_string(path).expect("the shipped sample");
        let snap = crate::syntax::parse(&text).expect("the sample parses");
        let forms = Forms::new(&snap);
        for i in 0..snap.len() + 1 {
            assert_eq!(
                forms.contains(&snap, i),
                in_form(&snap, i),
                "{name}: node {i}"
            );
        }
    }
}

/// A picker of three selects and a button is one form: the selects' 60 options are their
/// values, not part of the form's size, and the counted answer agrees with the scanned one.
#[test]
fn options_do_not_make_a_form_too_big_to_be_one() {
    let mut text =
        String::from("- main [ref=e1]:\n  - generic [ref=e2]:\n    - text: \"Archives:\"\n");
    for (k, options) in [12, 31, 17].into_iter().enumerate() {
        text.push_str(&format!("    - combobox [ref=e{}]:\n", 3 + k));
        for o in 0..options {
            text.push_str(&format!("      - option \"{o}\"\n"));
        }
    }
    text.push_str("    - button \"GO\" [ref=e9]\n");
    let snap = crate::syntax::parse(&text).expect("the picker parses");
    let select = (0..snap.len())
        .find(|&i| snap.nodes()[i].role() == "combobox")
        .expect("a select");
    let form = form_of(&snap, select, true).expect("the picker is a form");
    assert_eq!(
        snap.nodes()[form.node].aria_ref().map(|r| r.as_str()),
        Some("e2")
    );
    let forms = Forms::new(&snap);
    for i in 0..snap.len() + 1 {
        assert_eq!(forms.contains(&snap, i), in_form(&snap, i), "node {i}");
    }
}
