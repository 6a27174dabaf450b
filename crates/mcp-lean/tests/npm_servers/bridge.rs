//! The input-required bridge and `subscriptions/listen` through `mcp-lean proxy --listen`,
//! driven by the official SDK v2 client (`@modelcontextprotocol/client` 2.4.0) pinned to the
//! 2026-07-28 revision, in front of the conformance fixture (`tests/conformance/fixture.mjs`,
//! a server of the older era on SDK v1 1.32.2), which asks its client things in the middle of
//! calls: the client's answers resume the same calls, a client that declared nothing gets
//! -32021, and the other client goes on.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::listen::finish;
use crate::listening::Listening;
use crate::{npm_package, npm_root};

/// Copies `file` of the repository beside the npm packages it imports (ES modules resolve
/// packages from the script's own folder).
fn beside_packages(file: &str, name: &str) -> std::path::PathBuf {
    let target = npm_root().join(name);
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join(file), &target)
        .unwrap_or_else(|e| panic!("{file} is copied to {}: {e}", target.display()));
    target
}

#[test]
fn an_sdk_client_of_the_2026_era_answers_an_older_servers_questions_through_the_proxy() {
    npm_package("@modelcontextprotocol/sdk", "1.32.2");
    npm_package("@modelcontextprotocol/client", "2.4.0");
    let fixture = beside_packages("tests/conformance/fixture.mjs", "bridge-fixture.mjs");
    let driver = beside_packages("tests/npm_servers/bridge-client.mjs", "bridge-client.mjs");
    let mut command = Command::new(env!("CARGO_BIN_EXE_mcp-lean"));
    command
        .args(["proxy", "--listen", "127.0.0.1:0", "--shared-session", "--"])
        .arg("node")
        .arg(&fixture);
    let proxy = Listening::start(command);
    let driver = Command::new("node")
        .arg(&driver)
        .arg(&proxy.url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs the driver");
    let seen = finish(driver, "the SDK client of the 2026 era");
    assert_eq!(seen["protocol"], "2026-07-28", "{seen}");
    assert_eq!(seen["missing"], -32_021, "{seen}");
}
