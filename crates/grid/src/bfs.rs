//! Breadth-first distance maps.
//!
//! A BFS over a grid of `n` cells touches each reachable cell once, so its cost is in the memory
//! it writes. [`Bfs`] keeps its distance array and queue between runs and resets only the cells
//! the previous run reached, so a solver can call it in an inner loop without allocating and
//! without clearing the whole grid each time.

use crate::{Direction, Offsets, neighbours};
use std::ops::ControlFlow;

/// Distance of a cell the search did not reach.
pub const UNREACHED: u32 = u32::MAX;

/// A reusable breadth-first search over the cells of one grid shape.
///
/// ```
/// use grid::{Bfs, Grid, UNREACHED};
///
/// let grid = Grid::parse("#####\n#..##\n##..#\n#####\n", |ch| Some(ch == '.'))?;
/// let mut bfs = Bfs::new(grid.width(), grid.len());
/// let distances = bfs.distances([6], |cell| grid[cell]);
/// assert_eq!(distances[6], 0);
/// assert_eq!(distances[13], 3);
/// assert_eq!(distances[0], UNREACHED);
/// # Ok::<(), grid::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Bfs {
    width: usize,
    /// The caller promised that passable cells are never on the rim: neighbours by [`Offsets`].
    rimmed: bool,
    distance: Vec<u32>,
    queue: Vec<u32>,
}

impl Bfs {
    /// A search over a grid `width` cells wide with `len` cells in all.
    ///
    /// # Panics
    /// If `len` does not fit in a `u32` (four billion cells).
    #[must_use]
    pub fn new(width: usize, len: usize) -> Self {
        assert!(u32::try_from(len).is_ok(), "grids are limited to u32::MAX cells");
        Bfs { width, rimmed: false, distance: vec![UNREACHED; len], queue: Vec::with_capacity(len) }
    }

    /// A search over a grid whose rim is never passable (and never a source), so that
    /// neighbours are plain [`Offsets`] with no bounds checks: the form for hot loops.
    ///
    /// # Panics
    /// If `len` does not fit in a `u32`; during a search, if a source or passable cell lies on
    /// the rim and its step leaves the grid.
    #[must_use]
    pub fn with_rim(width: usize, len: usize) -> Self {
        Bfs { rimmed: true, ..Bfs::new(width, len) }
    }

    /// The cells reachable from `sources` through cells where `passable` holds, sources first,
    /// then in order of distance: a region flood. The slice is valid until the next search.
    pub fn reach(
        &mut self,
        sources: impl IntoIterator<Item = usize>,
        passable: impl FnMut(usize) -> bool,
    ) -> &[u32] {
        let _ = self.search(sources, passable, |_, _| ControlFlow::<()>::Continue(()));
        &self.queue
    }

    /// A shortest walk from `from` to `to` through cells where `passable` holds (`to` itself
    /// must be passable), as the directions of its steps; `None` if there is none. Among
    /// shortest walks, the one found by walking back from `to` always to the first neighbour in
    /// reading order that is one step nearer.
    pub fn path(
        &mut self,
        from: usize,
        to: usize,
        passable: impl FnMut(usize) -> bool,
    ) -> Option<Vec<Direction>> {
        let found = self.search([from], passable, |cell, distance| {
            if cell == to { ControlFlow::Break(distance) } else { ControlFlow::Continue(()) }
        });
        let ControlFlow::Break(length) = found else { return None };
        let mut steps = vec![Direction::Up; length as usize];
        let mut cell = to;
        for distance in (0..length).rev() {
            // `to`'s predecessor is a neighbour one step nearer; reading order breaks ties.
            let (before, direction) = Direction::READING_ORDER
                .into_iter()
                .filter_map(|d| crate::step(self.width, self.distance.len(), cell, d).map(|next| (next, d)))
                .find(|&(next, _)| self.distance[next] == distance)?;
            steps[distance as usize] = direction.opposite();
            cell = before;
        }
        Some(steps)
    }

    /// Distances from the nearest of `sources` to every cell, through cells where `passable`
    /// holds. Sources are at distance 0 whether passable or not; unreached cells hold
    /// [`UNREACHED`]. The slice is valid until the next search.
    pub fn distances(
        &mut self,
        sources: impl IntoIterator<Item = usize>,
        passable: impl FnMut(usize) -> bool,
    ) -> &[u32] {
        let _ = self.search(sources, passable, |_, _| ControlFlow::<()>::Continue(()));
        &self.distance
    }

    /// Breadth-first search that calls `visit(cell, distance)` on every cell as it is reached, in
    /// order of distance and, within one distance, in the order cells were queued. `visit` can
    /// stop the search early by returning `ControlFlow::Break`.
    ///
    /// Neighbours are queued in reading order (up, left, right, down), so among cells at the same
    /// distance from a single source, the search is deterministic.
    pub fn search<B>(
        &mut self,
        sources: impl IntoIterator<Item = usize>,
        mut passable: impl FnMut(usize) -> bool,
        mut visit: impl FnMut(usize, u32) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.reset();
        for source in sources {
            if self.distance[source] == UNREACHED {
                self.distance[source] = 0;
                self.queue.push(source as u32);
            }
        }
        let len = self.distance.len();
        let mut head = 0;
        while let Some(&cell) = self.queue.get(head) {
            head += 1;
            let cell = cell as usize;
            let distance = self.distance[cell];
            visit(cell, distance)?;
            if self.rimmed {
                for next in Offsets::new(self.width).neighbours(cell) {
                    if self.distance[next] == UNREACHED && passable(next) {
                        self.distance[next] = distance + 1;
                        self.queue.push(next as u32);
                    }
                }
            } else {
                for next in neighbours(self.width, len, cell) {
                    if self.distance[next] == UNREACHED && passable(next) {
                        self.distance[next] = distance + 1;
                        self.queue.push(next as u32);
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The distance map of the last search.
    #[must_use]
    pub fn last_distances(&self) -> &[u32] {
        &self.distance
    }

    /// Undoes the last search: only the cells it queued are touched.
    fn reset(&mut self) {
        for &cell in &self.queue {
            self.distance[cell as usize] = UNREACHED;
        }
        self.queue.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    fn maze(text: &str) -> Grid<bool> {
        Grid::parse(text, |ch| Some(ch != '#')).unwrap()
    }

    /// Plain Bellman-Ford-style relaxation: obviously right, and slow.
    fn relaxed_distances(grid: &Grid<bool>, sources: &[usize]) -> Vec<u32> {
        let mut distance = vec![UNREACHED; grid.len()];
        for &source in sources {
            distance[source] = 0;
        }
        loop {
            let mut changed = false;
            for cell in 0..grid.len() {
                if !grid[cell] || distance[cell] != UNREACHED && sources.contains(&cell) {
                    continue;
                }
                for next in grid.neighbours(cell) {
                    if distance[next] != UNREACHED && distance[next] + 1 < distance[cell] {
                        distance[cell] = distance[next] + 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                return distance;
            }
        }
    }

    #[test]
    fn matches_plain_relaxation_on_a_maze() {
        let grid = maze("#########\n#...#...#\n#.#.#.#.#\n#.#...#.#\n#.#####.#\n#.......#\n#########\n");
        let mut bfs = Bfs::new(grid.width(), grid.len());
        for sources in [vec![10], vec![10, 16], vec![46]] {
            let fast = bfs.distances(sources.iter().copied(), |cell| grid[cell]).to_vec();
            assert_eq!(fast, relaxed_distances(&grid, &sources), "sources {sources:?}");
        }
    }

    #[test]
    fn reuse_resets_the_previous_search() {
        let grid = maze("#####\n#...#\n#####\n");
        let mut bfs = Bfs::new(grid.width(), grid.len());
        let _ = bfs.distances([6], |cell| grid[cell]);
        let second = bfs.distances([8], |cell| grid[cell]);
        assert_eq!(&second[5..10], &[UNREACHED, 2, 1, 0, UNREACHED]);
    }

    #[test]
    fn search_stops_when_asked_and_visits_by_distance() {
        let grid = maze("#######\n#.....#\n#######\n");
        let mut bfs = Bfs::new(grid.width(), grid.len());
        let mut seen = Vec::new();
        let found = bfs.search(
            [8],
            |cell| grid[cell],
            |cell, distance| {
                seen.push(distance);
                if cell == 11 { ControlFlow::Break(distance) } else { ControlFlow::Continue(()) }
            },
        );
        assert_eq!(found, ControlFlow::Break(3));
        assert!(seen.windows(2).all(|pair| pair[0] <= pair[1]));
    }

    #[test]
    fn reach_lists_the_region_and_path_walks_it() {
        let grid = maze("#######\n#..#..#\n#.##..#\n#.....#\n#######\n");
        for mut bfs in [Bfs::new(grid.width(), grid.len()), Bfs::with_rim(grid.width(), grid.len())] {
            let mut region: Vec<u32> = bfs.reach([8], |cell| grid[cell]).to_vec();
            region.sort_unstable();
            let open: Vec<u32> = grid.positions(|&open| open).map(|cell| cell as u32).collect();
            assert_eq!(region, open);
            let steps = bfs.path(8, 12, |cell| grid[cell]).unwrap();
            let distances = relaxed_distances(&grid, &[8]);
            assert_eq!(steps.len() as u32, distances[12]);
            let mut at = 8;
            for d in steps {
                at = grid.step(at, d).unwrap();
                assert!(grid[at]);
            }
            assert_eq!(at, 12);
            assert_eq!(bfs.path(8, 8, |cell| grid[cell]), Some(vec![]));
            assert_eq!(bfs.path(8, 0, |cell| grid[cell]), None);
        }
    }

    #[test]
    fn walls_are_never_entered_but_a_source_may_be_one() {
        let grid = maze("###\n#.#\n###\n");
        let mut bfs = Bfs::new(grid.width(), grid.len());
        let distances = bfs.distances([1], |cell| grid[cell]);
        assert_eq!(distances[1], 0);
        assert_eq!(distances[4], 1);
        assert_eq!(distances[0], UNREACHED);
    }
}
