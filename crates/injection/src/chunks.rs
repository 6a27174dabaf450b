//! Many items read by several threads, each taking the next chunk left: a thread that starts
//! late, or gets the slow items, leaves more of the rest to the others instead of holding up
//! the call with a fixed share.

use std::sync::atomic::{AtomicUsize, Ordering};

/// `one` of each consecutive chunk of `chunk` items (at least one) of `items`, in order. This
/// thread and up to `threads - 1` others take the chunks one after another; a thread that
/// cannot start leaves its chunks to the rest, and a chunk's panic is this call's.
pub(crate) fn in_chunks<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    chunk: usize,
    one: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    let chunks: Vec<&[T]> = items.chunks(chunk.max(1)).collect();
    let helpers = threads.min(chunks.len()).saturating_sub(1);
    if helpers == 0 {
        return chunks.into_iter().map(one).collect();
    }
    let next = AtomicUsize::new(0);
    // What a thread read, with each chunk's index: the order is restored at the end.
    let take = || {
        let mut read = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&part) = chunks.get(i) else {
                return read;
            };
            read.push((i, one(part)));
        }
    };
    let mut slots: Vec<Option<R>> = std::iter::repeat_with(|| None).take(chunks.len()).collect();
    std::thread::scope(|scope| {
        let spawned: Vec<_> = (0..helpers)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, take).ok())
            .collect();
        let mut place = |read: Vec<(usize, R)>| {
            for (i, r) in read {
                slots[i] = Some(r);
            }
        };
        place(take());
        for thread in spawned {
            match thread.join() {
                Ok(read) => place(read),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    // Every chunk was taken by a thread that returned: the calling thread takes chunks until
    // none is left, and a helper that panicked has panicked this call.
    slots.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests;
