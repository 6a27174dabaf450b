//! A sorted, tab-separated word table compiled into the crate, looked up by binary search
//! over its bytes where they lie: no index is built, so a process reads only the pages of
//! the table its words lead to (indexing the lines touched all 4.3 MB of WordNet and the
//! neighbours in every process, a tenth of a one-shot digest of a small page).

/// Lines `head<TAB>…`, sorted by head in byte order.
pub(crate) struct Table {
    text: &'static str,
    /// Where each line starts, a little-endian `u32` each, when the build wrote it; empty
    /// for a table searched by its bytes alone.
    starts: &'static [u8],
}

impl Table {
    pub(crate) const fn new(text: &'static str) -> Self {
        Self { text, starts: &[] }
    }

    /// A table with the start of each of its lines listed in `starts`: searched a line a
    /// step. `starts` that do not fit `text` are not read.
    pub(crate) const fn indexed(text: &'static str, starts: &'static [u8]) -> Self {
        Self { text, starts }
    }

    /// The whole line whose head is `word`.
    pub(crate) fn find(&self, word: &str) -> Option<&'static str> {
        if !self.starts.is_empty() && self.starts.len().is_multiple_of(4) {
            return self.find_by_starts(word);
        }
        let bytes = self.text.as_bytes();
        // The lines that start in `lo..hi` are left to search; `lo` is a line's start.
        let (mut lo, mut hi) = (0, bytes.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            // Lines are a few dozen bytes: a plain scan to either end costs less than the
            // set-up of a vectorized search.
            let start = bytes[lo..mid]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(lo, |i| lo + i + 1);
            let end = bytes[start..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| start + i);
            let line = &bytes[start..end];
            let head = line
                .iter()
                .position(|&b| b == b'\t')
                .map_or(line, |tab| &line[..tab]);
            match head.cmp(word.as_bytes()) {
                std::cmp::Ordering::Less => lo = end + 1,
                std::cmp::Ordering::Greater => hi = start,
                // Both ends are next to a newline or at the text's ends: char boundaries.
                std::cmp::Ordering::Equal => return self.text.get(start..end),
            }
        }
        None
    }

    /// [`find`](Self::find) over the listed line starts; a start past the text, or not at
    /// a char boundary, ends the search without a line.
    fn find_by_starts(&self, word: &str) -> Option<&'static str> {
        let start = |k: usize| -> Option<usize> {
            let at = self.starts.get(4 * k..4 * k + 4)?;
            Some(u32::from_le_bytes([at[0], at[1], at[2], at[3]]) as usize)
        };
        let lines = self.starts.len() / 4;
        let (mut lo, mut hi) = (0, lines);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let from = start(mid)?;
            let to = if mid + 1 < lines {
                start(mid + 1)?.checked_sub(1)?
            } else {
                self.text.len()
            };
            let line = self.text.get(from..to)?;
            let line = line.strip_suffix('\n').unwrap_or(line);
            let head = line.split_once('\t').map_or(line, |(head, _)| head);
            match head.cmp(word) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
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
