//! Exact Omaha Hi-Lo equity of fixed hands: every board that can come,
//! each player's high valued by an Omaha evaluator and low by a low
//! evaluator ([`handeval_core::low`]). The matchup is dealt as the Hi-Lo
//! game's high game's hands ([`handeval_core::Game::High`]), which both
//! evaluators value.
//!
//! On each board the pot is split in two halves: one to the best high hand,
//! one to the best qualifying low; with no low, the high takes the whole
//! pot. Players who tie for a half share it evenly, so a player who ties
//! the low with one other and loses the high gets a quarter of the pot:
//! *quartered*. Shares are counted exactly in 120ths of a pot (a half is 60,
//! which every number of players up to six divides).
//!
//! Worked example: `Ah2hKsKd` against `Ad2dQcQs` on `3c4c5s9h9s` (the last
//! two cards already dealt, so one board). Both make 5-4-3-2-A: they tie the
//! low, 30 each. The high: `Ah2hKsKd` plays 5-4-3-2-A as a straight, as
//! does the other; they tie again, 30 each: 60 of 120 each, half the pot.
//!
//! ```
//! use handeval_core::{Omaha4, Omaha8};
//! use handeval_equity::hilo::exact_hi_lo;
//! use handeval_equity::fixed::FixedHands;
//! use handeval_reference::{LowReference, ReferenceBest};
//! use handeval_core::low::LowEvaluator;
//! let m = FixedHands::<Omaha4>::new(&["Ah2hKsKd", "Ad2dQcQs"], "3c4c5s9h9s", "").unwrap();
//! let t = exact_hi_lo::<Omaha4, ReferenceBest>(&m, <LowReference as LowEvaluator<Omaha8>>::lows);
//! assert_eq!((t.boards, t.split, t.shares[0], t.shares[1]), (1, 1, 60, 60));
//! assert_eq!(t.quartered[0], 1);
//! ```

use alloc::vec::Vec;

use handeval_core::low::Low;
use handeval_core::{BestFive, Game};

use crate::fixed::{FixedHands, MAX_PLAYERS, each_batch, each_subset};

/// A pot in the units of [`HiLoTally::shares`].
pub const POT: u64 = 120;

/// The count of a Hi-Lo showdown over every board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HiLoTally {
    /// Boards counted.
    pub boards: u64,
    /// Boards on which some player had a qualifying low (the pot split).
    pub split: u64,
    /// Each player's shares of the pots, in [`POT`]ths of a pot.
    pub shares: [u64; MAX_PLAYERS],
    /// Boards on which the player took the whole pot alone.
    pub scoops: [u64; MAX_PLAYERS],
    /// Boards on which the player tied the low with exactly one other
    /// player: that half of the pot split, a quarter each.
    pub quartered: [u64; MAX_PLAYERS],
}

impl HiLoTally {
    /// Player `p`'s equity: their share of the pot, per board.
    #[must_use]
    pub fn equity(&self, p: usize) -> f64 {
        if self.boards == 0 {
            return 0.0;
        }
        self.shares[p] as f64 / (self.boards * POT) as f64
    }

    /// Adds one board's showdown: each player's high value and low (one
    /// each, two players or more, as a matchup holds).
    fn add_board<S: Ord + Copy>(&mut self, highs: &[S], lows: &[Low]) {
        let players = highs.len();
        let Some(&best_high) = highs.iter().max() else {
            return;
        };
        let best_low = lows
            .iter()
            .copied()
            .fold(Low::NONE, |b, l| if l.beats(b) { l } else { b });
        let high_winners = highs.iter().filter(|&&h| h == best_high).count() as u64;
        let low_winners = if best_low.is_some() {
            lows.iter().filter(|&&l| l == best_low).count() as u64
        } else {
            0
        };
        let high_pot = if low_winners > 0 { POT / 2 } else { POT };
        self.boards += 1;
        if low_winners > 0 {
            self.split += 1;
        }
        for p in 0..players {
            let mut share = 0;
            if highs[p] == best_high {
                share += high_pot / high_winners;
            }
            if low_winners > 0 && lows[p] == best_low {
                share += POT / 2 / low_winners;
                if low_winners == 2 {
                    self.quartered[p] += 1;
                }
            }
            self.shares[p] += share;
            if share == POT {
                self.scoops[p] += 1;
            }
        }
    }
}

/// Every board's Hi-Lo showdown of `m`: each hand's high valued by `E`,
/// its low by `lows` (a [`LowEvaluator`](handeval_core::low::LowEvaluator)'s
/// batch), a batch of boards at a time.
///
/// # Panics
/// Never for a matchup [`FixedHands::new`] or [`FixedHands::of`] made.
#[must_use]
pub fn exact_hi_lo<G: Game, E: BestFive<G>>(
    m: &FixedHands<G>,
    lows: fn(&[G], &mut [Low]),
) -> HiLoTally {
    let players = m.holes().len();
    let mut tally = HiLoTally::default();
    let mut highs: Vec<Vec<E::Strength>> = (0..players).map(|_| Vec::new()).collect();
    let mut low_values: Vec<Vec<Low>> = (0..players).map(|_| Vec::new()).collect();
    let mut board_highs = Vec::with_capacity(players);
    let mut board_lows = Vec::with_capacity(players);
    each_batch(m, |hands| {
        let n = hands[0].len();
        for ((h, high), low) in hands.iter().zip(&mut highs).zip(&mut low_values) {
            high.clear();
            high.resize(n, E::strength(&h[0]));
            E::strengths(h, high);
            low.clear();
            low.resize(n, Low::NONE);
            lows(h, low);
        }
        for i in 0..n {
            board_highs.clear();
            board_lows.clear();
            board_highs.extend(highs.iter().map(|v| v[i]));
            board_lows.extend(low_values.iter().map(|v| v[i]));
            tally.add_board(&board_highs, &board_lows);
        }
    });
    tally
}

/// What [`brute_force_hi_lo`] counts, player by player.
#[derive(Clone, Debug, PartialEq)]
pub struct BruteForce {
    /// Boards dealt.
    pub boards: u64,
    /// Each player's share of the pot per board.
    pub equity: Vec<f64>,
    /// Boards on which the player took the whole pot alone.
    pub scoops: Vec<u64>,
    /// Boards on which the player tied the low with exactly one other.
    pub quartered: Vec<u64>,
}

/// Each player's equity over every board of `m` by brute force: each board
/// dealt, each hand's high by `E` and low by `low` one at a time, and the
/// pot split by fractions (a half to each side when a low qualifies, each
/// half shared evenly), summed as floating point; with the scoops and
/// quartered pots, each read from who won what. Written apart from
/// `HiLoTally`'s own split, for a count to be held to: with the literal
/// references for `E` and `low` it shares nothing with [`exact_hi_lo`]'s
/// kernels or its integer shares.
///
/// # Panics
/// Never for a matchup [`FixedHands::new`] or [`FixedHands::of`] made.
#[must_use]
pub fn brute_force_hi_lo<G: Game, E: BestFive<G>>(
    m: &FixedHands<G>,
    low: fn(&G) -> Low,
) -> BruteForce {
    let players = m.holes().len();
    let mut out = BruteForce {
        boards: 0,
        equity: alloc::vec![0.0; players],
        scoops: alloc::vec![0; players],
        quartered: alloc::vec![0; players],
    };
    each_subset(m.rest(), 5 - m.board().len(), |extra| {
        let hands: Vec<G> = m
            .holes()
            .iter()
            .map(|hole| {
                let cards: Vec<_> = hole.iter().chain(m.board()).chain(extra).copied().collect();
                G::from_cards(&cards).expect("distinct cards, hole cards first")
            })
            .collect();
        let highs: Vec<E::Strength> = hands.iter().map(E::strength).collect();
        let lows: Vec<Low> = hands.iter().map(low).collect();
        let high_winners: Vec<usize> = (0..players)
            .filter(|&p| highs.iter().all(|h| *h <= highs[p]))
            .collect();
        let low_winners: Vec<usize> = (0..players)
            .filter(|&p| lows[p].is_some() && lows.iter().all(|l| !l.beats(lows[p])))
            .collect();
        let high_part = if low_winners.is_empty() { 1.0 } else { 0.5 };
        for &p in &high_winners {
            out.equity[p] += high_part / high_winners.len() as f64;
        }
        for &p in &low_winners {
            out.equity[p] += 0.5 / low_winners.len() as f64;
            if low_winners.len() == 2 {
                out.quartered[p] += 1;
            }
        }
        // The whole pot alone: the high alone, and the low alone or none.
        if let [p] = high_winners[..]
            && (low_winners.is_empty() || low_winners == [p])
        {
            out.scoops[p] += 1;
        }
        out.boards += 1;
    });
    for e in &mut out.equity {
        *e /= out.boards as f64;
    }
    out
}
