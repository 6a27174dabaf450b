//! Integration tests of the benches package: what the repository's documents say of the measured
//! figures.

mod readme_figures;
mod tidy;
