//! Seven distinct cards, every such hand, and the 21 five-card hands in each.

use core::fmt;
use core::iter::FusedIterator;
use core::str::FromStr;

use crate::hand::{Combinations, choose, distinct, parse_into};
use crate::{Card, CardTable, Hand, HandError, HandSize};

/// Exactly seven distinct cards, kept in the order they were given: two hole
/// cards and five on the board, or any seven.
///
/// As with [`Hand`], the only ways to make one validate it ([`Hand7::new`],
/// [`FromStr`]) or cannot go wrong ([`all_hands7`]), and it is stored as
/// seven card bytes (`repr(transparent)`), seven bytes per hand in a slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Hand7([Card; 7]);

/// The positions of the 21 ways to choose five of seven cards, in
/// lexicographic order: `[0, 1, 2, 3, 4]` first, `[2, 3, 4, 5, 6]` last.
pub const FIVE_OF_SEVEN: [[usize; 5]; 21] = {
    let mut table = [[0; 5]; 21];
    let mut n = 0;
    // The two positions left out, a < b, in reverse lexicographic order,
    // which puts the kept positions in lexicographic order.
    let mut a = 5;
    loop {
        let mut b = 6;
        while b > a {
            let mut kept = [0; 5];
            let (mut i, mut p) = (0, 0);
            while p < 7 {
                if p != a && p != b {
                    kept[i] = p;
                    i += 1;
                }
                p += 1;
            }
            table[n] = kept;
            n += 1;
            b -= 1;
        }
        if a == 0 {
            break;
        }
        a -= 1;
    }
    table
};

impl Hand7 {
    /// A seven-card hand from seven cards, if they are distinct.
    ///
    /// # Errors
    /// [`HandError::Duplicate`] naming the first card seen twice.
    pub fn new(cards: [Card; 7]) -> Result<Hand7, HandError> {
        distinct(cards).map(Hand7)
    }

    /// The seven cards in the order they were given.
    #[inline]
    pub const fn cards(&self) -> [Card; 7] {
        self.0
    }

    /// The seven cards in place (see [`Hand::as_cards`] for why encoders read these).
    #[inline(always)]
    pub const fn as_cards(&self) -> &[Card; 7] {
        &self.0
    }

    /// The set of the seven cards as bits `1 << card.index()`.
    #[inline(always)]
    pub fn mask(&self) -> u64 {
        crate::CARD_BITS.of_hand7(self).iter().fold(0, |m, b| m | b)
    }

    /// The five-card hand of the cards at `positions` (one row of [`FIVE_OF_SEVEN`]).
    #[inline(always)]
    pub fn five(&self, positions: [usize; 5]) -> Option<Hand> {
        let mut cards = [self.0[0]; 5];
        for (card, p) in cards.iter_mut().zip(positions) {
            *card = *self.0.get(p)?;
        }
        Hand::new(cards).ok()
    }

    /// The 21 five-card hands in these seven cards, in [`FIVE_OF_SEVEN`] order.
    #[inline(always)]
    pub fn fives(&self) -> [Hand; 21] {
        FIVE_OF_SEVEN.map(|p| {
            // Positions from the table are distinct and below 7, and the
            // seven cards are distinct, so every five is a valid hand.
            Hand::from_distinct(p.map(|i| self.0[i]))
        })
    }
}

impl FromStr for Hand7 {
    type Err = HandError;

    /// Parses seven cards in the notation of [`Hand`]'s `FromStr`.
    fn from_str(s: &str) -> Result<Hand7, HandError> {
        let mut cards = [Card::from_index(0).expect("0 is a card"); 7];
        let count = parse_into(s, &mut cards)?;
        if count != 7 {
            return Err(HandError::WrongCount {
                count,
                expected: HandSize::Seven,
            });
        }
        Hand7::new(cards)
    }
}

impl fmt::Display for Hand7 {
    /// The seven cards in their original order, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e, g, h] = self.0;
        write!(f, "{a} {b} {c} {d} {e} {g} {h}")
    }
}

/// A hand of five or of seven cards, as a line of `cargo xtask eval` may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyHand {
    /// Five cards.
    Five(Hand),
    /// Seven cards.
    Seven(Hand7),
}

impl FromStr for AnyHand {
    type Err = HandError;

    /// Parses five or seven cards; any other number is
    /// [`HandError::WrongCount`] with [`HandSize::FiveOrSeven`].
    fn from_str(s: &str) -> Result<AnyHand, HandError> {
        let mut cards = [Card::from_index(0).expect("0 is a card"); 7];
        match parse_into(s, &mut cards)? {
            5 => Hand::new([cards[0], cards[1], cards[2], cards[3], cards[4]]).map(AnyHand::Five),
            7 => Hand7::new(cards).map(AnyHand::Seven),
            count => Err(HandError::WrongCount {
                count,
                expected: HandSize::FiveOrSeven,
            }),
        }
    }
}

impl fmt::Display for AnyHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyHand::Five(h) => h.fmt(f),
            AnyHand::Seven(h) => h.fmt(f),
        }
    }
}

/// The number of seven-card hands, C(52, 7).
pub const HAND7_COUNT: usize = 133_784_560;

/// How many of the 7,462 classes occur as the best five of seven cards.
pub const SEVEN_CARD_CLASSES: u16 = 4_824;

/// Every seven-card hand exactly once, without allocating.
///
/// The order is that of [`all_hands`](crate::all_hands): combinations of
/// card indices `c0 < c1 < ... < c6` in lexicographic order, from `2c 2d 2h
/// 2s 3c 3d 3h` to `Kd Kh Ks Ac Ad Ah As`; each hand's cards are in
/// increasing index order.
pub fn all_hands7() -> AllHands7 {
    AllHands7(Combinations::first())
}

/// The seven-card hands whose two lowest cards are `first < second`, in the
/// order of [`all_hands7`]: the hands of [`all_hands7`] fall into 1,326 such
/// runs, one after another, the largest holding C(50, 5) = 2,118,760 hands,
/// so that work over all hands can be split between threads.
///
/// Empty unless `first` is below `second`.
pub fn hands7_starting(first: Card, second: Card) -> AllHands7 {
    if first.index() >= second.index() {
        let mut empty = Combinations::first();
        empty.remaining = 0;
        return AllHands7(empty);
    }
    AllHands7(Combinations::from_prefix(&[first.index(), second.index()]))
}

/// The iterator returned by [`all_hands7`] and [`hands7_starting`].
#[derive(Clone, Debug)]
pub struct AllHands7(Combinations<7>);

impl Iterator for AllHands7 {
    type Item = Hand7;

    #[inline]
    fn next(&mut self) -> Option<Hand7> {
        self.0.next().map(Hand7)
    }

    /// Jumps: the hand `n` places on costs no more than the next one.
    #[inline]
    fn nth(&mut self, n: usize) -> Option<Hand7> {
        self.0.nth(n).map(Hand7)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.remaining, Some(self.0.remaining))
    }
}

impl ExactSizeIterator for AllHands7 {}
impl FusedIterator for AllHands7 {}

impl<T: Copy> CardTable<T> {
    /// The values of a seven-card hand's cards, in the hand's order.
    #[inline(always)]
    pub const fn of_hand7(&self, hand: &Hand7) -> [T; 7] {
        let [a, b, c, d, e, f, g] = hand.as_cards();
        [
            self.get(*a),
            self.get(*b),
            self.get(*c),
            self.get(*d),
            self.get(*e),
            self.get(*f),
            self.get(*g),
        ]
    }
}

const _: () = assert!(choose(52, 7) == HAND7_COUNT);

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    fn hand7(s: &str) -> Hand7 {
        s.parse().unwrap()
    }

    #[test]
    fn parses_like_five_and_names_the_count() {
        let h = hand7("As Ks Qs Js Ts 2c 3d");
        assert_eq!(h.to_string(), "As Ks Qs Js Ts 2c 3d");
        assert_eq!(hand7("asksqsjsts2c3d"), h);
        let err = |s: &str| s.parse::<Hand7>().unwrap_err();
        assert_eq!(
            err("As Ks Qs Js Ts"),
            HandError::WrongCount {
                count: 5,
                expected: HandSize::Seven
            }
        );
        assert_eq!(
            err("As Ks Qs Js Ts 2c").to_string(),
            "6 cards: a seven-card hand has exactly 7"
        );
        assert_eq!(err("As Ks Qs Js Ts 2c Ks").to_string(), "duplicate card Ks");
        assert_eq!(
            err("As Ks Qs Js Ts 2c 3x").to_string(),
            "bad suit 'x' at column 20 (expected one of c, d, h, s)"
        );
    }

    #[test]
    fn any_hand_takes_five_or_seven_and_nothing_else() {
        let five: AnyHand = "As Ks Qs Js Ts".parse().unwrap();
        assert!(matches!(five, AnyHand::Five(_)));
        let seven: AnyHand = "As Ks Qs Js Ts 2c 3d".parse().unwrap();
        assert!(matches!(seven, AnyHand::Seven(_)));
        for (s, n) in [
            ("", 0),
            ("As", 1),
            ("As Ks Qs Js Ts 2c", 6),
            ("2c 3c 4c 5c 6c 7c 8c 9c", 8),
        ] {
            let err = s.parse::<AnyHand>().unwrap_err();
            assert_eq!(
                err,
                HandError::WrongCount {
                    count: n,
                    expected: HandSize::FiveOrSeven
                }
            );
        }
        assert_eq!(
            "As Ks Qs Js Ts 2c"
                .parse::<AnyHand>()
                .unwrap_err()
                .to_string(),
            "6 cards: a hand has 5 or 7"
        );
    }

    #[test]
    fn the_21_fives_are_every_five_once() {
        let h = hand7("2c 3d 4h 5s 6c 7d 8h");
        let fives = h.fives();
        let mut masks: std::vec::Vec<u64> = fives.iter().map(Hand::mask).collect();
        assert!(
            masks
                .iter()
                .all(|m| m.count_ones() == 5 && m & !h.mask() == 0)
        );
        masks.sort_unstable();
        masks.dedup();
        assert_eq!(masks.len(), 21);
        assert_eq!(FIVE_OF_SEVEN[0], [0, 1, 2, 3, 4]);
        assert_eq!(FIVE_OF_SEVEN[20], [2, 3, 4, 5, 6]);
        assert!(FIVE_OF_SEVEN.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            h.five([0, 2, 4, 6, 1]).unwrap().to_string(),
            "2c 4h 6c 8h 3d"
        );
        assert_eq!(h.five([0, 0, 1, 2, 3]), None);
        assert_eq!(h.five([0, 1, 2, 3, 7]), None);
    }

    #[test]
    fn runs_by_two_lowest_cards_tile_all_hands7_in_order() {
        // Every run has C(51 - second, 5) hands, and the runs laid end to end
        // are all_hands7: checked on the counts and on the runs' first hands.
        let card = |i: u8| Card::from_index(i).unwrap();
        let mut total = 0;
        let mut all = all_hands7();
        for a in 0..52u8 {
            for b in a + 1..52 {
                let run = hands7_starting(card(a), card(b));
                assert_eq!(run.len(), choose(51 - usize::from(b), 5), "{a} {b}");
                if run.len() > 0 {
                    let first = run.clone().next().unwrap();
                    assert_eq!(all.next(), Some(first));
                    // Skip the rest of the run.
                    if run.len() > 1 {
                        all.nth(run.len() - 2);
                    }
                }
                total += run.len();
            }
        }
        assert_eq!(total, HAND7_COUNT);
        assert_eq!(all.next(), None);
        assert_eq!(hands7_starting(card(5), card(5)).len(), 0);
        assert_eq!(hands7_starting(card(6), card(5)).len(), 0);
    }

    #[test]
    fn all_hands7_starts_and_ends_where_documented() {
        let mut all = all_hands7();
        assert_eq!(all.len(), HAND7_COUNT);
        assert_eq!(all.next(), Some(hand7("2c 2d 2h 2s 3c 3d 3h")));
        let card = |i: u8| Card::from_index(i).unwrap();
        let last = hands7_starting(card(45), card(46)).last();
        assert_eq!(last, Some(hand7("Kd Kh Ks Ac Ad Ah As")));
        // Jumps land where a walk would, without walking.
        assert_eq!(all_hands7().nth(HAND7_COUNT - 1), last);
        assert_eq!(all_hands7().nth(HAND7_COUNT), None);
        let mut middle = all_hands7();
        assert!(middle.nth(HAND7_COUNT / 2).is_some());
        assert_eq!(middle.len(), HAND7_COUNT - HAND7_COUNT / 2 - 1);
        let mut run = hands7_starting(card(0), card(18));
        let jumped = run.nth(3);
        let mut walked = hands7_starting(card(0), card(18));
        walked.next();
        walked.next();
        walked.next();
        assert_eq!(jumped, walked.next());
        assert_eq!(run.len(), walked.len());
    }
}
