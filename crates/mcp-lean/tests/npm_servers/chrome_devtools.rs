//! `mcp-lean proxy` in front of the real `chrome-devtools-mcp`: its profile is picked from the
//! server's name; snapshots come back as digests in its own `uid=` syntax, uids stay valid
//! upstream, a large script value comes back as a preview whose token returns it exactly, and a
//! six-page session costs a tenth of the tokens or less.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use rmcp::RoleClient;
use rmcp::service::RunningService;
use serde_json::json;

use crate::session::{Script, Target, assert_lean_but, shows_key, six_pages};
use crate::{
    call, chromium, npm_package, read_all, runtime, serve_client, server_command, site, temp_dir,
    text, token_of,
};

/// The `chrome-devtools-mcp` version `.ci/run` installs.
const CHROME_DEVTOOLS_MCP: &str = "1.11.0";

fn server_js() -> PathBuf {
    npm_package("chrome-devtools-mcp", CHROME_DEVTOOLS_MCP)
        .join("build/src/bin/chrome-devtools-mcp.js")
}

#[test]
fn chrome_devtools_mcp_through_the_proxy() {
    let site = site::serve();
    let dir = temp_dir("chrome-devtools");
    runtime().block_on(async {
        let client = connect(&dir, Some(&dir.join("stats.jsonl")), &[]).await;
        let info = client.peer().peer_info().expect("server info");
        assert_eq!(
            info.server_info.as_ref().map(|s| s.name.as_str()),
            Some("chrome_devtools")
        );

        let tools = client.peer().list_all_tools().await.expect("tools/list");
        assert!(tools.iter().any(|t| t.name == "confirm_output"));
        for name in ["take_snapshot", "click"] {
            let tool = tools.iter().find(|t| t.name == name).expect("listed");
            let props = tool
                .input_schema
                .get("properties")
                .cloned()
                .unwrap_or_default();
            assert!(props.get("goal").is_some(), "{name}: {props}");
        }

        eprintln!("chrome-devtools: navigate");
        call(
            &client,
            "navigate_page",
            json!({"pageId": 1, "type": "url", "url": site.url("/shop")}),
        )
        .await;

        // A goal digest in the server's own syntax holds the button's uid.
        eprintln!("chrome-devtools: snapshot with a goal");
        let digest = text(
            &call(
                &client,
                "take_snapshot",
                json!({"pageId": 1, "goal": "put the kettle in my basket"}),
            )
            .await,
        );
        assert!(
            digest.starts_with("## Latest page snapshot\n# goal digest"),
            "{digest}"
        );
        let line = digest
            .lines()
            .find(|l| l.contains("button \"Add to basket\""))
            .unwrap_or_else(|| panic!("the digest holds the button: {digest}"));
        let uid = line
            .trim_start()
            .strip_prefix("uid=")
            .and_then(|s| s.split_whitespace().next())
            .expect("a uid")
            .to_owned();

        // The uid works through the proxy; the goal asks for the snapshot after the click.
        eprintln!("chrome-devtools: click {uid}");
        let clicked = text(
            &call(
                &client,
                "click",
                json!({"pageId": 1, "uid": uid, "goal": "the basket"}),
            )
            .await,
        );
        assert!(clicked.contains("Basket (1)"), "{clicked}");
        let title = text(
            &call(
                &client,
                "evaluate_script",
                json!({"pageId": 1, "function": "() => document.title"}),
            )
            .await,
        );
        assert!(title.contains("Added to basket"), "{title}");

        // Without a goal, a snapshot lists every control, in the same syntax.
        let all = text(&call(&client, "take_snapshot", json!({"pageId": 1})).await);
        assert!(
            all.contains("uid=") && all.contains("Save teapot 399 for later"),
            "{}",
            &all[..300.min(all.len())]
        );

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
        let value = read_all(&client, &token_of(&preview)).await;
        let expected: Vec<serde_json::Value> =
            (0..3000).map(|i| json!({"i": i, "tag": "div"})).collect();
        assert_eq!(value, serde_json::to_string(&expected).expect("serializes"));
        let _ = client.cancel().await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// `scripts/capture-devtools.mjs` over the corpus's HTML pages and, with `MCP_LEAN_MINIWOB`
/// (the html folder of PyPI's miniwob 1.1.0, which `.ci/run` sets), its MiniWoB tasks: every
/// snapshot the real server wrote, plain and verbose, parses without a diagnostic and renders
/// back byte for byte.
#[test]
fn every_captured_devtools_snapshot_renders_back_byte_for_byte() {
    // Like every corpus test: skipped without the corpus, which CI always sets.
    let Some(corpus) = std::env::var_os("MCP_LEAN_CORPUS") else {
        return;
    };
    let out = temp_dir("devtools-capture");
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let miniwob = std::env::var_os("MCP_LEAN_MINIWOB");
    let mut command = std::process::Command::new("node");
    command.arg(repo.join("scripts/capture-devtools.mjs"));
    if let Some(dir) = &miniwob {
        command.arg("--miniwob").arg(dir);
    }
    let status = command
        .arg(&out)
        .arg(server_js())
        .arg(chromium())
        .env("MCP_LEAN_CORPUS", corpus)
        .stdout(Stdio::null())
        .status()
        .expect("node runs the capture script");
    assert!(status.success(), "the capture failed: {status}");
    let mut checked = 0;
    let pages = std::fs::read_dir(&out).expect("the capture folder");
    let tasks = std::fs::read_dir(out.join("miniwob")).expect("the MiniWoB capture folder");
    for entry in pages.chain(tasks) {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a capture");
        let body = text
            .strip_prefix("## Latest page snapshot\n")
            .unwrap_or_else(|| panic!("{} has no snapshot heading", path.display()));
        let (snap, diagnostics) = snapshot_digest::parse_lenient(&text);
        assert!(
            diagnostics.is_empty(),
            "{}: {diagnostics:?}",
            path.display()
        );
        assert_eq!(snap.syntax(), snapshot_digest::Syntax::DevTools);
        assert_eq!(snapshot_digest::render(&snap), body, "{}", path.display());
        checked += 1;
    }
    let expected = if miniwob.is_some() { 10 + 45 } else { 10 };
    assert!(
        checked >= expected,
        "{checked} captures, expected {expected}"
    );
    let _ = std::fs::remove_dir_all(&out);
}

/// `chrome-devtools-mcp` started in `dir`, headless in a profile of its own, with `flags`
/// besides; through the proxy when `stats` is given.
pub(crate) async fn connect(
    dir: &Path,
    stats: Option<&Path>,
    flags: &[&str],
) -> RunningService<RoleClient, ()> {
    let mut cmd = server_command("node", stats);
    cmd.current_dir(dir)
        .arg(server_js())
        .args([
            "--headless",
            "--isolated",
            "--no-usage-statistics",
            "--no-performance-crux",
        ])
        .arg("--executablePath")
        .arg(chromium())
        .arg("--chromeArg=--no-sandbox")
        .args(flags);
    serve_client(cmd).await
}

/// Whether `text` shows the target: its `uid=` lines write `role "name"` as Playwright's do,
/// but its default snapshot flattens a table into text nodes, so a cell is its words in quotes.
fn shows_node_or_text(text: &str, target: &Target) -> bool {
    shows_key(text, target)
        || target
            .words
            .as_deref()
            .is_some_and(|w| text.contains(&format!("\"{w}\"")))
}

#[test]
fn six_pages_of_chrome_devtools_mcp_through_the_proxy() {
    let site = site::serve();
    let dir = temp_dir("chrome-devtools-six");
    let script = Script {
        server: "chrome-devtools-mcp",
        open: |url| {
            (
                "navigate_page",
                json!({"pageId": 1, "type": "url", "url": url}),
            )
        },
        snapshot: ("take_snapshot", json!({"pageId": 1})),
        read: (
            "evaluate_script",
            json!({"pageId": 1, "function": "() => document.body.innerText"}),
        ),
        shows: shows_node_or_text,
        workspace: None,
    };
    runtime().block_on(async {
        let direct = connect(&dir, None, &[]).await;
        let proxied = connect(&dir, Some(&dir.join("stats.jsonl")), &[]).await;
        let measured = six_pages(&direct, &proxied, &site, &script).await;
        let _ = direct.cancel().await;
        let _ = proxied.cancel().await;
        // Its default snapshot flattens a table into text nodes and splits a cell's words over
        // several (the infobox's date, the progress table's names), so targets in tables are
        // not found by their words in it and are not counted: two goals are the least asked.
        // How its syntax keeps targets is measured on the corpus (`devtools_quality`).
        assert_lean_but(&measured, 2, &[]);
    });
    let _ = std::fs::remove_dir_all(&dir);
}
