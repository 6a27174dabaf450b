use super::in_shares;

#[test]
fn shares_come_back_in_order_and_cover_every_item() {
    let items: Vec<u32> = (0..1001).collect();
    for shares in [0, 1, 2, 3, 7, 64, 2000] {
        let parts = in_shares(&items, shares, <[u32]>::to_vec);
        assert!(parts.len() <= shares.max(1), "{shares}");
        assert_eq!(parts.concat(), items, "{shares}");
    }
    assert_eq!(in_shares(&[] as &[u32], 4, <[u32]>::len), vec![0]);
}

#[test]
#[should_panic(expected = "share 2")]
fn a_share_that_panics_panics_the_call() {
    let items: Vec<u32> = (0..4).collect();
    in_shares(&items, 4, |part| assert!(part != [2], "share 2"));
}
