#![doc = include_str!("../README.md")]

mod backend;
#[cfg(feature = "chromium")]
mod chromium;
mod error;
#[cfg(feature = "rmcp")]
mod rmcp_types;
mod session;
mod tool_names;
mod tools;

pub use backend::{BrowserBackend, Script};
#[cfg(feature = "chromium")]
pub use chromium::{Chromium, DEFAULT_EXECUTABLE};
pub use error::Error;
#[cfg(feature = "rmcp")]
pub use rmcp_types::{rmcp_result, rmcp_tools};
pub use session::{Session, SessionConfig};
pub use tools::{
    TOOL_NAMES, call_tool, error_result, success_result, tool_definitions, tools_list,
};
