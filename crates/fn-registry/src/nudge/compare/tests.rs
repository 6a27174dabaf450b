//! Unit tests of the shape bounds and the capped edit distance.

use super::*;

#[test]
fn bounds_skip_hopeless_pairs() {
    let shape = |v: &[u64]| Shape::new(v.to_vec());
    assert!(
        !ratio(&shape(&[1; 10]), &shape(&[1; 40]), 0.8),
        "lengths too far apart"
    );
    assert!(ratio(&shape(&[1; 10]), &shape(&[1; 11]), 0.8));
    assert!(ratio(&shape(&[]), &shape(&[]), 0.8));
    // Same length, disjoint vocabularies: the bag bound says no without a diff.
    assert!(!ratio(
        &shape(&[1, 2, 3, 4, 5]),
        &shape(&[6, 7, 8, 9, 10]),
        0.8
    ));
    assert_eq!(bag_overlap(&[1, 1, 2, 5, 7], &[1, 2, 2, 5, 6, 7, 7]), 4);
}

#[test]
fn capped_edit_distance_agrees_with_similar() {
    // Deterministic pseudo-random sequences over a small alphabet, so matches are common.
    let mut x = 7u64;
    let mut next = |modulus: u64| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 33) % modulus
    };
    for _ in 0..300 {
        let alphabet = next(6) + 1;
        let a: Vec<u64> = (0..next(30)).map(|_| next(alphabet)).collect();
        let b: Vec<u64> = (0..next(30)).map(|_| next(alphabet)).collect();
        let ops = capture_diff_slices(Algorithm::Myers, &a, &b);
        let matched: usize = ops
            .iter()
            .map(|op| {
                if let similar::DiffOp::Equal { len, .. } = op {
                    *len
                } else {
                    0
                }
            })
            .sum();
        let distance = a.len() + b.len() - 2 * matched;
        for cap in [0, distance.saturating_sub(1), distance, distance + 3] {
            assert_eq!(
                edit_distance_within(&a, &b, cap),
                distance <= cap,
                "{a:?} {b:?} cap {cap}"
            );
        }
    }
}
