//! Helpers over a `tools/call` result's JSON: its text items, a text edited by byte ranges, an
//! error result, and the tokens of its text.

use std::ops::Range;

use serde_json::{Value, json};

/// Replaces each text item of a result's content with what `f` gives for it, if anything.
pub(super) fn for_each_text(result: &mut Value, mut f: impl FnMut(&str) -> Option<String>) {
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
pub(super) fn apply(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
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
