//! The table's pieces as a byte trie, so that segmenting a word walks each start's
//! extensions one byte at a time: a hash map of every piece and prefix hashed and compared
//! every substring again, a fifth of a goal digest's time on a long page.
//!
//! The trie is read where it lies: the built-in table's, laid out at compile time by the
//! build script, in the binary; another table's, laid out once when its model is made
//! (the layout is [`format::trie_bytes`](super::format::trie_bytes)'s).

use std::borrow::Cow;

use super::format::{NO_PIECE, NODE_BYTES, NODES_AT, ROOT_AT, TRIE_MAGIC, trie_bytes, u32_at};

/// Every piece of the table and every byte prefix of one, in the layout of
/// [`trie_bytes`].
pub(super) struct Trie {
    data: Cow<'static, [u8]>,
    /// Where the nodes' bytes start.
    bytes_at: usize,
}

/// The node of the empty prefix.
pub(super) const ROOT: u32 = 0;

impl Trie {
    /// The trie of `pieces`, each known by its index and with the log-probability of the
    /// same index in `logp`; of two equal pieces the later wins, as a map insert would.
    pub(super) fn new(pieces: &[&str], logp: &[f32]) -> Self {
        let pieces: Vec<&[u8]> = pieces.iter().map(|p| p.as_bytes()).collect();
        Self::read(Cow::Owned(trie_bytes(&pieces, logp)), pieces.len()).unwrap_or_else(Self::empty)
    }

    /// The trie laid out in `data` for a table of `pieces` pieces, or `None` when `data` is
    /// not one (another table's, or cut short).
    pub(super) fn from_bytes(data: &'static [u8], pieces: usize) -> Option<Self> {
        Self::read(Cow::Borrowed(data), pieces)
    }

    fn read(data: Cow<'static, [u8]>, pieces: usize) -> Option<Self> {
        if data.get(..8)? != TRIE_MAGIC || u32_at(&data, 8)? as usize != pieces {
            return None;
        }
        let nodes = u32_at(&data, 12)? as usize;
        let bytes_at = NODES_AT.checked_add(nodes.checked_mul(NODE_BYTES)?)?;
        (nodes > 0 && data.len() == bytes_at.checked_add(nodes)?).then_some(Self { data, bytes_at })
    }

    /// The trie's layout.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// The trie of no piece: only the root.
    fn empty() -> Self {
        Self {
            data: Cow::Owned(trie_bytes(&[], &[])),
            bytes_at: NODES_AT + NODE_BYTES,
        }
    }

    /// Field `k` of `node`'s record.
    fn field(&self, node: u32, k: usize) -> Option<u32> {
        u32_at(&self.data, NODES_AT + node as usize * NODE_BYTES + 4 * k)
    }

    /// The node one byte further down from `node`, if a piece goes on with `byte`.
    pub(super) fn child(&self, node: u32, byte: u8) -> Option<u32> {
        if node == ROOT {
            let child = u32_at(&self.data, ROOT_AT + 4 * usize::from(byte))?;
            return (child != NO_PIECE).then_some(child);
        }
        let data: &[u8] = &self.data;
        let at = NODES_AT + node as usize * NODE_BYTES;
        let record = data.get(at..at + 8)?;
        let first = u32::from_le_bytes([record[0], record[1], record[2], record[3]]);
        let end = u32::from_le_bytes([record[4], record[5], record[6], record[7]]);
        let run = data.get(self.bytes_at + first as usize..self.bytes_at + end as usize)?;
        // Most nodes deep in a word have one child.
        let at = match run {
            [only] => (*only == byte).then_some(0)?,
            _ => run.binary_search(&byte).ok()?,
        };
        Some(first + u32::try_from(at).ok()?)
    }

    /// The node `bytes` lead to from the root, if a piece starts with them.
    pub(super) fn walk(&self, bytes: &[u8]) -> Option<u32> {
        bytes.iter().try_fold(ROOT, |node, &b| self.child(node, b))
    }

    /// The piece that ends at `node` and its log-probability, if one does.
    pub(super) fn piece(&self, node: u32) -> Option<(u32, f32)> {
        let piece = self.field(node, 2).filter(|&p| p != NO_PIECE)?;
        Some((piece, f32::from_bits(self.field(node, 3)?)))
    }
}

#[cfg(test)]
mod tests;
