//! `mcp-lean proxy` in front of browser-use's MCP server (`browser-use --mcp`, PyPI
//! `browser-use`, in the virtual environment `.ci/run` makes under `target/py/browser-use`, or
//! the one `MCP_LEAN_BROWSER_USE` names): its profile is picked from the name it reports, its
//! page state comes back digested by the goal with each element's `index` (which
//! `browser_click` takes) kept, the whole HTML of `browser_get_html` comes back as a preview
//! read by slice and pattern, and a six-page session costs a tenth of the tokens or less.
//!
//! browser-use finds the system Chromium itself (`/usr/bin/chromium`); it needs no key but for
//! its two tools that call a model, which this test does not call.

use std::path::{Path, PathBuf};

use rmcp::RoleClient;
use rmcp::service::RunningService;
use serde_json::{Value, json};

use crate::playwright::assert_lean_tools;
use crate::session::{Script, Target, assert_lean_but, six_pages};
use crate::{
    assert_server, call, read_all, runtime, serve_client, server_command, site, temp_dir, text,
    token_of,
};

/// The browser-use version `.ci/run` installs; the test checks it is the one it runs.
const BROWSER_USE: &str = "0.13.14";

/// The `browser-use` program of the virtual environment.
fn program() -> PathBuf {
    let venv = std::env::var_os("MCP_LEAN_BROWSER_USE").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/py/browser-use"),
        PathBuf::from,
    );
    let program = venv.join("bin/browser-use");
    assert!(
        program.exists(),
        "browser-use is not installed at {}; run `python3 -m venv target/py/browser-use && target/py/browser-use/bin/pip install browser-use=={BROWSER_USE}` or .ci/run",
        program.display()
    );
    program
}

/// `browser-use --mcp` with its settings and profiles under `dir/name`, headless, without
/// extensions (they would be downloaded), telemetry or version checks; through the proxy
/// when `stats` is given.
async fn connect(dir: &Path, name: &str, stats: Option<&Path>) -> RunningService<RoleClient, ()> {
    let program = program();
    let mut cmd = server_command(&program.display().to_string(), stats);
    let home = dir.join(name);
    std::fs::create_dir_all(&home).expect("a home for browser-use");
    cmd.arg("--mcp")
        .env("HOME", &home)
        .env("BROWSER_USE_CONFIG_DIR", home.join("config"))
        .env("BROWSER_USE_HEADLESS", "true")
        .env("BROWSER_USE_DISABLE_EXTENSIONS", "true")
        .env("ANONYMIZED_TELEMETRY", "false")
        .env("BROWSER_USE_VERSION_CHECK", "false")
        .env("BROWSER_USE_CLOUD_SYNC", "false");
    serve_client(cmd).await
}

/// Whether a page state shows the target: an element whose text is the target's words, white
/// space aside (browser-use writes an element's text cut at 100 chars).
fn shows_element(text: &str, target: &Target) -> bool {
    let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(words) = target
        .words
        .as_deref()
        .map(squeeze)
        .filter(|w| !w.is_empty())
    else {
        return false;
    };
    // The state is the result's first text; a note may follow it.
    let Some(Ok(state)) = serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .next()
    else {
        return false;
    };
    state["interactive_elements"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["text"].as_str())
        .map(squeeze)
        .any(|t| {
            t == words
                || (t.len().min(words.len()) >= 5
                    && (t.starts_with(&words) || words.starts_with(&t)))
        })
}

fn script() -> Script {
    Script {
        server: "browser-use",
        open: |url| ("browser_navigate", json!({"url": url})),
        snapshot: ("browser_get_state", json!({})),
        read: ("browser_get_html", json!({})),
        shows: shows_element,
        workspace: None,
    }
}

/// The index of the element of `state` whose text is `name`.
fn index_of(state: &str, name: &str) -> Option<u64> {
    let state: Value = serde_json::from_str(state).ok()?;
    state["interactive_elements"]
        .as_array()?
        .iter()
        .find(|e| e["text"] == name)?["index"]
        .as_u64()
}

#[test]
fn browser_use_through_the_proxy() {
    let site = site::serve();
    let dir = temp_dir("browser-use");
    let stats = dir.join("stats.jsonl");
    runtime().block_on(async {
        let proxied = connect(&dir, "proxied", Some(&stats)).await;
        assert_server(&proxied, "browser-use", BROWSER_USE);
        assert_lean_tools(&proxied, &["browser_get_state"]).await;

        // The shop's state for a goal: the button kept with its index, which clicks upstream.
        eprintln!("browser-use: the shop");
        call(
            &proxied,
            "browser_navigate",
            json!({"url": site.url("/shop")}),
        )
        .await;
        let state = text(
            &call(
                &proxied,
                "browser_get_state",
                json!({"goal": "put the kettle in my basket"}),
            )
            .await,
        );
        let parsed: Value = serde_json::from_str(&state).expect("the state stays JSON");
        assert!(
            parsed["digest"]
                .as_str()
                .is_some_and(|d| d.starts_with("goal digest")),
            "{state}"
        );
        let kept = parsed["interactive_elements"].as_array().expect("elements");
        assert!(kept.len() < 100, "{} elements kept", kept.len());
        let add =
            index_of(&state, "Add to basket").unwrap_or_else(|| panic!("the button in: {state}"));
        call(&proxied, "browser_click", json!({"index": add})).await;
        let basket =
            text(&call(&proxied, "browser_get_html", json!({"selector": "#basket"})).await);
        assert!(basket.contains("Basket (1)"), "{basket}");

        // The whole HTML: a preview within the cap, read whole and by pattern with its token.
        let html = text(&call(&proxied, "browser_get_html", json!({})).await);
        assert!(html.contains("confirmToken="), "{html}");
        let token = token_of(&html);
        let whole = read_all(&proxied, &token).await;
        assert!(
            whole.contains("Teapot model 399") && whole.len() > 40_000,
            "{} chars",
            whole.len()
        );
        let found = text(
            &call(
                &proxied,
                "confirm_output",
                json!({"token": token, "pattern": "Teapot model 123,"}),
            )
            .await,
        );
        assert!(found.contains("Teapot model 123,"), "{found}");

        let direct = connect(&dir, "direct", None).await;
        let measured = six_pages(&direct, &proxied, &site, &script()).await;
        for client in [&direct, &proxied] {
            call(client, "browser_close_all", json!({})).await;
        }
        let _ = direct.cancel().await;
        let _ = proxied.cancel().await;
        eprintln!(
            "browser-use: targets its state does not show: {:?}",
            measured.absent
        );
        // Which table cells the state lists varies between runs (keep-tabular-data's and
        // wikipedia's target cells were listed in some and not others), so two goals whose
        // target it shows are the least asked.
        assert_lean_but(&measured, 2, &[]);
    });
    let _ = std::fs::remove_dir_all(&dir);
}
