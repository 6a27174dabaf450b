//! Integration tests of the benches package: what the repository's documents say of the measured
//! figures, and the rules the quality report splits goals by.

mod goal_language;
mod readme_figures;
mod tidy;
