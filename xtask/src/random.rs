//! A small seeded random number generator for the input generators.
//!
//! The generators must make the same input from the same seed on every machine and every
//! version of the dependencies, so they use this fixed algorithm (`SplitMix64`) rather than a
//! crate whose streams may change between releases.

/// `SplitMix64`: a 64-bit state stepped by a constant and mixed on the way out.
pub struct Random(u64);

impl Random {
    /// A generator whose stream depends only on `seed`.
    pub fn new(seed: u64) -> Self {
        Random(seed ^ 0x5851_f42d_4c95_7f2d)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), slightly biased for huge bounds, which do not occur.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: usize, denominator: usize) -> bool {
        self.below(denominator) < numerator
    }

    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
