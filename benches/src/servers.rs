//! What the benchmarks that drive real servers share: the pinned Playwright MCP and
//! playwright-core, the proxy's release binary, and the corpus's pages served on 127.0.0.1.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;

/// `$MCP_LEAN_NPM` (default `target/npm`), where `.ci/run` installs the npm servers.
fn npm_root() -> PathBuf {
    std::env::var_os("MCP_LEAN_NPM").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/npm"),
        PathBuf::from,
    )
}

/// `cli.js` of the npm package `name`, checked to be `version`.
///
/// # Panics
///
/// When it is not installed at that version, with the command that installs it.
fn pinned_cli(name: &str, version: &str) -> PathBuf {
    let package = npm_root().join("node_modules").join(name);
    let manifest = std::fs::read_to_string(package.join("package.json")).unwrap_or_default();
    let found = serde_json::from_str::<serde_json::Value>(&manifest)
        .ok()
        .and_then(|m| m["version"].as_str().map(str::to_owned));
    assert!(
        found.as_deref() == Some(version),
        "{name} {version} is not under {} (found {found:?}); run `npm install --prefix target/npm {name}@{version}`",
        npm_root().display()
    );
    package.join("cli.js")
}

/// Playwright MCP's `cli.js` under `$MCP_LEAN_NPM` (default `target/npm`).
///
/// # Panics
///
/// When it is not installed, with the command that installs it.
#[must_use]
pub fn npm_cli() -> PathBuf {
    let cli = npm_root().join("node_modules/@playwright/mcp/cli.js");
    assert!(
        cli.exists(),
        "{} is missing; run `npm install --prefix target/npm @playwright/mcp@0.0.83`",
        cli.display()
    );
    cli
}

/// `cli.js` of playwright-core 1.65.1 under `$MCP_LEAN_NPM`; `node <it> mcp` is the
/// `playwright mcp` server.
///
/// # Panics
///
/// When it is not installed at that version, with the command that installs it.
#[must_use]
pub fn playwright_core_cli() -> PathBuf {
    pinned_cli("playwright-core", "1.65.1")
}

/// The flags the benches start Playwright MCP with (after `cli.js`, or `cli.js mcp` of
/// playwright-core): headless, no sandbox, an isolated profile, files under `out` of the working
/// folder, and the Chromium of `$MCP_LEAN_CHROMIUM` (default `/usr/bin/chromium`).
#[must_use]
pub fn playwright_flags() -> Vec<String> {
    let chromium =
        std::env::var("MCP_LEAN_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    [
        "--headless",
        "--no-sandbox",
        "--isolated",
        "--output-dir",
        "out",
        "--executable-path",
        &chromium,
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect()
}

/// The `mcp-lean` binary: `$MCP_LEAN_BIN`, default the release build.
///
/// # Panics
///
/// When it is missing, with the command that builds it.
#[must_use]
pub fn proxy_bin() -> PathBuf {
    let bin = std::env::var_os("MCP_LEAN_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/mcp-lean"),
        PathBuf::from,
    );
    assert!(
        bin.exists(),
        "{} is missing; run `cargo build --release -p mcp-lean`",
        bin.display()
    );
    bin
}

/// Serves the corpus's HTML pages (`<id>.source.html` in `dir`) at `/<id>` on a free port of
/// 127.0.0.1 until the process ends; returns the port.
///
/// # Panics
///
/// When no local port can be bound.
#[must_use]
pub fn serve(dir: PathBuf) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a local port");
    let port = listener.local_addr().expect("an address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut first = String::new();
                if reader.read_line(&mut first).is_err() {
                    return;
                }
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                    line.clear();
                }
                let path = first.split_whitespace().nth(1).unwrap_or("/");
                let name = path.trim_start_matches('/');
                let file = dir.join(format!("{name}.source.html"));
                let ok = !name.contains('/') && !name.contains("..");
                let (status, body) = match std::fs::read(&file) {
                    Ok(body) if ok => ("200 OK", body),
                    _ => ("404 Not Found", b"not found".to_vec()),
                };
                let mut stream = &stream;
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(&body);
            });
        }
    });
    port
}
