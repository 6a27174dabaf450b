//! The server's questions made entries of inputRequests, and the client's answers read back.

use super::*;

fn elicit(meta: Value) -> ServerRequest {
    serde_json::from_value(json!({"method": "elicitation/create", "params": {
            "message": "your name?", "_meta": meta,
            "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}))
    .expect("an elicitation request")
}

fn caps(value: Value) -> ClientCapabilities {
    serde_json::from_value(value).expect("capabilities")
}

#[test]
fn a_usable_hint_names_the_key_and_leaves_the_request() {
    let q = question(&elicit(json!({KEY_HINT: "user_name", "vendor/x": 1}))).expect("ok");
    assert_eq!(q.hint.as_deref(), Some("user_name"));
    let sent = serde_json::to_value(&q.request).expect("serializes");
    assert!(sent["params"]["_meta"].get(KEY_HINT).is_none(), "{sent}");
    assert_eq!(sent["params"]["_meta"]["vendor/x"], 1, "{sent}");
    for bad in [json!(""), json!(5), json!("a\nb"), json!("k".repeat(65))] {
        let q = question(&elicit(json!({KEY_HINT: bad}))).expect("ok");
        assert_eq!(q.hint, None);
        let sent = serde_json::to_value(&q.request).expect("serializes");
        assert!(sent["params"].get("_meta").is_none(), "{sent}");
    }
}

#[test]
fn each_question_needs_its_capability() {
    let q = question(&elicit(json!({}))).expect("ok");
    assert!(declared(&q.needs, &caps(json!({"elicitation": {}}))));
    assert!(declared(
        &q.needs,
        &caps(json!({"elicitation": {"form": {}}}))
    ));
    assert!(!declared(
        &q.needs,
        &caps(json!({"elicitation": {"url": {}}}))
    ));
    assert!(!declared(&q.needs, &caps(json!({"sampling": {}}))));
    let error = missing_capability(&q);
    assert_eq!(error.code, ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY);
    assert_eq!(
        error.data,
        Some(json!({"requiredCapabilities": {"elicitation": {}}}))
    );
    let roots: ServerRequest =
        serde_json::from_value(json!({"method": "roots/list"})).expect("roots");
    let q = question(&roots).expect("ok");
    assert!(declared(
        &q.needs,
        &caps(json!({"roots": {"listChanged": true}}))
    ));
    assert!(!declared(&q.needs, &caps(json!({}))));
}

#[test]
fn answers_must_be_results_of_the_method_asked() {
    assert!(
        answer(
            "elicitation/create",
            "k",
            &json!({"action": "accept", "content": {"name": "A"}})
        )
        .is_ok()
    );
    assert!(answer("roots/list", "k", &json!({"roots": []})).is_ok());
    let sampled =
        json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}, "model": "m"});
    assert!(answer("sampling/createMessage", "k", &sampled).is_ok());
    for (method, bad) in [
        ("elicitation/create", json!(12345)),
        ("elicitation/create", json!({"content": {}})),
        ("roots/list", json!({"action": "accept"})),
        ("sampling/createMessage", json!(null)),
    ] {
        let error = answer(method, "user_name", &bad).expect_err("refused");
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
        assert!(error.message.contains("\"user_name\""), "{}", error.message);
    }
}
