//! Hold'em equity of ranges, exact or estimated, counted with the
//! seven-card evaluator the registry recommends on this CPU.
//!
//! Ranges are written as equity tools take them (`"QQ+, AKs, 0.5(JJ,
//! AQo)"`, or one hand, `"AsKs"`); the board has 0, 3, 4 or 5 cards; dead
//! cards are out of every deal.
//!
//! ```
//! // Aces against kings before the flop, over all 1,712,304 boards.
//! let equity = handeval::equity::exact(&["AsAh", "KsKh"], "", "")?;
//! assert_eq!(equity.games, 1_712_304);
//! assert!(0.81 < equity.equity[0] && equity.equity[0] < 0.83);
//! assert!((equity.equity[0] + equity.equity[1] - 1.0).abs() < 1e-12);
//! # Ok::<(), handeval::Error>(())
//! ```
//!
//! What players study, exact: a range's made hands and draws on a board
//! with each class's equity against an opposing range ([`breakdown`]),
//! every combo of a range against another ([`table`]) and the flops to
//! ask it on ([`flops`]):
//!
//! ```
//! let b = handeval::equity::breakdown("random", "2c7d9h", "", Some("QQ+,AKs"))?;
//! let (_, sets) = b.made.iter().find(|(m, _)| m.name() == "set").unwrap();
//! assert_eq!(sets.combos, 9);
//! assert!(sets.equity.unwrap() > 0.9);
//! let t = handeval::equity::table("random", "QQ+,AKs", "2c7d9h", "")?;
//! assert_eq!(t.rows.len(), 1_176);
//! # Ok::<(), handeval::Error>(())
//! ```
//!
//! Omaha's fixed hands: [`crate::omaha::equity`] and its siblings.

pub use handeval_equity::breakdown::{Breakdown, Class, Draw, Draws, Line, Made};
pub use handeval_equity::exact::{Counts, Equity, EquityError, Matchup, Method};
pub use handeval_equity::hilo::{HiLoTally, POT};
pub use handeval_equity::lists::{HandTable, Row as HandRow};
pub use handeval_equity::monte_carlo::Estimate;
pub use handeval_equity::range::Range;
pub use handeval_equity::showdown::Tally;
pub use handeval_equity::versus::{Row, Table};

use handeval_core::{GameInfo, Hand7};

use crate::Error;

/// The seven-card evaluator equity counts with here.
fn evaluator() -> &'static str {
    handeval_registry::recommended(GameInfo::of::<Hand7>())
}

/// The exact equity of `ranges` (two to six players) on `board`, with
/// `dead` cards out: every deal of one combo per player, every board.
///
/// # Errors
/// [`Error::Equity`] naming the range, board or dead cards that do not
/// parse, a card used twice, or a matchup no deal satisfies.
///
/// # Panics
/// Never: the recommended evaluator is one of the game's.
pub fn exact(ranges: &[&str], board: &str, dead: &str) -> Result<Equity, Error> {
    let matchup = Matchup::new(ranges, board, dead)?;
    let equity = handeval_registry::range_equity(evaluator(), &matchup, &mut |_, _| {})
        .expect("the recommended evaluator values seven-card hands")?;
    Ok(equity)
}

/// A Monte Carlo estimate of `ranges`' equities on `board`, dealt from
/// `seed`, played until every player's standard error is at most `stderr`.
///
/// # Errors
/// As [`exact`].
///
/// # Panics
/// Never, as [`exact`].
pub fn estimate(
    ranges: &[&str],
    board: &str,
    dead: &str,
    seed: u64,
    stderr: f64,
) -> Result<Estimate, Error> {
    let matchup = Matchup::new(ranges, board, dead)?;
    let estimate =
        handeval_registry::range_estimate(evaluator(), &matchup, seed, stderr, &mut |_| true)
            .expect("the recommended evaluator values seven-card hands")?;
    Ok(estimate)
}

/// `text` read as a range, an error naming player `player`'s.
fn range(player: usize, text: &str) -> Result<Range, Error> {
    text.parse()
        .map_err(|error| Error::Equity(EquityError::Range { player, error }))
}

/// `text` read as cards, an error naming `what`.
fn cards(what: &str, text: &str) -> Result<Vec<handeval_core::Card>, Error> {
    handeval_core::parse_cards(text).map_err(|e| {
        Error::Equity(EquityError::Cards {
            what: what.into(),
            error: e.to_string(),
        })
    })
}

/// Every combo of `hero` (a range, `random` for all 1,326) against
/// `villain` on `board` with `dead` cards out, exact: one row a combo, its
/// opposing weight and equity.
///
/// # Errors
/// As [`exact`] for the two ranges.
///
/// # Panics
/// Never, as [`exact`].
pub fn table(hero: &str, villain: &str, board: &str, dead: &str) -> Result<Table, Error> {
    let (hero, villain) = (range(1, hero)?, range(2, villain)?);
    let (board, dead) = (cards("the board", board)?, cards("the dead cards", dead)?);
    let t = handeval_equity::versus::table_by(&hero, &villain, &board, &dead, |m| {
        handeval_registry::range_equity(evaluator(), m, &mut |_, _| {})
            .expect("the recommended evaluator values seven-card hands")
    })?;
    Ok(t)
}

/// `range` broken down on `board` (a flop, turn or river) with `dead`
/// cards out: its made hands and draws (defined in
/// [`handeval_equity::breakdown`]), each class's combos, weight and share,
/// and, given `versus`, its equity against that range, exact.
///
/// # Errors
/// A range or card that does not parse, a board of other than 3 to 5
/// cards, a card twice, a range the board leaves nothing of.
///
/// # Panics
/// Never, as [`exact`].
pub fn breakdown(
    range_text: &str,
    board: &str,
    dead: &str,
    versus: Option<&str>,
) -> Result<Breakdown, Error> {
    let hero = range(1, range_text)?;
    let (board_cards, dead_cards) = (cards("the board", board)?, cards("the dead cards", dead)?);
    // The board is checked before an opposing count is made on it.
    let alone = handeval_equity::breakdown::breakdown(&hero, &board_cards, &dead_cards, None)?;
    let Some(villain) = versus else {
        return Ok(alone);
    };
    let t = table(range_text, villain, board, dead)?;
    Ok(handeval_equity::breakdown::breakdown(
        &hero,
        &board_cards,
        &dead_cards,
        Some(&t),
    )?)
}

/// [`breakdown`] in the game `game` (an id, as [`showdown`] takes them):
/// Hold'em (`seven`, [`breakdown`] itself) or short deck (`short7`,
/// `short7t`), whose classes are Hold'em's by its deck and ranking
/// ([`handeval_equity::breakdown::classify_of`]); `random` is every combo
/// of the game's deck, and any other range naming a card the deck lacks
/// is an error. With `versus`, each class's equity is counted by
/// [`table_of`].
///
/// ```
/// let b = handeval::equity::breakdown_of("short7", "random", "9h8d7c", "", None)?;
/// let (_, straights) = b.made.iter().find(|(m, _)| m.name() == "straight").unwrap();
/// // A-6, T-6 and J-T make a straight (16 combos each): A-6-7-8-9 among them.
/// assert_eq!(straights.combos, 48);
/// # Ok::<(), handeval::Error>(())
/// ```
///
/// # Errors
/// As [`breakdown`]; [`Error::Game`] for an id that is no game's, and
/// [`EquityError::Game`] for a game of other hands (Omaha's four to six
/// hole cards, a Hi-Lo game's two pots, a game without a board).
pub fn breakdown_of(
    game: &str,
    range_text: &str,
    board: &str,
    dead: &str,
    versus: Option<&str>,
) -> Result<Breakdown, Error> {
    if game == "seven" {
        return breakdown(range_text, board, dead, versus);
    }
    breakdown_by_id(game, range_text, (board, dead), versus)
        .unwrap_or_else(|| Err(Error::Game(game.to_string())))
}

/// [`breakdown_of`] in `G`.
fn breakdown_in<G: handeval_core::Game>(
    range_text: &str,
    board: &str,
    dead: &str,
    versus: Option<&str>,
) -> Result<Breakdown, Error> {
    let mut hero = range(1, range_text)?;
    if range_text.trim().eq_ignore_ascii_case("random") {
        hero = hero.without(!G::RULES.deck());
    }
    let (board_cards, dead_cards) = (cards("the board", board)?, cards("the dead cards", dead)?);
    // The game, board and range are checked before an opposing count is
    // made on them.
    let alone =
        handeval_equity::breakdown::breakdown_of::<G>(&hero, &board_cards, &dead_cards, None)?;
    let Some(villain) = versus else {
        return Ok(alone);
    };
    let t = high_table::<G>((range_text, villain), board, dead)?;
    Ok(handeval_equity::breakdown::breakdown_of::<G>(
        &hero,
        &board_cards,
        &dead_cards,
        Some(&t),
    )?)
}

/// The flops a study of `hero` against `villain` asks about with `dead`
/// cards out: each class of flops up to the suit renamings that leave the
/// ranges as they are once (1,755 for ranges without suits), as its least
/// flop and the flops of its class.
///
/// # Errors
/// A range or card that does not parse.
pub fn flops(
    hero: &str,
    villain: &str,
    dead: &str,
) -> Result<Vec<([handeval_core::Card; 3], u32)>, Error> {
    let (hero, villain) = (range(1, hero)?, range(2, villain)?);
    let dead = cards("the dead cards", dead)?;
    Ok(handeval_equity::versus::flops(&hero, &villain, &dead))
}

/// A showdown of fixed hands counted over every board ([`showdown`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Showdown {
    /// A game of one pot to the best high hand: each player's wins and
    /// ties.
    High(Tally),
    /// A Hi-Lo game: each pot split between the best high and the best
    /// qualifying low.
    HiLo(HiLoTally),
}

impl Showdown {
    /// Player `p`'s equity: their share of the pots, per board.
    #[must_use]
    pub fn equity(&self, p: usize) -> f64 {
        match self {
            Showdown::High(t) => t.equity(p),
            Showdown::HiLo(t) => t.equity(p),
        }
    }

    /// The boards counted.
    #[must_use]
    pub fn boards(&self) -> u64 {
        match self {
            Showdown::High(t) => t.boards,
            Showdown::HiLo(t) => t.boards,
        }
    }
}

/// Fixed hands of the game `game` (an id of [`crate::game_ids`] with a
/// board: `seven`, `short7`, `short7t`, the Omaha games, `omaha8`, `bigo`)
/// counted over every board that can come on `board` with `dead` cards
/// out, each hand its hole cards in card notation (`"As Ad Ks Kd"`),
/// valued by the game's recommended evaluators.
///
/// ```
/// use handeval::equity::{showdown, Showdown};
/// let pots = showdown("omaha8", &["Ah 2h Kc Kd", "As 3s Qc Qd"], "4c 5d 9h", "")?;
/// let Showdown::HiLo(tally) = pots else { unreachable!() };
/// assert_eq!(tally.boards, 820);
/// assert!((pots.equity(0) + pots.equity(1) - 1.0).abs() < 1e-12);
/// # Ok::<(), handeval::Error>(())
/// ```
///
/// # Errors
/// [`EquityError::Game`] for a game without a board (`five`, `razz`,
/// `stud8`, `badugi`), [`Error::Game`] for an id not on the list, and as
/// [`exact`]
/// for hands, board and dead cards that do not parse, repeat a card or
/// lie outside the game's deck.
pub fn showdown(game: &str, hands: &[&str], board: &str, dead: &str) -> Result<Showdown, Error> {
    showdown_by_id(game, hands, board, dead).unwrap_or_else(|| Err(Error::Game(game.to_string())))
}

/// A Monte Carlo estimate of fixed hands of the game `game` (as
/// [`showdown`] takes them), dealt from `seed`, played until each
/// player's standard error is at most `stderr`: each board's pot to the
/// best hand by the game's batch call (`classes`), a Hi-Lo game's split
/// with the best qualifying low (`lows`).
///
/// # Errors
/// As [`showdown`].
pub fn estimate_showdown(
    game: &str,
    hands: &[&str],
    board: &str,
    dead: &str,
    seed: u64,
    stderr: f64,
) -> Result<Estimate, Error> {
    estimate_by_id(game, hands, board, dead, seed, stderr)
        .unwrap_or_else(|| Err(Error::Game(game.to_string())))
}

/// A game's batch call of classes (lower is stronger) over rows of card
/// numbers.
type RowClasses<const N: usize> = fn(&[[u8; N]], &mut [u16]) -> Result<(), Error>;

/// A Hi-Lo game's batch call of low classes (lower is stronger, 0 none).
type RowLows<const N: usize> = fn(&[[u8; N]], &mut [u8]) -> Result<(), Error>;

/// [`estimate_showdown`] of `G`'s fixed hands, each board's hands valued
/// as rows by `classes` (and `lows`, a Hi-Lo game's).
fn estimate_rows<G: handeval_core::Game, const N: usize>(
    holes: (&[&str], &str, &str),
    seed: u64,
    stderr: f64,
    classes: RowClasses<N>,
    lows: Option<RowLows<N>>,
) -> Result<Estimate, Error> {
    let (hands, board, dead) = holes;
    with_a_board::<G>()?;
    let m = handeval_equity::fixed::FixedHands::<G>::new(hands, board, dead)?;
    let players = m.holes().len();
    let mut rows = vec![[0u8; N]; players];
    let (mut high, mut low) = (vec![0u16; players], vec![0u8; players]);
    let mut failed = None;
    let mut shares = |full: &[handeval_core::Card], out: &mut [f64]| {
        for (row, hole) in rows.iter_mut().zip(m.holes()) {
            for (slot, card) in row.iter_mut().zip(hole.iter().chain(full)) {
                *slot = card.index();
            }
        }
        let valued = classes(&rows, &mut high)
            .and_then(|()| lows.map_or(Ok(()), |lows| lows(&rows, &mut low)));
        if let Err(e) = valued {
            failed.get_or_insert(e);
        }
        let best = high.iter().min().copied().unwrap_or(0);
        let best_low = low.iter().filter(|&&l| l > 0).min().copied();
        let high_winners = high.iter().filter(|&&h| h == best).count() as f64;
        let low_winners = low.iter().filter(|&&l| Some(l) == best_low).count() as f64;
        // Half the pot to the best qualifying low where there is one.
        let high_pot = if best_low.is_some() { 0.5 } else { 1.0 };
        for (p, share) in out.iter_mut().enumerate() {
            *share = if high[p] == best {
                high_pot / high_winners
            } else {
                0.0
            };
            if best_low.is_some() && Some(low[p]) == best_low {
                *share += 0.5 / low_winners;
            }
        }
    };
    let estimate = handeval_equity::monte_carlo::estimate_by(
        players,
        m.board(),
        m.rest(),
        seed,
        stderr,
        &mut shares,
        &mut |_| true,
    )?;
    match failed {
        Some(e) => Err(e),
        None => Ok(estimate),
    }
}

/// [`showdown`] and [`estimate_showdown`] by the game's id, each `None`
/// for an id not on the list: a game's count and estimate by its kind (a
/// Hi-Lo game's split pots, no count of badugi's hands, which share no
/// board), from the lab's one list.
macro_rules! by_id {
    ($($(#[$doc:meta])* $kind:ident $id:ident: $game:ty = $example:literal;)*) => {
        fn showdown_by_id(
            game: &str,
            hands: &[&str],
            board: &str,
            dead: &str,
        ) -> Option<Result<Showdown, Error>> {
            $(
            if game == stringify!($id) {
                return Some(by_id!(@count $kind $id, $game, hands, board, dead));
            }
            )*
            None
        }

        fn table_by_id(
            game: &str,
            lists: (&str, &str),
            board: &str,
            dead: &str,
        ) -> Option<Result<HandTable, Error>> {
            $(
            if game == stringify!($id) {
                return Some(by_id!(@table $kind $id, $game, lists, board, dead));
            }
            )*
            None
        }

        fn breakdown_by_id(
            game: &str,
            range: &str,
            (board, dead): (&str, &str),
            versus: Option<&str>,
        ) -> Option<Result<Breakdown, Error>> {
            $(
            if game == stringify!($id) {
                return Some(by_id!(@breakdown $kind $id, $game, range, board, dead, versus));
            }
            )*
            None
        }

        fn estimate_by_id(
            game: &str,
            hands: &[&str],
            board: &str,
            dead: &str,
            seed: u64,
            stderr: f64,
        ) -> Option<Result<Estimate, Error>> {
            $(
            if game == stringify!($id) {
                return Some(by_id!(@estimate $kind $id, $game, (hands, board, dead), seed, stderr));
            }
            )*
            None
        }
    };
    (@count hi_lo $id:ident, $game:ty, $h:ident, $b:ident, $d:ident) => {
        hi_lo::<$game>($h, $b, $d).map(Showdown::HiLo)
    };
    (@count badugi $id:ident, $game:ty, $h:ident, $b:ident, $d:ident) => {
        Err(Error::Equity(EquityError::Game(GameInfo::of::<$game>().word)))
    };
    (@count $kind:ident $id:ident, $game:ty, $h:ident, $b:ident, $d:ident) => {
        with_a_board::<$game>().and_then(|()| fixed::<$game>($h, $b, $d).map(Showdown::High))
    };
    (@table hi_lo $id:ident, $game:ty, $l:ident, $b:ident, $d:ident) => {
        with_a_board::<$game>().and_then(|()| hi_lo_table::<$game>($l, $b, $d))
    };
    (@table badugi $id:ident, $game:ty, $l:ident, $b:ident, $d:ident) => {
        Err(Error::Equity(EquityError::Game(GameInfo::of::<$game>().word)))
    };
    (@table $kind:ident $id:ident, $game:ty, $l:ident, $b:ident, $d:ident) => {
        with_a_board::<$game>().and_then(|()| high_table::<$game>($l, $b, $d))
    };
    (@breakdown hi_lo $id:ident, $game:ty, $r:ident, $b:ident, $d:ident, $v:ident) => {
        Err(Error::Equity(EquityError::Game(GameInfo::of::<$game>().word)))
    };
    (@breakdown badugi $id:ident, $game:ty, $r:ident, $b:ident, $d:ident, $v:ident) => {
        Err(Error::Equity(EquityError::Game(GameInfo::of::<$game>().word)))
    };
    (@breakdown $kind:ident $id:ident, $game:ty, $r:ident, $b:ident, $d:ident, $v:ident) => {
        breakdown_in::<$game>($r, $b, $d, $v)
    };
    (@estimate hi_lo $id:ident, $game:ty, $holes:expr, $seed:ident, $stderr:ident) => {
        estimate_rows::<<$game as handeval_core::Game>::High, { crate::$id::CARDS }>(
            $holes,
            $seed,
            $stderr,
            crate::$id::classes,
            Some(crate::$id::lows),
        )
    };
    (@estimate badugi $id:ident, $game:ty, $holes:expr, $seed:ident, $stderr:ident) => {
        Err(Error::Equity(EquityError::Game(GameInfo::of::<$game>().word)))
    };
    (@estimate $kind:ident $id:ident, $game:ty, $holes:expr, $seed:ident, $stderr:ident) => {
        estimate_rows::<$game, { crate::$id::CARDS }>(
            $holes,
            $seed,
            $stderr,
            crate::$id::classes,
            None,
        )
    };
}

handeval_core::for_each_game!(by_id);

/// Every hand of `hero` against every hand of `villain` in the game
/// `game` (an id with a board, as [`showdown`] takes them) on `board` with
/// `dead` cards out, exact: one row a hand, its opposing weight and its
/// equity over every board to come (a Hi-Lo game's share of the pots),
/// counted by [`handeval_equity::lists::table`] with the game's
/// recommended evaluators. Hold'em's ranges have a faster count of their
/// own, [`table`].
///
/// In a game of two hole cards (`seven`, `short7`, `short7t`) each list is
/// a range as [`exact`] reads it, its combos beside the board and the dead
/// cards (`random`: every combo of the game's deck; any other range
/// naming a card the deck lacks, a two in short deck, is an error); in
/// an Omaha game each is hands in card notation separated by commas
/// (`"AsAdKsKd, 9h8h7c6c"`), each of weight one.
///
/// ```
/// let t = handeval::equity::table_of("omaha", "AhAsKhQs", "9c8d7c6d, KcKdJcTd", "Ac5c2d", "")?;
/// assert_eq!((t.rows.len(), t.deals, t.games), (1, 2, 2 * 820));
/// assert!(t.rows[0].equity.unwrap() > 0.5);
/// # Ok::<(), handeval::Error>(())
/// ```
///
/// # Errors
/// As [`showdown`] for the game, board and dead cards; a range, hand or
/// card that does not parse, named with its list (`player 1` is `hero`)
/// and place; a hand with a card on the board or dead; an empty list.
pub fn table_of(
    game: &str,
    hero: &str,
    villain: &str,
    board: &str,
    dead: &str,
) -> Result<HandTable, Error> {
    table_by_id(game, (hero, villain), board, dead)
        .unwrap_or_else(|| Err(Error::Game(game.to_string())))
}

/// A list of [`table_of`] as weighted hands of `G`: a range's combos in a
/// game of two hole cards, else hands separated by commas.
fn hands_of<G: handeval_core::Game>(
    player: usize,
    text: &str,
    known: u64,
) -> Result<Vec<(Vec<handeval_core::Card>, f64)>, Error> {
    if handeval_equity::fixed::held::<G>() == 2 {
        let deck = G::RULES.deck();
        let every = text.trim().eq_ignore_ascii_case("random");
        let mut hands = Vec::new();
        for c in range(player, text)?.combos() {
            if c.mask() & !deck != 0 {
                if every {
                    continue;
                }
                let card = c.cards.into_iter().find(|k| deck >> k.index() & 1 == 0);
                return Err(Error::Equity(EquityError::OutsideDeck {
                    card: card.expect("a card outside the deck"),
                    game: G::WORD,
                }));
            }
            // A range's combos are those the board and dead cards leave.
            if c.mask() & known == 0 {
                hands.push((c.cards.to_vec(), c.weight));
            }
        }
        if hands.is_empty() {
            return Err(Error::Equity(EquityError::Empty { player }));
        }
        return Ok(hands);
    }
    text.split(',')
        .enumerate()
        .map(|(i, hand)| {
            let what = format!("player {player}'s hand {} `{}`", i + 1, hand.trim());
            Ok((cards(&what, hand)?, 1.0))
        })
        .collect()
}

/// The board, the dead cards and both lists of a [`table_of`] of `G`.
type Lists = (
    Vec<handeval_core::Card>,
    Vec<handeval_core::Card>,
    Vec<(Vec<handeval_core::Card>, f64)>,
    Vec<(Vec<handeval_core::Card>, f64)>,
);

/// Parses a [`table_of`]'s input for `G`.
fn lists_of<G: handeval_core::Game>(
    (hero, villain): (&str, &str),
    board: &str,
    dead: &str,
) -> Result<Lists, Error> {
    let (board, dead) = (cards("the board", board)?, cards("the dead cards", dead)?);
    let known = board
        .iter()
        .chain(&dead)
        .fold(0u64, |m, c| m | 1 << c.index());
    let hero = hands_of::<G>(1, hero, known)?;
    let villain = hands_of::<G>(2, villain, known)?;
    Ok((board, dead, hero, villain))
}

/// The recommended evaluator of `G` on this CPU.
fn evaluator_of<G: handeval_core::Game>() -> Box<dyn handeval_registry::DynEvaluator<G>> {
    let name = handeval_registry::recommended(GameInfo::of::<G>());
    handeval_registry::all::<G>()
        .into_iter()
        .find(|e| e.name() == name)
        .expect("the recommended evaluator is one of the game's")
}

/// [`table_of`] of a game of one pot to the best hand: the lower class
/// wins, equal classes split.
fn high_table<G: handeval_core::Game>(
    lists: (&str, &str),
    board: &str,
    dead: &str,
) -> Result<HandTable, Error> {
    let (board, dead, hero, villain) = lists_of::<G>(lists, board, dead)?;
    let kernel = evaluator_of::<G>();
    Ok(handeval_equity::lists::table::<G, u16>(
        (&hero, &villain),
        (&board, &dead),
        |hands, out| kernel.classes(hands, out),
        |a, b| match a.cmp(&b) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        },
        0,
    )?)
}

/// [`table_of`] of a Hi-Lo game: half the pot to the best high (the lower
/// class), half to the best qualifying low, the whole pot to the high
/// when neither hand has a low, as [`HiLoTally`] splits it.
fn hi_lo_table<G: handeval_core::Game>(
    lists: (&str, &str),
    board: &str,
    dead: &str,
) -> Result<HandTable, Error> {
    use handeval_core::low::Low;
    let (board, dead, hero, villain) = lists_of::<G::High>(lists, board, dead)?;
    let kernel = evaluator_of::<G::High>();
    let lows = handeval_registry::low_equity_evaluator::<G>().lows;
    let mut low_values = Vec::new();
    let half = |ours: bool, tie: bool| {
        if ours {
            1.0
        } else if tie {
            0.5
        } else {
            0.0
        }
    };
    Ok(handeval_equity::lists::table::<G::High, (u16, Low)>(
        (&hero, &villain),
        (&board, &dead),
        |hands, out| {
            let mut classes = vec![0u16; hands.len()];
            kernel.classes(hands, &mut classes);
            low_values.clear();
            low_values.resize(hands.len(), Low::NONE);
            lows(hands, &mut low_values);
            for ((o, c), l) in out.iter_mut().zip(classes).zip(&low_values) {
                *o = (c, *l);
            }
        },
        |(high, low), (their_high, their_low)| {
            let high_share = half(high < their_high, high == their_high);
            if !low.is_some() && !their_low.is_some() {
                return high_share;
            }
            let low_share = half(low.beats(their_low), low == their_low);
            f64::midpoint(high_share, low_share)
        },
        (0, Low::NONE),
    )?)
}

/// An error unless `G`'s hands are hole cards and a board (a five-card
/// hand has none to come: the count would deal a board to hands it does
/// not take).
fn with_a_board<G: handeval_core::Game>() -> Result<(), Error> {
    let info = GameInfo::of::<G>();
    if info.board == 0 {
        return Err(Error::Equity(EquityError::Game(info.word)));
    }
    Ok(())
}

/// The Hi-Lo showdown of fixed hands of `G` over every board: the highs
/// by the recommended evaluator of its high game, the lows by its own.
fn hi_lo<G: handeval_core::Game>(
    hands: &[&str],
    board: &str,
    dead: &str,
) -> Result<HiLoTally, Error> {
    with_a_board::<G>()?;
    let m = handeval_equity::fixed::FixedHands::<G::High>::new(hands, board, dead)?;
    let lows = handeval_registry::low_equity_evaluator::<G>().lows;
    let high = handeval_registry::recommended(GameInfo::of::<G::High>());
    Ok(handeval_registry::hi_lo_equity::<G::High>(high, lows, &m)
        .expect("the recommended evaluator values the game's highs"))
}

/// The showdown of fixed hands of `G` on `board` over every board.
pub(crate) fn fixed<G: handeval_core::Game>(
    hands: &[&str],
    board: &str,
    dead: &str,
) -> Result<Tally, Error> {
    let game = GameInfo::of::<G>();
    let tally = handeval_registry::fixed_equity(
        handeval_registry::recommended(game),
        game,
        hands,
        board,
        dead,
        false,
    )
    .expect("the recommended evaluator values the game's hands")?;
    Ok(tally)
}
