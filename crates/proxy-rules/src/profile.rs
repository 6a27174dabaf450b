//! What the proxy does for one kind of server: which tools carry snapshots, what a snapshot
//! becomes without a goal, which large outputs are previewed, and the limits.

use std::time::Duration;

use serde::Deserialize;
use snapshot_digest::Syntax;

use crate::error::Error;
use crate::filter::ToolFilter;

/// What a snapshot becomes when the call names no goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum WithoutGoal {
    /// Every interactive element, heading and landmark with its ref (the full digest).
    Digest,
    /// After an action: only what changed since the last snapshot of the same page; on a
    /// page not seen before, an outline within the budget (regions and top controls, or the
    /// full digest when it fits). Snapshot tools still get the full digest: an agent that
    /// asks to see the page must see all of its controls.
    Diff,
    /// The snapshot as the server wrote it (file links stay links).
    Unchanged,
}

/// The rules for one kind of server.
///
/// # Example
///
/// ```
/// use mcp_proxy_rules::{Profile, WithoutGoal};
///
/// let profile = Profile::for_server("Playwright");
/// assert_eq!(profile.name, "playwright");
/// assert!(profile.takes_goal("browser_click"));
/// assert_eq!(profile.without_goal, WithoutGoal::Diff);
///
/// let other = Profile::for_server("my-files-server");
/// assert_eq!(other.name, "generic");
/// assert!(!other.takes_goal("read_file"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Profile {
    /// The profile's name: `playwright`, `chrome-devtools`, `agent-browser`, `browser-use` or
    /// `generic`.
    pub name: String,
    /// Tools whose purpose is to return a snapshot; they get `goal` and `page`.
    pub snapshot_tools: Vec<String>,
    /// Tools that act and then return a snapshot, inline or as a file link; they get `goal`
    /// and `page` too.
    pub action_tools: Vec<String>,
    /// A boolean parameter of the action tools that asks for a snapshot in the result
    /// (chrome-devtools-mcp's `includeSnapshot`); the proxy sets it when a call has a goal.
    pub snapshot_flag: Option<String>,
    /// What a snapshot becomes without a goal.
    pub without_goal: WithoutGoal,
    /// One budget in estimated tokens for every goal digest and outline. Default `None`:
    /// snapshot-digest's budget, 900 tokens that grow to 5 % of a snapshot over 18,000
    /// tokens, at most 4,000 (`DigestConfig::budget`).
    pub max_tokens: Option<usize>,
    /// Text longer than this many chars is previewed. Default 2,000.
    pub preview_chars: usize,
    /// Markdown sections (`### Result`) whose body is previewed when it is long.
    pub guard_sections: Vec<String>,
    /// Whether a long text result that has none of those sections is previewed whole.
    pub guard_plain_text: bool,
    /// The name of the tool the proxy adds to read stored outputs by their token (whole, a
    /// slice, or the lines that match a pattern).
    pub confirm_tool: String,
    /// The most estimated tokens of any result the client gets, all content items together.
    /// Default 20,000, under Claude Code's 25,000.
    pub max_result_tokens: usize,
    /// How long a stored output can be read after it was made. Default 15 minutes.
    pub output_ttl: Duration,
    /// The most bytes of stored outputs per session; the least recently read goes first.
    /// Default 64 MiB.
    pub max_stored_bytes: usize,
    /// Whether a stored output can be read only once, whole (the confirm tool's first
    /// behaviour); that one answer is the output as it is, whatever its size, so it is the one
    /// result [`max_result_tokens`](Self::max_result_tokens) does not bound. Default `false`:
    /// read as often as needed, in parts, each read within the cap.
    pub one_time_outputs: bool,
    /// Whether page text that addresses the agent (a prompt injection in a review, a hidden
    /// paragraph, an image's name, a script's value) is held back: shown as one line marked
    /// `⚠ text addressed to the agent`, read with the confirm tool. Default `true`.
    pub hold_back: bool,
    /// Whether every text of a result is wrapped in markers that carry a nonce random per
    /// session (`<<page-content NONCE>>` … `<</page-content NONCE>>`), which the tool
    /// descriptions explain. Default `false`.
    pub content_boundaries: bool,
    /// Which of the server's tools the client sees and may call.
    pub tools: ToolFilter,
    /// Arguments of the snapshot tools that ask for a part of the page (Playwright's `target`
    /// and `depth`): such a snapshot is digested as it comes, but never becomes the base of
    /// the page's next diff.
    pub partial_snapshot_args: Vec<String>,
    /// The argument with which a tool writes its output to a file the agent named instead of
    /// returning it (Playwright's `filename`, chrome-devtools-mcp's `filePath`); the proxy
    /// then leaves the file's link as it is.
    pub file_arg: Option<String>,
    /// The syntax the server writes its snapshots in, when their text alone may not tell
    /// (agent-browser's reads as Playwright's when it has no heading level nor text); `None`:
    /// told from the text.
    pub snapshot_syntax: Option<Syntax>,
    /// Whether a snapshot tool's text is the snapshot itself, with no heading nor fence
    /// around it (agent-browser's); a text that is JSON (its `delta` answers) is not one.
    pub bare_snapshots: bool,
    /// Whether the result's `structuredContent` holds copies of its texts (agent-browser puts
    /// the snapshot in `response.data.snapshot`, the refs it shows in `response.data.refs` and
    /// the whole response again as the JSON string `stdout`): when the proxy rewrites a text,
    /// it rewrites the copies the same way, and keeps only the refs the text still shows.
    /// Otherwise a result with `structuredContent` is left as it is, but for the cap.
    pub structured_copies: bool,
    /// A JSON pointer into `structuredContent` to the page's URL, for a server whose snapshot
    /// text does not name it (agent-browser's `/response/data/origin`): diffs and later pages
    /// of a snapshot go by it.
    pub url_pointer: Option<String>,
    /// Whether the snapshot tool answers with a page state in JSON whose
    /// `interactive_elements` carry an `index` the agent acts by (browser-use's
    /// `browser_get_state`): the elements are digested as a snapshot, the state keeps those the
    /// digest shows.
    pub page_state: bool,
}

/// The smallest result cap: room for a preview, a digest header and a page of a few controls.
pub(crate) const MIN_RESULT_TOKENS: usize = 2_000;

/// The tools of `@playwright/mcp` that act and then report the page.
const PLAYWRIGHT_ACTIONS: &[&str] = &[
    "browser_navigate",
    "browser_navigate_back",
    "browser_click",
    "browser_type",
    "browser_press_key",
    "browser_hover",
    "browser_drag",
    "browser_drop",
    "browser_select_option",
    "browser_fill_form",
    "browser_file_upload",
    "browser_handle_dialog",
    "browser_wait_for",
    "browser_tabs",
    "browser_resize",
];

/// Arguments of `agent_browser_snapshot` that ask for a part of the page.
const AGENT_BROWSER_PARTIAL: &[&str] = &["selector", "depth"];

/// The tools of `chrome-devtools-mcp` that act and return a snapshot when asked.
const CHROME_DEVTOOLS_ACTIONS: &[&str] = &[
    "click",
    "drag",
    "fill",
    "fill_form",
    "hover",
    "press_key",
    "upload_file",
];

impl Profile {
    /// The profile for `@playwright/mcp`: `browser_snapshot` and the action tools take a
    /// goal; `### Result` sections and long plain texts are previewed.
    #[must_use]
    pub fn playwright() -> Self {
        Self {
            name: "playwright".to_owned(),
            snapshot_tools: vec!["browser_snapshot".to_owned()],
            action_tools: PLAYWRIGHT_ACTIONS.iter().map(|&t| t.to_owned()).collect(),
            partial_snapshot_args: vec!["target".to_owned(), "depth".to_owned()],
            file_arg: Some("filename".to_owned()),
            ..Self::generic()
        }
    }

    /// The profile for `chrome-devtools-mcp`: `take_snapshot` and the input tools take a
    /// goal (a goal on an input tool sets its `includeSnapshot`); snapshots are digested in
    /// their own `uid=` syntax (or, in a data format the proxy does not read, from the JSON
    /// tree of `--experimentalStructuredContent`); long results are previewed.
    #[must_use]
    pub fn chrome_devtools() -> Self {
        Self {
            name: "chrome-devtools".to_owned(),
            snapshot_tools: vec!["take_snapshot".to_owned()],
            action_tools: CHROME_DEVTOOLS_ACTIONS
                .iter()
                .map(|&t| t.to_owned())
                .collect(),
            snapshot_flag: Some("includeSnapshot".to_owned()),
            file_arg: Some("filePath".to_owned()),
            // `--experimentalStructuredContent` sends the snapshot again as a JSON tree.
            structured_copies: true,
            ..Self::generic()
        }
    }

    /// The profile for agent-browser's MCP server (`agent-browser mcp`): `agent_browser_snapshot`
    /// takes a goal, its snapshot is the whole text in agent-browser's own syntax (refs the
    /// agent passes back as `@e5`), and the copies agent-browser puts in `structuredContent`
    /// follow the text. Its actions return no snapshot, so none takes a goal.
    #[must_use]
    pub fn agent_browser() -> Self {
        Self {
            name: "agent-browser".to_owned(),
            snapshot_tools: vec!["agent_browser_snapshot".to_owned()],
            partial_snapshot_args: AGENT_BROWSER_PARTIAL
                .iter()
                .map(|&a| a.to_owned())
                .collect(),
            snapshot_syntax: Some(Syntax::AgentBrowser),
            bare_snapshots: true,
            structured_copies: true,
            url_pointer: Some("/response/data/origin".to_owned()),
            ..Self::generic()
        }
    }

    /// The profile for browser-use's MCP server (`browser-use --mcp`): `browser_get_state` takes
    /// a goal, its interactive elements are digested by it and keep their `index`, so
    /// `browser_click(index)` works; the whole HTML of `browser_get_html` is previewed, read by
    /// slice or pattern with the confirm tool.
    #[must_use]
    pub fn browser_use() -> Self {
        Self {
            name: "browser-use".to_owned(),
            snapshot_tools: vec!["browser_get_state".to_owned()],
            page_state: true,
            ..Self::generic()
        }
    }

    /// The profile for any other server: long text results are previewed, nothing else.
    #[must_use]
    pub fn generic() -> Self {
        Self {
            name: "generic".to_owned(),
            snapshot_tools: Vec::new(),
            action_tools: Vec::new(),
            snapshot_flag: None,
            without_goal: WithoutGoal::Diff,
            max_tokens: None,
            preview_chars: 2_000,
            guard_sections: vec!["Result".to_owned()],
            guard_plain_text: true,
            confirm_tool: "confirm_output".to_owned(),
            max_result_tokens: 20_000,
            output_ttl: Duration::from_secs(15 * 60),
            max_stored_bytes: 64 << 20,
            one_time_outputs: false,
            hold_back: true,
            content_boundaries: false,
            tools: ToolFilter::default(),
            partial_snapshot_args: Vec::new(),
            file_arg: None,
            snapshot_syntax: None,
            bare_snapshots: false,
            structured_copies: false,
            url_pointer: None,
            page_state: false,
        }
    }

    /// A built-in profile by name: `playwright`, `chrome-devtools`, `agent-browser`,
    /// `browser-use` or `generic`.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownProfile`] for any other name.
    pub fn named(name: &str) -> Result<Self, Error> {
        match name {
            "playwright" => Ok(Self::playwright()),
            "chrome-devtools" => Ok(Self::chrome_devtools()),
            "agent-browser" => Ok(Self::agent_browser()),
            "browser-use" => Ok(Self::browser_use()),
            "generic" => Ok(Self::generic()),
            other => Err(Error::UnknownProfile(other.to_owned())),
        }
    }

    /// The built-in profile for a server, from the `serverInfo.name` it reports at
    /// `initialize` (`Playwright`, `chrome_devtools`, `agent-browser`, `browser-use`, …);
    /// `generic` when it is not known.
    #[must_use]
    pub fn for_server(server_name: &str) -> Self {
        let folded: String = server_name
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if folded.contains("playwright") {
            Self::playwright()
        } else if folded.contains("chromedevtools") {
            Self::chrome_devtools()
        } else if folded.contains("agentbrowser") {
            Self::agent_browser()
        } else if folded.contains("browseruse") {
            Self::browser_use()
        } else {
            Self::generic()
        }
    }

    /// Whether `tool` gets the proxy's `goal` and `page` parameters.
    #[must_use]
    pub fn takes_goal(&self, tool: &str) -> bool {
        self.is_snapshot_tool(tool) || self.action_tools.iter().any(|t| t == tool)
    }

    /// Whether `tool` exists to return a snapshot.
    #[must_use]
    pub fn is_snapshot_tool(&self, tool: &str) -> bool {
        self.snapshot_tools.iter().any(|t| t == tool)
    }

    /// Applies a configuration file (JSON) over this profile; see [`ProfileFile`] for its
    /// fields. A `profile` field in the file replaces `self` with that built-in first.
    ///
    /// # Errors
    ///
    /// [`Error::Config`] when the text is not such a JSON object, [`Error::UnknownProfile`]
    /// for an unknown base profile, [`Error::Limit`] for limits out of range.
    ///
    /// # Example
    ///
    /// ```
    /// use mcp_proxy_rules::{Profile, WithoutGoal};
    ///
    /// let p = Profile::generic()
    ///     .with_file(r#"{"profile": "playwright", "withoutGoal": "digest", "maxTokens": 800}"#)?;
    /// assert_eq!(p.name, "playwright");
    /// assert_eq!((p.without_goal, p.max_tokens), (WithoutGoal::Digest, Some(800)));
    /// # Ok::<(), mcp_proxy_rules::Error>(())
    /// ```
    pub fn with_file(self, json: &str) -> Result<Self, Error> {
        let file: ProfileFile =
            serde_json::from_str(json).map_err(|e| Error::Config(e.to_string()))?;
        let mut p = match &file.profile {
            Some(name) => Self::named(name)?,
            None => self,
        };
        if let Some(v) = file.snapshot_tools {
            p.snapshot_tools = v;
        }
        if let Some(v) = file.action_tools {
            p.action_tools = v;
        }
        if let Some(v) = file.snapshot_flag {
            p.snapshot_flag = Some(v);
        }
        if let Some(v) = file.without_goal {
            p.without_goal = v;
        }
        if let Some(v) = file.max_tokens {
            p.max_tokens = Some(v);
        }
        if let Some(v) = file.preview_chars {
            p.preview_chars = v;
        }
        if let Some(v) = file.guard_sections {
            p.guard_sections = v;
        }
        if let Some(v) = file.guard_plain_text {
            p.guard_plain_text = v;
        }
        if let Some(v) = file.confirm_tool {
            p.confirm_tool = v;
        }
        if let Some(v) = file.max_result_tokens {
            p.max_result_tokens = v;
        }
        if let Some(v) = file.output_ttl_secs {
            p.output_ttl = Duration::from_secs(v);
        }
        if let Some(v) = file.max_stored_bytes {
            p.max_stored_bytes = v;
        }
        if let Some(v) = file.one_time_outputs {
            p.one_time_outputs = v;
        }
        if let Some(v) = file.hold_back {
            p.hold_back = v;
        }
        if let Some(v) = file.content_boundaries {
            p.content_boundaries = v;
        }
        if let Some(v) = file.snapshot_syntax {
            p.snapshot_syntax = Some(match v.as_str() {
                "playwright" => Syntax::Playwright,
                "devtools" => Syntax::DevTools,
                "agent-browser" => Syntax::AgentBrowser,
                other => {
                    return Err(Error::Config(format!(
                        "snapshotSyntax {other:?} is not a syntax; use \"playwright\", \"devtools\" or \"agent-browser\""
                    )));
                }
            });
        }
        if let Some(v) = file.bare_snapshots {
            p.bare_snapshots = v;
        }
        if let Some(v) = file.structured_copies {
            p.structured_copies = v;
        }
        if let Some(v) = file.url_pointer {
            p.url_pointer = Some(v);
        }
        if let Some(v) = file.page_state {
            p.page_state = v;
        }
        if file.tools.is_some() || file.exclude_tools.is_some() {
            p.tools = ToolFilter::new(
                file.tools.as_deref().unwrap_or(&[]),
                file.exclude_tools.as_deref().unwrap_or(&[]),
            )?;
        }
        p.check()?;
        Ok(p)
    }

    /// Checks the limits.
    ///
    /// # Errors
    ///
    /// [`Error::Limit`] naming the field that is out of range.
    pub fn check(&self) -> Result<(), Error> {
        if let Some(max_tokens) = self.max_tokens
            && !(100..=1_000_000).contains(&max_tokens)
        {
            return Err(Error::Limit {
                field: "maxTokens",
                value: max_tokens,
                range: "100 to 1000000",
            });
        }
        if !(output_guard::MIN_LIMIT_CHARS..=10_000_000).contains(&self.preview_chars) {
            return Err(Error::Limit {
                field: "previewChars",
                value: self.preview_chars,
                range: "800 to 10000000",
            });
        }
        if !(MIN_RESULT_TOKENS..=10_000_000).contains(&self.max_result_tokens) {
            return Err(Error::Limit {
                field: "maxResultTokens",
                value: self.max_result_tokens,
                range: "2000 to 10000000",
            });
        }
        let ttl = self.output_ttl.as_secs();
        if !(1..=86_400).contains(&ttl) {
            return Err(Error::Limit {
                field: "outputTtlSecs",
                value: usize::try_from(ttl).unwrap_or(usize::MAX),
                range: "1 to 86400",
            });
        }
        if !(1 << 20..=1 << 34).contains(&self.max_stored_bytes) {
            return Err(Error::Limit {
                field: "maxStoredBytes",
                value: self.max_stored_bytes,
                range: "1048576 (1 MiB) to 17179869184 (16 GiB)",
            });
        }
        Ok(())
    }
}

/// The configuration file, JSON with these optional fields; each replaces the profile's value.
///
/// ```json
/// {
///   "profile": "playwright",
///   "snapshotTools": ["browser_snapshot"],
///   "actionTools": ["browser_click", "browser_navigate"],
///   "snapshotFlag": "includeSnapshot",
///   "withoutGoal": "diff",
///   "maxTokens": 1000,
///   "previewChars": 2000,
///   "guardSections": ["Result"],
///   "guardPlainText": true,
///   "confirmTool": "confirm_output",
///   "maxResultTokens": 20000,
///   "outputTtlSecs": 900,
///   "maxStoredBytes": 67108864,
///   "oneTimeOutputs": false,
///   "tools": ["browser_*"],
///   "excludeTools": ["browser_drop", "browser_network_*"],
///   "snapshotSyntax": "playwright",
///   "bareSnapshots": false,
///   "structuredCopies": false,
///   "urlPointer": "/response/data/origin",
///   "pageState": false
/// }
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[non_exhaustive]
pub struct ProfileFile {
    /// A built-in profile to start from instead of the one picked from the server.
    pub profile: Option<String>,
    /// See [`Profile::snapshot_tools`].
    pub snapshot_tools: Option<Vec<String>>,
    /// See [`Profile::action_tools`].
    pub action_tools: Option<Vec<String>>,
    /// See [`Profile::snapshot_flag`].
    pub snapshot_flag: Option<String>,
    /// See [`Profile::without_goal`].
    pub without_goal: Option<WithoutGoal>,
    /// See [`Profile::max_tokens`].
    pub max_tokens: Option<usize>,
    /// See [`Profile::preview_chars`].
    pub preview_chars: Option<usize>,
    /// See [`Profile::guard_sections`].
    pub guard_sections: Option<Vec<String>>,
    /// See [`Profile::guard_plain_text`].
    pub guard_plain_text: Option<bool>,
    /// See [`Profile::confirm_tool`].
    pub confirm_tool: Option<String>,
    /// See [`Profile::max_result_tokens`].
    pub max_result_tokens: Option<usize>,
    /// See [`Profile::output_ttl`], in seconds.
    pub output_ttl_secs: Option<u64>,
    /// See [`Profile::max_stored_bytes`].
    pub max_stored_bytes: Option<usize>,
    /// See [`Profile::one_time_outputs`].
    pub one_time_outputs: Option<bool>,
    /// See [`Profile::hold_back`].
    pub hold_back: Option<bool>,
    /// See [`Profile::content_boundaries`].
    pub content_boundaries: Option<bool>,
    /// Tool names or `*` globs the client sees; the others are hidden. Default: all.
    pub tools: Option<Vec<String>>,
    /// Tool names or `*` globs hidden from the client, after `tools`.
    pub exclude_tools: Option<Vec<String>>,
    /// See [`Profile::snapshot_syntax`]: `playwright`, `devtools` or `agent-browser`.
    pub snapshot_syntax: Option<String>,
    /// See [`Profile::bare_snapshots`].
    pub bare_snapshots: Option<bool>,
    /// See [`Profile::structured_copies`].
    pub structured_copies: Option<bool>,
    /// See [`Profile::url_pointer`].
    pub url_pointer: Option<String>,
    /// See [`Profile::page_state`].
    pub page_state: Option<bool>,
}
