//! Tests of `mcp-lean digest` and `mcp-lean diff`.

use crate::{repo_path, run};

fn sample() -> String {
    repo_path("examples/shop.snapshot.yaml")
        .to_string_lossy()
        .into_owned()
}

fn news() -> String {
    repo_path("examples/news.snapshot.yaml")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn goal_digest_of_the_sample() {
    let out = run(
        &[
            "digest",
            "--goal",
            "add the kettle to my basket",
            "--max-tokens",
            "300",
            &sample(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# goal digest, page 1"), "{text}");
    assert!(
        text.contains("- button \"Add to basket\" [ref=e27]"),
        "{text}"
    );
    assert!(!text.contains("Returns policy"), "{text}");
}

#[test]
fn a_small_snapshot_comes_back_whole() {
    let out = run(
        &["digest", "--goal", "add the kettle to my basket", &sample()],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let (header, body) = text.split_once('\n').unwrap();
    assert!(header.contains("whole"), "{header}");
    assert_eq!(
        body.trim_end(),
        std::fs::read_to_string(sample()).unwrap().trim_end()
    );
}

#[test]
fn the_readme_command_digests_the_news_sample() {
    let out = run(
        &[
            "digest",
            "--goal",
            "read the comments on this story",
            &news(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("- button \"Show comments (48)\" [ref=e125]"),
        "{text}"
    );
    assert!(text.contains("# further candidates, best first:"), "{text}");
    assert!(text.contains("page 2"), "{text}");
    assert!(text.len() * 4 < std::fs::read_to_string(news()).unwrap().len());
}

#[test]
fn page_two_and_explain() {
    let goal = "read the comments on this story";
    let first = run(&["digest", "--goal", goal, &news()], None);
    let second = run(&["digest", "--goal", goal, "--page", "2", &news()], None);
    assert_eq!(second.status.code(), Some(0));
    let first = String::from_utf8(first.stdout).unwrap();
    let second = String::from_utf8(second.stdout).unwrap();
    assert!(second.starts_with("# goal digest, page 2"), "{second}");
    let refs = |t: &str| -> Vec<String> {
        t.split("[ref=")
            .skip(1)
            .filter_map(|s| s.split(']').next().map(str::to_owned))
            .collect()
    };
    let shown = refs(&first);
    assert!(!refs(&second).is_empty());
    assert!(refs(&second).iter().all(|r| !shown.contains(r)), "{second}");

    let explained = run(&["digest", "--goal", goal, "--explain", &news()], None);
    assert_eq!(explained.status.code(), Some(0));
    let why = String::from_utf8(explained.stderr).unwrap();
    assert!(why.contains("[ref=e125]: match score"), "{why}");
    assert!(why.contains("candidate score"), "{why}");

    let bad = run(&["digest", "--page", "0", "--goal", goal, &news()], None);
    assert_eq!(bad.status.code(), Some(2));
    let no_goal = run(&["digest", "--page", "2", &news()], None);
    assert_eq!(no_goal.status.code(), Some(2));
}

#[test]
fn json_format_has_the_documented_shape() {
    let out = run(
        &[
            "digest",
            "--format",
            "json",
            "--goal",
            "subscribe",
            "--max-tokens",
            "300",
            &sample(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = v["text"].as_str().unwrap();
    assert!(text.contains("[ref=e41]"), "{text}");
    let stats = v["stats"].as_object().unwrap();
    for key in [
        "input_chars",
        "output_chars",
        "input_tokens",
        "output_tokens",
        "nodes_in",
        "nodes_out",
    ] {
        assert!(
            stats[key].as_u64().is_some(),
            "stats.{key} is a number: {v}"
        );
    }
    assert_eq!(stats["nodes_in"], 46);
    assert_eq!(
        stats["output_chars"].as_u64().unwrap() as usize,
        text.chars().count()
    );
    assert!(stats["output_chars"].as_u64() < stats["input_chars"].as_u64());
}

#[test]
fn full_digest_without_goal_and_budget_flag() {
    let out = run(
        &["digest", "-"],
        Some(&std::fs::read_to_string(sample()).unwrap()),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# page outline:"), "{text}");
    assert!(text.contains("[ref=e43]"));
    let small = run(
        &[
            "digest",
            "--max-tokens",
            "60",
            "--goal",
            "reviews",
            &sample(),
        ],
        None,
    );
    assert_eq!(small.status.code(), Some(0));
    assert_eq!(
        run(&["digest", "--max-tokens", "lots", &sample()], None)
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        run(&["digest", "--format", "yaml", &sample()], None)
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn digest_reports_bad_snapshots_with_position() {
    let out = run(&["digest", "--goal", "x", "-"], Some("- button [ref=e1\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "<stdin>:1:17: expected `]` to close the attribute\n"
    );
}

#[test]
fn diff_of_two_files() {
    let old = sample();
    let new_text = std::fs::read_to_string(&old)
        .unwrap()
        .replace("In stock", "Sold out");
    let out = run(&["diff", &old, "-"], Some(&new_text));
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("- <changed> generic [ref=e21]: Sold out"),
        "{text}"
    );
    assert!(text.contains("- ref=e2 [unchanged]"), "{text}");
    let same = run(&["diff", &old, &old], None);
    assert_eq!(
        String::from_utf8(same.stdout).unwrap(),
        "# no changes since the previous snapshot\n"
    );
    assert_eq!(run(&["diff", "-", "-"], Some("")).status.code(), Some(2));
    assert_eq!(run(&["diff", &old], None).status.code(), Some(2));
}

#[test]
fn llm_digest_over_https_uses_the_models_choice_and_sends_the_key() {
    use std::process::Command;
    use std::sync::Arc;
    let pki = scripted_llm::TestPki::new();
    // The comments button of the news sample; the scripted model chooses it and one ref it
    // invents.
    let server = scripted_llm::serve_with(
        vec![scripted_llm::chat(r#"{"refs": ["e77777", "e125"]}"#)],
        Some(Arc::clone(&pki.server)),
    );
    let goal = "read the comments on this story";
    let out = Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
        .args([
            "digest",
            "--goal",
            goal,
            "--format",
            "json",
            "--llm-model",
            "picker",
        ])
        .args(["--llm-url", &server.url, "--ca-cert"])
        .arg(&pki.ca_file)
        .arg(news())
        .env("MCP_LEAN_LLM_API_KEY", "digest-key")
        .output()
        .expect("mcp-lean runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let requests = server.requests();
    assert!(
        requests[0]
            .head
            .to_ascii_lowercase()
            .contains("authorization: bearer digest-key"),
        "{}",
        requests[0].head
    );
    assert_eq!(requests[0].body["model"], "picker");
    let llm = &value["llm"];
    assert_eq!(llm["refs"], serde_json::json!(["e125"]), "{llm}");
    assert!(
        llm["dropped"]
            .as_array()
            .is_some_and(|d| d.iter().any(|r| r == "e77777")),
        "{llm}"
    );
    assert!(!value["text"].as_str().unwrap_or("").contains("e77777"));
    assert!(
        llm["sent_tokens"].as_u64() < llm["snapshot_tokens"].as_u64(),
        "{llm}"
    );
    assert_eq!(llm["usage"]["total_tokens"], 15);
    assert!(stderr.contains("e77777"), "{stderr}");
}

/// `digest --goal … --llm-url URL --ca-cert FILE` against a model over HTTPS presenting
/// `tls`; the exit status, stdout and stderr.
fn llm_digest_over(
    tls: std::sync::Arc<rustls::ServerConfig>,
    ca_cert: &std::path::Path,
) -> (Option<i32>, String, String) {
    let server =
        scripted_llm::serve_with(vec![scripted_llm::chat(r#"{"refs": ["e125"]}"#)], Some(tls));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-lean"))
        .args(["digest", "--goal", "read the comments on this story"])
        .args([
            "--llm-model",
            "picker",
            "--llm-url",
            &server.url,
            "--ca-cert",
        ])
        .arg(ca_cert)
        .arg(news())
        .output()
        .expect("mcp-lean runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn llm_digest_pins_a_certificate_made_by_openssl_and_names_an_expired_one() {
    let pki = scripted_llm::TestPki::new();
    let (cert, tls) = pki.openssl_self_signed("model", "127.0.0.1", "IP:127.0.0.1");
    let (code, stdout, stderr) = llm_digest_over(tls, &cert);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("the model chose e125"), "{stderr}");
    assert!(stdout.contains("[ref=e125]"), "{stdout}");

    let (_, expired) = pki.issue(|p| {
        p.not_before = rcgen::date_time_ymd(2015, 6, 1);
        p.not_after = rcgen::date_time_ymd(2016, 6, 1);
    });
    let (code, _, stderr) = llm_digest_over(expired, &pki.ca_file);
    assert_eq!(code, Some(0), "the deterministic digest: {stderr}");
    assert!(
        stderr.contains("warning: the deterministic digest is shown")
            && stderr.contains("the server's certificate expired on 2016-06-01"),
        "{stderr}"
    );
}

#[test]
fn llm_digest_falls_back_with_a_warning_when_nobody_answers() {
    let server = scripted_llm::Server::unreachable();
    let goal = "read the comments on this story";
    let out = run(
        &[
            "digest",
            "--goal",
            goal,
            "--llm-url",
            &server.url,
            "--llm-model",
            "m",
            &news(),
        ],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "warning: the deterministic digest is shown: the model gave no usable answer"
        ),
        "{stderr}"
    );
    let plain = run(&["digest", "--goal", goal, &news()], None);
    assert_eq!(out.stdout, plain.stdout);
    let bad = run(
        &[
            "digest",
            "--goal",
            goal,
            "--llm-url",
            "ftp://x",
            "--llm-model",
            "m",
            &news(),
        ],
        None,
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("is not an http:// or https:// URL"));
    let no_model = run(
        &["digest", "--goal", goal, "--llm-url", &server.url, &news()],
        None,
    );
    assert_eq!(no_model.status.code(), Some(2));
}
