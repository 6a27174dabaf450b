//! Integration tests of mcp-eval-core through its public API.

mod examples;
#[cfg(feature = "llm")]
mod judge;
mod junit;
mod runner;
