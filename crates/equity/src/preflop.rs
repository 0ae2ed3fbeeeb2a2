//! The preflop all-in table: each of the 169 starting hands of Hold'em
//! against each other, heads-up, counted exactly over every deal and every
//! board.
//!
//! A starting hand is a class of combos alike up to suits: a pair (`AA`,
//! six combos), two ranks suited (`AKs`, four) or offsuit (`AKo`, twelve).
//! A cell of the table is one class against another: every deal of a combo
//! of each that shares no card (card removal: `AKs` against `AA` is 4 x 3
//! deals, not 4 x 6), each over the 1,712,304 boards of the 48 cards left,
//! counted by [`crate::exact`] as a matchup of two ranges. So a cell's
//! wins, ties and losses are whole numbers of games, and the table holds
//! each unordered pair once (14,365 cells, the 169 mirrors included): the
//! other order swaps wins and losses.
//!
//! The three-way table (169^3 cells, 6 hours for rs-poker's exact run) is
//! counted a row at a time on demand: two hands against each of the 169 as
//! the third ([`three_way_row`]).
//!
//! A worked example: `AA` against `KK` is 6 x 6 = 36 deals (no card in
//! common), 36 x 1,712,304 = 61,642,944 games, of which the aces win
//! 50,371,344, tie 285,228 and lose 10,986,372: 81.95% equity.
//!
//! ```
//! use handeval_equity::preflop::{cell, index_of, starting_hands};
//! use handeval_perfhash::Seven;
//! assert_eq!(starting_hands().len(), 169);
//! let aces = index_of("AA").unwrap();
//! let kings = index_of("KK").unwrap();
//! let c = cell::<Seven>(aces, kings).unwrap();
//! assert_eq!((c.deals, c.games), (36, 61_642_944));
//! assert_eq!((c.wins, c.ties, c.losses), (50_371_344, 285_228, 10_986_372));
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use handeval_core::{BestFive, Hand7};

use crate::exact::{EquityError, Matchup, exact};

/// The ranks, highest first, as starting hands are written.
pub const RANKS: &[u8; 13] = b"AKQJT98765432";

/// The starting hands.
pub const HANDS: usize = 169;

/// The cells of the table, each unordered pair of starting hands once.
pub const CELLS: usize = HANDS * (HANDS + 1) / 2;

/// The 169 starting hands in the table's order: by the higher rank from
/// the ace, then the lower, the pair first and each suited hand before its
/// offsuit one (`AA`, `AKs`, `AKo`, `AQs`, ..., `A2o`, `KK`, ..., `22`).
#[must_use]
pub fn starting_hands() -> Vec<String> {
    let mut out = Vec::with_capacity(HANDS);
    for (i, &high) in RANKS.iter().enumerate() {
        for &low in &RANKS[i..] {
            let mut name = String::new();
            name.push(char::from(high));
            name.push(char::from(low));
            if high == low {
                out.push(name);
            } else {
                out.push(alloc::format!("{name}s"));
                out.push(alloc::format!("{name}o"));
            }
        }
    }
    out
}

/// Where `name` (`AKs`, `TT`) stands in [`starting_hands`].
#[must_use]
pub fn index_of(name: &str) -> Option<usize> {
    starting_hands().iter().position(|h| h == name)
}

/// The combos of a starting hand: 6 for a pair, 4 suited, 12 offsuit.
#[must_use]
pub fn combos_of(name: &str) -> usize {
    match name.as_bytes() {
        [a, b] if a == b => 6,
        [_, _, b's'] => 4,
        _ => 12,
    }
}

/// Every cell of the table, `(hand, versus)` with `hand <= versus`, in
/// order: row by row of [`starting_hands`].
pub fn cells() -> impl Iterator<Item = (usize, usize)> {
    (0..HANDS).flat_map(|a| (a..HANDS).map(move |b| (a, b)))
}

/// One cell: the first starting hand's games against the second's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The first hand, by its place in [`starting_hands`].
    pub hand: usize,
    /// The second hand.
    pub versus: usize,
    /// Deals: a combo of each sharing no card.
    pub deals: u64,
    /// Games: the deals times the boards each can come with.
    pub games: u64,
    /// Games the first hand won alone.
    pub wins: u64,
    /// Games tied.
    pub ties: u64,
    /// Games the first hand lost.
    pub losses: u64,
}

impl Cell {
    /// The first hand's equity: wins and half the ties, per game.
    #[must_use]
    pub fn equity(&self) -> f64 {
        (self.wins as f64 + self.ties as f64 / 2.0) / self.games as f64
    }

    /// The same cell from the second hand's side.
    #[must_use]
    pub fn mirrored(&self) -> Cell {
        Cell {
            hand: self.versus,
            versus: self.hand,
            wins: self.losses,
            losses: self.wins,
            ..*self
        }
    }
}

/// The matchup of starting hands (places in [`starting_hands`]), each as
/// the range of its combos, no board.
fn matchup_of(hands: &[usize]) -> Result<Matchup, EquityError> {
    let names = starting_hands();
    let mut texts: Vec<&str> = Vec::with_capacity(hands.len());
    for (p, &h) in hands.iter().enumerate() {
        texts.push(names.get(h).ok_or_else(|| past_the_table(h, p + 1))?);
    }
    Matchup::new(&texts, "", "")
}

/// The cell of `hand` against `versus` (places in [`starting_hands`]),
/// each deal valued by `E`.
///
/// # Errors
/// As [`cell_by`].
pub fn cell<E: BestFive<Hand7>>(hand: usize, versus: usize) -> Result<Cell, EquityError> {
    cell_by(hand, versus, exact::<E>)
}

/// The cell of `hand` against `versus`, the matchup of their ranges
/// counted exactly by `count` (say [`exact`] with an evaluator chosen at
/// run time), however it counts.
///
/// # Errors
/// [`EquityError::Range`] for a place past the table, `count`'s own, and
/// [`EquityError::Weighted`] when its counts are not whole numbers of
/// games.
pub fn cell_by(
    hand: usize,
    versus: usize,
    count: impl FnOnce(&Matchup) -> Result<crate::exact::Equity, EquityError>,
) -> Result<Cell, EquityError> {
    let e = count(&matchup_of(&[hand, versus])?)?;
    let [wins, ties, losses] = e.counts[0].whole().ok_or(EquityError::Weighted)?;
    Ok(Cell {
        hand,
        versus,
        deals: e.deals,
        games: e.games,
        wins,
        ties,
        losses,
    })
}

/// One cell of the three-way table: three starting hands all in, each
/// player's games over every deal (a combo of each, no card twice) and
/// every board of the 46 cards left.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreeWay {
    /// The three hands, by their places in [`starting_hands`].
    pub hands: [usize; 3],
    /// Deals: a combo of each sharing no card (none: no cell, as `AA`
    /// three times).
    pub deals: u64,
    /// Games: the deals times the boards each can come with.
    pub games: u64,
    /// Per player: games won alone, tied for the best hand (with one other
    /// or both) and lost.
    pub counts: [[u64; 3]; 3],
    /// Per player: the pots won, tied pots by share, per game.
    pub equity: [f64; 3],
}

/// A row of the three-way table: `hand` and `versus` against each of the
/// 169 starting hands as the third, in [`starting_hands`]'s order, each
/// counted exactly with `E`; `None` where no deal holds the three (a
/// fourth ace asked of `AA`, `AA`, `AA`).
///
/// # Errors
/// As [`three_way_by`].
pub fn three_way_row<E: BestFive<Hand7>>(
    hand: usize,
    versus: usize,
) -> Result<Vec<Option<ThreeWay>>, EquityError> {
    (0..HANDS)
        .map(|third| three_way::<E>([hand, versus, third]))
        .collect()
}

/// The three-way cell of `hands` (places in [`starting_hands`]), each deal
/// valued by `E`; `None` when no deal holds the three.
///
/// # Errors
/// As [`three_way_by`].
pub fn three_way<E: BestFive<Hand7>>(hands: [usize; 3]) -> Result<Option<ThreeWay>, EquityError> {
    three_way_by(hands, exact::<E>)
}

/// The three-way cell of `hands`, the matchup of their ranges counted
/// exactly by `count`, however it counts; `None` when no deal holds the
/// three ([`EquityError::NoDeal`] from `count`).
///
/// # Errors
/// [`EquityError::Range`] for a place past the table, `count`'s others,
/// and [`EquityError::Weighted`] when its counts are not whole numbers.
pub fn three_way_by(
    hands: [usize; 3],
    count: impl FnOnce(&Matchup) -> Result<crate::exact::Equity, EquityError>,
) -> Result<Option<ThreeWay>, EquityError> {
    let e = match count(&matchup_of(&hands)?) {
        Err(EquityError::NoDeal) => return Ok(None),
        counted => counted?,
    };
    let mut counts = [[0u64; 3]; 3];
    let mut equity = [0.0; 3];
    for p in 0..3 {
        counts[p] = e.counts[p].whole().ok_or(EquityError::Weighted)?;
        equity[p] = e.equity[p];
    }
    Ok(Some(ThreeWay {
        hands,
        deals: e.deals,
        games: e.games,
        counts,
        equity,
    }))
}

/// The error of a place past the table, for player `player`.
fn past_the_table(place: usize, player: usize) -> EquityError {
    EquityError::Range {
        player,
        error: crate::range::RangeError {
            column: 1,
            message: alloc::format!("no starting hand {place}: the table has {HANDS}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_169_hands_and_their_1326_combos() {
        let hands = starting_hands();
        assert_eq!(hands.len(), HANDS);
        assert_eq!(&hands[..4], ["AA", "AKs", "AKo", "AQs"]);
        assert_eq!(hands.last().map(String::as_str), Some("22"));
        assert_eq!(hands.iter().map(|h| combos_of(h)).sum::<usize>(), 1326);
        let mut sorted = hands.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), HANDS);
        assert_eq!(cells().count(), CELLS);
        assert_eq!(CELLS, 14_365);
        // Each a range the parser reads as its combos.
        for h in &hands {
            let m = Matchup::new(&[h, "random"], "", "").unwrap();
            assert_eq!(m.ranges()[0].combos().len(), combos_of(h), "{h}");
        }
    }

    #[test]
    fn a_cell_past_the_table_is_an_error() {
        assert!(cell::<handeval_perfhash::Seven>(0, HANDS).is_err());
        assert!(three_way::<handeval_perfhash::Seven>([0, 1, HANDS]).is_err());
    }
}
