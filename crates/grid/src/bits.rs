//! Iterating over the set bits of machine words.
//!
//! Bit sets are everywhere in these solvers (keys held, cells reached, boxes placed); walking
//! their members is "take the lowest set bit, clear it, repeat", which `trailing_zeros` and
//! `word & (word - 1)` do in two instructions each.

/// The positions of the set bits of a word, lowest first.
///
/// ```
/// assert_eq!(grid::bits(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
/// ```
#[must_use]
pub const fn bits(word: u64) -> Bits {
    Bits { rest: word }
}

/// The indices of the set bits of a bit set stored as words, bit `i` of word `w` being member
/// `64 * w + i`; in increasing order.
///
/// ```
/// assert_eq!(grid::set_bits(&[0b10, 0b1]).collect::<Vec<_>>(), [1, 64]);
/// ```
pub fn set_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| bits(word).map(move |bit| w * 64 + bit as usize))
}

/// Whether member `i` is in a bit set stored as words (as for [`set_bits`]).
///
/// ```
/// assert!(grid::has_bit(&[0, 0b10], 65) && !grid::has_bit(&[0, 0b10], 64));
/// ```
#[inline]
#[must_use]
pub fn has_bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 == 1
}

/// Adds member `i` to a bit set stored as words (as for [`set_bits`]).
#[inline]
pub fn insert_bit(words: &mut [u64], i: usize) {
    words[i / 64] |= 1 << (i % 64);
}

/// Removes member `i` from a bit set stored as words (as for [`set_bits`]).
#[inline]
pub fn remove_bit(words: &mut [u64], i: usize) {
    words[i / 64] &= !(1 << (i % 64));
}

/// Word `w` of a bit set stored as words (as for [`set_bits`]) with every member `m` moved to
/// `m - by`; members that would fall below 0 are gone. With [`raised_word`], a question about
/// each member's neighbour `by` cells on ("is the square beyond free") becomes a word at a time.
///
/// ```
/// // Members 3 and 64 less 4: 60 is in word 0, -1 is gone.
/// assert_eq!(grid::lowered_word(&[0b1000, 0b1], 0, 4), 1 << 60);
/// assert_eq!(grid::lowered_word(&[0b1000, 0b1], 1, 4), 0);
/// ```
#[inline]
#[must_use]
pub fn lowered_word(words: &[u64], w: usize, by: usize) -> u64 {
    let (whole, bits) = (by / 64, by % 64);
    let word = |i: usize| words.get(i).copied().unwrap_or(0);
    let near = word(w + whole);
    if bits == 0 { near } else { near >> bits | word(w + whole + 1) << (64 - bits) }
}

/// Word `w` of a bit set stored as words (as for [`set_bits`]) with every member `m` moved to
/// `m + by`: the other way from [`lowered_word`].
///
/// ```
/// // Members 3 and 62 plus 4: 7 and 66.
/// assert_eq!(grid::raised_word(&[0b1000 | 1 << 62], 0, 4), 1 << 7);
/// assert_eq!(grid::raised_word(&[0b1000 | 1 << 62, 0], 1, 4), 1 << 2);
/// ```
#[inline]
#[must_use]
pub fn raised_word(words: &[u64], w: usize, by: usize) -> u64 {
    let (whole, bits) = (by / 64, by % 64);
    let word = |i: Option<usize>| i.and_then(|i| words.get(i)).copied().unwrap_or(0);
    let near = word(w.checked_sub(whole));
    if bits == 0 { near } else { near << bits | word(w.checked_sub(whole + 1)) >> (64 - bits) }
}

/// Iterator over the set bits of a word: see [`bits`].
#[derive(Clone, Debug)]
pub struct Bits {
    rest: u64,
}

impl Iterator for Bits {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.rest == 0 {
            return None;
        }
        let bit = self.rest.trailing_zeros();
        self.rest &= self.rest - 1;
        Some(bit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.rest.count_ones() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for Bits {}

impl std::iter::FusedIterator for Bits {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bit_of_many_words_is_listed_once_in_order() {
        let mut random = testkit::Random::new(64);
        for _ in 0..200 {
            let word = random.next_u64();
            let listed: Vec<u32> = bits(word).collect();
            let plain: Vec<u32> = (0..64).filter(|&i| word >> i & 1 == 1).collect();
            assert_eq!(listed, plain);
            assert_eq!(bits(word).len(), plain.len());
        }
        assert_eq!(bits(0).next(), None);
        assert_eq!(bits(u64::MAX).count(), 64);
    }

    #[test]
    fn a_set_moved_a_word_at_a_time_holds_each_member_moved() {
        let mut random = testkit::Random::new(65);
        for by in [0, 1, 5, 63, 64, 65, 80, 130] {
            for len in 1..5 {
                let words: Vec<u64> = (0..len).map(|_| random.next_u64() & random.next_u64()).collect();
                let members: Vec<usize> = set_bits(&words).collect();
                let lowered: Vec<u64> = (0..len).map(|w| lowered_word(&words, w, by)).collect();
                let raised: Vec<u64> = (0..len).map(|w| raised_word(&words, w, by)).collect();
                let expected_lowered: Vec<usize> =
                    members.iter().filter_map(|&m| m.checked_sub(by)).collect();
                let expected_raised: Vec<usize> =
                    members.iter().map(|&m| m + by).filter(|&m| m < 64 * len).collect();
                assert_eq!(set_bits(&lowered).collect::<Vec<_>>(), expected_lowered, "{words:x?} less {by}");
                assert_eq!(set_bits(&raised).collect::<Vec<_>>(), expected_raised, "{words:x?} plus {by}");
            }
        }
    }
}
