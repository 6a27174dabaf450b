//! The hash maps of the digest's lookups: keyed by short words the digest hashes once per
//! page word, where a fast hash matters and protection against crafted collisions does not.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a: the keys are short words hashed once per page word, where SipHash's protection
/// against crafted collisions buys nothing (the map holds the goal's words, not the page's).
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// A map with the same hasher.
pub(crate) type FnvMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;
/// A set with the same hasher.
pub(crate) type FnvSet<K> = std::collections::HashSet<K, BuildHasherDefault<Fnv>>;
