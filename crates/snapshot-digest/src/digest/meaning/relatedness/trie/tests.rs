use super::*;

fn find(trie: &Trie, s: &str) -> Option<u32> {
    let mut node = ROOT;
    for &b in s.as_bytes() {
        node = trie.child(node, b)?;
    }
    trie.piece(node).map(|(id, _)| id)
}

#[test]
fn every_piece_is_found_and_prefixes_are_not_pieces() {
    let pieces = ["▁an", "melden", "▁anmelden", "an", "a", "über", "▁an"];
    let trie = Trie::new(&pieces, &[-1.0; 7]);
    assert_eq!(find(&trie, "▁an"), Some(6), "the later of two equal pieces");
    assert_eq!(find(&trie, "melden"), Some(1));
    assert_eq!(find(&trie, "▁anmelden"), Some(2));
    assert_eq!(find(&trie, "an"), Some(3));
    assert_eq!(find(&trie, "a"), Some(4));
    assert_eq!(find(&trie, "über"), Some(5));
    assert_eq!(find(&trie, "▁anm"), None);
    assert_eq!(find(&trie, "mel"), None);
    assert_eq!(find(&trie, "x"), None);
    assert_eq!(find(&trie, ""), None);
}

#[test]
fn an_empty_table_has_only_the_root() {
    let trie = Trie::new(&[], &[]);
    assert_eq!(trie.child(ROOT, b'a'), None);
    assert!(trie.piece(ROOT).is_none());
}

#[test]
fn a_layout_for_another_table_or_cut_short_is_not_read() {
    let pieces = ["▁an", "melden"];
    let bytes: Vec<&[u8]> = pieces.iter().map(|p| p.as_bytes()).collect();
    let data: &'static [u8] = trie_bytes(&bytes, &[-1.0, -2.0]).leak();
    let trie = Trie::from_bytes(data, 2).expect("the layout reads");
    assert_eq!(find(&trie, "melden"), Some(1));
    assert_eq!(
        trie.walk(b"\xe2\x96\x81a").and_then(|n| trie.piece(n)),
        None
    );
    assert!(Trie::from_bytes(data, 3).is_none(), "another table's");
    assert!(Trie::from_bytes(&data[..data.len() - 1], 2).is_none());
    assert!(Trie::from_bytes(b"MLTRIE01", 2).is_none());
    assert!(Trie::from_bytes(b"", 0).is_none());
}
