//! What the benchmarks that drive real servers share: the pinned Playwright MCP, the proxy's
//! release binary, and the corpus's pages served on 127.0.0.1.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;

/// Playwright MCP's `cli.js` under `$MCP_LEAN_NPM` (default `target/npm`).
///
/// # Panics
///
/// When it is not installed, with the command that installs it.
#[must_use]
pub fn npm_cli() -> PathBuf {
    let root = std::env::var_os("MCP_LEAN_NPM").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/npm"),
        PathBuf::from,
    );
    let cli = root.join("node_modules/@playwright/mcp/cli.js");
    assert!(
        cli.exists(),
        "{} is missing; run `npm install --prefix target/npm @playwright/mcp@0.0.83`",
        cli.display()
    );
    cli
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
