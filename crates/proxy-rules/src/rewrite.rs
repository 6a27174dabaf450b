//! One proxy session's rewriting of `tools/call`: the proxy's arguments taken out before the
//! call, the result made lean after it.

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use output_guard::{Budget, Config as GuardConfig, Guard, Kind, StoreLimits, TokenStore};
use serde_json::{Map, Value, json};
use snapshot_digest::{
    DiffKind, DigestConfig, HoldBack, Snapshot, diff_with, digest_with, full_digest_page,
    outline_with, parse_lenient,
};

use crate::held::Holder;
use crate::markdown::{
    devtools_snapshot, devtools_url, fenced, fenced_json, legacy_snapshot, page_url, sections,
    snapshot_link,
};
use crate::{Error, LeanArgs, Profile, WithoutGoal, split_args};

/// Reads a snapshot file that a result links to, as the server wrote it.
///
/// The proxy's binary implements it over the file system (resolving paths as the server
/// does); tests implement it over a map. A closure `Fn(&str) -> Result<String, String>` is one.
pub trait SnapshotFiles {
    /// The text of the file at `path`, as the link wrote it, or why it cannot be read.
    ///
    /// # Errors
    ///
    /// A message saying why, which the proxy reports in its statistics; the link then passes
    /// unchanged.
    fn read(&self, path: &str) -> Result<String, String>;
}

impl<F: Fn(&str) -> Result<String, String>> SnapshotFiles for F {
    fn read(&self, path: &str) -> Result<String, String> {
        self(path)
    }
}

/// A call on its way to the server: the tool and the proxy's arguments taken out of it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Call {
    /// The tool's name.
    pub tool: String,
    /// The proxy's own arguments.
    pub lean: LeanArgs,
    /// Whether the call asked the server for a part of the page only (Playwright's `target`
    /// or `depth`), so its snapshot is not the page's: it is digested but never kept as the
    /// page's last snapshot for diffs.
    pub partial: bool,
    /// Whether the call asked the server to write its output to a file of the agent's
    /// choosing ([`Profile::file_arg`]): its link then stays a link.
    pub to_file: bool,
}

/// What [`Rewriter::prepare`] decided for a call.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Prepared {
    /// Forward the call with these arguments, then rewrite its result for `call`.
    Forward {
        /// The arguments without the proxy's own.
        arguments: Option<Map<String, Value>>,
        /// What the rewrite needs to know.
        call: Call,
    },
    /// Answer the client with this `tools/call` result; the server never sees the call (the
    /// confirm tool, or arguments the proxy refuses).
    Answer(Value),
}

/// What was done to a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Action {
    /// A snapshot became a goal digest.
    GoalDigest,
    /// A snapshot became the full digest.
    FullDigest,
    /// A snapshot became its difference from the page's previous one.
    Diff,
    /// A snapshot of a page not seen before became an outline within the budget.
    Outline,
    /// A linked snapshot file was read and put inline.
    InlinedFile,
    /// A large output became a preview with a confirm token.
    Preview,
    /// A confirm token was redeemed.
    Confirmed,
    /// A text of a result over the cap became a preview.
    Capped,
}

impl Action {
    /// A short stable name, as written in statistics.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::GoalDigest => "goal-digest",
            Self::FullDigest => "full-digest",
            Self::Diff => "diff",
            Self::Outline => "outline",
            Self::InlinedFile => "inlined-file",
            Self::Preview => "preview",
            Self::Confirmed => "confirmed",
            Self::Capped => "capped",
        }
    }
}

/// What [`Rewriter::rewrite`] did, for statistics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outcome {
    /// What was done, in order; empty when the result passed unchanged.
    pub actions: Vec<Action>,
    /// Estimated tokens of the snapshot files the result linked to and the proxy read.
    pub linked_tokens: usize,
    /// Why something was left as it was (a file that could not be read, a goal with no
    /// snapshot to apply to).
    pub notes: Vec<String>,
    /// [`result_tokens`](crate::result_tokens) of the result as the server sent it.
    pub server_tokens: usize,
    /// [`result_tokens`](crate::result_tokens) of the result as the client gets it.
    pub client_tokens: usize,
    /// Parts of the result held back because they address the agent (snapshot nodes, lines
    /// of other text), each shown as a line marked `⚠ text addressed to the agent`.
    pub held_back: usize,
}

/// Writes a goal digest in place of [`digest_with`]: the snapshot, the goal and the digest
/// settings in; the digest's text and, optionally, a note for [`Outcome::notes`] (what a
/// model chose, or why its answer was not used) out. The proxy's LLM digest
/// is one.
pub type GoalDigester =
    dyn Fn(&Snapshot<'_>, &str, &DigestConfig) -> (String, Option<String>) + Send + Sync;

/// What one rewrite gathers as it goes: what was done, and what was held back.
struct Work<'s> {
    outcome: Outcome,
    holder: Holder<'s>,
}

/// Recent snapshots kept per page for diffs.
const RECENT_PAGES: usize = 16;
/// The most outputs a session stores; its byte bound ([`Profile::max_stored_bytes`]) is
/// what usually decides.
const STORED_OUTPUTS: usize = 1_024;
/// Tokens a snapshot's room leaves for the lines around it in a result (Playwright's `### Page`
/// and `### Ran Playwright code` sections).
const ROOM_MARGIN: usize = 500;

/// The rewriting rules of one proxy session: the profile, the previews' token store and the
/// last snapshot of each recent page.
///
/// # Example
///
/// ```
/// use mcp_proxy_rules::{Prepared, Profile, Rewriter};
/// use serde_json::json;
///
/// let rw = Rewriter::new(Profile::playwright())?;
/// let args = json!({"goal": "add to basket"}).as_object().cloned();
/// let Prepared::Forward { arguments, call } = rw.prepare("browser_snapshot", args) else {
///     panic!("a snapshot call is forwarded");
/// };
/// assert_eq!(arguments, Some(serde_json::Map::new()));
///
/// let mut result = json!({"content": [{"type": "text", "text":
///     "### Snapshot\n```yaml\n- button \"Add to basket\" [ref=e6]\n```"}]});
/// let no_files = |_: &str| Err("no files here".to_owned());
/// let outcome = rw.rewrite(&call, &mut result, &no_files);
/// assert!(result["content"][0]["text"].as_str().unwrap().contains("[ref=e6]"));
/// assert_eq!(outcome.actions.len(), 1);
/// # Ok::<(), mcp_proxy_rules::Error>(())
/// ```
pub struct Rewriter {
    profile: Profile,
    guard: Guard,
    store: TokenStore,
    recent: Mutex<VecDeque<(String, String)>>,
    /// The page, snapshot and page size the last goal-less page 1 was made with: later pages
    /// are cut from the same snapshot at the same size, so that they fit together even when
    /// the live page moved in between or a result holds more beside the snapshot.
    outline: Mutex<Option<(String, Arc<str>, usize)>>,
    goal_digester: Option<Arc<GoalDigester>>,
    /// The session's nonce of [`Profile::content_boundaries`]' markers.
    nonce: Option<String>,
}

impl std::fmt::Debug for Rewriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rewriter")
            .field("profile", &self.profile)
            .field("guard", &self.guard)
            .field("store", &self.store)
            .field(
                "goal_digester",
                &self.goal_digester.as_ref().map(|_| "custom"),
            )
            .finish_non_exhaustive()
    }
}

impl Rewriter {
    /// Rules for `profile`, with an empty token store.
    ///
    /// # Errors
    ///
    /// [`Error::Limit`] or [`Error::Guard`] when the profile's limits are out of range;
    /// [`Error::Random`] when content boundaries are asked for and no nonce can be made.
    pub fn new(profile: Profile) -> Result<Self, Error> {
        profile.check()?;
        let nonce = if profile.content_boundaries {
            Some(crate::boundary::nonce()?)
        } else {
            None
        };
        let guard = Guard::new(GuardConfig {
            budget: Budget::Chars(profile.preview_chars),
            confirm_tool: profile.confirm_tool.clone(),
            pretty_json: true,
            reusable_tokens: !profile.one_time_outputs,
            // A script's value that is a string (a page's text) comes as one JSON string
            // literal, its lines `\n` escapes: kept decoded, it reads by lines and by pattern
            // line by line, and the preview says the output is the decoded string.
            decode_json_strings: true,
            ..GuardConfig::default()
        })?;
        let store = TokenStore::new(StoreLimits {
            max_entries: STORED_OUTPUTS,
            max_bytes: profile.max_stored_bytes,
            ttl: profile.output_ttl,
            ..StoreLimits::default()
        });
        Ok(Self {
            profile,
            guard,
            store,
            recent: Mutex::new(VecDeque::new()),
            outline: Mutex::new(None),
            goal_digester: None,
            nonce,
        })
    }

    /// Goal digests are written by `digester` instead of [`digest_with`] (the same
    /// snapshot, goal and settings).
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    /// use mcp_proxy_rules::{Profile, Rewriter};
    ///
    /// let rw = Rewriter::new(Profile::playwright())?.with_goal_digester(Arc::new(
    ///     |snap: &snapshot_digest::Snapshot<'_>, goal: &str, config: &snapshot_digest::DigestConfig| {
    ///         (snapshot_digest::digest_with(snap, goal, config).text, None)
    ///     },
    /// ));
    /// # let _ = rw;
    /// # Ok::<(), mcp_proxy_rules::Error>(())
    /// ```
    #[must_use]
    pub fn with_goal_digester(mut self, digester: Arc<GoalDigester>) -> Self {
        self.goal_digester = Some(digester);
        self
    }

    /// The profile in use.
    #[must_use]
    pub const fn profile(&self) -> &Profile {
        &self.profile
    }

    /// Decides what to do with a `tools/call` before it reaches the server: the read tool is
    /// answered here, and so is a call to a tool the configuration hides; tools that got
    /// `goal` and `page` lose them, checked.
    #[must_use]
    pub fn prepare(&self, tool: &str, mut arguments: Option<Map<String, Value>>) -> Prepared {
        if tool == self.profile.confirm_tool {
            // What the read tool returns is what pages wrote: inside the boundaries too.
            let mut answer = crate::read::answer(&self.store, &self.profile, arguments.as_ref());
            if let Some(nonce) = &self.nonce {
                crate::boundary::wrap(&mut answer, nonce);
            }
            return Prepared::Answer(answer);
        }
        if !self.profile.tools.allows(tool) {
            return Prepared::Answer(error_result(&self.profile.tools.refusal(tool)));
        }
        let lean = if self.profile.takes_goal(tool) {
            match split_args(arguments.as_mut()) {
                Ok(lean) => lean,
                Err(message) => return Prepared::Answer(error_result(&message)),
            }
        } else {
            LeanArgs::default()
        };
        if lean.goal.is_none() && lean.page > 1 && !self.pages_outline(tool) {
            return Prepared::Answer(error_result(&format!(
                "page without goal pages the outline of {}; on {tool}, give the goal too, as on page 1",
                self.snapshot_tool()
            )));
        }
        let given = |key: &str| {
            arguments
                .as_ref()
                .is_some_and(|a| a.get(key).is_some_and(|v| !v.is_null()))
        };
        let partial = self.profile.is_snapshot_tool(tool)
            && self.profile.partial_snapshot_args.iter().any(|k| given(k));
        let to_file = self.profile.file_arg.as_deref().is_some_and(given);
        // A goal on an action of a server that returns snapshots only when asked asks for one.
        if let (Some(_), Some(flag)) = (&lean.goal, &self.profile.snapshot_flag)
            && !self.profile.is_snapshot_tool(tool)
        {
            arguments
                .get_or_insert_with(Map::new)
                .entry(flag.clone())
                .or_insert(Value::Bool(true));
        }
        Prepared::Forward {
            arguments,
            call: Call {
                tool: tool.to_owned(),
                lean,
                partial,
                to_file,
            },
        }
    }

    /// Whether a goal-less call of `tool` gets the full digest, which `page` pages.
    fn pages_outline(&self, tool: &str) -> bool {
        match self.profile.without_goal {
            WithoutGoal::Digest => true,
            WithoutGoal::Diff => self.profile.is_snapshot_tool(tool),
            WithoutGoal::Unchanged => false,
        }
    }

    /// Makes a server's `tools/call` result lean, in place: snapshots digested or diffed
    /// (read from the file a link names when needed), long sections and texts previewed; then
    /// holds the whole result to [`Profile::max_result_tokens`].
    ///
    /// Results marked `isError`, results with `structuredContent`, and every content item
    /// that is not text are not digested; so is anything the rules cannot read. The cap
    /// applies to every result: its largest texts become previews, then an oversized
    /// `structuredContent` is stored behind a token, then images or other items are left out
    /// with a note, until it fits.
    pub fn rewrite(&self, call: &Call, result: &mut Value, files: &dyn SnapshotFiles) -> Outcome {
        let outcome = Outcome {
            server_tokens: crate::result_tokens(result),
            ..Outcome::default()
        };
        let mut work = Work {
            outcome,
            holder: Holder::new(
                &self.store,
                &self.profile.confirm_tool,
                self.profile.hold_back,
            ),
        };
        self.rewrite_items(call, result, files, &mut work);
        let Work {
            mut outcome,
            mut holder,
        } = work;
        if let Some(note) = holder.note()
            && let Some(items) = result.get_mut("content").and_then(Value::as_array_mut)
        {
            items.push(json!({"type": "text", "text": note}));
        }
        outcome.held_back = holder.count;
        // The markers go on after the cap, which leaves them room.
        let margin = if self.nonce.is_some() {
            crate::boundary::MARGIN_TOKENS
        } else {
            0
        };
        outcome.client_tokens = crate::cap::enforce(
            result,
            self.profile.max_result_tokens - margin,
            &self.guard,
            &self.store,
            &self.profile.confirm_tool,
            &mut outcome,
        );
        if let Some(nonce) = &self.nonce {
            crate::boundary::wrap(result, nonce);
            outcome.client_tokens = crate::result_tokens(result);
        }
        outcome
    }

    /// The session's content boundary nonce, when [`Profile::content_boundaries`] is on: the
    /// tool descriptions say what the markers that carry it mean
    /// ([`crate::augment_tools_with`]).
    #[must_use]
    pub fn boundary_nonce(&self) -> Option<&str> {
        self.nonce.as_deref()
    }

    fn rewrite_items(
        &self,
        call: &Call,
        result: &mut Value,
        files: &dyn SnapshotFiles,
        work: &mut Work<'_>,
    ) {
        let is_error = result.get("isError").and_then(Value::as_bool) == Some(true);
        if is_error || result.get("structuredContent").is_some() {
            // Not digested nor previewed; but an error can quote the page (a script that threw
            // with the page's text), so its texts are held back all the same.
            for_each_text(result, |text| work.holder.hold_text(text, None));
            return;
        }
        let before = work.outcome.server_tokens;
        let Some(items) = result.get_mut("content").and_then(Value::as_array_mut) else {
            return;
        };
        let mut goal_used = false;
        for item in items.iter_mut() {
            if item.get("type").and_then(Value::as_str) != Some("text") {
                continue;
            }
            let Some(Value::String(text)) = item.get_mut("text") else {
                continue;
            };
            let done = work.outcome.actions.len();
            // Page text that addresses the agent goes first, before any preview can show a
            // part of it; a snapshot's is held back by its digest, node by node.
            if let Some(held) = work.holder.hold_text(text, self.snapshot_range(text)) {
                *text = held;
            }
            if let Some(new) = self.rewrite_text(call, text, files, before, work) {
                *text = new;
            }
            goal_used |= work.outcome.actions[done..].contains(&Action::GoalDigest);
        }
        if call.lean.goal.is_some() && !goal_used {
            work.outcome
                .notes
                .push("the goal found no snapshot in the result".to_owned());
        }
    }

    /// Where the inline snapshot of a result's text is, if it has one: chrome-devtools-mcp's
    /// body after its heading, the fenced block of Playwright's `### Snapshot`, or the legacy
    /// form.
    fn snapshot_range(&self, text: &str) -> Option<Range<usize>> {
        let reads_snapshots =
            !self.profile.snapshot_tools.is_empty() || !self.profile.action_tools.is_empty();
        if !reads_snapshots {
            return None;
        }
        let secs = sections(text);
        let snapshot_section = secs.iter().find(|s| &text[s.title.clone()] == "Snapshot");
        if snapshot_section.is_none()
            && let Some(body) = devtools_snapshot(text)
            && text[body.clone()].trim_start().starts_with("uid=")
        {
            return Some(body);
        }
        match snapshot_section {
            Some(s) => fenced(text, s.body.clone()),
            None => legacy_snapshot(text),
        }
    }

    /// The lean form of one text item of a result whose whole is `result_tokens`.
    fn rewrite_text(
        &self,
        call: &Call,
        text: &str,
        files: &dyn SnapshotFiles,
        result_tokens: usize,
        work: &mut Work<'_>,
    ) -> Option<String> {
        let secs = sections(text);
        let mut edits: Vec<(Range<usize>, String)> = Vec::new();
        let reads_snapshots =
            !self.profile.snapshot_tools.is_empty() || !self.profile.action_tools.is_empty();
        let snapshot_section = secs.iter().find(|s| &text[s.title.clone()] == "Snapshot");
        if reads_snapshots
            && snapshot_section.is_none()
            && let Some(body) = devtools_snapshot(text)
            && text[body.clone()].trim_start().starts_with("uid=")
        {
            // chrome-devtools-mcp: the snapshot is the rest of the result after its heading,
            // and nothing else in it is large.
            let raw = &text[body.clone()];
            let url = devtools_url(raw).to_owned();
            let room = self.room(result_tokens, raw);
            return self
                .lean_snapshot(call, &url, raw, room, work)
                .map(|lean| apply(text, vec![(body, lean.trim_end_matches('\n').to_owned())]));
        }
        if reads_snapshots {
            let url = page_url(text).unwrap_or("");
            let inline = match snapshot_section {
                Some(s) => fenced(text, s.body.clone()),
                None => legacy_snapshot(text),
            };
            if let Some(inner) = inline {
                let raw = &text[inner.clone()];
                let room = self.room(result_tokens, raw);
                if let Some(lean) = self.lean_snapshot(call, url, raw, room, work) {
                    edits.push((inner, lean));
                }
            } else if !call.to_file
                && let Some(section) = snapshot_section
                && let Some((line, path)) = snapshot_link(text, section.body.clone())
                && let Some(block) =
                    self.inline_linked(call, url, path, files, self.room(result_tokens, ""), work)
            {
                let link = &text[line.clone()];
                edits.push((line, format!("{link}\n{block}")));
            }
        }
        for section in &secs {
            let title = &text[section.title.clone()];
            if !self.profile.guard_sections.iter().any(|g| g == title) {
                continue;
            }
            let body = &text[section.body.clone()];
            let content = body.trim_end_matches('\n');
            if output_guard::char_len(content) <= self.profile.preview_chars {
                continue;
            }
            let preview = self.guard.json_text(content.to_owned(), &self.store);
            work.outcome.actions.push(Action::Preview);
            let end = section.body.start + content.len();
            edits.push((section.body.start..end, preview.text));
        }
        if secs.is_empty()
            && self.profile.guard_plain_text
            && output_guard::char_len(text) > self.profile.preview_chars
        {
            work.outcome.actions.push(Action::Preview);
            // A script's value in a ```json block is summarized as JSON, its framing kept;
            // any other long text is cut.
            if let Some(inner) = fenced_json(text) {
                let framing = text.len() - inner.len();
                if framing < self.profile.preview_chars / 2 {
                    let json = text[inner.clone()].to_owned();
                    let preview = self.guard.json_text(json, &self.store);
                    return Some(apply(text, vec![(inner, preview.text)]));
                }
            }
            let preview = self.guard.text(text.to_owned(), Kind::Text, &self.store);
            return Some(preview.text);
        }
        (!edits.is_empty()).then(|| apply(text, edits))
    }

    /// The snapshot file a link names, read and made lean, as a fenced `yaml` block; when it
    /// cannot be read, a line that says why (the link stays as it is); `None` when it is not
    /// plainly a snapshot.
    fn inline_linked(
        &self,
        call: &Call,
        url: &str,
        path: &str,
        files: &dyn SnapshotFiles,
        room: usize,
        work: &mut Work<'_>,
    ) -> Option<String> {
        let raw = match files.read(path) {
            Ok(raw) => raw,
            Err(why) => {
                // The agent sees why the link stays a link, in one line under it.
                let why = why.replace(['\n', '\r'], " ");
                work.outcome
                    .notes
                    .push(format!("snapshot link {path}: {why}"));
                return Some(format!("- The proxy did not read this file: {why}"));
            }
        };
        // A snapshot file holds no Markdown fence, heading or comment line; one would change
        // what the block the proxy puts it in means, so such a file keeps its link.
        let markdown = raw
            .lines()
            .map(str::trim_start)
            .any(|l| l.starts_with("```") || l.starts_with('#'));
        if markdown {
            work.outcome.notes.push(format!(
                "snapshot link {path}: the file holds Markdown (a ``` or # line), so it stays a link"
            ));
            return None;
        }
        work.outcome.linked_tokens += snapshot_digest::estimate_tokens(&raw);
        let shown = self
            .lean_snapshot(call, url, &raw, room, work)
            .unwrap_or(raw);
        work.outcome.actions.push(Action::InlinedFile);
        Some(format!("```yaml\n{}\n```", shown.trim_end_matches('\n')))
    }

    /// The tokens a snapshot's lean form may take in a result of `result_tokens` that holds
    /// `raw`: the cap less the rest of the result, but at least half the cap (what else a
    /// result holds is previewed to fit by [`crate::cap::enforce`]).
    fn room(&self, result_tokens: usize, raw: &str) -> usize {
        let cap = self.profile.max_result_tokens;
        let rest = result_tokens.saturating_sub(snapshot_digest::estimate_tokens(raw));
        cap - rest.min(cap / 2) - ROOM_MARGIN.min(cap / 10)
    }

    /// The lean form of one snapshot for this call, or `None` to keep it as it is; a full
    /// digest is paged to fit `room` tokens.
    fn lean_snapshot(
        &self,
        call: &Call,
        url: &str,
        raw: &str,
        room: usize,
        work: &mut Work<'_>,
    ) -> Option<String> {
        let (snapshot, _diagnostics) = parse_lenient(raw);
        // The snapshot is read for text that addresses the agent once, here; its digests,
        // diffs and pages are then made with holding back off, of the snapshot with such nodes
        // already written as their marked line.
        let Some(hold) = work.holder.for_snapshot(&snapshot) else {
            return self.lean_snapshot_held(call, url, raw, &snapshot, room, &mut work.outcome);
        };
        let masked = snapshot_digest::held_back_text(&snapshot, &hold)?;
        let (marked, _) = parse_lenient(&masked);
        self.lean_snapshot_held(call, url, &masked, &marked, room, &mut work.outcome)
            .or(Some(masked))
    }

    /// [`Self::lean_snapshot`] of `raw`, parsed as `snapshot`, in which nothing addresses the
    /// agent any more; `None` to keep it whole.
    fn lean_snapshot_held(
        &self,
        call: &Call,
        url: &str,
        raw: &str,
        snapshot: &Snapshot<'_>,
        room: usize,
        outcome: &mut Outcome,
    ) -> Option<String> {
        // A part of the page is not the page: it must not become the base of the next diff.
        let previous = if call.partial {
            None
        } else {
            self.remember(url, raw)
        };
        let config = DigestConfig {
            hold_back: HoldBack::off(),
            ..self.digest_config(call.lean.page)
        };
        if let Some(goal) = &call.lean.goal {
            outcome.actions.push(Action::GoalDigest);
            let Some(digester) = &self.goal_digester else {
                return Some(digest_with(snapshot, goal, &config).text);
            };
            let (text, note) = digester(snapshot, goal, &config);
            outcome.notes.extend(note);
            return Some(text);
        }
        let (text, action) = match self.profile.without_goal {
            WithoutGoal::Unchanged => return None,
            WithoutGoal::Diff if !self.profile.is_snapshot_tool(&call.tool) => {
                let changes = previous.map(|old| {
                    let (old, _) = parse_lenient(&old);
                    diff_with(&old, snapshot, &config.hold_back)
                });
                match changes {
                    Some(d) if d.kind != DiffKind::Navigated => (d.text, Action::Diff),
                    _ => {
                        let config = DigestConfig {
                            next_page_hint: format!(
                                "{} with a goal shows the parts that serve it",
                                self.snapshot_tool()
                            ),
                            ..config
                        };
                        (outline_with(snapshot, &config).text, Action::Outline)
                    }
                }
            }
            WithoutGoal::Diff | WithoutGoal::Digest => {
                let config = DigestConfig {
                    outline_page_hint: format!(
                        "{} with page {{page}} and no goal shows the next part; a goal shows only what serves it",
                        self.snapshot_tool()
                    ),
                    ..config
                };
                let text = match self.outline_base(url, raw, room, call.lean.page) {
                    Some((kept, size)) => {
                        full_digest_page(&parse_lenient(&kept).0, &config, size).text
                    }
                    None => full_digest_page(snapshot, &config, room).text,
                };
                (text, Action::FullDigest)
            }
        };
        // A lean form is never worse than the original: small pages stay as they are.
        if text.len() >= raw.len() && call.lean.page <= 1 {
            return None;
        }
        outcome.actions.push(action);
        Some(text)
    }

    fn snapshot_tool(&self) -> &str {
        self.profile
            .snapshot_tools
            .first()
            .map_or("the snapshot tool", String::as_str)
    }

    fn digest_config(&self, page: usize) -> DigestConfig {
        let snapshot_tool = self.snapshot_tool();
        let config = DigestConfig {
            page: page.max(1),
            full_snapshot_hint: format!("{snapshot_tool} without goal lists every control"),
            next_page_hint: format!(
                "{snapshot_tool} with the same goal and page {{page}} lists the next candidates"
            ),
            ..DigestConfig::default()
        };
        match self.profile.max_tokens {
            Some(tokens) => config.with_fixed_budget(tokens),
            None => config,
        }
    }

    /// The snapshot and page size a later goal-less page of `url` is cut with: those of its
    /// page 1 (a snapshot taken later, or another size, may move a page boundary, and a control
    /// would fall between two pages); `None` to cut it from `raw` at `room`, which page 1 keeps
    /// for the pages after.
    fn outline_base(
        &self,
        url: &str,
        raw: &str,
        room: usize,
        page: usize,
    ) -> Option<(Arc<str>, usize)> {
        let mut outline = self
            .outline
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if page <= 1 {
            *outline = Some((url.to_owned(), Arc::from(raw), room));
            return None;
        }
        outline
            .as_ref()
            .filter(|(kept_url, _, _)| kept_url == url)
            .map(|(_, kept, size)| (Arc::clone(kept), *size))
    }

    /// Records `raw` as the latest snapshot of `url` and returns the one it replaces.
    fn remember(&self, url: &str, raw: &str) -> Option<String> {
        let mut recent = self
            .recent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let previous = recent
            .iter()
            .position(|(u, _)| u == url)
            .and_then(|i| recent.remove(i))
            .map(|(_, s)| s);
        if recent.len() >= RECENT_PAGES {
            recent.pop_front();
        }
        recent.push_back((url.to_owned(), raw.to_owned()));
        previous
    }
}

/// Replaces each text item of a result's content with what `f` gives for it, if anything.
fn for_each_text(result: &mut Value, mut f: impl FnMut(&str) -> Option<String>) {
    let Some(items) = result.get_mut("content").and_then(Value::as_array_mut) else {
        return;
    };
    for item in items {
        if item.get("type").and_then(Value::as_str) != Some("text") {
            continue;
        }
        if let Some(Value::String(text)) = item.get_mut("text")
            && let Some(new) = f(text)
        {
            *text = new;
        }
    }
}

/// `text` with each range replaced; ranges never overlap and are applied in order.
fn apply(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
    edits.sort_by_key(|(r, _)| r.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (range, new) in edits {
        if range.start < at {
            continue;
        }
        out.push_str(&text[at..range.start]);
        out.push_str(&new);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// A `tools/call` result that reports `message` as a tool error.
#[must_use]
pub fn error_result(message: &str) -> Value {
    json!({"content": [{"type": "text", "text": message}], "isError": true})
}

/// Estimated tokens of the text content of a `tools/call` result (the model reads these).
#[must_use]
pub fn text_tokens(result: &Value) -> usize {
    result
        .get("content")
        .and_then(Value::as_array)
        .map_or(0, |items| {
            items
                .iter()
                .filter_map(|i| i.get("text").and_then(Value::as_str))
                .map(snapshot_digest::estimate_tokens)
                .sum()
        })
}
