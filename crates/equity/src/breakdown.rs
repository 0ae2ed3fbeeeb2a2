//! What a range holds on a board: its made hands and its draws, as
//! players name them, with combos, weight and share per class, and, given
//! an opposing range, each class's equity against it.
//!
//! # The classes
//!
//! Every combo the board and dead cards leave has exactly one **made
//! hand** (the first of these that holds), so the made classes add up to
//! the range:
//!
//! | class | the combo with the board (3 to 5 cards) |
//! |---|---|
//! | straight flush, quads, full house, flush, straight | the category of its best five cards, board included: what it shows down with, even when the board alone makes it (a river board's straight is every hand's straight) |
//! | set | a pocket pair with one board card of its rank |
//! | trips | one hole card with two board cards of its rank |
//! | two pair | both hole cards (not a pair) pair a board card each |
//! | overpair | a pocket pair above every board card |
//! | top pair, top kicker / good kicker / weak kicker | one hole card pairs the board's highest rank; the kicker (the other hole card) is *top* when no rank above it is left off the board and the pair, *good* when one or two are, *weak* otherwise (on `K72`: `AK` top, `KQ` and `KJ` good, `KT` weak) |
//! | pocket pair below top | a pocket pair below the board's highest rank and above its second (or below the highest of a board of one rank) |
//! | middle pair | one hole card pairs the board's second-highest rank |
//! | weak pair | one hole card pairs a lower board rank, or a pocket pair below the board's second rank |
//! | ace high | none of the above, an ace in the hole |
//! | no made hand | the rest |
//!
//! Below the straight, a class is named for what **the hole cards** add:
//! the board's own pair or trips is not the hand's. On a paired board
//! `KK7`, `AQ` is ace high (its best five hold the board's kings), `7x` is
//! middle pair (the board's second rank is the seven), `Kx` trips; on
//! `K77`, `Kx` is top pair (it pairs the board's highest rank; its best
//! five are two pair).
//!
//! **Draws** are counted on the flop and the turn only (no card is to
//! come after the river), may overlap each other and any made class, and
//! count only a card still unseen (not held, on the board or dead):
//!
//! | draw | the combo with the board |
//! |---|---|
//! | flush draw | not yet a flush or better; four cards of one suit, at least one in the hole, and a card of the suit unseen |
//! | open-ended | not yet a straight or better; two or more ranks, each with a card unseen, any of which makes a straight higher than the board and that card alone make (eight outs: the two-way draw and the double gutshot) |
//! | gutshot | the same with exactly one such rank (four outs at most) |
//! | combo draw | a flush draw and an open-ended or gutshot straight draw: a gutshot that also draws to a flush is counted as a gutshot, a flush draw and a combo draw |
//! | backdoor flush draw | on the flop, no flush draw; both hole cards and one board card of one suit, two cards of it unseen |
//! | backdoor straight draw | on the flop, not yet a straight or better and no straight draw; two ranks to come (each a card unseen) make a straight higher than the board and those two alone make |
//! | overcards | ace high or no made hand, both hole cards above every board card |
//!
//! "Higher than the board alone makes" is how the hole cards must play:
//! on a turn `5c6d7h8s` every nine or four makes the board a straight for
//! everyone, so `AK` draws to nothing, and `T9`'s nines are no outs (it is
//! a straight already).
//!
//! # A worked example
//!
//! On `9h8d2c`, `JdTd` has no made hand but an open-ended straight draw
//! (a queen or a seven), a backdoor flush draw (both diamonds and the
//! eight of diamonds) and overcards; `Jd7d` a gutshot (only a ten) with
//! the same backdoor flush draw; `AsAc` an overpair; `9s8s` two pair:
//!
//! ```
//! use handeval_core::parse_cards;
//! use handeval_equity::breakdown::{classify, Draw, Made};
//! let board = parse_cards("9h8d2c").unwrap();
//! let hand = |s: &str| <[_; 2]>::try_from(parse_cards(s).unwrap()).unwrap();
//! let class = |h: &str| classify(hand(h), &board, &[]).unwrap();
//! let jt = class("JdTd");
//! assert_eq!(jt.made, Made::Nothing);
//! assert_eq!(jt.draws.to_string(), "open-ended, backdoor flush draw, overcards");
//! let j7 = class("Jd7d");
//! assert!(j7.draws.contains(Draw::Gutshot) && !j7.draws.contains(Draw::OpenEnded));
//! assert_eq!(class("AsAc").made, Made::Overpair);
//! assert_eq!(class("9s8s").made, Made::TwoPair);
//! ```

use alloc::vec::Vec;
use core::fmt;

use handeval_core::rules::{Rules, STANDARD};
use handeval_core::{Card, Category, Game, Value};

use crate::exact::EquityError;
use crate::fixed::{deals_a_board, distinct_of, held};
use crate::lists::HandTable;
use crate::range::{Combo, Range};
use crate::versus::Table;

/// A combo's made hand on a board (see the [module](self)): exactly one
/// per combo, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Made {
    /// Five in sequence of one suit (royal flush included).
    StraightFlush,
    /// Four of a kind.
    Quads,
    /// Three of a kind and a pair.
    FullHouse,
    /// Five of one suit.
    Flush,
    /// Five in sequence.
    Straight,
    /// A pocket pair and one board card of its rank.
    Set,
    /// One hole card and two board cards of its rank.
    Trips,
    /// Both hole cards pair the board.
    TwoPair,
    /// A pocket pair above the board.
    Overpair,
    /// Top pair, no rank left above the kicker.
    TopPairTopKicker,
    /// Top pair, one or two ranks left above the kicker.
    TopPairGoodKicker,
    /// Top pair, three or more ranks left above the kicker.
    TopPairWeakKicker,
    /// A pocket pair between the board's two highest ranks.
    PocketPairBelowTop,
    /// A hole card pairs the board's second rank.
    MiddlePair,
    /// A lower pair of the hole cards' own.
    WeakPair,
    /// Nothing paired, an ace in the hole.
    AceHigh,
    /// Nothing paired, no ace.
    Nothing,
}

impl Made {
    /// Every made class, strongest first.
    pub const ALL: [Made; 17] = [
        Made::StraightFlush,
        Made::Quads,
        Made::FullHouse,
        Made::Flush,
        Made::Straight,
        Made::Set,
        Made::Trips,
        Made::TwoPair,
        Made::Overpair,
        Made::TopPairTopKicker,
        Made::TopPairGoodKicker,
        Made::TopPairWeakKicker,
        Made::PocketPairBelowTop,
        Made::MiddlePair,
        Made::WeakPair,
        Made::AceHigh,
        Made::Nothing,
    ];

    /// The category of the five a combo of the class shows down with,
    /// where the class is one (a straight flush to a straight), else the
    /// category the hole cards make of their own: trips for a set or
    /// trips, two pair, one pair for the pairs, high card for the rest.
    #[must_use]
    pub const fn category(self) -> Category {
        match self {
            Made::StraightFlush => Category::StraightFlush,
            Made::Quads => Category::FourOfAKind,
            Made::FullHouse => Category::FullHouse,
            Made::Flush => Category::Flush,
            Made::Straight => Category::Straight,
            Made::Set | Made::Trips => Category::ThreeOfAKind,
            Made::TwoPair => Category::TwoPair,
            Made::Overpair
            | Made::TopPairTopKicker
            | Made::TopPairGoodKicker
            | Made::TopPairWeakKicker
            | Made::PocketPairBelowTop
            | Made::MiddlePair
            | Made::WeakPair => Category::OnePair,
            Made::AceHigh | Made::Nothing => Category::HighCard,
        }
    }

    /// Every made class, strongest first by `rules`: [`Made::ALL`] in
    /// Hold'em; in short deck the flush above the full house, and with
    /// trips above the straight (`short7t`) the set and trips above the
    /// straight too.
    #[must_use]
    pub fn order(rules: &Rules) -> [Made; 17] {
        let mut out = Made::ALL;
        // Stable: the classes of one category keep ALL's order.
        out.sort_by_key(|m| core::cmp::Reverse(rules.tier(m.category())));
        out
    }

    /// The class as players write it (`top pair, top kicker`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Made::StraightFlush => "straight flush",
            Made::Quads => "quads",
            Made::FullHouse => "full house",
            Made::Flush => "flush",
            Made::Straight => "straight",
            Made::Set => "set",
            Made::Trips => "trips",
            Made::TwoPair => "two pair",
            Made::Overpair => "overpair",
            Made::TopPairTopKicker => "top pair, top kicker",
            Made::TopPairGoodKicker => "top pair, good kicker",
            Made::TopPairWeakKicker => "top pair, weak kicker",
            Made::PocketPairBelowTop => "pocket pair below top",
            Made::MiddlePair => "middle pair",
            Made::WeakPair => "weak pair",
            Made::AceHigh => "ace high",
            Made::Nothing => "no made hand",
        }
    }
}

/// A draw (see the [module](self)); a combo may have several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Draw {
    /// Four to a flush, one of them in the hole.
    FlushDraw,
    /// Two or more ranks make a straight.
    OpenEnded,
    /// One rank makes a straight.
    Gutshot,
    /// A flush draw and a straight draw.
    ComboDraw,
    /// Both hole cards and one board card of a suit, on the flop.
    BackdoorFlushDraw,
    /// Two ranks to come make a straight, on the flop.
    BackdoorStraightDraw,
    /// Both hole cards above the board, nothing made.
    Overcards,
}

impl Draw {
    /// Every draw, in the order a breakdown lists them.
    pub const ALL: [Draw; 7] = [
        Draw::FlushDraw,
        Draw::OpenEnded,
        Draw::Gutshot,
        Draw::ComboDraw,
        Draw::BackdoorFlushDraw,
        Draw::BackdoorStraightDraw,
        Draw::Overcards,
    ];

    /// The draw as players write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Draw::FlushDraw => "flush draw",
            Draw::OpenEnded => "open-ended",
            Draw::Gutshot => "gutshot",
            Draw::ComboDraw => "combo draw",
            Draw::BackdoorFlushDraw => "backdoor flush draw",
            Draw::BackdoorStraightDraw => "backdoor straight draw",
            Draw::Overcards => "overcards",
        }
    }
}

/// A set of draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Draws(u8);

impl Draws {
    /// No draw.
    pub const NONE: Draws = Draws(0);

    /// Whether the set holds `d`.
    #[must_use]
    pub const fn contains(self, d: Draw) -> bool {
        self.0 & 1 << d as u8 != 0
    }

    /// The set with `d` added.
    #[must_use]
    pub const fn with(self, d: Draw) -> Draws {
        Draws(self.0 | 1 << d as u8)
    }

    /// The set without `d`.
    #[must_use]
    pub const fn without(self, d: Draw) -> Draws {
        Draws(self.0 & !(1 << d as u8))
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The draws in the set, in [`Draw::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Draw> {
        Draw::ALL.into_iter().filter(move |&d| self.contains(d))
    }
}

impl fmt::Display for Draws {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(d.name())?;
        }
        Ok(())
    }
}

/// A combo's class on a board: its made hand and its draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Class {
    /// Its made hand.
    pub made: Made,
    /// Its draws.
    pub draws: Draws,
}

/// The class of `hole` on `board` (three to five cards) with `dead` cards
/// out of the deck, in Hold'em: [`classify_of`] for [`handeval_core::Hand7`].
///
/// # Errors
/// [`EquityError::Board`] for a board of other than 3 to 5 cards,
/// [`EquityError::Repeated`] for a card given twice.
pub fn classify(hole: [Card; 2], board: &[Card], dead: &[Card]) -> Result<Class, EquityError> {
    classify_of::<handeval_core::Hand7>(hole, board, dead)
}

/// The class of `hole` on `board` (three to five cards) with `dead` cards
/// out of the deck, in the game `G`: Hold'em (`seven`) or short deck
/// (`short7`, `short7t`), any game of two hole cards and a board whose
/// highest hand wins. Short deck's classes are Hold'em's by its own deck
/// and ranking: its deck runs from the six (a two is no card of it, nor
/// an out), its straights from A-6-7-8-9 (so do its draws), and in
/// `short7t` trips beat a straight (so trips draw to no straight, and
/// trips or a set that also make a straight are trips or a set). A flush
/// beats a full house there too, but no seven cards hold both, and a
/// full house never holds four of a suit, so no class changes for it.
///
/// # Errors
/// [`EquityError::Game`] for another game, [`EquityError::Board`] for a
/// board of other than 3 to 5 cards, [`EquityError::Repeated`] for a card
/// given twice, [`EquityError::OutsideDeck`] for a card the game's deck
/// does not hold.
pub fn classify_of<G: Game>(
    hole: [Card; 2],
    board: &[Card],
    dead: &[Card],
) -> Result<Class, EquityError> {
    let rules = rules_of::<G>()?;
    if !(3..=5).contains(&board.len()) {
        return Err(EquityError::Board(board.len()));
    }
    let seen = distinct_of::<G>(hole.iter().chain(board).chain(dead))?;
    Ok(class_of(rules, hole, mask(board), seen, board.len()))
}

/// The rules `G`'s breakdown classifies by: an error unless `G` is a game
/// of two hole cards and a board whose highest hand wins.
fn rules_of<G: Game>() -> Result<&'static Rules, EquityError> {
    if held::<G>() == 2
        && deals_a_board::<G>()
        && G::RULES.lowball.is_none()
        && matches!(G::VALUE, Value::High)
    {
        Ok(G::RULES)
    } else {
        Err(EquityError::Game(G::WORD))
    }
}

/// Cards as bits `1 << index`.
fn mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1 << c.index())
}

/// The four cards of each rank, as bits: rank `r`'s are `0xF << 4r`.
const RANK_CARDS: u64 = 0xF;

/// The cards of each suit, as bits: suit `s`'s are `SUIT_CARDS << s`.
const SUIT_CARDS: u64 = 0x1_1111_1111_1111;

/// A mask of cards as 13 bits of ranks, one set per rank held.
fn ranks_of(cards: u64) -> u16 {
    // Fold each rank's four bits into its lowest, then gather one bit a
    // nibble.
    let any = (cards | cards >> 1 | cards >> 2 | cards >> 3) & SUIT_CARDS;
    let mut out = 0u16;
    let mut m = any;
    while m != 0 {
        out |= 1 << (m.trailing_zeros() / 4);
        m &= m - 1;
    }
    out
}

/// The cards of suit `s` in `cards`, as 13 bits of ranks.
fn suit_ranks(cards: u64, s: u32) -> u16 {
    ranks_of(cards & SUIT_CARDS << s)
}

/// The top rank (0 = two .. 12 = ace; 3 for the wheel, 7 for short
/// deck's A-6-7-8-9) of the highest straight the ranks `r` hold, the ace
/// playing low just below the deck's lowest rank `low`.
fn straight_top(r: u16, low: u8) -> Option<u32> {
    // Bit k + 1 rank k, the ace also at bit `low` (as the rank below the
    // lowest): five in a row are five consecutive bits.
    let m = u32::from(r) << 1 | (u32::from(r) >> 12 & 1) << low;
    let runs = m & m >> 1 & m >> 2 & m >> 3 & m >> 4;
    (runs != 0).then(|| runs.ilog2() + 3)
}

/// Whether the ranks `with` make a straight higher than `board_only` do
/// (none counts as lowest): a straight the hole cards play in.
fn plays(with: u16, board_only: u16, low: u8) -> bool {
    match (straight_top(with, low), straight_top(board_only, low)) {
        (Some(t), Some(b)) => t > b,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The class of `hole` on the board `board` (bits, `len` cards), the
/// cards `seen` (hole, board and dead) out of the deck of `rules`: the
/// fast classifier, by masks of ranks and suits.
pub(crate) fn class_of(rules: &Rules, hole: [Card; 2], board: u64, seen: u64, len: usize) -> Class {
    let all = board | 1 << hole[0].index() | 1 << hole[1].index();
    let (made, best) = made_of(rules, hole, board, all);
    let draws = if len < 5 {
        let unseen = !seen & rules.deck();
        let by = DrawsBy {
            rules,
            best,
            flop: len == 3,
        };
        draws_of(hole, (board, all, unseen), made, &by)
    } else {
        Draws::NONE
    };
    Class { made, draws }
}

/// What the draws of a combo depend on besides its cards: the rules, the
/// strongest category its cards make ([`made_of`]) and the street.
struct DrawsBy<'a> {
    rules: &'a Rules,
    best: Category,
    flop: bool,
}

/// The made class of `hole` with the board `board` (all the cards:
/// `all`) by `rules`, and the strongest category of the cards from trips
/// up (high card below that): what the draws need to know.
fn made_of(rules: &Rules, hole: [Card; 2], board: u64, all: u64) -> (Made, Category) {
    let rank_count = |cards: u64, r: u8| (cards >> (4 * r) & RANK_CARDS).count_ones();
    let low = rules.lowest.index();
    let (a, b) = (hole[0].rank().index(), hole[1].rank().index());
    let (a, b) = (a.max(b), a.min(b));
    let (ba, bb) = (rank_count(board, a), rank_count(board, b));
    let all_ranks = ranks_of(all);
    let board_ranks = ranks_of(board);

    // The categories the cards make from trips up; the strongest of them
    // by the rules is what the best five shows.
    let suited = |s: u32| suit_ranks(all, s);
    let flush = (0..4).find(|&s| suited(s).count_ones() >= 5);
    let mut most = [0u32; 5];
    for r in 0..13 {
        most[rank_count(all, r) as usize] += 1;
    }
    let made = [
        (
            flush.is_some_and(|s| straight_top(suited(s), low).is_some()),
            Category::StraightFlush,
        ),
        (most[4] > 0, Category::FourOfAKind),
        (
            most[3] >= 2 || most[3] == 1 && most[2] >= 1,
            Category::FullHouse,
        ),
        (flush.is_some(), Category::Flush),
        (straight_top(all_ranks, low).is_some(), Category::Straight),
        (most[3] >= 1, Category::ThreeOfAKind),
    ];
    let best = made
        .iter()
        .filter(|&&(holds, _)| holds)
        .map(|&(_, c)| c)
        .max_by_key(|&c| rules.tier(c))
        .unwrap_or(Category::HighCard);
    let category = match best {
        Category::StraightFlush => Some(Made::StraightFlush),
        Category::FourOfAKind => Some(Made::Quads),
        Category::FullHouse => Some(Made::FullHouse),
        Category::Flush => Some(Made::Flush),
        Category::Straight => Some(Made::Straight),
        _ => None,
    };

    let top = 15 - board_ranks.leading_zeros() as u8;
    let below_top = board_ranks & !(1 << top);
    let second = (below_top != 0).then(|| 15 - below_top.leading_zeros() as u8);
    let made = category.unwrap_or(if a == b {
        if ba >= 1 {
            Made::Set
        } else if a > top {
            Made::Overpair
        } else if second.is_none_or(|s| a > s) {
            Made::PocketPairBelowTop
        } else {
            Made::WeakPair
        }
    } else if ba >= 2 || bb >= 2 {
        Made::Trips
    } else if ba == 1 && bb == 1 {
        Made::TwoPair
    } else if ba == 1 || bb == 1 {
        let (pair, kicker) = if ba == 1 { (a, b) } else { (b, a) };
        if pair == top {
            // The ranks above the kicker that are neither the board's nor
            // the pair's: a better kicker someone could hold.
            let above = 0x1FFFu16 & !((2u16 << kicker) - 1) & !board_ranks & !(1 << pair);
            match above.count_ones() {
                0 => Made::TopPairTopKicker,
                1 | 2 => Made::TopPairGoodKicker,
                _ => Made::TopPairWeakKicker,
            }
        } else if Some(pair) == second {
            Made::MiddlePair
        } else {
            Made::WeakPair
        }
    } else if a == 12 {
        Made::AceHigh
    } else {
        Made::Nothing
    });
    (made, best)
}

/// The draws of `hole` (made class `made`) with the board `board` (all
/// the cards: `all`; those `unseen` still in the deck), on a flop or a
/// turn.
fn draws_of(
    hole: [Card; 2],
    (board, all, unseen): (u64, u64, u64),
    made: Made,
    by: &DrawsBy<'_>,
) -> Draws {
    let low = by.rules.lowest.index();
    let b = hole[0].rank().index().min(hole[1].rank().index());
    let all_ranks = ranks_of(all);
    let board_ranks = ranks_of(board);
    let top = 15 - board_ranks.leading_zeros() as u8;
    let mut draws = Draws::NONE;
    let hole_mask = all & !board;
    // Not yet a flush or better, a straight or better, by the rules.
    let no_flush = by.rules.tier(by.best) < by.rules.tier(Category::Flush);
    let no_straight = by.rules.tier(by.best) < by.rules.tier(Category::Straight);
    if no_flush {
        for s in 0..4 {
            let of_suit = SUIT_CARDS << s;
            if (all & of_suit).count_ones() == 4
                && hole_mask & of_suit != 0
                && unseen & of_suit != 0
            {
                draws = draws.with(Draw::FlushDraw);
            }
        }
    }
    // The ranks with a card unseen.
    let live = ranks_of(unseen);
    let mut outs = 0;
    if no_straight {
        for r in 0..13 {
            let bit = 1u16 << r;
            if live & bit != 0 && plays(all_ranks | bit, board_ranks | bit, low) {
                outs += 1;
            }
        }
        if outs >= 2 {
            draws = draws.with(Draw::OpenEnded);
        } else if outs == 1 {
            draws = draws.with(Draw::Gutshot);
        }
    }
    if draws.contains(Draw::FlushDraw) && outs >= 1 {
        draws = draws.with(Draw::ComboDraw);
    }
    if by.flop {
        if no_flush && !draws.contains(Draw::FlushDraw) {
            for s in 0..4 {
                let of_suit = SUIT_CARDS << s;
                if hole_mask & of_suit == hole_mask
                    && (all & of_suit).count_ones() == 3
                    && (unseen & of_suit).count_ones() >= 2
                {
                    draws = draws.with(Draw::BackdoorFlushDraw);
                }
            }
        }
        if no_straight && outs == 0 {
            'pairs: for r in 0..13 {
                for q in r + 1..13 {
                    let two = 1u16 << r | 1 << q;
                    if live & two == two && plays(all_ranks | two, board_ranks | two, low) {
                        draws = draws.with(Draw::BackdoorStraightDraw);
                        break 'pairs;
                    }
                }
            }
        }
    }
    if made >= Made::AceHigh && b > top {
        draws = draws.with(Draw::Overcards);
    }
    draws
}

/// One class's part of a range.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Line {
    /// Combos in the class.
    pub combos: usize,
    /// Their weight.
    pub weight: f64,
    /// Their weight's share of the range's.
    pub share: f64,
    /// Their equity against the opposing range, weighted as the deals
    /// are (each combo by its weight and the opposing weight it can meet):
    /// `None` without an opposing range, or when no deal holds the class.
    pub equity: Option<f64>,
}

/// A range's breakdown on a board.
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    /// The board.
    pub board: Vec<Card>,
    /// The dead cards.
    pub dead: Vec<Card>,
    /// The combos the board and dead cards leave, each with its class.
    pub combos: Vec<(Combo, Class)>,
    /// Their weight.
    pub weight: f64,
    /// Every made class, strongest first by the game's ranking
    /// ([`Made::order`]: [`Made::ALL`]'s order in Hold'em), empty ones
    /// included: the combos add up to the range's.
    pub made: Vec<(Made, Line)>,
    /// Every draw in [`Draw::ALL`]'s order (on the river, all empty).
    pub draws: Vec<(Draw, Line)>,
}

/// The breakdown of `range` on `board` (three to five cards) with `dead`
/// cards out of the deck, in Hold'em; each class's equity against the
/// opposing range when `versus`, a table of the range's combos against it
/// on the same board ([`crate::versus`]), is given.
///
/// # Errors
/// As [`classify`], [`EquityError::Empty`] (player 1) when the board and
/// dead cards leave no combo of the range, and [`EquityError::Cards`]
/// when `versus` is of another board or dead cards.
pub fn breakdown(
    range: &Range,
    board: &[Card],
    dead: &[Card],
    versus: Option<&Table>,
) -> Result<Breakdown, EquityError> {
    let known = known_of::<handeval_core::Hand7>(board, dead)?;
    if let Some(t) = versus
        && (t.board != board || t.dead != dead)
    {
        return Err(other_board());
    }
    let opposed = versus.map(|t| {
        move |c: &Combo| {
            let row = t.row(c.cards[0], c.cards[1])?;
            Some((row.against, row.equity?))
        }
    });
    tally(
        &STANDARD,
        &range.without(known),
        (board, dead, known),
        opposed.as_ref().map(|f| f as &Opposed<'_>),
    )
}

/// The breakdown of `range` on `board` (three to five cards) with `dead`
/// cards out of the deck in the game `G` ([`classify_of`]'s games), the
/// range's combos all of `G`'s deck (`random` in short deck:
/// `Range::random().without(!deck)`); each class's equity against an
/// opposing range when `versus`, a table of the range's combos against it
/// on the same board ([`crate::lists::table`]), is given: a combo missing
/// from it meets no opposing hand.
///
/// # Errors
/// As [`classify_of`]; [`EquityError::OutsideDeck`] for a combo of the
/// range outside `G`'s deck, [`EquityError::Empty`] (player 1) when the
/// board and dead cards leave no combo of the range, and
/// [`EquityError::Cards`] when `versus` is of another board or dead cards.
pub fn breakdown_of<G: Game>(
    range: &Range,
    board: &[Card],
    dead: &[Card],
    versus: Option<&HandTable>,
) -> Result<Breakdown, EquityError> {
    let rules = rules_of::<G>()?;
    let known = known_of::<G>(board, dead)?;
    if let Some(c) = range
        .combos()
        .iter()
        .find(|c| c.mask() & !rules.deck() != 0)
    {
        let card = c
            .cards
            .into_iter()
            .find(|k| rules.deck() >> k.index() & 1 == 0);
        return Err(EquityError::OutsideDeck {
            card: card.unwrap_or(c.cards[0]),
            game: G::WORD,
        });
    }
    if let Some(t) = versus
        && (t.board != board || t.dead != dead)
    {
        return Err(other_board());
    }
    // Each table row by its two cards, either order.
    let mut at = Vec::new();
    if let Some(t) = versus {
        at = alloc::vec![u32::MAX; Card::COUNT * Card::COUNT];
        for (i, row) in t.rows.iter().enumerate() {
            if let [a, b] = row.hand[..] {
                at[a.index() as usize * Card::COUNT + b.index() as usize] = i as u32;
                at[b.index() as usize * Card::COUNT + a.index() as usize] = i as u32;
            }
        }
    }
    let opposed = versus.map(|t| {
        let at = &at;
        move |c: &Combo| {
            let i = at[c.cards[0].index() as usize * Card::COUNT + c.cards[1].index() as usize];
            let row = t.rows.get(i as usize)?;
            Some((row.against, row.equity?))
        }
    });
    tally(
        rules,
        &range.without(known),
        (board, dead, known),
        opposed.as_ref().map(|f| f as &Opposed<'_>),
    )
}

/// A combo's opposing weight and equity against the opposing range, where
/// it meets any.
type Opposed<'a> = dyn Fn(&Combo) -> Option<(f64, f64)> + 'a;

/// The error of a table counted on another board.
fn other_board() -> EquityError {
    EquityError::Cards {
        what: "the table against the opposing range".into(),
        error: "counted on another board or with other dead cards".into(),
    }
}

/// The board and dead cards as one mask, checked: a board of a flop, turn
/// or river, every card of `G`'s deck, none twice.
fn known_of<G: Game>(board: &[Card], dead: &[Card]) -> Result<u64, EquityError> {
    if !(3..=5).contains(&board.len()) {
        return Err(EquityError::Board(board.len()));
    }
    distinct_of::<G>(board.iter().chain(dead))
}

/// The breakdown of `range` (the combos the board and dead cards leave) on
/// `board` with `dead` cards (`known`, the two as a mask) by `rules`.
fn tally(
    rules: &Rules,
    range: &Range,
    (board, dead, known): (&[Card], &[Card], u64),
    opposed: Option<&Opposed<'_>>,
) -> Result<Breakdown, EquityError> {
    if range.is_empty() {
        return Err(EquityError::Empty { player: 1 });
    }
    let board_mask = mask(board);
    let combos: Vec<(Combo, Class)> = range
        .combos()
        .iter()
        .map(|c| {
            (
                *c,
                class_of(rules, c.cards, board_mask, known | c.mask(), board.len()),
            )
        })
        .collect();
    let weight = range.weight_total();
    // Per class: combos, weight, and the deals' weight and weighted equity.
    let mut made = [(0usize, 0.0f64, 0.0f64, 0.0f64); 17];
    let mut drawn = [(0usize, 0.0f64, 0.0f64, 0.0f64); 7];
    for (c, class) in &combos {
        let (deals, won) = opposed
            .and_then(|f| f(c))
            .map_or((0.0, 0.0), |(against, e)| {
                (c.weight * against, c.weight * against * e)
            });
        let add = |line: &mut (usize, f64, f64, f64)| {
            line.0 += 1;
            line.1 += c.weight;
            line.2 += deals;
            line.3 += won;
        };
        add(&mut made[class.made as usize]);
        for d in class.draws.iter() {
            add(&mut drawn[d as usize]);
        }
    }
    let line = |&(combos, w, deals, won): &(usize, f64, f64, f64)| Line {
        combos,
        weight: w,
        share: w / weight,
        equity: (opposed.is_some() && deals > 0.0).then(|| won / deals),
    };
    Ok(Breakdown {
        board: board.to_vec(),
        dead: dead.to_vec(),
        combos,
        weight,
        made: Made::order(rules)
            .iter()
            .map(|&m| (m, line(&made[m as usize])))
            .collect(),
        draws: Draw::ALL
            .iter()
            .map(|&d| (d, line(&drawn[d as usize])))
            .collect(),
    })
}
