//! The proxy's rules on real inputs: Playwright MCP's own tool list and snapshots from the
//! corpus (`MCP_LEAN_CORPUS`), and responses shaped as `@playwright/mcp` 0.0.83 and
//! `playwright mcp` of `playwright-core` 1.65.1, agent-browser 0.41.2 and browser-use 0.13.14
//! write them.

mod agent_browser;
mod browser_use;
mod cap;
mod devtools;
mod fuzz;
mod held;
mod json_string;
mod playwright_core;

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

use mcp_proxy_rules::{
    Action, Prepared, Profile, Report, Rewriter, WithoutGoal, augment_tools, text_tokens,
};
use serde_json::{Value, json};
use tool_schema::{Config, lint_value};

fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("MCP_LEAN_CORPUS")?);
    assert!(
        dir.is_dir(),
        "MCP_LEAN_CORPUS={} is not a folder",
        dir.display()
    );
    Some(dir)
}

fn text_of(result: &Value) -> &str {
    result["content"][0]["text"].as_str().unwrap_or_default()
}

fn refs(text: &str) -> BTreeSet<&str> {
    text.match_indices("[ref=")
        .filter_map(|(at, _)| {
            let rest = &text[at + 5..];
            rest.find(']').map(|end| &rest[..end])
        })
        .collect()
}

fn forward(rw: &Rewriter, tool: &str, args: Value) -> mcp_proxy_rules::Call {
    match rw.prepare(tool, args.as_object().cloned()) {
        Prepared::Forward { call, .. } => call,
        other => panic!("{tool} should be forwarded, got {other:?}"),
    }
}

fn snapshot_response(url: &str, snapshot: &str) -> Value {
    json!({"content": [{"type": "text", "text": format!(
        "### Page\n- Page URL: {url}\n- Page Title: t\n### Snapshot\n```yaml\n{snapshot}\n```"
    )}]})
}

/// The confirm token in a preview.
fn token_of(preview: &str) -> &str {
    preview
        .split("confirmToken=")
        .nth(1)
        .and_then(|s| s.split(['\n', ',']).next())
        .expect("a token")
}

/// Calls the read tool with the token of `preview` and `args`; the proxy answers it itself.
fn read_output(rw: &Rewriter, preview: &str, args: Value) -> Value {
    let mut args = args;
    args["token"] = json!(token_of(preview));
    match rw.prepare("confirm_output", args.as_object().cloned()) {
        Prepared::Answer(result) => result,
        other => panic!("the read tool is answered by the proxy, not {other:?}"),
    }
}

/// The whole output behind a preview's token: read with the token alone, then on from the
/// offset each reading names, until the end; each reading within the cap.
fn read_whole(rw: &Rewriter, preview: &str) -> String {
    let mut whole = String::new();
    let mut args = json!({});
    loop {
        let result = read_output(rw, preview, args.clone());
        assert_ne!(result["isError"], true, "{}", text_of(&result));
        assert!(mcp_proxy_rules::result_tokens(&result) <= rw.profile().max_result_tokens);
        whole.push_str(result["content"][1]["text"].as_str().unwrap_or_default());
        let Some((offset, chars)) = next_after(text_of(&result), "next: offset ") else {
            return whole;
        };
        args = if chars {
            json!({"offset": offset, "unit": "chars"})
        } else {
            json!({"offset": offset})
        };
    }
}

/// The offset a reading's header names after `marker`, and whether it counts chars.
fn next_after(header: &str, marker: &str) -> Option<(usize, bool)> {
    let next = header.split(marker).nth(1)?;
    let offset = next.split([';', ',']).next()?.trim().parse().ok()?;
    Some((offset, next.contains("unit chars")))
}

const NO_FILES: fn(&str) -> Result<String, String> = |_| Err("no files in this test".to_owned());

#[test]
fn the_added_parameters_and_tool_lint_clean_on_playwrights_real_tool_list() {
    let Some(dir) = corpus() else { return };
    let raw = std::fs::read_to_string(dir.join("tools/playwright-mcp.tools.json"))
        .expect("the corpus has Playwright MCP's tool list");
    let original: Value = serde_json::from_str(&raw).expect("the tool list is JSON");
    let mut augmented = original.clone();
    let report = augment_tools(&mut augmented, &Profile::playwright());
    assert!(report.with_goal.iter().any(|t| t == "browser_snapshot"));
    assert!(report.with_goal.iter().any(|t| t == "browser_click"));
    assert!(report.confirm_added);
    assert!(report.conflicts.is_empty(), "{:?}", report.conflicts);

    let config = Config::default();
    let before = lint_value(&original, &config).expect("lints");
    let after = lint_value(&augmented, &config).expect("lints");
    let ours: Vec<_> = after
        .findings()
        .iter()
        .filter(|f| {
            f.pointer.contains("/goal")
                || f.pointer.contains("/page")
                || f.tool.as_deref() == Some("confirm_output")
        })
        .collect();
    assert!(
        ours.is_empty(),
        "what the proxy adds has findings: {ours:#?}"
    );
    assert!(
        after.findings().len() <= before.findings().len() + 1,
        "the augmented list has new findings: {} before, {} after",
        before.findings().len(),
        after.findings().len()
    );
}

#[test]
fn a_tool_with_its_own_goal_parameter_is_left_alone() {
    let mut result = json!({"tools": [{"name": "browser_snapshot", "description": "d",
        "inputSchema": {"type": "object", "properties": {"goal": {"type": "number"}}}}]});
    let before = result["tools"][0].clone();
    let report = augment_tools(&mut result, &Profile::playwright());
    assert_eq!(report.conflicts, ["browser_snapshot"]);
    assert_eq!(result["tools"][0], before);
}

#[test]
fn the_confirm_tool_is_not_added_twice() {
    let mut result =
        json!({"tools": [{"name": "confirm_output", "inputSchema": {"type": "object"}}]});
    assert!(!augment_tools(&mut result, &Profile::generic()).confirm_added);
    assert_eq!(result["tools"].as_array().map(Vec::len), Some(1));
}

#[test]
fn bad_proxy_arguments_are_answered_without_the_server() {
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    for (tool, args, says) in [
        (
            "browser_snapshot",
            json!({"goal": 3}),
            "goal must be a string",
        ),
        (
            "browser_click",
            json!({"page": 2}),
            "page without goal pages the outline of browser_snapshot; on browser_click, give the goal too",
        ),
        (
            "browser_snapshot",
            json!({"goal": "x", "page": 0}),
            "whole number from 1",
        ),
    ] {
        let Prepared::Answer(result) = rw.prepare(tool, args.as_object().cloned()) else {
            panic!("{args} should be refused");
        };
        assert_eq!(result["isError"], true);
        assert!(text_of(&result).contains(says), "{}", text_of(&result));
    }
    // A tool that did not get the parameters keeps whatever it was sent.
    let Prepared::Forward { arguments, .. } =
        rw.prepare("browser_evaluate", json!({"goal": 3}).as_object().cloned())
    else {
        panic!("forwarded");
    };
    assert_eq!(arguments, json!({"goal": 3}).as_object().cloned());
}

#[test]
fn a_goal_digest_of_a_real_page_keeps_the_targets_and_only_refs_of_the_page() {
    let Some(dir) = corpus() else { return };
    let goals = std::fs::read_to_string(dir.join("goals-val.jsonl")).expect("goals");
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let mut checked = 0;
    for line in goals
        .lines()
        .filter(|l| l.contains("readability/"))
        .take(12)
    {
        let goal: Value = serde_json::from_str(line).expect("a goal line");
        let file = goal["file"].as_str().expect("file");
        let snapshot = std::fs::read_to_string(dir.join(file)).expect("snapshot");
        let call = forward(&rw, "browser_snapshot", json!({"goal": goal["goal"]}));
        let mut result = snapshot_response("http://127.0.0.1/page", &snapshot);
        let outcome = rw.rewrite(&call, &mut result, &NO_FILES);
        let out = text_of(&result);
        let page_refs = refs(&snapshot);
        assert!(
            refs(out).is_subset(&page_refs),
            "a ref the page did not have"
        );
        if snapshot_digest::estimate_tokens(&snapshot) > 1_200 {
            assert_eq!(outcome.actions, [Action::GoalDigest]);
            assert!(text_tokens(&result) < snapshot_digest::estimate_tokens(&snapshot));
        }
        assert!(out.starts_with("### Page\n- Page URL: http://127.0.0.1/page\n"));
        checked += 1;
    }
    assert_eq!(checked, 12);
}

#[test]
fn the_digest_budget_grows_on_a_large_page_unless_max_tokens_fixes_it() {
    // About 53,000 tokens: snapshot-digest's default budget grows to a twentieth of that.
    let mut snapshot = String::from("- main [ref=e1]:\n");
    for i in 2..1_200 {
        snapshot.push_str(&format!(
            "  - link \"Story number {i} about the weather, the markets and the day\" [ref=e{i}]:\n    - /url: /stories/{i}/the-weather-the-markets-and-the-day\n"
        ));
    }
    let tokens_for = |profile: Profile| {
        let rw = Rewriter::new(profile).expect("valid");
        let call = forward(
            &rw,
            "browser_snapshot",
            json!({"goal": "read the comments"}),
        );
        let mut result = snapshot_response("http://127.0.0.1/page", &snapshot);
        let outcome = rw.rewrite(&call, &mut result, &NO_FILES);
        assert_eq!(outcome.actions, [Action::GoalDigest]);
        assert!(refs(text_of(&result)).is_subset(&refs(&snapshot)));
        text_tokens(&result)
    };
    let grown = tokens_for(Profile::playwright());
    assert!((1_500..=4_100).contains(&grown), "{grown} tokens");
    let fixed = Profile::playwright()
        .with_file(r#"{"maxTokens": 600}"#)
        .expect("valid");
    assert_eq!(fixed.max_tokens, Some(600));
    let fixed = tokens_for(fixed);
    assert!(fixed <= 700, "{fixed} tokens");
}

#[test]
fn a_linked_snapshot_is_read_digested_and_the_link_kept() {
    let snapshot = "- main [ref=e1]:\n  - button \"Add to basket\" [ref=e6]\n";
    let files: HashMap<&str, &str> = [("out/page-1.yml", snapshot)].into();
    let read = |p: &str| {
        files
            .get(p)
            .map(|s| (*s).to_owned())
            .ok_or_else(|| format!("{p} is missing"))
    };
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let call = forward(
        &rw,
        "browser_click",
        json!({"target": "e3", "goal": "add to basket"}),
    );
    let text = "### Ran Playwright code\n```js\nawait page.click();\n```\n### Page\n- Page URL: http://x/\n### Snapshot\n- [Snapshot](out/page-1.yml)\n### Events\n- e";
    let mut result = json!({"content": [{"type": "text", "text": text}]});
    let outcome = rw.rewrite(&call, &mut result, &read);
    assert_eq!(outcome.actions, [Action::GoalDigest, Action::InlinedFile]);
    let out = text_of(&result);
    assert!(
        out.contains("- [Snapshot](out/page-1.yml)\n```yaml\n"),
        "{out}"
    );
    assert!(out.contains("[ref=e6]"));
    assert!(out.ends_with("\n### Events\n- e"));

    // A link the proxy cannot read stays, with a line that says why.
    let mut missing =
        json!({"content": [{"type": "text", "text": text.replace("page-1", "page-2")}]});
    let outcome = rw.rewrite(&call, &mut missing, &read);
    assert!(
        text_of(&missing).contains(
            "- [Snapshot](out/page-2.yml)\n- The proxy did not read this file: out/page-2.yml is missing\n### Events"
        ),
        "{}",
        text_of(&missing)
    );
    assert!(
        outcome
            .notes
            .iter()
            .any(|n| n.contains("page-2.yml is missing"))
    );
}

#[test]
fn without_a_goal_a_snapshot_call_gets_the_full_digest_an_action_a_diff_or_an_outline() {
    let Some(dir) = corpus() else { return };
    let snapshot = std::fs::read_to_string(dir.join("readability/bbc-1.ai.yaml")).expect("page");
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let url = "http://127.0.0.1/bbc";

    let call = forward(&rw, "browser_snapshot", json!({}));
    let mut first = snapshot_response(url, &snapshot);
    assert_eq!(
        rw.rewrite(&call, &mut first, &NO_FILES).actions,
        [Action::FullDigest]
    );

    // The same page again after an action: nothing changed, a one-line diff.
    let click = forward(&rw, "browser_click", json!({"target": "e1"}));
    let mut again = snapshot_response(url, &snapshot);
    assert_eq!(
        rw.rewrite(&click, &mut again, &NO_FILES).actions,
        [Action::Diff]
    );
    assert!(text_tokens(&again) < 100, "{}", text_of(&again));

    // Another page, never seen: an outline within the budget.
    let mut other = snapshot_response("http://127.0.0.1/other", &snapshot);
    assert_eq!(
        rw.rewrite(&click, &mut other, &NO_FILES).actions,
        [Action::Outline]
    );
    assert!(text_tokens(&other) <= 1_100, "{}", text_tokens(&other));
    assert!(text_of(&other).contains("browser_snapshot with a goal shows the parts that serve it"));
}

#[test]
fn a_small_page_stays_as_it_is() {
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let call = forward(&rw, "browser_snapshot", json!({}));
    let mut result = snapshot_response("http://x/", "- button \"Go\" [ref=e1]");
    let before = result.clone();
    assert!(rw.rewrite(&call, &mut result, &NO_FILES).actions.is_empty());
    assert_eq!(result, before);
}

#[test]
fn a_large_result_is_previewed_and_read_byte_for_byte_as_often_as_needed() {
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let items: Vec<String> = (0..3000)
        .map(|i| format!("  {{\n    \"tag\": \"div\",\n    \"id\": \"n{i}\"\n  }}"))
        .collect();
    let json_text = format!("[\n{}\n]", items.join(",\n"));
    let text = format!(
        "### Result\n{json_text}\n### Ran Playwright code\n```js\nawait page.evaluate('() => 1');\n```"
    );
    let mut result = json!({"content": [{"type": "text", "text": text}]});
    let call = forward(&rw, "browser_evaluate", json!({"function": "() => 1"}));
    assert_eq!(
        rw.rewrite(&call, &mut result, &NO_FILES).actions,
        [Action::Preview]
    );
    let out = text_of(&result).to_owned();
    assert!(out.len() < 2_600, "{} chars", out.len());
    assert!(out.contains("Array(3000)"), "a JSON summary: {out}");
    assert!(out.ends_with("### Ran Playwright code\n```js\nawait page.evaluate('() => 1');\n```"));
    assert!(out.contains("or pattern for the lines that match"), "{out}");
    assert_eq!(read_whole(&rw, &out), json_text);
    assert_eq!(read_whole(&rw, &out), json_text);
    // Some users want the token to work once: a setting gives them that.
    let once = Profile::playwright()
        .with_file(r#"{"oneTimeOutputs": true}"#)
        .expect("valid");
    let rw = Rewriter::new(once).expect("valid");
    let mut result = json!({"content": [{"type": "text", "text": text}]});
    rw.rewrite(&call, &mut result, &NO_FILES);
    let out = text_of(&result).to_owned();
    assert!(out.contains("the token works once"), "{out}");
    let slice = read_output(&rw, &out, json!({"offset": 2}));
    assert!(
        text_of(&slice).contains("oneTimeOutputs"),
        "{}",
        text_of(&slice)
    );
    assert_eq!(text_of(&read_output(&rw, &out, json!({}))), json_text);
    let again = read_output(&rw, &out, json!({}));
    assert_eq!(again["isError"], true);
    assert!(
        text_of(&again).contains("already used"),
        "{}",
        text_of(&again)
    );
}

#[test]
fn errors_images_and_structured_content_pass_byte_for_byte() {
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let call = forward(&rw, "browser_evaluate", json!({}));
    let long = "x".repeat(10_000);
    for result in [
        json!({"content": [{"type": "text", "text": format!("### Result\n{long}")}], "isError": true}),
        json!({"content": [{"type": "image", "data": long, "mimeType": "image/png"}]}),
        json!({"content": [{"type": "text", "text": format!("### Result\n{long}")}], "structuredContent": {"a": 1}}),
    ] {
        let mut r = result.clone();
        assert!(rw.rewrite(&call, &mut r, &NO_FILES).actions.is_empty());
        assert_eq!(r, result);
    }
}

#[test]
fn a_generic_server_gets_long_plain_text_previewed() {
    let rw = Rewriter::new(Profile::generic()).expect("valid");
    let call = forward(&rw, "read_file", json!({"path": "/x"}));
    let long: String = (0..2_000).map(|i| format!("line {i}\n")).collect();
    let mut result = json!({"content": [{"type": "text", "text": long}]});
    assert_eq!(
        rw.rewrite(&call, &mut result, &NO_FILES).actions,
        [Action::Preview]
    );
    assert!(text_of(&result).starts_with("counts: totalLength="));
}

#[test]
fn a_json_block_in_a_long_text_is_summarized_as_json_and_redeemed_exactly() {
    let rw = Rewriter::new(Profile::chrome_devtools()).expect("valid");
    let call = forward(&rw, "evaluate_script", json!({"function": "() => 1"}));
    let items: Vec<String> = (0..2_000).map(|i| format!("{{\"i\":{i}}}")).collect();
    let value = format!("[{}]", items.join(","));
    let text = format!("Script ran on page and returned:\n```json\n{value}\n```");
    let mut result = json!({"content": [{"type": "text", "text": text}]});
    assert_eq!(
        rw.rewrite(&call, &mut result, &NO_FILES).actions,
        [Action::Preview]
    );
    let out = text_of(&result).to_owned();
    assert!(
        out.starts_with("Script ran on page and returned:\n```json\ncounts: "),
        "{out}"
    );
    assert!(out.contains("Array(2000)"), "{out}");
    assert!(out.ends_with("\n```"));
    assert_eq!(read_whole(&rw, &out), value);
}

#[test]
fn hostile_results_never_panic() {
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let call = forward(&rw, "browser_click", json!({"goal": "x"}));
    let deep = "  ".repeat(5_000) + "- a";
    let texts = [
        String::new(),
        "### Snapshot\n```yaml\n".to_owned(),
        "### Snapshot\n```yaml\n```".to_owned(),
        format!("### Snapshot\n```yaml\n{deep}\n```"),
        "### Snapshot\n- [Snapshot](../../etc/passwd)".to_owned(),
        "### Result\n".to_owned() + &"[".repeat(100_000),
        "- Page Snapshot:\n```yaml\n- \"unterminated\n```".to_owned(),
    ];
    for text in texts {
        for result in [
            json!({"content": [{"type": "text", "text": text}]}),
            json!({"content": "not a list"}),
            json!({"content": [{"type": "text", "text": 5}]}),
            json!(null),
        ] {
            let mut r = result;
            let _ = rw.rewrite(&call, &mut r, &NO_FILES);
        }
    }
}

#[test]
fn profiles_and_configuration_files() {
    assert_eq!(
        Profile::for_server("chrome_devtools").name,
        "chrome-devtools"
    );
    assert_eq!(
        Profile::for_server("Playwright").without_goal,
        WithoutGoal::Diff
    );
    let err = Profile::generic()
        .with_file(r#"{"maxTokens": 5}"#)
        .expect_err("too small");
    assert_eq!(
        err.to_string(),
        "maxTokens is 5; use a value from 100 to 1000000"
    );
    let err = Profile::generic()
        .with_file(r#"{"maxTokenz": 500}"#)
        .expect_err("unknown field");
    assert!(
        err.to_string().contains("unknown field `maxTokenz`"),
        "{err}"
    );
    let err = Profile::generic()
        .with_file(r#"{"profile": "selenium"}"#)
        .expect_err("unknown");
    assert!(
        err.to_string()
            .contains("use playwright, chrome-devtools or generic")
    );
}

#[test]
fn the_report_sums_lines_and_reads_quantiles() {
    let lines = [
        r#"{"tool":"a","serverTokens":100,"clientTokens":10,"actions":[],"ms":1.0,"rewriteMs":1.0}"#,
        r#"{"tool":"a","serverTokens":100,"linkedTokens":50,"clientTokens":20,"actions":["diff"],"ms":2.0,"rewriteMs":3.0}"#,
        "",
        "{}",
        r#"{"tool":"tools/list","serverTokens":9000,"clientTokens":9400,"actions":["tools-list"],"ms":0.5,"rewriteMs":0.0}"#,
        r#"{"tool":"b","serverTokens":10,"clientTokens":10,"actions":[],"ms":5.0,"upstreamMs":4.0,"rewriteMs":0.25}"#,
    ]
    .join("\n");
    let report = Report::from_lines(&lines);
    let a = report.tools["a"];
    assert_eq!(
        (a.calls, a.server_tokens, a.linked_tokens, a.client_tokens),
        (2, 200, 50, 30)
    );
    assert_eq!(report.bad_lines, [4]);
    assert_eq!(report.rewrite_ms_quantile(0.5), Some(1.0));
    assert_eq!(report.rewrite_ms_quantile(0.99), Some(3.0));
    assert!(
        report.render().contains("| a | 2 | 200 | 50 | 30 | 88 % |"),
        "{}",
        report.render()
    );
    // The tool list is counted once per session, apart from the calls.
    assert!(!report.tools.contains_key("tools/list"));
    assert_eq!(
        (report.tool_lists.calls, report.tool_lists.client_tokens),
        (1, 9400)
    );
    assert!(report.render().contains(
        "tools/list, once per session: 1 sessions, 9000 tokens from the server, 9400 to the client"
    ));
    assert_eq!(report.overhead_ms_quantile(0.5), Some(1.0));
    assert_eq!(report.own_ms_quantile(0.5), Some(0.75));
}
