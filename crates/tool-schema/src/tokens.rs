//! Token estimates for tool definitions, and the cost of `$defs` blocks repeated across tools.
//!
//! The estimate is `ceil(chars / 4)` over compact JSON (no spaces, keys in the order sent): the
//! rule of thumb OpenAI and Anthropic document for English text, and the measure the corpus
//! summary uses. JSON-heavy text tokenizes a little worse than prose, so treat it as a floor
//! for budgets, not as an exact count; it needs no tokenizer tables and is deterministic.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use crate::model::Tool;

/// Estimated tokens of `text`: `ceil(chars / 4)`.
pub fn estimate_tokens(text: &str) -> usize {
    text.chars().count().div_ceil(4)
}

/// Estimated tokens of `value` serialized as compact JSON.
pub fn estimate_value(value: &Value) -> usize {
    estimate_tokens(&value.to_string())
}

/// `$defs` (or `definitions`) blocks that several tools repeat byte for byte.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RepeatedDefs {
    /// Distinct blocks that appear in more than one tool.
    pub blocks: usize,
    /// Tools carrying one of those blocks.
    pub tools: usize,
    /// Estimated tokens spent on the copies beyond the first of each block.
    pub wasted_tokens: usize,
}

/// Measures the `$defs` blocks of the input and output schemas repeated across `tools`.
pub fn repeated_defs(tools: &[Tool]) -> RepeatedDefs {
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
    for tool in tools {
        for schema in [tool.input_schema(), tool.output_schema()]
            .into_iter()
            .flatten()
        {
            for key in ["$defs", "definitions"] {
                if let Some(block) = schema
                    .get(key)
                    .filter(|b| b.as_object().is_some_and(|m| !m.is_empty()))
                {
                    let text = block.to_string();
                    let tokens = estimate_tokens(&text);
                    seen.entry(text).or_insert((0, tokens)).0 += 1;
                }
            }
        }
    }
    let mut out = RepeatedDefs::default();
    for (count, tokens) in seen.into_values().filter(|(count, _)| *count > 1) {
        out.blocks += 1;
        out.tools += count;
        out.wasted_tokens += (count - 1) * tokens;
    }
    out
}
