//! Badugi: four cards, worth the most of them that hold no rank and no
//! suit twice, the lowest of those ([`Value::Badugi`]).
//!
//! A badugi hand is four cards. The cards that *play* are a largest set of
//! them with distinct ranks and distinct suits: four when the hand has a
//! card of each suit and four ranks (a "badugi"), else three, two or one.
//! More playing cards beat fewer; among hands of as many, the ranks
//! compare from the highest down, the ace lowest, and the lower wins. So
//! `Ac 2d 3h 4s` is the best hand, `Kc Qd Jh Ts` the worst four-card one,
//! and any four-card hand beats any three-card one.
//!
//! # Values
//!
//! The playing ranks are a mask of 13 bits (the ace bit 0, the king bit
//! 12) with one to four bits set, and as for a low ([`crate::low`]), two
//! sets of as many ranks compare highest first as their masks compare as
//! numbers. So a hand's value is its number of cards and that mask, and
//! its class ([`BadugiClass`]) the place of that value among all 1,092:
//! the C(13, 4) = 715 four-card badugis are classes 1 to 715, the 286
//! three-card ones 716 to 1,001, the 78 two-card ones 1,002 to 1,079 and
//! the 13 one-card ones (four of a suit or four of a rank) 1,080 to
//! 1,092. Within a number of cards the class is the mask's place among
//! the masks of as many bits, which the combinatorial number system gives
//! without a table of hands: a set of ranks `r1 < r2 < ... < rk` is the
//! sum of `C(ri, i)` sets of k ranks below it.
//!
//! ```
//! use handeval_core::badugi::BadugiClass;
//!
//! // A-2-3-4, the best hand: bits 0 to 3.
//! let best = BadugiClass::of_ranks(0b1111).unwrap();
//! // K-Q-J-T, the worst four-card badugi; K alone, the worst hand.
//! let worst_four = BadugiClass::of_ranks(0b1_1110_0000_0000).unwrap();
//! let worst = BadugiClass::of_ranks(1 << 12).unwrap();
//! assert_eq!((best.get(), worst_four.get(), worst.get()), (1, 715, 1_092));
//! assert_eq!((best.to_string(), worst_four.cards()), ("4-3-2-A".to_string(), 4));
//! // 3-2-A, the best of three cards, loses to the worst four-card badugi.
//! let three = BadugiClass::of_ranks(0b111).unwrap();
//! assert!(worst_four.beats(three) && three.get() == 716);
//! assert_eq!((three.ranks(), three.to_string()), (0b111, "3-2-A".to_string()));
//! ```
//!
//! [`Value::Badugi`]: crate::Value::Badugi

use core::fmt::{self, Display};
use core::str::FromStr;

use crate::game::{Run, runs};
use crate::hand::choose;
use crate::rules::Standard;
use crate::value::Value;
use crate::{AllHands, Card, CpuPath, Game, Hand, HandError, HandSize, Meta, Rank};

/// How many badugi values there are: C(13, 4) + C(13, 3) + C(13, 2) +
/// C(13, 1), of four playing cards to one.
pub const CLASSES: u16 = {
    let mut n = 0;
    let mut k = 1;
    while k <= 4 {
        n += choose(13, k);
        k += 1;
    }
    n as u16
};
const _: () = assert!(CLASSES == 1_092);

/// How many of the 270,725 badugi hands play four, three, two and one
/// cards, in that order. Four: a rank set of four (715) with the suits one
/// of each (4! orders), 17,160. One: four cards of a suit (4 x 715) or four
/// of a rank (13), 2,873; those two the compiler checks. All four are
/// counted hand by hand twice: by the largest set of distinct ranks and
/// suits, found by trying every subset (this crate's tests), and by the
/// reference's badugi (the reference crate's tests).
pub const HANDS_BY_CARDS: [u64; 4] = [17_160, 154_440, 96_252, 2_873];
const _: () = assert!(
    HANDS_BY_CARDS[0] + HANDS_BY_CARDS[1] + HANDS_BY_CARDS[2] + HANDS_BY_CARDS[3]
        == choose(52, 4) as u64
);
const _: () = assert!(HANDS_BY_CARDS[0] == choose(13, 4) as u64 * 24);
const _: () = assert!(HANDS_BY_CARDS[3] == 4 * choose(13, 4) as u64 + 13);

/// The first class of the values of `cards` playing cards, 4 to 1.
const fn first_class(cards: u32) -> u16 {
    let mut first = 1;
    let mut k = 4;
    while k > cards {
        first += choose(13, k as usize) as u16;
        k -= 1;
    }
    first
}

/// The badugi bit of a rank: the ace bit 0, the deuce bit 1, the king bit
/// 12.
#[inline(always)]
#[must_use]
pub const fn rank_bit(rank: Rank) -> u16 {
    match rank {
        Rank::Ace => 1,
        r => 2 << r.index(),
    }
}

/// A badugi hand's class: 1 (A-2-3-4 of four suits) to [`CLASSES`] (a
/// king alone), the lower the better. See the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BadugiClass(u16);

impl BadugiClass {
    /// The class of playing ranks `mask` (13 bits, the ace bit 0), if it
    /// holds one to four ranks.
    #[must_use]
    pub const fn of_ranks(mask: u16) -> Option<BadugiClass> {
        let cards = mask.count_ones();
        if mask >> 13 != 0 || cards == 0 || cards > 4 {
            return None;
        }
        // The combinatorial number system: the i-th lowest rank r adds the
        // C(r, i) sets of as many ranks whose top i ranks are lower.
        let mut place = 0;
        let mut i = 0;
        let mut r = 0;
        while r < 13 {
            if mask >> r & 1 == 1 {
                i += 1;
                place += choose(r, i) as u16;
            }
            r += 1;
        }
        Some(BadugiClass(first_class(cards) + place))
    }

    /// The class numbered `class`, if it is one (1 to [`CLASSES`]): what a
    /// kernel's output is read as, so a wrong one is an error, not a panic.
    #[must_use]
    pub const fn new(class: u16) -> Option<BadugiClass> {
        if class >= 1 && class <= CLASSES {
            Some(BadugiClass(class))
        } else {
            None
        }
    }

    /// The class's number.
    #[must_use]
    pub const fn get(self) -> u16 {
        self.0
    }

    /// How many cards play: 4 to 1.
    #[must_use]
    pub const fn cards(self) -> u32 {
        // The blocks run from four cards (class 1) down: the class is in
        // the block of the fewest cards whose first class it reaches.
        let mut cards = 4;
        while cards > 1 && self.0 >= first_class(cards - 1) {
            cards -= 1;
        }
        cards
    }

    /// The playing ranks, as the mask [`BadugiClass::of_ranks`] takes.
    #[must_use]
    pub const fn ranks(self) -> u16 {
        let cards = self.cards();
        let mut place = self.0 - first_class(cards);
        let mut mask = 0u16;
        // Greedy, highest rank first: the largest r with C(r, i) <= place.
        let mut i = cards as usize;
        let mut top = 13;
        while i > 0 {
            let mut r = top - 1;
            while choose(r, i) as u16 > place {
                r -= 1;
            }
            mask |= 1 << r;
            place -= choose(r, i) as u16;
            top = r;
            i -= 1;
        }
        mask
    }

    /// Whether this class beats `other`.
    #[must_use]
    pub const fn beats(self, other: BadugiClass) -> bool {
        self.0 < other.0
    }
}

impl Display for BadugiClass {
    /// The playing ranks, highest first: `4-3-2-A`, `K`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: &[u8; 13] = b"A23456789TJQK";
        let mask = self.ranks();
        let mut first = true;
        for r in (0..13).rev() {
            if mask >> r & 1 == 1 {
                if !first {
                    f.write_str("-")?;
                }
                write!(f, "{}", NAMES[r] as char)?;
                first = false;
            }
        }
        Ok(())
    }
}

/// A badugi hand: four distinct cards of the 52.
///
/// ```
/// use handeval_core::{Badugi, Game};
///
/// let hand: Badugi = "Ac 2d 3h 4s".parse().unwrap();
/// assert_eq!(hand.to_string(), "Ac 2d 3h 4s");
/// assert_eq!(<Badugi as Game>::HANDS, 270_725);
/// assert!("Ac 2d 3h".parse::<Badugi>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Badugi(Hand<4>);

impl Badugi {
    /// A hand of these cards.
    ///
    /// # Errors
    /// [`HandError::Duplicate`] if one repeats.
    pub fn new(cards: [Card; 4]) -> Result<Self, HandError> {
        Hand::new(cards).map(Badugi)
    }

    /// The cards, as a [`Hand<4>`](Hand).
    #[must_use]
    pub const fn hand(&self) -> Hand<4> {
        self.0
    }

    /// The four cards and the last again, as a row of five for kernels
    /// that load five cards a lane and read the first four (the lanes
    /// crate loads rows of five to ten). Not a hand of five distinct
    /// cards: only for such kernels to read.
    #[must_use]
    pub const fn row_of_five(&self) -> Hand<5> {
        let [a, b, c, d] = self.0.cards();
        Hand::from_distinct([a, b, c, d, d])
    }
}

impl From<Hand<4>> for Badugi {
    fn from(hand: Hand<4>) -> Self {
        Badugi(hand)
    }
}

impl FromStr for Badugi {
    type Err = HandError;

    /// Parses four cards as [`Hand`] does.
    fn from_str(s: &str) -> Result<Self, HandError> {
        s.parse().map(Badugi)
    }
}

impl Display for Badugi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(&self.0, f)
    }
}

impl Game for Badugi {
    const ID: &'static str = "badugi";
    const INPUT: &'static str = "badugi";
    const TITLE: &'static str = "Badugi";
    const WORD: &'static str = "badugi";
    const COUNT: usize = 4;
    const HOLE: usize = 0;
    const BOARD: usize = 0;
    const HANDS: u64 = choose(52, 4) as u64;
    // No five plays: a badugi is worth a subset of its four cards.
    const FIVES: &'static [[usize; 5]] = &[];
    const CATEGORY_HANDS: [u64; 10] = [0; 10];
    const CATEGORY_CLASSES: [u16; 10] = [0; 10];
    const VALUE: Value = Value::Badugi { classes: CLASSES };

    type Rules = Standard;
    type Part = Run;
    type High = Self;

    #[inline(always)]
    fn high(&self) -> Self {
        *self
    }
    #[inline(always)]
    fn card_slice(&self) -> &[Card] {
        self.0.as_cards()
    }
    fn from_cards(cards: &[Card]) -> Result<Self, HandError> {
        let cards: [Card; 4] = cards.try_into().map_err(|_| HandError::WrongCount {
            count: cards.len(),
            expected: HandSize::Exactly(4),
        })?;
        Badugi::new(cards)
    }
    #[inline(always)]
    fn from_dealt(cards: &[Card]) -> Self {
        let cards: [Card; 4] = cards.try_into().expect("4 dealt cards");
        Badugi(Hand::from_distinct(cards))
    }
    /// Four cards of one player's: never written with a `|`.
    fn takes(cards: usize, bar: Option<usize>) -> bool {
        cards == 4 && bar.is_none()
    }
    fn parts() -> impl Iterator<Item = Run> + Clone + Send {
        runs()
    }
    fn part_len((first, second): Run) -> usize {
        AllHands::<4>::starting(first, second).len()
    }
    fn part_weight(_: Run) -> u64 {
        1
    }
    fn part_hands((first, second): Run) -> impl Iterator<Item = Self> + Send {
        AllHands::<4>::starting(first, second).map(Badugi)
    }
}

/// An evaluator of badugi game `G` (a game whose [`Game::VALUE`] is
/// [`Value::Badugi`]): each hand's class.
pub trait BadugiEvaluator<G: Game>: 'static {
    /// What it is, as [`crate::Evaluator::META`].
    const META: Meta;

    /// The hand's class.
    fn class(hand: &G) -> BadugiClass;

    /// The classes of a batch: `out[i] = class(&hands[i])`.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn classes(hands: &[G], out: &mut [BadugiClass]) {
        crate::batch(hands, out, |h| Self::class(&h));
    }

    /// Which code path the batch loop takes on this CPU.
    fn cpu_path() -> CpuPath {
        CpuPath::PORTABLE
    }
}

/// A badugi evaluator as function pointers: what the tools that check,
/// time and list it hold.
#[derive(Clone, Copy, Debug)]
pub struct BadugiAbout<G: Game> {
    /// What it is.
    pub meta: Meta,
    /// One hand's class.
    pub class: fn(&G) -> BadugiClass,
    /// A batch's classes.
    pub classes: fn(&[G], &mut [BadugiClass]),
    /// The path its batch takes on this CPU.
    pub cpu_path: fn() -> CpuPath,
}

impl<G: Game> BadugiAbout<G> {
    /// `E`'s.
    #[must_use]
    pub fn of<E: BadugiEvaluator<G>>() -> BadugiAbout<G> {
        BadugiAbout {
            meta: E::META,
            class: E::class,
            classes: E::classes,
            cpu_path: E::cpu_path,
        }
    }
}

/// A class from a kernel's output, the worst class for anything that is
/// not one: a kernel's wrong output is a wrong class, never a panic.
#[inline(always)]
#[must_use]
pub const fn class_of_value(value: u32) -> BadugiClass {
    if value >= 1 && value <= CLASSES as u32 {
        BadugiClass(value as u16)
    } else {
        BadugiClass(CLASSES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mask_of_one_to_four_ranks_has_its_own_class_in_order() {
        let mut masks: std::vec::Vec<u16> = (1u16..1 << 13)
            .filter(|m| (1..=4).contains(&m.count_ones()))
            .collect();
        // Best first: more cards, then the lower mask.
        masks.sort_by_key(|m| (4 - m.count_ones(), *m));
        assert_eq!(masks.len(), usize::from(CLASSES));
        for (i, &m) in masks.iter().enumerate() {
            let class = BadugiClass::of_ranks(m).unwrap();
            assert_eq!(usize::from(class.get()), i + 1, "{m:#b}");
            assert_eq!(class.ranks(), m);
            assert_eq!(class.cards(), m.count_ones());
            assert_eq!(BadugiClass::new(class.get()), Some(class));
        }
        assert_eq!(BadugiClass::of_ranks(0), None);
        assert_eq!(BadugiClass::of_ranks(0b1_1111), None);
        assert_eq!(BadugiClass::new(0), None);
        assert_eq!(BadugiClass::new(CLASSES + 1), None);
        assert_eq!(class_of_value(7_000), BadugiClass(CLASSES));
    }

    /// How many cards play, by cover: the largest set of cards of which
    /// no two share a rank or a suit, found as the largest matching of
    /// ranks to suits (a bipartite graph of four edges), by trying every
    /// subset: a second count of [`HANDS_BY_CARDS`], independent of the
    /// reference crate's.
    fn playing_by_cover(hand: Hand<4>) -> usize {
        let cards = hand.cards();
        (1u8..16)
            .filter(|s| {
                let chosen: std::vec::Vec<Card> = (0..4)
                    .filter(|i| s >> i & 1 == 1)
                    .map(|i| cards[i])
                    .collect();
                let ranks: std::collections::BTreeSet<_> =
                    chosen.iter().map(|c| c.rank()).collect();
                let suits: std::collections::BTreeSet<_> =
                    chosen.iter().map(|c| c.suit()).collect();
                ranks.len() == chosen.len() && suits.len() == chosen.len()
            })
            .map(|s| s.count_ones() as usize)
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn hands_by_playing_cards_are_the_published_table() {
        let mut by = [0u64; 4];
        for hand in AllHands::<4>::every() {
            by[4 - playing_by_cover(hand)] += 1;
        }
        assert_eq!(by, HANDS_BY_CARDS);
    }
}
