//! The differential check of a Hi-Lo game's low half.
//!
//! A low is made of ranks alone: which of its five cards a hand may use is
//! fixed by the game (two hole cards and three board cards in Omaha), and
//! its suits never count. So every hand of a Hi-Lo game is one of its
//! *rank patterns*, how many cards of each rank the hole holds and how
//! many the board does, and the pattern says how many hands share it:
//! each rank's four cards split `h` to the hole and `b` to the board in
//! `C(4, h) x C(4 - h, b)` ways. Omaha has 10,995,985 patterns for its
//! 463,563,500,400 hands.
//!
//! [`rank_patterns`] checks each low evaluator on one hand of every pattern,
//! weighted by the hands it stands for, against the literal reference
//! ([`handeval_reference::LowReference`]). The reference's lows are kept by
//! the low ranks of the hole and of the board, which is all the definition
//! reads (a pattern's other ranks are above the eight): the reference is
//! asked once for each of the few thousand pairs. The same pass adds up
//! the hands with a low, a second derivation of the count the game's
//! definition writes out ([`Value::HighLow`]'s `qualifying`).
//!
//! A pattern's one hand gives each rank's cards the lowest suits, hole
//! first, so suits are not varied there; [`sampled`] holds every evaluator
//! to the reference hand by hand on seeded deals, suits and all.
//!
//! [`Value::HighLow`]: handeval_core::Value::HighLow

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use handeval_core::low::{Low, LowAbout, LowEvaluator, low_ranks};
use handeval_core::{Card, Game, Rank, Suit};
use handeval_reference::LowReference;
use rayon::prelude::*;

/// One low evaluator's check: how many hands it was held to, and where it
/// differed from the reference.
#[derive(Clone, Copy, Debug)]
pub struct LowCheck<G: Game> {
    /// The evaluator's name.
    pub name: &'static str,
    /// Hands checked, each pattern counted by the hands it stands for
    /// ([`rank_patterns`]) or one a hand ([`sampled`]).
    pub hands: u64,
    /// Of them, the hands on which it differs from the reference.
    pub mismatches: u64,
    /// The first hand that differs: the hand, its low, the reference's.
    pub first: Option<(G::High, Low, Low)>,
}

impl<G: Game> LowCheck<G> {
    /// Whether it agreed with the reference on every hand.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.mismatches == 0
    }
}

impl<G: Game> fmt::Display for LowCheck<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} of {} {} hands differ from the reference",
            self.name,
            self.mismatches,
            self.hands,
            G::ID
        )?;
        if let Some((hand, low, reference)) = &self.first {
            write!(f, "; first {hand}: {low}, the reference {reference}")?;
        }
        Ok(())
    }
}

/// What [`rank_patterns`] found: each evaluator's check, and what the
/// reference counted.
#[derive(Clone, Debug)]
pub struct Patterns<G: Game> {
    /// The rank patterns walked.
    pub patterns: u64,
    /// The hands they stand for: every hand of the game.
    pub hands: u64,
    /// Of them, the hands with a qualifying low, by the reference.
    pub qualifying: u64,
    /// The pairs of hole and board low ranks the reference was asked about.
    pub asked: usize,
    /// Each evaluator's check, in the order given.
    pub checks: Vec<LowCheck<G>>,
}

/// How many cards of each rank a part of the hand holds.
type Counts = [u8; 13];

/// Every way to put `n` cards on the thirteen ranks, at most `room[r]` on
/// rank `r`.
fn spreads(n: usize, room: &Counts) -> Vec<Counts> {
    fn go(rank: usize, left: usize, room: &Counts, at: &mut Counts, out: &mut Vec<Counts>) {
        if rank == 13 {
            if left == 0 {
                out.push(*at);
            }
            return;
        }
        for k in 0..=left.min(usize::from(room[rank])) {
            at[rank] = k as u8;
            go(rank + 1, left - k, room, at, out);
        }
        at[rank] = 0;
    }
    let mut out = Vec::new();
    go(0, n, room, &mut [0; 13], &mut out);
    out
}

/// `C(n, k)` for the small numbers of a rank's four cards.
fn choose4(n: u8, k: u8) -> u64 {
    const C: [[u64; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    C[usize::from(n)][usize::from(k)]
}

/// The pattern's one hand: each rank's cards in the lowest suits, the
/// hole's first, hole cards first.
fn pattern_hand<G: Game>(hole: &Counts, board: &Counts) -> G::High {
    let mut cards = [Card::new(Rank::Two, Suit::Clubs); 16];
    let mut n = 0;
    for (part, skip) in [(hole, None), (board, Some(hole))] {
        for (r, &k) in part.iter().enumerate() {
            let first = skip.map_or(0, |h| h[r]);
            for s in first..first + k {
                cards[n] = Card::new(Rank::ALL[r], Suit::ALL[usize::from(s)]);
                n += 1;
            }
        }
    }
    G::High::from_cards(&cards[..n]).expect("a pattern's cards are distinct")
}

/// Every hole of `G`'s rank patterns.
fn holes<G: Game>() -> Vec<Counts> {
    spreads(G::HOLE, &[4; 13])
}

/// The boards of `hole`'s rank patterns, each with the hands it stands for.
fn boards<G: Game>(hole: &Counts) -> Vec<(Counts, u64)> {
    let room = hole.map(|h| 4 - h);
    spreads(G::COUNT - G::HOLE, &room)
        .into_iter()
        .map(|board| {
            let weight = (0..13)
                .map(|r| choose4(4, hole[r]) * choose4(4 - hole[r], board[r]))
                .product();
            (board, weight)
        })
        .collect()
}

/// The low ranks of a pattern's part.
fn low_mask(counts: &Counts) -> u8 {
    counts
        .iter()
        .zip(Rank::ALL)
        .filter(|(n, _)| **n > 0)
        .fold(0, |m, (_, r)| m | handeval_core::low::low_bit(r))
}

/// Where a pair of hole and board low ranks is kept in a table of them.
fn key(hole: u8, board: u8) -> usize {
    usize::from(hole) << 8 | usize::from(board)
}

/// The literal reference's low of every pair of hole and board low ranks
/// a hand of `G` can hold ([`key`]), asked once each on a hand of a rank
/// pattern with those low ranks; with how many patterns and hands there
/// are, and how many hands have a low. Made once per game and kept.
fn reference_by_low_ranks<G: Game>() -> &'static LowTable {
    type Store = Mutex<HashMap<&'static str, &'static LowTable>>;
    static STORE: OnceLock<Store> = OnceLock::new();
    let store = STORE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut kept = store
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    kept.entry(G::ID)
        .or_insert_with(|| Box::leak(Box::new(LowTable::of::<G>())))
}

/// The reference's lows by [`key`], and the pattern counts.
struct LowTable {
    lows: Vec<Option<Low>>,
    patterns: u64,
    hands: u64,
    qualifying: u64,
}

impl LowTable {
    fn of<G: Game>() -> LowTable {
        // Each pair of low ranks: one pattern of it, its patterns and hands.
        type Seen = HashMap<usize, ((Counts, Counts), u64, u64)>;
        let seen: Seen = holes::<G>()
            .par_iter()
            .map(|hole| {
                let mut seen = Seen::new();
                for (board, weight) in boards::<G>(hole) {
                    let at = seen
                        .entry(key(low_mask(hole), low_mask(&board)))
                        .or_insert(((*hole, board), 0, 0));
                    at.1 += 1;
                    at.2 += weight;
                }
                seen
            })
            .reduce(Seen::new, |mut a, b| {
                for (k, (pattern, n, w)) in b {
                    let at = a.entry(k).or_insert((pattern, 0, 0));
                    at.1 += n;
                    at.2 += w;
                }
                a
            });
        let mut table = LowTable {
            lows: vec![None; 1 << 16],
            patterns: 0,
            hands: 0,
            qualifying: 0,
        };
        for (k, ((hole, board), n, w)) in seen {
            let low = <LowReference as LowEvaluator<G>>::low(&pattern_hand::<G>(&hole, &board));
            table.lows[k] = Some(low);
            table.patterns += n;
            table.hands += w;
            if low.is_some() {
                table.qualifying += w;
            }
        }
        table
    }
}

/// A check of nothing yet.
fn empty<G: Game>(name: &'static str) -> LowCheck<G> {
    LowCheck {
        name,
        hands: 0,
        mismatches: 0,
        first: None,
    }
}

/// Two checks of parts of the hands as one, the first mismatch the
/// earlier part's.
fn joined<G: Game>(mut all: LowCheck<G>, part: LowCheck<G>) -> LowCheck<G> {
    all.hands += part.hands;
    all.mismatches += part.mismatches;
    if all.first.is_none() {
        all.first = part.first;
    }
    all
}

/// Every evaluator in `evaluators` on one hand of every rank pattern of
/// `G`, weighted: see the [module documentation](self).
///
/// # Panics
/// Never: the reference's table holds the low ranks of every pattern.
#[must_use]
pub fn rank_patterns<G: Game>(evaluators: &[LowAbout<G>]) -> Patterns<G> {
    let LowTable {
        lows: table,
        patterns,
        hands,
        qualifying,
    } = reference_by_low_ranks::<G>();
    // Each hole's patterns dealt once, for every evaluator.
    let fresh = || -> Vec<LowCheck<G>> { evaluators.iter().map(|e| empty(e.meta.name)).collect() };
    let checks = holes::<G>()
        .par_iter()
        .map(|hole| {
            let boards = boards::<G>(hole);
            let dealt: Vec<G::High> = boards
                .iter()
                .map(|(b, _)| pattern_hand::<G>(hole, b))
                .collect();
            let expected: Vec<Low> = boards
                .iter()
                .map(|(b, _)| {
                    table[key(low_mask(hole), low_mask(b))]
                        .expect("the reference was asked about every pattern")
                })
                .collect();
            let mut lows = vec![Low::NONE; dealt.len()];
            let mut checks = fresh();
            for (e, check) in evaluators.iter().zip(&mut checks) {
                (e.lows)(&dealt, &mut lows);
                for (((hand, (_, weight)), &low), &expected) in
                    dealt.iter().zip(&boards).zip(&lows).zip(&expected)
                {
                    check.hands += weight;
                    if low != expected {
                        check.mismatches += weight;
                        check.first.get_or_insert((*hand, low, expected));
                    }
                }
            }
            checks
        })
        .reduce(fresh, |a, b| {
            a.into_iter().zip(b).map(|(a, b)| joined(a, b)).collect()
        });
    Patterns {
        patterns: *patterns,
        hands: *hands,
        qualifying: *qualifying,
        asked: table.iter().filter(|l| l.is_some()).count(),
        checks,
    }
}

/// How many hands [`every_hand`] values: the game's enumeration up to suit
/// renaming.
#[must_use]
pub fn enumerated_hands<G: Game>() -> u64 {
    G::parts().map(|p| G::part_len(p) as u64).sum()
}

/// Every evaluator in `evaluators` on every hand of `G`'s enumeration up to
/// suit renaming ([`Game::parts`]), each hand weighted by the hands it
/// stands for, held to the literal reference's low of its low ranks (which
/// is all the definition reads; [`rank_patterns`] asks the reference
/// about each).
///
/// [`Game::parts`]: handeval_core::Game::parts
#[must_use]
pub fn every_hand<G: Game>(evaluators: &[LowAbout<G>]) -> Vec<LowCheck<G>> {
    let table = &reference_by_low_ranks::<G>().lows;
    let parts: Vec<G::Part> = G::parts().collect();
    evaluators
        .iter()
        .map(|e| {
            parts
                .par_iter()
                .map(|&part| {
                    let weight = G::part_weight(part);
                    let hands: Vec<G::High> = G::part_hands(part).map(|h| h.high()).collect();
                    let mut lows = vec![Low::NONE; hands.len()];
                    (e.lows)(&hands, &mut lows);
                    let mut check = empty(e.meta.name);
                    for (hand, low) in hands.iter().zip(lows) {
                        check.hands += weight;
                        let cards = hand.card_slice();
                        let expected =
                            table[key(low_ranks(&cards[..G::HOLE]), low_ranks(&cards[G::HOLE..]))];
                        if Some(low) != expected {
                            check.mismatches += weight;
                            check
                                .first
                                .get_or_insert((*hand, low, expected.unwrap_or(Low::NONE)));
                        }
                    }
                    check
                })
                .reduce(|| empty(e.meta.name), joined)
        })
        .collect()
}

/// Every evaluator in `evaluators` held to the literal reference on each of
/// `hands`.
#[must_use]
pub fn sampled<G: Game>(evaluators: &[LowAbout<G>], hands: &[G::High]) -> Vec<LowCheck<G>> {
    let expected: Vec<Low> = hands
        .par_iter()
        .map(<LowReference as LowEvaluator<G>>::low)
        .collect();
    evaluators
        .iter()
        .map(|e| {
            let mut lows = vec![Low::NONE; hands.len()];
            hands
                .par_chunks(4096)
                .zip(lows.par_chunks_mut(4096))
                .for_each(|(h, l)| (e.lows)(h, l));
            let mut check = LowCheck {
                name: e.meta.name,
                hands: hands.len() as u64,
                mismatches: 0,
                first: None,
            };
            for ((hand, &low), &reference) in hands.iter().zip(&lows).zip(&expected) {
                if low != reference {
                    check.mismatches += 1;
                    check.first.get_or_insert((*hand, low, reference));
                }
            }
            check
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_add_up_to_every_hand() {
        let holes = holes::<handeval_core::Omaha8>();
        let boards: Vec<Vec<(Counts, u64)>> =
            holes.iter().map(boards::<handeval_core::Omaha8>).collect();
        let n: usize = boards.iter().map(Vec::len).sum();
        let hands: u64 = boards.iter().flatten().map(|(_, w)| w).sum();
        assert_eq!(holes.len(), 1820);
        assert_eq!((n, hands), (10_995_985, 463_563_500_400));
    }
}
