//! Lowball across hands: ace-to-five, deuce-to-seven and razz in 16-bit
//! lanes (AVX-512 or AVX2, portable otherwise), table-free.
//!
//! The scalar kernels ([`crate::lowball`]) turn a hand's rank-count masks
//! into its class with the combinatorial number system, a sum of binomials
//! read from a table, one lookup per rank: in lanes that would be a gather
//! per rank. These kernels need no class, only a value that orders hands
//! as the classes do, and the masks already are one. Within a pattern
//! (no pair, one pair, two pair, ...), lows compare rank group by rank
//! group, each group highest rank first, and a set of ranks compared
//! highest first is its mask compared as a number. So the value is three
//! fields, compared as one 32-bit number, lower the better low:
//!
//! ```text
//! pattern << 26 | A << 13 | B
//! ```
//!
//! where `A` is the mask of the ranks held most often (the pair, the two
//! pairs, the trips, the quads; nothing without a pair) and `B` the mask
//! of the other ranks (`once & !A`). The patterns, best first, are
//! ace-to-five's no pair (0), one pair, two pair, trips, full house and
//! quads (5); deuce-to-seven adds the straight (4) and the flush (5) after
//! trips, full house and quads move to 6 and 7, and the straight flush is
//! 8. A lane holds 16 bits, so the value leaves as the lanes' `hi` (pattern
//! << 10 | A >> 3) and `lo` (A << 13 | B, truncated to 16 bits), and it is
//! complemented, so that the stronger hand (the lower low) has the greater
//! value, as every evaluator's does.
//!
//! Razz's seven cards first choose the five that play, with the scalar
//! kernel's rule ([`crate::lowball`]), as masks: the five lowest ranks
//! (the highest dropped once or twice: `highest` fills the bits below the
//! top one by four shifts), else every rank with the lowest paired ones.
//!
//! # Worked example
//!
//! Ace-to-five `8c 5d 4h 2s As`: the ace becomes rank 0, so the ranks seen
//! once are `0b1001_1011` (A, 2, 4, 5, 8), five of them: no pair, pattern
//! 0, `A` = 0, `B` = `0b1001_1011`; the value is 155, complemented. `7c 7d
//! 5h 3s As` is one pair (pattern 1, `A` = the seven's bit `0b100_0000`,
//! `B` = `0b1_0101`): `1 << 26 | 64 << 13 | 21`, far above 155, a worse
//! low, as its class (1,287 plus) is above the eight's (24).
//!
//! ```
//! use handeval_core::{AceFive5, BestFive, DeuceSeven5, Razz};
//! use handeval_deadhorse::{AceFive, AceFiveSimd, DeuceSevenSimd, RazzSimd};
//!
//! let eight: AceFive5 = "8c 5d 4h 2s As".parse().unwrap();
//! let sevens: AceFive5 = "7c 7d 5h 3s As".parse().unwrap();
//! let value = <AceFiveSimd as BestFive<AceFive5>>::strength;
//! assert_eq!(!value(&eight), 0b1001_1011);
//! assert!(value(&eight) > value(&sevens));
//! assert!(AceFive::class(&eight) < AceFive::class(&sevens));
//! // A-2-3-4-5 is no straight in deuce-to-seven: it beats any pair.
//! let wheel: DeuceSeven5 = "Ac 2d 3h 4s 5c".parse().unwrap();
//! let pair: DeuceSeven5 = "2c 2d 3h 4s 5c".parse().unwrap();
//! let deuce = <DeuceSevenSimd as BestFive<DeuceSeven5>>::strength;
//! assert!(deuce(&wheel) > deuce(&pair));
//! // Razz plays the wheel beside two kings.
//! let razz: Razz = "As 2s 3s 4s 5s Kd Kh".parse().unwrap();
//! let wheel: AceFive5 = "As 2s 3s 4s 5s".parse().unwrap();
//! assert_eq!(RazzSimd::strength(&razz), value(&wheel));
//! ```

use handeval_core::rules::{ACE_TO_FIVE, AceToFiveLow, DEUCE_TO_SEVEN, DeuceToSevenLow, Rules};
use handeval_core::{BestFive, Category, Evaluator, LowHand, Meta, Role};
use handeval_lanes::{Kernel, Lanes};

/// The four rank masks of `bits` (one rank bit a card): ranks seen at
/// least once, twice, three and four times.
#[inline(always)]
fn counts<L: Lanes, const N: usize>(l: L, bits: [L::V; N]) -> [L::V; 4] {
    let zero = l.splat(0);
    let (mut once, mut twice, mut thrice, mut four) = (zero, zero, zero, zero);
    for bit in bits {
        four = l.or(four, l.and(thrice, bit));
        thrice = l.or(thrice, l.and(twice, bit));
        twice = l.or(twice, l.and(once, bit));
        once = l.or(once, bit);
    }
    [once, twice, thrice, four]
}

/// Each card's rank bit, the ace's moved from bit 12 to bit 0 for
/// ace-to-five (`ACE_LOW`), where it is the lowest rank.
#[inline(always)]
fn rank_bits<L: Lanes, const N: usize, const ACE_LOW: bool>(l: L, cards: [L::V; N]) -> [L::V; N] {
    let mut bits = l.rank_bits(cards);
    if ACE_LOW {
        // A loop, not `map`: `map` is a function of its own, compiled
        // without the caller's target features, so the shifts in its
        // closure were calls (ace-to-five took 10 ns a hand on AVX2,
        // deuce-to-seven, without them, 1.4).
        for bit in &mut bits {
            *bit = l.and(l.or(l.shl::<1>(*bit), l.shr::<12>(*bit)), l.splat(0x1FFF));
        }
    }
    bits
}

/// The complemented value (see the [module documentation](self)) of five
/// cards whose rank masks are `masks`; `straight` and `flush` say whether
/// they make one (deuce-to-seven only: `ACE_LOW` counts neither).
#[inline(always)]
fn value<L: Lanes, const ACE_LOW: bool>(
    l: L,
    masks: [L::V; 4],
    straight: L::M,
    flush: L::M,
) -> (L::V, L::V) {
    let [once, twice, thrice, four] = masks;
    let zero = l.splat(0);
    let n = l.popcnt(once);
    let (trips, quads) = (l.nonzero(thrice), l.nonzero(four));
    // The ranks held most often: nothing without a pair, the pair, the two
    // pairs, the trips (of trips or a full house), the quads.
    let most = l.select(quads, four, l.select(trips, thrice, twice));
    let rest = l.andnot(once, most);
    // The pattern of two ranks (a full house or quads), of three (two pair
    // or trips), of four (one pair), of five (no pair, or in deuce-to-seven
    // a straight, a flush or both).
    let (full_house, no_pair) = if ACE_LOW {
        (4, zero)
    } else {
        let no_pair = l.select(
            l.mand(straight, flush),
            l.splat(8),
            l.select(straight, l.splat(4), l.keep(flush, l.splat(5))),
        );
        (6, no_pair)
    };
    let pattern = l.select(
        l.eq(n, l.splat(5)),
        no_pair,
        l.select(
            l.eq(n, l.splat(4)),
            l.splat(1),
            l.select(
                l.eq(n, l.splat(3)),
                l.add(l.splat(2), l.flag(trips, 1)),
                l.add(l.splat(full_house), l.flag(quads, 1)),
            ),
        ),
    );
    let hi = l.or(l.shl::<10>(pattern), l.shr::<3>(most));
    let lo = l.or(l.shl::<13>(most), rest);
    let all = l.splat(0xFFFF);
    (l.xor(hi, all), l.xor(lo, all))
}

/// The five-card kernel: ace-to-five (`ACE_LOW`) or deuce-to-seven.
pub(crate) struct FiveKernel<const ACE_LOW: bool>;

impl<const ACE_LOW: bool> Kernel<5> for FiveKernel<ACE_LOW> {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 5]) -> (L::V, L::V) {
        let masks = counts(l, rank_bits::<L, 5, ACE_LOW>(l, cards));
        if ACE_LOW {
            let no = l.eq(l.splat(1), l.splat(0));
            value::<L, true>(l, masks, no, no)
        } else {
            // A run of five ranks (A-2-3-4-5 is none: the ace is bit 12),
            // and five cards of one suit (never with a pair).
            let straight = l.is_run(masks[0]);
            value::<L, false>(l, masks, straight, l.same_suit(cards))
        }
    }
}

/// Razz's kernel: the five that play, then ace-to-five's value.
pub(crate) struct RazzKernel;

impl Kernel<7> for RazzKernel {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 7]) -> (L::V, L::V) {
        let [once, twice, thrice, _] = counts(l, rank_bits::<L, 7, true>(l, cards));
        let zero = l.splat(0);
        let n = l.popcnt(once);
        let lowest = |m: L::V| l.and(m, l.sub(zero, m));
        // Of six or seven ranks, the highest dropped until five are left.
        let six = l.select(l.ge(n, l.splat(6)), l.andnot(once, l.highest(once)), once);
        let five = l.select(l.ge(n, l.splat(7)), l.andnot(six, l.highest(six)), six);
        // Of four ranks, the lowest paired one is paired; of three, the
        // two lowest; of two (quads and trips, or two trips), the lower
        // held three times or more is the trips, the other the pair.
        let pair = lowest(twice);
        let pairs = l.or(pair, lowest(l.xor(twice, pair)));
        let ge5 = l.ge(n, l.splat(5));
        let two = l.eq(n, l.splat(2));
        let played_once = l.select(ge5, five, once);
        let played_twice = l.select(
            ge5,
            zero,
            l.select(
                l.eq(n, l.splat(4)),
                pair,
                l.select(l.eq(n, l.splat(3)), pairs, once),
            ),
        );
        let played_thrice = l.keep(two, lowest(thrice));
        let no = l.eq(l.splat(1), zero);
        value::<L, true>(l, [played_once, played_twice, played_thrice, zero], no, no)
    }
}

handeval_lanes::simd_paths!(mod ace: FiveKernel<true>);
handeval_lanes::simd_paths!(mod ace_hands: FiveKernel<true>, LowHand<5, AceToFiveLow>, records);
handeval_lanes::simd_paths!(mod deuce: FiveKernel<false>);
handeval_lanes::simd_paths!(mod deuce_hands: FiveKernel<false>, LowHand<5, DeuceToSevenLow>, records);
handeval_lanes::simd_paths!(mod razz: RazzKernel, LowHand<7, AceToFiveLow>, records);

/// The category of an ace-to-five value: its pattern.
fn ace_category(value: u32) -> Category {
    match !value >> 26 {
        0 => Category::HighCard,
        1 => Category::OnePair,
        2 => Category::TwoPair,
        3 => Category::ThreeOfAKind,
        4 => Category::FullHouse,
        _ => Category::FourOfAKind,
    }
}

/// The category of a deuce-to-seven value: its pattern is the category's
/// index (0 high card to 8 straight flush), the ten-high straight flush
/// (T-J-Q-K-A suited, the worst hand) a royal flush.
fn deuce_category(value: u32) -> Category {
    match Category::from_index_or_high_card(!value >> 26) {
        Category::StraightFlush if !value & 0x1FFF == 0x1F00 => Category::RoyalFlush,
        category => category,
    }
}

/// Ace-to-five lowball across hands: see the [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct AceFiveSimd;

/// Deuce-to-seven lowball across hands: see the [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct DeuceSevenSimd;

/// Razz across hands: the five that play chosen in lanes, then
/// [`AceFiveSimd`]'s value (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct RazzSimd;

/// What the three share in their descriptions.
const LOWBALL_SIMD: Meta = Meta {
    name: "deadhorse/ace-five-simd",
    summary: "ace-to-five across hands: rank-count masks in 16-bit lanes, the value the masks themselves (pattern, the most-held ranks, the rest), AVX-512 or AVX2",
    family: crate::FAMILY,
    role: Role::Simd,
    derived_from: Some("deadhorse/ace-five"),
    table_bytes: 0,
    card_table_bytes: 0,
};

const DEUCE_SEVEN_SIMD: Meta = Meta {
    name: "deadhorse/deuce-seven-simd",
    summary: "deuce-to-seven across hands: rank-count masks in 16-bit lanes, straights and flushes tested, the value the masks themselves, AVX-512 or AVX2",
    derived_from: Some("deadhorse/deuce-seven"),
    ..LOWBALL_SIMD
};

/// Implements the five-card [`Evaluator`] of a lowball SIMD kernel (over
/// `$fives`' paths) and its game's [`BestFive`] (over `$hands`').
macro_rules! lowball_simd {
    ($ty:ident, $meta:expr, $rules:ident, $set:ty, $fives:ident, $hands:ident, $category:ident) => {
        impl Evaluator for $ty {
            const META: Meta = $meta;
            const RULES: &'static Rules = &$rules;

            handeval_lanes::simd_evaluator!($ty: Evaluator,
                values(avx512: $fives::avx512, avx2: $fives::avx2, portable: $fives::portable),
                categories(from_values: $category));
        }

        impl BestFive<LowHand<5, $set>> for $ty {
            const META: Meta = $meta;
            type Five = $ty;

            handeval_lanes::simd_evaluator!($ty: BestFive<LowHand<5, $set>>,
                values(avx512: $hands::avx512, avx2: $hands::avx2, portable: $hands::portable),
                categories(from_values: $category));
        }
    };
}

lowball_simd!(
    AceFiveSimd,
    LOWBALL_SIMD,
    ACE_TO_FIVE,
    AceToFiveLow,
    ace,
    ace_hands,
    ace_category
);
lowball_simd!(
    DeuceSevenSimd,
    DEUCE_SEVEN_SIMD,
    DEUCE_TO_SEVEN,
    DeuceToSevenLow,
    deuce,
    deuce_hands,
    deuce_category
);

impl BestFive<LowHand<7, AceToFiveLow>> for RazzSimd {
    const META: Meta = Meta {
        name: "deadhorse/razz-simd",
        summary: "razz across hands: the five that play chosen from the seven cards' rank-count masks in 16-bit lanes, then the ace-to-five value of the masks, AVX-512 or AVX2",
        derived_from: Some("deadhorse/razz"),
        ..LOWBALL_SIMD
    };
    type Five = AceFiveSimd;

    handeval_lanes::simd_evaluator!(RazzSimd: BestFive<LowHand<7, AceToFiveLow>>,
        values(avx512: razz::avx512, avx2: razz::avx2, portable: razz::portable),
        categories(from_values: ace_category));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AceFive, AceFiveSeven, DeuceSeven};
    use handeval_core::{AceFive5, DeuceSeven5, Game, Razz};

    /// Every five-card hand valued in the same order as the scalar
    /// kernel's classes, in one pass: the values sorted by class must
    /// rise with the class, ties exactly where classes tie.
    fn same_order<G: Game, S: BestFive<G, Strength = u32>>(class: impl Fn(&G) -> u16) {
        let hands: alloc::vec::Vec<G> = G::parts().flat_map(G::part_hands).collect();
        let mut values = alloc::vec![0u32; hands.len()];
        S::strengths(&hands, &mut values);
        let mut pairs: alloc::vec::Vec<(u16, u32)> = hands
            .iter()
            .map(&class)
            .zip(values.iter().copied())
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        for w in pairs.windows(2) {
            // A better class (lower) has a strictly greater value.
            assert!(w[0].0 < w[1].0 && w[0].1 > w[1].1, "{w:?}");
        }
    }

    #[test]
    fn the_values_order_every_five_card_hand_as_the_classes() {
        same_order::<AceFive5, AceFiveSimd>(AceFive::class);
        same_order::<DeuceSeven5, DeuceSevenSimd>(DeuceSeven::class);
    }

    #[test]
    fn razz_plays_the_five_the_scalar_kernel_plays() {
        for text in [
            "As 2s 3s 4s 5s Kd Kh",
            "7c 7d 5h 3s 3c 2d As",
            "9c 6d 4h 4s 4c 3d 9s",
            "Kc Kd Kh Ks Qc Qd Qh",
            "Ac Ad Ah 2c 2d 2h 3s",
            "Ac 2d 3h 4s 6c 7d 8h",
        ] {
            let hand: Razz = text.parse().unwrap();
            let five_class = AceFiveSeven::class(&hand);
            let simd = <RazzSimd as BestFive<Razz>>::strength(&hand);
            // The five-card hand of that class has the same value.
            let five = G5::parts()
                .flat_map(G5::part_hands)
                .find(|h| AceFive::class(h) == five_class)
                .unwrap();
            assert_eq!(
                simd,
                <AceFiveSimd as BestFive<G5>>::strength(&five),
                "{text}"
            );
        }
    }

    type G5 = AceFive5;

    #[test]
    fn the_categories_are_the_scalar_kernels() {
        let deuce = <DeuceSevenSimd as BestFive<DeuceSeven5>>::category;
        let hand: DeuceSeven5 = "Tc Jc Qc Kc Ac".parse().unwrap();
        assert_eq!(deuce(&hand), Category::RoyalFlush);
        assert_eq!(
            <DeuceSeven as BestFive<DeuceSeven5>>::category(&hand),
            Category::RoyalFlush
        );
        let hand: DeuceSeven5 = "2c 3c 4c 5c 6c".parse().unwrap();
        assert_eq!(deuce(&hand), Category::StraightFlush);
        let hand: AceFive5 = "Ac Ad Ah As 2c".parse().unwrap();
        assert_eq!(
            <AceFiveSimd as BestFive<AceFive5>>::category(&hand),
            Category::FourOfAKind
        );
    }
}
