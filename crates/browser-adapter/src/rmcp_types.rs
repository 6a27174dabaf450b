//! The tool definitions and results as rmcp model types, for servers built on rmcp.

use serde_json::Value;

use crate::error::Error;

/// [`tool_definitions`](crate::tools::tool_definitions) as `rmcp::model::Tool`s.
///
/// # Errors
///
/// [`Error::Rmcp`] when a definition does not deserialize into rmcp's type.
///
/// # Example
///
/// ```
/// let tools = browser_adapter::rmcp_tools()?;
/// assert_eq!(tools[0].name, "evaluate");
/// assert!(tools[0].output_schema.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rmcp_tools() -> Result<Vec<rmcp::model::Tool>, Error> {
    crate::tools::tool_definitions()
        .into_iter()
        .map(|t| {
            serde_json::from_value(t).map_err(|source| Error::Rmcp {
                target: "Tool",
                source,
            })
        })
        .collect()
}

/// A result of [`call_tool`](crate::tools::call_tool) as an `rmcp::model::CallToolResult`.
///
/// # Errors
///
/// [`Error::Rmcp`] when `result` is not `CallToolResult` JSON.
///
/// The result carries `resultType: "complete"`, which protocol version 2026-07-28 requires;
/// rmcp's server removes it again for peers on older versions.
pub fn rmcp_result(result: Value) -> Result<rmcp::model::CallToolResult, Error> {
    let mut converted: rmcp::model::CallToolResult =
        serde_json::from_value(result).map_err(|source| Error::Rmcp {
            target: "CallToolResult",
            source,
        })?;
    converted
        .result_type
        .get_or_insert(rmcp::model::ResultType::COMPLETE);
    Ok(converted)
}
