//! The hand sizes the lab evaluates, as one trait: five, six and seven cards.

use core::fmt::{self, Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use crate::hand::{choose, parse_into};
use crate::{AllHands, Card, Category, Hand, HandError, HandSize};

/// A hand size: a hand of this many distinct cards is worth its best five.
///
/// Implemented by [`Hand`] (five cards), [`Hand<6>`](Hand) and
/// [`Hand<7>`](Hand). Everything the tools do per hand size (enumerate every
/// hand, check evaluators against the reference and the known tables, time
/// them) is written once over this trait; a new size is one implementation
/// here.
pub trait Cards:
    Copy + Eq + Hash + Debug + Display + FromStr<Err = HandError> + Send + Sync + 'static
{
    /// Cards per hand.
    const COUNT: usize;
    /// The size in words, for messages: `"five"`, `"six"`, `"seven"`.
    const WORD: &'static str;
    /// How many distinct hands there are: C(52, [`COUNT`](Cards::COUNT)).
    const HANDS: usize;
    /// The positions of the hand's five-card hands, in lexicographic order.
    const FIVES: &'static [[usize; 5]];
    /// How many hands have their best five in each category (the published
    /// table), in [`Category::ALL`] order.
    const CATEGORY_HANDS: [u32; 10];
    /// How many of each category's five-card classes occur as a best five,
    /// in [`Category::ALL`] order.
    const CATEGORY_CLASSES: [u16; 10];

    /// [`AllHands`] of the size.
    type All: Iterator<Item = Self> + ExactSizeIterator + Clone + Debug + Send;

    /// The cards in the order they were given.
    fn card_slice(&self) -> &[Card];

    /// A hand of these cards.
    ///
    /// # Errors
    /// [`HandError::WrongCount`] unless there are [`COUNT`](Cards::COUNT)
    /// cards, [`HandError::Duplicate`] if one repeats.
    fn from_cards(cards: &[Card]) -> Result<Self, HandError>;

    /// Every hand of this size exactly once, in the order [`all_hands`](crate::all_hands)
    /// describes for five cards: combinations of card indices in
    /// lexicographic order, each hand's cards in increasing index order.
    fn all() -> Self::All;

    /// The hands of [`all`](Cards::all) whose two lowest cards are
    /// `first < second`, in order: [`all`](Cards::all) falls into 1,326 such
    /// runs, one after another, so that work over all hands can be split
    /// between threads. Empty unless `first` is below `second`.
    fn starting(first: Card, second: Card) -> Self::All;

    /// The five-card hands in this one, in [`FIVES`](Cards::FIVES) order.
    fn fives(&self) -> impl Iterator<Item = Hand> + '_ {
        let cards = self.card_slice();
        // Positions from the table are distinct and below COUNT, and the
        // cards are distinct, so every five is a valid hand.
        Self::FIVES
            .iter()
            .map(move |p| Hand::from_distinct(p.map(|i| cards[i])))
    }

    /// How many of the 7,462 five-card classes occur as a best five.
    fn classes() -> u32 {
        Self::CATEGORY_CLASSES.iter().map(|&n| u32::from(n)).sum()
    }

    /// How many hands have their best five in `category` ([`CATEGORY_HANDS`](Cards::CATEGORY_HANDS)).
    fn hands_in(category: Category) -> u32 {
        Self::CATEGORY_HANDS[category.index()]
    }

    /// How many of `category`'s classes occur ([`CATEGORY_CLASSES`](Cards::CATEGORY_CLASSES)).
    fn classes_in(category: Category) -> u16 {
        Self::CATEGORY_CLASSES[category.index()]
    }
}

/// The positions of the `K` ways to choose five of `N` cards, in
/// lexicographic order.
const fn five_of<const N: usize, const K: usize>() -> [[usize; 5]; K] {
    let mut table = [[0; 5]; K];
    let mut five = [0, 1, 2, 3, 4];
    let mut n = 0;
    loop {
        table[n] = five;
        n += 1;
        if n == K {
            break;
        }
        // The next combination: bump the rightmost position with room.
        let mut i = 4;
        while five[i] == N - 5 + i {
            i -= 1;
        }
        five[i] += 1;
        let mut j = i + 1;
        while j < 5 {
            five[j] = five[j - 1] + 1;
            j += 1;
        }
    }
    table
}

/// The one five of five cards.
const FIVE_OF_FIVE: [[usize; 5]; 1] = five_of::<5, 1>();
/// The positions of the six ways to choose five of six cards.
pub const FIVE_OF_SIX: [[usize; 5]; 6] = five_of::<6, 6>();
/// The positions of the 21 ways to choose five of seven cards, in
/// lexicographic order: `[0, 1, 2, 3, 4]` first, `[2, 3, 4, 5, 6]` last.
pub const FIVE_OF_SEVEN: [[usize; 5]; 21] = five_of::<7, 21>();

/// Implements [`Cards`] for `Hand<N>`.
macro_rules! cards {
    ($n:literal, $word:literal, $fives:expr, $hands:expr, $classes:expr) => {
        impl Cards for Hand<$n> {
            type All = AllHands<$n>;
            const COUNT: usize = $n;
            const WORD: &'static str = $word;
            const HANDS: usize = choose(52, $n);
            const FIVES: &'static [[usize; 5]] = &$fives;
            const CATEGORY_HANDS: [u32; 10] = $hands;
            const CATEGORY_CLASSES: [u16; 10] = $classes;

            #[inline(always)]
            fn card_slice(&self) -> &[Card] {
                self.as_cards()
            }
            fn from_cards(cards: &[Card]) -> Result<Self, HandError> {
                let cards: [Card; $n] = cards.try_into().map_err(|_| HandError::WrongCount {
                    count: cards.len(),
                    expected: HandSize::Exactly($n),
                })?;
                Hand::new(cards)
            }
            fn all() -> AllHands<$n> {
                AllHands::every()
            }
            fn starting(first: Card, second: Card) -> AllHands<$n> {
                AllHands::starting(first, second)
            }
        }
    };
}

// Five cards: the table every evaluator must reproduce (see the crate docs).
cards!(
    5,
    "five",
    FIVE_OF_FIVE,
    [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4
    ],
    [1_277, 2_860, 858, 858, 10, 1_277, 156, 156, 9, 1]
);
// Six cards: hands by category as published (e.g. Wikipedia, "Poker
// probability", 6-card hands), 20,358,520 in all. 6,075 classes occur: a
// high-card five whose lowest card is a 2, or whose cards leave no lower
// rank to add without a straight, cannot be the best of six.
cards!(
    6,
    "six",
    FIVE_OF_SIX,
    [
        6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_656, 188,
    ],
    [770, 2_135, 846, 715, 10, 1_277, 156, 156, 9, 1]
);
// Seven cards: 133,784,560 hands; 4,824 classes occur as the best five of
// seven (seven cards holding a high-card five such as 7-5-4-3-2 always hold
// a better five).
cards!(
    7,
    "seven",
    FIVE_OF_SEVEN,
    [
        23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848,
        37_260, 4_324,
    ],
    [407, 1_470, 763, 575, 10, 1_277, 156, 156, 9, 1]
);

/// The number of seven-card hands, C(52, 7).
pub const HAND7_COUNT: usize = <Hand<7> as Cards>::HANDS;

impl Hand<7> {
    /// The 21 five-card hands in these seven cards, in [`FIVE_OF_SEVEN`] order.
    #[inline(always)]
    pub fn fives(&self) -> [Hand; 21] {
        // Positions from the table are distinct and below 7, and the seven
        // cards are distinct, so every five is a valid hand.
        FIVE_OF_SEVEN.map(|p| Hand::from_distinct(p.map(|i| self.as_cards()[i])))
    }
}

/// Every seven-card hand exactly once ([`Cards::all`] for seven cards).
pub fn all_hands7() -> AllHands<7> {
    AllHands::every()
}

/// A hand of five, six or seven cards, as a line of `cargo xtask eval` may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyHand {
    /// Five cards.
    Five(Hand),
    /// Six cards.
    Six(Hand<6>),
    /// Seven cards.
    Seven(Hand<7>),
}

impl FromStr for AnyHand {
    type Err = HandError;

    /// Parses five, six or seven cards; any other number is
    /// [`HandError::WrongCount`] with [`HandSize::FiveToSeven`].
    fn from_str(s: &str) -> Result<AnyHand, HandError> {
        let mut cards = [Card::from_index(0).expect("0 is a card"); 7];
        let count = parse_into(s, &mut cards)?;
        let [a, b, c, d, e, f, g] = cards;
        match count {
            5 => Hand::new([a, b, c, d, e]).map(AnyHand::Five),
            6 => Hand::new([a, b, c, d, e, f]).map(AnyHand::Six),
            7 => Hand::new([a, b, c, d, e, f, g]).map(AnyHand::Seven),
            count => Err(HandError::WrongCount {
                count,
                expected: HandSize::FiveToSeven,
            }),
        }
    }
}

impl fmt::Display for AnyHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyHand::Five(h) => fmt::Display::fmt(h, f),
            AnyHand::Six(h) => fmt::Display::fmt(h, f),
            AnyHand::Seven(h) => fmt::Display::fmt(h, f),
        }
    }
}

const _: () = assert!(<Hand<5> as Cards>::HANDS == crate::HAND_COUNT);
const _: () = assert!(HAND7_COUNT == 133_784_560);
const _: () = assert!(<Hand<6> as Cards>::HANDS == 20_358_520);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Card, HandClass};
    use std::string::ToString;
    use std::vec::Vec;

    fn hand7(s: &str) -> Hand<7> {
        s.parse().unwrap()
    }

    #[test]
    fn every_size_s_tables_add_up() {
        fn check<H: Cards>() {
            let hands: u32 = H::CATEGORY_HANDS.iter().sum();
            assert_eq!(hands as usize, H::HANDS, "{}", H::WORD);
            assert_eq!(H::FIVES.len(), choose(H::COUNT, 5));
            assert!(H::classes() <= u32::from(HandClass::COUNT));
            for c in Category::ALL {
                assert!(H::classes_in(c) <= c.class_count(), "{} {c}", H::WORD);
                assert_eq!(H::hands_in(c), H::CATEGORY_HANDS[c.index()]);
            }
            assert_eq!(H::all().len(), H::HANDS);
        }
        check::<Hand>();
        check::<Hand<6>>();
        check::<Hand<7>>();
        assert_eq!(<Hand as Cards>::classes(), 7_462);
        assert_eq!(<Hand<6> as Cards>::classes(), 6_075);
        assert_eq!(<Hand<7> as Cards>::classes(), 4_824);
        for c in Category::ALL {
            assert_eq!(<Hand as Cards>::hands_in(c), c.hand_count());
            assert_eq!(<Hand as Cards>::classes_in(c), c.class_count());
        }
    }

    #[test]
    fn parses_like_five_and_names_the_count() {
        let h = hand7("As Ks Qs Js Ts 2c 3d");
        assert_eq!(h.to_string(), "As Ks Qs Js Ts 2c 3d");
        assert_eq!(hand7("asksqsjsts2c3d"), h);
        let err = |s: &str| s.parse::<Hand<7>>().unwrap_err();
        assert_eq!(
            err("As Ks Qs Js Ts"),
            HandError::WrongCount {
                count: 5,
                expected: HandSize::Exactly(7)
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
        let six: Hand<6> = "As Ks Qs Js Ts 2c".parse().unwrap();
        assert_eq!(six.to_string(), "As Ks Qs Js Ts 2c");
        let six6: Hand<6> = "As Ks Qs Js Ts 2c".parse().unwrap();
        assert_eq!(<Hand<6> as Cards>::from_cards(&six6.cards()), Ok(six6));
        assert_eq!(
            <Hand<6> as Cards>::from_cards(&six6.cards()[..5]),
            Err(HandError::WrongCount {
                count: 5,
                expected: HandSize::Exactly(6)
            })
        );
        assert_eq!(
            "As Ks Qs Js Ts".parse::<Hand<6>>().unwrap_err().to_string(),
            "5 cards: a six-card hand has exactly 6"
        );
    }

    #[test]
    fn any_hand_takes_five_six_or_seven_and_nothing_else() {
        let five: AnyHand = "As Ks Qs Js Ts".parse().unwrap();
        assert!(matches!(five, AnyHand::Five(_)));
        let six: AnyHand = "As Ks Qs Js Ts 2c".parse().unwrap();
        assert_eq!(six.to_string(), "As Ks Qs Js Ts 2c");
        let six6: Hand<6> = "As Ks Qs Js Ts 2c".parse().unwrap();
        assert_eq!(<Hand<6> as Cards>::from_cards(&six6.cards()), Ok(six6));
        assert_eq!(
            <Hand<6> as Cards>::from_cards(&six6.cards()[..5]),
            Err(HandError::WrongCount {
                count: 5,
                expected: HandSize::Exactly(6)
            })
        );
        assert!(matches!(six, AnyHand::Six(_)));
        let seven: AnyHand = "As Ks Qs Js Ts 2c 3d".parse().unwrap();
        assert!(matches!(seven, AnyHand::Seven(_)));
        for (s, n) in [("", 0), ("As", 1), ("2c 3c 4c 5c 6c 7c 8c 9c", 8)] {
            let err = s.parse::<AnyHand>().unwrap_err();
            assert_eq!(
                err,
                HandError::WrongCount {
                    count: n,
                    expected: HandSize::FiveToSeven
                }
            );
        }
        assert_eq!(
            "As".parse::<AnyHand>().unwrap_err().to_string(),
            "1 card: a hand has 5, 6 or 7"
        );
        assert_eq!(
            "As Ks Qs Js Ts As".parse::<AnyHand>().unwrap_err(),
            HandError::Duplicate {
                card: "As".parse().unwrap()
            }
        );
    }

    #[test]
    fn the_fives_are_every_five_once_in_order() {
        fn check<H: Cards>(hand: &H) {
            let mask = hand
                .card_slice()
                .iter()
                .fold(0u64, |m, c| m | 1 << c.index());
            let mut masks: Vec<u64> = hand.fives().map(|f| f.mask()).collect();
            assert!(masks.iter().all(|m| m.count_ones() == 5 && m & !mask == 0));
            masks.sort_unstable();
            masks.dedup();
            assert_eq!(masks.len(), H::FIVES.len());
            assert!(H::FIVES.windows(2).all(|w| w[0] < w[1]));
            assert!(H::FIVES.iter().all(|p| p.windows(2).all(|w| w[0] < w[1])));
        }
        let h = hand7("2c 3d 4h 5s 6c 7d 8h");
        check(&h);
        check(&"2c 3d 4h 5s 6c 7d".parse::<Hand<6>>().unwrap());
        check(&"2c 3d 4h 5s 6c".parse::<Hand>().unwrap());
        assert_eq!(FIVE_OF_SEVEN[0], [0, 1, 2, 3, 4]);
        assert_eq!(FIVE_OF_SEVEN[20], [2, 3, 4, 5, 6]);
        assert_eq!(FIVE_OF_SIX[5], [1, 2, 3, 4, 5]);
        let listed: Vec<Hand> = h.fives().to_vec();
        assert_eq!(listed, Cards::fives(&h).collect::<Vec<_>>());
    }

    #[test]
    fn runs_by_two_lowest_cards_tile_every_size_in_order() {
        // Every run has C(51 - second, N - 2) hands, and the runs laid end
        // to end are all hands: checked on the counts and the runs' first hands.
        fn check<H: Cards>() {
            let card = |i: u8| Card::from_index(i).unwrap();
            let mut total = 0;
            let mut all = H::all();
            for a in 0..52u8 {
                for b in a + 1..52 {
                    let run = H::starting(card(a), card(b));
                    assert_eq!(run.len(), choose(51 - usize::from(b), H::COUNT - 2));
                    if run.len() > 0 {
                        let first = run.clone().next().unwrap();
                        assert_eq!(all.next(), Some(first));
                        if run.len() > 1 {
                            all.nth(run.len() - 2);
                        }
                    }
                    total += run.len();
                }
            }
            assert_eq!(total, H::HANDS);
            assert_eq!(all.next(), None);
            assert_eq!(H::starting(card(5), card(5)).len(), 0);
            assert_eq!(H::starting(card(6), card(5)).len(), 0);
        }
        check::<Hand>();
        check::<Hand<6>>();
        check::<Hand<7>>();
    }

    #[test]
    fn all_hands7_starts_and_ends_where_documented() {
        let mut all = all_hands7();
        assert_eq!(all.len(), HAND7_COUNT);
        assert_eq!(all.next(), Some(hand7("2c 2d 2h 2s 3c 3d 3h")));
        let card = |i: u8| Card::from_index(i).unwrap();
        let last = <Hand<7> as Cards>::starting(card(45), card(46)).last();
        assert_eq!(last, Some(hand7("Kd Kh Ks Ac Ad Ah As")));
        // Jumps land where a walk would, without walking.
        assert_eq!(all_hands7().nth(HAND7_COUNT - 1), last);
        assert_eq!(all_hands7().nth(HAND7_COUNT), None);
        let mut middle = all_hands7();
        assert!(middle.nth(HAND7_COUNT / 2).is_some());
        assert_eq!(middle.len(), HAND7_COUNT - HAND7_COUNT / 2 - 1);
        let mut run = <Hand<7> as Cards>::starting(card(0), card(18));
        let jumped = run.nth(3);
        let mut walked = <Hand<7> as Cards>::starting(card(0), card(18));
        walked.next();
        walked.next();
        walked.next();
        assert_eq!(jumped, walked.next());
        assert_eq!(run.len(), walked.len());
        assert_eq!(
            <Hand<6> as Cards>::all().last().map(|h| h.to_string()),
            Some("Kh Ks Ac Ad Ah As".to_string())
        );
    }
}
