use super::in_chunks;

#[test]
fn chunks_come_back_in_order_and_cover_every_item() {
    let items: Vec<u32> = (0..1001).collect();
    for threads in [0, 1, 2, 3, 64] {
        for chunk in [0, 1, 7, 250, 1001, 5000] {
            let parts = in_chunks(&items, threads, chunk, <[u32]>::to_vec);
            assert_eq!(
                parts.len(),
                items.len().div_ceil(chunk.max(1)),
                "{threads} {chunk}"
            );
            assert!(
                parts.iter().all(|p| p.len() <= chunk.max(1)),
                "{threads} {chunk}"
            );
            assert_eq!(parts.concat(), items, "{threads} {chunk}");
        }
    }
    assert!(in_chunks(&[] as &[u32], 4, 10, <[u32]>::len).is_empty());
}

#[test]
fn a_thread_that_takes_many_chunks_keeps_their_order() {
    // The first chunk is slow: the other threads take the rest while it is read.
    let items: Vec<u64> = (0..64).collect();
    let parts = in_chunks(&items, 3, 1, |part| {
        if part == [0] {
            (0..2_000_000u64).fold(0u64, |a, b| a.wrapping_add(std::hint::black_box(b)));
        }
        part[0]
    });
    assert_eq!(parts, items);
}

#[test]
#[should_panic(expected = "chunk 2")]
fn a_chunk_that_panics_panics_the_call() {
    let items: Vec<u32> = (0..8).collect();
    in_chunks(&items, 4, 1, |part| assert!(part != [2], "chunk 2"));
}
