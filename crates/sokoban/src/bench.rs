//! The benchmark facade: the solver's phases one at a time, for `benches/benches/sokoban.rs`,
//! and its searches one at a time, for choosing the fast mode's schedules.
//!
//! The static analysis (dead squares, push distances) and the matching lower bound are
//! internals of [`crate::solve`], and their types stay private so that no hand-built value
//! can reach the search. Criterion still needs to time each phase apart from a whole solve,
//! to see where a change won or lost; this module opens exactly those phases, on a level that
//! parsing has checked, and nothing else. It is not part of the solving API.
//!
//! The fast mode's schedules give each of its searches a slice of the time limit, chosen from
//! runs of each search alone on whole level sets (the README's screening tables). [`OneSearch`]
//! names one such search, and [`crate::Options::one_search`] runs it alone for the whole time
//! limit, so a screening run is a command (`sokoban --search`, `cargo xtask sokoban-bench
//! --search`) rather than a patch to the schedules.

use crate::board::Board;
use crate::search::Rooms;
use crate::{Level, SolveError, analyse, boxes_inside, search};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// One search of the fast mode, to run alone (see the module notes). Written
/// `KIND[:FEATURE+FEATURE...][,unweighted][,meet|,pulls][+start-region][+weights][+freeze]`:
/// - `KIND`: `dive` (a heavy weight on the bound, filling goal rooms in their packing orders),
///   `open-dive` (the same with the rooms open: a box pushed into one is pushed like any other,
///   not taken on to the room's next goal), `free-dive` (no packing orders) or `careful` (a
///   light weight, nearly A*, no packing orders);
/// - `FEATURE`s, the features whose cells take turns in its open list (none: one queue):
///   `home` (boxes on goals), `shut-out` (regions of floor the player is shut out of),
///   `pushable` (boxes the player can push), `passages` (boxes in passages);
/// - `,unweighted`: the cells' queues in the bound's order rather than by move weight;
/// - `,meet`: a search of pulls from the solved positions runs in turn with it, one expansion
///   each, until a state is found by both; `,pulls`: the same with ten expansions of pulls to
///   one of its own, so that the pull search leads;
/// - `+start-region` after either: the pull search's cells also tell whether the player can
///   walk to the start's player square (it needs features, whose cells the pull search mirrors);
/// - `+weights` after either (and after `+start-region`): the pull search's cells' queues by
///   move weight, as the forward search's are (it needs features too);
/// - `+freeze` after either (and last): the pull search drops a state whose pulled box is in a
///   set that no pull can move again (see `deadlock::pull_freeze`).
///
/// The portfolio's searches are, for example, `dive:home+shut-out+pushable` and
/// `careful:home+shut-out+pushable,unweighted`.
///
/// ```
/// use sokoban::bench::OneSearch;
///
/// let search: OneSearch = "free-dive:home+shut-out,unweighted".parse()?;
/// assert_eq!(search.to_string(), "free-dive:home+shut-out,unweighted");
/// assert!("dive:home+elsewhere".parse::<OneSearch>().is_err());
/// # Ok::<(), sokoban::bench::OneSearchError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneSearch {
    /// The careful search rather than a dive.
    pub(crate) careful: bool,
    /// Whether it fills goal rooms in their packing orders, the rooms closed or open.
    pub(crate) rooms: Rooms,
    /// The features of its cells (`search::BOXES_HOME` and the others).
    pub(crate) cells: u8,
    /// Its cells' queues ordered by move weight.
    pub(crate) weighted: bool,
    /// The expansions of a search of pulls from the solved positions after each of its own,
    /// until the two meet: 0, [`search::MEET`] or [`search::PULLS_LEAD`].
    pub(crate) pulls: u8,
    /// The features its pull search's cells add, their order and its pruning: any of
    /// [`search::START_REGION`], [`search::PULL_WEIGHTS`] and [`search::PULL_FREEZE`].
    pub(crate) pull_features: u8,
}

/// The features by name, in the order [`OneSearch`] writes them.
const FEATURES: [(&str, u8); 4] = [
    ("home", search::BOXES_HOME),
    ("shut-out", search::SHUT_OUT),
    ("pushable", search::MOBILE),
    ("passages", search::PASSAGES),
];

/// The pull search's features by name, in the order [`OneSearch`] reads and writes them.
const PULL_FEATURES: [(&str, u8); 3] = [
    ("start-region", search::START_REGION),
    ("weights", search::PULL_WEIGHTS),
    ("freeze", search::PULL_FREEZE),
];

/// A [`OneSearch`] that cannot be read: the text and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "search {text:?}: {problem} (KIND[:FEATURE+...][,unweighted][,meet|,pulls][+start-region][+weights][+freeze]; KIND dive, open-dive, free-dive or careful; FEATURE home, shut-out, pushable or passages)"
)]
pub struct OneSearchError {
    text: String,
    problem: String,
}

impl FromStr for OneSearch {
    type Err = OneSearchError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = |problem: String| OneSearchError { text: text.to_owned(), problem };
        // The pull search's part: `,meet` or `,pulls` last but for its features.
        let (rest, pulls, pull_features) = match text.rsplit_once(',') {
            Some((rest, tail)) => {
                let mut names = tail.split('+');
                match names.next() {
                    Some("meet") => (rest, search::MEET, pull_features(names).map_err(error)?),
                    Some("pulls") => (rest, search::PULLS_LEAD, pull_features(names).map_err(error)?),
                    _ => (text, 0, 0),
                }
            }
            None => (text, 0, 0),
        };
        let (search, weighted) = match rest.strip_suffix(",unweighted") {
            Some(search) => (search, false),
            None => (rest, true),
        };
        let (kind, features) = search.split_once(':').unwrap_or((search, ""));
        let (careful, rooms) = match kind {
            "dive" => (false, Rooms::Closed),
            "open-dive" => (false, Rooms::Open),
            "free-dive" => (false, Rooms::Unplanned),
            "careful" => (true, Rooms::Unplanned),
            other => return Err(error(format!("unknown kind {other:?}"))),
        };
        let mut cells = 0;
        for name in features.split('+').filter(|name| !name.is_empty()) {
            let Some(&(_, feature)) = FEATURES.iter().find(|(known, _)| *known == name) else {
                return Err(error(format!("unknown feature {name:?}")));
            };
            if cells & feature != 0 {
                return Err(error(format!("feature {name:?} named twice")));
            }
            cells |= feature;
        }
        if !weighted && cells == 0 {
            return Err(error(
                "',unweighted' orders the queues of feature cells, and no feature is named".into(),
            ));
        }
        if pull_features & (search::START_REGION | search::PULL_WEIGHTS) != 0 && cells == 0 {
            return Err(error(
                "'+start-region' and '+weights' are about the pull search's cells, and no feature is named"
                    .into(),
            ));
        }
        Ok(OneSearch { careful, rooms, cells, weighted, pulls, pull_features })
    }
}

/// The pull search's features named after `,meet` or `,pulls`, each once, in their order.
fn pull_features<'a>(names: impl Iterator<Item = &'a str>) -> Result<u8, String> {
    let mut features = 0;
    let mut next = 0;
    for name in names {
        let Some(index) = PULL_FEATURES.iter().position(|&(known, _)| known == name) else {
            return Err(format!("unknown pull feature {name:?}"));
        };
        if index < next {
            return Err(format!(
                "pull feature {name:?} out of order or named twice (start-region, weights, freeze)"
            ));
        }
        features |= PULL_FEATURES[index].1;
        next = index + 1;
    }
    Ok(features)
}

impl fmt::Display for OneSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match (self.careful, self.rooms) {
            (true, _) => "careful",
            (false, Rooms::Closed) => "dive",
            (false, Rooms::Open) => "open-dive",
            (false, Rooms::Unplanned) => "free-dive",
        };
        let features: Vec<&str> = FEATURES
            .iter()
            .filter(|&&(_, feature)| self.cells & feature != 0)
            .map(|&(name, _)| name)
            .collect();
        write!(f, "{kind}")?;
        if !features.is_empty() {
            write!(f, ":{}", features.join("+"))?;
        }
        if !self.weighted {
            write!(f, ",unweighted")?;
        }
        match self.pulls {
            0 => {}
            search::MEET => write!(f, ",meet")?,
            _ => write!(f, ",pulls")?,
        }
        for (name, feature) in PULL_FEATURES {
            if self.pull_features & feature != 0 {
                write!(f, "+{name}")?;
            }
        }
        Ok(())
    }
}

/// A level's static analysis, ready to have its phases timed.
#[derive(Clone, Debug)]
pub struct Analysis {
    board: Board,
    boxes: Vec<usize>,
    player: usize,
}

impl Analysis {
    /// Analyses a level as [`crate::solve`] does before searching.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] when the level's interior is beyond the distance tables.
    pub fn new(level: &Level) -> Result<Analysis, SolveError> {
        let board = analyse(level)?;
        let boxes = boxes_inside(&board, level);
        Ok(Analysis { board, boxes, player: level.player })
    }

    /// Recomputes the dead squares (where a lone box can never reach a goal); returns how many
    /// there are.
    #[must_use]
    pub fn dead_squares(&self) -> usize {
        self.board.dead_squares().into_iter().filter(|&dead| dead).count()
    }

    /// Recomputes the push-distance table over (box square, side, goal); returns its size.
    #[must_use]
    pub fn push_distances(&self) -> usize {
        self.board.push_distances().len()
    }

    /// The matching lower bound of the start position, or `None` when the boxes cannot all
    /// reach distinct goals.
    #[must_use]
    pub fn start_lower_bound(&self) -> Option<u16> {
        search::lower_bound(&self.board, &self.boxes, self.player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_read_back_as_it_is_written() {
        for text in [
            "dive",
            "free-dive:home+shut-out",
            "careful:home+shut-out+pushable,unweighted",
            "dive:home+shut-out+passages",
            "careful:passages",
            "dive:home+shut-out+pushable,meet",
            "free-dive:home,unweighted,meet",
            "careful:home+shut-out,pulls",
            "dive:home+shut-out+pushable,pulls+start-region",
            "careful:home,meet+start-region",
            "dive:home+shut-out+pushable,pulls+weights",
            "free-dive:home+pushable,unweighted,pulls+start-region+weights",
            "dive,pulls+freeze",
            "open-dive:home+shut-out+pushable,pulls+freeze",
            "dive:home+shut-out+pushable,unweighted,pulls+start-region+weights+freeze",
        ] {
            let search: OneSearch = text.parse().unwrap();
            assert_eq!(search.to_string(), text);
        }
        // Features in another order name the same search.
        let search: OneSearch = "dive:pushable+home".parse().unwrap();
        assert_eq!(search.to_string(), "dive:home+pushable");
        assert_eq!(
            search,
            OneSearch {
                careful: false,
                rooms: Rooms::Closed,
                cells: 5,
                weighted: true,
                pulls: 0,
                pull_features: 0
            }
        );
    }

    #[test]
    fn a_search_that_cannot_be_read_says_why() {
        for (text, problem) in [
            ("sprint", "unknown kind \"sprint\""),
            ("dive:home+hom", "unknown feature \"hom\""),
            ("careful:home+home", "feature \"home\" named twice"),
            ("dive,unweighted", "no feature is named"),
            ("dive:home,weighted", "unknown feature \"home,weighted\""),
            ("dive:home+start-region", "unknown feature \"start-region\""),
            ("dive,pulls+start-region", "are about the pull search's cells"),
            ("dive,meet+weights", "are about the pull search's cells"),
            ("dive:home+weights", "unknown feature \"weights\""),
            ("dive:home,pulls+weights+start-region", "\"start-region\" out of order"),
            ("dive:home,meet+freeze+freeze", "\"freeze\" out of order or named twice"),
            ("dive:home,pulls+", "unknown pull feature \"\""),
            ("dive:home,pulls+frozen", "unknown pull feature \"frozen\""),
            ("", "unknown kind \"\""),
        ] {
            let error = text.parse::<OneSearch>().unwrap_err().to_string();
            assert!(error.contains(problem), "{text:?}: {error}");
        }
    }
}
