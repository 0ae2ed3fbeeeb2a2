//! Fixed hands of any game with a board, every board that can come valued.
//!
//! A game whose hands are cards held and a board of five (Omaha's four,
//! five or six hole cards, or a Hold'em game's two: any five of seven) is
//! counted here from its definition alone: the cards left are the game's
//! deck ([`Game::deck`]) less every card held, on the board or dead, and
//! each board's hands are valued a batch at a time by the evaluator's
//! [`BestFive::strengths`] (the direct kernels value a batch in SIMD lanes).
//! Short deck's 36 cards give its boards, and its ranking (a flush above a
//! full house) comes with the evaluator.
//!
//! ```
//! use handeval_core::Short;
//! use handeval_equity::fixed::{FixedHands, exact_every_board};
//! use handeval_reference::ReferenceBest;
//! // Short deck: a flush beats a full house. The river is dealt, so one
//! // board is counted.
//! let m = FixedHands::<Short<7>>::new(&["AhKh", "9s9d"], "9hTh6h6c7s", "").unwrap();
//! let t = exact_every_board::<Short<7>, ReferenceBest>(&m);
//! assert_eq!((t.boards, t.wins[0], t.wins[1]), (1, 1, 0));
//! // Preflop, the 32 cards left give C(32, 5) boards.
//! let m = FixedHands::<Short<7>>::new(&["AhKh", "9s9d"], "", "").unwrap();
//! assert_eq!(m.rest().len(), 32);
//! // A two is not in the short deck.
//! assert!(FixedHands::<Short<7>>::new(&["2hKh", "9s9d"], "", "").is_err());
//! ```

use alloc::string::ToString;
use alloc::vec::Vec;
use core::marker::PhantomData;

use handeval_core::{BestFive, Card, Game};

use crate::exact::EquityError;
use crate::showdown::Tally;

/// The most players a matchup of fixed hands takes.
pub const MAX_PLAYERS: usize = 6;

/// Boards valued per call of the evaluator.
pub(crate) const BATCH: usize = 512;

/// The cards each player of `G` holds: its hole cards, or, in a game that
/// takes any five of its cards (Hold'em), the cards beside a board of five.
#[must_use]
pub const fn held<G: Game>() -> usize {
    if G::HOLE > 0 {
        G::HOLE
    } else {
        G::COUNT.saturating_sub(5)
    }
}

/// Whether `G`'s hands are cards held and a board of five: Omaha's hole
/// cards, or two of Hold'em's seven (six cards are one held and five
/// shared, which no game deals; issue 66, item 15: `--game six` was read
/// as one card a player, "a hand of six-card has 1").
fn has_board<G: Game>() -> Result<(), EquityError> {
    if !deals_a_board::<G>() {
        return Err(EquityError::Game(G::WORD));
    }
    Ok(())
}

/// [`has_board`] in a `const` context: whether a [`FixedHands<G>`] can be
/// made at all.
pub const fn deals_a_board<G: Game>() -> bool {
    G::COUNT > 5 && ((G::HOLE > 0 && G::COUNT == G::HOLE + 5) || (G::HOLE == 0 && G::COUNT == 7))
}

/// The exact showdown of `m` over every board: an Omaha game's counted by
/// ranks ([`crate::omaha::exact`]) unless `every_board`, any other game's
/// board by board ([`exact_every_board`]).
///
/// Which count a game takes is decided when the code is compiled, so that
/// code instantiating this for every game an evaluator could be visited
/// with (the registry's walk) compiles no count a game cannot take.
#[must_use]
pub fn exact<G: Game, E: BestFive<G>>(m: &FixedHands<G>, every_board: bool) -> Tally {
    if const { !deals_a_board::<G>() } {
        // No `FixedHands<G>` of such a game exists (`has_board` refuses
        // to make one), so `m` cannot be here: nothing to count.
        return Tally::default();
    }
    if every_board {
        exact_every_board::<G, E>(m)
    } else {
        // Which values every board itself for a game without hole cards.
        crate::omaha::exact::<G, E>(m)
    }
}

/// Fixed hands of game `G` (each player's [`held`] cards), a board so far
/// and dead cards, all of the game's deck.
#[derive(Clone, Debug)]
pub struct FixedHands<G: Game> {
    pub(crate) holes: Vec<Vec<Card>>,
    pub(crate) board: Vec<Card>,
    pub(crate) rest: Vec<Card>,
    game: PhantomData<G>,
}

impl<G: Game> FixedHands<G> {
    /// Parses each player's cards ([`held`] of them), the board (0, 3, 4
    /// or 5 cards) and the dead cards.
    ///
    /// # Errors
    /// A card that does not parse, a hand of the wrong size, a card given
    /// twice or outside the game's deck, a wrong number of players or board
    /// cards, a deck too short, a game without a board.
    pub fn new(hands: &[&str], board: &str, dead: &str) -> Result<Self, EquityError> {
        has_board::<G>()?;
        let cards = |what: &str, text: &str| {
            handeval_core::parse_cards(text).map_err(|e| EquityError::Cards {
                what: what.into(),
                error: e.to_string(),
            })
        };
        let mut holes = Vec::with_capacity(hands.len());
        for (i, h) in hands.iter().enumerate() {
            let what = alloc::format!("player {}'s hand", i + 1);
            // The text with the player: a parse error's column is in it.
            let hole = cards(&alloc::format!("{what} `{h}`"), h)?;
            if hole.len() != held::<G>() {
                return Err(EquityError::Cards {
                    what,
                    error: alloc::format!(
                        "`{h}` holds {} cards, where a hand of {} has {}",
                        hole.len(),
                        G::WORD,
                        held::<G>()
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
    /// As [`FixedHands::new`], but for parsing.
    pub fn of(holes: Vec<Vec<Card>>, board: Vec<Card>, dead: &[Card]) -> Result<Self, EquityError> {
        has_board::<G>()?;
        if !(2..=MAX_PLAYERS).contains(&holes.len()) {
            return Err(EquityError::Players(holes.len()));
        }
        if ![0, 3, 4, 5].contains(&board.len()) {
            return Err(EquityError::Board(board.len()));
        }
        if let Some((i, hole)) = holes
            .iter()
            .enumerate()
            .find(|(_, h)| h.len() != held::<G>())
        {
            return Err(EquityError::Cards {
                what: alloc::format!("player {}'s hand", i + 1),
                error: alloc::format!(
                    "{} cards, where a hand of {} has {}",
                    hole.len(),
                    G::WORD,
                    held::<G>()
                ),
            });
        }
        let seen = distinct_of::<G>(holes.iter().flatten().chain(&board).chain(dead))?;
        let rest: Vec<Card> = G::deck().filter(|c| seen & 1 << c.index() == 0).collect();
        if rest.len() < 5 - board.len() {
            return Err(EquityError::Deck);
        }
        Ok(FixedHands {
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

    /// The cards the rest of the board is dealt from: those neither held,
    /// on the board nor dead.
    #[must_use]
    pub fn rest(&self) -> &[Card] {
        &self.rest
    }
}

/// The bits of `cards`, each of `G`'s deck and none twice.
///
/// # Errors
/// The first card given twice or outside the deck.
pub(crate) fn distinct_of<'a, G: Game>(
    cards: impl IntoIterator<Item = &'a Card>,
) -> Result<u64, EquityError> {
    let deck = G::RULES.deck();
    let mut seen = 0u64;
    for &c in cards {
        if seen & 1 << c.index() != 0 {
            return Err(EquityError::Repeated(c));
        }
        if deck & 1 << c.index() == 0 {
            return Err(EquityError::OutsideDeck {
                card: c,
                game: G::WORD,
            });
        }
        seen |= 1 << c.index();
    }
    Ok(seen)
}

/// Calls `visit` with every set of `k` of `cards`, in lexicographic order
/// of their places (one stepper, no recursion).
pub(crate) fn each_subset(cards: &[Card], k: usize, mut visit: impl FnMut(&[Card])) {
    let n = cards.len();
    if k > n {
        return;
    }
    let mut at: Vec<usize> = (0..k).collect();
    let mut chosen: Vec<Card> = at.iter().map(|&i| cards[i]).collect();
    loop {
        visit(&chosen);
        if !handeval_core::next_combination(&mut at, n) {
            return;
        }
        for (c, &i) in chosen.iter_mut().zip(&at) {
            *c = cards[i];
        }
    }
}

/// Every board's showdown of `m`, each hand valued by `E`: the count
/// [`crate::omaha::exact`] makes by classes, valuing every hand.
///
/// # Panics
/// Never for a matchup [`FixedHands::new`] or [`FixedHands::of`] made: its
/// cards are distinct and of the game's deck, held cards first, as `G`
/// takes them.
#[must_use]
pub fn exact_every_board<G: Game, E: BestFive<G>>(m: &FixedHands<G>) -> Tally {
    let mut tally = Tally::default();
    let mut values: Vec<Vec<E::Strength>> = (0..m.holes.len()).map(|_| Vec::new()).collect();
    each_batch(m, |hands| {
        let n = hands[0].len();
        for (h, v) in hands.iter().zip(values.iter_mut()) {
            v.clear();
            v.resize(n, E::strength(&h[0]));
            E::strengths(h, v);
        }
        // Each board's best value, then how many players hold it.
        let mut best: Vec<Option<E::Strength>> = alloc::vec![None; n];
        for v in &values {
            for (b, x) in best.iter_mut().zip(v) {
                if b.is_none_or(|c| *x > c) {
                    *b = Some(*x);
                }
            }
        }
        let mut winners = alloc::vec![0u64; n];
        for v in &values {
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
    });
    tally
}

/// Calls `valued` with every board of `m`, a batch of at most [`BATCH`]
/// boards at a time: for each player, the hands the boards make (held
/// cards, the board so far, the cards to come), board `i` of the batch at
/// place `i` of every player's list. The one walk over the boards that
/// every count of fixed hands values in batches.
///
/// # Panics
/// Never for a matchup [`FixedHands::new`] or [`FixedHands::of`] made: its
/// cards are distinct, held cards first, as `G` takes them.
pub(crate) fn each_batch<G: Game>(m: &FixedHands<G>, mut valued: impl FnMut(&[Vec<G>])) {
    let mut hands: Vec<Vec<G>> = (0..m.holes.len())
        .map(|_| Vec::with_capacity(BATCH))
        .collect();
    let mut cards: Vec<Card> = Vec::with_capacity(G::COUNT);
    each_subset(&m.rest, 5 - m.board.len(), |extra| {
        for (hand, hole) in hands.iter_mut().zip(&m.holes) {
            cards.clear();
            cards.extend_from_slice(hole);
            cards.extend_from_slice(&m.board);
            cards.extend_from_slice(extra);
            hand.push(G::from_cards(&cards).expect("distinct cards, held cards first"));
        }
        if hands[0].len() == BATCH {
            valued(&hands);
            for h in &mut hands {
                h.clear();
            }
        }
    });
    if !hands[0].is_empty() {
        valued(&hands);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::{Hand7, Omaha4, Omaha5, Short};

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
        let err =
            |h: &[&str], b: &str| FixedHands::<Omaha4>::new(h, b, "").unwrap_err().to_string();
        assert_eq!(
            err(&["AhAsKhKs"], ""),
            "1 player: a matchup takes 2 to 6 ranges"
        );
        assert_eq!(
            err(&["AhAsKh", "QdQcJdJc"], ""),
            "player 1's hand: `AhAsKh` holds 3 cards, where a hand of Omaha has 4"
        );
        assert_eq!(
            err(&["AhAsKhKs", "QdQcJdAh"], ""),
            "the card Ah is given twice"
        );
        assert!(FixedHands::<Omaha5>::new(&["AhAsKhKs2c", "QdQcJdJc3c"], "", "").is_ok());
        let short = |h: &[&str], b: &str, d: &str| {
            FixedHands::<Short<7>>::new(h, b, d)
                .map(|m| m.rest().len())
                .map_err(|e| e.to_string())
        };
        assert_eq!(short(&["AhKh", "9s9d"], "", ""), Ok(32));
        assert_eq!(
            short(&["AhKh", "9s9d"], "", "5c"),
            Err("the card 5c is not in the deck of short-deck seven-card hands".into())
        );
        assert_eq!(
            short(&["AhKhQh", "9s9d"], "", ""),
            Err(
                "player 1's hand: `AhKhQh` holds 3 cards, where a hand of short-deck seven-card has 2"
                    .into()
            )
        );
        assert_eq!(
            FixedHands::<Hand7>::new(&["AhKh", "9s9d"], "", "").map(|m| m.rest().len()),
            Ok(48)
        );
        // Parsed cards are held to the same sizes.
        let parsed = |t: &str| handeval_core::parse_cards(t).unwrap();
        assert_eq!(
            FixedHands::<Omaha4>::of(
                alloc::vec![parsed("AhAsKh"), parsed("QdQcJdJc")],
                Vec::new(),
                &[]
            )
            .unwrap_err()
            .to_string(),
            "player 1's hand: 3 cards, where a hand of Omaha has 4"
        );
        assert_eq!(
            FixedHands::<handeval_core::Hand>::new(&["AhKh", "9s9d"], "", "")
                .unwrap_err()
                .to_string(),
            "five-card hands: this count takes hole cards and a board of five"
        );
    }
}
