//! Lowball, table-free: ace-to-five and deuce-to-seven classes from the
//! hand's rank-count bitsets and the combinatorial number system, and
//! razz's (the best ace-to-five five of seven, [`AceFiveSeven`]) from the
//! same arithmetic on the masks of the five that play.
//!
//! A lowball hand is worth its ranks far more than its cards: in
//! ace-to-five only the ranks count, in deuce-to-seven the ranks and
//! whether the five share a suit. So, in DeadHorseEval's spirit (counting
//! bits rather than looking hands up), the kernel builds four 13-bit masks
//! from the five cards, the ranks seen at least once, twice, three and
//! four times, and reads the class off them with arithmetic alone:
//!
//! - the *pattern* (no pair, one pair, two pair, trips, full house, quads)
//!   is the number of distinct ranks and whether a rank is seen three or
//!   four times;
//! - within a pattern, hands compare rank group by rank group, lowest
//!   best, each group highest first: which is the *colex* order of the
//!   group's rank set, whose index the combinatorial number system gives
//!   as a sum of binomials, `C(r1, 1) + C(r2, 2) + ...` for the ranks
//!   `r1 < r2 < ...` of the set;
//! - the class is the pattern's first class plus the index of its groups,
//!   each group's index counted among the ranks the groups before it leave.
//!
//! Razz's seven cards play the five their masks name: of five or more
//! distinct ranks the five lowest, no pair; of four, all four with the
//! lowest rank held twice or more paired; of three, all three with the two
//! lowest held twice or more paired (seven cards of three ranks always hold
//! two such); of two (four and three of a kind), the lower three of a kind
//! and the higher paired, a full house, which ranks below quads.
//!
//! Ace-to-five reads the ace as rank 0 and counts no straight or flush;
//! deuce-to-seven reads the ace as rank 12 and counts both, nine straights
//! from 2-3-4-5-6 (rank set `0b1_1111`) up, A-2-3-4-5 not among them.
//!
//! # Worked example
//!
//! Ace-to-five, `8c 5d 4h 2s As`: five distinct ranks {0, 1, 3, 4, 7} (ace
//! 0, deuce 1, four 3, five 4, eight 7), no pair, so the class is one more
//! than the set's colex index, `C(0,1) + C(1,2) + C(3,3) + C(4,4) + C(7,5)
//! = 0 + 0 + 1 + 1 + 21 = 23`: class 24. Deuce-to-seven, `Kc Kd 7h 5s 2c`:
//! one pair (kings, rank 11) and the kickers {0, 3, 5} (2, 5, 7): the pairs
//! start after the 1,278 no-pair classes, each pair rank holds `C(12, 3) =
//! 220` kicker sets, and the kickers, counted among the twelve ranks
//! without the king (the same indexes, all below it), are the set's colex
//! index `C(0,1) + C(3,2) + C(5,3) = 0 + 3 + 10 = 13`: class 1,278 + 11 x
//! 220 + 13 + 1 = 3,712.
//!
//! ```
//! use handeval_core::{AceFive5, BestFive, DeuceSeven5};
//! use handeval_deadhorse::{AceFive, DeuceSeven};
//!
//! let eight: AceFive5 = "8c 5d 4h 2s As".parse().unwrap();
//! assert_eq!(AceFive::class(&eight), 24);
//! let kings: DeuceSeven5 = "Kc Kd 7h 5s 2c".parse().unwrap();
//! assert_eq!(DeuceSeven::class(&kings), 3_712);
//! ```

use core::cmp::Reverse;

use handeval_core::rules::{ACE_TO_FIVE, AceToFiveLow, DEUCE_TO_SEVEN, DeuceToSevenLow, Rules};
use handeval_core::{BestFive, Card, Category, Evaluator, Game, Hand, LowHand, Meta, Role};

/// `C(n, k)` for `n` < 13 and `k` <= 5.
const BINOMIAL: [[u16; 6]; 13] = {
    let mut t = [[0u16; 6]; 13];
    let mut n = 0;
    while n < 13 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The colex index of the rank set `mask`: `C(r1, 1) + C(r2, 2) + ...`
/// over its ranks, lowest first.
#[inline(always)]
const fn colex(mut mask: u16) -> u16 {
    let mut index = 0;
    let mut k = 1;
    while mask != 0 {
        index += BINOMIAL[mask.trailing_zeros() as usize][k];
        mask &= mask - 1;
        k += 1;
    }
    index
}

/// `mask` without rank `r`: the ranks above it moved down one, so that a
/// group's ranks are counted among those the groups before it leave.
#[inline(always)]
const fn without(mask: u16, r: u32) -> u16 {
    let below = (1u16 << r) - 1;
    (mask & below) | ((mask >> 1) & !below)
}

/// The colex indexes of the nine deuce-to-seven straights, 6-high first.
const STRAIGHTS: [u16; 9] = {
    let mut t = [0u16; 9];
    let mut b = 0;
    while b < 9 {
        t[b] = colex(0b1_1111 << b);
        b += 1;
    }
    t
};

/// The four rank masks of a hand's cards: ranks seen at least once,
/// twice, three and four times.
#[inline(always)]
fn masks<const ACE_LOW: bool>(cards: &[Card]) -> [u16; 4] {
    let (mut once, mut twice, mut thrice, mut four) = (0u16, 0u16, 0u16, 0u16);
    for c in cards {
        // The rank is the card's index over four (deuce 0, ace 12).
        let bit = 1u16 << (c.index() >> 2);
        four |= thrice & bit;
        thrice |= twice & bit;
        twice |= once & bit;
        once |= bit;
    }
    let masks = [once, twice, thrice, four];
    if ACE_LOW {
        // Ace-to-five's ace is its lowest rank: each mask rotated up one
        // rank, the ace's bit 12 to bit 0 (once a hand, not a division by
        // 13 a card).
        masks.map(|m| ((m << 1) | (m >> 12)) & 0x1FFF)
    } else {
        masks
    }
}

/// The ace-to-five class of five cards, 1 (A-2-3-4-5) to 6,175: what
/// [`AceFive`] computes, for the best-of low of the Hi-Lo games.
#[inline]
pub(crate) fn ace_five_class(cards: [Card; 5]) -> u16 {
    class_of::<true>(&cards)
}

/// The lowball class of five cards, 1 the best, by ace-to-five's rules
/// (`ACE_LOW`: the ace low, no straight or flush) or deuce-to-seven's.
#[inline(always)]
fn class_of<const ACE_LOW: bool>(cards: &[Card; 5]) -> u16 {
    class_of_masks::<ACE_LOW>(masks::<ACE_LOW>(cards), || {
        let suit = cards[0].suit();
        cards.iter().all(|c| c.suit() == suit)
    })
}

/// The lowball class of the five cards whose rank masks are `masks`, 1 the
/// best; `flush` says whether they share a suit (asked only by
/// deuce-to-seven, of five distinct ranks).
#[inline(always)]
fn class_of_masks<const ACE_LOW: bool>(masks: [u16; 4], flush: impl FnOnce() -> bool) -> u16 {
    let [once, twice, thrice, four] = masks;
    // Where each pattern's classes start (0-based): the no-pair classes
    // (and, in deuce-to-seven, the straights, flushes and straight
    // flushes, placed below), then the pairs, two pairs, trips, full
    // houses, quads.
    let no_pair: u16 = if ACE_LOW { 1_287 } else { 1_278 };
    let pair = no_pair;
    let two_pair = pair + 2_860;
    let trips = two_pair + 858;
    // Deuce-to-seven's nine straights and 1,278 flushes come between
    // trips and the full house.
    let full_house = trips + 858 + if ACE_LOW { 0 } else { 9 + 1_278 };
    let quads = full_house + 156;
    let index = match once.count_ones() {
        5 => {
            let index = colex(once);
            if ACE_LOW {
                index
            } else {
                let straight = once >> once.trailing_zeros() == 0b1_1111;
                let flush = flush();
                // Straights skipped in the colex count: those below it.
                let below = STRAIGHTS.iter().filter(|&&s| s < index).count() as u16;
                let b = once.trailing_zeros() as u16;
                match (straight, flush) {
                    (false, false) => index - below,
                    (true, false) => trips + 858 + b,
                    (false, true) => trips + 858 + 9 + index - below,
                    // The straight flushes, the royal (b = 8) last.
                    (true, true) => quads + 156 + b,
                }
            }
        }
        4 => {
            let p = twice.trailing_zeros();
            pair + p as u16 * 220 + colex(without(once & !twice, p))
        }
        3 if thrice != 0 => {
            let t = thrice.trailing_zeros();
            trips + t as u16 * 66 + colex(without(once & !thrice, t))
        }
        3 => {
            let kicker = once & !twice;
            let k = kicker.trailing_zeros();
            // The kicker among the eleven ranks the two pairs leave.
            let left = k as u16 - (twice & (kicker - 1)).count_ones() as u16;
            two_pair + colex(twice) * 11 + left
        }
        _ if four != 0 => {
            let q = four.trailing_zeros();
            let k = (once & !four).trailing_zeros();
            quads + q as u16 * 12 + (k - u32::from(k > q)) as u16
        }
        _ => {
            let t = thrice.trailing_zeros();
            let p = (twice & !thrice).trailing_zeros();
            full_house + t as u16 * 12 + (p - u32::from(p > t)) as u16
        }
    };
    index + 1
}

/// The lowest set bit of `mask` (0 if none).
#[inline(always)]
const fn lowest(mask: u16) -> u16 {
    mask & mask.wrapping_neg()
}

/// The razz class of seven cards: the ace-to-five class of their best
/// five, whose rank masks follow from the seven's by the rule the [module
/// documentation](self) gives.
#[inline(always)]
fn razz_class(cards: &[Card; 7]) -> u16 {
    let [once, twice, thrice, _] = masks::<true>(cards);
    let five = match once.count_ones() {
        5.. => {
            // Seven cards hold at most seven ranks: at most two of the
            // highest to drop, each without a branch to mispredict.
            let drop = |m: u16| {
                let highest = 0x8000u16 >> m.leading_zeros();
                if m.count_ones() > 5 { m & !highest } else { m }
            };
            [drop(drop(once)), 0, 0, 0]
        }
        4 => [once, lowest(twice), 0, 0],
        3 => {
            let low = lowest(twice);
            [once, low | lowest(twice ^ low), 0, 0]
        }
        _ => [once, once, lowest(thrice), 0],
    };
    class_of_masks::<true>(five, || false)
}

/// The category of a lowball class under `rules`.
#[inline]
fn category_of(rules: &Rules, class: u16) -> Category {
    rules.category_of(class).unwrap_or(Category::HighCard)
}

/// Ace-to-five lowball, table-free: the class from the hand's rank-count
/// bitsets ([module documentation](self)). The lab's own five-card
/// ace-to-five kernel, beside `aya_poker`'s perfect hash.
#[derive(Clone, Copy, Debug, Default)]
pub struct AceFive;

/// Deuce-to-seven lowball, table-free: the same arithmetic with the ace
/// high and the straights and flushes counted ([module
/// documentation](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct DeuceSeven;

impl AceFive {
    /// The hand's ace-to-five class, 1 (A-2-3-4-5) to 6,175.
    #[inline]
    #[must_use]
    pub fn class(hand: &LowHand<5, AceToFiveLow>) -> u16 {
        class_of::<true>(hand.hand().as_cards())
    }
}

impl DeuceSeven {
    /// The hand's deuce-to-seven class, 1 (7-5-4-3-2) to 7,462.
    #[inline]
    #[must_use]
    pub fn class(hand: &LowHand<5, DeuceToSevenLow>) -> u16 {
        class_of::<false>(hand.hand().as_cards())
    }
}

/// Razz, table-free: the best five's rank masks from the seven cards',
/// then ace-to-five's arithmetic (the [module documentation](self) says
/// which five play). The lab's direct razz kernel, beside `aya_poker`'s perfect hash of the seven
/// cards' ranks and the best of 21 fives by [`AceFive`].
///
/// ```
/// use handeval_core::{BestFive, Category, Razz};
/// use handeval_deadhorse::{AceFive, AceFiveSeven};
///
/// // Five distinct ranks among pairs: 7-5-3-2-A plays, class 8.
/// let seven: Razz = "7c 7d 5h 3s 3c 2d As".parse().unwrap();
/// assert_eq!(AceFiveSeven::class(&seven), 8);
/// assert_eq!(AceFiveSeven::class(&seven), AceFive::class(&"7c 5h 3s 2d As".parse().unwrap()));
/// // Four ranks, nines and fours each held twice or more: the lower pair
/// // plays, 9-6-4-4-3, not 9-9-6-4-3.
/// let pair: Razz = "9c 6d 4h 4s 4c 3d 9s".parse().unwrap();
/// assert_eq!(<AceFiveSeven as BestFive<Razz>>::category(&pair), Category::OnePair);
/// assert_eq!(AceFiveSeven::class(&pair), AceFive::class(&"9c 6d 4h 4s 3d".parse().unwrap()));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct AceFiveSeven;

impl AceFiveSeven {
    /// The hand's razz class: its best five's ace-to-five class, 1
    /// (A-2-3-4-5) to 6,175.
    #[inline]
    #[must_use]
    pub fn class(hand: &LowHand<7, AceToFiveLow>) -> u16 {
        razz_class(hand.hand().as_cards())
    }
}

impl BestFive<LowHand<7, AceToFiveLow>> for AceFiveSeven {
    const META: Meta = Meta {
        name: "deadhorse/razz",
        summary: "table-free razz: the best five's rank-count bitsets from the seven cards', the ace-to-five class from the combinatorial number system",
        ..LOWBALL
    };

    type Five = AceFive;
    type Strength = Reverse<u16>;

    #[inline]
    fn category(hand: &LowHand<7, AceToFiveLow>) -> Category {
        category_of(&ACE_TO_FIVE, Self::class(hand))
    }

    #[inline]
    fn strength(hand: &LowHand<7, AceToFiveLow>) -> Reverse<u16> {
        Reverse(Self::class(hand))
    }

    // Hardware popcount in the batch loops (a rank set's size decides the
    // pattern): x86-64's baseline has none, and counts bits in a dozen
    // instructions.
    handeval_core::target_feature_batches!(AceFiveSeven, cards LowHand<7, AceToFiveLow>, "popcnt");
}

/// What the two kernels share in their descriptions.
const LOWBALL: Meta = Meta {
    name: "deadhorse/ace-five",
    summary: "table-free ace-to-five: rank-count bitsets, the class from the combinatorial number system",
    family: crate::FAMILY,
    role: Role::Tuned,
    derived_from: None,
    table_bytes: 0,
    card_table_bytes: 0,
};

/// Implements the five-card [`Evaluator`] and the game's [`BestFive`] of a
/// lowball kernel.
macro_rules! lowball_kernel {
    ($ty:ident, $rules:ident, $set:ty, $ace_low:literal, $meta:expr) => {
        impl Evaluator for $ty {
            const META: Meta = $meta;
            const RULES: &'static Rules = &$rules;

            type Encoded = Hand;
            type Strength = Reverse<u16>;

            #[inline(always)]
            fn encode(hand: &Hand) -> Hand {
                *hand
            }

            #[inline]
            fn category(hand: Hand) -> Category {
                category_of(&$rules, class_of::<$ace_low>(hand.as_cards()))
            }

            #[inline]
            fn strength(hand: Hand) -> Reverse<u16> {
                Reverse(class_of::<$ace_low>(hand.as_cards()))
            }
        }

        impl BestFive<LowHand<5, $set>> for $ty
        where
            LowHand<5, $set>: Game,
        {
            const META: Meta = $meta;

            type Five = $ty;
            type Strength = Reverse<u16>;

            #[inline]
            fn category(hand: &LowHand<5, $set>) -> Category {
                category_of(&$rules, <$ty>::class(hand))
            }

            #[inline]
            fn strength(hand: &LowHand<5, $set>) -> Reverse<u16> {
                Reverse(<$ty>::class(hand))
            }

            handeval_core::target_feature_batches!($ty, cards LowHand<5, $set>, "popcnt");
        }
    };
}

lowball_kernel!(AceFive, ACE_TO_FIVE, AceToFiveLow, true, LOWBALL);
lowball_kernel!(
    DeuceSeven,
    DEUCE_TO_SEVEN,
    DeuceToSevenLow,
    false,
    Meta {
        name: "deadhorse/deuce-seven",
        summary: "table-free deuce-to-seven: rank-count bitsets, straights and flushes tested, the class from the combinatorial number system",
        ..LOWBALL
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binomials_and_colex_indexes_count_rank_sets() {
        assert_eq!(BINOMIAL[12][5], 792);
        assert_eq!(BINOMIAL[12][3], 220);
        // Every five-rank set of thirteen, in colex order, once.
        let mut seen = [false; 1_287];
        for mask in 0u16..1 << 13 {
            if mask.count_ones() == 5 {
                let i = usize::from(colex(mask));
                assert!(!seen[i]);
                seen[i] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(without(0b1011, 1), 0b101);
    }
}
