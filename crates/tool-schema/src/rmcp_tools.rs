//! Linting `rmcp::model::Tool` values (feature `rmcp`): they serialize to the wire format, which
//! is what the lint reads, so a Rust server can lint its own tool router in `cargo test`.

use crate::config::Config;
use crate::error::Error;
use crate::lint::lint;
use crate::model::Tool;
use crate::report::LintReport;

/// Converts rmcp tools to [`Tool`]s through their serde (wire) form.
///
/// # Errors
///
/// Returns [`Error::Convert`] when a tool does not serialize to a JSON object.
///
/// # Example
///
/// ```
/// use std::sync::Arc;
/// use rmcp::model::{Tool as RmcpTool, ToolAnnotations};
///
/// let schema = serde_json::json!({"type": "object", "additionalProperties": false});
/// let tool = RmcpTool::new("ping", "Check the server is up.", Arc::new(schema.as_object().cloned().unwrap_or_default()))
///     .with_annotations(ToolAnnotations::new().read_only(true));
/// let tools = tool_schema::from_rmcp(&[tool])?;
/// assert_eq!(tools[0].hint("readOnlyHint"), Some(true));
/// # Ok::<(), tool_schema::Error>(())
/// ```
pub fn from_rmcp(tools: &[::rmcp::model::Tool]) -> Result<Vec<Tool>, Error> {
    tools
        .iter()
        .map(|t| {
            let value = serde_json::to_value(t).map_err(|source| Error::Convert { source })?;
            Tool::from_value(value)
        })
        .collect()
}

/// Lints rmcp tools (see [`from_rmcp`] and [`lint`]).
///
/// # Errors
///
/// Returns what [`from_rmcp`] returns.
pub fn lint_rmcp(tools: &[::rmcp::model::Tool], config: &Config) -> Result<LintReport, Error> {
    Ok(lint(&from_rmcp(tools)?, config))
}
