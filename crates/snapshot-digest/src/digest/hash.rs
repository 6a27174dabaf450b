//! The hash maps of the digest's lookups: keyed by words and names the digest hashes once
//! per page word or node, where a fast hash matters.
//!
//! foldhash's fast hash with a fixed seed: it reads eight bytes a step where FNV read one
//! (names and words are hashed for every node of a page), and a fixed seed keeps every
//! digest the same from run to run, whatever order a map is walked in. A fixed seed also
//! means a page could be written for its names to collide, as it could under FNV: such a
//! page costs time in proportion to its size times the colliding names, not a wrong digest.

use std::collections::HashMap;

/// The hasher of the digest's maps.
pub(crate) type FastHash = foldhash::fast::FixedState;

/// A map with the digest's hasher.
pub(crate) type FastMap<K, V> = HashMap<K, V, FastHash>;
/// A set with the digest's hasher.
pub(crate) type FastSet<K> = std::collections::HashSet<K, FastHash>;
