//! A sorted, tab-separated word table compiled into the crate, looked up by binary search.

/// Lines `head<TAB>…`, sorted by head in byte order, with their start offsets.
pub(crate) struct Table {
    text: &'static str,
    starts: Vec<u32>,
}

impl Table {
    /// Indexes the lines once (a scan for newlines, about 0.1 ms a megabyte).
    pub(crate) fn new(text: &'static str) -> Self {
        let mut starts = vec![0u32];
        starts.extend(
            memchr::memchr_iter(b'\n', text.as_bytes())
                .filter(|&i| i + 1 < text.len())
                .map(|i| u32::try_from(i + 1).unwrap_or(u32::MAX)),
        );
        Self { text, starts }
    }

    fn line(&self, i: usize) -> &'static str {
        let start = self.starts[i] as usize;
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.text.len(), |&e| e as usize - 1);
        self.text[start..end].trim_end_matches('\n')
    }

    fn head(&self, i: usize) -> &'static str {
        let line = self.line(i);
        line.split('\t').next().unwrap_or(line)
    }

    /// The whole line whose head is `word`.
    pub(crate) fn find(&self, word: &str) -> Option<&'static str> {
        let (mut lo, mut hi) = (0, self.starts.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.head(mid).cmp(word) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(self.line(mid)),
            }
        }
        None
    }

    /// Test helper: every line.
    #[cfg(test)]
    pub(crate) fn lines(&self) -> impl Iterator<Item = &'static str> + '_ {
        (0..self.starts.len()).map(|i| self.line(i))
    }

    /// Test helper: heads strictly increasing, every line with `fields` fields.
    #[cfg(test)]
    pub(crate) fn check(&self, fields: usize) {
        for i in 0..self.starts.len() {
            assert_eq!(self.line(i).split('\t').count(), fields, "line {i}");
            if i > 0 {
                assert!(self.head(i - 1) < self.head(i), "line {i}");
            }
        }
    }
}
