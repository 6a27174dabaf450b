//! The input-required bridge and `subscriptions/listen` through `mcp-lean proxy`, written as
//! raw JSON-RPC: a client of the 2026-07-28 revision in front of the scripted server, which
//! asks its client things in the middle of calls the way a server of the older era does. The
//! bad inputs each get the error the revision names, never a hang (every read has a time
//! limit), and the other clients go on.

use serde_json::{Value, json};

use crate::proxy_eras::Session;
use crate::proxy_http::{Listener, Reply};

/// Per-request `_meta` of the 2026-07-28 revision declaring `capabilities`.
fn meta(capabilities: Value) -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "bridge-test", "version": "1.0.0"},
        "io.modelcontextprotocol/clientCapabilities": capabilities
    })
}

/// A client that can answer every kind of question.
fn able() -> Value {
    meta(json!({"elicitation": {}, "sampling": {}, "roots": {}}))
}

/// A `tools/call` of `tool` with `meta`, and the retry's `inputResponses` and `requestState`
/// when given.
fn call(tool: &str, meta: Value, answers: Option<Value>, state: Option<&str>) -> Value {
    let mut params = json!({"name": tool, "arguments": {}, "_meta": meta});
    if let Some(answers) = answers {
        params["inputResponses"] = answers;
    }
    if let Some(state) = state {
        params["requestState"] = state.into();
    }
    params
}

fn named(name: &str) -> Value {
    json!({"action": "accept", "content": {"name": name}})
}

#[track_caller]
fn questions(answer: &Value) -> (Vec<String>, String) {
    let result = &answer["result"];
    assert_eq!(result["resultType"], "input_required", "{answer}");
    // An interim result is not cacheable, so it carries no cache hints.
    assert!(result.get("ttlMs").is_none(), "{answer}");
    let keys = result["inputRequests"]
        .as_object()
        .unwrap_or_else(|| panic!("inputRequests: {answer}"))
        .keys()
        .cloned()
        .collect();
    let state = result["requestState"]
        .as_str()
        .unwrap_or_else(|| panic!("requestState: {answer}"))
        .to_owned();
    (keys, state)
}

#[track_caller]
fn error(answer: &Value, code: i64, says: &str) {
    assert_eq!(answer["error"]["code"], code, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(says), "{says:?} in {answer}");
}

fn text(answer: &Value) -> String {
    answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn the_servers_questions_come_back_as_rounds_that_resume_the_same_call() {
    let mut s = Session::start();
    // Elicitation, then roots: two rounds, each with a state of its own.
    let first = s.ask(1, "tools/call", call("ask", able(), None, None));
    let (keys, state1) = questions(&first);
    assert_eq!(keys, ["elicitation-1"], "keys the proxy names: {first}");
    assert_eq!(
        first["result"]["inputRequests"]["elicitation-1"]["method"], "elicitation/create",
        "{first}"
    );
    let second = s.ask(
        2,
        "tools/call",
        call(
            "ask",
            able(),
            Some(json!({"elicitation-1": named("Ann")})),
            Some(&state1),
        ),
    );
    let (keys, state2) = questions(&second);
    assert_eq!(keys, ["roots-2"], "{second}");
    assert_ne!(state1, state2);
    let roots = json!({"roots": [{"uri": "file:///work", "name": "work"}]});
    let done = s.ask(
        3,
        "tools/call",
        call(
            "ask",
            able(),
            Some(json!({"roots-2": roots})),
            Some(&state2),
        ),
    );
    let seen = text(&done);
    assert!(
        seen.contains("\"Ann\"") && seen.contains("file:///work"),
        "the server got both answers: {done}"
    );

    // A state serves one retry: replayed after the call ended, it is refused.
    let replayed = s.ask(
        4,
        "tools/call",
        call(
            "ask",
            able(),
            Some(json!({"roots-2": {"roots": []}})),
            Some(&state2),
        ),
    );
    error(&replayed, -32_602, "has ended");

    // Questions a server writes at once come together, under the keys it names.
    let three = s.ask(5, "tools/call", call("ask_three", able(), None, None));
    let (mut keys, state) = questions(&three);
    keys.sort();
    assert_eq!(keys, ["greeting", "name", "roots"], "{three}");
    // A retry without the answers is asked again, under a new state.
    let again = s.ask(
        6,
        "tools/call",
        call(
            "ask_three",
            able(),
            Some(json!({"name": named("Bo")})),
            Some(&state),
        ),
    );
    let (mut keys, state) = questions(&again);
    keys.sort();
    assert_eq!(keys, ["greeting", "roots"], "only what is missing: {again}");
    // An answer that is not a result of its question: invalid params, and the call waits on.
    let bad = s.ask(
        7,
        "tools/call",
        call(
            "ask_three",
            able(),
            Some(json!({"greeting": 12345, "roots": {"roots": []}})),
            Some(&state),
        ),
    );
    error(&bad, -32_602, "\"greeting\"");
    // The state of another call: refused, and the call waits on.
    let wrong_call = s.ask(
        8,
        "tools/call",
        call("ask_named", able(), None, Some(&state)),
    );
    error(&wrong_call, -32_602, "not to this tools/call");
    let greeting =
        json!({"role": "assistant", "content": {"type": "text", "text": "hi"}, "model": "m"});
    let done = s.ask(
        9,
        "tools/call",
        call(
            "ask_three",
            able(),
            Some(json!({"greeting": greeting, "roots": {"roots": []}})),
            Some(&state),
        ),
    );
    let seen = text(&done);
    assert!(seen.contains("\"Bo\"") && seen.contains("\"hi\""), "{done}");

    // An altered state is refused as such.
    let asked = s.ask(10, "tools/call", call("ask_named", able(), None, None));
    let (_, state) = questions(&asked);
    let altered = s.ask(
        11,
        "tools/call",
        call(
            "ask_named",
            able(),
            Some(json!({"who": named("Cy")})),
            Some(&format!("{state}-TAMPERED")),
        ),
    );
    error(&altered, -32_602, "altered");
    let done = s.ask(
        12,
        "tools/call",
        call(
            "ask_named",
            able(),
            Some(json!({"who": named("Cy")})),
            Some(&state),
        ),
    );
    assert_eq!(text(&done), "hello Cy", "{done}");
}

#[test]
fn a_question_the_client_cannot_answer_is_refused_to_the_server_with_minus_32021() {
    let mut s = Session::start();
    // No capability declared: the server's elicitation and roots request both fail at once
    // with the revision's error, and the call goes on to its result.
    let done = s.ask(1, "tools/call", call("ask", meta(json!({})), None, None));
    let seen = text(&done);
    assert_eq!(seen.matches("-32021").count(), 2, "{done}");
    assert!(
        seen.contains("requiredCapabilities") && seen.contains("elicitation"),
        "{done}"
    );
    // A tool that cannot do without sampling fails with that error.
    let failed = s.ask(
        2,
        "tools/call",
        call(
            "needs_sampling",
            meta(json!({"elicitation": {}})),
            None,
            None,
        ),
    );
    assert_eq!(failed["error"]["code"], -32_021, "{failed}");
    assert_eq!(
        failed["error"]["data"]["requiredCapabilities"],
        json!({"sampling": {}}),
        "{failed}"
    );
}

#[test]
fn a_question_asked_after_the_answer_fails_at_the_server_and_the_answer_goes_back() {
    let mut s = Session::start();
    // The server answers the call and asks in the same write: the client gets the answer,
    // the question an error, and the session goes on.
    let answered = s.ask(1, "tools/call", call("ask_later", able(), None, None));
    assert_eq!(text(&answered), "answered", "{answered}");
    let late = s.ask(2, "tools/call", call("late_answer", able(), None, None));
    let seen = text(&late);
    assert!(seen.contains("\"code\""), "the server got an error: {late}");
    assert!(
        seen.contains("ended before the client answered") || seen.contains("no call is open"),
        "{late}"
    );
}

/// A request of the 2026-07-28 revision over HTTP, with the bearer `token`.
fn post(proxy: &Listener, token: &str, id: u64, params: &Value) -> Reply {
    let bearer = format!("Bearer {token}");
    let name = params["name"].as_str().unwrap_or_default().to_owned();
    proxy.post(
        &[
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", &name),
            ("Authorization", &bearer),
        ],
        &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}).to_string(),
    )
}

#[test]
fn another_clients_state_is_refused_and_both_clients_go_on() {
    let dir = std::env::temp_dir().join(format!("mcp-lean-bridge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let file = dir.join("tokens");
    let (a, b) = ("bridge-token-a-0123456789", "bridge-token-b-0123456789");
    std::fs::write(&file, format!("{a}\n{b}\n")).expect("write");
    let proxy = Listener::start(&["--auth-token-file", file.to_str().expect("utf-8")]);

    let asked_a = post(&proxy, a, 1, &call("ask_named", able(), None, None)).json();
    let (_, state_a) = questions(&asked_a);
    // B holds A's state: refused, as another client's.
    let stolen = post(
        &proxy,
        b,
        2,
        &call(
            "ask_named",
            able(),
            Some(json!({"who": named("Mallory")})),
            Some(&state_a),
        ),
    );
    assert_eq!(stolen.status, 200, "{}", stolen.body);
    error(&stolen.json(), -32_602, "another client");
    // Both go on: B's own call, then A's retry.
    let asked_b = post(&proxy, b, 3, &call("ask_named", able(), None, None)).json();
    let (_, state_b) = questions(&asked_b);
    let done_a = post(
        &proxy,
        a,
        4,
        &call(
            "ask_named",
            able(),
            Some(json!({"who": named("Ann")})),
            Some(&state_a),
        ),
    );
    assert_eq!(text(&done_a.json()), "hello Ann", "{}", done_a.body);
    let done_b = post(
        &proxy,
        b,
        5,
        &call(
            "ask_named",
            able(),
            Some(json!({"who": named("Bob")})),
            Some(&state_b),
        ),
    );
    assert_eq!(text(&done_b.json()), "hello Bob", "{}", done_b.body);

    // A tool that needs a capability the request did not declare: -32021 with HTTP 400.
    let refused = post(
        &proxy,
        a,
        6,
        &call("needs_sampling", meta(json!({})), None, None),
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(refused.json()["error"]["code"], -32_021, "{}", refused.body);
    assert_eq!(refused.json()["id"], 6, "{}", refused.body);
    drop(proxy);
    let _ = std::fs::remove_dir_all(dir);
}

/// Reads messages until the response to `id`, returning the notifications before it.
fn until_answer(s: &Session, id: &str) -> (Vec<Value>, Value) {
    let mut notifications = Vec::new();
    loop {
        let message = s.next();
        if message["id"] == id && message.get("method").is_none() {
            return (notifications, message);
        }
        notifications.push(message);
    }
}

#[test]
fn listen_streams_each_get_what_they_asked_for_and_an_id_in_use_is_refused() {
    let mut s = Session::start();
    let listen = |id: &str, filter: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "subscriptions/listen",
            "params": {"_meta": able(), "notifications": filter}})
    };
    s.send(&listen("tools", json!({"toolsListChanged": true})));
    let ack = s.next();
    assert_eq!(
        ack["method"], "notifications/subscriptions/acknowledged",
        "{ack}"
    );
    assert_eq!(
        ack["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"],
        "tools"
    );
    assert_eq!(
        ack["params"]["notifications"],
        json!({"toolsListChanged": true})
    );
    s.send(&listen(
        "updates",
        json!({"resourceSubscriptions": ["test://a"]}),
    ));
    let ack = s.next();
    assert_eq!(
        ack["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"], "updates",
        "{ack}"
    );
    // The resource is subscribed to at the server before the stream is open.
    let subscribed = s.ask(1, "tools/call", call("subscriptions", able(), None, None));
    assert_eq!(text(&subscribed), r#"["test://a"]"#, "{subscribed}");

    // A second stream with an id in use: refused, and both streams stay.
    s.send(&listen("tools", json!({"promptsListChanged": true})));
    let (_, refused) = until_answer(&s, "tools");
    error(&refused, -32_600, "still open");

    // The server changes its tools and the resource: each stream gets its own kind, tagged
    // with its id, before the call's answer.
    s.send(&json!({"jsonrpc": "2.0", "id": "change", "method": "tools/call", "params": call("changed", able(), None, None)}));
    let (mut seen, answer) = until_answer(&s, "change");
    assert_eq!(text(&answer), "changed", "{answer}");
    seen.sort_by_key(|m| m["method"].to_string());
    let tagged: Vec<(&str, &str)> = seen
        .iter()
        .map(|m| {
            (
                m["method"].as_str().unwrap_or_default(),
                m["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"]
                    .as_str()
                    .unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        tagged,
        [
            ("notifications/resources/updated", "updates"),
            ("notifications/tools/list_changed", "tools")
        ],
        "{seen:?}"
    );

    // The client cancels one stream; the other goes on alone.
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "tools"}}));
    s.send(&json!({"jsonrpc": "2.0", "id": "again", "method": "tools/call", "params": call("changed", able(), None, None)}));
    let (seen, _) = until_answer(&s, "again");
    let methods: Vec<&str> = seen
        .iter()
        .filter_map(|m| m["method"].as_str())
        .filter(|m| m.starts_with("notifications/") && *m != "notifications/message")
        .collect();
    assert_eq!(methods, ["notifications/resources/updated"], "{seen:?}");
}
