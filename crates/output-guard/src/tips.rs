//! One-line suggestions of narrower tools, checked against the server's real tool names.

use crate::error::Error;
use crate::preview::Kind;

/// The longest tip text accepted, in chars: a tip is one short line.
pub const MAX_TIP_CHARS: usize = 160;

/// When a tip is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Trigger {
    /// Under every preview that has no tip for its kind.
    Always,
    /// Under previews of this kind of content.
    Kind(Kind),
}

/// One suggestion: a narrower tool and why to use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tip {
    trigger: Trigger,
    tool: String,
    text: String,
}

impl Tip {
    /// When the tip is shown.
    #[must_use]
    pub const fn trigger(&self) -> Trigger {
        self.trigger
    }

    /// The tool the tip suggests; always one of the server's tools.
    #[must_use]
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// The suggestion, one line.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The line shown under a preview: `Tip: try <tool>: <text>`.
    #[must_use]
    pub fn line(&self) -> String {
        format!("Tip: try {}: {}", self.tool, self.text)
    }
}

/// The table of tips a server configures, built against the names of the tools it really has.
///
/// A tip that names a tool the server lacks is rejected when the table is built, not shown to
/// a model that would then call a tool that does not exist.
///
/// # Example
///
/// ```
/// use output_guard::{Error, Kind, Tips, Trigger};
///
/// let tips = Tips::for_tools(["evaluate", "get_console_logs", "confirm_output"])
///     .tip(Trigger::Kind(Kind::Console), "get_console_logs", "filter by level or text")?;
/// assert_eq!(
///     tips.find(Kind::Console).map(|t| t.line()).as_deref(),
///     Some("Tip: try get_console_logs: filter by level or text")
/// );
/// let wrong = Tips::for_tools(["evaluate"]).tip(Trigger::Always, "get_html", "read less");
/// assert!(matches!(wrong, Err(Error::UnknownTool { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tips {
    tools: Vec<String>,
    tips: Vec<Tip>,
}

impl Tips {
    /// An empty table for a server with these tools.
    #[must_use]
    pub fn for_tools<I, S>(tools: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self {
            tools: tools.into_iter().map(Into::into).collect(),
            tips: Vec::new(),
        }
    }

    /// Adds a tip.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownTool`] when `tool` is not one of the server's tools;
    /// [`Error::BadTip`] when `text` is empty, has a line break or is longer than
    /// [`MAX_TIP_CHARS`].
    pub fn tip(mut self, trigger: Trigger, tool: &str, text: &str) -> Result<Self, Error> {
        self.check_tool(tool)?;
        let text = text.trim();
        if text.is_empty()
            || text.contains(['\n', '\r'])
            || crate::count::char_len(text) > MAX_TIP_CHARS
        {
            return Err(Error::BadTip {
                tool: tool.to_owned(),
                max: MAX_TIP_CHARS,
            });
        }
        self.tips.push(Tip {
            trigger,
            tool: tool.to_owned(),
            text: text.to_owned(),
        });
        Ok(self)
    }

    /// The server's tool names.
    #[must_use]
    pub fn tools(&self) -> &[String] {
        &self.tools
    }

    /// The configured tips, in the order added.
    #[must_use]
    pub fn tips(&self) -> &[Tip] {
        &self.tips
    }

    /// The tip for a preview of `kind`: the first for that kind, else the first `Always` tip.
    #[must_use]
    pub fn find(&self, kind: Kind) -> Option<&Tip> {
        self.tips
            .iter()
            .find(|t| t.trigger == Trigger::Kind(kind))
            .or_else(|| self.tips.iter().find(|t| t.trigger == Trigger::Always))
    }

    /// Checks that `tool` is one of the server's tools.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownTool`] when it is not.
    pub fn check_tool(&self, tool: &str) -> Result<(), Error> {
        if self.tools.iter().any(|t| t == tool) {
            Ok(())
        } else {
            Err(Error::UnknownTool {
                tool: tool.to_owned(),
                known: self.tools.join(", "),
            })
        }
    }
}
