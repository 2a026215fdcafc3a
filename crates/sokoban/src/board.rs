//! What a level's walls and goals say before any search: the static [`Board`].
//!
//! - **Interior**: the squares the player could ever stand on or push a box to (the player's
//!   region with boxes as air). Everything else is treated as wall.
//! - **Dead squares**: a box there can never reach any goal. Found backwards: a box can be
//!   *pulled* from a goal to a square only if the player has room to stand behind it, so the
//!   squares reached by pulls from every goal are the live ones; the rest are dead.
//! - **Push distances**: the fewest pushes that take a lone box from square `b` to goal `g`.
//!   The player's position matters (it may be walled off on the wrong side of the box), so
//!   the distance is over (box square, *side*): the floor minus the box falls into at most four
//!   connected parts, one for each side of the box, and the player is in one of them. The table
//!   is a breadth-first search backwards from each goal over (square, part) pairs, checked
//!   against a brute-force search over (box, exact player square) in the tests.
//!
//! ```text
//!   #######      box at B: the floor minus B splits into the part left of B (where the
//!   #  B  #      player P is) and the part right of it; pushing right needs P on the left,
//!   # P####      pushing left needs the player on the right, which it cannot reach.
//!   #######
//! ```

use crate::level::{Level, MAX_CELLS, Square};
use grid::{Bfs, Direction, Offsets};

/// A distance that cannot be covered.
pub const UNREACHABLE: u16 = u16::MAX;

/// The largest interior the distance tables are built for.
pub const MAX_INTERIOR: usize = 4096;

/// The static facts of a level that every search state shares.
#[derive(Clone, Debug)]
pub struct Board {
    /// Width of the grid.
    pub width: usize,
    /// Cells of the grid.
    pub len: usize,
    /// Neighbour arithmetic: the interior never touches the rim, so steps need no checks.
    offsets: Offsets,
    /// Interior squares (see the module notes).
    pub floor: Vec<bool>,
    /// Goal squares, interior only.
    pub goal: Vec<bool>,
    /// The goal squares in reading order.
    pub goals: Vec<usize>,
    /// Interior squares a box can never leave for a goal.
    pub dead: Vec<bool>,
    /// Passage squares: interior squares off goals walled on both sides across one axis, where
    /// a box stands in the way of the player and of every other box (see `search::PASSAGES`).
    pub passage: Vec<bool>,
    /// Interior squares in reading order.
    pub interior: Vec<usize>,
    /// The position of a cell in `interior`, or `u16::MAX`.
    pub interior_index: Vec<u16>,
    /// The interior as bit words over cells (bit `c % 64` of word `c / 64` for cell `c`), for
    /// [`Board::flood_words`].
    pub interior_words: Vec<u64>,
    /// For a lone box on interior square `b` (by interior index) and an interior square `p`:
    /// which of the box's sides `p` is connected to, as a direction index, or `NO_SIDE`.
    side_of: Vec<u8>,
    /// `distance[(goal * interior + box) * 4 + side]`: fewest pushes of a lone box to that goal.
    distance: Vec<u16>,
}

/// The runs of set bits of `free` that hold a bit of `seeds` (a part of `free`), whole: one
/// addition carries each run's first seed up to the run's end, and six doubling steps carry
/// the seeds down to the run's start.
fn fill_runs(seeds: u64, free: u64) -> u64 {
    let mut filled = (free & !free.wrapping_add(seeds)) | seeds;
    let mut through = free;
    for shift in [1, 2, 4, 8, 16, 32] {
        filled |= through & (filled >> shift);
        through &= through >> shift;
    }
    filled
}

/// No side: the square is the box itself or not interior.
const NO_SIDE: u8 = u8::MAX;

/// Why a board cannot be analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// Interior squares of the board.
    pub interior: usize,
}

impl Board {
    /// Analyses a level's walls and goals.
    ///
    /// # Errors
    /// [`TooLarge`] when the interior has more than [`MAX_INTERIOR`] squares.
    pub fn new(level: &Level) -> Result<Board, TooLarge> {
        let width = level.squares.width();
        let len = level.squares.len();
        let region = level.player_region();
        let floor: Vec<bool> =
            (0..len).map(|cell| region[cell] && level.squares[cell] != Square::Wall).collect();
        let interior: Vec<usize> = (0..len).filter(|&cell| floor[cell]).collect();
        if interior.len() > MAX_INTERIOR {
            return Err(TooLarge { interior: interior.len() });
        }
        let mut interior_index = vec![u16::MAX; len];
        for (i, &cell) in interior.iter().enumerate() {
            interior_index[cell] = i as u16;
        }
        let goal: Vec<bool> =
            (0..len).map(|cell| floor[cell] && level.squares[cell] == Square::Goal).collect();
        let goals: Vec<usize> = (0..len).filter(|&cell| goal[cell]).collect();
        let mut board = Board {
            width,
            len,
            offsets: Offsets::new(width),
            floor,
            goal,
            goals,
            dead: Vec::new(),
            passage: Vec::new(),
            interior_words: Vec::new(),
            interior,
            interior_index,
            side_of: Vec::new(),
            distance: Vec::new(),
        };
        board.interior_words = vec![0; len.div_ceil(64)];
        for &cell in &board.interior {
            grid::insert_bit(&mut board.interior_words, cell);
        }
        board.dead = board.dead_squares();
        board.passage = (0..len)
            .map(|cell| {
                board.floor[cell]
                    && !board.goal[cell]
                    && (board.corridor(cell, Direction::Up) || board.corridor(cell, Direction::Left))
            })
            .collect();
        board.side_of = board.sides();
        board.distance = board.push_distances();
        Ok(board)
    }

    /// The map of the squares that `boxes` stand on, a flag per cell.
    pub(crate) fn occupied_by(&self, boxes: &[usize]) -> Vec<bool> {
        let mut occupied = vec![false; self.len];
        for &b in boxes {
            occupied[b] = true;
        }
        occupied
    }

    /// The cell one step from `cell` in direction `d`. Only called on interior cells, which
    /// never lie on the rim, so the step stays on the grid.
    #[must_use]
    #[inline]
    pub fn step(&self, cell: usize, d: Direction) -> usize {
        self.offsets.step(cell, d)
    }

    /// Squares from which no goal can be reached by pushes, even with no other box around.
    /// ([`Board::new`] computes them once into [`Board::dead`]; this recomputes, for benches.)
    #[must_use]
    pub fn dead_squares(&self) -> Vec<bool> {
        let mut live = vec![false; self.len];
        self.pull_flood(&self.goals, |cell| self.floor[cell], &mut live, &mut Vec::new());
        (0..self.len).map(|cell| self.floor[cell] && !live[cell]).collect()
    }

    /// Marks in `reached` (all false but where a flood marked them before) the squares a lone
    /// box can be pulled to from `starts`, these included, where `free` says which squares the
    /// box and the player may use; `stack` is scratch. Pulling the box one step in a direction
    /// needs the player two steps away in it, so both squares must be free.
    pub(crate) fn pull_flood(
        &self,
        starts: &[usize],
        free: impl Fn(usize) -> bool,
        reached: &mut [bool],
        stack: &mut Vec<usize>,
    ) {
        stack.clear();
        for &start in starts {
            reached[start] = true;
            stack.push(start);
        }
        while let Some(cell) = stack.pop() {
            for d in Direction::READING_ORDER {
                let to = self.step(cell, d);
                if free(to) && !reached[to] && free(self.step(to, d)) {
                    reached[to] = true;
                    stack.push(to);
                }
            }
        }
    }

    /// For each interior box square, the side of the box each interior square is connected to:
    /// a region flood around the box from each of its free neighbours in turn.
    fn sides(&self) -> Vec<u8> {
        let n = self.interior.len();
        let mut side_of = vec![NO_SIDE; n * n];
        let mut bfs = Bfs::with_rim(self.width, self.len);
        for (bi, &b) in self.interior.iter().enumerate() {
            let row = &mut side_of[bi * n..(bi + 1) * n];
            for d in Direction::READING_ORDER {
                let start = self.step(b, d);
                if !self.floor[start] || row[self.interior_index[start] as usize] != NO_SIDE {
                    continue;
                }
                for &cell in bfs.reach([start], |cell| cell != b && self.floor[cell]) {
                    row[self.interior_index[cell as usize] as usize] = d.index() as u8;
                }
            }
        }
        side_of
    }

    /// The side of a lone box on `b` that the player on `p` stands on, as the direction from
    /// the box to the first neighbour found in that part; `None` when `p` is `b`.
    #[must_use]
    #[inline]
    pub fn side(&self, b: usize, p: usize) -> Option<Direction> {
        let s = self.side_index(b, p);
        (s != NO_SIDE).then(|| Direction::from_index(usize::from(s)))
    }

    /// [`Board::side`] as the raw table entry, a direction index or `NO_SIDE`: the bound reads
    /// it for every box and goal, so it skips the conversion.
    #[inline]
    fn side_index(&self, b: usize, p: usize) -> u8 {
        let n = self.interior.len();
        self.side_of[self.interior_index[b] as usize * n + self.interior_index[p] as usize]
    }

    /// Backward breadth-first search from each goal over (box square, side): the table behind
    /// [`Board::push_distance`]. ([`Board::new`] computes it once; this recomputes, for benches.)
    #[must_use]
    pub fn push_distances(&self) -> Vec<u16> {
        let n = self.interior.len();
        let mut distance = vec![UNREACHABLE; self.goals.len() * n * 4];
        let mut queue = std::collections::VecDeque::new();
        for (gi, &g) in self.goals.iter().enumerate() {
            let table = &mut distance[gi * n * 4..(gi + 1) * n * 4];
            let at = |cell: usize, side: Direction| self.interior_index[cell] as usize * 4 + side.index();
            for d in Direction::READING_ORDER {
                if self.floor[self.step(g, d)] && self.side(g, self.step(g, d)) == Some(d) {
                    table[at(g, d)] = 0;
                    queue.push_back((g, d));
                }
            }
            while let Some((to, side)) = queue.pop_front() {
                let steps = table[at(to, side)];
                // The last push moved the box from `from` to `to` in direction `d`, leaving the
                // player on `from`, which must lie on `side` of the box now.
                for d in Direction::READING_ORDER {
                    let from = self.step(to, d.opposite());
                    if !self.floor[from] || self.side(to, from) != Some(side) {
                        continue;
                    }
                    let pusher = self.step(from, d.opposite());
                    if !self.floor[pusher] {
                        continue;
                    }
                    let Some(before) = self.side(from, pusher) else { continue };
                    if table[at(from, before)] == UNREACHABLE {
                        table[at(from, before)] = steps + 1;
                        queue.push_back((from, before));
                    }
                }
            }
        }
        distance
    }

    /// Grows `region` (bit words over cells, like [`Board::interior_words`]) through the
    /// squares of `free` until it is closed: the squares of `free` connected to it.
    ///
    /// The flood works on 64 cells at a time. Within a word, every run of free cells that
    /// holds a cell of the region is taken whole (see `fill_runs`), so a row's stretch of
    /// floor costs one step. Rows above and below are a shift by the width away. The sweeps go
    /// forwards and backwards in turn: a forward sweep reads the words above as they have
    /// just grown, so it carries the region down any number of rows, and a backward sweep
    /// carries it up. A sweep looks only at the words that may grow: at first those of the
    /// region and the words next to them, later the words next to one that grew. So a small
    /// region costs a few words, not the board, and the flood ends when no word is left to
    /// look at rather than after a sweep that adds nothing. A shift by one can wrap from one
    /// row's end into the next row's start, but the interior never touches the rim, so such a
    /// bit always lands on a wall, which `free` (a part of the interior) masks off.
    pub fn flood_words(&self, region: &mut [u64], free: &[u64]) {
        self.flood_words_while(region, free, |_| true);
    }

    /// Grows `region` like [`Board::flood_words`], but stops as soon as it holds every cell of
    /// `targets`: true then, false when the region closed without them all (it is then the
    /// whole flood's). A question such as "does the region still join these squares" is often
    /// answered a few words from where it starts, long before the region is closed.
    pub fn flood_words_until(&self, region: &mut [u64], free: &[u64], targets: &[usize]) -> bool {
        let reached = |region: &[u64]| targets.iter().all(|&cell| grid::has_bit(region, cell));
        reached(region) || {
            self.flood_words_while(region, free, |region| !reached(region));
            reached(region)
        }
    }

    /// The flood of [`Board::flood_words`], asking `going_on` after each word that grew.
    fn flood_words_while(&self, region: &mut [u64], free: &[u64], going_on: impl Fn(&[u64]) -> bool) {
        let n = region.len();
        let (whole, bits) = (self.width / 64, (self.width % 64) as u32);
        // The cells one row up (`c - width`) and one row down of the cells of word `i`, as far
        // as they lie in other words.
        let above = |region: &[u64], i: usize| {
            let upper = if whole > 0 && i >= whole { region[i - whole] } else { 0 };
            let lower = if bits > 0 && i > whole { region[i - whole - 1] >> (64 - bits) } else { 0 };
            if whole == 0 { lower } else { (upper << bits) | lower }
        };
        let below = |region: &[u64], i: usize| {
            let lower = if whole > 0 && i + whole < n { region[i + whole] } else { 0 };
            let upper = if bits > 0 && i + whole + 1 < n { region[i + whole + 1] << (64 - bits) } else { 0 };
            if whole == 0 { upper } else { (lower >> bits) | upper }
        };
        // A row narrower than a word: rows above and below within the word itself.
        let within = |word: u64| if whole == 0 { (word << bits) | (word >> bits) } else { 0 };
        // The words that may grow, a bit each (a level has at most `MAX_CELLS` cells).
        let mut pending = [0_u64; MAX_CELLS / 64 / 64];
        // Word `i` reads the words beside it and, on a board a word wide or wider, those a row
        // away: when `i` grows, those may.
        let mark_around = |pending: &mut [u64; MAX_CELLS / 64 / 64], i: usize| {
            let rows_away = [i.wrapping_sub(whole), i.wrapping_sub(whole + 1), i + whole, i + whole + 1];
            let neighbours =
                [i.wrapping_sub(1), i + 1].into_iter().chain(rows_away.into_iter().filter(|_| whole > 0));
            for j in neighbours.filter(|&j| j < n) {
                grid::insert_bit(pending, j);
            }
        };
        for i in (0..n).filter(|&i| region[i] != 0) {
            grid::insert_bit(&mut pending, i);
            mark_around(&mut pending, i);
        }
        let mut forwards = true;
        while pending.iter().any(|&word| word != 0) {
            for step in 0..n {
                let i = if forwards { step } else { n - 1 - step };
                if !grid::has_bit(&pending, i) {
                    continue;
                }
                grid::remove_bit(&mut pending, i);
                let (here, open) = (region[i], free[i]);
                let left = if i > 0 { region[i - 1] >> 63 } else { 0 };
                let right = if i + 1 < n { region[i + 1] << 63 } else { 0 };
                let mut next = (here | left | right | above(region, i) | below(region, i)) & open;
                loop {
                    let grown = fill_runs((next | within(next)) & open, open);
                    if grown == next {
                        break;
                    }
                    next = grown;
                }
                if next != here {
                    region[i] = next;
                    if !going_on(region) {
                        return;
                    }
                    mark_around(&mut pending, i);
                }
            }
            forwards = !forwards;
        }
    }

    /// [`Board::push_distance`] from a box on `b`, the player on `p`, to every goal in turn:
    /// the player's side of the box is looked up once for the whole row.
    pub fn push_distances_to_goals(&self, b: usize, p: usize) -> impl Iterator<Item = u16> + '_ {
        let side = self.side_index(b, p);
        let (n, box_index) = (self.interior.len(), self.interior_index[b] as usize);
        (0..self.goals.len()).map(move |gi| {
            if side == NO_SIDE {
                UNREACHABLE
            } else {
                self.distance[(gi * n + box_index) * 4 + usize::from(side)]
            }
        })
    }

    /// Fewest pushes taking a lone box on `b` to goal number `gi`, the player standing on `p`.
    /// The bound reads whole rows ([`Board::push_distances_to_goals`]).
    #[must_use]
    pub fn push_distance(&self, gi: usize, b: usize, p: usize) -> u16 {
        match self.side_index(b, p) {
            NO_SIDE => UNREACHABLE,
            side => {
                self.distance
                    [(gi * self.interior.len() + self.interior_index[b] as usize) * 4 + usize::from(side)]
            }
        }
    }

    /// The four neighbours of an interior `cell` in reading order: up, left, right, down.
    #[must_use]
    #[inline]
    pub fn neighbours(&self, cell: usize) -> [usize; 4] {
        self.offsets.neighbours(cell)
    }

    /// True when `cell` is walled on both sides across direction `d`: a corridor square.
    #[must_use]
    #[inline]
    pub fn corridor(&self, cell: usize, d: Direction) -> bool {
        let [up, left, right, down] = self.neighbours(cell);
        let (a, b) = match d {
            Direction::Up | Direction::Down => (left, right),
            Direction::Left | Direction::Right => (up, down),
        };
        !self.floor[a] && !self.floor[b]
    }

    /// True when a player on `p` can walk to `q` with only a box on `b` in the way.
    #[cfg(test)]
    pub(crate) fn connected_around(&self, b: usize, p: usize, q: usize) -> bool {
        self.side(b, p).is_some() && self.side(b, p) == self.side(b, q)
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    /// The rows of a random level: a walled rectangle of open floor with one square in
    /// `walls_one_in` a wall, and the player, one box and one goal in a row on the middle line.
    pub(crate) fn random_rows(
        random: &mut testkit::Random,
        width: usize,
        height: usize,
        walls_one_in: usize,
    ) -> Vec<String> {
        let mut rows: Vec<Vec<u8>> = (0..height)
            .map(|r| {
                (0..width)
                    .map(|c| {
                        let rim = r == 0 || r + 1 == height || c == 0 || c + 1 == width;
                        if rim || random.below(walls_one_in) == 0 { b'#' } else { b' ' }
                    })
                    .collect()
            })
            .collect();
        rows[height / 2][1..4].copy_from_slice(b"@$.");
        rows.into_iter().map(|row| String::from_utf8(row).unwrap_or_default()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use std::collections::VecDeque;

    fn board(rows: &[&str]) -> Board {
        Board::new(&Level::parse(1, "t", rows).unwrap()).unwrap()
    }

    #[test]
    fn passages_are_the_squares_off_goals_walled_across_one_axis() {
        let rows = ["########", "#@ $  .#", "### ####", "#  $   #", "#. # # #", "########"];
        let board = board(&rows);
        let passages: Vec<(usize, usize)> = (0..board.len)
            .filter(|&c| board.passage[c])
            .map(|c| (c / board.width, c % board.width))
            .collect();
        // The upper corridor but where the doorway leaves it, the doorway, and the squares the
        // lower room's pillars wall in; not the goals, though walled across as well.
        assert_eq!(passages, [(1, 1), (1, 2), (1, 4), (1, 5), (2, 3), (3, 5), (4, 4), (4, 6)]);
    }

    #[test]
    fn the_bitwise_flood_agrees_with_a_plain_one() {
        // Widths on both sides of a word, and a word's multiples, where the row shifts change.
        let mut random = testkit::Random::new(0x3c6e_f372_fe94_f82b);
        let (mut checked, mut stopped_early) = (0, 0);
        for width in [3, 5, 8, 13, 31, 63, 64, 65, 66, 100, 127, 128, 129, 140] {
            for _ in 0..20 {
                let height = 3 + random.below(30);
                if width < 5 {
                    continue;
                }
                let text = test_support::random_rows(&mut random, width, height, 4);
                let text: Vec<&str> = text.iter().map(String::as_str).collect();
                let Ok(level) = Level::parse(1, "t", &text) else { continue };
                let Ok(board) = Board::new(&level) else { continue };
                // Boxes on a random third of the interior; the flood starts on a free square.
                let blocked: Vec<bool> =
                    (0..board.len).map(|c| board.floor[c] && random.below(3) == 0).collect();
                // Anywhere, so that the region grows up as well as down from it.
                let open: Vec<usize> = board.interior.iter().copied().filter(|&c| !blocked[c]).collect();
                if open.is_empty() {
                    continue;
                }
                let start = open[random.below(open.len())];
                let mut plain = vec![false; board.len];
                let mut stack = vec![start];
                plain[start] = true;
                while let Some(cell) = stack.pop() {
                    for d in Direction::READING_ORDER {
                        let next = board.step(cell, d);
                        if board.floor[next] && !blocked[next] && !plain[next] {
                            plain[next] = true;
                            stack.push(next);
                        }
                    }
                }
                let mut free = board.interior_words.clone();
                for cell in (0..board.len).filter(|&c| blocked[c]) {
                    grid::remove_bit(&mut free, cell);
                }
                let mut region = vec![0; free.len()];
                grid::insert_bit(&mut region, start);
                board.flood_words(&mut region, &free);
                let bitwise: Vec<bool> = (0..board.len).map(|c| grid::has_bit(&region, c)).collect();
                assert_eq!(bitwise, plain, "width {width}:\n{}", text.join("\n"));
                // Up to three free squares to reach, joined to the start or not: the flood that
                // stops at them says whether they are all joined, and when they are not, it is
                // the whole flood.
                let targets: Vec<usize> =
                    (0..random.below(4)).map(|_| open[random.below(open.len())]).collect();
                let mut partial = vec![0; free.len()];
                grid::insert_bit(&mut partial, start);
                let reached = board.flood_words_until(&mut partial, &free, &targets);
                assert_eq!(reached, targets.iter().all(|&t| plain[t]), "width {width}: {targets:?}");
                assert!((0..board.len).all(|c| !grid::has_bit(&partial, c) || plain[c]));
                if reached {
                    stopped_early += usize::from(partial != region);
                } else {
                    assert_eq!(partial, region, "width {width}: {targets:?}");
                }
                checked += 1;
            }
        }
        assert!(checked > 150, "only {checked} boards");
        assert!(stopped_early > 20, "only {stopped_early} floods stopped early");
    }

    fn dead_map(board: &Board) -> String {
        let mut text = String::new();
        for cell in 0..board.len {
            text.push(if !board.floor[cell] {
                '#'
            } else if board.dead[cell] {
                'x'
            } else {
                ' '
            });
            if (cell + 1) % board.width == 0 {
                text.push('\n');
            }
        }
        text
    }

    #[test]
    fn corners_and_walls_without_goals_are_dead() {
        let b = board(&["#######", "#@    #", "# $  .#", "#     #", "#######"]);
        assert_eq!(dead_map(&b), "#######\n#xxxxx#\n#x    #\n#xxxxx#\n#######\n");
    }

    #[test]
    fn a_goal_on_the_wall_keeps_that_wall_live() {
        let b = board(&["#######", "#@   .#", "# $   #", "#     #", "#######"]);
        assert_eq!(dead_map(&b), "#######\n#x    #\n#x    #\n#xxxxx#\n#######\n");
    }

    #[test]
    fn goals_are_never_dead() {
        let b = board(&["#####", "#.$@#", "#####"]);
        assert!(!b.dead[6]);
        assert!(b.dead[8]);
    }

    #[test]
    fn cells_outside_the_player_region_are_not_interior() {
        let b = board(&["#########", "#@$.# ###", "#########"]);
        assert!(!b.floor[14]);
        assert_eq!(b.interior.len(), 3);
    }

    #[test]
    fn sides_split_around_the_box() {
        // A box in the middle of a corridor separates its two ends.
        let b = board(&["#######", "#@ $ .#", "#######"]);
        assert!(!b.connected_around(10, 8, 12));
        assert!(b.connected_around(10, 8, 9));
        // In an open room, every square is on the same side.
        let open = board(&["######", "#@   #", "# $ .#", "#    #", "######"]);
        assert!(open.connected_around(14, 7, 22));
    }

    #[test]
    fn push_distance_needs_the_right_side() {
        let b = board(&["#######", "#@ $ .#", "#######"]);
        let g = 0;
        assert_eq!(b.push_distance(g, 10, 8), 2);
        assert_eq!(b.push_distance(g, 10, 11), UNREACHABLE);
        assert_eq!(b.push_distance(g, 12, 8), 0);
    }

    /// Brute force: 0-1 BFS over (box square, exact player square), walks free, pushes cost 1.
    fn brute_force(b: &Board, goal: usize) -> Vec<Vec<u16>> {
        let mut best = vec![vec![UNREACHABLE; b.len]; b.len];
        // Search backwards from every state with the box on the goal, in reverse moves: the
        // player steps back (free) or pulls the box (one push).
        let mut deque = VecDeque::new();
        for &p in &b.interior {
            if p != goal {
                best[goal][p] = 0;
                deque.push_back((goal, p));
            }
        }
        while let Some((bx, p)) = deque.pop_front() {
            let here = best[bx][p];
            for d in Direction::READING_ORDER {
                // Undo a walk: the player came from p - d.
                let q = b.step(p, d);
                if b.floor[q] && q != bx && best[bx][q] > here {
                    best[bx][q] = here;
                    deque.push_front((bx, q));
                }
                // Undo a push in direction d: the box was at bx - d and the player at bx - 2d,
                // and now the player is at bx - d... which is p.
                if b.step(bx, d.opposite()) == p {
                    let pusher = b.step(p, d.opposite());
                    if b.floor[pusher] && best[p][pusher] > here + 1 {
                        best[p][pusher] = here + 1;
                        deque.push_back((p, pusher));
                    }
                }
            }
        }
        best
    }

    #[test]
    fn push_distances_match_brute_force() {
        let boards = [
            board(&["########", "#@     #", "# ## # #", "#  $ . #", "# #  # #", "#.   $ #", "########"]),
            board(&["#######", "#@ $ .#", "#######"]),
            board(&[
                "  #####", "###   #", "#.@$  #", "### $.#", "#.##$ #", "# # . ##", "#$ *$$.#", "#   .  #",
                "########",
            ]),
            board(&[
                "#########",
                "#  .#   #",
                "# #$  # #",
                "#   #@$.#",
                "## ## # #",
                "#       #",
                "#########",
            ]),
        ];
        for b in &boards {
            for (gi, &g) in b.goals.iter().enumerate() {
                let brute = brute_force(b, g);
                for &bx in &b.interior {
                    for &p in &b.interior {
                        if p != bx {
                            assert_eq!(
                                b.push_distance(gi, bx, p),
                                brute[bx][p],
                                "goal {g} box {bx} player {p}"
                            );
                            assert_eq!(b.push_distances_to_goals(bx, p).nth(gi), Some(brute[bx][p]));
                        }
                    }
                }
            }
        }
    }
}
