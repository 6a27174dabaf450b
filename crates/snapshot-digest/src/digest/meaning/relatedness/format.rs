//! The model's two byte layouts: the table `scripts/relatedness-table.py` writes, and the
//! trie of its pieces. The build script (`build.rs`) reads this file too, and lays the
//! built-in table's trie out once at compile time: the model is then used as it lies in the
//! binary, with nothing sorted or built when a process starts (a sixth of a one-shot
//! `mcp-lean digest` of a small page went to building that trie). Standard library only.

/// The first bytes of a model's table.
pub(crate) const TABLE_MAGIC: &[u8; 8] = b"MLREL1\0\0";
/// The first bytes of a trie laid out by [`trie_bytes`].
pub(crate) const TRIE_MAGIC: &[u8; 8] = b"MLTRIE01";
/// No piece ends at this node: it is only a prefix of longer ones.
pub(crate) const NO_PIECE: u32 = u32::MAX;
/// Where the root's 256 children start, after the magic, the piece count and the node count.
pub(crate) const ROOT_AT: usize = 16;
/// Where the nodes start: after the root's children.
pub(crate) const NODES_AT: usize = ROOT_AT + 256 * 4;
/// A node's bytes: its first child, the end of its children, its piece and the piece's
/// log-probability (as `f32` bits), each a little-endian `u32`: one record, one cache
/// line's load, for what a step down needs next.
pub(crate) const NODE_BYTES: usize = 16;

/// The parts of a model's table: `pieces` pieces of `dims` int8 components each.
pub(crate) struct Table<'a> {
    pub(crate) pieces: usize,
    pub(crate) dims: usize,
    /// The pieces' log-probabilities, for segmentation, as the table stores them
    /// (thousandths, little-endian `i16`).
    logp: &'a [u8],
    /// `pieces × dims` int8 components; one scale for all (which cosine ignores).
    pub(crate) vectors: &'a [u8],
    /// The pieces' texts, one a line, in UTF-8: checked by [`Table::piece_texts`], not when
    /// the table is read (a check of every text would touch every page of them in every
    /// process).
    pub(crate) texts: &'a [u8],
}

impl<'a> Table<'a> {
    /// The parts of `data`, or `None` when it is not such a table.
    pub(crate) fn read(data: &'a [u8]) -> Option<Self> {
        if data.get(..8)? != TABLE_MAGIC {
            return None;
        }
        let pieces = u32_at(data, 8)? as usize;
        let dims = u32_at(data, 12)? as usize;
        let mut at: usize = 20;
        let logp = data.get(at..at.checked_add(pieces.checked_mul(2)?)?)?;
        at += logp.len();
        let vectors = data.get(at..at.checked_add(pieces.checked_mul(dims)?)?)?;
        at += vectors.len();
        let texts = data.get(at..)?;
        Some(Self {
            pieces,
            dims,
            logp,
            vectors,
            texts,
        })
    }

    /// The log-probability of each piece.
    pub(crate) fn logp(&self) -> Vec<f32> {
        self.logp
            .chunks_exact(2)
            .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 1000.0)
            .collect()
    }

    /// The texts of the pieces, in order; fewer when the table lists fewer; `None` when they
    /// are not UTF-8.
    pub(crate) fn piece_texts(&self) -> Option<Vec<&'a str>> {
        piece_texts(self.texts, self.pieces)
    }
}

/// The texts of a table's first `n` pieces, from the part of the table that lists them, one a
/// line; fewer when it lists fewer; `None` when they are not UTF-8.
pub(crate) fn piece_texts(texts: &[u8], n: usize) -> Option<Vec<&str>> {
    Some(
        std::str::from_utf8(texts)
            .ok()?
            .split_terminator('\n')
            .take(n)
            .collect(),
    )
}

/// The little-endian `u32` at `at`, if `data` holds one there.
pub(crate) fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    let b = data.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The trie of `pieces` (each known by its index, with the log-probability of the same
/// index in `logp`; of two equal pieces the later wins, as a map insert would), laid out as
/// `TRIE_MAGIC`, the piece count, the node count, the root's child by byte (`NO_PIECE` for
/// none: every char of every word starts a walk at the root, whose run of children is the
/// longest to search), the nodes, then each node's byte.
///
/// A node's children are one contiguous run sorted by their byte, found by a binary search
/// of that run's bytes, which lie side by side (a step down costs a cache line or two, not
/// one per probe). The runs are in the pre-order of their parents: the run of a node's first
/// child comes right after the node's own, so a word's path down a chain of single children
/// stays in neighbouring memory.
pub(crate) fn trie_bytes(pieces: &[&[u8]], logp: &[f32]) -> Vec<u8> {
    let mut order: Vec<u32> = (0..u32::try_from(pieces.len()).unwrap_or(u32::MAX)).collect();
    order.sort_by(|&a, &b| pieces[a as usize].cmp(pieces[b as usize]));
    // Pre-order first: in sorted order, a piece adds the nodes past its common prefix with
    // the piece before it. Each entry: depth, byte, parent (pre-order), piece.
    let mut pre: Vec<(u32, u8, u32, u32)> = vec![(0, 0, 0, NO_PIECE)];
    let mut path: Vec<u32> = vec![0];
    let mut prev: &[u8] = &[];
    for &id in &order {
        let bytes = pieces[id as usize];
        let common = prev.iter().zip(bytes).take_while(|(a, b)| a == b).count();
        path.truncate(common + 1);
        for (d, &b) in bytes.iter().enumerate().skip(common) {
            let at = u32::try_from(pre.len()).unwrap_or(u32::MAX);
            pre.push((
                u32::try_from(d + 1).unwrap_or(u32::MAX),
                b,
                path[d],
                NO_PIECE,
            ));
            path.push(at);
        }
        if let Some(&end) = path.get(bytes.len()) {
            pre[end as usize].3 = id;
        }
        prev = bytes;
    }
    let n = pre.len();
    let mut children = vec![0u32; n];
    for p in pre.iter().skip(1) {
        children[p.2 as usize] += 1;
    }
    let mut out = Vec::with_capacity(NODES_AT + n * (NODE_BYTES + 1));
    out.extend_from_slice(TRIE_MAGIC);
    out.extend_from_slice(
        &u32::try_from(pieces.len())
            .unwrap_or(u32::MAX)
            .to_le_bytes(),
    );
    out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
    out.resize(NODES_AT + n * (NODE_BYTES + 1), 0);
    for child in out[ROOT_AT..NODES_AT].chunks_exact_mut(4) {
        child.copy_from_slice(&NO_PIECE.to_le_bytes());
    }
    let bytes_at = NODES_AT + n * NODE_BYTES;
    // Each pre-order entry's place (`at`) and the next free place of its children (`free`).
    let mut at = vec![0u32; n];
    let mut free = vec![0u32; n];
    let mut cursor = 1u32;
    for (i, &(depth, byte, parent, piece)) in pre.iter().enumerate() {
        if depth > 0 {
            let slot = &mut free[parent as usize];
            at[i] = *slot;
            *slot += 1;
        }
        let me = at[i] as usize;
        free[i] = cursor;
        out[bytes_at + me] = byte;
        let (piece, p) = logp
            .get(piece as usize)
            .map_or((NO_PIECE, f32::NEG_INFINITY), |&p| (piece, p));
        let node = NODES_AT + me * NODE_BYTES;
        for (k, value) in [cursor, cursor + children[i], piece, p.to_bits()]
            .into_iter()
            .enumerate()
        {
            out[node + 4 * k..node + 4 * k + 4].copy_from_slice(&value.to_le_bytes());
        }
        cursor += children[i];
        if depth == 1 {
            let root = ROOT_AT + 4 * usize::from(byte);
            out[root..root + 4].copy_from_slice(&at[i].to_le_bytes());
        }
    }
    out
}
