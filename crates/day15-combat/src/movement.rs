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
//! ## A flood fill forward, a walk back, in bits
//! Both parts are breadth-first searches, done here with a [`Flood`]: the set of reached squares
//! is a bit set with a word (or run of words) a row, and one BFS layer is a few shifts and ors per
//! row the flood has reached.
//!
//! ```text
//!  forward from the unit U          back from the chosen square C,
//!  until a layer meets a            through the forward layers:
//!  target square (here d = 3)       distance 2, then 1
//!
//!   # # # # # # #                    # # # # # # #
//!   # U 1 2 3 . #                    # U 1 2 . . #
//!   # 1 # 3 C G #      ==>           # . # . C G #
//!   # 2 3 . . . #                    # . . . . . #
//! ```
//!
//! The first layer of the forward flood that holds a target square holds the nearest ones, and
//! since cell numbers run in reading order, the first such square is the chosen one. Walking
//! back, the squares of layer `k` beside the squares kept at layer `k + 1` are exactly those at
//! distance `k` on a shortest path to the chosen square ([`Flood::first_steps_towards`]); at layer
//! 1 they are the first steps of shortest paths, and the first of them in reading order is the
//! step. The walk stays inside the corridor of shortest paths, where a second search from the
//! chosen square would flood a whole diamond around it.
//!
//! ## Proving that no square can be reached
//! A unit whose way is blocked (often by its own side, crowding the enemy) would flood its whole
//! region before giving up: in real inputs that is most of the flood work. So once the forward
//! flood has gone a few layers, a second flood grows from the enemies through free squares, one
//! layer for each forward layer. When the two touch, a path exists and the second flood stops.
//! If the second flood stops growing first, the enemies' region is complete and the unit is not
//! in it: the unit stays. Either way the cost is about twice the smaller of the two regions.
//!
//! The in-range squares are never listed: as each forward layer is made, the same pass over its
//! rows asks which of its squares have an enemy beside them ([`Flood::step_beside`]).

use grid::{Flood, RowSet, Step};

/// Forward layers after which the enemies' region starts growing too.
const PROVE_UNREACHABLE_AFTER: u32 = 4;

/// The movement search, with its buffers kept between turns.
#[derive(Debug)]
pub struct Pathfinder {
    width: usize,
    height: usize,
    forward: Flood,
    /// The enemies' side: free squares connected to the in-range squares, grown to prove that
    /// a unit can reach none of them.
    region: Flood,
    back: Flood,
}

/// A pathfinder holds only scratch space, so a copy starts with fresh buffers: part 2 copies
/// whole battles, and the layers kept by the last search (megabytes on a large cave) must not
/// be copied with them.
impl Clone for Pathfinder {
    fn clone(&self) -> Self {
        Pathfinder::new(self.width, self.height)
    }
}

impl Pathfinder {
    /// A pathfinder for a `width x height` cave.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        Pathfinder {
            width,
            height,
            forward: Flood::new(width, height),
            region: Flood::new(width, height),
            back: Flood::new(width, height),
        }
    }

    /// The square a unit on `from` steps to, moving through `free` squares towards `enemies`, or
    /// `None` if it stays (no in-range square is reachable). `from` must not be on the cave's
    /// border, and no square of `free` may be either (the cave is closed by walls).
    pub fn next_step(&mut self, from: usize, free: &RowSet, enemies: &RowSet) -> Option<usize> {
        // Forward: grow one layer at a time until a layer holds a free square next to an enemy.
        // Past a few layers, the enemies' region grows alongside (see the module notes).
        self.forward.start([from]);
        let mut distance = 0;
        let mut connected = false;
        let chosen = loop {
            distance += 1;
            match self.forward.step_beside(free, enemies) {
                Step::Stuck => return None,
                Step::Grew => {}
                Step::Met(square) => break square,
            }
            if !connected && distance >= PROVE_UNREACHABLE_AFTER {
                if distance == PROVE_UNREACHABLE_AFTER {
                    self.region.start_from_set(enemies);
                }
                let grew = self.region.step(free);
                connected =
                    self.region.reached().intersects_in_rows(self.forward.reached(), self.forward.rows());
                if !connected && !grew {
                    // The enemies' whole region is known and the unit's flood is not in it.
                    return None;
                }
            }
        };
        if distance == 1 {
            return Some(chosen);
        }
        let neighbours = [from - self.width, from - 1, from + 1, from + self.width];
        if let Some(starts) = self.forward.first_steps_towards(chosen) {
            return neighbours.into_iter().find(|&next| starts.contains(next));
        }

        // Back (only for floods too long to keep their layers): the squares within
        // distance - 1 of the chosen one.
        self.back.start([chosen]);
        for _ in 1..distance {
            self.back.step(free);
        }
        let reached = self.back.reached();
        neighbours.into_iter().find(|&next| reached.contains(next))
    }
}
