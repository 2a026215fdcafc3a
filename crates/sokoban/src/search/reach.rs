//! Where the player can walk: the region of a state, its normalised square, walking distances.
//!
//! Between pushes the player walks freely, so a state records the player's *region* by one
//! square of it, the lowest (top-left in reading order). Expanding a state needs the whole
//! region, to know which boxes the player can stand behind, and every child state needs the
//! lowest square of its own. Both floods run over bit words ([`Board::flood_words`]): 64
//! cells to a word operation, a row's stretch of floor at a time, which beats a queue walk on
//! the small boards where most states are made. Only the fewest-moves search floods the
//! expanded state's region breadth first, with [`grid::Bfs`], for the walking distances it
//! counts.
//!
//! Many pushes need no flood at all. When the square the box is pushed onto was the player's
//! and its free neighbours stay joined round it, and the square the box left opens onto
//! nothing but walls, boxes and the player's region, the child's region is the parent's with
//! those two squares swapped ([`Reach::child_lowest`]). The squares the player is shut out of
//! are then the very same squares as the parent's, so their regions need no count either. On
//! `xsokoban` levels 4, 23 and 50 that holds for a third to nearly half of the one-push children.
//!
//! ```text
//!   #######     player P, boxes $: the region is the six squares marked r and P;
//!   #rr$  #     its lowest square (first in reading order) names it, so every
//!   #rP$  #     state with these boxes and the player anywhere in it is one state.
//!   #rr$  #
//!   #######
//! ```

use crate::board::Board;
use grid::{Bfs, Direction, UNREACHED};

/// Reusable buffers of the player's floods over one board.
pub(super) struct Reach {
    /// The region flood of the state being expanded, kept until the next expansion.
    bfs: Bfs,
    /// The cell of each interior square, to read box sets (a bit per interior square).
    interior: Vec<usize>,
    /// The box set of the state being expanded, as stored (a bit per interior square) and as
    /// bit words over cells: a child's set differs from it in two bits, so the flood converts
    /// only those rather than every box.
    parent_row: Vec<u64>,
    parent_cells: Vec<u64>,
    /// Scratch words of the bitwise flood: the squares free of boxes, and the region.
    free_words: Vec<u64>,
    region_words: Vec<u64>,
    /// Scratch of [`Reach::regions_beyond`]: the free squares not yet in a region.
    rest_words: Vec<u64>,
    /// The region of the last [`Reach::flood`] (the state being expanded), as bit words.
    parent_region: Vec<u64>,
    /// Whether the last flood of a state being expanded was [`Reach::flood`] (its region in
    /// `parent_region`) rather than [`Reach::walk_distances`] (in `bfs`).
    region_in_words: bool,
    /// Whether the last region was the parent's with two squares swapped, not flooded (see
    /// [`Reach::child_lowest`]): its squares shut out are the parent's.
    parents_region_kept: bool,
}

impl Reach {
    /// Buffers for `board`.
    pub fn new(board: &Board) -> Self {
        let words = board.len.div_ceil(64);
        Reach {
            // The interior never touches the rim, so the flood needs no bounds checks.
            bfs: Bfs::with_rim(board.width, board.len),
            interior: board.interior.clone(),
            parent_row: vec![0; board.interior.len().div_ceil(64)],
            parent_cells: vec![0; words],
            free_words: vec![0; words],
            region_words: vec![0; words],
            rest_words: vec![0; words],
            parent_region: vec![0; words],
            region_in_words: false,
            parents_region_kept: false,
        }
    }

    /// Takes the box set of the state about to be expanded, as stored (`row`, a bit per
    /// interior square) and as cells (`boxes`), which [`Reach::lowest_reachable`] then reads
    /// its children's sets against.
    pub fn set_parent(&mut self, row: &[u64], boxes: &[usize]) {
        self.parent_row.copy_from_slice(row);
        self.parent_cells.fill(0);
        for &cell in boxes {
            grid::insert_bit(&mut self.parent_cells, cell);
        }
    }

    /// Floods the player's region from `from` around the boxes of the last
    /// [`Reach::set_parent`] and returns its lowest square. [`Reach::contains`] then answers for
    /// that region, and [`Reach::child_lowest`] starts from it. Bitwise, like a child's: no
    /// distances are needed.
    pub fn flood(&mut self, board: &Board, from: usize) -> usize {
        self.free_of_parent(board);
        self.parent_region.fill(0);
        grid::insert_bit(&mut self.parent_region, from);
        board.flood_words(&mut self.parent_region, &self.free_words);
        self.region_in_words = true;
        grid::set_bits(&self.parent_region).next().unwrap_or(from)
    }

    /// Sets the free-square words to the interior squares without the parent's boxes.
    fn free_of_parent(&mut self, board: &Board) {
        for ((free, &floor), &parent) in
            self.free_words.iter_mut().zip(&board.interior_words).zip(&self.parent_cells)
        {
            *free = floor & !parent;
        }
    }

    /// Floods the player's region breadth first, keeping the walking distances from `from`
    /// for [`Reach::walk`].
    pub fn walk_distances(&mut self, board: &Board, occupied: &[bool], from: usize) {
        let _ = self.bfs.distances([from], |cell| board.floor[cell] && !occupied[cell]);
        self.region_in_words = false;
    }

    /// True when the last flood reached `cell`.
    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        if self.region_in_words {
            grid::has_bit(&self.parent_region, cell)
        } else {
            self.bfs.last_distances()[cell] != UNREACHED
        }
    }

    /// The walking distance from the last flood's start to `cell` (reached by it).
    #[inline]
    pub fn walk(&self, cell: usize) -> u32 {
        self.bfs.last_distances()[cell]
    }

    /// The lowest square of the player's region from `from`, with the boxes of `boxes` (a box
    /// set: bit words over the interior squares), by the bitwise flood of the module notes
    /// ([`Board::flood_words`]).
    pub fn lowest_reachable(&mut self, board: &Board, boxes: &[u64], from: usize) -> usize {
        self.parents_region_kept = false;
        self.free_of_parent(board);
        // The squares where the child's boxes differ from the parent's: a box left, a box came.
        for (w, (&child, &parent)) in boxes.iter().zip(&self.parent_row).enumerate() {
            for bit in grid::bits(child ^ parent) {
                let cell = self.interior[w * 64 + bit as usize];
                if child >> bit & 1 == 1 {
                    grid::remove_bit(&mut self.free_words, cell);
                } else {
                    grid::insert_bit(&mut self.free_words, cell);
                }
            }
        }
        self.region_words.fill(0);
        self.region_words[from / 64] = 1 << (from % 64);
        board.flood_words(&mut self.region_words, &self.free_words);
        grid::set_bits(&self.region_words).next().unwrap_or(from)
    }

    /// The lowest square of the player's region in the child where the box on `from` was
    /// pushed one square in direction `d`, the player now on `from` (`occupied` and `boxes`, a
    /// box set as for [`Reach::lowest_reachable`], are the child's), the parent being the state
    /// of the last [`Reach::flood`]. The parent's region with the two squares swapped when the
    /// module notes' conditions hold, else a flood.
    pub fn child_lowest(
        &mut self,
        board: &Board,
        occupied: &[bool],
        boxes: &[u64],
        from: usize,
        d: Direction,
    ) -> usize {
        if !self.region_carries_over(board, occupied, from, d) {
            return self.lowest_reachable(board, boxes, from);
        }
        let to = board.step(from, d);
        self.region_words.copy_from_slice(&self.parent_region);
        grid::remove_bit(&mut self.region_words, to);
        grid::insert_bit(&mut self.region_words, from);
        self.parents_region_kept = true;
        grid::set_bits(&self.region_words).next().unwrap_or(from)
    }

    /// Whether the region after the push of [`Reach::child_lowest`] is the parent's with the
    /// box's two squares swapped:
    /// - the box's new square `to` was in the parent's region, so nothing beyond it joins;
    /// - the squares beside `from` across the push are walls, boxes or the parent's region, so
    ///   the freed square joins nothing new;
    /// - the free squares round `to` (the eight, `from` now among them) hold every free
    ///   neighbour of `to` in one unbroken run, so any walk that crossed `to` can go round it.
    fn region_carries_over(&self, board: &Board, occupied: &[bool], from: usize, d: Direction) -> bool {
        let in_parent = |cell: usize| grid::has_bit(&self.parent_region, cell);
        let free = |cell: usize| board.floor[cell] && !occupied[cell];
        let to = board.step(from, d);
        let across = match d {
            Direction::Up | Direction::Down => [Direction::Left, Direction::Right],
            Direction::Left | Direction::Right => [Direction::Up, Direction::Down],
        };
        if !in_parent(to)
            || across.into_iter().any(|side| {
                let beside = board.step(from, side);
                free(beside) && !in_parent(beside)
            })
        {
            return false;
        }
        // Clockwise from the square above: above, above right, right, ... above left. The
        // interior never touches the rim, so all eight are cells of the grid.
        let w = board.width;
        let ring = [to - w, to - w + 1, to + 1, to + w + 1, to + w, to + w - 1, to - 1, to - w - 1];
        let free_ring =
            ring.iter().enumerate().fold(0_u8, |mask, (k, &cell)| mask | u8::from(free(cell)) << k);
        free_neighbours_in_one_run(free_ring)
    }

    /// How many of `boxes` (those of `occupied`) the player can push from the region of the
    /// last [`Reach::lowest_reachable`] or [`Reach::child_lowest`]: onto a free square that is
    /// not dead, from a square of the region (a feature of the state, see `open`). Before
    /// [`Reach::regions_beyond`], which reuses the region's words.
    pub fn pushable(&self, board: &Board, occupied: &[bool], boxes: impl Iterator<Item = usize>) -> u32 {
        let in_region = |cell: usize| grid::has_bit(&self.region_words, cell);
        let pushable = |b: usize| {
            Direction::READING_ORDER.into_iter().any(|d| {
                let to = board.step(b, d);
                board.floor[to] && !occupied[to] && !board.dead[to] && in_region(board.step(b, d.opposite()))
            })
        };
        boxes.filter(|&b| pushable(b)).count() as u32
    }

    /// Whether the last [`Reach::child_lowest`] took the parent's region over (its squares
    /// shut out, and so their regions, are the parent's) rather than flooding.
    pub fn parents_region_kept(&self) -> bool {
        self.parents_region_kept
    }

    /// How many regions of free floor the last [`Reach::lowest_reachable`] left apart from the
    /// player's: the squares the player is shut out of, counted by pieces (a feature of the
    /// state, see `open`).
    pub fn regions_beyond(&mut self, board: &Board) -> u32 {
        for ((rest, &free), &region) in
            self.rest_words.iter_mut().zip(&self.free_words).zip(&self.region_words)
        {
            *rest = free & !region;
        }
        let mut count = 0;
        while let Some(w) = self.rest_words.iter().position(|&word| word != 0) {
            count += 1;
            self.region_words.fill(0);
            let word = self.rest_words[w];
            self.region_words[w] = word & word.wrapping_neg();
            board.flood_words(&mut self.region_words, &self.free_words);
            for (rest, &region) in self.rest_words.iter_mut().zip(&self.region_words) {
                *rest &= !region;
            }
        }
        count
    }
}

/// Whether the free squares of a ring of eight round a square (a bit each, clockwise, the four
/// neighbours on the even bits) hold all its free neighbours in one run of consecutive free
/// squares: then the neighbours are joined round the square without it.
fn free_neighbours_in_one_run(free_ring: u8) -> bool {
    const NEIGHBOURS: u8 = 0b0101_0101;
    if free_ring == u8::MAX {
        return true;
    }
    // Start after a square that is not free, so that no run wraps round the end.
    let blocked = (!free_ring).trailing_zeros();
    let (mut runs, mut counted) = (0, false);
    for step in 1..=8 {
        let k = (blocked + step) % 8;
        if free_ring >> k & 1 == 0 {
            counted = false;
        } else if NEIGHBOURS >> k & 1 == 1 && !counted {
            (runs, counted) = (runs + 1, true);
        }
    }
    runs <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::test_support::random_rows;
    use crate::deadlock::test_support::{box_words, reach_of};
    use crate::level::Level;

    /// The regions of free floor apart from the player's, counted by a plain flood per region.
    fn plain_regions_beyond(board: &Board, boxed: &[bool], player: usize) -> u32 {
        let mut seen = reach_of(board, boxed, player);
        let mut count = 0;
        for &cell in &board.interior {
            if !boxed[cell] && !seen[cell] {
                count += 1;
                for (seen, reached) in seen.iter_mut().zip(reach_of(board, boxed, cell)) {
                    *seen |= reached;
                }
            }
        }
        count
    }

    /// The boxes with a push from the player's region onto a free square that is not dead, by
    /// a plain flood from the player.
    fn plain_pushable(board: &Board, boxed: &[bool], player: usize) -> u32 {
        let region = reach_of(board, boxed, player);
        let pushable = |b: usize| {
            Direction::READING_ORDER.into_iter().any(|d| {
                let to = board.step(b, d);
                board.floor[to] && !boxed[to] && !board.dead[to] && region[board.step(b, d.opposite())]
            })
        };
        board.interior.iter().filter(|&&b| boxed[b] && pushable(b)).count() as u32
    }

    /// Random boards, 25 of each of several widths (those that make a valid level), with boxes
    /// on a random quarter of the interior, never on the player: each board's rows, its player's
    /// square, the board and its boxes.
    fn random_positions(seed: u64) -> Vec<(String, usize, Board, Vec<bool>)> {
        let mut random = testkit::Random::new(seed);
        let mut positions = Vec::new();
        for width in [6, 9, 13, 31, 63, 64, 65, 80] {
            for _ in 0..25 {
                let height = 5 + random.below(6);
                let text = random_rows(&mut random, width, height, 6);
                let rows: Vec<&str> = text.iter().map(String::as_str).collect();
                let Ok(level) = Level::parse(1, "t", &rows) else { continue };
                let Ok(board) = Board::new(&level) else { continue };
                let boxed: Vec<bool> = (0..board.len)
                    .map(|c| board.floor[c] && c != level.player && random.below(4) == 0)
                    .collect();
                positions.push((text.join("\n"), level.player, board, boxed));
            }
        }
        positions
    }

    #[test]
    fn a_childs_region_taken_over_from_its_parents_is_the_one_a_plain_flood_finds() {
        let (mut pushes, mut kept) = (0, 0);
        for (text, player, board, mut boxed) in random_positions(0xbb67_ae85_84ca_a73b) {
            let cells: Vec<usize> = board.interior.iter().copied().filter(|&c| boxed[c]).collect();
            let mut reach = Reach::new(&board);
            reach.set_parent(&box_words(&board, &cells), &cells);
            let lowest = reach.flood(&board, player);
            let region = reach_of(&board, &boxed, player);
            // The expanded state's own region, bitwise, is the plain flood's.
            assert_eq!(lowest, region.iter().position(|&r| r).unwrap(), "{text}");
            assert!((0..board.len).all(|c| reach.contains(c) == region[c]), "{text}");
            let parents_shut_out = plain_regions_beyond(&board, &boxed, player);
            for &b in &cells {
                for d in Direction::READING_ORDER {
                    let to = board.step(b, d);
                    if !region[board.step(b, d.opposite())] || !board.floor[to] || boxed[to] {
                        continue;
                    }
                    (boxed[b], boxed[to]) = (false, true);
                    let child: Vec<usize> = cells.iter().map(|&c| if c == b { to } else { c }).collect();
                    let lowest = reach.child_lowest(&board, &boxed, &box_words(&board, &child), b, d);
                    let plain = reach_of(&board, &boxed, b);
                    let context = || format!("push {b} {d:?}:\n{text}");
                    assert_eq!(lowest, plain.iter().position(|&r| r).unwrap(), "{}", context());
                    let can_push = reach.pushable(&board, &boxed, child.iter().copied());
                    assert_eq!(can_push, plain_pushable(&board, &boxed, b), "{}", context());
                    let shut_out = plain_regions_beyond(&board, &boxed, b);
                    if reach.parents_region_kept() {
                        assert_eq!(shut_out, parents_shut_out, "{}", context());
                        kept += 1;
                    } else {
                        assert_eq!(reach.regions_beyond(&board), shut_out, "{}", context());
                    }
                    pushes += 1;
                    (boxed[b], boxed[to]) = (true, false);
                }
            }
        }
        // Both ways taken often, or the test proves little.
        assert!(
            pushes > 2000 && kept > pushes / 4 && kept < pushes * 9 / 10,
            "{kept} of {pushes} pushes kept the region"
        );
    }

    #[test]
    fn the_free_neighbours_of_a_square_are_in_one_run_when_a_walk_can_go_round_it() {
        // Clockwise from above: the neighbours on the even bits.
        assert!(free_neighbours_in_one_run(0xff));
        assert!(free_neighbours_in_one_run(0));
        // Above and right, joined by the corner between them; or one neighbour alone.
        assert!(free_neighbours_in_one_run(0b0000_0111));
        assert!(free_neighbours_in_one_run(0b0000_0001));
        // Above and right without that corner; above and below, a corridor.
        assert!(!free_neighbours_in_one_run(0b0000_0101));
        assert!(!free_neighbours_in_one_run(0b0001_0001));
        // Above and left, joined across the wrap by the corner above left.
        assert!(free_neighbours_in_one_run(0b1100_0001));
        // A lone free corner joins nothing and breaks nothing.
        assert!(free_neighbours_in_one_run(0b0000_1001));
    }

    #[test]
    fn the_regions_the_player_is_shut_out_of_and_the_boxes_it_can_push_agree_with_plain_counts() {
        let mut checked = 0;
        let mut shut_out = 0;
        let (mut boxes_seen, mut pushable) = (0, 0);
        for (text, player, board, boxed) in random_positions(0x6a09_e667_f3bc_c909) {
            let cells: Vec<usize> = board.interior.iter().copied().filter(|&c| boxed[c]).collect();
            let row = box_words(&board, &cells);
            let mut reach = Reach::new(&board);
            reach.set_parent(&row, &cells);
            let _ = reach.lowest_reachable(&board, &row, player);
            let can_push = reach.pushable(&board, &boxed, cells.iter().copied());
            assert_eq!(can_push, plain_pushable(&board, &boxed, player), "{text}");
            (boxes_seen, pushable) = (boxes_seen + cells.len(), pushable + can_push as usize);
            let expected = plain_regions_beyond(&board, &boxed, player);
            assert_eq!(reach.regions_beyond(&board), expected, "{text}");
            checked += 1;
            shut_out += usize::from(expected > 1);
        }
        // Boards with several regions apart, or the test proves little.
        assert!(checked > 150 && shut_out > 50, "{checked} boards, {shut_out} with several regions");
        // Some boxes pushable and some not, or the count proves little.
        assert!(
            pushable > boxes_seen / 20 && pushable < boxes_seen / 2,
            "{pushable} of {boxes_seen} boxes pushable"
        );
    }
}
