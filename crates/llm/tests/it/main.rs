//! Integration tests of mcp-lean-llm against real servers on 127.0.0.1.

mod client;
mod tls;
