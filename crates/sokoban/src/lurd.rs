//! From the search's pushes to a LURD string: the player's walks between pushes filled in.
//!
//! The search stores only pushes (a box, a direction, how many in a row); the player's walk to
//! the square behind each box is left out, since any walk inside its region will do. Here each
//! walk is a shortest one around the boxes where they stand at that moment, found by
//! [`grid::Bfs::path`], and the pushes follow as capital letters.

use crate::board::Board;
use crate::search::Push;
use grid::Bfs;

/// The LURD moves of `pushes` played from the start position `boxes` / `player`.
///
/// The search guarantees that each walk exists; if one somehow did not, it is left out and
/// the replay of [`crate::verify`] rejects the answer.
pub(crate) fn lurd_of(board: &Board, boxes: &[usize], player: usize, pushes: &[Push]) -> String {
    let mut occupied = board.occupied_by(boxes);
    // The interior never touches the rim, so the walks need no bounds checks.
    let mut bfs = Bfs::with_rim(board.width, board.len);
    let mut player = player;
    let mut lurd = String::new();
    for push in pushes {
        let behind = board.step(push.from, push.dir.opposite());
        if let Some(walk) = bfs.path(player, behind, |cell| board.floor[cell] && !occupied[cell]) {
            lurd.extend(walk.into_iter().map(grid::Direction::letter));
        }
        let letter = push.dir.letter().to_ascii_uppercase();
        let mut at = push.from;
        for _ in 0..push.count {
            let next = board.step(at, push.dir);
            occupied[at] = false;
            occupied[next] = true;
            lurd.push(letter);
            at = next;
        }
        player = board.step(at, push.dir.opposite());
    }
    lurd
}
