//! The cap on a whole result: what the client reads of it, every content item and the
//! structured content together, stays within the profile's `maxResultTokens`.

use output_guard::{Guard, Kind, Preview, TokenStore};
use serde_json::{Value, json};

use super::call::{Action, Outcome};
use crate::markdown::sections;

/// What a client pays for an image it shows the model natively: about 1,600 tokens (Claude's
/// figure for an image of about 1.15 megapixels; larger ones are scaled down to it).
pub(crate) const IMAGE_TOKENS: usize = 1_600;

/// Estimated tokens of what a client reads of a `tools/call` result: the text of text items
/// and embedded text resources, 1,600 per image (what a client pays for one it shows
/// natively), the JSON of any other item, and
/// the JSON of `structuredContent` (clients show it as text too).
///
/// # Example
///
/// ```
/// use serde_json::json;
///
/// let result = json!({"content": [
///     {"type": "text", "text": "- button \"OK\" [ref=e7]"},
///     {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}
/// ]});
/// assert_eq!(mcp_proxy_rules::result_tokens(&result), 9 + 1_600);
/// ```
#[must_use]
pub fn result_tokens(result: &Value) -> usize {
    let items = result
        .get("content")
        .and_then(Value::as_array)
        .map_or(0, |items| items.iter().map(item_tokens).sum::<usize>());
    items + result.get("structuredContent").map_or(0, json_tokens)
}

fn item_tokens(item: &Value) -> usize {
    match item.get("type").and_then(Value::as_str) {
        Some("text") => item
            .get("text")
            .and_then(Value::as_str)
            .map_or(0, snapshot_digest::estimate_tokens),
        Some("image") => IMAGE_TOKENS,
        Some("resource") => match item.pointer("/resource/text").and_then(Value::as_str) {
            Some(text) => snapshot_digest::estimate_tokens(text),
            None => json_tokens(item),
        },
        _ => json_tokens(item),
    }
}

fn json_tokens(value: &Value) -> usize {
    snapshot_digest::estimate_tokens(&value.to_string())
}

/// Brings `result` within `cap` tokens: the largest `### ` sections of its texts other than
/// the page snapshot become previews, then its largest whole texts (the full text stored
/// behind a token), then an oversized `structuredContent` is stored the same way, and last,
/// other items (images, audio) are replaced by a note saying what was left out. Returns the
/// result's [`result_tokens`] then.
pub(crate) fn enforce(
    result: &mut Value,
    cap: usize,
    guard: &Guard,
    store: &TokenStore,
    confirm_tool: &str,
    outcome: &mut Outcome,
) -> usize {
    let total = result_tokens(result);
    if total <= cap {
        return total;
    }
    shrink(result, total, cap, guard, store, confirm_tool, outcome);
    result_tokens(result)
}

/// [`enforce`]'s work on a result of `total` tokens, over `cap`.
fn shrink(
    result: &mut Value,
    mut total: usize,
    cap: usize,
    guard: &Guard,
    store: &TokenStore,
    confirm_tool: &str,
    outcome: &mut Outcome,
) {
    let Some(items) = result.get_mut("content").and_then(Value::as_array_mut) else {
        return;
    };
    total = shrink_sections(items, total, cap, guard, store, outcome);
    let mut texts: Vec<(usize, usize)> = items
        .iter()
        .enumerate()
        .filter(|(_, item)| item.get("type").and_then(Value::as_str) == Some("text"))
        .map(|(i, item)| (i, item_tokens(item)))
        .collect();
    texts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (i, tokens) in texts {
        if total <= cap {
            break;
        }
        let Some(Value::String(text)) = items[i].get_mut("text") else {
            continue;
        };
        let preview = preview(guard, std::mem::take(text), store);
        let now = snapshot_digest::estimate_tokens(&preview.text);
        *text = preview.text;
        total = total - tokens + now;
        outcome.actions.push(Action::Capped);
    }
    if total > cap
        && let Some(structured) = result
            .as_object_mut()
            .and_then(|r| r.remove("structuredContent"))
    {
        let tokens = json_tokens(&structured);
        let note = match store.insert_text(structured.to_string()) {
            Ok(token) => format!(
                "The structured content of this result (~{tokens} tokens) is over the proxy's limit of {cap} tokens per result (maxResultTokens), so it was left out; read it with {confirm_tool} and {{\"token\": \"{token}\"}}."
            ),
            Err(e) => format!(
                "The structured content of this result (~{tokens} tokens) is over the proxy's limit of {cap} tokens per result (maxResultTokens), so it was left out ({e})."
            ),
        };
        total -= tokens;
        total += snapshot_digest::estimate_tokens(&note);
        push_text(result, note);
        outcome.notes.push(format!(
            "structuredContent of ~{tokens} tokens stored behind a token"
        ));
    }
    if total <= cap {
        return;
    }
    let Some(items) = result.get_mut("content").and_then(Value::as_array_mut) else {
        return;
    };
    let mut others: Vec<(usize, usize)> = items
        .iter()
        .enumerate()
        .filter(|(_, item)| item.get("type").and_then(Value::as_str) != Some("text"))
        .map(|(i, item)| (i, item_tokens(item)))
        .collect();
    others.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (i, tokens) in others {
        if total <= cap {
            break;
        }
        let kind = items[i]
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("unknown")
            .chars()
            .take(32)
            .collect::<String>();
        let note = format!(
            "An {kind} item of ~{tokens} tokens was left out: this result was over the proxy's limit of {cap} tokens (maxResultTokens); ask for less at once."
        );
        total = total - tokens + snapshot_digest::estimate_tokens(&note);
        items[i] = json!({"type": "text", "text": note});
        outcome.notes.push(format!(
            "{kind} item of ~{tokens} tokens left out to fit the cap"
        ));
    }
}

/// Previews the largest sections of the text items other than the page snapshot (console
/// messages, events, a result the profile does not guard), largest first, until the result fits
/// or none is left; returns the new total. The snapshot stays whole: paging it is what made it
/// fit, and a preview of it would lose its refs.
fn shrink_sections(
    items: &mut [Value],
    mut total: usize,
    cap: usize,
    guard: &Guard,
    store: &TokenStore,
    outcome: &mut Outcome,
) -> usize {
    loop {
        if total <= cap {
            return total;
        }
        // The largest section worth previewing: (item, body range, its tokens).
        let mut best: Option<(usize, std::ops::Range<usize>, usize)> = None;
        for (i, item) in items.iter().enumerate() {
            let Some(text) = item.get("text").and_then(Value::as_str) else {
                continue;
            };
            for section in sections(text) {
                if &text[section.title.clone()] == "Snapshot" {
                    continue;
                }
                let body = &text[section.body.clone()];
                let tokens = snapshot_digest::estimate_tokens(body);
                // A section already as small as a preview gains nothing.
                if output_guard::char_len(body) <= guard.limit()
                    || best.as_ref().is_some_and(|b| b.2 >= tokens)
                {
                    continue;
                }
                best = Some((i, section.body, tokens));
            }
        }
        let Some((i, body, tokens)) = best else {
            return total;
        };
        let Some(Value::String(text)) = items[i].get_mut("text") else {
            return total;
        };
        let content = text[body.clone()].trim_end_matches('\n').to_owned();
        let end = body.start + content.len();
        let preview = preview(guard, content, store);
        let now = snapshot_digest::estimate_tokens(&preview.text);
        text.replace_range(body.start..end, &preview.text);
        total = (total + now).saturating_sub(tokens);
        outcome.actions.push(Action::Capped);
    }
}

/// The preview of a text over the cap: one that is a JSON string (a script's value in a
/// section the profile does not guard) is kept decoded, as the guarded sections' are, so that
/// it reads by lines; any other text as it is.
fn preview(guard: &Guard, text: String, store: &TokenStore) -> Preview {
    let trimmed = text.trim();
    if trimmed.len() >= 2 && trimmed.starts_with('"') && trimmed.ends_with('"') {
        guard.json_text(text, store)
    } else {
        guard.text(text, Kind::Text, store)
    }
}

fn push_text(result: &mut Value, text: String) {
    if let Some(items) = result.get_mut("content").and_then(Value::as_array_mut) {
        items.push(json!({"type": "text", "text": text}));
    }
}
