//! Integration tests of fn-registry: the snippets in real node, hostile inputs, nudges, and
//! properties over arbitrary input.

mod hostile;
mod js;
mod node;
mod nudges;
mod props;
mod tidy;
