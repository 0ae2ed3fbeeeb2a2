//! Showdowns: two to six Hold'em hands on every board that can still come,
//! counted exactly.
//!
//! A [`Showdown`] holds the players' two cards each, the board so far (none,
//! a flop, a turn) and any dead cards; its boards are every way to deal the
//! rest of the five from the cards nobody holds, in a fixed order, numbered
//! by their first dealt card so that threads can split them
//! ([`Showdown::tally`] over a range of first cards). On each board every
//! player's seven cards are valued by the evaluator in batches (so that a
//! SIMD evaluator runs across boards), and the best value wins; equal best
//! values tie and share the pot.
//!
//! ```
//! use handeval_equity::showdown::Showdown;
//!
//! let aces = ["Ah".parse().unwrap(), "As".parse().unwrap()];
//! let kings = ["Kd".parse().unwrap(), "Kc".parse().unwrap()];
//! let showdown = Showdown::new(&[aces, kings], &[], &[]).unwrap();
//! assert_eq!(showdown.boards(), 1_712_304);
//! ```
//!
//! # Counting by classes
//!
//! [`Showdown::tally_by_ranks`] counts the same boards the way equity
//! calculators do, by classes: most boards differ only in suits that cannot
//! make anyone a flush, and there every player's value depends on ranks
//! alone. It values each multiset of ranks to come once (as if no suit
//! flushed), weighted by the boards it stands for, and then, for the one
//! suit that can flush on a board, the boards that deal enough of it by
//! their real cards, taking their rank class back, once for each kind of
//! suit (suits that every player, the board and the deck hold the same
//! ranks of count alike). `AhAs` against `KdKc` preflop is 1,712,304
//! boards, 3,424,608 hands, of which this values 16,148:
//!
//! ```
//! use handeval_equity::showdown::Showdown;
//!
//! let aces = ["Ah".parse().unwrap(), "As".parse().unwrap()];
//! let kings = ["Kd".parse().unwrap(), "Kc".parse().unwrap()];
//! let showdown = Showdown::new(&[aces, kings], &[], &[]).unwrap();
//! assert_eq!(showdown.hands_valued_by_ranks(), 16_148);
//! ```

use core::fmt;
use core::ops::Range;

use handeval_core::{BestFive, Card, Counted, Game, Hand7};

mod ranks;

/// The most players a showdown takes.
pub const MAX_PLAYERS: usize = 6;

/// Boards valued per batch.
const BATCH: usize = 256;

/// Why a showdown cannot be dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowdownError {
    /// Fewer than two or more than [`MAX_PLAYERS`] players.
    Players(usize),
    /// A board of other than 0, 3, 4 or 5 cards.
    Board(usize),
    /// A card given twice (in two hands, a hand and the board, or as dead).
    Repeated(Card),
    /// Fewer cards left than the board needs.
    Deck {
        /// Cards the board still needs.
        needed: usize,
        /// Cards nobody holds.
        left: usize,
    },
}

impl fmt::Display for ShowdownError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShowdownError::Players(n) => write!(
                f,
                "{}: a showdown takes 2 to {MAX_PLAYERS} hands of two cards",
                Counted(n, "player")
            ),
            ShowdownError::Board(n) => write!(
                f,
                "a board of {}: it has 0 (preflop), 3 (flop), 4 (turn) or 5 (river)",
                Counted(n, "card")
            ),
            ShowdownError::Repeated(c) => write!(f, "the card {c} is given twice"),
            ShowdownError::Deck { needed, left } => write!(
                f,
                "the board needs {needed} more card{} and only {left} {} left in the deck",
                if needed == 1 { "" } else { "s" },
                if left == 1 { "is" } else { "are" }
            ),
        }
    }
}

/// Per player: boards won outright, boards tied, and the tied pots' shares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Boards counted.
    pub boards: u64,
    /// Boards each player won alone.
    pub wins: [u64; MAX_PLAYERS],
    /// Boards each player shared the best value on.
    pub ties: [u64; MAX_PLAYERS],
    /// Each player's shares of tied pots, in 60ths of a pot (60 is divisible
    /// by every number of players up to six, so the sum is exact).
    pub shares: [u64; MAX_PLAYERS],
}

impl Tally {
    /// Adds another tally's counts (another range of boards).
    pub fn add(&mut self, other: &Tally) {
        self.boards += other.boards;
        for p in 0..MAX_PLAYERS {
            self.wins[p] += other.wins[p];
            self.ties[p] += other.ties[p];
            self.shares[p] += other.shares[p];
        }
    }

    /// Boards player `p` lost.
    #[must_use]
    pub fn losses(&self, p: usize) -> u64 {
        self.boards - self.wins[p] - self.ties[p]
    }

    /// Player `p`'s equity: the pots won, tied pots counted by share, per board.
    #[must_use]
    pub fn equity(&self, p: usize) -> f64 {
        if self.boards == 0 {
            return 0.0;
        }
        (self.wins[p] * 60 + self.shares[p]) as f64 / (self.boards * 60) as f64
    }
}

/// The form names a declaration gives each way of counting a showdown:
/// `(calculator, every board)`.
#[must_use]
pub const fn showdown_forms(
    form: Option<ShowdownForm>,
) -> (Option<&'static str>, Option<&'static str>) {
    match form {
        Some(ShowdownForm::Calculator { form, .. }) => (Some(form), None),
        Some(ShowdownForm::EveryBoard { form, .. }) => (None, Some(form)),
        None => (None, None),
    }
}

/// An outside calculator's exact equities of a matchup of ranges, or why
/// it could not count them.
pub type RangeEquities =
    fn(&crate::exact::Matchup) -> Result<alloc::vec::Vec<f64>, alloc::string::String>;

/// A showdown's count over the boards of the first cards in a range, made
/// by [`ShowdownForm::EveryBoard`].
pub type EveryBoardCount =
    alloc::boxed::Box<dyn Fn(core::ops::Range<usize>) -> Tally + Send + Sync>;

/// How an evaluator counts a heads-up showdown of its own, declared on its
/// registry line ([`handeval_core::Register::add_declared`]): the showdown
/// workloads time this form; the others count by
/// [`Showdown::tally_by_ranks`] and [`Showdown::tally`].
#[derive(Clone, Copy, Debug)]
pub enum ShowdownForm {
    /// Every board's hands valued from sums shared by the players, over the
    /// boards of the first cards in the range; `None` where the showdown is
    /// not one the form handles (then the evaluator values each board from
    /// scratch).
    EveryBoard {
        /// The form's name in reports.
        form: &'static str,
        /// What the form shares, made once for a showdown: a count over the
        /// boards of the first cards in a range.
        prepare: fn(&Showdown) -> Option<EveryBoardCount>,
    },
    /// The evaluator's own equity calculator, which counts by classes of
    /// its own: an outside evaluator's, beside the lab's counting by classes.
    Calculator {
        /// The calculator's name in reports.
        form: &'static str,
        /// The count over every board.
        tally: fn(&Showdown) -> Tally,
        /// Its exact equities of ranges, if it counts ranges: the equity
        /// workloads time this.
        ranges: Option<RangeEquities>,
    },
}

/// Sums of counts by classes kept across showdowns valued by `E`
/// ([`Showdown::tally_by_ranks_with`]).
pub struct Shared<E: BestFive<Hand7>>(ranks::Kept<E::Strength>);

impl<E: BestFive<Hand7>> Default for Shared<E> {
    fn default() -> Self {
        Shared(ranks::Kept::default())
    }
}

impl<E: BestFive<Hand7>> Shared<E> {
    /// How many sums over ranks alone and parts for a suit's flushes it holds.
    #[must_use]
    pub fn len(&self) -> (usize, usize) {
        self.0.len()
    }
}

/// Players' hands, a board so far and the cards that can still come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Showdown {
    players: [[Card; 2]; MAX_PLAYERS],
    count: usize,
    board: [Card; 5],
    known: usize,
    rest: [Card; Card::COUNT],
    left: usize,
}

impl Showdown {
    /// A showdown of `players` on `board` (0, 3, 4 or 5 cards), with `dead`
    /// cards out of the deck.
    ///
    /// # Errors
    /// A wrong number of players or board cards, a card given twice (named),
    /// or a deck too short for the board.
    pub fn new(
        players: &[[Card; 2]],
        board: &[Card],
        dead: &[Card],
    ) -> Result<Showdown, ShowdownError> {
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            return Err(ShowdownError::Players(players.len()));
        }
        if ![0, 3, 4, 5].contains(&board.len()) {
            return Err(ShowdownError::Board(board.len()));
        }
        let mut seen = 0u64;
        for &c in players.iter().flatten().chain(board).chain(dead) {
            if seen & 1 << c.index() != 0 {
                return Err(ShowdownError::Repeated(c));
            }
            seen |= 1 << c.index();
        }
        let mut s = Showdown {
            players: [players[0]; MAX_PLAYERS],
            count: players.len(),
            board: [board.first().copied().unwrap_or(players[0][0]); 5],
            known: board.len(),
            rest: [players[0][0]; Card::COUNT],
            left: 0,
        };
        s.players[..players.len()].copy_from_slice(players);
        s.board[..board.len()].copy_from_slice(board);
        for c in Card::all().filter(|c| seen & 1 << c.index() == 0) {
            s.rest[s.left] = c;
            s.left += 1;
        }
        if s.left < 5 - s.known {
            return Err(ShowdownError::Deck {
                needed: 5 - s.known,
                left: s.left,
            });
        }
        Ok(s)
    }

    /// The number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.count
    }

    /// Each player's two cards.
    #[must_use]
    pub fn hole_cards(&self) -> &[[Card; 2]] {
        &self.players[..self.count]
    }

    /// The board cards known so far.
    #[must_use]
    pub fn board(&self) -> &[Card] {
        &self.board[..self.known]
    }

    /// The cards that can still come, ascending: no player holds them, and
    /// they are neither on the board nor dead.
    #[must_use]
    pub fn rest(&self) -> &[Card] {
        &self.rest[..self.left]
    }

    /// Every board that can still come.
    #[must_use]
    pub fn boards(&self) -> u64 {
        (0..5 - self.known).fold(1u64, |c, k| c * (self.left - k) as u64 / (k as u64 + 1))
    }

    /// How many first cards number the boards ([`Showdown::tally`] takes a
    /// range of them): the cards left, or 1 when the board is complete.
    #[must_use]
    pub fn first_cards(&self) -> usize {
        if self.known == 5 { 1 } else { self.left }
    }

    /// Counts the boards whose first dealt card (the lowest of the cards
    /// dealt, by its place among the cards left) is in `firsts`, valuing
    /// hands with `E`.
    ///
    #[must_use]
    pub fn tally<E: BestFive<Hand7>>(&self, firsts: Range<usize>) -> Tally {
        let mut batch = Batch::<Hand7, E>::new(self);
        let need = 5 - self.known;
        let mut board = self.board;
        let rest = &self.rest[..self.left];
        if need == 0 {
            if firsts.contains(&0) {
                batch.push(self, board);
            }
            return batch.finish();
        }
        // Indices of the dealt cards among `rest`, increasing.
        let mut at = [0usize; 5];
        for first in firsts {
            if first + need > rest.len() {
                break;
            }
            at[0] = first;
            for (k, a) in at[1..need].iter_mut().enumerate() {
                *a = first + k + 1;
            }
            loop {
                for k in 0..need {
                    board[self.known + k] = rest[at[k]];
                }
                batch.push(self, board);
                // The next combination with the same first card.
                if !handeval_core::next_combination(&mut at[1..need], rest.len()) {
                    break;
                }
            }
        }
        batch.finish()
    }
}

impl Showdown {
    /// Counts every board by classes ([counting by classes](self#counting-by-classes)):
    /// each multiset of ranks to come once, valued as if no suit flushed,
    /// then the boards on which a suit can still flush, corrected by their
    /// flushes. Gives what [`Showdown::tally`] gives over every board,
    /// valuing a small part of the hands ([`Showdown::hands_valued_by_ranks`]).
    #[must_use]
    pub fn tally_by_ranks<E: BestFive<Hand7>>(&self) -> Tally {
        ranks::tally::<Hand7, E>(self, &mut ranks::Kept::default())
    }

    /// [`Showdown::tally_by_ranks`] with the sums of earlier showdowns
    /// `shared` holds, keeping those it makes: a range count's deals
    /// share most of them (each part of the count depends on the ranks the
    /// players hold and, for a suit's flushes, on the ranks each holds of
    /// it, not on which suit that is).
    #[must_use]
    pub fn tally_by_ranks_with<E: BestFive<Hand7>>(&self, shared: &mut Shared<E>) -> Tally {
        ranks::tally::<Hand7, E>(self, &mut shared.0)
    }

    /// How many hands [`Showdown::tally_by_ranks`] values, where
    /// [`Showdown::tally`] values one per player and board.
    #[must_use]
    pub fn hands_valued_by_ranks(&self) -> u64 {
        ranks::hands_valued(self)
    }
}

/// Boards waiting to be valued: each player's hands, and their values.
struct Batch<G: Game, E: BestFive<G>> {
    hands: [[G; BATCH]; MAX_PLAYERS],
    values: [[E::Strength; BATCH]; MAX_PLAYERS],
    len: usize,
    count: usize,
    tally: Tally,
}

impl<G: Game, E: BestFive<G>> Batch<G, E> {
    fn new(s: &Showdown) -> Self {
        // Any valid hand fills the slots until boards overwrite them.
        let [a, b] = s.players[0];
        let board = &s.rest[..5.min(s.left)];
        let mut cards = [a, b, a, a, a, a, a];
        let fill = s.board[..s.known].iter().chain(board).take(5);
        for (slot, &c) in cards[2..].iter_mut().zip(fill) {
            *slot = c;
        }
        let hand = G::from_cards(&cards).expect("distinct cards");
        let value = E::strength(&hand);
        Batch {
            hands: [[hand; BATCH]; MAX_PLAYERS],
            values: [[value; BATCH]; MAX_PLAYERS],
            len: 0,
            count: s.count,
            tally: Tally::default(),
        }
    }

    fn push(&mut self, s: &Showdown, board: [Card; 5]) {
        for p in 0..self.count {
            let [a, b] = s.players[p];
            let cards = [a, b, board[0], board[1], board[2], board[3], board[4]];
            // The showdown's cards are distinct by construction.
            self.hands[p][self.len] = G::from_dealt(&cards);
        }
        self.len += 1;
        if self.len == BATCH {
            self.value();
        }
    }

    /// Values the waiting boards and counts them.
    fn value(&mut self) {
        let n = self.len;
        for p in 0..self.count {
            E::strengths(&self.hands[p][..n], &mut self.values[p][..n]);
        }
        for i in 0..n {
            let best = (0..self.count)
                .map(|p| self.values[p][i])
                .max()
                .expect("two players");
            let winners = (0..self.count)
                .filter(|&p| self.values[p][i] == best)
                .count() as u64;
            for p in (0..self.count).filter(|&p| self.values[p][i] == best) {
                if winners == 1 {
                    self.tally.wins[p] += 1;
                } else {
                    self.tally.ties[p] += 1;
                    self.tally.shares[p] += 60 / winners;
                }
            }
        }
        self.tally.boards += n as u64;
        self.len = 0;
    }

    fn finish(mut self) -> Tally {
        if self.len > 0 {
            self.value();
        }
        self.tally
    }
}
