//! Exact equity of ranges against ranges, two to six players.
//!
//! Every deal of hands (one combo from each player's range, no card twice,
//! none on the board or dead) is weighted by the product of its combos'
//! weights, and its showdown counted over every board that can come. Deals
//! that differ only by a renaming of the suits (the board and the dead
//! cards renamed alike) have the same counts, so each class of deals is
//! counted once: `QQ+, AKs` against `22+, A2s+` is 5,126 deals but only
//! the classes among them are valued. The count of one deal is
//! [`Showdown::tally_by_ranks`]: each multiset of ranks to come once, each
//! flush once; and the parts of those counts that depend only on the ranks
//! the players hold, or for one suit's flushes on the ranks each holds of
//! it, are made once for all the classes that share them
//! ([`Showdown::tally_by_ranks_with`]): the three-way `TT+,AQs+,AQo+` /
//! `QQ+,AKs,AKo` / `TT` is 418 classes but about 28 sums over ranks.
//! Heads-up, where the boards cost less than the deals, the count goes
//! board by board instead ([`Method::Boards`]).
//!
//! A worked example: aces against kings, each at weight one, is one class
//! of deals up to suits once the suits the hands share are fixed
//! (`AhAs`/`KdKc` is one class, `AhAs`/`KhKs` another), and the equity is
//! the weighted mean of the classes' equities.
//!
//! ```
//! use handeval_core::Hand7;
//! use handeval_equity::exact::{Matchup, exact};
//! use handeval_reference::ReferenceBest;
//! let m = Matchup::new(&["AhAs", "KdKc"], "", "").unwrap();
//! let e = exact::<ReferenceBest>(&m).unwrap();
//! assert!((e.equity[0] - 0.81255).abs() < 1e-4);
//! ```

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use handeval_core::{BestFive, Card, Counted, Hand7};

use crate::showdown::{Showdown, Tally};

use crate::range::{Combo, Range, RangeError};

/// The most players a matchup takes.
pub const MAX_PLAYERS: usize = 6;

/// Players' ranges, a board so far and dead cards.
#[derive(Clone, Debug)]
pub struct Matchup {
    ranges: Vec<Range>,
    board: Vec<Card>,
    dead: Vec<Card>,
}

/// Why a matchup cannot be counted.
#[derive(Clone, Debug, PartialEq)]
pub enum EquityError {
    /// A player's range does not parse.
    Range {
        /// The player, from 1.
        player: usize,
        /// Why.
        error: RangeError,
    },
    /// The board or the dead cards do not parse.
    Cards {
        /// `the board`, `the dead cards`, or a player's hand (`player 2's
        /// hand`).
        what: String,
        /// Why.
        error: String,
    },
    /// Fewer than two players or more than [`MAX_PLAYERS`].
    Players(usize),
    /// A board of other than 0, 3, 4 or 5 cards.
    Board(usize),
    /// A card on the board and dead too, or twice in one of them.
    Repeated(Card),
    /// A player's range holds no combo the board and dead cards leave.
    Empty {
        /// The player, from 1.
        player: usize,
    },
    /// No deal of one combo per player holds each card at most once.
    NoDeal,
    /// The deck is too short for the board.
    Deck,
    /// A card the game's deck does not hold (a five in short deck).
    OutsideDeck {
        /// The card.
        card: Card,
        /// The game's word.
        game: &'static str,
    },
    /// A game whose hands are not cards held and a board of five (its
    /// word): a fixed-hand count of a five-card game.
    Game(&'static str),
    /// Counting board by board ([`Method::Boards`]) was asked for a
    /// matchup of other than two players.
    NotHeadsUp(usize),
    /// Counts of whole games were asked of a count whose games are
    /// weighted fractions (a weighted range).
    Weighted,
}

impl fmt::Display for EquityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EquityError::Range { player, error } => write!(f, "player {player}'s range: {error}"),
            EquityError::Cards { what, error } => write!(f, "{what}: {error}"),
            EquityError::Players(n) => write!(
                f,
                "{}: a matchup takes 2 to {MAX_PLAYERS} ranges",
                Counted(*n, "player")
            ),
            EquityError::Board(n) => write!(
                f,
                "a board of {}: it has 0 (preflop), 3 (flop), 4 (turn) or 5 (river)",
                Counted(*n, "card")
            ),
            EquityError::Repeated(c) => write!(f, "the card {c} is given twice"),
            EquityError::Empty { player } => write!(
                f,
                "player {player}'s range holds no combo beside the board and the dead cards"
            ),
            EquityError::NoDeal => write!(
                f,
                "no deal gives each player a combo of their range without a card twice"
            ),
            EquityError::Deck => write!(f, "the deck is too short for the board"),
            EquityError::OutsideDeck { card, game } => {
                write!(f, "the card {card} is not in the deck of {game} hands")
            }
            EquityError::NotHeadsUp(n) => write!(
                f,
                "{}: counting board by board takes two",
                Counted(*n, "player")
            ),
            EquityError::Game(word) => write!(
                f,
                "{word} hands: this count takes hole cards and a board of five"
            ),
            EquityError::Weighted => write!(
                f,
                "a weighted range's games are fractions: counts of whole games take every weight one"
            ),
        }
    }
}

impl core::error::Error for EquityError {}

impl Matchup {
    /// Parses each player's range, the board and the dead cards, and
    /// removes from each range the combos the board or the dead cards
    /// rule out.
    ///
    /// # Errors
    /// A range or card that does not parse (with where and why), a wrong
    /// number of players or board cards, a card given twice, a range left
    /// empty.
    pub fn new(ranges: &[&str], board: &str, dead: &str) -> Result<Matchup, EquityError> {
        let parsed = ranges
            .iter()
            .enumerate()
            .map(|(i, r)| {
                r.parse::<Range>().map_err(|error| EquityError::Range {
                    player: i + 1,
                    error,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let cards = |what: &str, text: &str| {
            handeval_core::parse_cards(text).map_err(|e| EquityError::Cards {
                what: what.into(),
                error: e.to_string(),
            })
        };
        Matchup::of(
            &parsed,
            cards("the board", board)?,
            cards("the dead cards", dead)?,
        )
    }

    /// A matchup of parsed ranges and cards.
    ///
    /// # Errors
    /// As [`Matchup::new`], but for parsing.
    pub fn of(ranges: &[Range], board: Vec<Card>, dead: Vec<Card>) -> Result<Matchup, EquityError> {
        if !(2..=MAX_PLAYERS).contains(&ranges.len()) {
            return Err(EquityError::Players(ranges.len()));
        }
        if ![0, 3, 4, 5].contains(&board.len()) {
            return Err(EquityError::Board(board.len()));
        }
        let mut known = 0u64;
        for &c in board.iter().chain(&dead) {
            if known & 1 << c.index() != 0 {
                return Err(EquityError::Repeated(c));
            }
            known |= 1 << c.index();
        }
        let ranges: Vec<Range> = ranges.iter().map(|r| r.without(known)).collect();
        if let Some(p) = ranges.iter().position(Range::is_empty) {
            return Err(EquityError::Empty { player: p + 1 });
        }
        Ok(Matchup {
            ranges,
            board,
            dead,
        })
    }

    /// Each player's range, without the combos the board and dead cards rule out.
    #[must_use]
    pub fn ranges(&self) -> &[Range] {
        &self.ranges
    }

    /// The board so far.
    #[must_use]
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// The dead cards.
    #[must_use]
    pub fn dead(&self) -> &[Card] {
        &self.dead
    }

    /// Each range written out as the combos it holds (`AhAs,AhAd,...`), for
    /// an outside calculator whose own range syntax may read less of what
    /// the lab's reads (OMPEval reads `JJ-88` as `JJ`).
    ///
    /// # Errors
    /// The player (from 1) of the first weighted range: the outside
    /// calculators weigh every combo alike.
    pub fn written_out(&self) -> Result<Vec<String>, usize> {
        self.ranges
            .iter()
            .enumerate()
            .map(|(p, r)| {
                if r.combos().iter().any(|c| c.weight < 1.0) {
                    return Err(p + 1);
                }
                let combos: Vec<String> = r.combos().iter().map(ToString::to_string).collect();
                Ok(combos.join(","))
            })
            .collect()
    }

    /// The deals of one combo per player, each card at most once, each with
    /// its weight (the product of its combos'), in order.
    fn deals(&self, mut visit: impl FnMut(&[Combo], f64)) {
        fn walk(
            ranges: &[Range],
            used: u64,
            chosen: &mut Vec<Combo>,
            weight: f64,
            visit: &mut dyn FnMut(&[Combo], f64),
        ) {
            let Some((first, rest)) = ranges.split_first() else {
                visit(chosen, weight);
                return;
            };
            for c in first.combos().iter().filter(|c| c.mask() & used == 0) {
                chosen.push(*c);
                walk(rest, used | c.mask(), chosen, weight * c.weight, visit);
                chosen.pop();
            }
        }
        walk(&self.ranges, 0, &mut Vec::new(), 1.0, &mut visit);
    }
}

/// A matchup's exact equities.
#[derive(Clone, Debug, PartialEq)]
pub struct Equity {
    /// Each player's equity: pots won, tied pots by share, weighted over
    /// the deals and averaged over the boards.
    pub equity: Vec<f64>,
    /// Each player's chance of winning alone.
    pub wins: Vec<f64>,
    /// Each player's chance of tying for the best hand.
    pub ties: Vec<f64>,
    /// Per player, each combo of their range with the weight of the deals
    /// holding it (their share of the whole) and its equity in them:
    /// `(combo, share, equity)`, in the range's order.
    pub per_combo: Vec<Vec<(Combo, f64, f64)>>,
    /// Per player, the games won alone, tied for the best hand and lost,
    /// each deal's games weighted by the deal's weight (the product of its
    /// combos'): whole numbers summing to [`Equity::games`] when every
    /// weight is one, so that a count can be held to another calculator's
    /// exact numbers and not only to its shares.
    pub counts: Vec<Counts>,
    /// Deals counted (one combo per player, no card twice).
    pub deals: u64,
    /// How the games were counted.
    pub method: Method,
    /// Classes counted once: of deals up to suit renaming
    /// ([`Method::Deals`]), or of boards ([`Method::Boards`]).
    pub classes: usize,
    /// Games: deals times the boards each can come with.
    pub games: u64,
}

/// One player's games in a matchup, weighted as the deals are
/// ([`Equity::counts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counts {
    /// Games won alone.
    pub wins: f64,
    /// Games tied for the best hand (the pot shared).
    pub ties: f64,
    /// Games lost.
    pub losses: f64,
}

impl Counts {
    /// The games counted: wins, ties and losses.
    #[must_use]
    pub fn games(&self) -> f64 {
        self.wins + self.ties + self.losses
    }

    /// The three as whole numbers, `None` unless each is one (always so
    /// when every weight is one and each deal's games count once): exact
    /// below 2^53 games, more than any matchup of six players has.
    #[must_use]
    pub fn whole(&self) -> Option<[u64; 3]> {
        // Whole when truncating loses nothing (`f64::fract` is std's; the
        // crate is `no_std`), and exact: below 2^53.
        let whole = |x: f64| {
            let n = x as u64;
            #[expect(clippy::float_cmp, reason = "exactly whole, not nearly")]
            let exact = (0.0..9.0e15).contains(&x) && n as f64 == x;
            exact.then_some(n)
        };
        Some([whole(self.wins)?, whole(self.ties)?, whole(self.losses)?])
    }
}

/// How an exact count goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Deal by deal, each class of deals up to suit renaming once, its
    /// boards by classes ([`Showdown::tally_by_ranks`]): the cost follows
    /// the classes of deals, small for narrow ranges and fixed hands.
    Deals,
    /// Heads-up, board by board, each class of boards once, every combo
    /// in one sweep ([`crate::boards`]): the cost follows the boards, and
    /// hardly the width of the ranges.
    Boards,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Deals => "deal by deal",
            Method::Boards => "board by board",
        })
    }
}

/// What stands for a deal's class up to suit renaming: the least, over the
/// renamings, of its cards renamed (each player's two and the board and
/// dead cards each as a sorted set, in order).
fn class_key(hands: &[Combo], board: &[Card], dead: &[Card], perms: &[[u8; 4]]) -> Vec<u8> {
    let renamed = |c: Card, p: &[u8; 4]| c.index() / 4 * 4 + p[usize::from(c.index() % 4)];
    let mut best: Option<Vec<u8>> = None;
    let mut key = Vec::with_capacity(2 * hands.len() + board.len() + dead.len() + 2);
    for p in perms {
        key.clear();
        for h in hands {
            let (a, b) = (renamed(h.cards[0], p), renamed(h.cards[1], p));
            key.extend_from_slice(&[a.max(b), a.min(b)]);
        }
        for set in [board, dead] {
            let start = key.len();
            key.extend(set.iter().map(|&c| renamed(c, p)));
            key[start..].sort_unstable();
            key.push(u8::MAX);
        }
        if best.as_ref().is_none_or(|b| key < *b) {
            best = Some(key.clone());
        }
    }
    best.unwrap_or_default()
}

/// The exact equity of `m`, each deal's hands valued by `E`, an evaluator
/// of seven-card Hold'em hands.
///
/// # Errors
/// [`EquityError::NoDeal`] when no deal holds each card at most once, or
/// [`EquityError::Deck`] when the cards left cannot make the board.
pub fn exact<E: BestFive<Hand7>>(m: &Matchup) -> Result<Equity, EquityError> {
    exact_with::<E>(m, &mut |_, _| {})
}

/// [`exact`], calling `progress(done, of)` as the first player's combos
/// are counted (`of` of them), for a progress bar.
///
/// # Errors
/// As [`exact`].
pub fn exact_with<E: BestFive<Hand7>>(
    m: &Matchup,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Equity, EquityError> {
    exact_by::<E>(m, None, progress)
}

/// [`exact_with`] counted the way `method` says, or by default the way
/// that foresees the less work: board by board for two players when the
/// classes of boards to sweep, each a pass over the combos, cost less than
/// the classes of deals, each a count by classes of boards.
///
/// # Errors
/// As [`exact`], and [`EquityError::NotHeadsUp`] for [`Method::Boards`]
/// with other than two players.
pub fn exact_by<E: BestFive<Hand7>>(
    m: &Matchup,
    method: Option<Method>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Equity, EquityError> {
    let players = m.ranges.len();
    match method.unwrap_or_else(|| m.cheaper()) {
        Method::Boards if players == 2 => by_boards::<E>(m, progress),
        Method::Boards => Err(EquityError::NotHeadsUp(players)),
        Method::Deals => by_deals::<E>(m, progress),
    }
}

impl Matchup {
    /// The cards the board and the dead cards take, as bits.
    fn known(&self) -> u64 {
        self.board
            .iter()
            .chain(&self.dead)
            .fold(0u64, |k, c| k | 1 << c.index())
    }

    /// The way of counting that foresees the less work, the one [`exact`]
    /// takes (see [`exact_by`]).
    /// Both forecasts are in microseconds of one core, measured on the
    /// lab's CPUs: a class of deals counted by classes of boards costs
    /// about 150 us preflop (sums shared with earlier deals included) and
    /// far less with a flop; a class of boards
    /// about 0.3 us and 4 ns per combo.
    #[must_use]
    pub fn cheaper(&self) -> Method {
        if self.ranges.len() != 2 {
            return Method::Deals;
        }
        let known = self.known();
        let left = Card::COUNT - known.count_ones() as usize;
        let need = 5 - self.board.len();
        let ranges = [&self.ranges[0], &self.ranges[1]];
        let boards = crate::boards::boards_to_sweep(left, need, &ranges, known);
        let combos = (self.ranges[0].combos().len() + self.ranges[1].combos().len()) as f64;
        let by_boards = boards * (0.3 + 0.004 * combos);
        let deals = self.ranges[0].combos().len() as f64 * self.ranges[1].combos().len() as f64;
        let per_class = [150.0, 10.0, 2.0, 0.5][self.board.len().saturating_sub(2)];
        let symmetric = boards_symmetry(left, need, boards);
        let by_deals = deals / symmetric * per_class;
        if by_boards < by_deals {
            Method::Boards
        } else {
            Method::Deals
        }
    }
}

/// How many boards each swept class of boards stands for.
fn boards_symmetry(left: usize, need: usize, swept: f64) -> f64 {
    let boards = (0..need).fold(1.0, |acc, k| acc * (left - k) as f64 / (k + 1) as f64);
    (boards / swept).max(1.0)
}

/// A heads-up matchup counted board by board ([`crate::boards`]).
fn by_boards<E: BestFive<Hand7>>(
    m: &Matchup,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Equity, EquityError> {
    let ranges = [&m.ranges[0], &m.ranges[1]];
    let left = Card::COUNT - m.known().count_ones() as usize;
    let need = 5 - m.board.len();
    if left < need + 4 {
        return Err(EquityError::Deck);
    }
    let counts = crate::boards::count::<E>(ranges, &m.board, &m.dead, progress);
    // The boards of a deal, alike for every deal.
    let boards = (0..need).fold(1u64, |acc, k| acc * (left - 4 - k) as u64 / (k + 1) as u64);
    // Per player and card: the weight (and the count) of their combos holding it.
    let mut total = [0.0f64; 2];
    let mut by_card = [[0.0f64; Card::COUNT]; 2];
    let mut count = [0u64; 2];
    let mut count_card = [[0u64; Card::COUNT]; 2];
    for (cards, w) in &counts.held {
        for p in 0..2 {
            if w[p] > 0.0 {
                total[p] += w[p];
                count[p] += 1;
                for c in cards {
                    by_card[p][usize::from(c.index())] += w[p];
                    count_card[p][usize::from(c.index())] += 1;
                }
            }
        }
    }
    // Per combo and player: the opponent's weight sharing no card with it.
    let apart = |cards: &[Card; 2], w: &[f64; 2], p: usize| {
        let o = 1 - p;
        let [a, b] = cards.map(|c| usize::from(c.index()));
        total[o] - by_card[o][a] - by_card[o][b] + w[o]
    };
    let (mut weight, mut deals) = (0.0, 0u64);
    let mut beats = [0.0f64; 2];
    let mut ties = [0.0f64; 2];
    let mut per: Vec<Vec<(Combo, f64, f64)>> = m
        .ranges
        .iter()
        .map(|r| r.combos().iter().map(|c| (*c, 0.0, 0.0)).collect())
        .collect();
    for (i, (cards, w)) in counts.held.iter().enumerate() {
        if w[0] > 0.0 {
            weight += w[0] * apart(cards, w, 0);
            let [a, b] = cards.map(|c| usize::from(c.index()));
            deals += count[1] - count_card[1][a] - count_card[1][b] + u64::from(w[1] > 0.0);
        }
        for p in 0..2 {
            if w[p] == 0.0 {
                continue;
            }
            beats[p] += w[p] * counts.beats[i][p];
            ties[p] += w[p] * counts.ties[i][p];
            let opponents = apart(cards, w, p);
            if let Some(at) = m.ranges[p].place(cards[0], cards[1]) {
                let games = opponents * boards as f64;
                per[p][at].1 = w[p] * opponents;
                per[p][at].2 = if games > 0.0 {
                    (counts.beats[i][p] + counts.ties[i][p] / 2.0) / games
                } else {
                    0.0
                };
            }
        }
    }
    if deals == 0 {
        return Err(EquityError::NoDeal);
    }
    for combos in &mut per {
        for c in combos.iter_mut() {
            c.1 /= weight;
        }
    }
    let games = weight * boards as f64;
    Ok(Equity {
        equity: (0..2).map(|p| (beats[p] + ties[p] / 2.0) / games).collect(),
        wins: beats.iter().map(|b| b / games).collect(),
        ties: ties.iter().map(|t| t / games).collect(),
        counts: (0..2)
            .map(|p| Counts {
                wins: beats[p],
                ties: ties[p],
                losses: games - beats[p] - ties[p],
            })
            .collect(),
        per_combo: per,
        deals,
        method: Method::Boards,
        classes: counts.classes,
        games: deals * boards,
    })
}

/// A matchup counted deal by deal, each class of deals once.
fn by_deals<E: BestFive<Hand7>>(
    m: &Matchup,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Equity, EquityError> {
    let players = m.ranges.len();
    let perms = crate::boards::renamings();
    let mut tallies: BTreeMap<Vec<u8>, Tally> = BTreeMap::new();
    let mut shared = crate::showdown::Shared::<E>::default();
    let mut equity = alloc::vec![0.0; players];
    let mut wins = alloc::vec![0.0; players];
    let mut ties = alloc::vec![0.0; players];
    let mut counts = alloc::vec![Counts::default(); players];
    // Per player, per combo (by its place in the range): weight, weighted equity.
    let mut per: Vec<Vec<(f64, f64)>> = m
        .ranges
        .iter()
        .map(|r| alloc::vec![(0.0, 0.0); r.combos().len()])
        .collect();
    let (mut total, mut deals, mut games) = (0.0, 0u64, 0u64);
    let mut failed = None;
    let firsts = m.ranges[0].combos().len();
    let mut first: Option<Combo> = None;
    let mut done = 0;
    m.deals(|hands, weight| {
        if failed.is_some() {
            return;
        }
        if first != Some(hands[0]) {
            if first.is_some() {
                done += 1;
                progress(done, firsts);
            }
            first = Some(hands[0]);
        }
        let key = class_key(hands, &m.board, &m.dead, &perms);
        let tally = if let Some(t) = tallies.get(&key) {
            *t
        } else {
            let holes: Vec<[Card; 2]> = hands.iter().map(|c| c.cards).collect();
            let Ok(s) = Showdown::new(&holes, &m.board, &m.dead) else {
                failed = Some(EquityError::Deck);
                return;
            };
            let t = s.tally_by_ranks_with::<E>(&mut shared);
            tallies.insert(key, t);
            t
        };
        deals += 1;
        games += tally.boards;
        total += weight;
        let boards = tally.boards.max(1) as f64;
        for p in 0..players {
            let e = tally.equity(p);
            equity[p] += weight * e;
            wins[p] += weight * tally.wins[p] as f64 / boards;
            ties[p] += weight * tally.ties[p] as f64 / boards;
            counts[p].wins += weight * tally.wins[p] as f64;
            counts[p].ties += weight * tally.ties[p] as f64;
            counts[p].losses += weight * tally.losses(p) as f64;
            let c = hands[p].cards;
            // A deal's combos are its ranges'.
            if let Some(at) = m.ranges[p].place(c[0], c[1]) {
                per[p][at].0 += weight;
                per[p][at].1 += weight * e;
            }
        }
    });
    progress(firsts, firsts);
    if let Some(e) = failed {
        return Err(e);
    }
    if deals == 0 {
        return Err(EquityError::NoDeal);
    }
    let per_combo = m
        .ranges
        .iter()
        .zip(per)
        .map(|(r, sums)| {
            r.combos()
                .iter()
                .zip(sums)
                .map(|(c, (w, e))| (*c, w / total, if w > 0.0 { e / w } else { 0.0 }))
                .collect()
        })
        .collect();
    Ok(Equity {
        equity: equity.iter().map(|e| e / total).collect(),
        wins: wins.iter().map(|w| w / total).collect(),
        ties: ties.iter().map(|t| t / total).collect(),
        counts,
        per_combo,
        deals,
        method: Method::Deals,
        classes: tallies.len(),
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use handeval_reference::ReferenceBest;

    #[test]
    fn suit_classes_are_the_24_renamings() {
        let perms = crate::boards::renamings();
        assert_eq!(perms.len(), 24);
        let mut sorted = perms.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
    }

    #[test]
    fn errors_name_the_player_and_the_reason() {
        let err = |r: &[&str], b: &str, d: &str| Matchup::new(r, b, d).unwrap_err().to_string();
        assert_eq!(
            err(&["QQ+", "AKx"], "", ""),
            "player 2's range: column 3: `x` after AK: expected s, o, +, -, @, a comma or the end"
        );
        assert_eq!(
            err(&["QQ+"], "", ""),
            "1 player: a matchup takes 2 to 6 ranges"
        );
        assert_eq!(
            err(&["AhAs", "KK"], "AhAdAc", ""),
            "player 1's range holds no combo beside the board and the dead cards"
        );
        assert_eq!(
            err(&["AA", "KK"], "2c2c3c", ""),
            "the card 2c is given twice"
        );
        assert_eq!(
            err(&["AA", "KK"], "2c3c", ""),
            "a board of 2 cards: it has 0 (preflop), 3 (flop), 4 (turn) or 5 (river)"
        );
        let m = Matchup::new(&["AhAs", "AhAs"], "", "").unwrap();
        assert_eq!(exact::<ReferenceBest>(&m), Err(EquityError::NoDeal));
    }

    #[test]
    fn progress_climbs_to_the_end_either_way() {
        // Deal by deal through the first player's combos; board by board
        // through the first cards of the boards.
        let m = Matchup::new(&["QQ+", "AKs"], "2c7d9h", "").unwrap();
        let rest = Card::COUNT - 3;
        for (method, of) in [
            (Method::Deals, m.ranges()[0].combos().len()),
            (Method::Boards, rest - 1),
        ] {
            let mut seen = Vec::new();
            exact_by::<ReferenceBest>(&m, Some(method), &mut |done, of| {
                seen.push((done, of));
            })
            .unwrap();
            assert_eq!(seen.last(), Some(&(of, of)), "{method}");
            assert!(
                seen.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 == of),
                "{method}: {seen:?}"
            );
        }
    }

    #[test]
    fn aces_against_kings_are_the_published_counts_either_way() {
        // The 36 deals of AA against KK, every board: 50,371,344 wins,
        // 285,228 ties and 10,986,372 losses of 61,642,944 games (the
        // figures PokerStove and OMPEval print), counted both ways.
        let m = Matchup::new(&["AA", "KK"], "", "").unwrap();
        for method in [Method::Deals, Method::Boards] {
            let e = exact_by::<handeval_perfhash::Seven>(&m, Some(method), &mut |_, _| {}).unwrap();
            assert_eq!(e.games, 61_642_944, "{method}");
            assert_eq!(
                e.counts[0].whole(),
                Some([50_371_344, 285_228, 10_986_372]),
                "{method}"
            );
            assert_eq!(
                e.counts[1].whole(),
                Some([10_986_372, 285_228, 50_371_344]),
                "{method}"
            );
            // The shares are the counts over the games.
            assert!((e.wins[0] - 50_371_344.0 / 61_642_944.0).abs() < 1e-12);
        }
        // A weighted range counts its deals' games by their weights: no
        // longer whole numbers, the same shares.
        let weighted = Matchup::new(&["0.3(AA)", "KK"], "", "").unwrap();
        let e = exact::<handeval_perfhash::Seven>(&weighted).unwrap();
        assert_eq!(e.counts[0].whole(), None);
        assert!((e.counts[0].wins - 0.3 * 50_371_344.0).abs() < 1e-3);
        assert!((e.counts[0].games() - 0.3 * 61_642_944.0).abs() < 1e-3);
        assert!((e.wins[0] - 50_371_344.0 / 61_642_944.0).abs() < 1e-12);
    }

    #[test]
    fn a_fixed_hand_matchup_is_its_showdown() {
        let m = Matchup::new(&["AhAs", "KdKc"], "2c7d9h", "").unwrap();
        let e = exact::<ReferenceBest>(&m).unwrap();
        let s = Showdown::new(
            &[
                ["Ah".parse().unwrap(), "As".parse().unwrap()],
                ["Kd".parse().unwrap(), "Kc".parse().unwrap()],
            ],
            &handeval_core::parse_cards("2c7d9h").unwrap(),
            &[],
        )
        .unwrap();
        let t = s.tally::<ReferenceBest>(0..s.first_cards());
        assert!((e.equity[0] - t.equity(0)).abs() < 1e-12);
        assert_eq!(e.deals, 1);
        assert_eq!(e.games, t.boards);
    }
}
