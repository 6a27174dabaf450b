//! Integration tests of mcp-eval-core through its public API.

mod compare;
mod examples;
#[cfg(feature = "llm")]
mod judge;
#[cfg(feature = "llm")]
mod judge_tls;
mod junit;
mod metrics;
mod runner;
