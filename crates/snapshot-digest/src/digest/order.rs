//! Nodes ordered by score, best first, ties in document order: the ranking's lists are
//! thousands long on a long page, and a sort that compares plain integer keys takes a
//! fraction of one that reads two scores through their indices at every comparison.

/// `f32::total_cmp`'s order as an unsigned integer's: negatives flipped below the positives.
fn ordered_bits(v: f32) -> u32 {
    let bits = v.to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 1 << 31
    }
}

/// `nodes` ordered by `score` from highest (in `f32::total_cmp`'s order), then those that
/// `before` says first, then by index.
pub(crate) fn best_first(
    nodes: &mut [usize],
    score: impl Fn(usize) -> f32,
    before: impl Fn(usize) -> bool,
) {
    let rank = |i: usize| u64::from(!ordered_bits(score(i))) << 1 | u64::from(!before(i));
    // A page's nodes number far below 2^31: each key and its index fit in one integer,
    // the fastest thing to sort.
    if nodes.iter().all(|&i| i < 1 << 31) {
        let mut keyed: Vec<u64> = nodes.iter().map(|&i| rank(i) << 31 | i as u64).collect();
        keyed.sort_unstable();
        for (slot, key) in nodes.iter_mut().zip(keyed) {
            *slot = usize::try_from(key & ((1 << 31) - 1)).unwrap_or(usize::MAX);
        }
        return;
    }
    let mut keyed: Vec<(u64, usize)> = nodes.iter().map(|&i| (rank(i), i)).collect();
    keyed.sort_unstable();
    for (slot, (_, i)) in nodes.iter_mut().zip(keyed) {
        *slot = i;
    }
}

#[cfg(test)]
mod tests;
