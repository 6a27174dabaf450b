//! Work on many items split into shares, one a thread, when the machine has cores to spare:
//! the model of relatedness reads thousands of texts on a long page, each on its own; and
//! the number of cores, which also says whether a page is scanned beside its digest.

use std::sync::OnceLock;

/// The number of threads the machine runs at once, asked once per process.
pub(crate) fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
}

/// `one` of each of up to `shares` consecutive shares of `items`, in order: the first on
/// this thread, each other on a thread of its own. A thread that cannot start leaves its
/// share to this one; a share's panic is this call's.
pub(crate) fn in_shares<T: Sync, R: Send>(
    items: &[T],
    shares: usize,
    one: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    if shares < 2 || items.len() < 2 {
        return vec![one(items)];
    }
    let size = items.len().div_ceil(shares);
    let one = &one;
    std::thread::scope(|scope| {
        let mut parts = items.chunks(size);
        let first = parts.next().unwrap_or_default();
        let others: Vec<_> = parts
            .map(|part| {
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || one(part));
                (part, spawned)
            })
            .collect();
        let mut out = Vec::with_capacity(others.len() + 1);
        out.push(one(first));
        for (part, spawned) in others {
            match spawned.map(std::thread::ScopedJoinHandle::join) {
                Ok(Ok(r)) => out.push(r),
                Ok(Err(panic)) => std::panic::resume_unwind(panic),
                Err(_) => out.push(one(part)),
            }
        }
        out
    })
}

#[cfg(test)]
mod tests;
