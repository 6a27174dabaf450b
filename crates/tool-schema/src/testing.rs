//! A one-call check for a server's own test suite.

use serde_json::Value;

use crate::config::Config;
use crate::finding::Severity;
use crate::lint::lint_value;

/// Fails the calling test when `tools` (a tools/list result or an array of tools) has lint
/// findings of severity warn or error, with a readable report of each.
///
/// # Panics
///
/// Panics when `tools` is not a tool list, or when it has warn or error findings under the
/// default [`Config`]. Use [`assert_tools_lint_clean_with`] to turn rules off or change the
/// threshold.
///
/// # Example
///
/// ```
/// tool_schema::assert_tools_lint_clean(&serde_json::json!({"tools": [{
///     "name": "get_forecast",
///     "description": "Get the 3-day weather forecast for a city. Use it when the user asks about \
///         coming weather. Returns isError with a message when the city is unknown.",
///     "inputSchema": {"type": "object", "additionalProperties": false,
///         "properties": {"city": {"type": "string", "description": "City name, e.g. Paris"}},
///         "required": ["city"]},
///     "annotations": {"readOnlyHint": true}
/// }]}));
/// ```
#[track_caller]
pub fn assert_tools_lint_clean(tools: &Value) {
    assert_tools_lint_clean_with(tools, &Config::default(), Severity::Warn);
}

/// Like [`assert_tools_lint_clean`], with a config and the lowest severity that fails.
///
/// # Panics
///
/// Panics when `tools` is not a tool list or has findings at or above `at_least`.
#[track_caller]
pub fn assert_tools_lint_clean_with(tools: &Value, config: &Config, at_least: Severity) {
    match lint_value(tools, config) {
        Ok(report) => report.assert_clean(at_least),
        Err(e) => panic!("cannot lint the tool definitions: {e}"),
    }
}
