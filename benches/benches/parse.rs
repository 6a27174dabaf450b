//! Parse benchmarks (in progress).
fn main() {}
