//! Integration tests of tool-schema through its public API.

mod api;
mod corpus;
mod pin;
#[cfg(feature = "rmcp")]
mod rmcp;
mod rules;
mod security;
mod tidy;
