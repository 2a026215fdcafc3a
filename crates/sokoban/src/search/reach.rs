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
//! Most pushes need no full flood. When the squares beside the one the box left, across the
//! push, are walls, boxes or the player's region, that square joins the player to nothing
//! new, and the child's region follows from the parent's ([`Reach::child_lowest`]):
//! - A box pushed onto a square of the region takes it out and gives back the square it left,
//!   unless the square it took joined parts of the region that now no longer meet. The ring
//!   of eight squares round it settles that when its free squares hold all the square's free
//!   neighbours in one unbroken run; otherwise a flood from the player settles it, one that
//!   stops as soon as it holds those neighbours ([`Board::flood_words_until`]), which is
//!   usually a short walk round the box. Each part it cannot reach is a new region shut out.
//! - A box pushed out of the region (along a corridor, into a room the player is shut out
//!   of) gives the region the square it left, and takes one square from the region it
//!   enters: that region is gone when it was the one square, or cut in parts, found the same
//!   way.
//!
//! Either way the regions the player is shut out of are the parent's, changed by what the push
//! cut, and need no count of their own. Only when the freed square opens onto squares the
//! player could not reach is the region flooded whole ([`Reach::flood_joined`]). Before this
//! local update, only the first case with the ring's answer spared the floods: on `xsokoban`
//! 31, in the first 200,000 states of the dive with pushable-box cells, 234,262 of 290,153
//! children flooded the region and counted the regions shut out; with it 59,577 did, and
//! 118,303 more flooded until the walk round the box closed (and further when it did not). On
//! levels 29, 31, 40 and 86 the floods' share of the dive's time fell from 19 to 26% to 17 to
//! 20%, the corral search's floods included.
//!
//! Even a child whose region is flooded whole needs no count of the regions shut out. Its free
//! squares are the parent's with one square added (the one the box left) and one taken away
//! (the one it entered, beside it). Adding a square joins into one the regions its free
//! neighbours were in; taking one away leaves its region in as many parts as its free
//! neighbours now fall in. So the count changes by the parts round the taken square outside
//! the child's region, less the regions round the freed square outside the parent's: a few
//! squares each, told apart by floods that stop when they meet ([`Board::flood_words_until`]).
//! And the region's flood starts from the parent's region (less the taken square, with the
//! freed one) when that is all still the player's: the taken square was outside it, or the
//! ring round it joins its free neighbours. Until the fortieth session those children counted
//! the regions whole, a flood per region, after a flood from the player's square. The pull-led
//! dive with the freeze test on `xsokoban` 42, 55 and 59 (the first 200,000, 300,000 and
//! 200,000 states) took 2.47, 3.52 and 2.77 billion instructions that way, 2.20, 3.19 and 2.40
//! billion now; the dive with pushable-box cells on 31 and 86 (300,000 states each) 9.50 and
//! 8.52 billion, 9.29 and 8.49 now.
//!
//! The pull search's children take the first way too ([`Reach::child_lowest_after_pull`]): a
//! pull takes the square the player stood on, a square of the region, and frees the one the box
//! left. When that one touches the region and no other free square, the region is the parent's
//! with the two swapped, settled by the ring or the short flood as above, and the regions shut
//! out are the parent's changed by what the box cut. The pull-led dive with the start's region,
//! capped at 1,000,000 states a level on `xsokoban`: the same states on all 90 levels, in 0.914
//! times the time (the old and the new build at once).
//!
//! The boxes the player can push (a feature of the cells, [`Reach::pushable`]) are counted a
//! word at a time too: a box is pushable to the right when the square after it may take a box
//! and the square before it is in the region, and both sets moved a cell (or a row, for pushes
//! up and down) meet the boxes' word in a few operations. Box by box, four looks each, the count
//! took 5% of the dive with pushable-box cells on `xsokoban` 31; a word at a time, under 1%. That
//! dive on 31, 40 and 86 (300,000 states each, the same states): 8.35, 9.14 and 7.53 billion
//! instructions before, 8.23, 9.06 and 7.46 billion after.
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
    /// The interior squares that are not dead, as bit words: where a push may take a box.
    open_words: Vec<u64>,
    /// Scratch words of [`Reach::pushable`]: the boxes, and the squares a box may be pushed to.
    child_cells: Vec<u64>,
    targets: Vec<u64>,
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
    /// How the count of regions shut out changed from the parent's to the last child's of
    /// [`Reach::child_lowest`], when it found that without counting them all.
    shut_out_change: Option<i32>,
}

impl Reach {
    /// Buffers for `board`.
    pub fn new(board: &Board) -> Self {
        let words = board.len.div_ceil(64);
        let mut open_words = board.interior_words.clone();
        for cell in (0..board.len).filter(|&cell| board.dead[cell]) {
            grid::remove_bit(&mut open_words, cell);
        }
        Reach {
            // The interior never touches the rim, so the flood needs no bounds checks.
            bfs: Bfs::with_rim(board.width, board.len),
            interior: board.interior.clone(),
            parent_row: vec![0; board.interior.len().div_ceil(64)],
            parent_cells: vec![0; words],
            open_words,
            child_cells: vec![0; words],
            targets: vec![0; words],
            free_words: vec![0; words],
            region_words: vec![0; words],
            rest_words: vec![0; words],
            parent_region: vec![0; words],
            region_in_words: false,
            shut_out_change: None,
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

    /// True when the region of the last [`Reach::lowest_reachable`] holds `cell` (before
    /// [`Reach::regions_beyond`], which reuses the region's words).
    #[inline]
    pub fn in_last_region(&self, cell: usize) -> bool {
        grid::has_bit(&self.region_words, cell)
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
        self.shut_out_change = None;
        self.free_of_child(board, boxes);
        self.region_words.fill(0);
        grid::insert_bit(&mut self.region_words, from);
        board.flood_words(&mut self.region_words, &self.free_words);
        grid::set_bits(&self.region_words).next().unwrap_or(from)
    }

    /// Sets the free-square words to the interior squares without the boxes of `boxes`, a box
    /// set that differs from the parent's in a few squares.
    fn free_of_child(&mut self, board: &Board, boxes: &[u64]) {
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
    }

    /// The lowest square of the player's region in the child where the box on `from` was
    /// pushed one square in direction `d`, the player now on `from` (`occupied` and `boxes`, a
    /// box set as for [`Reach::lowest_reachable`], are the child's), the parent being the state
    /// of the last [`Reach::flood`]. When the freed square joins nothing new, the region is
    /// the parent's changed by the push (see the module notes), and the squares shut out
    /// change by what the box cuts off; else a flood.
    pub fn child_lowest(
        &mut self,
        board: &Board,
        occupied: &[bool],
        boxes: &[u64],
        from: usize,
        d: Direction,
    ) -> usize {
        let to = board.step(from, d);
        let in_parent = |cell: usize| grid::has_bit(&self.parent_region, cell);
        let free = |cell: usize| board.floor[cell] && !occupied[cell];
        let across = match d {
            Direction::Up | Direction::Down => [Direction::Left, Direction::Right],
            Direction::Left | Direction::Right => [Direction::Up, Direction::Down],
        };
        // The squares beside `from` across the push: walls, boxes or the parent's region, or
        // the freed square joins the player to more than the parent's region.
        let joins_more = across.into_iter().any(|side| {
            let beside = board.step(from, side);
            free(beside) && !in_parent(beside)
        });
        if !in_parent(board.step(from, d.opposite())) {
            return self.lowest_reachable(board, boxes, from);
        }
        if joins_more {
            return self.flood_joined(board, boxes, from, from, to);
        }
        // The free neighbours of `to` other than `from`, and whether they are joined round `to`
        // by the ring of eight squares round it.
        let mut others = [0; 3];
        let count =
            gather(board.neighbours(to).into_iter().filter(|&cell| cell != from && free(cell)), &mut others);
        let others = &others[..count];
        let ring_mask =
            |with_from: bool| free_ring(board, to, |cell| free(cell) && (with_from || cell != from));
        if in_parent(to) {
            // The region loses `to` and gains `from`: the parent's with the two swapped, unless
            // `to` joined parts of it that `from` does not.
            self.take_from_region(board, boxes, to, from, from, others, ring_mask(true));
        } else {
            // The box went from the region into a region shut out: the player's region gains
            // `from`, and the region the box entered loses `to`, which may cut it apart.
            self.region_words.copy_from_slice(&self.parent_region);
            grid::insert_bit(&mut self.region_words, from);
            let parts = if others.is_empty() {
                0
            } else if free_neighbours_in_one_run(ring_mask(false)) {
                1
            } else {
                self.free_of_child(board, boxes);
                self.parts(board, others)
            };
            self.shut_out_change = Some(parts - 1);
        }
        grid::set_bits(&self.region_words).next().unwrap_or(from)
    }

    /// The child's region when a box took `to`, a square of the parent's region, and left
    /// `freed`, which joins the region and nothing new: the parent's with the two swapped,
    /// unless `to` joined parts of it that no longer meet (see the module notes). `start` is a
    /// free neighbour of `to` in the child's region, `others` the other free neighbours of `to`
    /// and `free_ring` the free squares of the ring round it.
    #[allow(clippy::too_many_arguments)] // the caller's squares, each found once there
    fn take_from_region(
        &mut self,
        board: &Board,
        boxes: &[u64],
        to: usize,
        freed: usize,
        start: usize,
        others: &[usize],
        free_ring: u8,
    ) {
        let swapped = free_neighbours_in_one_run(free_ring) || {
            self.free_of_child(board, boxes);
            self.region_words.fill(0);
            grid::insert_bit(&mut self.region_words, start);
            board.flood_words_until(&mut self.region_words, &self.free_words, others)
        };
        if swapped {
            self.parents_region_swapped(to, freed);
            self.shut_out_change = Some(0);
        } else {
            // The flood ran to its end: the region is the child's, and each part that it
            // left apart round `to` is a new region shut out.
            let mut cut_off = [0; 3];
            let count = gather(
                others.iter().copied().filter(|&c| !grid::has_bit(&self.region_words, c)),
                &mut cut_off,
            );
            self.shut_out_change = Some(self.parts(board, &cut_off[..count]));
        }
    }

    /// The lowest square of the player's region in the child where the box on `from` was
    /// pulled one square in direction `d`, the player now two squares that way (`occupied`
    /// and `boxes`, a box set as for [`Reach::lowest_reachable`], are the child's), the parent
    /// being the state of the last [`Reach::flood`]: the pull search's [`Reach::child_lowest`].
    /// The box took a square of the region and left one beside it; when that one touches the
    /// region and no free square beyond it, the region is the parent's with the two swapped,
    /// as for a push; else a flood.
    pub fn child_lowest_after_pull(
        &mut self,
        board: &Board,
        occupied: &[bool],
        boxes: &[u64],
        from: usize,
        d: Direction,
    ) -> usize {
        let to = board.step(from, d);
        let player = board.step(to, d);
        let free = |cell: usize| board.floor[cell] && !occupied[cell];
        let beside = board.neighbours(from).into_iter().filter(|&cell| cell != to && free(cell));
        let (mut touches, mut joins_more) = (false, false);
        for cell in beside {
            if grid::has_bit(&self.parent_region, cell) {
                touches = true;
            } else {
                joins_more = true;
            }
        }
        if joins_more || !touches {
            return self.flood_joined(board, boxes, player, from, to);
        }
        let mut others = [0; 3];
        let count = gather(
            board.neighbours(to).into_iter().filter(|&cell| cell != player && free(cell)),
            &mut others,
        );
        let ring = free_ring(board, to, free);
        self.take_from_region(board, boxes, to, from, player, &others[..count], ring);
        grid::set_bits(&self.region_words).next().unwrap_or(player)
    }

    /// Sets the region's words to the parent's region without `taken`, the square a box
    /// entered, and with `freed`, the square it left.
    fn parents_region_swapped(&mut self, taken: usize, freed: usize) {
        self.region_words.copy_from_slice(&self.parent_region);
        grid::remove_bit(&mut self.region_words, taken);
        grid::insert_bit(&mut self.region_words, freed);
    }

    /// The lowest square of the child's region, found by a flood, when the square `freed`,
    /// which the box left for `taken` beside it, joins the player (on `start`) to squares it
    /// could not reach: the regions shut out then change by the parts round `taken` outside the
    /// child's region, less the regions round `freed` outside the parent's, both found among a
    /// few squares (see the module notes). `start` is a square beside `taken`, and a square
    /// beside `freed` is in the parent's region, as after every push and pull.
    fn flood_joined(
        &mut self,
        board: &Board,
        boxes: &[u64],
        start: usize,
        freed: usize,
        taken: usize,
    ) -> usize {
        self.shut_out_change = None;
        self.free_of_child(board, boxes);
        // The parent's region, less `taken` and with `freed`, is all in the child's when `taken`
        // was outside it, or when the ring round `taken` still joins its free neighbours: then
        // the flood starts from there rather than from one square, and only grows into what
        // `freed` opened.
        let keeps_region = !grid::has_bit(&self.parent_region, taken)
            || free_neighbours_in_one_run(free_ring(board, taken, |cell| {
                grid::has_bit(&self.free_words, cell)
            }));
        if keeps_region {
            self.parents_region_swapped(taken, freed);
        } else {
            self.region_words.fill(0);
            grid::insert_bit(&mut self.region_words, start);
        }
        board.flood_words(&mut self.region_words, &self.free_words);
        let lowest = grid::set_bits(&self.region_words).next().unwrap_or(start);
        // The child's free squares beside `taken`, outside its region: each part they fall in
        // is a region shut out that removing `taken` left (at most three, `start` being one).
        let mut cut = [0; 3];
        let count = gather(
            board.neighbours(taken).into_iter().filter(|&cell| {
                grid::has_bit(&self.free_words, cell) && !grid::has_bit(&self.region_words, cell)
            }),
            &mut cut,
        );
        let pieces = self.parts(board, &cut[..count]);
        // The parent's free squares beside `freed`, outside its region: the regions shut out
        // that the freed square joined into one (`taken` was free then, `freed` a box).
        let mut joined = [0; 3];
        let count = gather(
            board.neighbours(freed).into_iter().filter(|&cell| {
                (cell == taken || grid::has_bit(&self.free_words, cell))
                    && !grid::has_bit(&self.parent_region, cell)
            }),
            &mut joined,
        );
        grid::insert_bit(&mut self.free_words, taken);
        grid::remove_bit(&mut self.free_words, freed);
        let merged = self.parts(board, &joined[..count]);
        // The child's free squares again, for `regions_beyond`.
        grid::remove_bit(&mut self.free_words, taken);
        grid::insert_bit(&mut self.free_words, freed);
        self.shut_out_change = Some(pieces - merged);
        lowest
    }

    /// How many regions of the free squares (`free_words`) hold the `cells`, a few squares
    /// apart from the player's region: a flood from one cell to the others, again from a cell
    /// it did not reach, and so on.
    fn parts(&mut self, board: &Board, cells: &[usize]) -> i32 {
        let mut left = [0; 3];
        left[..cells.len()].copy_from_slice(cells);
        let (mut count, mut parts) = (cells.len(), 0);
        while count > 0 {
            count -= 1;
            parts += 1;
            self.rest_words.fill(0);
            grid::insert_bit(&mut self.rest_words, left[count]);
            if board.flood_words_until(&mut self.rest_words, &self.free_words, &left[..count]) {
                break;
            }
            let tried = left;
            count = gather(
                tried[..count].iter().copied().filter(|&c| !grid::has_bit(&self.rest_words, c)),
                &mut left,
            );
        }
        parts
    }

    /// How many boxes the player can push from the region of the last
    /// [`Reach::lowest_reachable`] or [`Reach::child_lowest`]: onto a free square that is not
    /// dead, from a square of the region (a feature of the state, see `open`). The boxes are
    /// those of the last [`Reach::set_parent`], the box `moved` from one square to another if
    /// there is one. Before [`Reach::regions_beyond`], which reuses the region's words.
    ///
    /// A word of boxes at a time: a box is pushable to the right when the square after it is
    /// free and not dead and the square before it is in the region, so the boxes' word is met
    /// with those two sets moved one cell each way, and likewise a row apart for pushes up and
    /// down.
    pub fn pushable(&mut self, board: &Board, moved: Option<(usize, usize)>) -> u32 {
        self.child_cells.copy_from_slice(&self.parent_cells);
        if let Some((left, entered)) = moved {
            grid::remove_bit(&mut self.child_cells, left);
            grid::insert_bit(&mut self.child_cells, entered);
        }
        for ((target, &open), &boxed) in self.targets.iter_mut().zip(&self.open_words).zip(&self.child_cells)
        {
            *target = open & !boxed;
        }
        let (targets, region, width) = (&self.targets, &self.region_words, board.width);
        let mut count = 0;
        for (w, &boxes) in self.child_cells.iter().enumerate().filter(|&(_, &boxes)| boxes != 0) {
            let pushes = |by: usize| {
                grid::lowered_word(targets, w, by) & grid::raised_word(region, w, by)
                    | grid::raised_word(targets, w, by) & grid::lowered_word(region, w, by)
            };
            count += (boxes & (pushes(1) | pushes(width))).count_ones();
        }
        count
    }

    /// How the count of regions shut out changed from the parent's to the child's of the last
    /// [`Reach::child_lowest`], when it knows without counting them ([`Reach::regions_beyond`]).
    pub fn shut_out_change(&self) -> Option<i32> {
        self.shut_out_change
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

/// Writes `cells`, at most three (a square's neighbours but one), to the front of `into`, and
/// returns how many: the few squares [`Reach::child_lowest`] asks about, without a heap list.
fn gather(cells: impl Iterator<Item = usize>, into: &mut [usize; 3]) -> usize {
    let mut count = 0;
    for (slot, cell) in into.iter_mut().zip(cells) {
        *slot = cell;
        count += 1;
    }
    count
}

/// The squares of the ring of eight round `to` that `free` holds, a bit each, clockwise from the
/// square above: above, above right, right, ... above left. The interior never touches the rim,
/// so all eight are cells of the grid.
fn free_ring(board: &Board, to: usize, free: impl Fn(usize) -> bool) -> u8 {
    let w = board.width;
    let ring = [to - w, to - w + 1, to + 1, to + w + 1, to + w, to + w - 1, to - 1, to - w - 1];
    ring.iter().enumerate().fold(0_u8, |mask, (k, &cell)| mask | u8::from(free(cell)) << k)
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

    /// Every push (or, with `pulls`, every pull) of random positions, its child's region found
    /// from the parent's and checked against a plain flood, and the regions shut out against a
    /// plain count: how many moves, and of them how many joined the player to squares it could
    /// not reach (the whole flood), kept the parent's count, or changed it.
    fn check_children_regions(seed: u64, pulls: bool) -> [usize; 4] {
        let (mut moves, mut joined, mut changed) = (0, 0, [0, 0]);
        for (text, player, board, mut boxed) in random_positions(seed) {
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
                    // A push from behind the box; a pull from `to`, the player stepping on.
                    let (allowed, after) = if pulls {
                        let back = board.step(to, d);
                        (region[to] && board.floor[back] && !boxed[back], back)
                    } else {
                        (region[board.step(b, d.opposite())] && board.floor[to] && !boxed[to], b)
                    };
                    if !allowed {
                        continue;
                    }
                    (boxed[b], boxed[to]) = (false, true);
                    let child: Vec<usize> = cells.iter().map(|&c| if c == b { to } else { c }).collect();
                    let words = box_words(&board, &child);
                    let lowest = if pulls {
                        reach.child_lowest_after_pull(&board, &boxed, &words, b, d)
                    } else {
                        reach.child_lowest(&board, &boxed, &words, b, d)
                    };
                    let plain = reach_of(&board, &boxed, after);
                    joined += usize::from((0..board.len).any(|c| plain[c] && !region[c] && c != b));
                    let context = || format!("{} {b} {d:?}:\n{text}", if pulls { "pull" } else { "push" });
                    assert_eq!(lowest, plain.iter().position(|&r| r).unwrap(), "{}", context());
                    assert!((0..board.len).all(|c| reach.in_last_region(c) == plain[c]), "{}", context());
                    let can_push = reach.pushable(&board, Some((b, to)));
                    assert_eq!(can_push, plain_pushable(&board, &boxed, after), "{}", context());
                    // Every single push or pull derives its count from the parent's.
                    let Some(change) = reach.shut_out_change() else {
                        panic!("no change of the regions shut out: {}", context())
                    };
                    let shut_out = plain_regions_beyond(&board, &boxed, after);
                    assert_eq!(Some(shut_out), parents_shut_out.checked_add_signed(change), "{}", context());
                    changed[usize::from(change != 0)] += 1;
                    moves += 1;
                    (boxed[b], boxed[to]) = (true, false);
                }
            }
        }
        [moves, joined, changed[0], changed[1]]
    }

    #[test]
    fn a_childs_region_taken_over_from_its_parents_is_the_one_a_plain_flood_finds() {
        let [pushes, joined, kept, changed] = check_children_regions(0xbb67_ae85_84ca_a73b, false);
        // Every way taken often, or the test proves little.
        assert!(
            pushes > 2000 && joined > pushes / 20 && kept > pushes / 4 && changed > pushes / 20,
            "of {pushes} pushes, {joined} joined more, {kept} kept, {changed} changed"
        );
    }

    #[test]
    fn a_childs_region_after_a_pull_taken_over_from_its_parents_is_the_one_a_plain_flood_finds() {
        // The pull search's children: the box on `b` pulled to `to`, the player stepping back
        // from `to` to the square beyond, which must be free.
        let [pulls, joined, kept, changed] = check_children_regions(0x3c6e_f372_fe94_f82b, true);
        assert!(
            pulls > 2000 && joined > pulls / 20 && kept > pulls / 4 && changed > pulls / 50,
            "of {pulls} pulls, {joined} joined more, {kept} kept, {changed} changed"
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
            let can_push = reach.pushable(&board, None);
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
