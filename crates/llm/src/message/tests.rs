//! Unit tests of the request body and of reading the model's replies.

use super::*;

#[test]
fn the_body_carries_tools_schema_and_the_conversation() {
    let mut request = Request::new(vec![
        Message::system("s"),
        Message::user("u"),
        Message::Assistant {
            content: None,
            tool_calls: vec![ToolCall {
                id: "c1".into(),
                name: "click".into(),
                arguments: "{\"ref\":\"e1\"}".into(),
            }],
        },
        Message::Tool {
            call_id: "c1".into(),
            content: "ok".into(),
        },
    ]);
    request.tools.push(Tool {
        name: "click".into(),
        description: "Click".into(),
        parameters: json!({"type": "object"}),
    });
    request.schema = Some(Schema {
        name: "x".into(),
        schema: json!({"type": "object"}),
    });
    let b = body(&request, "m", Format::Schema, Some(0.0), None);
    assert_eq!(
        b["messages"][2]["tool_calls"][0]["function"]["name"],
        "click"
    );
    assert_eq!(b["messages"][3]["tool_call_id"], "c1");
    assert_eq!(b["tools"][0]["function"]["parameters"]["type"], "object");
    assert_eq!(b["response_format"]["json_schema"]["strict"], true);
    assert!(b.get("seed").is_none());
    let plain = body(&request, "m", Format::Plain, None, Some(7));
    assert!(plain.get("response_format").is_none() && plain.get("temperature").is_none());
    assert_eq!(
        body(&request, "m", Format::JsonObject, None, None)["response_format"]["type"],
        "json_object"
    );
}

#[test]
fn answers_in_every_shape() {
    let a = json!({"choices": [{"message": {"content": null, "tool_calls": [
        {"id": "x", "type": "function", "function": {"name": "t", "arguments": {"a": 1}}},
        {"type": "function", "function": {"name": "u"}}]}, "finish_reason": "tool_calls"}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 2}});
    let Answer::Completion(c) = read_answer(&a) else {
        panic!("a completion")
    };
    assert_eq!(c.tool_calls[0].arguments, "{\"a\":1}");
    assert_eq!(
        (
            c.tool_calls[1].id.as_str(),
            c.tool_calls[1].arguments.as_str()
        ),
        ("call_1", "{}")
    );
    assert_eq!(c.usage.total_tokens, 7);
    assert!(matches!(
        read_answer(&json!({"choices": [{"message": {"refusal": "no"}}]})),
        Answer::Refusal(r) if r == "no"
    ));
    assert!(matches!(
        read_answer(&json!({"error": {"message": "overloaded"}})),
        Answer::Unusable(why, _) if why.contains("overloaded")
    ));
    assert!(matches!(
        read_answer(&json!({"choices": [{"message": {"content": null}}]})),
        Answer::Unusable(..)
    ));
    assert!(matches!(
        read_answer(&json!({"choices": [{"message": {"tool_calls": [{"function": {}}]}}]})),
        Answer::Unusable(why, _) if why.contains("no function name")
    ));
}
