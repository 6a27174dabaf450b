//! Glama TDQS shadowing prefilter: which tool may be shadowed by a much cheaper sibling.
//!
//! TDQS flags a tool whose purpose a materially cheaper sibling covers, in two steps: this
//! deterministic prefilter proposes at most one pair per tool, then an LLM call reads both
//! descriptions and confirms or rejects the overlap. The second step is not reproduced here,
//! so a candidate is a question for the reader, not a finding, and costs no points.

use serde::Serialize;

/// A tool and the sibling that may shadow it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShadowCandidate {
    /// Position of the dearer tool in the list.
    pub tool_index: usize,
    /// The dearer tool's name, when it has one.
    pub tool: Option<String>,
    /// The dearer tool's invocation cost.
    pub invocation_cost: u32,
    /// Position of the cheaper sibling in the list.
    pub cheaper_sibling_index: usize,
    /// The cheaper sibling's name, when it has one.
    pub cheaper_sibling: Option<String>,
    /// The cheaper sibling's invocation cost.
    pub cheaper_sibling_invocation_cost: u32,
}

/// TDQS's pair test: the dearer tool costs at least twice the cheaper one and at least 4 more.
///
/// # Example
///
/// ```
/// use tool_schema::score::is_shadow_candidate;
///
/// assert!(is_shadow_candidate(4, 13)); // get_stat against query_panel
/// assert!(is_shadow_candidate(0, 4)); // a zero-argument tool against anything costing 4
/// assert!(!is_shadow_candidate(10, 19)); // both expensive, not twice
/// assert!(!is_shadow_candidate(1, 4)); // twice, but a gap of 3
/// ```
pub fn is_shadow_candidate(cheap: u32, expensive: u32) -> bool {
    let (cheap, expensive) = (u64::from(cheap), u64::from(expensive));
    expensive >= 2 * cheap && expensive.saturating_sub(cheap) >= 4
}

/// For each tool, the dearest sibling that passes [`is_shadow_candidate`] as the cheaper side,
/// as `(tool, cheaper sibling)` positions in `costs`. TDQS proposes the dearest qualifying
/// sibling as the likeliest overlap; among siblings of equal cost the first in the list wins
/// (TDQS leaves ties open).
///
/// # Example
///
/// ```
/// use tool_schema::score::shadow_pairs;
///
/// // list_all (0), get_stat (4), query_panel (13): query_panel's dearest cheaper sibling is
/// // get_stat; get_stat's is list_all.
/// assert_eq!(shadow_pairs(&[0, 4, 13]), vec![(1, 0), (2, 1)]);
/// ```
pub fn shadow_pairs(costs: &[u32]) -> Vec<(usize, usize)> {
    let mut sorted: Vec<(u32, usize)> = costs.iter().copied().zip(0..).collect();
    sorted.sort_unstable();
    let mut pairs = Vec::new();
    for (i, &dear) in costs.iter().enumerate() {
        // The two conditions as one bound on the cheaper cost; it is below `dear`, so a tool
        // never pairs with itself.
        let Some(bound) = dear.checked_sub(4).map(|gap| gap.min(dear / 2)) else {
            continue;
        };
        let below = sorted.partition_point(|&(c, _)| c <= bound);
        let Some(&(cheap, _)) = below.checked_sub(1).and_then(|k| sorted.get(k)) else {
            continue;
        };
        let first = sorted.partition_point(|&(c, _)| c < cheap);
        if let Some(&(_, j)) = sorted.get(first) {
            pairs.push((i, j));
        }
    }
    pairs
}
