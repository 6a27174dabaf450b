// The property the fuzz target checks, shared with `cargo test` (the fuzz target includes this
// file with `include!`, so it has no inner doc comment).

/// No server text panics the rewriter, as a result's text or as a linked snapshot file; a
/// rewritten snapshot shows only refs its input had; text outside the rewritten sections stays;
/// no client arguments panic the read tool, as a pattern or as the whole arguments object.
pub(crate) fn check_property(text: &str) {
    use mcp_proxy_rules::{Prepared, Profile, Rewriter};
    use serde_json::json;

    /// Refs as the snapshot parser reads them (the envelope and comments understood), so
    /// that `[ref=` inside a quoted text is not taken for one.
    fn refs(s: &str) -> std::collections::HashSet<String> {
        snapshot_digest::parse_lenient(s)
            .0
            .nodes()
            .iter()
            .filter_map(|n| n.aria_ref().map(|r| r.as_str().to_owned()))
            .collect()
    }

    let Ok(rewriter) = Rewriter::new(Profile::playwright()) else {
        panic!("the built-in profile is valid");
    };
    let goal: String = text.chars().filter(|c| !c.is_control()).take(40).collect();
    // The goal is quoted in a comment, never a ref, whatever it holds.
    let file = text.to_owned();
    let files = move |path: &str| {
        if path == "out/page.yml" {
            Ok(file.clone())
        } else {
            Err("no such file".to_owned())
        }
    };
    let wrapped = [
        text.to_owned(),
        format!("### Page\n- Page URL: http://x/\n### Snapshot\n```yaml\n{text}\n```\n### Events\n- tail"),
        "### Page\n- Page URL: http://x/\n### Snapshot\n- [Snapshot](out/page.yml)\n### Events\n- tail".to_owned(),
        format!("### Result\n{text}\n### Ran Playwright code\n```js\nx\n```"),
        // A script's value that is one JSON string: held back line by line, stored decoded.
        format!(
            "### Result\n{}\n### Ran Playwright code\n```js\nx\n```",
            serde_json::to_string(&text.repeat(2_000 / text.len().max(1) + 1)).unwrap_or_default()
        ),
    ];
    for tool_args in [json!({}), json!({"goal": goal})] {
        for (i, input) in wrapped.iter().enumerate() {
            let Prepared::Forward { call, .. } =
                rewriter.prepare("browser_click", tool_args.as_object().cloned())
            else {
                continue;
            };
            let mut result = json!({"content": [{"type": "text", "text": input}]});
            let _ = rewriter.rewrite(&call, &mut result, &files);
            let out = result["content"][0]["text"].as_str().unwrap_or_default();
            if i == 1 || i == 2 {
                // A ref is copied from what the rewriter parsed, byte for byte: it is written
                // somewhere in the server's text or the linked file. The snapshot block is read
                // alone, in the syntax it is written in (a digest of a `uid=` body is in that
                // syntax, whatever fence it sits in).
                let block = out
                    .split_once("```yaml\n")
                    .and_then(|(_, rest)| rest.rsplit_once("\n```\n### Events"))
                    .map_or(out, |(inner, _)| inner);
                for r in refs(block) {
                    assert!(
                        input.contains(r.as_str()) || text.contains(r.as_str()),
                        "the rewrite shows ref {r:?} that its input did not have\n--- input\n{input}\n--- output\n{out}"
                    );
                }
            }
            if i == 1 || i == 2 {
                assert!(out.starts_with("### Page\n- Page URL: http://x/\n"), "the head stays");
                assert!(out.ends_with("### Events\n- tail"), "the tail stays");
            }
        }
    }
    // agent-browser: the text is the snapshot, copied into structured content (as a string
    // and inside a JSON string) with a map of its refs; chrome-devtools-mcp: a tree beside it.
    let Ok(agent) = Rewriter::new(Profile::agent_browser()) else {
        panic!("the built-in profile is valid");
    };
    let Ok(devtools) = Rewriter::new(Profile::chrome_devtools()) else {
        panic!("the built-in profile is valid");
    };
    let tree: serde_json::Value =
        serde_json::from_str(text).unwrap_or_else(|_| json!({"id": "1_0", "role": text}));
    for tool_args in [json!({}), json!({"goal": goal})] {
        if let Prepared::Forward { call, .. } =
            agent.prepare("agent_browser_snapshot", tool_args.as_object().cloned())
        {
            let response = json!({"data": {"snapshot": text, "refs": refs(text).into_iter()
                .map(|r| (r, json!({"role": "link"}))).collect::<serde_json::Map<_, _>>()}});
            let mut result = json!({
                "content": [{"type": "text", "text": text}],
                "structuredContent": {"response": response, "stdout": response.to_string()}
            });
            let _ = agent.rewrite(&call, &mut result, &files);
            let data = &result["structuredContent"]["response"]["data"];
            if let (Some(out), Some(copy)) = (result["content"][0]["text"].as_str(), data["snapshot"].as_str()) {
                assert_eq!(out, copy, "the copy follows the text");
            }
        }
        if let Prepared::Forward { call, .. } =
            devtools.prepare("take_snapshot", tool_args.as_object().cloned())
        {
            let mut result = json!({
                "content": [{"type": "text", "text": format!("## Latest page snapshot\n{text}")}],
                "structuredContent": {"snapshot": tree}
            });
            let _ = devtools.rewrite(&call, &mut result, &files);
        }
    }
    // The read tool, over stored outputs (lines, and a JSON string kept decoded whose one
    // long line holds the text), with the text as its pattern and its arguments.
    let long_line = format!("{}{text}{}", "x".repeat(400), "y".repeat(400));
    let stored = [
        format!("### Result\n{}\n", "line of output\n".repeat(400)),
        format!(
            "### Result\n{}\n",
            serde_json::to_string(&format!("{}{long_line}\n", "line of output\n".repeat(100)))
                .unwrap_or_default()
        ),
    ];
    let pattern: String = text.chars().take(200).collect();
    let offset = text.len() % 7_000;
    let mut tries = vec![json!({"token": text})];
    for stored in stored {
        let mut result = json!({"content": [{"type": "text", "text": stored}]});
        if let Prepared::Forward { call, .. } = rewriter.prepare("browser_evaluate", None) {
            let _ = rewriter.rewrite(&call, &mut result, &files);
        }
        let preview = result["content"][0]["text"].as_str().unwrap_or_default();
        let token = preview
            .split("confirmToken=")
            .nth(1)
            .and_then(|s| s.split(['\n', ',']).next())
            .unwrap_or("missing")
            .to_owned();
        tries.extend([
            json!({"token": token, "pattern": pattern, "context": text.len() % 25}),
            json!({"token": token, "pattern": pattern, "offset": offset, "unit": "chars"}),
            json!({"token": token, "offset": offset, "unit": "chars", "limit": text.len() % 50}),
            json!({"token": token, "offset": offset}),
        ]);
    }
    let token = tries[1]["token"].as_str().unwrap_or("missing").to_owned();
    if let Ok(serde_json::Value::Object(mut args)) = serde_json::from_str::<serde_json::Value>(text) {
        tries.push(serde_json::Value::Object(args.clone()));
        args.insert("token".to_owned(), json!(token));
        tries.push(serde_json::Value::Object(args));
    }
    for args in tries {
        let answer = rewriter.prepare("confirm_output", args.as_object().cloned());
        assert!(matches!(answer, Prepared::Answer(_)), "the read tool is answered by the proxy");
    }
}
