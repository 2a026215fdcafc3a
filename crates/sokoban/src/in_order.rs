//! Results that finish in any order, handed on in file order as soon as they can be.
//!
//! Levels are solved on several threads, so level 5 may finish before level 2. The printer
//! must show level 2 first, yet should not wait for the whole collection: a result is
//! released the moment it and every earlier one are done. Only the results that finished
//! ahead of a slow level wait, so the buffer stays small.
//!
//! ```text
//!   done: 1 3 4 2 5        released: 1 | - | - | 2 3 4 | 5
//! ```

use std::collections::BTreeMap;

/// A reorder buffer: results numbered from 0 go in in any order and come out in order.
pub struct InOrder<T> {
    /// The number of the next result to release.
    next: usize,
    /// Results that finished ahead of `next`.
    waiting: BTreeMap<usize, T>,
}

impl<T> InOrder<T> {
    /// An empty buffer expecting result 0 first.
    pub fn new() -> Self {
        InOrder { next: 0, waiting: BTreeMap::new() }
    }

    /// Takes result `number` and returns every result that is now releasable, in order.
    pub fn add(&mut self, number: usize, result: T) -> Vec<T> {
        self.waiting.insert(number, result);
        let mut ready = Vec::new();
        while let Some(result) = self.waiting.remove(&self.next) {
            ready.push(result);
            self.next += 1;
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use super::InOrder;

    #[test]
    fn a_result_is_released_as_soon_as_every_earlier_one_is_done() {
        let mut buffer = InOrder::new();
        assert_eq!(buffer.add(0, 'a'), vec!['a']);
        assert_eq!(buffer.add(2, 'c'), Vec::<char>::new());
        assert_eq!(buffer.add(3, 'd'), Vec::<char>::new());
        assert_eq!(buffer.add(1, 'b'), vec!['b', 'c', 'd']);
        assert_eq!(buffer.add(4, 'e'), vec!['e']);
    }

    #[test]
    fn results_in_reverse_order_all_come_out_with_the_first() {
        let mut buffer = InOrder::new();
        for number in (1..100).rev() {
            assert!(buffer.add(number, number).is_empty());
        }
        assert_eq!(buffer.add(0, 0), (0..100).collect::<Vec<_>>());
    }
}
