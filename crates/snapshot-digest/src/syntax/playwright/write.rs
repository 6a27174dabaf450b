//! Writing snapshot text from another accessibility tree, line by line, with Playwright's
//! quoting: what a browser backend needs to answer in Playwright's syntax without Playwright.

use super::quote::{write_key, write_name, write_value};
use crate::tree::NameForm;

/// What follows a node's key on its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tail<'a> {
    /// Nothing: a node without text, props or children (`- button "Go" [ref=e5]`).
    Empty,
    /// The node's only content, a text (`- paragraph [ref=e6]: Hello`).
    Text(&'a str),
    /// Props and children follow on the next lines, one level deeper (`- list [ref=e7]:`).
    Block,
}

/// Builds snapshot text one line at a time, quoting names, keys and values exactly as
/// Playwright's renderer does, so the text reads like `page.ariaSnapshot()` and parses back
/// to what was written.
///
/// The writer does not check structure: a caller writes a node with [`Tail::Block`] and then
/// its props and children at `depth + 1`, props first, as Playwright does. Attributes are
/// written in the order given (Playwright's is `checked`, `disabled`, `expanded`, `active`,
/// `invalid`, `level`, `pressed`, `selected`, `ref`, `cursor`); a role, attribute name or
/// attribute value is written verbatim, so give ARIA role names and values without `]`.
///
/// # Example
///
/// ```
/// use snapshot_digest::{SnapshotWriter, Tail};
///
/// let mut w = SnapshotWriter::new();
/// w.node(0, "navigation", None, &[("ref", Some("e2"))], Tail::Block);
/// w.node(1, "link", Some("Docs: start here"), &[("ref", Some("e3"))], Tail::Block);
/// w.prop(2, "url", "/docs");
/// w.node(1, "button", Some("Yes"), &[("pressed", None), ("ref", Some("e4"))], Tail::Text("no"));
/// let text = w.finish();
/// assert_eq!(
///     text,
///     "- navigation [ref=e2]:\n  - 'link \"Docs: start here\" [ref=e3]':\n    - /url: /docs\n  - button \"Yes\" [pressed] [ref=e4]: \"no\""
/// );
/// let parsed = snapshot_digest::parse(&text)?;
/// assert_eq!(parsed.nodes()[1].name(), Some("Docs: start here"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default, Clone)]
pub struct SnapshotWriter {
    out: String,
    key: String,
}

impl SnapshotWriter {
    /// An empty snapshot.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Writes `- role "name" [attr]… ` at `depth` followed by `tail`; an empty name is not
    /// written, as Playwright drops it.
    pub fn node(
        &mut self,
        depth: usize,
        role: &str,
        name: Option<&str>,
        attributes: &[(&str, Option<&str>)],
        tail: Tail<'_>,
    ) {
        self.start_line(depth);
        self.key.clear();
        self.key.push_str(role);
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            self.key.push(' ');
            // Playwright writes every name as JSON, `/…/` ones too (wikipedia-2 has one);
            // the raw slash form is for regular expressions in templates.
            write_name(&mut self.key, name, NameForm::Quoted);
        }
        for (attr, value) in attributes {
            self.key.push_str(" [");
            self.key.push_str(attr);
            if let Some(value) = value {
                self.key.push('=');
                self.key.push_str(value);
            }
            self.key.push(']');
        }
        write_key(&mut self.out, &self.key);
        match tail {
            Tail::Empty => {}
            Tail::Text(text) => {
                self.out.push_str(": ");
                write_value(&mut self.out, text);
            }
            Tail::Block => self.out.push(':'),
        }
    }

    /// Writes `- text: VALUE` at `depth`: a text among a node's other children.
    pub fn text(&mut self, depth: usize, text: &str) {
        self.start_line(depth);
        self.out.push_str("text: ");
        write_value(&mut self.out, text);
    }

    /// Writes `- /name: VALUE` at `depth`, e.g. `url` or `placeholder`.
    pub fn prop(&mut self, depth: usize, name: &str, value: &str) {
        self.start_line(depth);
        self.out.push('/');
        self.out.push_str(name);
        self.out.push_str(": ");
        write_value(&mut self.out, value);
    }

    /// Whether nothing has been written.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// The text written, without a final newline (as `page.ariaSnapshot()` returns it).
    #[must_use]
    pub fn finish(self) -> String {
        self.out
    }

    fn start_line(&mut self, depth: usize) {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str("- ");
    }
}
