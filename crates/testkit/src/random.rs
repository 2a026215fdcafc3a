//! The one seeded random number generator of the workspace, for input generators and tests.
//!
//! `cargo xtask gen-day15 SEED` must make the same cave from the same seed on every machine, for
//! every version of every dependency, and a failing randomised test must name a seed that
//! reproduces it. So the algorithm is fixed here (`SplitMix64`, a 64-bit counter stepped by the
//! golden ratio and mixed on the way out) rather than taken from a crate whose streams may change
//! between releases. Changing anything below changes the committed `inputs/*/generated-*.txt`.

/// `SplitMix64`: a 64-bit state stepped by a constant and mixed on the way out.
///
/// ```
/// let mut random = testkit::Random::new(7);
/// let roll = random.below(6);
/// assert!(roll < 6);
/// assert_eq!(testkit::Random::new(7).below(6), roll, "the same seed, the same stream");
/// ```
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    /// A generator whose stream depends only on `seed`.
    #[must_use]
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

    /// A number in `0..bound`, slightly biased for huge bounds, which do not occur here.
    ///
    /// # Panics
    /// If `bound` is 0: there is no number below it.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "Random::below(0): no number is below 0");
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

#[cfg(test)]
mod tests {
    use super::Random;

    #[test]
    fn the_stream_of_a_seed_never_changes() {
        // The committed generated inputs depend on these exact numbers (worked out apart from
        // this code, from the SplitMix64 definition).
        let mut random = Random::new(1);
        let first: Vec<u64> = (0..3).map(|_| random.next_u64()).collect();
        assert_eq!(first, [0xc1b4_bb72_8dd9_6dc3, 0xfc94_d6cb_a1d4_622c, 0xe3a8_c908_8ca4_fd45]);
        assert_ne!(Random::new(2).next_u64(), first[0]);
    }

    #[test]
    fn below_stays_below_and_shuffle_keeps_every_item() {
        let mut random = Random::new(9);
        assert!((0..1000).all(|_| random.below(7) < 7));
        let mut items: Vec<u32> = (0..50).collect();
        random.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
