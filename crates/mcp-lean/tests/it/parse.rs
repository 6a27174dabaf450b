//! Tests of `mcp-lean parse`.
