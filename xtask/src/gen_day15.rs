//! `cargo xtask gen-day15 <SEED> [--out FILE]`: a full-size day 15 cave made from a seed.
//!
//! Real puzzle inputs are 32 x 32: an irregular cave of open floor with clumps of rock inside,
//! closed by walls, holding about 20 goblins and 10 elves. This makes caves of that kind:
//!
//! 1. Fill the inside at random, somewhat more rock than floor.
//! 2. Smooth it a few times like a cellular automaton (a square becomes rock when most of its
//!    eight neighbours are rock), which turns noise into rounded caverns and pillars.
//! 3. Keep only the largest connected stretch of floor, so every unit can reach every other.
//! 4. Scatter the units over that floor.

use anyhow::{Result, bail};
use testkit::Random;

const SIZE: usize = 32;
const GOBLINS: usize = 20;
const ELVES: usize = 10;

pub fn main(args: &[String]) -> Result<()> {
    crate::run_generator("gen-day15", "gen-day15 <SEED> [--out FILE [--force]]", args, generate)
}

/// The cave for `seed`, as puzzle input text.
pub fn generate(seed: u64) -> Result<String> {
    let mut random = Random::new(seed);
    // A few attempts in case a seed smooths into too small a cave.
    for _ in 0..100 {
        let mut open = vec![false; SIZE * SIZE];
        for row in 1..SIZE - 1 {
            for col in 1..SIZE - 1 {
                open[row * SIZE + col] = random.chance(40, 100);
            }
        }
        for _ in 0..4 {
            open = smooth(&open);
        }
        let region = largest_region(&open);
        if region.len() < SIZE * SIZE * 3 / 8 {
            continue;
        }
        let mut squares = region;
        random.shuffle(&mut squares);
        let mut map: Vec<char> = (0..SIZE * SIZE).map(|cell| if open[cell] { '.' } else { '#' }).collect();
        // Outside the kept region, floor is filled in: it would only hold unreachable pockets.
        let kept: std::collections::HashSet<usize> = squares.iter().copied().collect();
        for (cell, mark) in map.iter_mut().enumerate() {
            if !kept.contains(&cell) {
                *mark = '#';
            }
        }
        for (index, &cell) in squares.iter().take(GOBLINS + ELVES).enumerate() {
            map[cell] = if index < GOBLINS { 'G' } else { 'E' };
        }
        return Ok(map.chunks(SIZE).map(|row| row.iter().collect::<String>() + "\n").collect());
    }
    bail!("seed {seed} made no cave large enough in 100 attempts")
}

/// One step of the cave automaton: rock where at least five of the eight neighbours are rock.
fn smooth(open: &[bool]) -> Vec<bool> {
    let mut next = vec![false; open.len()];
    for row in 1..SIZE - 1 {
        for col in 1..SIZE - 1 {
            let mut rock = 0;
            for dr in 0..3 {
                for dc in 0..3 {
                    if (dr, dc) != (1, 1) && !open[(row + dr - 1) * SIZE + col + dc - 1] {
                        rock += 1;
                    }
                }
            }
            next[row * SIZE + col] = rock < 5;
        }
    }
    next
}

/// The cells of the largest 4-connected region of open cells.
fn largest_region(open: &[bool]) -> Vec<usize> {
    let mut seen = vec![false; open.len()];
    let mut best = Vec::new();
    for start in 0..open.len() {
        if !open[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut region = vec![start];
        let mut next = 0;
        while let Some(&cell) = region.get(next) {
            next += 1;
            for neighbour in [cell - SIZE, cell - 1, cell + 1, cell + SIZE] {
                if open[neighbour] && !seen[neighbour] {
                    seen[neighbour] = true;
                    region.push(neighbour);
                }
            }
        }
        if region.len() > best.len() {
            best = region;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::generate;

    #[test]
    fn the_committed_generated_caves_regenerate_byte_for_byte() {
        // inputs/day15/generated-<SEED>.txt were made by `cargo xtask gen-day15 <SEED>`.
        for seed in 1..=3 {
            let file = testkit::inputs_dir().join(format!("day15/generated-{seed}.txt"));
            let committed = std::fs::read_to_string(&file).expect("the generated cave is committed");
            assert_eq!(generate(seed).unwrap(), committed, "{}", file.display());
        }
    }
}
