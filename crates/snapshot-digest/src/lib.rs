#![doc = include_str!("../README.md")]

mod attrs;
mod devtools;
mod diff;
mod digest;
mod error;
#[cfg(feature = "llm")]
pub mod llm;
mod normalize;
mod parse;
mod quote;
mod refs;
mod render;
mod roles;
mod tokens;
mod tree;
mod write;

pub use attrs::{BoundingBox, Invalid, Tristate};
pub use diff::{Diff, DiffKind, diff};
pub use digest::{
    Digest, DigestConfig, DigestStats, Explanation, KeptAs, Relatedness, Resources, ScorePart,
    StaticEmbeddings, digest, digest_with, digest_with_model, explain_digest, full_digest,
    full_digest_page, full_digest_with, outline_with,
};
pub use error::{Diagnostic, ErrorKind, ParseError};
pub use normalize::normalize_whitespace;
pub use parse::{Config, parse, parse_lenient, parse_lenient_with, parse_with};
pub use refs::{Ref, RefPrefix};
pub use render::render;
pub use roles::{is_interactive_role, is_landmark_role};
pub use tokens::estimate_tokens;
pub use tree::{Attribute, NameForm, Node, NodeId, NodeKind, Prop, Siblings, Snapshot, Syntax};
pub use write::{SnapshotWriter, Tail};
