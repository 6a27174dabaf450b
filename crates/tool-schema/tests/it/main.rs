//! Integration tests of tool-schema through its public API.

mod api;
mod corpus;
#[cfg(feature = "rmcp")]
mod rmcp;
mod rules;
mod security;
mod tidy;
