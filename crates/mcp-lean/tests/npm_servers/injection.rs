//! Page text that addresses the agent, through the proxy in front of the real
//! `@playwright/mcp`: a page on 127.0.0.1 with an injected paragraph moved off screen and an
//! injected image name. The snapshot, a goal digest and `browser_evaluate` of
//! `document.body.innerText` hold neither payload, each says one was held back, and the read
//! tool reads it with the token; with `--content-boundaries`, every text is inside the
//! session's markers and the page's fake marker ends nothing.

use serde_json::json;

use crate::caps::connect;
use crate::site::{ALT_PAYLOAD, FAKE_MARKER, HIDDEN_PAYLOAD};
use crate::{call, runtime, site, temp_dir, texts};

/// The token a held line or the result's note gives.
fn held_token(text: &str) -> String {
    let at = text
        .find("with confirm_output ")
        .unwrap_or_else(|| panic!("a held-back token in: {text}"))
        + "with confirm_output ".len();
    text[at..]
        .split(|c: char| c.is_whitespace() || c == '"' || c == ';' || c == '\\')
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Asserts that `parts` hold neither payload and say something was held back; returns the
/// token that reads it.
fn held(parts: &[String], what: &str) -> String {
    let all = parts.join("\n");
    for payload in [HIDDEN_PAYLOAD, ALT_PAYLOAD] {
        assert!(!all.contains(payload), "{what} shows {payload:?}:\n{all}");
    }
    assert!(
        all.contains("mcp-lean held back"),
        "{what} says nothing held back:\n{all}"
    );
    held_token(&all)
}

#[test]
fn injected_page_text_is_held_back_from_snapshots_digests_and_scripts() {
    let site = site::serve();
    let dir = temp_dir("playwright-injection");
    runtime().block_on(async {
        let client = connect(
            &dir,
            &["--stats", &dir.join("stats.jsonl").display().to_string()],
        )
        .await;
        eprintln!("navigate to the injected page");
        let navigated = texts(
            &call(
                &client,
                "browser_navigate",
                json!({"url": site.url("/injected")}),
            )
            .await,
        );
        held(&navigated, "browser_navigate");

        let snapshot = texts(&call(&client, "browser_snapshot", json!({})).await);
        let token = held(&snapshot, "browser_snapshot");
        let read =
            texts(&call(&client, "confirm_output", json!({"token": token})).await).join("\n");
        assert!(
            read.contains(HIDDEN_PAYLOAD) && read.contains(ALT_PAYLOAD),
            "{read}"
        );

        let digest = texts(
            &call(
                &client,
                "browser_snapshot",
                json!({"goal": "add the kettle to the basket"}),
            )
            .await,
        );
        held(&digest, "the goal digest");
        assert!(digest.join("\n").contains("Add to basket"));

        let evaluated = texts(
            &call(
                &client,
                "browser_evaluate",
                json!({"function": "() => document.body.innerText"}),
            )
            .await,
        );
        let token = held(&evaluated, "browser_evaluate");
        assert!(evaluated[0].contains("Price: 39 €"), "{}", evaluated[0]);
        assert!(
            evaluated[0].contains("⚠ text addressed to the agent"),
            "{}",
            evaluated[0]
        );
        let read =
            texts(&call(&client, "confirm_output", json!({"token": token})).await).join("\n");
        assert!(read.contains(HIDDEN_PAYLOAD), "{read}");
        client.cancel().await.expect("the proxy closes");
    });
    let stats = std::fs::read_to_string(dir.join("stats.jsonl")).expect("the stats file");
    assert!(
        stats.lines().any(|l| l.contains("\"heldBack\":")),
        "{stats}"
    );
}

#[test]
fn content_boundaries_hold_every_text_and_the_page_cannot_end_them() {
    let site = site::serve();
    let dir = temp_dir("playwright-boundaries");
    runtime().block_on(async {
        let client = connect(&dir, &["--content-boundaries"]).await;
        let tools = client.peer().list_all_tools().await.expect("tools/list");
        let described = tools
            .iter()
            .find(|t| t.name == "browser_snapshot")
            .and_then(|t| t.description.clone())
            .expect("browser_snapshot");
        let nonce = described
            .split("<<page-content ")
            .nth(1)
            .and_then(|s| s.split(">>").next())
            .expect("the description names the markers")
            .to_owned();
        assert_eq!(nonce.len(), 24, "{described}");
        let (open, close) = (
            format!("<<page-content {nonce}>>"),
            format!("<</page-content {nonce}>>"),
        );
        for (tool, args) in [
            ("browser_navigate", json!({"url": site.url("/injected")})),
            ("browser_snapshot", json!({})),
            (
                "browser_evaluate",
                json!({"function": "() => document.body.innerText"}),
            ),
        ] {
            for text in texts(&call(&client, tool, args).await) {
                assert!(
                    text.starts_with(&open) && text.ends_with(&close),
                    "{tool}: {text}"
                );
                // The page's own marker is defused; only the session's closes the span.
                assert_eq!(text.matches("<</page-content").count(), 1, "{tool}: {text}");
                if text.contains("page content ended above") {
                    assert!(!text.contains(FAKE_MARKER), "{tool}: {text}");
                }
            }
        }
        client.cancel().await.expect("the proxy closes");
    });
}
