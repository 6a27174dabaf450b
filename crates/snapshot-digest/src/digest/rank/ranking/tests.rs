use super::*;

#[test]
fn the_builtin_table_weighs_every_feature() {
    let text = include_str!("../ranking.tsv");
    let named: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t').map(|(n, _)| n))
        .collect();
    for name in NAMES {
        assert!(
            named.contains(name),
            "ranking.tsv has no weight for {name}: run scripts/train-ranking.py again"
        );
    }
    assert!(Ranking::from_table(text).is_some());
}

#[test]
fn a_table_reads_leniently_but_never_a_bad_number() {
    let t = Ranking::from_table("# comment\nbias\t-1.5\nown\t2\nunknown_feature\t9\n").unwrap();
    assert_eq!(t.bias, -1.5);
    assert_eq!(
        t.weights[NAMES.iter().position(|n| *n == "own").unwrap()],
        2.0
    );
    assert_eq!(t.weights.iter().filter(|w| **w != 0.0).count(), 1);
    assert!(Ranking::from_table("own\tNaN\n").is_none());
    assert!(Ranking::from_table("own 2\n").is_none());
    assert!(Ranking::from_table("own\tmany\n").is_none());
}

#[test]
fn only_candidates_get_a_score() {
    let features = Features {
        nodes: vec![1],
        values: vec![1.0; NAMES.len()],
    };
    let ranking = Ranking {
        weights: vec![0.5; NAMES.len()],
        bias: 1.0,
    };
    let scores = ranking.scores(&features, 3);
    assert_eq!(scores[0], f32::NEG_INFINITY);
    assert!((scores[1] - (1.0 + 0.5 * NAMES.len() as f32)).abs() < 1e-3);
    assert_eq!(scores[2], f32::NEG_INFINITY);
}
