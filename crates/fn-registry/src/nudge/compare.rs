//! Whether two script shapes are near repeats, with the cheap bounds that spare most pairs
//! the diff.

use similar::{Algorithm, capture_diff_slices, get_diff_ratio};

/// A masked token sequence as hashes, and the same hashes sorted (a bag, for a cheap bound).
#[derive(Debug, Clone, Default)]
pub(super) struct Shape {
    seq: Vec<u64>,
    bag: Vec<u64>,
}

impl Shape {
    pub(super) fn new(seq: Vec<u64>) -> Self {
        let mut bag = seq.clone();
        bag.sort_unstable();
        Self { seq, bag }
    }
}

/// Whether two shapes reach `threshold`.
///
/// Myers' diff costs O((N + M) · D), which for two unrelated 4,000-token scripts is tens of
/// milliseconds, so two bounds that cost O(N + M) come first. Both are upper bounds of the
/// ratio `2 · matched / (N + M)`: at most the shorter length can match, and at most the
/// overlap of the two token bags can. A pair that fails either cannot reach the threshold.
pub(super) fn ratio(a: &Shape, b: &Shape, threshold: f32) -> bool {
    let total = a.seq.len() + b.seq.len();
    if total == 0 {
        return true;
    }
    #[allow(
        clippy::cast_precision_loss,
        reason = "token counts are far below 2^24"
    )]
    let bound = |matched: usize| 2.0 * matched as f32 / total as f32;
    if bound(a.seq.len().min(b.seq.len())) < threshold
        || bound(bag_overlap(&a.bag, &b.bag)) < threshold
    {
        return false;
    }
    // The ratio is 1 − D / (N + M) for the edit distance D (insertions plus deletions), so
    // reaching the threshold means D ≤ (1 − threshold) · (N + M). Myers' greedy search stops
    // as soon as D passes that cap, which unrelated pairs do early.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "a non-negative product of token counts, far below 2^24"
    )]
    let cap = ((1.0 - threshold).max(0.0) * total as f32).floor() as usize;
    if !edit_distance_within(&a.seq, &b.seq, cap) {
        return false;
    }
    let ops = capture_diff_slices(Algorithm::Myers, &a.seq, &b.seq);
    get_diff_ratio(&ops, a.seq.len(), b.seq.len()) >= threshold
}

/// Whether the insert/delete edit distance of `a` and `b` is at most `cap`: the forward pass of
/// Myers' O((N + M) · D) algorithm, cut off after `cap` steps.
fn edit_distance_within(a: &[u64], b: &[u64], cap: usize) -> bool {
    let (n, m) = (a.len(), b.len());
    // `v[k + offset]` is the furthest x reached on diagonal k = x − y.
    let offset = cap + 1;
    let mut v = vec![0usize; 2 * cap + 3];
    for d in 0..=cap {
        // Diagonals −d, −d + 2, …, d, as indices `offset − d … offset + d`.
        for idx in (offset - d..=offset + d).step_by(2) {
            let mut x = if idx == offset - d || (idx != offset + d && v[idx - 1] < v[idx + 1]) {
                v[idx + 1]
            } else {
                v[idx - 1] + 1
            };
            // y = x − k with k = idx − offset; diagonals below zero have y > x.
            let Some(mut y) = (x + offset).checked_sub(idx) else {
                continue;
            };
            while x < n && y < m && a[x] == b[y] {
                x += 1;
                y += 1;
            }
            v[idx] = x;
            if x >= n && y >= m {
                return true;
            }
        }
    }
    false
}

/// The size of the multiset intersection of two sorted slices.
fn bag_overlap(a: &[u64], b: &[u64]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests;
