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
