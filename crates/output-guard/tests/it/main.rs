//! Integration tests of output-guard.

mod corpus;
mod decoded;
mod js;
mod preview;
mod props;
#[cfg(feature = "serde")]
mod schema;
mod store;
mod tips;
