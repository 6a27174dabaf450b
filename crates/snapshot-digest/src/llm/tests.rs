use super::*;

#[test]
fn refs_in_every_shape() {
    let read = |t: &str| read_refs(t).map_err(|e| e.chars().take(30).collect::<String>());
    assert_eq!(
        read(r#"{"refs": ["e5", "[ref=e7]", "uid=1_5", " ref=e9 "]}"#),
        Ok(vec![
            "e5".to_owned(),
            "e7".to_owned(),
            "1_5".to_owned(),
            "e9".to_owned()
        ])
    );
    assert_eq!(
        read("Sure!\n```json\n{\"refs\": \"e3\"}\n```"),
        Ok(vec!["e3".to_owned()])
    );
    assert_eq!(read(r#"{"refs": []}"#), Ok(vec![]));
    assert_eq!(read(r#"{"a": {"refs": ["x"]}}"#), Ok(vec!["x".to_owned()]));
    assert!(read("e5 and e7").is_err());
    assert!(read(r#"{"refs": {"e5": 1}}"#).is_err());
    assert!(read("{{{{").is_err());
}

proptest::proptest! {
    /// A model's answer is outside data: whatever it says, reading it returns.
    #[test]
    fn any_answer_reads_without_panic(text in "\\PC{0,300}", refs in proptest::collection::vec("\\PC{0,12}", 0..6)) {
        let _ = read_refs(&text);
        let answer = serde_json::json!({"refs": refs}).to_string();
        let read = read_refs(&answer).map_err(proptest::test_runner::TestCaseError::fail)?;
        proptest::prop_assert_eq!(read.len(), refs.len().min(MAX_REFS_READ));
        let _ = read_refs(&format!("{text}{answer}{text}"));
    }
}

#[test]
fn the_excerpt_cannot_close_its_fence() {
    let r = request("buy", "- button \"````\" [ref=e1]\n");
    let Message::User(user) = &r.messages[1] else {
        panic!("a user message")
    };
    assert!(user.contains("`````\n- button"), "{user}");
}
