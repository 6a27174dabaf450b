//! The text items of a result: where a snapshot is (Playwright's `### Snapshot` block, a
//! linked snapshot file, chrome-devtools-mcp's body, agent-browser's whole text), which long
//! sections and texts become previews, and the copies of them in `structuredContent`.

use std::collections::HashSet;
use std::ops::Range;

use output_guard::Kind;
use serde_json::{Map, Value};

use super::copies::{Copy, Refs, follow};
use super::result::{apply, for_each_text};
use super::state::{lean_state, state_snapshot};
use super::{Action, Call, Rewriter, SnapshotFiles, Work};
use crate::markdown::{
    devtools_snapshot, devtools_url, fenced, fenced_json, legacy_snapshot, page_url, sections,
    snapshot_link,
};

/// What a text item is as a whole ([`Rewriter::whole`]).
enum Whole {
    /// Neither a bare snapshot nor a page state: its parts are looked at.
    No,
    /// A bare snapshot that reads in the profile's syntax.
    Snapshot,
    /// A page state: its fields, and its elements as a snapshot.
    State(Map<String, Value>, String),
    /// A bare snapshot or page state that does not read as one, and why.
    Unread(String),
}

/// What a result says of its page outside its text.
struct Page<'r> {
    /// The page's URL ([`Profile::url_pointer`](crate::profile::Profile::url_pointer)).
    url: &'r str,
    /// The snapshot of chrome-devtools-mcp's structured content, in its `uid=` syntax.
    tree: Option<&'r str>,
}

/// What the agent is told when its goal met a snapshot in a format the proxy does not read.
fn unread_snapshot(text: &str) -> Option<String> {
    let body = devtools_snapshot(text)?;
    let first = text[body].trim_start().lines().next().unwrap_or("");
    let format = if first.starts_with("GCF ") {
        "GCF"
    } else if first.starts_with("id:") {
        "TOON"
    } else {
        return None;
    };
    Some(format!(
        "mcp-lean proxy: this snapshot is in chrome-devtools-mcp's {format} data format (--experimentalDataFormat), which the proxy does not read, so the goal was not applied and the snapshot passes as the server wrote it; add --experimentalStructuredContent to the server's flags (the proxy then reads the snapshot's structured copy), or leave --experimentalDataFormat out"
    ))
}

/// Tokens a snapshot's room leaves for the lines around it in a result (Playwright's `### Page`
/// and `### Ran Playwright code` sections).
const ROOM_MARGIN: usize = 500;

/// The least room a snapshot's lean form gets: a digest's header and a few controls.
const MIN_ROOM: usize = 400;

impl Rewriter {
    pub(super) fn rewrite_items(
        &self,
        call: &Call,
        result: &mut Value,
        files: &dyn SnapshotFiles,
        work: &mut Work<'_>,
    ) {
        let is_error = result.get("isError").and_then(Value::as_bool) == Some(true);
        let structured = result.get("structuredContent").is_some();
        if is_error || (structured && !self.profile.structured_copies) {
            // Not digested nor previewed; but an error can quote the page (a script that threw
            // with the page's text), so its texts are held back all the same.
            for_each_text(result, |text| work.holder.hold_text(text, None));
            return;
        }
        let before = work.outcome.server_tokens;
        let url = self
            .profile
            .url_pointer
            .as_deref()
            .and_then(|p| result.get("structuredContent")?.pointer(p)?.as_str())
            .unwrap_or("")
            .to_owned();
        // chrome-devtools-mcp's structured snapshot, in its `uid=` syntax: read when the text
        // is in a data format the proxy does not read, and the refs its tree is kept by.
        let tree = result
            .get("structuredContent")
            .and_then(super::tree::devtools_text);
        let page = Page {
            url: &url,
            tree: tree.as_deref(),
        };
        let Some(items) = result.get_mut("content").and_then(Value::as_array_mut) else {
            return;
        };
        let mut goal_used = false;
        let mut copies = Vec::new();
        for item in items.iter_mut() {
            if item.get("type").and_then(Value::as_str) != Some("text") {
                continue;
            }
            let Some(Value::String(text)) = item.get_mut("text") else {
                continue;
            };
            let done = work.outcome.actions.len();
            let old = structured.then(|| text.clone());
            // Page text that addresses the agent goes first, before any preview can show a
            // part of it; a snapshot's is held back by its digest, node by node.
            let whole = self.whole(call, text);
            let range = match &whole {
                Whole::Snapshot | Whole::State(..) => Some(0..text.len()),
                Whole::Unread(_) | Whole::No => self.snapshot_range(text),
            };
            if let Some(held) = work.holder.hold_text(text, range) {
                *text = held;
            }
            let new = match whole {
                Whole::State(state, snapshot) => {
                    let url = state.get("url").and_then(Value::as_str).unwrap_or("");
                    let room = self.room(before, text);
                    self.lean_snapshot(call, url, &snapshot, room, work)
                        .map(|lean| lean_state(state, &lean))
                }
                Whole::Snapshot => {
                    let room = self.room(before, text);
                    self.lean_snapshot(call, page.url, text, room, work)
                }
                // A snapshot or state in a shape the proxy does not know (a newer server's)
                // passes as it came, previewed when long like any text, with a note that says
                // so.
                Whole::Unread(why) => {
                    work.outcome.notes.push(why.clone());
                    work.told.push(format!("mcp-lean proxy: {why}"));
                    self.rewrite_text(call, text, &page, files, before, work)
                }
                Whole::No => self.rewrite_text(call, text, &page, files, before, work),
            };
            if let Some(new) = new {
                *text = new;
            }
            let made = &work.outcome.actions[done..];
            goal_used |= made.contains(&Action::GoalDigest);
            if let Some(old) = old.filter(|old| old != text) {
                let snapshot = made.iter().any(|a| {
                    matches!(
                        a,
                        Action::GoalDigest | Action::FullDigest | Action::Diff | Action::Outline
                    )
                });
                let refs = snapshot.then(|| {
                    let mut had = self.refs_of(&old);
                    had.extend(tree.as_deref().map(|t| self.refs_of(t)).unwrap_or_default());
                    let (shown, held) = self.shown_refs(text);
                    Refs { had, shown, held }
                });
                copies.push(Copy {
                    old,
                    new: text.clone(),
                    refs,
                });
            }
        }
        if call.lean.goal.is_some() && !goal_used {
            work.outcome
                .notes
                .push("the goal found no snapshot in the result".to_owned());
            // Why not, when the snapshot is in a format the proxy does not read.
            let unread = items
                .iter()
                .filter_map(|i| i.get("text")?.as_str())
                .find_map(unread_snapshot);
            if let Some(why) = unread {
                work.outcome.notes.push(why.clone());
                work.told.push(why);
            }
        }
        if let Some(structured) = result.get_mut("structuredContent")
            && !copies.is_empty()
            && follow(structured, &copies)
        {
            work.outcome.actions.push(Action::StructuredCopies);
        }
    }

    /// The refs a snapshot's text shows.
    fn refs_of(&self, text: &str) -> HashSet<String> {
        self.parse(text)
            .nodes()
            .iter()
            .filter_map(|n| n.aria_ref().map(|r| r.as_str().to_owned()))
            .collect()
    }

    /// The refs a lean snapshot shows, and those of them whose node is held back (its name or
    /// text the marked line).
    fn shown_refs(&self, text: &str) -> (HashSet<String>, HashSet<String>) {
        let snapshot = self.parse(text);
        let mut shown = HashSet::new();
        let mut held = HashSet::new();
        for node in snapshot.nodes() {
            let Some(r) = node.aria_ref() else { continue };
            let marked = [node.name(), node.text()]
                .into_iter()
                .flatten()
                .any(|s| s.contains(snapshot_digest::ADDRESSED_MARK));
            if marked {
                held.insert(r.as_str().to_owned());
            }
            shown.insert(r.as_str().to_owned());
        }
        (shown, held)
    }

    /// What `text` is as a whole, when the profile says a snapshot tool's whole text is one
    /// thing ([`Profile::bare_snapshots`](crate::profile::Profile::bare_snapshots),
    /// [`Profile::page_state`](crate::profile::Profile::page_state)); read once, here.
    fn whole(&self, call: &Call, text: &str) -> Whole {
        if !self.profile.is_snapshot_tool(&call.tool) {
            return Whole::No;
        }
        let json = text.trim_start().starts_with(['{', '[']);
        if self.profile.page_state && text.trim_start().starts_with('{') {
            return match state_snapshot(text) {
                Some((state, snapshot)) => Whole::State(state, snapshot),
                None => Whole::Unread(format!(
                    "{}'s answer has no interactive_elements list of objects with an index, so it passed as the server wrote it",
                    self.snapshot_tool()
                )),
            };
        }
        // JSON (agent-browser's delta) is no bare snapshot.
        if !self.profile.bare_snapshots || json {
            return Whole::No;
        }
        // A snapshot that does not read as one: no node, or more than one line in ten
        // unreadable.
        let config = snapshot_digest::Config {
            syntax: self.profile.snapshot_syntax,
            ..snapshot_digest::Config::default()
        };
        let (snapshot, diagnostics) = snapshot_digest::parse_lenient_with(text, &config);
        let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
        let empty_body = snapshot.is_empty() && lines <= 1 && diagnostics.is_empty();
        if empty_body || (!snapshot.is_empty() && diagnostics.len() * 10 <= lines) {
            return Whole::Snapshot;
        }
        Whole::Unread(format!(
            "{}'s text did not read as a snapshot ({} of {lines} lines unreadable), so it passed as the server wrote it",
            self.snapshot_tool(),
            diagnostics.len()
        ))
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

    /// The lean form of one text item of a result whose whole is `result_tokens`; `page` is
    /// what the result says of the page outside its text.
    fn rewrite_text(
        &self,
        call: &Call,
        text: &str,
        page: &Page<'_>,
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
        {
            // chrome-devtools-mcp: the snapshot is the rest of the result after its heading,
            // and nothing else in it is large; in a data format the proxy does not read (TOON,
            // GCF), its structured copy stands in for it, when the server sends one.
            let raw = match &text[body.clone()] {
                raw if raw.trim_start().starts_with("uid=") => raw,
                _ => page.tree?,
            };
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
    /// result holds is previewed to fit by [`crate::rewrite::cap::enforce`]); where the result
    /// holds copies of the snapshot, the snapshot's share of the cap.
    fn room(&self, result_tokens: usize, raw: &str) -> usize {
        let cap = self.profile.max_result_tokens;
        let margin = ROOM_MARGIN.min(cap / 10);
        let raw_tokens = snapshot_digest::estimate_tokens(raw);
        if self.profile.structured_copies && raw_tokens > 0 {
            // The lean form goes out as many times as the server sent the snapshot (its
            // copies, its ref map): it gets the snapshot's share of the result.
            let share =
                (cap - margin) as f64 * raw_tokens as f64 / result_tokens.max(raw_tokens) as f64;
            return (share as usize).max(MIN_ROOM);
        }
        let rest = result_tokens.saturating_sub(raw_tokens);
        cap - rest.min(cap / 2) - margin
    }
}
