//! A plain reference simulator, written as literally from the puzzle's rules as possible: hit
//! points as numbers, positions as (row, column) pairs, searches over hash maps, every elf power
//! tried one by one. Slow and obvious, so that it can be trusted to check the fast one.

use std::collections::{HashMap, HashSet, VecDeque};

type Position = (usize, usize);

#[derive(Clone, Debug)]
struct Unit {
    letter: char,
    position: Position,
    hit_points: i32,
    power: i32,
    alive: bool,
}

/// How a reference battle ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// One army is gone: full rounds, hit points left, elves that died, and the final cave.
    Over { rounds: u32, hit_points: u32, elves_lost: u32, final_cave: String },
    /// An elf died and the battle was asked to stop there.
    ElfDied,
    /// The battle can never end.
    Stalemate,
}

struct Cave {
    walls: HashSet<Position>,
    units: Vec<Unit>,
    rows: usize,
    columns: usize,
}

fn read(map: &str, elf_power: i32) -> Cave {
    let mut walls = HashSet::new();
    let mut units = Vec::new();
    let lines: Vec<&str> = map.lines().map(str::trim_end).filter(|line| !line.is_empty()).collect();
    for (row, line) in lines.iter().enumerate() {
        for (column, ch) in line.chars().enumerate() {
            match ch {
                '#' => {
                    walls.insert((row, column));
                }
                'E' | 'G' => units.push(Unit {
                    letter: ch,
                    position: (row, column),
                    hit_points: 200,
                    power: if ch == 'E' { elf_power } else { 3 },
                    alive: true,
                }),
                _ => {}
            }
        }
    }
    Cave { walls, units, rows: lines.len(), columns: lines[0].len() }
}

/// Up, left, right, down: the reading order of a square's neighbours.
fn neighbours((row, column): Position) -> [Position; 4] {
    [(row - 1, column), (row, column - 1), (row, column + 1), (row + 1, column)]
}

impl Cave {
    fn is_open(&self, square: Position) -> bool {
        !self.walls.contains(&square) && !self.units.iter().any(|u| u.alive && u.position == square)
    }

    /// Shortest distances from `start` through open squares.
    fn distances_from(&self, start: Position) -> HashMap<Position, usize> {
        let occupied: HashSet<Position> = self.units.iter().filter(|u| u.alive).map(|u| u.position).collect();
        let mut distance = HashMap::from([(start, 0)]);
        let mut queue = VecDeque::from([start]);
        while let Some(square) = queue.pop_front() {
            for next in neighbours(square) {
                let open = !self.walls.contains(&next) && !occupied.contains(&next);
                if open && !distance.contains_key(&next) {
                    distance.insert(next, distance[&square] + 1);
                    queue.push_back(next);
                }
            }
        }
        distance
    }

    fn enemies_of(&self, me: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| self.units[i].alive && self.units[i].letter != self.units[me].letter)
            .collect()
    }

    fn adjacent_enemies(&self, me: usize) -> Vec<usize> {
        let around = neighbours(self.units[me].position);
        self.enemies_of(me).into_iter().filter(|&i| around.contains(&self.units[i].position)).collect()
    }

    fn take_move(&mut self, me: usize) {
        let mut in_range = Vec::new();
        for enemy in self.enemies_of(me) {
            for square in neighbours(self.units[enemy].position) {
                if self.is_open(square) {
                    in_range.push(square);
                }
            }
        }
        let distance = self.distances_from(self.units[me].position);
        let reachable: Vec<Position> = in_range.into_iter().filter(|s| distance.contains_key(s)).collect();
        let Some(&nearest) = reachable.iter().map(|s| &distance[s]).min() else { return };
        let chosen = reachable.into_iter().filter(|s| distance[s] == nearest).min().unwrap();
        let back = self.distances_from(chosen);
        let step = neighbours(self.units[me].position)
            .into_iter()
            .filter(|s| self.is_open(*s) && back.get(s) == Some(&(nearest - 1)))
            .min()
            .unwrap();
        self.units[me].position = step;
    }

    fn render(&self) -> String {
        let mut text = String::new();
        for row in 0..self.rows {
            let mut listed = Vec::new();
            for column in 0..self.columns {
                if let Some(unit) = self.units.iter().find(|u| u.alive && u.position == (row, column)) {
                    text.push(unit.letter);
                    listed.push(format!("{}({})", unit.letter, unit.hit_points));
                } else if self.walls.contains(&(row, column)) {
                    text.push('#');
                } else {
                    text.push('.');
                }
            }
            if !listed.is_empty() {
                text.push_str("   ");
                text.push_str(&listed.join(", "));
            }
            text.push('\n');
        }
        text
    }
}

/// Fights a battle with the given elf power, optionally stopping at the first elf death.
pub fn fight(map: &str, elf_power: i32, stop_at_elf_death: bool) -> Ending {
    let mut cave = read(map, elf_power);
    let mut rounds = 0;
    let mut seen_since_attack: HashSet<Vec<Position>> = HashSet::new();
    loop {
        let mut order: Vec<usize> = (0..cave.units.len()).filter(|&i| cave.units[i].alive).collect();
        order.sort_by_key(|&i| cave.units[i].position);
        let mut attacked = false;
        for me in order {
            if !cave.units[me].alive {
                continue;
            }
            if cave.enemies_of(me).is_empty() {
                let alive = cave.units.iter().filter(|u| u.alive);
                return Ending::Over {
                    rounds,
                    hit_points: alive.map(|u| u.hit_points.unsigned_abs()).sum(),
                    elves_lost: cave.units.iter().filter(|u| u.letter == 'E' && !u.alive).count() as u32,
                    final_cave: cave.render(),
                };
            }
            if cave.adjacent_enemies(me).is_empty() {
                cave.take_move(me);
            }
            let targets = cave.adjacent_enemies(me);
            if let Some(&target) =
                targets.iter().min_by_key(|&&i| (cave.units[i].hit_points, cave.units[i].position))
            {
                attacked = true;
                cave.units[target].hit_points -= cave.units[me].power;
                if cave.units[target].hit_points <= 0 {
                    cave.units[target].alive = false;
                    if cave.units[target].letter == 'E' && stop_at_elf_death {
                        return Ending::ElfDied;
                    }
                }
            }
        }
        rounds += 1;
        // The game is deterministic: positions repeating with no attack in between repeat for ever.
        if attacked {
            seen_since_attack.clear();
        } else {
            let mut positions: Vec<Position> =
                cave.units.iter().filter(|u| u.alive).map(|u| u.position).collect();
            positions.sort_unstable();
            if !seen_since_attack.insert(positions) {
                return Ending::Stalemate;
            }
        }
    }
}

/// Which powers part 2 tries.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Powers {
    /// Every power from 4 to 200, one battle each: the literal reading.
    Every,
    /// Only the first power of each run of powers that kill a goblin in the same number of hits
    /// (`ceil(200 / power)`), since the rest of such a run fights the very same battle. The
    /// `Every` check confirms this on a sample of caves; this one keeps the big check quick.
    FirstOfEachKillCount,
}

/// Part 2 the literal way: powers from 4 up to 200 in order, each battle stopped at its first elf
/// death; a battle that never ends is no victory. `None` if no power saves every elf (above 200
/// every hit kills, as at 200).
pub fn lowest_safe_power(map: &str, powers: Powers) -> Option<(i32, Ending)> {
    for power in 4..=200 {
        let same_kill_count_as_previous = (200 + power - 1) / power == (200 + power - 2) / (power - 1);
        if powers == Powers::FirstOfEachKillCount && power > 4 && same_kill_count_as_previous {
            continue;
        }
        let ending = fight(map, power, true);
        if matches!(ending, Ending::Over { .. }) && map.contains('E') && !ending_has_goblins(&ending) {
            return Some((power, ending));
        }
    }
    None
}

fn ending_has_goblins(ending: &Ending) -> bool {
    match ending {
        Ending::Over { final_cave, .. } => {
            final_cave.lines().any(|line| line.split("   ").next().unwrap().contains('G'))
        }
        _ => false,
    }
}
