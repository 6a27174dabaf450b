#![doc = include_str!("../README.md")]

mod client;
mod config;
mod error;
mod message;
mod text;
mod tls;

pub use client::Client;
pub use config::Config;
pub use error::Error;
pub use message::{Completion, Message, Request, Schema, Tool, ToolCall, Usage};
pub use text::{data_fence, one_line};
