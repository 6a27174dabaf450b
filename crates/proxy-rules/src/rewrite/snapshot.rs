//! What a snapshot in a result becomes for a call: a goal digest, its difference from the
//! page's previous snapshot, an outline, or a page of the full digest; and the recent snapshots
//! of each page that diffs and later pages are made from.

use std::sync::Arc;

use snapshot_digest::{
    Config, DiffKind, DigestConfig, HoldBack, Snapshot, diff_with, digest_with, full_digest_page,
    outline_with, parse_lenient_with,
};

use super::{Action, Call, Outcome, Rewriter, Work};
use crate::profile::WithoutGoal;

/// Recent snapshots kept per page for diffs.
const RECENT_PAGES: usize = 16;

impl Rewriter {
    /// The lean form of one snapshot for this call, or `None` to keep it as it is; a full
    /// digest is paged to fit `room` tokens.
    pub(super) fn lean_snapshot(
        &self,
        call: &Call,
        url: &str,
        raw: &str,
        room: usize,
        work: &mut Work<'_>,
    ) -> Option<String> {
        let snapshot = self.parse(raw);
        // The snapshot is read for text that addresses the agent once, here; its digests,
        // diffs and pages are then made with holding back off, of the snapshot with such nodes
        // already written as their marked line.
        let Some(hold) = work.holder.for_snapshot(&snapshot) else {
            return self.lean_snapshot_held(call, url, raw, &snapshot, room, &mut work.outcome);
        };
        let masked = snapshot_digest::held_back_text(&snapshot, &hold)?;
        let marked = self.parse(&masked);
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
                    let old = self.parse(&old);
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
                    Some((kept, size)) => full_digest_page(&self.parse(&kept), &config, size).text,
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

    /// `raw` read in the profile's snapshot syntax, or the one its text shows; what cannot be
    /// read is skipped (a snapshot is the server's, not the agent's, to get right).
    pub(super) fn parse<'t>(&self, raw: &'t str) -> Snapshot<'t> {
        let config = Config {
            syntax: self.profile.snapshot_syntax,
            ..Config::default()
        };
        parse_lenient_with(raw, &config).0
    }

    pub(super) fn snapshot_tool(&self) -> &str {
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
