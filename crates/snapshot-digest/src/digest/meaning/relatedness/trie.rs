//! The table's pieces as a byte trie, so that segmenting a word walks each start's
//! extensions one byte at a time: a hash map of every piece and prefix hashed and compared
//! every substring again, a fifth of a goal digest's time on a long page.
//!
//! The children of a node are one contiguous run sorted by their byte: a child is found by
//! a binary search of that run's bytes, which lie side by side in an array of their own (a
//! step down costs a cache line or two, not one per probe), and the trie is built in linear
//! time after one sort.

/// No piece ends at this node: it is only a prefix of longer ones.
const NO_PIECE: u32 = u32::MAX;

/// What a step down needs next, in one record (one cache line's load): the node's children
/// and the piece that ends there with its log-probability.
#[derive(Clone, Copy)]
struct Node {
    first: u32,
    end: u32,
    piece: u32,
    logp: f32,
}

/// Every piece of the table and every byte prefix of one; node `k` is `nodes[k]`, reached
/// by `byte[k]` from its parent.
pub(super) struct Trie {
    byte: Vec<u8>,
    nodes: Vec<Node>,
    /// The root's children by byte (`NO_PIECE` for none): every char of every word starts
    /// a walk at the root, whose run of children is the longest to search.
    root: Box<[u32; 256]>,
}

/// The node of the empty prefix.
pub(super) const ROOT: u32 = 0;

impl Trie {
    /// The trie of `pieces`, each known by its index and with the log-probability of the
    /// same index in `logp`; of two equal pieces the later wins, as a map insert would.
    pub(super) fn new(pieces: &[&str], logp: &[f32]) -> Self {
        let mut order: Vec<u32> = (0..u32::try_from(pieces.len()).unwrap_or(u32::MAX)).collect();
        order.sort_by(|&a, &b| {
            pieces[a as usize]
                .as_bytes()
                .cmp(pieces[b as usize].as_bytes())
        });
        // Pre-order first: in sorted order, a piece adds the nodes past its common prefix
        // with the piece before it. Each entry: depth, byte, parent (pre-order), piece.
        let mut pre: Vec<(u32, u8, u32, u32)> = vec![(0, 0, 0, NO_PIECE)];
        let mut path: Vec<u32> = vec![0];
        let mut prev: &[u8] = &[];
        for &id in &order {
            let bytes = pieces[id as usize].as_bytes();
            let common = prev.iter().zip(bytes).take_while(|(a, b)| a == b).count();
            path.truncate(common + 1);
            for (d, &b) in bytes.iter().enumerate().skip(common) {
                let parent = path[d];
                let at = u32::try_from(pre.len()).unwrap_or(u32::MAX);
                pre.push((
                    u32::try_from(d + 1).unwrap_or(u32::MAX),
                    b,
                    parent,
                    NO_PIECE,
                ));
                path.push(at);
            }
            if let Some(&end) = path.get(bytes.len()) {
                pre[end as usize].3 = id;
            }
            prev = bytes;
        }
        // Then each node's children as one block, sorted by byte (pre-order lists a node's
        // children in byte order), the blocks in the pre-order of their parents: the block of
        // a node's first child comes right after the node's own, so a word's path down a
        // chain of single children stays in neighbouring memory.
        let mut children = vec![0u32; pre.len()];
        for p in pre.iter().skip(1) {
            children[p.2 as usize] += 1;
        }
        let mut at = vec![0u32; pre.len()];
        let mut free = vec![0u32; pre.len()];
        let mut trie = Self {
            byte: vec![0; pre.len()],
            nodes: vec![
                Node {
                    first: 0,
                    end: 0,
                    piece: NO_PIECE,
                    logp: f32::NEG_INFINITY,
                };
                pre.len()
            ],
            root: Box::new([NO_PIECE; 256]),
        };
        let mut cursor = 1u32;
        for (i, &(depth, byte, parent, piece)) in pre.iter().enumerate() {
            if depth > 0 {
                let slot = &mut free[parent as usize];
                at[i] = *slot;
                *slot += 1;
            }
            let me = at[i] as usize;
            free[i] = cursor;
            trie.byte[me] = byte;
            let node = &mut trie.nodes[me];
            node.first = cursor;
            node.end = cursor + children[i];
            cursor += children[i];
            if let Some(&p) = logp.get(piece as usize) {
                node.piece = piece;
                node.logp = p;
            }
            if depth == 1 {
                trie.root[usize::from(byte)] = at[i];
            }
        }
        trie
    }

    /// The node one byte further down from `node`, if a piece goes on with `byte`.
    pub(super) fn child(&self, node: u32, byte: u8) -> Option<u32> {
        if node == ROOT {
            let child = self.root[usize::from(byte)];
            return (child != NO_PIECE).then_some(child);
        }
        let n = self.nodes.get(node as usize)?;
        let run = self.byte.get(n.first as usize..n.end as usize)?;
        let at = run.binary_search(&byte).ok()?;
        Some(n.first + u32::try_from(at).ok()?)
    }

    /// The piece that ends at `node` and its log-probability, if one does.
    pub(super) fn piece(&self, node: u32) -> Option<(u32, f32)> {
        self.nodes
            .get(node as usize)
            .filter(|n| n.piece != NO_PIECE)
            .map(|n| (n.piece, n.logp))
    }
}

#[cfg(test)]
mod tests;
