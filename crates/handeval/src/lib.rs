//! Poker hand evaluation in one call per game, with the evaluator the
//! handeval lab proves fastest on the CPU the program runs on.
//!
//! ```
//! use handeval::{Category, seven};
//!
//! // Cards are 0..52, `4 * rank + suit` (rank 0 = two .. 12 = ace; suit
//! // 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades): 51 is the ace of
//! // spades, 0 the two of clubs.
//! let hands = [
//!     [51, 47, 43, 39, 35, 0, 1], // As Ks Qs Js Ts 2c 2d
//!     [20, 16, 12, 8, 49, 1, 2],  // 7c 6c 5c 4c Ad 2d 2h
//! ];
//! let mut ranks = [handeval::Rank::WORST; 2];
//! seven::strengths(&hands, &mut ranks)?;
//! assert_eq!(ranks[0].class(), 1); // the royal flush, class 1 of 7,462
//! assert_eq!(ranks[0].category(), Category::RoyalFlush);
//! assert_eq!(ranks[1].category(), Category::OnePair);
//! assert!(ranks[0] > ranks[1]); // the stronger rank compares greater
//!
//! // One hand, in card notation.
//! assert_eq!(seven::rank_of("As Ks Qs Js Ts 2c 2d")?, ranks[0]);
//! # Ok::<(), handeval::Error>(())
//! ```
//!
//! # Ranks
//!
//! A [`Rank`] is the hand's class on the scale every published table uses
//! (Cactus Kev's): 1 for a royal flush down to 7,462 for 7-5-4-3-2 of
//! mixed suits, **lower is stronger**, equal is a tie, and
//! [`Rank::category`] names the kind of hand. Omaha's ranks are those of
//! the best five of two hole and three board cards, on the same scale.
//!
//! # Which evaluator
//!
//! Each game's module values hands with the evaluator the lab's registry
//! recommends for it on this CPU ([`handeval_registry::recommended`]): a
//! direct SIMD kernel where the CPU runs its vector path (AVX-512 or AVX2,
//! detected when first called), else the fastest scalar kind. The choice is
//! made from what the registry's lines declare (an evaluator's role and
//! tables), never from a name here; [`seven::evaluator`] and its siblings
//! say which one a program got. Every evaluator it can choose is checked by
//! the lab against an obviously correct reference over every hand of its
//! game.
//!
//! A batch of hands is much faster per hand than one hand at a time: the
//! SIMD kernels value 16 or 32 hands per instruction stream. Give
//! [`seven::strengths`] (and its siblings) as many hands as you have, or
//! [`seven::classes`] for the class numbers alone (`u16`s, what a program
//! that stores ranks keeps). A batch costs three passes: one checks every
//! row (vectorised), one the kernel (which reads the checked rows as they
//! are, where it can: no hand is built), one reads each value's class off
//! its layout, sixteen at a time on AVX-512. On a Zen 5, 65k shuffled
//! seven-card hands take about 1.7 ns each on one core.
//!
//! # Bad input
//!
//! A card number outside 0..52 or a card twice in a hand is an [`Error`]
//! naming the row and the card; every row is checked before any rank is
//! written, so a batch with a bad row leaves the ranks as they were.
//!
//! # Games
//!
//! A module per game of the lab's one list of games, named by its id
//! ([`game_ids`]), each written from that list: a game the lab adds is a
//! module here. Hold'em's and Omaha's ([`five`], [`six`], [`seven`],
//! [`omaha`], [`omaha5`], [`omaha6`]) give [`Rank`]s; the games on a scale
//! of their own (short deck's and lowball's) give their class numbers, 1
//! the best hand, and each class's category; the Hi-Lo games give the
//! high's class and the eight-or-better low's.
//!
//! ```
//! use handeval::Category;
//!
//! // Short deck with three of a kind above the straight: 6-7-8-9-T beside
//! // three nines plays the trips, which beat any straight.
//! let trips = handeval::short7t::class_of("9c 9d 9h 6s 7d 8c Tc")?;
//! let straight = handeval::short7t::class_of("Ac Kd Qh Js Tc 6d 6h")?;
//! assert!(trips < straight);
//! assert_eq!(handeval::short7t::category(trips), Some(Category::ThreeOfAKind));
//!
//! // Ace-to-five: the wheel is the best low, suited or not; aces pair low.
//! assert_eq!(handeval::ace5::class_of("As 2s 3s 4s 5s")?, 1);
//! let aces = handeval::ace5::class_of("Ac Ad 2h 3s 4c")?;
//! assert_eq!(handeval::ace5::category(aces), Some(Category::OnePair));
//!
//! // Deuce-to-seven: 7-5-4-3-2 is the best low, and A-2-3-4-5 is ace-high.
//! assert_eq!(handeval::deuce7::class_of("7c 5d 4h 3s 2c")?, 1);
//! let wheel = handeval::deuce7::class_of("Ac 2d 3h 4s 5c")?;
//! assert_eq!(handeval::deuce7::category(wheel), Some(Category::HighCard));
//!
//! // Razz: the wheel beside two kings plays; pairs all round still make a low.
//! assert_eq!(handeval::razz::class_of("As 2s 3s 4s 5s Kd Kh")?, 1);
//! let paired = handeval::razz::class_of("Ac Ad 2h 2s 3c 3d 4h")?;
//! assert_eq!(handeval::razz::category(paired), Some(Category::OnePair));
//!
//! // Omaha Hi-Lo: A-2 in the hole and 3-4-8 on the board make 8-4-3-2-A,
//! // the 22nd of the 56 lows; stud Hi-Lo's low is any five of the seven.
//! let (high, low) = handeval::omaha8::rank_of("Ah 2d Kc Ks | 3c 4h 8s 9d 9h")?;
//! assert_eq!((high.class(), low), (2637, Some(22)));
//! let (high, low) = handeval::stud8::rank_of("Ah 2d 3c Ks Kd 8h 5s")?;
//! assert_eq!((high.category(), low), (Category::OnePair, Some(23)));
//! # Ok::<(), handeval::Error>(())
//! ```
//!
//! # Equity
//!
//! [`equity`] gives Hold'em ranges' exact equity and Monte Carlo estimates,
//! and [`omaha::equity`] (and its siblings) fixed Omaha hands' showdowns
//! over every board, each counted with the same recommended evaluator.

use std::fmt;
use std::sync::OnceLock;

/// The lab's one list of games as tokens, which this crate's modules are
/// written from: a program (the Python package) writes its own item per
/// game from it, and follows the list as it grows.
pub use handeval_core::for_each_game;
pub use handeval_core::{Card, Category, HandClass, HandError};
use handeval_core::{Game, GameInfo};
use handeval_registry::DynEvaluator;

pub mod equity;

/// The id of every game, in the order of the lab's one list of games
/// (`handeval_core::visit_games`): each has a module here of that name,
/// and the Python package's `GAMES` follows it.
///
/// ```
/// assert!(handeval::game_ids().iter().any(|&id| id == "stud8"));
/// ```
#[must_use]
pub fn game_ids() -> Vec<&'static str> {
    handeval_core::game_ids().collect()
}

/// The workspace README's call, run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeCall;

/// This crate's README, run as a doctest likewise.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadme;

/// A hand's rank: its class on the conventional scale (1 = royal flush ..
/// 7,462 = 7-5-4-3-2 of mixed suits) and its category.
///
/// `Ord` puts the **stronger rank greater** (`max` finds a winner), the
/// opposite of the class numbers, where lower is stronger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Rank(HandClass);

impl Rank {
    /// The weakest rank, 7-5-4-3-2 of mixed suits: a filler for buffers.
    pub const WORST: Rank = Rank::weakest();

    const fn weakest() -> Rank {
        match HandClass::new(HandClass::COUNT) {
            Some(class) => Rank(class),
            None => panic!("the last class is a class"),
        }
    }

    /// The rank of class `class`, or `None` outside 1..=7,462.
    pub const fn from_class(class: u16) -> Option<Rank> {
        match HandClass::new(class) {
            Some(class) => Some(Rank(class)),
            None => None,
        }
    }

    /// The class, 1 (royal flush) ..= 7,462: lower is stronger.
    pub const fn class(self) -> u16 {
        self.0.get()
    }

    /// The category: royal flush, straight flush, four of a kind, ...
    pub const fn category(self) -> Category {
        self.0.category()
    }
}

impl Default for Rank {
    fn default() -> Rank {
        Rank::WORST
    }
}

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Rank) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rank {
    /// Stronger is greater: the smaller class.
    fn cmp(&self, other: &Rank) -> std::cmp::Ordering {
        other.0.cmp(&self.0)
    }
}

impl fmt::Display for Rank {
    /// `Royal Flush (class 1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (class {})", self.category(), self.class())
    }
}

/// What is wrong with the input.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Error {
    /// A card number that is no card (cards are 0..52).
    Card {
        /// The hand's place in the batch, from 0.
        row: usize,
        /// The card's place in the hand, from 0.
        position: usize,
        /// The number found.
        value: u8,
    },
    /// A card twice in one hand.
    Repeated {
        /// The hand's place in the batch, from 0.
        row: usize,
        /// The card.
        card: Card,
    },
    /// A card the game's deck does not hold (short deck's holds 6 to ace).
    Deck {
        /// The hand's place in the batch, from 0.
        row: usize,
        /// The card's place in the hand, from 0.
        position: usize,
        /// The card.
        card: Card,
        /// The game, in words.
        game: &'static str,
    },
    /// A batch of hands and a buffer of ranks of different lengths.
    Lengths {
        /// Hands given.
        hands: usize,
        /// Ranks to fill.
        ranks: usize,
    },
    /// A hand in card notation that is not one of the game's.
    Hand(HandError),
    /// Equity's input: ranges, board or dead cards.
    Equity(handeval_equity::exact::EquityError),
    /// A game id that is not on the lab's list ([`game_ids`]).
    Game(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Card {
                row,
                position,
                value,
            } => write!(
                f,
                "hand {row}, card {position}: {value} is not a card (cards are 0..{}, 4 * rank + suit)",
                Card::COUNT
            ),
            Error::Repeated { row, card } => write!(f, "hand {row}: {card} twice"),
            Error::Deck {
                row,
                position,
                card,
                game,
            } => write!(
                f,
                "hand {row}, card {position}: {card} is not in the deck of {game}"
            ),
            Error::Lengths { hands, ranks } => {
                write!(f, "{hands} hands but room for {ranks} ranks")
            }
            Error::Hand(e) => e.fmt(f),
            Error::Equity(e) => e.fmt(f),
            Error::Game(id) => write!(f, "no game `{id}`: the games are {}", game_ids().join(", ")),
        }
    }
}

impl std::error::Error for Error {}

impl From<handeval_equity::exact::EquityError> for Error {
    fn from(e: handeval_equity::exact::EquityError) -> Error {
        Error::Equity(e)
    }
}

/// The evaluator the registry recommends for `G` on this CPU, made once
/// into `cell`.
fn kernel<G: Game>(
    cell: &'static OnceLock<Box<dyn DynEvaluator<G>>>,
) -> &'static dyn DynEvaluator<G> {
    cell.get_or_init(|| {
        let name = handeval_registry::recommended(GameInfo::of::<G>());
        handeval_registry::all::<G>()
            .into_iter()
            .find(|e| e.name() == name)
            .expect("the recommended evaluator is one of the game's")
    })
    .as_ref()
}

/// Hands turned into the game's hands and valued at a time: their cards
/// and classes stay in the first cache.
const CHUNK: usize = 256;

/// Whether a hand's numbers are distinct cards, without a branch: hands
/// come in no order, so a branch per card mispredicts (a `max` per card
/// cost more than the evaluation).
#[inline(always)]
fn distinct_cards<const N: usize>(cards: &[u8; N]) -> bool {
    let (mut seen, mut twice, mut any) = (0u64, 0u64, 0u8);
    for &value in cards {
        let bit = 1u64 << (value & 63);
        twice |= seen & bit;
        seen |= bit;
        any |= value;
    }
    // Every number below 64, and then every bit below 52.
    twice == 0 && any < 64 && seen >> Card::COUNT == 0
}

/// The first hand that is not distinct cards, as the error naming its
/// row and card.
fn first_bad<const N: usize>(hands: &[[u8; N]]) -> Result<(), Error> {
    for (row, cards) in hands.iter().enumerate() {
        if distinct_cards(cards) {
            continue;
        }
        let mut seen = 0u64;
        for (position, &value) in cards.iter().enumerate() {
            let Some(card) = Card::from_index(value) else {
                return Err(Error::Card {
                    row,
                    position,
                    value,
                });
            };
            if seen >> value & 1 == 1 {
                return Err(Error::Repeated { row, card });
            }
            seen |= 1 << value;
        }
    }
    Ok(())
}

/// Checks that every hand is distinct cards: one pass that only counts
/// the bad hands, then a second, to name the first, if there are any.
fn check_all<const N: usize>(hands: &[[u8; N]]) -> Result<(), Error> {
    if bad_hands(hands) == 0 {
        Ok(())
    } else {
        first_bad(hands)
    }
}

/// The first card of `hands` the deck of `G` does not hold, as an error:
/// nothing to look at for a game of the whole deck.
fn check_deck<G: Game, const N: usize>(hands: &[[u8; N]]) -> Result<(), Error> {
    let deck = G::RULES.deck();
    if deck == (1u64 << Card::COUNT) - 1 {
        return Ok(());
    }
    for (row, hand) in hands.iter().enumerate() {
        // Checked cards (`check_all`): each number below 52.
        if let Some(position) = hand.iter().position(|&n| deck >> n & 1 == 0) {
            return Err(Error::Deck {
                row,
                position,
                card: Card::from_index(hand[position]).expect("a checked card"),
                game: G::TITLE,
            });
        }
    }
    Ok(())
}

/// How many hands are not distinct cards, counted over vectors of hands
/// where the CPU has them: the count has no branch, so the compiler
/// vectorises it.
fn bad_hands<const N: usize>(hands: &[[u8; N]]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use handeval_core::cpu::{Feature, has};
        if has(Feature::Avx512) {
            // SAFETY: the CPU has the features `bad_hands_512` is compiled
            // for, checked on the line above.
            #[allow(unsafe_code)]
            return unsafe { bad_hands_512(hands) };
        }
        if has(Feature::Avx2) {
            // SAFETY: the CPU has AVX2, checked on the line above.
            #[allow(unsafe_code)]
            return unsafe { bad_hands_256(hands) };
        }
    }
    count_bad(hands)
}

#[inline(always)]
fn count_bad<const N: usize>(hands: &[[u8; N]]) -> usize {
    hands.iter().fold(0usize, |bad, cards| {
        bad + usize::from(!distinct_cards(cards))
    })
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
fn bad_hands_512<const N: usize>(hands: &[[u8; N]]) -> usize {
    count_bad(hands)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn bad_hands_256<const N: usize>(hands: &[[u8; N]]) -> usize {
    count_bad(hands)
}

/// The two of clubs, card 0: a filler.
const FIRST: Card = match Card::from_index(0) {
    Some(card) => card,
    None => panic!("0 is a card"),
};

/// Every card by its number, with room for every byte so that a read
/// needs no bounds check (the numbers past the deck, never read for a
/// checked hand, hold the filler).
static CARDS: [Card; 256] = {
    let mut cards = [FIRST; 256];
    let mut i = 0;
    while i < Card::COUNT {
        if let Some(card) = Card::from_index(i as u8) {
            cards[i] = card;
        }
        i += 1;
    }
    cards
};

/// The cards of a hand's numbers, which [`check_all`] found to be cards:
/// one load each (`Option`'s `map` over the array was a call per hand).
#[inline(always)]
fn cards<const N: usize>(numbers: &[u8; N]) -> [Card; N] {
    let mut cards = [FIRST; N];
    for (card, &number) in cards.iter_mut().zip(numbers) {
        *card = CARDS[usize::from(number)];
    }
    cards
}

/// Every hand's rank by `kernel`, all rows checked first.
fn strengths<G: Game, const N: usize>(
    kernel: &dyn DynEvaluator<G>,
    hands: &[[u8; N]],
    out: &mut [Rank],
) -> Result<(), Error> {
    if hands.len() != out.len() {
        return Err(Error::Lengths {
            hands: hands.len(),
            ranks: out.len(),
        });
    }
    // The classes first, on the stack for a few hands (a call for one hand
    // allocates nothing).
    let mut stack = [0u16; CHUNK];
    let mut heap = Vec::new();
    let buffer = if hands.len() <= CHUNK {
        &mut stack[..hands.len()]
    } else {
        heap.resize(hands.len(), 0);
        &mut heap[..]
    };
    classes(kernel, hands, buffer)?;
    for (rank, &class) in out.iter_mut().zip(buffer.iter()) {
        // The lab checks the recommended evaluator's classes over every hand.
        *rank = Rank::from_class(class).expect("a class of the scale");
    }
    Ok(())
}

/// Every row checked before any is valued: one output slot per row, each
/// row distinct cards of `G`'s deck; the first row, if there is one.
fn checked<G: Game, const N: usize>(
    hands: &[[u8; N]],
    out: usize,
) -> Result<Option<&[u8; N]>, Error> {
    if hands.len() != out {
        return Err(Error::Lengths {
            hands: hands.len(),
            ranks: out,
        });
    }
    check_all(hands)?;
    check_deck::<G, N>(hands)?;
    Ok(hands.first())
}

/// Every hand's class number by `kernel`, all rows checked first.
fn classes<G: Game, const N: usize>(
    kernel: &dyn DynEvaluator<G>,
    hands: &[[u8; N]],
    out: &mut [u16],
) -> Result<(), Error> {
    let Some(first) = checked::<G, N>(hands, out.len())? else {
        return Ok(());
    };
    // The kernel reads the checked rows themselves where it can; else each
    // row is made the game's hand, a chunk at a time.
    if kernel.classes_of_rows(hands.as_flattened(), out) {
        return Ok(());
    }
    let mut dealt = [G::from_dealt(&cards(first)); CHUNK];
    for (hands, out) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        let dealt = &mut dealt[..hands.len()];
        for (hand, numbers) in dealt.iter_mut().zip(hands) {
            *hand = G::from_dealt(&cards(numbers));
        }
        kernel.classes(dealt, out);
    }
    Ok(())
}

/// The card numbers of a hand written in card notation.
fn numbers<G: Game, const N: usize>(text: &str) -> Result<[u8; N], Error> {
    let hand: G = text.parse().map_err(Error::Hand)?;
    let mut numbers = [0; N];
    for (number, card) in numbers.iter_mut().zip(hand.card_slice()) {
        *number = card.index();
    }
    Ok(numbers)
}

/// The rank of one hand of any game in card notation, its game told by
/// its cards: five, six or seven for Hold'em; for Omaha, the hole cards
/// (four, five or six), `|`, then the board.
///
/// ```
/// assert_eq!(handeval::rank_of("As Ks Qs Js Ts")?.class(), 1);
/// assert_eq!(handeval::rank_of("Ah Ad 7c 7d 2s | 7h 7s Kd 4c 3c")?.category(), handeval::Category::FourOfAKind);
/// # Ok::<(), handeval::Error>(())
/// ```
///
/// # Errors
/// [`Error::Hand`] if the text is not a hand of one of the games, saying
/// what and where.
pub fn rank_of(text: &str) -> Result<Rank, Error> {
    let count = |text: &str| {
        handeval_core::parse_cards(text)
            .map(|cards| cards.len())
            .map_err(|e| Error::Hand(HandError::Card(e)))
    };
    match text.split_once('|') {
        Some((hole, _)) => match count(hole)? {
            5 => omaha5::rank_of(text),
            6 => omaha6::rank_of(text),
            _ => omaha::rank_of(text),
        },
        None => match count(text)? {
            5 => five::rank_of(text),
            6 => six::rank_of(text),
            _ => seven::rank_of(text),
        },
    }
}

/// One module per game: the game's hand as card numbers, its batch and
/// single-hand calls and the evaluator they use.
macro_rules! game {
    ($(#[$doc:meta])* $module:ident, $game:ty, $example:literal $(, $equity:ident)?) => {
        $(#[$doc])*
        pub mod $module {
            use super::{Error, Rank};
            use handeval_core::Game;
            use handeval_registry::DynEvaluator;
            use std::sync::OnceLock;

            type G = $game;

            /// Cards in a hand, hole cards first.
            pub const CARDS: usize = <G as Game>::COUNT;

            fn kernel() -> &'static dyn DynEvaluator<G> {
                static KERNEL: OnceLock<Box<dyn DynEvaluator<G>>> = OnceLock::new();
                super::kernel(&KERNEL)
            }

            /// The name of the evaluator this module values hands with on
            /// this CPU, as the lab's reports name it.
            pub fn evaluator() -> &'static str {
                kernel().name()
            }

            /// The rank of each hand: `out[i]` for `hands[i]`, each hand
            /// [`CARDS`] card numbers (0..52, `4 * rank + suit`), hole
            /// cards first.
            ///
            /// # Errors
            /// [`Error::Lengths`] unless there is one rank per hand;
            /// [`Error::Card`] or [`Error::Repeated`] for the first hand
            /// that is not distinct cards, in which case `out` is left as
            /// it was.
            pub fn strengths(hands: &[[u8; CARDS]], out: &mut [Rank]) -> Result<(), Error> {
                super::strengths::<G, CARDS>(kernel(), hands, out)
            }

            /// The class number of each hand (1 = royal flush ..= 7,462,
            /// lower is stronger; [`Rank::class`]): `out[i]` for
            /// `hands[i]`, as [`strengths`] takes them. For a program that
            /// stores numbers (the Python package's arrays do).
            ///
            /// # Errors
            /// As [`strengths`]: `out` is left as it was.
            pub fn classes(hands: &[[u8; CARDS]], out: &mut [u16]) -> Result<(), Error> {
                super::classes::<G, CARDS>(kernel(), hands, out)
            }

            /// The rank of one hand of card numbers.
            ///
            /// # Errors
            /// As [`strengths`] for a batch of one.
            pub fn rank(cards: [u8; CARDS]) -> Result<Rank, Error> {
                let mut out = [Rank::WORST];
                strengths(&[cards], &mut out)?;
                Ok(out[0])
            }

            #[doc = concat!("The rank of one hand in card notation, such as `", $example, "`.")]
            ///
            /// # Errors
            /// [`Error::Hand`] if the text is not a hand of the game, saying
            /// what and where.
            pub fn rank_of(text: &str) -> Result<Rank, Error> {
                rank(super::numbers::<G, CARDS>(text)?)
            }

            $(
            /// The showdown of fixed hands (each its hole cards in card
            /// notation) on `board` (0, 3, 4 or 5 cards) with `dead` cards
            /// out, over every board: each player's wins, ties and shares
            /// of tied pots.
            ///
            /// # Errors
            /// [`Error::Equity`] naming the hand, board or dead cards that
            /// do not parse or repeat a card.
            pub fn $equity(
                hands: &[&str],
                board: &str,
                dead: &str,
            ) -> Result<crate::equity::Tally, Error> {
                crate::equity::fixed::<G>(hands, board, dead)
            }
            )?
        }
    };
}

/// One module per game ranked on a scale of its own, short deck's and
/// lowball's: its hands as card numbers and its batch call. A short-deck
/// class runs 1 = royal flush ..= 1,404, a flush above a full house; a
/// lowball class 1 = the best low (A-2-3-4-5 in ace-to-five, 7-5-4-3-2 in
/// deuce-to-seven) ..= 6,175 or 7,462. So the modules give class numbers
/// and each class's category, not Hold'em's [`Rank`].
macro_rules! scaled_game {
    ($(#[$doc:meta])* $module:ident, $game:ty, $example:literal) => {
        $(#[$doc])*
        pub mod $module {
            use super::{Category, Error};
            use handeval_core::Game;
            use handeval_registry::DynEvaluator;
            use std::sync::OnceLock;

            type G = $game;

            /// Cards in a hand.
            pub const CARDS: usize = <G as Game>::COUNT;

            /// Classes on the game's scale.
            pub const CLASSES: u16 = <G as Game>::RULES.classes();

            fn kernel() -> &'static dyn DynEvaluator<G> {
                static KERNEL: OnceLock<Box<dyn DynEvaluator<G>>> = OnceLock::new();
                super::kernel(&KERNEL)
            }

            /// The name of the evaluator this module values hands with on
            /// this CPU, as the lab's reports name it.
            pub fn evaluator() -> &'static str {
                kernel().name()
            }

            /// The class of each hand on the game's scale (1 = the best
            /// hand ..= [`CLASSES`], lower is stronger): `out[i]` for
            /// `hands[i]`, each hand [`CARDS`] card numbers of the game's
            /// deck (0..52, `4 * rank + suit`; short deck's from the six).
            ///
            /// # Errors
            /// [`Error::Lengths`] unless there is one class per hand;
            /// [`Error::Card`], [`Error::Repeated`] or [`Error::Deck`] (a
            /// card outside the deck) for the first hand that is not
            /// distinct cards of the deck, in which case `out` is left as
            /// it was.
            pub fn classes(hands: &[[u8; CARDS]], out: &mut [u16]) -> Result<(), Error> {
                super::classes::<G, CARDS>(kernel(), hands, out)
            }

            /// The category of a class of the game's scale, `None` outside
            /// 1..=[`CLASSES`].
            pub const fn category(class: u16) -> Option<Category> {
                <G as Game>::RULES.category_of(class)
            }

            #[doc = concat!("The class of one hand in card notation, such as `", $example, "`.")]
            ///
            /// # Errors
            /// [`Error::Hand`] if the text is not a hand of the game, saying
            /// what and where.
            pub fn class_of(text: &str) -> Result<u16, Error> {
                let mut out = [0];
                classes(&[super::numbers::<G, CARDS>(text)?], &mut out)?;
                Ok(out[0])
            }
        }
    };
}

/// Every hand's low class by the low evaluator `low` of Hi-Lo game `G`
/// (1 = 5-4-3-2-A ..= 56 = 8-7-6-5-4, 0 for no qualifying low), all rows
/// checked first, as [`classes`] checks them.
fn lows<G: Game, const N: usize>(
    low: handeval_core::low::LowAbout<G>,
    hands: &[[u8; N]],
    out: &mut [u8],
) -> Result<(), Error> {
    let Some(first) = checked::<G::High, N>(hands, out.len())? else {
        return Ok(());
    };
    let mut dealt = [G::High::from_dealt(&cards(first)); CHUNK];
    let mut found = [handeval_core::low::Low::NONE; CHUNK];
    for (hands, out) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        let (dealt, found) = (&mut dealt[..hands.len()], &mut found[..hands.len()]);
        for (hand, numbers) in dealt.iter_mut().zip(hands) {
            *hand = G::High::from_dealt(&cards(numbers));
        }
        (low.lows)(dealt, found);
        for (class, low) in out.iter_mut().zip(found.iter()) {
            *class = low.class().unwrap_or(0);
        }
    }
    Ok(())
}

/// One module per Hi-Lo game: its hands' highs, valued as its high game's
/// (the same [`Rank`]s and classes), and their eight-or-better lows.
macro_rules! hi_lo_game {
    ($(#[$doc:meta])* $module:ident, $game:ty, $example:literal) => {
        $(#[$doc])*
        pub mod $module {
            use super::{Error, Rank};
            use handeval_core::Game;
            use handeval_core::low::LowAbout;
            use handeval_registry::DynEvaluator;
            use std::sync::OnceLock;

            type G = $game;
            type H = <G as Game>::High;

            /// Cards in a hand, hole cards first.
            pub const CARDS: usize = <G as Game>::COUNT;

            fn kernel() -> &'static dyn DynEvaluator<H> {
                static KERNEL: OnceLock<Box<dyn DynEvaluator<H>>> = OnceLock::new();
                super::kernel(&KERNEL)
            }

            fn low() -> LowAbout<G> {
                static LOW: OnceLock<LowAbout<G>> = OnceLock::new();
                *LOW.get_or_init(handeval_registry::low_equity_evaluator::<G>)
            }

            /// The evaluator of the highs on this CPU (the high game's).
            pub fn evaluator() -> &'static str {
                kernel().name()
            }

            /// The evaluator of the lows on this CPU.
            pub fn low_evaluator() -> &'static str {
                low().meta.name
            }

            /// The high class of each hand (1 = royal flush ..= 7,462),
            /// as the high game's module gives them.
            ///
            /// # Errors
            /// [`Error::Lengths`], [`Error::Card`] or [`Error::Repeated`]
            /// as the other games' `classes`: `out` is left as it was.
            pub fn classes(hands: &[[u8; CARDS]], out: &mut [u16]) -> Result<(), Error> {
                super::classes::<H, CARDS>(kernel(), hands, out)
            }

            /// The low class of each hand: 1 (5-4-3-2-A) ..= 56
            /// (8-7-6-5-4), lower is stronger, 0 for no qualifying low.
            ///
            /// # Errors
            /// As [`classes`]: `out` is left as it was.
            pub fn lows(hands: &[[u8; CARDS]], out: &mut [u8]) -> Result<(), Error> {
                super::lows::<G, CARDS>(low(), hands, out)
            }

            #[doc = concat!("The high rank and the low class (or `None`) of one hand in card notation, such as `", $example, "`.")]
            ///
            /// # Errors
            /// [`Error::Hand`] if the text is not a hand of the game.
            pub fn rank_of(text: &str) -> Result<(Rank, Option<u8>), Error> {
                let numbers = super::numbers::<H, CARDS>(text)?;
                let (mut high, mut low) = ([0], [0]);
                classes(&[numbers], &mut high)?;
                lows(&[numbers], &mut low)?;
                let rank = Rank::from_class(high[0]).expect("a class of the scale");
                Ok((rank, (low[0] > 0).then_some(low[0])))
            }
        }
    };
}

/// Every hand's badugi class by `about`, all rows checked first, as
/// [`classes`] checks them.
fn badugi_classes<G: Game, const N: usize>(
    about: handeval_core::badugi::BadugiAbout<G>,
    hands: &[[u8; N]],
    out: &mut [u16],
) -> Result<(), Error> {
    let Some(first) = checked::<G, N>(hands, out.len())? else {
        return Ok(());
    };
    let mut dealt = [G::from_dealt(&cards(first)); CHUNK];
    let mut found = [handeval_core::badugi::BadugiClass::new(1).expect("class 1"); CHUNK];
    for (hands, out) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        let (dealt, found) = (&mut dealt[..hands.len()], &mut found[..hands.len()]);
        for (hand, numbers) in dealt.iter_mut().zip(hands) {
            *hand = G::from_dealt(&cards(numbers));
        }
        (about.classes)(dealt, found);
        for (class, found) in out.iter_mut().zip(found.iter()) {
            *class = found.get();
        }
    }
    Ok(())
}

/// One module per badugi game: each hand's class, 1 (A-2-3-4 of four
/// suits) to 1,092 (a king alone), and the ranks that play.
macro_rules! badugi_game {
    ($(#[$doc:meta])* $module:ident, $game:ty, $example:literal) => {
        $(#[$doc])*
        pub mod $module {
            use super::Error;
            use handeval_core::Game;
            use handeval_core::badugi::{BadugiAbout, BadugiClass};
            use std::sync::OnceLock;

            type G = $game;

            /// Cards in a hand.
            pub const CARDS: usize = <G as Game>::COUNT;

            /// Classes: 1 the best hand.
            pub const CLASSES: u16 = handeval_core::badugi::CLASSES;

            fn about() -> BadugiAbout<G> {
                static ABOUT: OnceLock<BadugiAbout<G>> = OnceLock::new();
                *ABOUT.get_or_init(handeval_registry::badugi_evaluator::<G>)
            }

            /// The evaluator this module values hands with on this CPU.
            pub fn evaluator() -> &'static str {
                about().meta.name
            }

            /// The class of each hand (1 ..= [`CLASSES`], lower is
            /// stronger): `out[i]` for `hands[i]`, each hand [`CARDS`] card
            /// numbers (0..52, `4 * rank + suit`).
            ///
            /// # Errors
            /// [`Error::Lengths`] unless there is one class per hand;
            /// [`Error::Card`] or [`Error::Repeated`] for the first hand
            /// that is not distinct cards, in which case `out` is left as
            /// it was.
            pub fn classes(hands: &[[u8; CARDS]], out: &mut [u16]) -> Result<(), Error> {
                super::badugi_classes::<G, CARDS>(about(), hands, out)
            }

            /// How many cards play in a class (4 for a badugi, down to 1);
            /// `None` outside 1..=[`CLASSES`].
            pub fn cards(class: u16) -> Option<u8> {
                BadugiClass::new(class).map(|c| c.cards() as u8)
            }

            /// The ranks that play in a class, highest first, as players
            /// write them (`4-3-2-A`); `None` outside 1..=[`CLASSES`].
            pub fn ranks(class: u16) -> Option<String> {
                BadugiClass::new(class).map(|c| c.to_string())
            }

            #[doc = concat!("The class of one hand in card notation, such as `", $example, "`.")]
            ///
            /// # Errors
            /// [`Error::Hand`] if the text is not a hand of the game.
            pub fn class_of(text: &str) -> Result<u16, Error> {
                let mut out = [0];
                classes(&[super::numbers::<G, CARDS>(text)?], &mut out)?;
                Ok(out[0])
            }
        }
    };
}

/// Writes a module for each game of the lab's one list
/// ([`handeval_core::for_each_game!`]) by its kind: Hold'em's scale
/// (`game!`, with fixed hands' equity where the game has hole cards), a
/// scale of its own (`scaled_game!`), Hi-Lo (`hi_lo_game!`) or badugi
/// (`badugi_game!`).
macro_rules! modules {
    ($($(#[$doc:meta])* $kind:ident $id:ident: $game:ty = $example:literal;)*) => {
        $(modules!(@one $kind, $(#[$doc])* $id, $game, $example);)*
    };
    (@one standard, $(#[$doc:meta])* $id:ident, $game:ty, $example:literal) => {
        game!($(#[$doc])* $id, $game, $example);
    };
    (@one hole, $(#[$doc:meta])* $id:ident, $game:ty, $example:literal) => {
        game!($(#[$doc])* $id, $game, $example, equity);
    };
    (@one scaled, $(#[$doc:meta])* $id:ident, $game:ty, $example:literal) => {
        scaled_game!($(#[$doc])* $id, $game, $example);
    };
    (@one hi_lo, $(#[$doc:meta])* $id:ident, $game:ty, $example:literal) => {
        hi_lo_game!($(#[$doc])* $id, $game, $example);
    };
    (@one badugi, $(#[$doc:meta])* $id:ident, $game:ty, $example:literal) => {
        badugi_game!($(#[$doc])* $id, $game, $example);
    };
}

handeval_core::for_each_game!(modules);
