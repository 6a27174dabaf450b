//! One proxy session's rewriting of `tools/call`: the proxy's arguments taken out before the
//! call, the result made lean after it.

pub(crate) mod call;
pub(crate) mod cap;
mod copies;
mod read;
pub(crate) mod result;
mod snapshot;
mod state;
mod text;
mod tree;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use output_guard::{Budget, Config as GuardConfig, Guard, StoreLimits, TokenStore};
use serde_json::{Map, Value, json};

use crate::error::Error;
use crate::held::Holder;
use crate::profile::{Profile, WithoutGoal};
use crate::tools::{LeanArgs, split_args};
pub use call::{Action, Call, GoalDigester, Outcome, Prepared, SnapshotFiles};
pub use result::{error_result, text_tokens};

/// What one rewrite gathers as it goes: what was done, what was held back, and what the
/// client is told about it.
struct Work<'s> {
    outcome: Outcome,
    holder: Holder<'s>,
    /// Lines the client gets as text items after the result's own (what the proxy could not
    /// do, and why); each is in [`Outcome::notes`] too.
    told: Vec<String>,
}

/// The most outputs a session stores; its byte bound ([`Profile::max_stored_bytes`]) is
/// what usually decides.
const STORED_OUTPUTS: usize = 1_024;

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

    /// Goal digests are written by `digester` instead of
    /// [`digest_with`](snapshot_digest::digest_with) (the same snapshot, goal and settings).
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
            let mut answer =
                crate::rewrite::read::answer(&self.store, &self.profile, arguments.as_ref());
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
    /// Results marked `isError`, results with `structuredContent` (unless the profile knows
    /// it holds copies of the texts, [`Profile::structured_copies`]), and every content item
    /// that is not text are not digested; so is anything the rules cannot read. The cap
    /// applies to every result: its largest texts become previews, then an oversized
    /// `structuredContent` is stored behind a token, then images or other items are left out
    /// with a note, until it fits.
    pub fn rewrite(&self, call: &Call, result: &mut Value, files: &dyn SnapshotFiles) -> Outcome {
        let outcome = Outcome {
            server_tokens: crate::rewrite::cap::result_tokens(result),
            ..Outcome::default()
        };
        let mut work = Work {
            outcome,
            holder: Holder::new(
                &self.store,
                &self.profile.confirm_tool,
                self.profile.hold_back,
            ),
            told: Vec::new(),
        };
        self.rewrite_items(call, result, files, &mut work);
        let Work {
            mut outcome,
            mut holder,
            told,
        } = work;
        if let Some(items) = result.get_mut("content").and_then(Value::as_array_mut) {
            items.extend(told.into_iter().map(|t| json!({"type": "text", "text": t})));
        }
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
        outcome.client_tokens = crate::rewrite::cap::enforce(
            result,
            self.profile.max_result_tokens - margin,
            &self.guard,
            &self.store,
            &self.profile.confirm_tool,
            &mut outcome,
        );
        if let Some(nonce) = &self.nonce {
            crate::boundary::wrap(result, nonce);
            outcome.client_tokens = crate::rewrite::cap::result_tokens(result);
        }
        outcome
    }

    /// The session's content boundary nonce, when [`Profile::content_boundaries`] is on: the
    /// tool descriptions say what the markers that carry it mean
    /// ([`crate::tools::augment_tools_with`]).
    #[must_use]
    pub fn boundary_nonce(&self) -> Option<&str> {
        self.nonce.as_deref()
    }
}
