//! # Movement: the search core
//!
//! A unit that is not next to an enemy takes one step. The rule has two parts, and the second is
//! the one solutions most often get wrong:
//!
//! 1. **Where to.** The candidate squares are the free squares next to any enemy ("in range").
//!    The unit picks the nearest one it can reach through free squares, and among the nearest,
//!    the first in reading order.
//! 2. **Which step.** Among the unit's free neighbours that lie on *some* shortest path to that
//!    chosen square, it takes the first in reading order. ("The shortest path whose first step
//!    comes first" is a different rule, and wrong: it can aim at another target square.)
//!
//! ## Two flood fills, in bits
//! Both parts are breadth-first searches, done here as [`Flood`]s: the set of reached squares is
//! a bit set, and one BFS layer is a handful of shifts and masks over the words near the flood,
//! 64 squares at a time.
//!
//! ```text
//!  forward from the unit U          back from the chosen square C
//!  until a layer meets a            for d - 1 layers; U's neighbours
//!  target square (here d = 3)       inside it start shortest paths
//!
//!   # # # # # # #                    # # # # # # #
//!   # U 1 2 3 . #                    # U 2 1 0 . #
//!   # 1 # 3 C G #      ==>           # 2 # 1 C G #
//!   # 2 3 . . . #                    # . . . . . #
//! ```
//!
//! The first layer of the forward flood that holds a target square holds the nearest ones, and
//! since cell numbers run in reading order, the lowest set bit of (layer ∩ targets) is the chosen
//! square. Then a flood of `d - 1` layers back from it reaches exactly those neighbours of the
//! unit at distance `d - 1` from it: the first steps of shortest paths. The first of them in
//! reading order is the step.
//!
//! The target squares themselves are one more flood step: the enemies' squares spread by one
//! into free floor.

use grid::{CellSet, Flood};

/// The movement search, with its buffers kept between turns.
#[derive(Clone, Debug)]
pub struct Pathfinder {
    width: usize,
    /// Enemy squares and the free squares next to them (the in-range squares).
    in_range: Flood,
    forward: Flood,
    back: Flood,
}

impl Pathfinder {
    /// A pathfinder for a cave `width` squares wide with `len` squares in all.
    #[must_use]
    pub fn new(width: usize, len: usize) -> Self {
        Pathfinder {
            width,
            in_range: Flood::new(width, len),
            forward: Flood::new(width, len),
            back: Flood::new(width, len),
        }
    }

    /// The square a unit on `from` steps to, moving through `free` squares towards `enemies`, or
    /// `None` if it stays (no in-range square is reachable). `from` must not be on the cave's
    /// border, and no square of `free` may be either (the cave is closed by walls).
    pub fn next_step(&mut self, from: usize, free: &CellSet, enemies: &CellSet) -> Option<usize> {
        self.in_range.start(enemies.iter());
        self.in_range.step(free);
        let targets = self.in_range.reached();

        // Forward: grow one layer at a time until a layer meets a target square. Enemy squares
        // are in `targets` too, but the flood only enters free squares, so it never meets them.
        self.forward.start([from]);
        let mut distance = 0;
        let chosen = loop {
            if !self.forward.step(free) {
                return None;
            }
            distance += 1;
            if let Some(square) = self.forward.reached().first_common(targets) {
                break square;
            }
        };
        if distance == 1 {
            return Some(chosen);
        }

        // Back: the squares within distance - 1 of the chosen one.
        self.back.start([chosen]);
        for _ in 1..distance {
            self.back.step(free);
        }
        let reached = self.back.reached();
        [from - self.width, from - 1, from + 1, from + self.width]
            .into_iter()
            .find(|&next| reached.contains(next))
    }
}
