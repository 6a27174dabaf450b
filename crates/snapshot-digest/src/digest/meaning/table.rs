//! A sorted, tab-separated word table compiled into the crate, looked up by binary search
//! over its bytes where they lie: no index is built, so a process reads only the pages of
//! the table its words lead to (indexing the lines touched all 4.3 MB of WordNet and the
//! neighbours in every process, a tenth of a one-shot digest of a small page).

/// Lines `head<TAB>…`, sorted by head in byte order.
pub(crate) struct Table {
    text: &'static str,
}

impl Table {
    pub(crate) const fn new(text: &'static str) -> Self {
        Self { text }
    }

    /// The whole line whose head is `word`.
    pub(crate) fn find(&self, word: &str) -> Option<&'static str> {
        let bytes = self.text.as_bytes();
        // The lines that start in `lo..hi` are left to search; `lo` is a line's start.
        let (mut lo, mut hi) = (0, bytes.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let start = memchr::memrchr(b'\n', &bytes[lo..mid]).map_or(lo, |i| lo + i + 1);
            let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
            // Both ends are next to a newline or at the text's ends: char boundaries.
            let line = self.text.get(start..end)?;
            let head = line.split('\t').next().unwrap_or(line);
            match head.cmp(word) {
                std::cmp::Ordering::Less => lo = end + 1,
                std::cmp::Ordering::Greater => hi = start,
                std::cmp::Ordering::Equal => return Some(line),
            }
        }
        None
    }

    /// Test helper: every line.
    #[cfg(test)]
    pub(crate) fn lines(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.text.lines()
    }

    /// Test helper: heads strictly increasing, every line with `fields` fields.
    #[cfg(test)]
    pub(crate) fn check(&self, fields: usize) {
        let mut previous: Option<&str> = None;
        for (i, line) in self.lines().enumerate() {
            assert_eq!(line.split('\t').count(), fields, "line {i}");
            let head = line.split('\t').next().unwrap_or(line);
            if let Some(p) = previous {
                assert!(p < head, "line {i}");
            }
            previous = Some(head);
        }
    }
}

#[cfg(test)]
mod tests;
