#![doc = include_str!("../README.md")]

mod addressed;
mod attrs;
mod diff;
mod digest;
mod error;
#[cfg(feature = "llm")]
pub mod llm;
mod normalize;
mod refs;
mod roles;
mod shares;
mod syntax;
mod tokens;
mod tree;

pub use addressed::{ADDRESSED_MARK, HeldBack, HoldBack, held_back, held_back_text};
pub use attrs::{BoundingBox, Invalid, Tristate};
pub use diff::{Diff, DiffKind, diff, diff_with};
pub use digest::{
    Digest, DigestConfig, DigestStats, Explanation, KeptAs, RankFeatures, Relatedness, Resources,
    ScorePart, StaticEmbeddings, digest, digest_with, digest_with_model, explain_digest,
    full_digest, full_digest_page, full_digest_with, outline_with, rank_features,
};
pub use error::{Diagnostic, ErrorKind, ParseError};
pub use normalize::normalize_whitespace;
pub use refs::{Ref, RefPrefix};
pub use roles::{is_interactive_role, is_landmark_role};
pub use syntax::{
    Config, SnapshotWriter, Tail, parse, parse_lenient, parse_lenient_with, parse_with, render,
};
pub use tokens::estimate_tokens;
pub use tree::{Attribute, NameForm, Node, NodeId, NodeKind, Prop, Siblings, Snapshot, Syntax};
