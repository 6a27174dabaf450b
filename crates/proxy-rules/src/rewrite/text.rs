//! The text items of a result: where a snapshot is (Playwright's `### Snapshot` block, a
//! linked snapshot file, chrome-devtools-mcp's body), and which long sections and texts become
//! previews.

use std::ops::Range;

use output_guard::Kind;
use serde_json::Value;

use super::result::{apply, for_each_text};
use super::{Action, Call, Rewriter, SnapshotFiles, Work};
use crate::markdown::{
    devtools_snapshot, devtools_url, fenced, fenced_json, legacy_snapshot, page_url, sections,
    snapshot_link,
};

/// Tokens a snapshot's room leaves for the lines around it in a result (Playwright's `### Page`
/// and `### Ran Playwright code` sections).
const ROOM_MARGIN: usize = 500;

impl Rewriter {
    pub(super) fn rewrite_items(
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
    /// result holds is previewed to fit by [`crate::rewrite::cap::enforce`]).
    fn room(&self, result_tokens: usize, raw: &str) -> usize {
        let cap = self.profile.max_result_tokens;
        let rest = result_tokens.saturating_sub(snapshot_digest::estimate_tokens(raw));
        cap - rest.min(cap / 2) - ROOM_MARGIN.min(cap / 10)
    }
}
