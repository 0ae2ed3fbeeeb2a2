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
//! flush once.
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
//! let e = exact::<Hand7, ReferenceBest>(&m).unwrap();
//! assert!((e.equity[0] - 0.81255).abs() < 1e-4);
//! ```

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

#[cfg(doc)]
use handeval_core::Hand7;
use handeval_core::{BestFive, Card, Counted, Game, Showdown, Tally};

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
        /// `the board` or `the dead cards`.
        what: &'static str,
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
    /// The evaluator is not of seven-card Hold'em hands (its game's word).
    Game(&'static str),
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
            EquityError::Game(word) => write!(
                f,
                "an evaluator of {word} hands: range equity values seven-card Hold'em hands"
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
        let cards = |what: &'static str, text: &str| {
            handeval_core::parse_cards(text).map_err(|e| EquityError::Cards {
                what,
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
    /// Deals counted (one combo per player, no card twice).
    pub deals: u64,
    /// Classes of deals up to suit renaming, each counted once.
    pub classes: usize,
    /// Games: deals times the boards each can come with.
    pub games: u64,
}

/// The 24 renamings of the four suits.
fn permutations() -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                out.push([a, b, c, d]);
            }
        }
    }
    out
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
/// of seven-card Hold'em hands (`G` is [`Hand7`]: a registry walks
/// evaluators by game, and hands this one over with its game).
///
/// # Errors
/// [`EquityError::Game`] when `G` is not seven-card Hold'em,
/// [`EquityError::NoDeal`] when no deal holds each card at most once, or
/// [`EquityError::Deck`] when the cards left cannot make the board.
pub fn exact<G: Game, E: BestFive<G>>(m: &Matchup) -> Result<Equity, EquityError> {
    exact_with::<G, E>(m, &mut |_, _| {})
}

/// [`exact`], calling `progress(done, of)` as the first player's combos
/// are counted (`of` of them), for a progress bar.
///
/// # Errors
/// As [`exact`].
pub fn exact_with<G: Game, E: BestFive<G>>(
    m: &Matchup,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Equity, EquityError> {
    if G::COUNT != 7 || G::HOLE != 0 {
        return Err(EquityError::Game(G::WORD));
    }
    let players = m.ranges.len();
    let perms = permutations();
    let mut tallies: BTreeMap<Vec<u8>, Tally> = BTreeMap::new();
    let mut equity = alloc::vec![0.0; players];
    let mut wins = alloc::vec![0.0; players];
    let mut ties = alloc::vec![0.0; players];
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
            let t = s.tally_by_ranks::<G, E>();
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
        per_combo,
        deals,
        classes: tallies.len(),
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use handeval_core::Hand7;
    use handeval_reference::ReferenceBest;

    #[test]
    fn suit_classes_are_the_24_renamings() {
        let perms = permutations();
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
        assert_eq!(exact::<Hand7, ReferenceBest>(&m), Err(EquityError::NoDeal));
    }

    #[test]
    fn progress_climbs_through_the_first_players_combos() {
        let m = Matchup::new(&["QQ+", "AKs"], "2c7d9h", "").unwrap();
        let mut seen = Vec::new();
        exact_with::<Hand7, ReferenceBest>(&m, &mut |done, of| seen.push((done, of))).unwrap();
        let of = m.ranges()[0].combos().len();
        assert_eq!(seen.last(), Some(&(of, of)));
        assert!(
            seen.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 == of),
            "{seen:?}"
        );
    }

    #[test]
    fn a_fixed_hand_matchup_is_its_showdown() {
        let m = Matchup::new(&["AhAs", "KdKc"], "2c7d9h", "").unwrap();
        let e = exact::<Hand7, ReferenceBest>(&m).unwrap();
        let s = Showdown::new(
            &[
                ["Ah".parse().unwrap(), "As".parse().unwrap()],
                ["Kd".parse().unwrap(), "Kc".parse().unwrap()],
            ],
            &handeval_core::parse_cards("2c7d9h").unwrap(),
            &[],
        )
        .unwrap();
        let t = s.tally::<Hand7, ReferenceBest>(0..s.first_cards());
        assert!((e.equity[0] - t.equity(0)).abs() < 1e-12);
        assert_eq!(e.deals, 1);
        assert_eq!(e.games, t.boards);
    }
}
