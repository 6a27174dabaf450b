//! Playwright's ARIA snapshot syntax, a YAML subset: `- button "OK" [ref=e5]`.
//!
//! `parse` reads it, `render` writes a parsed node back, and `write` builds text from another
//! accessibility tree; the last two share Playwright's quoting rules in `quote`.

mod parse;
mod quote;
mod render;
mod write;

pub(crate) use parse::parse;
pub(crate) use render::write_node;
pub use write::{SnapshotWriter, Tail};
