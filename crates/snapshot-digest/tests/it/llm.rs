//! The LLM digest against a real HTTP server on 127.0.0.1 with scripted chat-completions
//! answers: the model's refs become the matches, invented refs are dropped, and every
//! failure gives the deterministic digest.

use std::time::Duration;

use scripted_llm::{Reply, Server, chat, chat_full, http, serve};
use serde_json::json;
use snapshot_digest::llm::{
    Client, ClientConfig, LlmDigest, LlmDigestConfig, LlmOutcome, llm_digest,
};
use snapshot_digest::{DigestConfig, digest_with, estimate_tokens, explain_digest, parse};

use crate::digest::{check_refs, example};

const GOAL: &str = "read the comments on this story";

fn client(server: &Server, max_attempts: u32, timeout: Duration) -> Client {
    Client::new(ClientConfig {
        base_url: server.url.clone(),
        model: "picker".to_owned(),
        timeout,
        max_attempts,
        backoff: Duration::from_millis(1),
        max_retry_wait: Duration::from_millis(50),
        ..ClientConfig::default()
    })
    .expect("a usable config")
}

fn run(server: &Server, max_attempts: u32) -> (LlmDigest, String) {
    run_with(server, max_attempts, Duration::from_secs(5))
}

fn run_with(server: &Server, max_attempts: u32, timeout: Duration) -> (LlmDigest, String) {
    let text = example("news.snapshot.yaml");
    let snap = parse(&text).expect("the sample parses");
    let d = llm_digest(
        &snap,
        GOAL,
        &DigestConfig::default(),
        &LlmDigestConfig::default(),
        &client(server, max_attempts, timeout),
    );
    check_refs(&d.digest.text, &snap);
    assert!(
        d.digest.stats.output_tokens <= DigestConfig::default().budget(d.digest.stats.input_tokens)
    );
    (d, text)
}

/// A ref the 3,000-token excerpt shows that the 1,000-token deterministic digest does not:
/// the model's choice must be what brings it in.
fn ref_only_the_excerpt_shows() -> String {
    let text = example("news.snapshot.yaml");
    let snap = parse(&text).expect("the sample parses");
    let excerpt = DigestConfig::default().with_fixed_budget(3_000);
    let plain = digest_with(&snap, GOAL, &DigestConfig::default()).text;
    let (_, shown) = explain_digest(&snap, GOAL, &excerpt);
    shown
        .iter()
        .rev()
        .filter_map(|e| e.aria_ref.clone())
        .find(|r| !plain.contains(&format!("[ref={r}]")))
        .expect("the excerpt shows more than the digest")
}

fn assert_deterministic(d: &LlmDigest, text: &str) {
    let snap = parse(text).expect("the sample parses");
    assert_eq!(d.digest, digest_with(&snap, GOAL, &DigestConfig::default()));
}

#[test]
fn the_models_refs_are_the_matches_and_invented_refs_are_dropped() {
    let wanted = ref_only_the_excerpt_shows();
    let answer = json!({"refs": [format!("[ref={wanted}]"), "e99999", wanted]}).to_string();
    let server = serve(vec![chat(&answer)]);
    let (d, text) = run(&server, 3);
    let LlmOutcome::Chosen { refs, dropped } = &d.outcome else {
        panic!("the model's choice is used: {:?}", d.outcome);
    };
    assert_eq!(refs[0], wanted);
    assert_eq!(dropped, &["e99999".to_owned()]);
    assert!(
        d.digest.text.contains(&format!("[ref={wanted}]")),
        "{}",
        d.digest.text
    );
    assert!(!d.digest.text.contains("e99999"));
    assert!(
        d.digest
            .text
            .lines()
            .next()
            .unwrap_or("")
            .contains("chosen by the model")
    );
    // The model read an excerpt, not the snapshot: what the prototype sends whole.
    assert!(
        d.sent_tokens > 0 && d.sent_tokens < estimate_tokens(&text),
        "{}",
        d.sent_tokens
    );
    assert_eq!(d.usage.map(|u| u.total_tokens), Some(15));
    let sent = &server.requests()[0].body;
    assert_eq!(
        sent["response_format"]["json_schema"]["name"],
        "chosen_elements"
    );
    let user = sent["messages"][1]["content"].as_str().unwrap_or("");
    assert!(user.contains(GOAL) && user.contains(&format!("[ref={wanted}]")));
}

#[test]
fn only_invented_refs_fall_back() {
    let server = serve(vec![chat(r#"{"refs": ["e424242", "nonsense"]}"#)]);
    let (d, text) = run(&server, 3);
    assert!(
        matches!(&d.outcome, LlmOutcome::Fallback { reason } if reason.contains("e424242")),
        "{:?}",
        d.outcome
    );
    assert_deterministic(&d, &text);
    assert_eq!(
        server.requests().len(),
        1,
        "an answer with refs is not asked again"
    );
}

#[test]
fn an_empty_choice_falls_back() {
    let server = serve(vec![chat(r#"{"refs": []}"#)]);
    let (d, text) = run(&server, 3);
    assert!(
        matches!(&d.outcome, LlmOutcome::Fallback { reason } if reason == "the model chose no element"),
        "{:?}",
        d.outcome
    );
    assert_deterministic(&d, &text);
}

#[test]
fn malformed_answers_are_asked_again_then_fall_back() {
    let server = serve(vec![
        chat("the comments link, I think"),
        http("200 OK", "", "{\"choices\": [{\"mess"),
        chat("{\"refs\": "),
    ]);
    let (d, text) = run(&server, 3);
    assert!(
        matches!(&d.outcome, LlmOutcome::Fallback { reason } if reason.contains("gave up after 3 attempts")),
        "{:?}",
        d.outcome
    );
    assert_deterministic(&d, &text);
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn rate_limits_and_server_errors_are_retried() {
    let wanted = ref_only_the_excerpt_shows();
    let answer = json!({"refs": [wanted]}).to_string();
    let server = serve(vec![
        http("429 Too Many Requests", "Retry-After: 0\r\n", "{}"),
        http("500 Internal Server Error", "", "{}"),
        chat(&answer),
    ]);
    let (d, _) = run(&server, 3);
    assert!(
        matches!(d.outcome, LlmOutcome::Chosen { .. }),
        "{:?}",
        d.outcome
    );
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn a_hang_falls_back_after_the_timeout() {
    let server = serve(vec![Reply::Hang(Duration::from_secs(10))]);
    let (d, text) = run_with(&server, 1, Duration::from_millis(300));
    assert!(
        matches!(d.outcome, LlmOutcome::Fallback { .. }),
        "{:?}",
        d.outcome
    );
    assert_deterministic(&d, &text);
    assert_eq!(d.usage, None);
}

#[test]
fn a_refusal_falls_back() {
    let server = serve(vec![chat_full(
        json!({"role": "assistant", "content": null, "refusal": "no"}),
        "stop",
    )]);
    let (d, text) = run(&server, 3);
    assert!(
        matches!(&d.outcome, LlmOutcome::Fallback { reason } if reason.contains("refused")),
        "{:?}",
        d.outcome
    );
    assert_deterministic(&d, &text);
}

#[test]
fn no_model_is_asked_when_the_snapshot_fits_or_for_later_pages() {
    let server = Server::unreachable();
    let text = example("shop.snapshot.yaml");
    let snap = parse(&text).expect("the sample parses");
    let c = client(&server, 1, Duration::from_secs(1));
    let d = llm_digest(
        &snap,
        "buy",
        &DigestConfig::default(),
        &LlmDigestConfig::default(),
        &c,
    );
    assert!(
        matches!(d.outcome, LlmOutcome::NotAsked { .. }),
        "{:?}",
        d.outcome
    );
    assert_eq!(d.sent_tokens, 0);
    let news = example("news.snapshot.yaml");
    let snap = parse(&news).expect("the sample parses");
    let page2 = DigestConfig {
        page: 2,
        ..DigestConfig::default()
    };
    let d = llm_digest(&snap, GOAL, &page2, &LlmDigestConfig::default(), &c);
    assert_eq!(d.digest, digest_with(&snap, GOAL, &page2));
}

#[test]
fn devtools_uids_are_chosen_and_written_back_as_uids() {
    // The news sample in chrome-devtools-mcp's syntax: each node a uid line.
    let mut text = String::from("uid=1_0 RootWebArea \"News\" url=\"http://127.0.0.1/\"\n");
    for i in 1..400 {
        text.push_str(&format!(
            "  uid=1_{i} link \"Story number {i} of the day\" url=\"http://127.0.0.1/s/{i}\"\n"
        ));
    }
    text.push_str("  uid=1_400 button \"Show comments\"\n");
    let snap = parse(&text).expect("devtools text parses");
    let server = serve(vec![chat(r#"{"refs": ["uid=1_400", "1_7"]}"#)]);
    let d = llm_digest(
        &snap,
        "open the comments",
        &DigestConfig::default(),
        &LlmDigestConfig::default(),
        &client(&server, 1, Duration::from_secs(5)),
    );
    let LlmOutcome::Chosen { refs, .. } = &d.outcome else {
        panic!("chosen: {:?}", d.outcome);
    };
    assert!(refs.contains(&"1_400".to_owned()), "{refs:?}");
    assert!(
        d.digest.text.contains("uid=1_400 button \"Show comments\""),
        "{}",
        d.digest.text
    );
}
