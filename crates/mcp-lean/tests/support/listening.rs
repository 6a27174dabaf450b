//! A `mcp-lean proxy --listen 127.0.0.1:0` both test binaries start: where it listens, read
//! from its own line on stderr, and its process, stopped when dropped.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// The listening proxy; killed when dropped.
pub(crate) struct Listening {
    pub(crate) child: Child,
    /// Its MCP endpoint, `http://127.0.0.1:PORT/mcp`.
    pub(crate) url: String,
}

impl Listening {
    /// Starts `command` (the proxy with its arguments) and waits for its `listening on` line;
    /// its later stderr lines are printed with `proxy: ` before them.
    pub(crate) fn start(mut command: Command) -> Self {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the proxy starts");
        let stderr = child.stderr.take().expect("stderr");
        let mut lines = BufReader::new(stderr).lines();
        let url = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| {
                l.strip_prefix("mcp-lean proxy: listening on ")
                    .map(str::to_owned)
            })
            .expect("the proxy says where it listens");
        // Keep reading, so that the proxy never blocks on a full pipe; what it says later is
        // in a failing test's own output.
        std::thread::spawn(move || {
            #[allow(
                clippy::print_stderr,
                reason = "the proxy's messages, for a failing test"
            )]
            for line in lines.map_while(Result::ok) {
                eprintln!("proxy: {line}");
            }
        });
        Self { child, url }
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
