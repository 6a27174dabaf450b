//! The cap on every result, the read tool, hidden tools and partial snapshots.

use std::collections::HashMap;

use mcp_proxy_rules::{
    Action, Prepared, Profile, Rewriter, augment_tools, result_tokens, text_tokens,
};
use serde_json::{Value, json};

use crate::{NO_FILES, corpus, forward, read_output, read_whole, snapshot_response, text_of};

/// Interactive refs (`- link "…" [ref=eN]`-style lines of controls) in a text, counted.
fn control_refs(text: &str, counts: &mut HashMap<String, usize>) {
    let snap = snapshot_digest::parse_lenient(text).0;
    for node in snap.nodes() {
        if snapshot_digest::is_interactive_role(node.role())
            && let Some(r) = node.aria_ref()
        {
            *counts.entry(r.as_str().to_owned()).or_default() += 1;
        }
    }
}

#[test]
fn a_goal_less_snapshot_of_the_largest_page_comes_in_pages_within_the_cap() {
    let Some(dir) = corpus() else { return };
    let page = std::fs::read_to_string(dir.join("readability/wikipedia-2.ai.yaml")).unwrap();
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let url = "http://127.0.0.1/wikipedia-2";
    let mut paged = HashMap::new();
    let mut count = None;
    for n in 1.. {
        let args = if n == 1 {
            json!({})
        } else {
            json!({"page": n})
        };
        let call = forward(&rw, "browser_snapshot", args);
        let mut result = snapshot_response(url, &page);
        let outcome = rw.rewrite(&call, &mut result, &NO_FILES);
        assert_eq!(outcome.actions, [Action::FullDigest]);
        let tokens = result_tokens(&result);
        assert!(tokens <= 20_000, "page {n}: {tokens} tokens");
        let text = text_of(&result).to_owned();
        let head = text
            .lines()
            .find(|l| l.starts_with("# page outline"))
            .expect("an outline header")
            .to_owned();
        assert!(
            head.starts_with(&format!("# page outline, page {n} of ")),
            "{head}"
        );
        let of: usize = head
            .split(" of ")
            .nth(1)
            .unwrap()
            .split(':')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        count = Some(of);
        if n == 1 {
            assert!(
                head.contains("browser_snapshot with page 2 and no goal shows the next part; a goal shows only what serves it"),
                "{head}"
            );
            assert!(text.contains("# regions on other pages"));
        }
        let yaml = text
            .split("```yaml\n")
            .nth(1)
            .unwrap()
            .split("\n```")
            .next()
            .unwrap();
        control_refs(yaml, &mut paged);
        if n == of {
            break;
        }
    }
    assert!(count.unwrap() >= 3);
    let mut full = HashMap::new();
    control_refs(
        &snapshot_digest::full_digest(&snapshot_digest::parse(&page).unwrap()).text,
        &mut full,
    );
    assert_eq!(paged.len(), full.len());
    assert!(paged.values().all(|&n| n == 1), "a control on two pages");
}

#[test]
fn every_result_stays_within_the_cap_whatever_it_holds() {
    let profile = Profile::generic()
        .with_file(r#"{"maxResultTokens": 5000, "guardPlainText": false}"#)
        .expect("valid");
    let rw = Rewriter::new(profile).expect("valid");
    let call = forward(&rw, "anything", json!({}));
    let long: String = (0..4_000).map(|i| format!("line {i} of a log\n")).collect();
    // Text the profile would pass, an error, many images, structured content: all capped.
    let image = json!({"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"});
    let structured: Vec<Value> = (0..3_000).map(|i| json!({"row": i})).collect();
    let cases = [
        json!({"content": [{"type": "text", "text": long}]}),
        json!({"content": [{"type": "text", "text": long}], "isError": true}),
        json!({"content": [{"type": "text", "text": "a"}, {"type": "text", "text": long}, {"type": "text", "text": long}]}),
        json!({"content": vec![image.clone(); 6]}),
        json!({"content": [{"type": "text", "text": "rows"}], "structuredContent": {"rows": structured}}),
    ];
    for (i, case) in cases.into_iter().enumerate() {
        let mut result = case.clone();
        let outcome = rw.rewrite(&call, &mut result, &NO_FILES);
        let tokens = result_tokens(&result);
        assert!(tokens <= 5_000, "case {i}: {tokens} tokens");
        assert_ne!(result, case, "case {i} was over the cap");
        assert!(
            outcome.actions.contains(&Action::Capped) || !outcome.notes.is_empty(),
            "case {i}: {outcome:?}"
        );
    }
    // What was cut is kept: the log reads back whole, the structured content as JSON.
    let mut result = json!({"content": [{"type": "text", "text": long}]});
    rw.rewrite(&call, &mut result, &NO_FILES);
    assert_eq!(read_whole(&rw, text_of(&result)), long);
    let mut result = json!({"content": [{"type": "text", "text": "rows"}], "structuredContent": {"rows": structured}});
    rw.rewrite(&call, &mut result, &NO_FILES);
    assert!(result.get("structuredContent").is_none());
    let note = result["content"][1]["text"].as_str().unwrap();
    let token = note
        .split("\"token\": \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let preview = format!("confirmToken={token}\n");
    assert_eq!(
        read_whole(&rw, &preview),
        json!({"rows": structured}).to_string()
    );
    // Images over the cap are left out with a note that says so.
    let mut result = json!({"content": vec![image; 6]});
    let outcome = rw.rewrite(&call, &mut result, &NO_FILES);
    let notes = result["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "text")
        .count();
    assert_eq!(notes, 3, "{result}");
    assert!(outcome.notes.iter().all(|n| n.contains("image item")));
}

#[test]
fn the_read_tool_slices_searches_and_says_what_is_wrong() {
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let call = forward(&rw, "browser_evaluate", json!({"function": "() => 1"}));
    let lines: Vec<String> = (1..=30_000)
        .map(|i| format!("  \"item {i}\": {},", i * 7))
        .collect();
    let output = format!("{{\n{}\n}}", lines.join("\n"));
    let mut result =
        json!({"content": [{"type": "text", "text": format!("### Result\n{output}")}]});
    rw.rewrite(&call, &mut result, &NO_FILES);
    let preview = text_of(&result).to_owned();

    let slice = read_output(&rw, &preview, json!({"offset": 101, "limit": 3}));
    assert_eq!(
        text_of(&slice),
        "# lines 101-103 of 30002 (693027 chars in all); next: offset 104"
    );
    assert_eq!(
        slice["content"][1]["text"],
        "  \"item 100\": 700,\n  \"item 101\": 707,\n  \"item 102\": 714,\n"
    );
    let chars = read_output(
        &rw,
        &preview,
        json!({"offset": 2, "limit": 10, "unit": "chars"}),
    );
    assert_eq!(chars["content"][1]["text"], "  \"item 1\"");

    let found = read_output(
        &rw,
        &preview,
        json!({"pattern": "item 2999[0-9]\"", "context": 0}),
    );
    assert_eq!(
        text_of(&found),
        "# 10 lines match /item 2999[0-9]\"/ of 30002 lines; all shown, with 0 lines of context"
    );
    assert!(
        found["content"][1]["text"]
            .as_str()
            .unwrap()
            .starts_with("29991:  \"item 29990\": 209930,\n")
    );
    let many = read_output(&rw, &preview, json!({"pattern": "item"}));
    assert!(result_tokens(&many) <= 20_000);
    assert!(
        text_of(&many).contains("next: the same pattern with offset"),
        "{}",
        text_of(&many)
    );

    for (args, says) in [
        (
            json!({"offset": 40_000}),
            "offset is 40000, past the end: the output has 30002 lines; use an offset from 1 to 30002",
        ),
        (
            json!({"limit": -1}),
            "limit is -1; use a whole number from 1",
        ),
        (
            json!({"pattern": "(item"}),
            "pattern does not compile: unclosed group",
        ),
        (
            json!({"pattern": "x".repeat(1_001)}),
            "pattern is 1001 chars long; use a pattern of at most 1000 chars",
        ),
    ] {
        let answer = read_output(&rw, &preview, args.clone());
        assert_eq!(answer["isError"], true, "{args}");
        assert!(text_of(&answer).starts_with(says), "{}", text_of(&answer));
    }
    let unknown = match rw.prepare(
        "confirm_output",
        json!({"token": "AAAAAAAAAAAAAAAAAAAAAA"})
            .as_object()
            .cloned(),
    ) {
        Prepared::Answer(answer) => answer,
        other => panic!("{other:?}"),
    };
    assert!(
        text_of(&unknown).starts_with(
            "the token \"AAAAAAAAAAAAAAAAAAAAAA\" is unknown or expired; outputs are kept 15 min"
        ),
        "{}",
        text_of(&unknown)
    );
    // No read changed the stored output.
    assert_eq!(read_whole(&rw, &preview), output);
}

#[test]
fn outputs_expire_after_the_configured_time() {
    let profile = Profile::playwright()
        .with_file(r#"{"outputTtlSecs": 1}"#)
        .expect("valid");
    let rw = Rewriter::new(profile).expect("valid");
    let call = forward(&rw, "browser_evaluate", json!({}));
    let mut result = json!({"content": [{"type": "text", "text": format!("### Result\n{}", "x".repeat(5_000))}]});
    rw.rewrite(&call, &mut result, &NO_FILES);
    let preview = text_of(&result).to_owned();
    assert!(
        preview.contains("as often as needed within 1 s"),
        "{preview}"
    );
    assert_eq!(
        read_output(&rw, &preview, json!({}))["isError"],
        Value::Null
    );
    std::thread::sleep(std::time::Duration::from_millis(1_100));
    let gone = read_output(&rw, &preview, json!({}));
    assert_eq!(gone["isError"], true);
    assert!(
        text_of(&gone).contains("expired: outputs are kept 1 s"),
        "{}",
        text_of(&gone)
    );
}

#[test]
fn hidden_tools_are_neither_listed_nor_called() {
    let profile = Profile::playwright()
        .with_file(r#"{"excludeTools": ["browser_drop", "browser_network_*"]}"#)
        .expect("valid");
    let mut list = json!({"tools": [
        {"name": "browser_click", "inputSchema": {"type": "object"}},
        {"name": "browser_drop", "inputSchema": {"type": "object"}},
        {"name": "browser_network_requests", "inputSchema": {"type": "object"}}
    ]});
    let report = augment_tools(&mut list, &profile);
    assert_eq!(report.hidden, ["browser_drop", "browser_network_requests"]);
    let names: Vec<&str> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["browser_click", "confirm_output"]);
    let rw = Rewriter::new(profile).expect("valid");
    let Prepared::Answer(refused) = rw.prepare("browser_network_requests", None) else {
        panic!("a hidden tool never reaches the server");
    };
    assert_eq!(refused["isError"], true);
    assert_eq!(
        text_of(&refused),
        "the tool browser_network_requests is excluded by the proxy's configuration (it matches the excluded \"browser_network_*\"), so the proxy did not call it; use one of the tools tools/list shows, or change --tools/--exclude-tools"
    );
    assert!(matches!(
        rw.prepare("browser_click", None),
        Prepared::Forward { .. }
    ));
    for bad in [r#"{"tools": [""]}"#, r#"{"excludeTools": ["a b"]}"#] {
        let err = Profile::playwright().with_file(bad).unwrap_err();
        assert!(err.to_string().contains("tool name"), "{err}");
    }
}

#[test]
fn a_part_of_the_page_is_digested_but_never_the_base_of_a_diff() {
    let Some(dir) = corpus() else { return };
    let page = std::fs::read_to_string(dir.join("readability/bbc-1.ai.yaml")).unwrap();
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let url = "http://127.0.0.1/bbc";
    let full = forward(&rw, "browser_snapshot", json!({}));
    rw.rewrite(&full, &mut snapshot_response(url, &page), &NO_FILES);
    // A part of the page, with a goal: digested as it comes.
    let part = forward(
        &rw,
        "browser_snapshot",
        json!({"target": "e3", "depth": 2, "goal": "search"}),
    );
    let small =
        "- search [ref=e3]:\n  - searchbox \"Search BBC\" [ref=e4]\n  - button \"Search\" [ref=e5]";
    let mut result = snapshot_response(url, small);
    assert_eq!(
        rw.rewrite(&part, &mut result, &NO_FILES).actions,
        [Action::GoalDigest]
    );
    assert!(text_of(&result).contains("[ref=e4]"));
    // The next action's diff is against the whole page, not the part.
    let click = forward(&rw, "browser_click", json!({"target": "e1"}));
    let mut after = snapshot_response(url, &page);
    assert_eq!(
        rw.rewrite(&click, &mut after, &NO_FILES).actions,
        [Action::Diff]
    );
    assert!(text_tokens(&after) < 100, "{}", text_of(&after));
}

#[test]
fn a_file_the_agent_asked_for_keeps_its_link() {
    let read = |_: &str| Ok("- button \"Go\" [ref=e1]\n".repeat(2_000));
    let rw = Rewriter::new(Profile::playwright()).expect("valid");
    let call = forward(&rw, "browser_snapshot", json!({"filename": "mine.yml"}));
    let text = "### Page\n- Page URL: http://x/\n### Snapshot\n- [Snapshot](mine.yml)";
    let mut result = json!({"content": [{"type": "text", "text": text}]});
    assert!(rw.rewrite(&call, &mut result, &read).actions.is_empty());
    assert_eq!(text_of(&result), text);
}

#[test]
fn later_goal_less_pages_are_cut_from_the_snapshot_of_page_one() {
    let page = |extra: usize| {
        let mut text = String::from("- main:\n");
        for i in 0..extra {
            text.push_str(&format!("  - button \"New {i}\" [ref=x{i}]\n"));
        }
        for i in 0..3_000 {
            text.push_str(&format!(
                "  - link \"Story number {i} of the day\" [ref=e{i}]:\n    - /url: /s/{i}\n"
            ));
        }
        text
    };
    let profile = Profile::playwright()
        .with_file(r#"{"maxResultTokens": 5000}"#)
        .expect("valid");
    let rw = Rewriter::new(profile).expect("valid");
    let url = "http://127.0.0.1/live";
    let mut seen = HashMap::new();
    for n in 1..100 {
        // The live page grows between calls and the results around it too; the pages still
        // fit together.
        let args = if n == 1 {
            json!({})
        } else {
            json!({"page": n})
        };
        let call = forward(&rw, "browser_snapshot", args);
        let mut result = snapshot_response(url, &page((n - 1) * 40));
        // What else the result holds changes too, and with it the room the snapshot has.
        if let Some(Value::String(text)) = result.pointer_mut("/content/0/text") {
            text.push_str(&format!("\n### Events\n- {}", "event ".repeat(n * 150)));
        }
        rw.rewrite(&call, &mut result, &NO_FILES);
        let text = text_of(&result).to_owned();
        control_refs(&text, &mut seen);
        if text.contains("the last page") {
            break;
        }
    }
    assert!(
        seen.keys().all(|r| r.starts_with('e')),
        "no control of a later snapshot"
    );
    assert_eq!(seen.len(), 3_000);
    assert!(seen.values().all(|&n| n == 1));
}
