//! The LLM judge against a real HTTP server on 127.0.0.1 with scripted answers
//! (`scripted-llm`).

use std::sync::Arc;
use std::time::Duration;

use mcp_eval_core::llm::{LlmConfig, LlmJudge};
use mcp_eval_core::{Judge, JudgeInput, JudgeOutcome, ToolCall, Trajectory};
use scripted_llm::{Reply, Server, chat, chat_full, http, serve};
use serde_json::json;

pub(crate) fn config(url: &str) -> LlmConfig {
    LlmConfig {
        base_url: url.to_owned(),
        model: "judge-model".to_owned(),
        api_key: Some("test-key".to_owned()),
        timeout: Duration::from_secs(5),
        max_attempts: 3,
        backoff: Duration::from_millis(1),
        max_retry_wait: Duration::from_millis(20),
        ..LlmConfig::default()
    }
}

pub(crate) fn judge_with(server: &Server, config: LlmConfig) -> JudgeOutcome {
    let _ = server;
    let trajectory = Trajectory {
        stats: None,
        tool_calls: vec![ToolCall::new("browser_type", json!({"text": "red shoes"}))],
        final_text: "Found 3 red shoes.".to_owned(),
    };
    let input = JudgeInput {
        prompt: "Find red shoes",
        post_conditions: "Red shoes are listed",
        trajectory: &trajectory,
    };
    LlmJudge::new(config)
        .expect("a usable config")
        .judge(&input)
}

fn judge(server: &Server) -> JudgeOutcome {
    judge_with(server, config(&server.url))
}

#[track_caller]
pub(crate) fn assert_scored(outcome: &JudgeOutcome, want: f64) {
    match outcome {
        JudgeOutcome::Scored { score, .. } => {
            assert!((score - want).abs() < 1e-9, "score {score}, want {want}")
        }
        other => panic!("expected a score of {want}, got {other:?}"),
    }
}

#[track_caller]
fn assert_failed(outcome: &JudgeOutcome, reason_contains: &str) {
    match outcome {
        JudgeOutcome::Failed { reason } => {
            assert!(reason.contains(reason_contains), "reason: {reason}")
        }
        other => panic!("expected a failed judge ({reason_contains}), got {other:?}"),
    }
}

#[test]
fn good_answer_is_scored_and_the_request_is_well_formed() {
    let server = serve(vec![chat(
        r#"{"reasoning":"Red shoes are listed.","score":0.8}"#,
    )]);
    let outcome = judge(&server);
    assert_scored(&outcome, 0.8);
    assert!(
        matches!(&outcome, JudgeOutcome::Scored { reasoning, .. } if reasoning == "Red shoes are listed.")
    );
    let reqs = server.requests();
    assert_eq!(reqs.len(), 1);
    let head = reqs[0].head.to_ascii_lowercase();
    assert!(
        head.starts_with("post /v1/chat/completions http/1.1"),
        "{head}"
    );
    assert!(head.contains("authorization: bearer test-key"), "{head}");
    let body = &reqs[0].body;
    assert_eq!(body["model"], "judge-model");
    assert_eq!(body["temperature"], 0.0);
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(body["response_format"]["json_schema"]["strict"], true);
    let user = body["messages"][1]["content"].as_str().unwrap_or("");
    assert!(
        user.contains("Find red shoes")
            && user.contains("```json\n")
            && user.contains("\"browser_type\""),
        "{user}"
    );
}

#[test]
fn fenced_json_is_scored() {
    let server = serve(vec![chat(
        "```json\n{\"reasoning\": \"ok\", \"score\": 1}\n```",
    )]);
    assert_scored(&judge(&server), 1.0);
}

#[test]
fn prose_with_a_score_is_scored() {
    let server = serve(vec![chat(
        "The page lists red shoes, so the condition holds. Score: 0.9",
    )]);
    assert_scored(&judge(&server), 0.9);
}

#[test]
fn garbage_is_retried_then_unscored() {
    let server = serve(vec![
        chat("I cannot say."),
        chat("¯\\_(ツ)_/¯"),
        http("200 OK", "", "<html>oops</html>"),
    ]);
    let outcome = judge(&server);
    assert_failed(&outcome, "gave up after 3 attempts");
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn garbage_then_a_good_answer_is_scored() {
    let server = serve(vec![
        chat("hmm"),
        chat(r#"{"reasoning":"fine","score":0.6}"#),
    ]);
    assert_scored(&judge(&server), 0.6);
}

#[test]
fn rate_limit_honours_retry_after_then_scores() {
    let server = serve(vec![
        http(
            "429 Too Many Requests",
            "Retry-After: 1\r\n",
            r#"{"error":{"message":"slow down","code":"rate_limit_exceeded"}}"#,
        ),
        chat(r#"{"reasoning":"ok","score":0.7}"#),
    ]);
    assert_scored(&judge(&server), 0.7);
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn server_error_then_success_is_scored() {
    let server = serve(vec![
        http("500 Internal Server Error", "", "{}"),
        chat(r#"{"reasoning":"ok","score":0.5}"#),
    ]);
    assert_scored(&judge(&server), 0.5);
}

#[test]
fn server_errors_until_the_attempts_run_out_are_unscored() {
    let server = serve(vec![
        http("503 Service Unavailable", "Retry-After: 3600\r\n", "{}"),
        http("502 Bad Gateway", "", "{}"),
        http("500 Internal Server Error", "", "{}"),
    ]);
    assert_failed(&judge(&server), "the server answered 500");
}

#[test]
fn a_hang_past_the_timeout_is_unscored() {
    let server = serve(vec![
        Reply::Hang(Duration::from_secs(5)),
        Reply::Hang(Duration::from_secs(5)),
    ]);
    let cfg = LlmConfig {
        timeout: Duration::from_millis(150),
        max_attempts: 2,
        ..config(&server.url)
    };
    assert_failed(&judge_with(&server, cfg), "gave up after 2 attempts");
}

#[test]
fn a_hang_then_an_answer_is_scored() {
    let server = serve(vec![
        Reply::Hang(Duration::from_secs(10)),
        chat(r#"{"reasoning":"ok","score":0.4}"#),
    ]);
    let cfg = LlmConfig {
        timeout: Duration::from_secs(1),
        ..config(&server.url)
    };
    assert_scored(&judge_with(&server, cfg), 0.4);
}

#[test]
fn response_format_rejected_falls_back_to_json_mode_then_plain() {
    let bad = || {
        http(
            "400 Bad Request",
            "",
            r#"{"error":{"message":"response_format is not supported","param":"response_format"}}"#,
        )
    };
    let server = serve(vec![bad(), bad(), chat("Score: 0.3")]);
    assert_scored(&judge(&server), 0.3);
    let reqs = server.requests();
    assert_eq!(reqs.len(), 3);
    assert_eq!(reqs[1].body["response_format"]["type"], "json_object");
    assert!(
        reqs[2].body.get("response_format").is_none(),
        "{:?}",
        reqs[2].body
    );
}

#[test]
fn temperature_rejected_is_dropped() {
    let server = serve(vec![
        http(
            "400 Bad Request",
            "",
            r#"{"error":{"message":"Unsupported value: 'temperature' does not support 0"}}"#,
        ),
        chat(r#"{"reasoning":"ok","score":1}"#),
    ]);
    assert_scored(&judge(&server), 1.0);
    let reqs = server.requests();
    assert!(reqs[1].body.get("temperature").is_none());
    assert_eq!(reqs[1].body["response_format"]["type"], "json_schema");
}

#[test]
fn every_400_ends_unscored() {
    let bad = || http("400 Bad Request", "", r#"{"error":{"message":"nope"}}"#);
    let server = serve(vec![bad(), bad(), bad()]);
    assert_failed(&judge(&server), "answered 400: {\"error\"");
}

#[test]
fn refusal_is_unscored_without_retry() {
    let server = serve(vec![chat_full(
        json!({"role": "assistant", "content": null, "refusal": "I can't help"}),
        "stop",
    )]);
    assert_failed(&judge(&server), "the judge refused: I can't help");
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn truncated_answer_is_retried() {
    let server = serve(vec![
        chat_full(
            json!({"role": "assistant", "content": "{\"reasoning\": \"the pa"}),
            "length",
        ),
        chat(r#"{"reasoning":"ok","score":0.2}"#),
    ]);
    assert_scored(&judge(&server), 0.2);
}

#[test]
fn unauthorized_is_unscored_with_a_hint() {
    let server = serve(vec![http(
        "401 Unauthorized",
        "",
        r#"{"error":{"message":"bad key"}}"#,
    )]);
    assert_failed(&judge(&server), "401 (check the API key)");
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn out_of_range_score_is_unscored() {
    let server = serve(vec![
        chat(r#"{"score": 80}"#),
        chat("score: 11"),
        chat(r#"{"score": -1}"#),
    ]);
    assert_failed(&judge(&server), "no score in the answer");
}

#[test]
fn nobody_listening_is_unscored() {
    let server = Server::unreachable();
    assert_failed(&judge(&server), "request to");
}

#[test]
fn a_failing_judge_leaves_the_scenario_unscored_in_a_run() {
    use mcp_eval_core::{Agent, ReplayAgent, RunConfig, Status, parse_suite, parse_transcripts};
    let server = serve(vec![
        chat("no idea"),
        chat("still no idea"),
        chat("nope"),
        chat(r#"{"reasoning":"ok","score":0.95}"#),
    ]);
    let suite = parse_suite(
        r#"{"name":"j","scenarios":[
        {"id":"a","prompt":"p","expectations":{"toolCalls":["t"],"postConditions":"done"}},
        {"id":"b","prompt":"p","expectations":{"toolCalls":["t"],"postConditions":"done"}}]}"#,
    )
    .expect("valid suite");
    let transcripts = parse_transcripts(
        "{\"scenarioId\":\"a\",\"toolCalls\":[{\"name\":\"t\"}]}\n{\"scenarioId\":\"b\",\"toolCalls\":[{\"name\":\"t\"}]}\n",
    )
    .expect("valid transcripts");
    let agent: Arc<dyn Agent> = Arc::new(ReplayAgent::new(transcripts));
    let judge = LlmJudge::new(config(&server.url)).expect("a usable config");
    let report = mcp_eval_core::run(
        &suite,
        &agent,
        Some(&judge),
        &RunConfig::default(),
        &mut |_| {},
    );
    assert_eq!(report.scenarios[0].status, Status::Unscored);
    assert_eq!(report.scenarios[1].status, Status::Pass);
    assert!(!report.has_failures());
}
