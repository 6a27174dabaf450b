use super::best_first;

#[test]
fn best_first_orders_as_total_cmp_then_the_tie_then_the_index() {
    let scores = [
        0.5,
        f32::NEG_INFINITY,
        -0.0,
        0.0,
        f32::NAN,
        -f32::NAN,
        0.5,
        f32::INFINITY,
        -1.5,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        0.5,
        f32::MAX,
        f32::MIN,
    ];
    let first = |i: usize| i.is_multiple_of(3);
    let mut by_key: Vec<usize> = (0..scores.len()).rev().collect();
    best_first(&mut by_key, |i| scores[i], first);
    let mut by_cmp: Vec<usize> = (0..scores.len()).collect();
    by_cmp.sort_by(|&a, &b| {
        scores[b]
            .total_cmp(&scores[a])
            .then(first(b).cmp(&first(a)))
            .then(a.cmp(&b))
    });
    assert_eq!(by_key, by_cmp);
    // The three 0.5s: 0 and 6 are first by the tie, then by index; 11 after.
    let at = |i: usize| by_key.iter().position(|&n| n == i);
    assert!(at(0) < at(6) && at(6) < at(11));
}

#[test]
fn indices_past_two_to_the_31_are_ordered_alike() {
    let big = [1usize << 40, 3, 1 << 31, (1 << 31) - 1, 7];
    let score = |i: usize| match i {
        3 | 7 => 1.0,
        i if i == 1 << 31 => 2.0,
        _ => 0.5,
    };
    let mut nodes = big;
    best_first(&mut nodes, score, |_| false);
    assert_eq!(nodes, [1 << 31, 3, 7, (1 << 31) - 1, 1 << 40]);
}
