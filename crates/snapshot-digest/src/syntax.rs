//! The three snapshot syntaxes, Playwright's ARIA YAML, chrome-devtools-mcp's `uid=` lines and
//! agent-browser's Playwright-like lines, behind one set of entry points: parsing tells them
//! apart, rendering writes each node in the syntax it came in.
//!
//! Imports run one way: this dispatch uses each syntax, each syntax uses `shared`, `scalar`
//! and, for the two line syntaxes, `indented`, and no syntax knows another, so a fourth syntax
//! is one more submodule and one more arm here. The syntaxes take the depth limit rather than
//! the whole [`Config`], whose other field, the choice of syntax, is this module's business.

mod agent_browser;
mod devtools;
mod indented;
mod playwright;
mod scalar;
mod shared;
mod site;

use std::borrow::Cow;

use crate::error::{Diagnostic, ParseError};
use crate::tree::{Node, Snapshot, Syntax};

pub use playwright::{SnapshotWriter, Tail};

/// Parser settings.
///
/// # Example
///
/// ```
/// let config = snapshot_digest::Config { max_depth: 2, ..Default::default() };
/// let err = snapshot_digest::parse_with("- a:\n  - b:\n    - c", &config).unwrap_err();
/// assert_eq!(err.line(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The deepest nesting accepted; deeper input is an error, not a stack overflow.
    /// Default 256 (real pages stay under 60; `wikipedia-2` has 31).
    pub max_depth: usize,
    /// The syntax to read, or `None` (the default) to tell it from the first line:
    /// chrome-devtools-mcp's when it starts with `uid=`; agent-browser's when one of its first
    /// lines writes two attributes in one bracket (`[level=1, ref=e1]`) or a `StaticText` role;
    /// Playwright's otherwise.
    pub syntax: Option<Syntax>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            max_depth: 256,
            syntax: None,
        }
    }
}

impl Config {
    /// The default configuration.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

/// Parses a snapshot with the default [`Config`].
///
/// Accepts AI-mode and default-mode snapshots, the legacy incremental forms and whole Playwright
/// MCP responses (the snapshot is found and the rest ignored), and chrome-devtools-mcp's
/// `uid=` syntax, told apart by its first line (see [`Syntax`](crate::tree::Syntax)).
///
/// # Errors
///
/// Returns the first [`ParseError`], with its line and column.
///
/// # Example
///
/// ```
/// let snap = snapshot_digest::parse("- button \"Sign in\" [ref=e7] [cursor=pointer]")?;
/// assert_eq!(snap.nodes()[0].name(), Some("Sign in"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str) -> Result<Snapshot<'_>, ParseError> {
    parse_with(text, &Config::default())
}

/// Parses a snapshot with the given [`Config`].
///
/// # Errors
///
/// Returns the first [`ParseError`], with its line and column.
pub fn parse_with<'a>(text: &'a str, config: &Config) -> Result<Snapshot<'a>, ParseError> {
    let lines = match syntax_of(text, config) {
        Syntax::DevTools => Some(devtools::parse(text, config.max_depth)),
        Syntax::AgentBrowser => Some(agent_browser::parse(text, config.max_depth)),
        Syntax::Playwright => None,
    };
    if let Some((snap, diagnostics)) = lines {
        return match diagnostics.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(snap),
        };
    }
    let mut first_error = None;
    let snap = playwright::parse(text, config.max_depth, &mut |e| {
        first_error = Some(e);
        false
    })?;
    match first_error {
        Some(e) => Err(e),
        None => Ok(snap),
    }
}

/// Parses as much as possible: a bad line is reported and skipped together with the lines
/// indented under it, and parsing goes on.
///
/// # Example
///
/// ```
/// let (snap, diagnostics) = snapshot_digest::parse_lenient("- button \"OK\"\n- ???\n- link \"Help\"");
/// assert_eq!(snap.len(), 2);
/// assert_eq!(diagnostics[0].line(), 2);
/// ```
#[must_use]
pub fn parse_lenient(text: &str) -> (Snapshot<'_>, Vec<Diagnostic>) {
    parse_lenient_with(text, &Config::default())
}

/// [`parse_lenient`] with the given [`Config`].
#[must_use]
pub fn parse_lenient_with<'a>(text: &'a str, config: &Config) -> (Snapshot<'a>, Vec<Diagnostic>) {
    match syntax_of(text, config) {
        Syntax::DevTools => return devtools::parse(text, config.max_depth),
        Syntax::AgentBrowser => return agent_browser::parse(text, config.max_depth),
        Syntax::Playwright => {}
    }
    let mut diagnostics = Vec::new();
    let result = playwright::parse(text, config.max_depth, &mut |e| {
        diagnostics.push(e);
        true
    });
    match result {
        Ok(snap) => (snap, diagnostics),
        Err(e) => {
            diagnostics.push(e);
            (Snapshot::default(), diagnostics)
        }
    }
}

/// The syntax to read `text` in: the configured one, or the one its first lines show.
fn syntax_of(text: &str, config: &Config) -> Syntax {
    match config.syntax {
        Some(syntax) => syntax,
        None if devtools::detect(text) => Syntax::DevTools,
        None if agent_browser::detect(text) => Syntax::AgentBrowser,
        None => Syntax::Playwright,
    }
}

/// Renders a snapshot as text.
///
/// For every snapshot Playwright produces, `render(&parse(s)?) == s` byte for byte. Other
/// inputs come back in the canonical form (Playwright's quoting, two-space indentation, props
/// before children), which parses to the same tree.
///
/// # Example
///
/// ```
/// let text = "- 'button \"Click: me\" [ref=e2]'\n- link \"Docs\":\n  - /url: /docs";
/// assert_eq!(snapshot_digest::render(&snapshot_digest::parse(text)?), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn render(snapshot: &Snapshot<'_>) -> String {
    let mut out = String::with_capacity(snapshot.len() * 48);
    let mut key = String::new();
    for (i, node) in snapshot.nodes().iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        render_node(&mut out, &mut key, node);
    }
    if snapshot.has_trailing_newline() {
        out.push('\n');
    }
    out
}

pub(crate) use site::dominant_site;

/// Appends one node's lines (its key line and its props) without a final newline.
pub(crate) fn render_node(out: &mut String, key: &mut String, node: &Node<'_>) {
    render_node_at(out, key, node, node.depth(), Brief::default());
}

/// The most chars of a URL a brief writing shows: a path that long says where a link leads;
/// what follows is query strings and redirect payloads.
const URL_CHARS: usize = 60;

/// How a digest writes a node: in the snapshot's own syntax, shorter. The default writes it
/// as it was.
#[derive(Clone, Copy, Default)]
pub(crate) struct Brief<'s> {
    /// Inline text longer than this many chars is cut, with the cut marked; prop values (long
    /// redirect URLs) and attribute values at a third of it.
    pub(crate) max_text: Option<usize>,
    /// Leaves out Playwright's `[cursor=…]` attribute (see `playwright::write_node`).
    pub(crate) lean: bool,
    /// Links to this origin ([`dominant_site`]) are written as paths; the digest's header
    /// names it.
    pub(crate) site: Option<&'s str>,
    /// Leaves out the node's URL: a candidate link whose name alone tells it from the page's
    /// other links (see `fill::write_candidate`).
    pub(crate) hide_url: bool,
}

impl Brief<'_> {
    /// A prop's or attribute's value as this writing shows it: cut to a third of `max_text`;
    /// a URL on the site as its path, cut at [`URL_CHARS`] at most and the cut marked with
    /// `…` alone (how many chars a URL loses tells an agent nothing).
    pub(crate) fn value<'u>(&self, name: &str, value: &'u str) -> Cow<'u, str> {
        let max = self.max_text.map(|m| m / 3);
        if name != "url" {
            return shared::cut(max, value);
        }
        shared::cut_short(
            max.map(|m| m.min(URL_CHARS)),
            site::on_site(self.site, value),
        )
    }
}

/// [`render_node`] at another depth, written as `brief` says.
pub(crate) fn render_node_at(
    out: &mut String,
    key: &mut String,
    node: &Node<'_>,
    depth: usize,
    brief: Brief<'_>,
) {
    match node.syntax() {
        Syntax::DevTools => devtools::write_node(out, node, depth, brief),
        Syntax::AgentBrowser => agent_browser::write_node(out, node, depth, brief),
        Syntax::Playwright => playwright::write_node(out, key, node, depth, brief),
    }
}

/// Whether a line of written snapshot text in `syntax` starts a node or is a comment: where
/// such text can be cut without leaving a node half written. In chrome-devtools-mcp's syntax
/// a node can span lines (a name with line breaks), and a line starting with `-` or `###`
/// may continue it.
pub(crate) fn starts_node(syntax: Syntax, line: &str) -> bool {
    let trimmed = line.trim_start();
    match syntax {
        Syntax::DevTools => devtools::starts_node(trimmed),
        Syntax::Playwright | Syntax::AgentBrowser => {
            trimmed.starts_with('-') || trimmed.starts_with('#')
        }
    }
}
