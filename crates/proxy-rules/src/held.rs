//! Page text that addresses the agent, held back from a result: the nodes of a snapshot
//! (through snapshot-digest's [`HoldBack`]) and the lines of any other text (a script's
//! value, console messages, a response body) that `mcp-lean-injection` flags. Each shows as
//! one line marked `⚠ text addressed to the agent`; what it held is stored behind one token
//! per result, which the read tool reads.

use std::fmt::Write as _;
use std::ops::Range;
use std::sync::{Arc, Mutex, PoisonError};

use output_guard::TokenStore;
use serde_json::Value;
use snapshot_digest::{ADDRESSED_MARK, HoldBack, Snapshot};

use crate::markdown::sections;

/// The deepest JSON a script's value is walked to; deeper strings are scanned as one text.
const MAX_JSON_DEPTH: usize = 64;

/// What one result held back, and the token that reads it.
pub(crate) struct Holder<'s> {
    store: &'s TokenStore,
    confirm_tool: &'s str,
    enabled: bool,
    /// The token and the texts it will read, made at the first text held back.
    kept: Option<(String, Arc<Mutex<Vec<String>>>)>,
    /// Texts held back.
    pub(crate) count: usize,
}

impl<'s> Holder<'s> {
    pub(crate) fn new(store: &'s TokenStore, confirm_tool: &'s str, enabled: bool) -> Self {
        Self {
            store,
            confirm_tool,
            enabled,
            kept: None,
            count: 0,
        }
    }

    /// The token the held texts are read with, made on first use; `None` when the store
    /// cannot take one (the line then says only that the text is not shown).
    fn token(&mut self) -> Option<&str> {
        if self.kept.is_none() {
            let texts = Arc::new(Mutex::new(Vec::new()));
            let shared = Arc::clone(&texts);
            let token = self
                .store
                .insert_deferred(0, move || {
                    shared
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .join("\n\n")
                })
                .ok()?;
            self.kept = Some((token, texts));
        }
        self.kept.as_ref().map(|(token, _)| token.as_str())
    }

    fn keep(&mut self, text: String) {
        self.count += 1;
        if let Some((_, texts)) = &self.kept {
            texts
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(text);
        }
    }

    /// How `snapshot`'s held-back nodes are written (each node's text kept for the token), or
    /// `None` when it has none (or holding back is off): its digests then need not look
    /// again.
    pub(crate) fn for_snapshot(&mut self, snapshot: &Snapshot<'_>) -> Option<HoldBack> {
        if !self.enabled {
            return None;
        }
        let held = snapshot_digest::held_back(snapshot);
        if held.is_empty() {
            return None;
        }
        let hint = self.hint();
        for h in held {
            let node = &snapshot.nodes()[h.node.index()];
            let mut text = format!("{} {}", node.role(), ref_of(node));
            for s in node
                .name()
                .into_iter()
                .chain(node.text())
                .chain(node.props().iter().map(snapshot_digest::Prop::value))
                .chain(node.attributes().iter().filter_map(|a| a.value()))
            {
                text.push_str("\n  ");
                text.push_str(s);
            }
            self.keep(text);
        }
        Some(HoldBack {
            hint,
            ..HoldBack::default()
        })
    }

    /// "read it with TOOL TOKEN", or nothing when no token could be made.
    fn hint(&mut self) -> String {
        let tool = self.confirm_tool.to_owned();
        self.token()
            .map(|token| format!("read it with {tool} {token}"))
            .unwrap_or_default()
    }

    /// The line that stands for a held-back text of `chars` chars.
    fn marker(&mut self, chars: usize) -> String {
        let hint = self.hint();
        let mut line = format!("⚠ {ADDRESSED_MARK} ({chars} chars), not shown");
        if !hint.is_empty() {
            line.push_str("; ");
            line.push_str(&hint);
        }
        line
    }

    /// `text` with its flagged lines held back, outside `keep` (a snapshot's range, which
    /// its digest holds back by node); `None` when nothing is flagged. A text that is one JSON
    /// value (a script's result) is held back string by string and stays valid JSON.
    pub(crate) fn hold_text(&mut self, text: &str, keep: Option<Range<usize>>) -> Option<String> {
        if !self.enabled {
            return None;
        }
        let keep = keep.unwrap_or(text.len()..text.len());
        let before = self.hold_part(&text[..keep.start]);
        let after = self.hold_part(&text[keep.end..]);
        if before.is_none() && after.is_none() {
            return None;
        }
        let mut out = before.unwrap_or_else(|| text[..keep.start].to_owned());
        out.push_str(&text[keep.clone()]);
        out.push_str(&after.unwrap_or_else(|| text[keep.end..].to_owned()));
        Some(out)
    }

    /// One part of a result's text held back, section by section: a section whose body is
    /// one JSON value (a script's result) string by string, so that it stays that JSON
    /// value; any other text line by line.
    fn hold_part(&mut self, text: &str) -> Option<String> {
        // JSON escapes that make a line break or hide a char can hide a flagged line from a
        // scan of the text as it is; without them, that scan is the verdict.
        let escaped = ["\\n", "\\r", "\\t", "\\u"]
            .iter()
            .any(|e| text.contains(e));
        if !escaped && mcp_lean_injection::spans(text).is_empty() {
            return None;
        }
        // The text before the first title line, then each section's body.
        let secs = sections(text);
        let first_title_line = secs.first().map_or(text.len(), |s| {
            text[..s.title.start].rfind('\n').map_or(0, |at| at + 1)
        });
        let bodies: Vec<Range<usize>> = std::iter::once(0..first_title_line)
            .chain(secs.into_iter().map(|s| s.body))
            .collect();
        let mut out = String::with_capacity(text.len());
        let mut changed = false;
        let mut done = 0;
        for body in bodies {
            let part = &text[body.clone()];
            if let Some(new) = self.hold_body(part) {
                out.push_str(&text[done..body.start]);
                out.push_str(&new);
                done = body.end;
                changed = true;
            }
        }
        out.push_str(&text[done..]);
        changed.then_some(out)
    }

    /// One section's body held back: as JSON when it is one JSON array, object or string
    /// (written back as compact or pretty as it came), else line by line.
    fn hold_body(&mut self, body: &str) -> Option<String> {
        let trimmed = body.trim();
        if let Ok(mut value) = serde_json::from_str::<Value>(trimmed)
            && value_is_text(&value)
        {
            let mut found = false;
            self.hold_json(&mut value, 0, &mut found);
            if !found {
                return None;
            }
            let written = if trimmed.contains('\n') {
                serde_json::to_string_pretty(&value)
            } else {
                serde_json::to_string(&value)
            }
            .ok()?;
            let lead = body.len() - body.trim_start().len();
            let tail = body.trim_end().len();
            return Some(format!("{}{written}{}", &body[..lead], &body[tail..]));
        }
        self.hold_lines(body)
    }

    /// Strings of a JSON value held back line by line, in place.
    fn hold_json(&mut self, value: &mut Value, depth: usize, found: &mut bool) {
        match value {
            Value::String(s) if depth < MAX_JSON_DEPTH => {
                if let Some(new) = self.hold_lines(s) {
                    *s = new;
                    *found = true;
                }
            }
            Value::Array(items) if depth < MAX_JSON_DEPTH => {
                for item in items {
                    self.hold_json(item, depth + 1, found);
                }
            }
            Value::Object(map) if depth < MAX_JSON_DEPTH => {
                for item in map.values_mut() {
                    self.hold_json(item, depth + 1, found);
                }
            }
            _ => {}
        }
    }

    /// `text` with each flagged line (or run of lines) as its marker; `None` when none is.
    fn hold_lines(&mut self, text: &str) -> Option<String> {
        let spans = mcp_lean_injection::spans(text);
        if spans.is_empty() {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        for span in spans {
            out.push_str(&text[at..span.start]);
            let held = &text[span.clone()];
            let line = self.marker(held.chars().count());
            self.keep(held.to_owned());
            out.push_str(&line);
            at = span.end;
        }
        out.push_str(&text[at..]);
        Some(out)
    }

    /// The line a result gets when anything was held back: how many, and how to read them.
    /// It does not use the marker's words, so a count of those stays a count of markers.
    pub(crate) fn note(&mut self) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let count = self.count;
        let hint = self.hint();
        let mut note = format!(
            "mcp-lean held back {count} part{} of this result that {} the agent rather than the page's reader (prompt injection); each shows as a line marked ⚠",
            if count == 1 { "" } else { "s" },
            if count == 1 { "addresses" } else { "address" },
        );
        if !hint.is_empty() {
            let _ = write!(note, "; {}", hint.replacen("read it", "read them", 1));
        }
        Some(note)
    }
}

/// Whether a JSON value holds text to scan: a string, or an array or object (numbers and
/// booleans say nothing to anyone).
fn value_is_text(value: &Value) -> bool {
    matches!(value, Value::String(_) | Value::Array(_) | Value::Object(_))
}

/// `[ref=…]` of a node, or nothing.
fn ref_of(node: &snapshot_digest::Node<'_>) -> String {
    node.aria_ref()
        .map(|r| format!("[ref={}]", r.as_str()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
