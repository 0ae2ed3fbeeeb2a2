//! Exact Omaha equity of fixed hands: every board that can come, every
//! player's hand valued by an Omaha evaluator.
//!
//! An Omaha hand is worth its best five of exactly two hole cards and three
//! board cards, so the board classes that make Hold'em cheap (each multiset
//! of ranks once) do not carry over: a flush needs three board cards of a
//! hole pair's suit, and which hole pair plays changes with the board. The
//! count therefore values every board, in batches handed to the
//! evaluator's [`BestFive::strengths`] (the direct kernels value a batch in
//! SIMD lanes): for PLO4 heads-up preflop, 1,086,008 boards and 2,172,016
//! hands.
//!
//! ```
//! use handeval_core::Omaha4;
//! use handeval_equity::omaha::{OmahaMatchup, exact};
//! use handeval_reference::ReferenceBest;
//! let m = OmahaMatchup::<Omaha4>::new(&["AhAsKhKs", "QdQcJdJc"], "2h7h9c8d", "").unwrap();
//! let t = exact::<Omaha4, ReferenceBest>(&m);
//! assert_eq!(t.boards, 40);
//! ```

use alloc::string::ToString;
use alloc::vec::Vec;
use core::marker::PhantomData;

use handeval_core::{BestFive, Card, Game, Tally};

use crate::exact::EquityError;

/// The most players an Omaha matchup takes.
pub const MAX_PLAYERS: usize = 6;

/// Boards valued per call of the evaluator.
const BATCH: usize = 512;

/// Fixed Omaha hands of game `G` (hole cards each), a board so far and dead cards.
#[derive(Clone, Debug)]
pub struct OmahaMatchup<G: Game> {
    holes: Vec<Vec<Card>>,
    board: Vec<Card>,
    rest: Vec<Card>,
    game: PhantomData<G>,
}

impl<G: Game> OmahaMatchup<G> {
    /// Parses each player's hole cards (`G::HOLE` of them), the board (0, 3,
    /// 4 or 5 cards) and the dead cards.
    ///
    /// # Errors
    /// A card that does not parse, a hand of the wrong size, a card given
    /// twice, a wrong number of players or board cards, a deck too short.
    pub fn new(hands: &[&str], board: &str, dead: &str) -> Result<Self, EquityError> {
        let cards = |what: &'static str, text: &str| {
            handeval_core::parse_cards(text).map_err(|e| EquityError::Cards {
                what,
                error: e.to_string(),
            })
        };
        let mut holes = Vec::with_capacity(hands.len());
        for h in hands {
            let hole = cards("a hand", h)?;
            if hole.len() != G::HOLE {
                return Err(EquityError::Cards {
                    what: "a hand",
                    error: alloc::format!(
                        "`{h}` holds {} cards, where a hand of {} has {}",
                        hole.len(),
                        G::WORD,
                        G::HOLE
                    ),
                });
            }
            holes.push(hole);
        }
        Self::of(
            holes,
            cards("the board", board)?,
            &cards("the dead cards", dead)?,
        )
    }

    /// A matchup of parsed cards.
    ///
    /// # Errors
    /// As [`OmahaMatchup::new`], but for parsing.
    pub fn of(holes: Vec<Vec<Card>>, board: Vec<Card>, dead: &[Card]) -> Result<Self, EquityError> {
        if G::HOLE == 0 || G::COUNT != G::HOLE + 5 {
            return Err(EquityError::Game(G::WORD));
        }
        if !(2..=MAX_PLAYERS).contains(&holes.len()) {
            return Err(EquityError::Players(holes.len()));
        }
        if ![0, 3, 4, 5].contains(&board.len()) {
            return Err(EquityError::Board(board.len()));
        }
        let mut seen = 0u64;
        for &c in holes.iter().flatten().chain(&board).chain(dead) {
            if seen & 1 << c.index() != 0 {
                return Err(EquityError::Repeated(c));
            }
            seen |= 1 << c.index();
        }
        let rest: Vec<Card> = Card::all().filter(|c| seen & 1 << c.index() == 0).collect();
        if rest.len() < 5 - board.len() {
            return Err(EquityError::Deck);
        }
        Ok(OmahaMatchup {
            holes,
            board,
            rest,
            game: PhantomData,
        })
    }

    /// Each player's hole cards.
    #[must_use]
    pub fn holes(&self) -> &[Vec<Card>] {
        &self.holes
    }

    /// The board so far.
    #[must_use]
    pub fn board(&self) -> &[Card] {
        &self.board
    }
}

/// Calls `visit` with every set of `k` of `cards`, in lexicographic order
/// of their places (one stepper, no recursion).
fn each_subset(cards: &[Card], k: usize, mut visit: impl FnMut(&[Card])) {
    let n = cards.len();
    if k > n {
        return;
    }
    let mut at: Vec<usize> = (0..k).collect();
    let mut chosen: Vec<Card> = at.iter().map(|&i| cards[i]).collect();
    loop {
        visit(&chosen);
        // The rightmost place that can still move.
        let Some(i) = (0..k).rev().find(|&i| at[i] < n - k + i) else {
            return;
        };
        at[i] += 1;
        for j in i + 1..k {
            at[j] = at[j - 1] + 1;
        }
        for j in i..k {
            chosen[j] = cards[at[j]];
        }
    }
}

/// Every board's showdown of `m`, each hand valued by `E`.
///
/// # Panics
/// Never for a matchup [`OmahaMatchup::new`] or [`OmahaMatchup::of`]
/// made: its cards are distinct, hole cards first, as `G` takes them.
#[must_use]
pub fn exact<G: Game, E: BestFive<G>>(m: &OmahaMatchup<G>) -> Tally {
    let players = m.holes.len();
    let need = 5 - m.board.len();
    let mut tally = Tally::default();
    let mut hands: Vec<Vec<G>> = (0..players).map(|_| Vec::with_capacity(BATCH)).collect();
    let mut values: Vec<Vec<E::Strength>> = Vec::new();
    let mut cards: Vec<Card> = Vec::with_capacity(G::COUNT);
    let flush = |hands: &mut Vec<Vec<G>>, values: &mut Vec<Vec<E::Strength>>, tally: &mut Tally| {
        let n = hands[0].len();
        if n == 0 {
            return;
        }
        values.resize_with(players, Vec::new);
        for (h, v) in hands.iter().zip(values.iter_mut()) {
            v.clear();
            v.resize(n, E::strength(&h[0]));
            E::strengths(h, v);
        }
        // Each board's best value, then how many players hold it.
        let mut best: Vec<Option<E::Strength>> = alloc::vec![None; n];
        for v in values.iter() {
            for (b, x) in best.iter_mut().zip(v) {
                if b.is_none_or(|c| *x > c) {
                    *b = Some(*x);
                }
            }
        }
        let mut winners = alloc::vec![0u64; n];
        for v in values.iter() {
            for ((w, x), b) in winners.iter_mut().zip(v).zip(&best) {
                if Some(*x) == *b {
                    *w += 1;
                }
            }
        }
        tally.boards += n as u64;
        for (p, v) in values.iter().enumerate() {
            for ((x, b), &w) in v.iter().zip(&best).zip(&winners) {
                if Some(*x) != *b {
                    continue;
                }
                if w == 1 {
                    tally.wins[p] += 1;
                } else {
                    tally.ties[p] += 1;
                    tally.shares[p] += 60 / w;
                }
            }
        }
        for h in hands.iter_mut() {
            h.clear();
        }
    };
    each_subset(&m.rest, need, |extra| {
        for (p, hole) in m.holes.iter().enumerate() {
            cards.clear();
            cards.extend_from_slice(hole);
            cards.extend_from_slice(&m.board);
            cards.extend_from_slice(extra);
            hands[p].push(G::from_cards(&cards).expect("distinct cards, hole cards first"));
        }
        if hands[0].len() == BATCH {
            flush(&mut hands, &mut values, &mut tally);
        }
    });
    flush(&mut hands, &mut values, &mut tally);
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::{Omaha4, Omaha5};

    #[test]
    fn every_subset_once_in_order() {
        let cards: Vec<Card> = Card::all().take(7).collect();
        let mut seen = Vec::new();
        each_subset(&cards, 3, |s| seen.push(s.to_vec()));
        assert_eq!(seen.len(), 35);
        let mut sorted = seen.clone();
        sorted.sort_by_key(|s| s.iter().map(|c| c.index()).collect::<Vec<_>>());
        sorted.dedup();
        assert_eq!(sorted, seen);
        let mut none = 0;
        each_subset(&cards, 0, |s| {
            assert!(s.is_empty());
            none += 1;
        });
        assert_eq!(none, 1);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let err = |h: &[&str], b: &str| {
            OmahaMatchup::<Omaha4>::new(h, b, "")
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err(&["AhAsKhKs"], ""),
            "1 player: a matchup takes 2 to 6 ranges"
        );
        assert_eq!(
            err(&["AhAsKh", "QdQcJdJc"], ""),
            "a hand: `AhAsKh` holds 3 cards, where a hand of Omaha has 4"
        );
        assert_eq!(
            err(&["AhAsKhKs", "QdQcJdAh"], ""),
            "the card Ah is given twice"
        );
        assert!(OmahaMatchup::<Omaha5>::new(&["AhAsKhKs2c", "QdQcJdJc3c"], "", "").is_ok());
    }
}
