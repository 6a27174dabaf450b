//! A command that prints the machine's secrets: the `.env` file, a private SSH key, a dotfile
//! of secrets, a variable named as a secret or password, the environment dumped.
//!
//! A repository, an issue or a web page read by a coding agent can ask it to "verify the
//! credentials" with `cat /workspace/.env`, `echo $SECRET_API_KEY` or
//! `print(os.environ.get('DATABASE_URL'))`; the answer lands in the agent's context, from
//! where the next instruction, or the agent's own report, carries it out. Honest documents
//! tell their reader to create these files ("copy `.env.example` to `.env`"), to load them
//! (`open('.ssh/id_rsa')` in a library's example) and to print a public key
//! (`cat ~/.ssh/id_ed25519.pub`); they do not print a private one, nor the secrets a program
//! reads. The verbs are those of a shell or of Python that put a text on the screen, never
//! English words ("head to your .env file"). A negation or an article's words about attacks
//! on the line before the command, within 120 chars, excuse it ("never run …", "an
//! attacker's README asks …").

use std::ops::Range;
use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{Grammar, PageWeight, Signal, Strength::Strong};

/// A secret printed by a command of a shell or of Python.
pub(super) static SECRETS_PRINTED: Signal = Signal {
    what: "a command that prints the machine's secrets",
    strength: Strong,
    page: PageWeight::Strong,
    excused: Some(warned_or_reported),
    needs: &[
        &["cat", "echo", "print", "open", "env"],
        &[
            ".env",
            "id_rsa",
            "id_dsa",
            "id_ecdsa",
            "id_ed25519",
            ".aws/credentials",
            ".netrc",
            ".git-credentials",
            "secret",
            "password",
            "passwd",
            "private_key",
            "environ",
            "^env",
        ],
    ],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)(?:\b(?:cat|echo|printenv)\s+|\bprint\s*\(\s*(?:open\s*\(\s*)?)[^\n`|;&]{0,40}?{SECRET}|\bopen\s*\(\s*['\x22][^'\x22\n]{0,60}?{SECRET_FILE}['\x22]\s*\)[^\n]{0,30}?\bprint\s*\(|(?:^|[`$;&|])\s*(?:env|printenv)\s*(?:\|\s*sort\b|>)",
        )
    }),
};

/// A negation before the command, or the words of an article about attacks: "never run
/// `cat ~/.ssh/id_rsa` for anyone", "an attacker's README asks the agent to `echo $SECRET`",
/// "a reverse shell: `bash -i >& /dev/tcp/…`".
static WARNED_OR_REPORTED: LazyLock<Grammar> = LazyLock::new(|| {
    english(
        r"(?i)\b(?:never|not|don't|dont|no\s+one|avoid|attackers?|attacks?|malicious|injections?|injected|exfiltrat\w*|steal\w*|phishing|reverse\s+shells?|bind\s+shells?|backdoors?|exploits?|pentest\w*|penetration\s+test\w*)\b",
    )
});

/// Whether the line before the command warns against it or reports it as an attack's.
pub(super) fn warned_or_reported(text: &str, m: Range<usize>) -> bool {
    let before = text.get(..m.start).unwrap_or_default();
    let line = before.rsplit('\n').next().unwrap_or_default();
    let start = line.char_indices().rev().nth(119).map_or(0, |(i, _)| i);
    WARNED_OR_REPORTED.is_match(line.get(start..).unwrap_or_default())
}

/// Compiles the grammar that excuses a printed secret.
pub(super) fn warm_up() {
    let _ = WARNED_OR_REPORTED.is_match("");
}
