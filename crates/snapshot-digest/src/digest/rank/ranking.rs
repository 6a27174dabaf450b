//! The learned ranking: one weight per feature (`features.rs`), learned from the goal sets by
//! `scripts/train-ranking.py` and compiled in (`ranking.tsv`). It orders every candidate
//! after the matches shown in context: how much a label counts against a node's own name,
//! or a button against a link, is learned here. (The word credit that picks those matches
//! has hand-set weights of its own, `tuning.rs`; the ranking reads each source of credit as
//! a feature of its own and weighs it anew.)
//!
//! A candidate's rank score is the weighted sum of its features, the logit of a logistic
//! regression: the probability, learned from pages it was not judged on, that it is what the
//! goal needs. The table is plain text (`name<TAB>weight`, `#` comments) so that a review
//! reads what the model learned.

use std::sync::OnceLock;

use super::features::{Features, NAMES};

/// Weights of the features, and the bias.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ranking {
    weights: Vec<f32>,
    bias: f32,
}

impl Ranking {
    /// The built-in table, read once per process.
    pub(crate) fn builtin() -> &'static Self {
        static RANKING: OnceLock<Ranking> = OnceLock::new();
        RANKING.get_or_init(|| {
            // A table that does not read (a broken build) ranks nothing above anything:
            // every candidate scores the bias, and the digest keeps document order.
            Self::from_table(include_str!("ranking.tsv")).unwrap_or(Self {
                weights: vec![0.0; NAMES.len()],
                bias: 0.0,
            })
        })
    }

    /// A table in the format the training script writes; `None` when a line is not
    /// `name<TAB>number`. A feature the table does not name weighs 0, and a name the
    /// features do not have is left out (a table from an older feature set still reads).
    pub(crate) fn from_table(text: &str) -> Option<Self> {
        let mut weights = vec![0.0; NAMES.len()];
        let mut bias = 0.0;
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (name, value) = line.split_once('\t')?;
            let value: f32 = value.trim().parse().ok()?;
            if !value.is_finite() {
                return None;
            }
            if name == "bias" {
                bias = value;
            } else if let Some(k) = NAMES.iter().position(|n| *n == name) {
                weights[k] = value;
            }
        }
        Some(Self { weights, bias })
    }

    /// The rank score of every node of a page of `len` nodes: candidates get their logit,
    /// other nodes `NEG_INFINITY`.
    pub(crate) fn scores(&self, features: &Features, len: usize) -> Vec<f32> {
        let mut out = vec![f32::NEG_INFINITY; len];
        for (r, &i) in features.nodes.iter().enumerate() {
            let logit = self.bias
                + features
                    .row(r)
                    .iter()
                    .zip(&self.weights)
                    .map(|(x, w)| x * w)
                    .sum::<f32>();
            if let Some(slot) = out.get_mut(i) {
                *slot = logit;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
