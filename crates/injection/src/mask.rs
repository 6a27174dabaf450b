//! A set of signals, a bit per index in the order they are tried (`order::SIGNALS`): the
//! prefilter's candidates, the signals compiled so far. Three 64-bit words: the eight
//! languages' signals outgrew a `u128`, and a set that lives in registers keeps the
//! prefilter's per-text work to a few instructions.

use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// How many 64-bit words a [`Mask`] holds.
pub(crate) const WORDS: usize = 3;

/// A set of signal indices below [`Mask::BITS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mask(pub(crate) [u64; WORDS]);

impl Mask {
    /// How many signals a mask can hold.
    pub(crate) const BITS: usize = 64 * WORDS;
    /// No signal.
    pub(crate) const EMPTY: Self = Self([0; WORDS]);
    /// Every signal.
    pub(crate) const ALL: Self = Self([u64::MAX; WORDS]);

    /// The mask of signal `i` alone.
    pub(crate) const fn one(i: usize) -> Self {
        let mut words = [0; WORDS];
        words[i / 64] = 1 << (i % 64);
        Self(words)
    }

    /// Whether it holds signal `i`.
    pub(crate) const fn has(self, i: usize) -> bool {
        i < Self::BITS && self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether it holds no signal.
    pub(crate) fn is_empty(self) -> bool {
        self.0 == [0; WORDS]
    }

    /// How many signals it holds.
    pub(crate) fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The signals it holds, in increasing order.
    pub(crate) fn ones(self) -> Ones {
        Ones {
            words: self.0,
            word: 0,
        }
    }
}

/// The signals of a [`Mask`], lowest first: a loop over its words, each cleared bit by bit
/// (the prefilter walks one per text a page holds).
pub(crate) struct Ones {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for Ones {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while let Some(bits) = self.words.get_mut(self.word) {
            if *bits != 0 {
                let i = bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                return Some(64 * self.word + i);
            }
            self.word += 1;
        }
        None
    }
}

impl BitOr for Mask {
    type Output = Self;

    fn bitor(mut self, other: Self) -> Self {
        self |= other;
        self
    }
}

impl BitOrAssign for Mask {
    fn bitor_assign(&mut self, other: Self) {
        // Written out: the prefilter does this once per piece it finds.
        let [a, b, c] = &mut self.0;
        let [x, y, z] = other.0;
        *a |= x;
        *b |= y;
        *c |= z;
    }
}

impl BitAnd for Mask {
    type Output = Self;

    fn bitand(mut self, other: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        self
    }
}

impl Not for Mask {
    type Output = Self;

    fn not(mut self) -> Self {
        for a in &mut self.0 {
            *a = !*a;
        }
        self
    }
}

#[cfg(test)]
mod tests;
