//! `mcp-lean proxy` in front of the real `chrome-devtools-mcp`: its profile is picked from the
//! server's name; large snapshots and script values come back as previews whose tokens return
//! them exactly; uids stay valid upstream.

use std::path::PathBuf;
use std::process::Stdio;

use rmcp::ServiceExt;
use rmcp::transport::TokioChildProcess;
use serde_json::json;

use crate::{call, chromium, npm_package, runtime, site, temp_dir, text};

/// The `chrome-devtools-mcp` version `.ci/run` installs.
const CHROME_DEVTOOLS_MCP: &str = "1.11.0";

fn server_js() -> PathBuf {
    npm_package("chrome-devtools-mcp", CHROME_DEVTOOLS_MCP)
        .join("build/src/bin/chrome-devtools-mcp.js")
}

/// The confirm token in a preview's counts line.
fn token_of(preview: &str) -> String {
    preview
        .split("confirmToken=")
        .nth(1)
        .and_then(|s| s.split(['\n', ',']).next())
        .unwrap_or_else(|| panic!("a confirm token in: {preview}"))
        .to_owned()
}

#[test]
fn chrome_devtools_mcp_through_the_proxy() {
    let site = site::serve();
    let dir = temp_dir("chrome-devtools");
    runtime().block_on(async {
        let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
        cmd.current_dir(&dir)
            .args(["proxy", "--", "node"])
            .arg(server_js())
            .args([
                "--headless",
                "--isolated",
                "--no-usage-statistics",
                "--no-performance-crux",
            ])
            .arg("--executablePath")
            .arg(chromium())
            .arg("--chromeArg=--no-sandbox");
        let (transport, _) = TokioChildProcess::builder(cmd)
            .stderr(Stdio::null())
            .spawn()
            .expect("the proxy starts");
        let client =
            ().serve(transport)
                .await
                .expect("the proxy and chrome-devtools-mcp initialize");
        let info = client.peer().peer_info().expect("server info");
        assert_eq!(
            info.server_info.as_ref().map(|s| s.name.as_str()),
            Some("chrome_devtools")
        );

        let tools = client.peer().list_all_tools().await.expect("tools/list");
        assert!(tools.iter().any(|t| t.name == "confirm_output"));
        let snapshot_tool = tools
            .iter()
            .find(|t| t.name == "take_snapshot")
            .expect("take_snapshot");
        assert!(
            snapshot_tool
                .input_schema
                .get("properties")
                .and_then(|p| p.get("goal"))
                .is_none(),
            "no goal until the digest reads the uid= format"
        );

        eprintln!("chrome-devtools: navigate");
        call(
            &client,
            "navigate_page",
            json!({"pageId": 1, "type": "url", "url": site.url("/shop")}),
        )
        .await;

        // A large snapshot: a preview, and the token returns it whole.
        eprintln!("chrome-devtools: snapshot");
        let preview = text(&call(&client, "take_snapshot", json!({"pageId": 1})).await);
        assert!(preview.starts_with("counts: totalLength="), "{preview}");
        let full = text(
            &call(
                &client,
                "confirm_output",
                json!({"token": token_of(&preview)}),
            )
            .await,
        );
        assert!(
            full.len() > preview.len() * 4,
            "{} vs {}",
            full.len(),
            preview.len()
        );
        assert!(
            full.starts_with("## Latest page snapshot\n"),
            "{}",
            &full[..200.min(full.len())]
        );
        let line = full
            .lines()
            .find(|l| l.contains("button \"Add to basket\""))
            .expect("the button is in the snapshot");
        let uid = line
            .trim_start()
            .strip_prefix("uid=")
            .and_then(|s| s.split_whitespace().next())
            .expect("a uid")
            .to_owned();

        // The uid works through the proxy.
        eprintln!("chrome-devtools: click {uid}");
        call(&client, "click", json!({"pageId": 1, "uid": uid})).await;
        let title = text(
            &call(
                &client,
                "evaluate_script",
                json!({"pageId": 1, "function": "() => document.title"}),
            )
            .await,
        );
        assert!(title.contains("Added to basket"), "{title}");

        // A large script value: summarized as JSON, returned exactly.
        eprintln!("chrome-devtools: evaluate");
        let function = "() => Array.from({length: 3000}, (_, i) => ({i, tag: 'div'}))";
        let preview = text(
            &call(
                &client,
                "evaluate_script",
                json!({"pageId": 1, "function": function}),
            )
            .await,
        );
        assert!(preview.contains("Array(3000)"), "{preview}");
        let value = text(
            &call(
                &client,
                "confirm_output",
                json!({"token": token_of(&preview)}),
            )
            .await,
        );
        let expected: Vec<serde_json::Value> =
            (0..3000).map(|i| json!({"i": i, "tag": "div"})).collect();
        assert_eq!(value, serde_json::to_string(&expected).expect("serializes"));
        let _ = client.cancel().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}
