//! The client against a real HTTP server on 127.0.0.1 with scripted answers.

use std::time::Duration;

use mcp_lean_llm::{Client, Config, Error, Message, Request, Schema, Tool};
use scripted_llm::{Reply, Server, chat, chat_full, http, serve, tool_calls};
use serde_json::json;

pub(crate) fn config(url: &str) -> Config {
    Config {
        base_url: url.to_owned(),
        model: "test-model".to_owned(),
        api_key: Some("test-key".to_owned()),
        timeout: Duration::from_secs(5),
        max_attempts: 3,
        backoff: Duration::from_millis(1),
        max_retry_wait: Duration::from_millis(20),
        ..Config::default()
    }
}

fn client(server: &Server) -> Client {
    Client::new(config(&server.url)).expect("a usable config")
}

fn ask() -> Request {
    Request::new(vec![Message::system("be brief"), Message::user("hello")])
}

fn ask_json() -> Request {
    let mut r = ask();
    r.schema = Some(Schema {
        name: "answer".to_owned(),
        schema: json!({"type": "object", "additionalProperties": false,
            "required": ["value"], "properties": {"value": {"type": "string"}}}),
    });
    r
}

#[test]
fn a_text_answer_with_its_usage() {
    let server = serve(vec![chat("bonjour")]);
    let answer = client(&server).complete(&ask()).expect("an answer");
    assert_eq!(answer.content.as_deref(), Some("bonjour"));
    assert_eq!(answer.finish_reason.as_deref(), Some("stop"));
    assert_eq!(
        (answer.usage.prompt_tokens, answer.usage.completion_tokens),
        (10, 5)
    );
    assert_eq!(answer.requests, 1);
    let reqs = server.requests();
    let head = reqs[0].head.to_ascii_lowercase();
    assert!(
        head.starts_with("post /v1/chat/completions http/1.1"),
        "{head}"
    );
    assert!(head.contains("authorization: bearer test-key"), "{head}");
    assert_eq!(reqs[0].body["model"], "test-model");
    assert_eq!(reqs[0].body["messages"][1]["content"], "hello");
    assert_eq!(reqs[0].body["seed"], 7);
}

#[test]
fn tool_calls_come_back_and_the_tools_go_out() {
    let server = serve(vec![tool_calls(&[
        ("browser_navigate", json!({"url": "http://127.0.0.1/"})),
        ("browser_snapshot", json!({})),
    ])]);
    let mut request = ask();
    request.tools.push(Tool {
        name: "browser_navigate".to_owned(),
        description: "Navigate to a URL".to_owned(),
        parameters: json!({"type": "object", "properties": {"url": {"type": "string"}}}),
    });
    let answer = client(&server).complete(&request).expect("an answer");
    let names: Vec<&str> = answer.tool_calls.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["browser_navigate", "browser_snapshot"]);
    assert_eq!(answer.tool_calls[0].id, "call_1");
    let args: serde_json::Value =
        serde_json::from_str(&answer.tool_calls[0].arguments).expect("JSON arguments");
    assert_eq!(args["url"], "http://127.0.0.1/");
    let sent = &server.requests()[0].body;
    assert_eq!(sent["tools"][0]["type"], "function");
    assert_eq!(sent["tools"][0]["function"]["name"], "browser_navigate");
    // The answer goes back into the conversation as the API expects it.
    let Message::Assistant { tool_calls, .. } = answer.to_message() else {
        panic!("an assistant message");
    };
    assert_eq!(tool_calls.len(), 2);
}

#[test]
fn rate_limit_honours_retry_after() {
    let server = serve(vec![
        http(
            "429 Too Many Requests",
            "Retry-After: 0.05\r\n",
            r#"{"error":{"message":"slow down"}}"#,
        ),
        chat("ok"),
    ]);
    let cfg = Config {
        // The backoff alone would wait far longer than the test's bound: Retry-After wins.
        backoff: Duration::from_secs(30),
        max_retry_wait: Duration::from_secs(60),
        ..config(&server.url)
    };
    let started = std::time::Instant::now();
    let answer = Client::new(cfg)
        .expect("a usable config")
        .complete(&ask())
        .expect("an answer");
    assert_eq!(answer.requests, 2);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "Retry-After was ignored"
    );
}

#[test]
fn server_errors_then_success_and_usage_over_all_answers() {
    let server = serve(vec![
        http("500 Internal Server Error", "", "{}"),
        http("503 Service Unavailable", "", "{}"),
        chat("fine"),
    ]);
    let answer = client(&server).complete(&ask()).expect("an answer");
    assert_eq!(
        (answer.content.as_deref(), answer.requests),
        (Some("fine"), 3)
    );
}

#[test]
fn server_errors_until_the_attempts_run_out() {
    let server = serve(vec![
        http("502 Bad Gateway", "", "{}"),
        http("500 Internal Server Error", "", "{}"),
        http("500 Internal Server Error", "", "{}"),
    ]);
    let e = client(&server).complete(&ask()).expect_err("no answer");
    assert_eq!(
        e,
        Error::GaveUp {
            attempts: 3,
            last: "the server answered 500".to_owned()
        }
    );
}

#[test]
fn malformed_json_is_retried() {
    let server = serve(vec![
        http("200 OK", "", "{\"choices\": [{\"message\": "),
        http("200 OK", "", "<html>oops</html>"),
        chat("ok"),
    ]);
    let answer = client(&server).complete(&ask()).expect("an answer");
    assert_eq!(answer.requests, 3);
}

#[test]
fn an_answer_the_caller_rejects_counts_as_a_failed_attempt() {
    let server = serve(vec![chat("twelve"), chat("12")]);
    let n: u32 = client(&server)
        .complete_with(&ask(), |c| {
            let t = c.content.as_deref().unwrap_or("");
            t.parse().map_err(|_| format!("not a number: {t}"))
        })
        .expect("a number");
    assert_eq!(n, 12);
    let server = serve(vec![chat("a"), chat("b"), chat("c")]);
    let e = client(&server)
        .complete_with(&ask(), |c| Err::<(), _>(format!("no: {:?}", c.content)))
        .expect_err("never accepted");
    assert!(
        e.to_string()
            .contains("gave up after 3 attempts: no: Some(\"c\")"),
        "{e}"
    );
}

#[test]
fn a_hang_past_the_timeout_then_an_answer() {
    let server = serve(vec![
        Reply::Hang(Duration::from_secs(10)),
        chat("late but fine"),
    ]);
    let cfg = Config {
        timeout: Duration::from_millis(300),
        ..config(&server.url)
    };
    let answer = Client::new(cfg)
        .expect("a usable config")
        .complete(&ask())
        .expect("an answer");
    assert_eq!(answer.content.as_deref(), Some("late but fine"));
}

#[test]
fn a_deadline_cuts_a_hang_short_and_starts_no_further_attempt() {
    let server = serve(vec![Reply::Hang(Duration::from_secs(10)), chat("too late")]);
    // The per-attempt timeout alone would wait 5 s and then ask again; the deadline ends both.
    let mut request = ask();
    request.deadline = Some(std::time::Instant::now() + Duration::from_millis(300));
    let err = client(&server)
        .complete(&request)
        .expect_err("the deadline passes during the hang");
    match err {
        Error::GaveUp { attempts, last } => {
            assert_eq!(attempts, 1, "no attempt after the deadline");
            assert!(last.contains("deadline"), "{last}");
        }
        other => panic!("expected GaveUp, got {other:?}"),
    }
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn a_schema_rejected_is_asked_again_in_json_mode_then_plain() {
    let bad = || {
        http(
            "400 Bad Request",
            "",
            r#"{"error":{"message":"response_format is not supported"}}"#,
        )
    };
    let server = serve(vec![bad(), bad(), chat("{\"value\": \"x\"}")]);
    let answer = client(&server).complete(&ask_json()).expect("an answer");
    assert_eq!(answer.requests, 3);
    let reqs = server.requests();
    assert_eq!(reqs[0].body["response_format"]["type"], "json_schema");
    assert_eq!(reqs[1].body["response_format"]["type"], "json_object");
    assert!(reqs[2].body.get("response_format").is_none());
}

#[test]
fn a_rejected_temperature_is_dropped() {
    let server = serve(vec![
        http(
            "400 Bad Request",
            "",
            r#"{"error":{"message":"Unsupported value: 'temperature' does not support 0"}}"#,
        ),
        chat("ok"),
    ]);
    client(&server).complete(&ask()).expect("an answer");
    let reqs = server.requests();
    assert_eq!(reqs[0].body["temperature"], 0.0);
    assert!(reqs[1].body.get("temperature").is_none());
}

#[test]
fn a_400_without_a_simpler_form_is_rejected() {
    let server = serve(vec![http(
        "400 Bad Request",
        "",
        r#"{"error":{"message":"bad tools"}}"#,
    )]);
    let e = client(&server).complete(&ask()).expect_err("rejected");
    assert!(
        matches!(&e, Error::Rejected { status: 400, body, .. } if body.contains("bad tools")),
        "{e}"
    );
}

#[test]
fn unauthorized_is_rejected_at_once_with_a_hint() {
    let server = serve(vec![http(
        "401 Unauthorized",
        "",
        r#"{"error":{"message":"bad key"}}"#,
    )]);
    let e = client(&server).complete(&ask()).expect_err("rejected");
    assert!(
        e.to_string().contains("answered 401 (check the API key)"),
        "{e}"
    );
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn a_refusal_is_not_retried() {
    let server = serve(vec![chat_full(
        json!({"role": "assistant", "content": null, "refusal": "I can't help"}),
        "stop",
    )]);
    let e = client(&server).complete(&ask()).expect_err("refused");
    assert_eq!(e.to_string(), "the model refused: I can't help");
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn a_json_answer_cut_off_is_retried() {
    let server = serve(vec![
        chat_full(
            json!({"role": "assistant", "content": "{\"value\": \"ab"}),
            "length",
        ),
        chat("{\"value\": \"abc\"}"),
    ]);
    let answer = client(&server).complete(&ask_json()).expect("an answer");
    assert_eq!(answer.content.as_deref(), Some("{\"value\": \"abc\"}"));
    assert_eq!(answer.total_usage.total_tokens, 30);
}

#[test]
fn nobody_listening_gives_up_saying_where() {
    let server = Server::unreachable();
    let e = client(&server).complete(&ask()).expect_err("nobody there");
    assert!(
        e.to_string().contains(&format!(
            "request to {}/chat/completions failed",
            server.url
        )),
        "{e}"
    );
}

#[test]
fn a_url_that_is_not_http_is_refused_before_any_request() {
    for url in ["", "ftp://x/v1", "api.openai.com/v1", "https://"] {
        let e = Client::new(config(url)).expect_err(url);
        assert!(matches!(e, Error::BadUrl { .. }), "{url}: {e}");
        assert!(e.to_string().contains("https://api.openai.com/v1"), "{e}");
    }
}
