//! `mcp-lean proxy` in front of `chrome-devtools-mcp` started with its other output modes:
//! `--experimentalStructuredContent` (the snapshot again as a JSON tree), and
//! `--experimentalDataFormat=toon` or `=gcf` (the snapshot encoded instead of `uid=` lines; their
//! encoders are optional npm packages, `.ci/run` installs them beside it). A goal snapshot keeps
//! its target in each mode the proxy can read, and says plainly why not in the others; the
//! result is never broken.

use serde_json::{Value, json};

use crate::chrome_devtools::connect;
use crate::{call, npm_package, runtime, site, temp_dir, text};

/// The versions of the data formats' encoders `.ci/run` installs beside chrome-devtools-mcp.
const TOON: &str = "4.4.0";
const GCF: &str = "2.5.2";

/// A goal snapshot of the shop through the proxy, with the server started with `flags`: the
/// result's texts and its structured content.
fn goal_snapshot(flags: &[&str], shop: &str) -> (String, Vec<String>, Value) {
    let dir = temp_dir("devtools-formats");
    runtime().block_on(async {
        let client = connect(&dir, Some(&dir.join("stats.jsonl")), flags).await;
        call(
            &client,
            "navigate_page",
            json!({"pageId": 1, "type": "url", "url": shop}),
        )
        .await;
        let result = call(
            &client,
            "take_snapshot",
            json!({"pageId": 1, "goal": "put the kettle in my basket"}),
        )
        .await;
        let value = serde_json::to_value(&result).expect("serializes");
        let texts = value["content"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|i| i["text"].as_str().map(str::to_owned))
            .collect();
        let _ = client.cancel().await;
        (text(&result), texts, value["structuredContent"].clone())
    })
}

/// The uid on the digest's line of the shop's button.
fn button_uid(digest: &str) -> Option<String> {
    let line = digest
        .lines()
        .find(|l| l.contains("button \"Add to basket\""))?;
    let uid = line.trim_start().strip_prefix("uid=")?;
    Some(uid.split_whitespace().next()?.to_owned())
}

#[test]
fn structured_content_and_data_formats_through_the_proxy() {
    npm_package("@toon-format/toon", TOON);
    npm_package("@blackwell-systems/gcf", GCF);
    let site = site::serve();
    let shop = site.url("/shop");

    // The uid= text and its JSON tree: the text is digested, the tree keeps the nodes the
    // digest shows (and those above them).
    eprintln!("chrome-devtools: --experimentalStructuredContent");
    let (digest, _, structured) = goal_snapshot(&["--experimentalStructuredContent"], &shop);
    assert!(
        digest.starts_with("## Latest page snapshot\n# goal digest"),
        "{digest}"
    );
    let uid = button_uid(&digest).unwrap_or_else(|| panic!("the button in: {digest}"));
    let tree = structured["snapshot"].to_string();
    assert!(tree.contains(&format!("\"id\":\"{uid}\"")), "{tree}");
    assert!(
        tree.len() < 20_000,
        "the tree is pruned: {} chars",
        tree.len()
    );

    // Each data format alone: not read, so the snapshot passes (previewed under the cap) and a
    // note says why and what to do.
    for format in ["toon", "gcf"] {
        eprintln!("chrome-devtools: --experimentalDataFormat={format}");
        let flag = format!("--experimentalDataFormat={format}");
        let (first, texts, _) = goal_snapshot(&[&flag], &shop);
        assert!(first.contains("## Latest page snapshot"), "{first}");
        let note = texts.last().expect("a note");
        assert!(
            note.contains(&format!("{} data format", format.to_uppercase()))
                && note.contains("--experimentalStructuredContent"),
            "{note}"
        );

        // With the structured copy beside it, the proxy reads that and digests it.
        eprintln!(
            "chrome-devtools: --experimentalDataFormat={format} --experimentalStructuredContent"
        );
        let (digest, _, _) = goal_snapshot(&[&flag, "--experimentalStructuredContent"], &shop);
        assert!(
            digest.starts_with("## Latest page snapshot\n# goal digest"),
            "{digest}"
        );
        assert!(button_uid(&digest).is_some(), "the button in: {digest}");
    }
}
