//! Omaha Hi-Lo's low half, direct and table-free: the best qualifying
//! eight-or-better low from rank masks, never the 60 fives.
//!
//! Not DeadHorseEval's own (it has no low); the lab's, written in the
//! vocabulary of this crate's direct Omaha kernels: OR the cards' rank bits
//! into a mask of the hole's low ranks and one of the board's (aces low:
//! bit 0 the ace, bit 7 the eight, nine to king no bit). A low is five bits,
//! and the lesser mask is the better low ([`handeval_core::low`]).
//!
//! With two hole ranks `x` and `y` chosen, the best low adds the three
//! lowest board ranks other than `x` and `y`: the pair's bits and the
//! board's are disjoint, so the low is `x | y` plus the board's part, least
//! when the board's part is. The lowest bit of a mask `r` is `r & -r`,
//! taken three times. The best low is the least over the hole's pairs.
//!
//! Worked example: hole A-2-K-K, board 3-4-8-9-9. The hole's low ranks are
//! A and 2 (`0b0000_0011`), the board's 3, 4 and 8 (`0b1000_1100`). The one
//! pair A-2 leaves all three board ranks: `0b1000_1111`, 8-4-3-2-A.
//!
//! - [`OmahaLow`], scalar: the pairs of distinct low ranks the hole holds,
//!   at most six for four hole cards, each a few instructions.
//! - [`OmahaLowSimd`]: 32 (AVX-512) or 16 (AVX2) hands at a time through the
//!   lanes vocabulary, the six pairs of hole *cards* each computed in every
//!   lane and a pair that is not two distinct low ranks dropped by the bit
//!   count of its low (five, or it is none).
//!
//! Seven-card stud Hi-Lo's low ([`StudLow`], [`StudLowSimd`]) is simpler
//! still: any five of the seven play, so the low is the five lowest bits
//! of the OR of all seven cards' low bits, if it has five. Worked example:
//! `Ah 2d 3c Ks Kd 8h 8s` holds A, 2, 3 and 8 (`0b1000_0111`), four low
//! ranks: no low. With a 5 for the second eight, `0b1001_0111` has five,
//! 8-5-3-2-A.
//!
//! [`BestOfLow`] is what the direct kernels are timed beside: every five
//! the game allows, each valued by this crate's five-card ace-to-five
//! kernel ([`crate::AceFive`]), the best kept if it qualifies. Under
//! ace-to-five the 56 eight-or-better lows are the 56 best classes (five
//! distinct ranks, the highest card first), so the best five's class says
//! whether the hand has a low, and its ranks which.

use handeval_core::low::{Low, LowEvaluator, low_ranks, rule_of};
use handeval_core::{BigO, Game, Hand7, Meta, Omaha4, Omaha5, Omaha8, Role, Stud8};
use handeval_lanes::{Kernel, Lanes};

/// The best low of a hole of low ranks `hole` on a board of `board`, as a
/// mask (0 for none).
#[inline]
#[must_use]
pub fn low_of_masks(hole: u8, board: u8) -> u8 {
    let mut best = 0u16;
    let mut rest = hole;
    while rest != 0 {
        let x = rest & rest.wrapping_neg();
        rest ^= x;
        let mut others = rest;
        while others != 0 {
            let y = others & others.wrapping_neg();
            others ^= y;
            let r = board & !(x | y);
            let l1 = r & r.wrapping_neg();
            let r1 = r ^ l1;
            let l2 = r1 & r1.wrapping_neg();
            let r2 = r1 ^ l2;
            let l3 = r2 & r2.wrapping_neg();
            if l3 != 0 {
                let low = u16::from(x | y | l1 | l2 | l3);
                if best == 0 || low < best {
                    best = low;
                }
            }
        }
    }
    best as u8
}

/// The scalar direct low kernel: see the [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct OmahaLow;

/// [`OmahaLow`]'s [`Meta`], the same code for every Hi-Lo Omaha game.
const OMAHA_LOW: Meta = Meta {
    name: "deadhorse/omaha-low",
    summary: "Omaha Hi-Lo's eight-or-better low, direct and table-free: the hole's and the board's low-rank masks, each pair of hole ranks with the three lowest board ranks left",
    family: crate::FAMILY,
    role: Role::Tuned,
    derived_from: None,
    table_bytes: 0,
    card_table_bytes: 0,
};

/// The low of a hand of `hole` hole cards then its board.
#[inline]
fn scalar_low(cards: &[handeval_core::Card], hole: usize) -> Low {
    let (hole, board) = cards.split_at(hole);
    Low::from_value(u32::from(low_of_masks(low_ranks(hole), low_ranks(board))))
}

impl LowEvaluator<Omaha8> for OmahaLow {
    const META: Meta = OMAHA_LOW;

    #[inline]
    fn low(hand: &Omaha4) -> Low {
        scalar_low(hand.card_slice(), Omaha4::HOLE)
    }
}

impl LowEvaluator<BigO> for OmahaLow {
    const META: Meta = OMAHA_LOW;

    #[inline]
    fn low(hand: &Omaha5) -> Low {
        scalar_low(hand.card_slice(), Omaha5::HOLE)
    }
}

/// Each lane's card's low bit from its rank bit (`1 << rank`, the ace bit
/// 12): two to eight move up one place to bits 1 to 7, the ace comes down
/// to bit 0, nine to king fall off. (Not a lookup of `card >> 2`: an AVX2
/// lane holds its card in both bytes, and the shifted copy's bits would
/// spoil the index.) The lanes form of [`handeval_core::low::low_bit`].
#[inline(always)]
fn lane_low_bit<L: Lanes>(l: L, card: L::V) -> L::V {
    let rank = l.rank_bit(card);
    l.or(l.and(l.shl::<1>(rank), l.splat(0xFE)), l.shr::<12>(rank))
}

/// [`lane_low_bit`] of each card.
#[inline(always)]
fn lane_low_bits<L: Lanes, const N: usize>(l: L, mut cards: [L::V; N]) -> [L::V; N] {
    // A loop, not `map`, whose closure would be compiled without the
    // kernel's target features (see `Lanes::rank_bits`).
    for card in &mut cards {
        *card = lane_low_bit(l, *card);
    }
    cards
}

/// The lanes kernel of [`OmahaLowSimd`] for hands of `HOLE` hole cards
/// and a board of five: the low mask in `lo`, 0 in `hi`.
pub(crate) struct LowKernel<const HOLE: usize>;

impl<const HOLE: usize, const N: usize> Kernel<N> for LowKernel<HOLE> {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; N]) -> (L::V, L::V) {
        let bits = lane_low_bits(l, cards);
        let board = l.or(
            l.or(
                l.or(bits[HOLE], bits[HOLE + 1]),
                l.or(bits[HOLE + 2], bits[HOLE + 3]),
            ),
            bits[HOLE + 4],
        );
        let zero = l.splat(0);
        // Above every low: what a lane holds until a pair makes one.
        let none = l.splat(0x100);
        let five = l.splat(5);
        let lowest = |r: L::V| l.and(r, l.sub(zero, r));
        let mut best = none;
        for i in 0..HOLE {
            for j in i + 1..HOLE {
                let pair = l.or(bits[i], bits[j]);
                let r = l.andnot(board, pair);
                let l1 = lowest(r);
                let r1 = l.xor(r, l1);
                let l2 = lowest(r1);
                let l3 = lowest(l.xor(r1, l2));
                let low = l.or(l.or(pair, l1), l.or(l2, l3));
                // Five bits: two distinct low hole ranks and three board
                // ranks besides them. Fewer: no low from this pair.
                best = l.min(best, l.select(l.eq(l.popcnt(low), five), low, none));
            }
        }
        (zero, l.and(best, l.splat(0xFF)))
    }
}

handeval_lanes::simd_paths!(mod paths: LowKernel<4>, Omaha4, records);
handeval_lanes::simd_paths!(mod paths5: LowKernel<5>, Omaha5, records);

/// The SIMD direct low kernel: see the [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct OmahaLowSimd;

/// [`OmahaLowSimd`]'s [`Meta`], the same kernel for every Hi-Lo Omaha game.
const OMAHA_LOW_SIMD: Meta = Meta {
    name: "deadhorse/omaha-low-simd",
    summary: "Omaha Hi-Lo's low across hands: the direct low kernel in 16-bit lanes, every pair of hole cards in every lane, AVX-512 or AVX2",
    family: crate::FAMILY,
    role: Role::Simd,
    derived_from: Some(OMAHA_LOW.name),
    table_bytes: 0,
    card_table_bytes: 0,
};

/// [`OmahaLowSimd`] as the low evaluator of Hi-Lo game `$game`, whose
/// hands are `$hand`s, through the kernel's paths `$paths`.
macro_rules! low_simd {
    ($game:ty, $hand:ty, $paths:ident) => {
        impl LowEvaluator<$game> for OmahaLowSimd {
            const META: Meta = OMAHA_LOW_SIMD;

            #[inline]
            fn low(hand: &$hand) -> Low {
                let mut out = [Low::NONE];
                <Self as LowEvaluator<$game>>::lows(core::slice::from_ref(hand), &mut out);
                out[0]
            }

            handeval_core::simd_batches!(OmahaLowSimd: LowEvaluator<$hand>,
                values(avx512: $paths::avx512, avx2: $paths::avx2, portable: $paths::portable));
        }
    };
}

low_simd!(Omaha8, Omaha4, paths);
low_simd!(BigO, Omaha5, paths5);

/// The five lowest ranks of a mask of low ranks, if it holds five (0 if
/// not): stud's best low of any five.
#[inline]
#[must_use]
pub const fn five_lowest(mask: u8) -> u8 {
    let mut rest = mask;
    let mut low = 0;
    let mut taken = 0;
    while taken < 5 && rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        low |= lowest;
        rest ^= lowest;
        taken += 1;
    }
    if taken == 5 { low } else { 0 }
}

/// The best of a Hi-Lo game's fives by the five-card ace-to-five kernel,
/// kept if it is a qualifying low ([module documentation](self)): the
/// best-of evaluator of the lab's own beside the direct low kernels.
#[derive(Clone, Copy, Debug, Default)]
pub struct BestOfLow;

/// How many ace-to-five classes are eight-or-better lows: C(8, 5), the
/// best ones.
const EIGHT_OR_BETTER_CLASSES: u16 = Low::CLASSES as u16;

impl<G: Game> LowEvaluator<G> for BestOfLow {
    const META: Meta = Meta {
        name: "deadhorse/best-of-low",
        summary: "The best of the fives the game allows, each by deadhorse/ace-five's table-free ace-to-five class, kept if among the 56 eight-or-better classes",
        derived_from: Some("deadhorse/ace-five"),
        ..OMAHA_LOW
    };
    const BEST_OF_FIVES: bool = true;

    #[inline]
    fn low(hand: &G::High) -> Low {
        // A compile error for a game without a low; the 56 classes are
        // eight or better's.
        const {
            assert!(rule_of::<G>().highest as u8 == handeval_core::Rank::Eight as u8);
        }
        let best = hand
            .fives()
            .map(|five| (crate::lowball::ace_five_class(*five.as_cards()), five))
            .min_by_key(|&(class, _)| class);
        match best {
            Some((class, five)) if class <= EIGHT_OR_BETTER_CLASSES => {
                Low::from_value(u32::from(low_ranks(five.as_cards())))
            }
            _ => Low::NONE,
        }
    }
}

/// Seven-card stud Hi-Lo's low, scalar: the five lowest of the hand's low
/// ranks ([module documentation](self)).
#[derive(Clone, Copy, Debug, Default)]
pub struct StudLow;

impl LowEvaluator<Stud8> for StudLow {
    const META: Meta = Meta {
        name: "deadhorse/stud-low",
        summary: "Seven-card stud Hi-Lo's eight-or-better low, direct and table-free: the five lowest bits of the seven cards' low-rank mask",
        ..OMAHA_LOW
    };

    #[inline]
    fn low(hand: &Hand7) -> Low {
        Low::from_value(u32::from(five_lowest(low_ranks(hand.card_slice()))))
    }
}

/// The lanes kernel of [`StudLowSimd`]: the low mask of seven cards in
/// `lo`, 0 in `hi`.
pub(crate) struct StudKernel;

impl Kernel<7> for StudKernel {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 7]) -> (L::V, L::V) {
        let bits = lane_low_bits(l, cards);
        let all = l.or(
            l.or(l.or(bits[0], bits[1]), l.or(bits[2], bits[3])),
            l.or(l.or(bits[4], bits[5]), bits[6]),
        );
        let zero = l.splat(0);
        let lowest = |r: L::V| l.and(r, l.sub(zero, r));
        let mut rest = all;
        let mut low = zero;
        for _ in 0..5 {
            let bit = lowest(rest);
            low = l.or(low, bit);
            rest = l.xor(rest, bit);
        }
        // Fewer than five low ranks: fewer than five bits, no low.
        (zero, l.select(l.eq(l.popcnt(low), l.splat(5)), low, zero))
    }
}

handeval_lanes::simd_paths!(mod stud: StudKernel, Hand7);

/// Seven-card stud Hi-Lo's low across hands: [`StudLow`] in 16-bit lanes.
#[derive(Clone, Copy, Debug, Default)]
pub struct StudLowSimd;

impl LowEvaluator<Stud8> for StudLowSimd {
    const META: Meta = Meta {
        name: "deadhorse/stud-low-simd",
        summary: "Seven-card stud Hi-Lo's low across hands: the five lowest low-rank bits in 16-bit lanes, AVX-512 or AVX2",
        role: Role::Simd,
        derived_from: Some("deadhorse/stud-low"),
        ..OMAHA_LOW
    };

    #[inline]
    fn low(hand: &Hand7) -> Low {
        let mut out = [Low::NONE];
        <Self as LowEvaluator<Stud8>>::lows(core::slice::from_ref(hand), &mut out);
        out[0]
    }

    handeval_core::simd_batches!(StudLowSimd: LowEvaluator<Hand7>,
        values(avx512: stud::avx512, avx2: stud::avx2, portable: stud::portable));
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn the_worked_example() {
        assert_eq!(low_of_masks(0b0000_0011, 0b1000_1100), 0b1000_1111);
        let hand: Omaha4 = "Ah2dKcKs|3c4h8s9d9h".parse().unwrap();
        assert_eq!(
            <OmahaLow as LowEvaluator<Omaha8>>::low(&hand).to_string(),
            "8-4-3-2-A"
        );
        assert_eq!(
            <OmahaLowSimd as LowEvaluator<Omaha8>>::low(&hand).to_string(),
            "8-4-3-2-A"
        );
        // Big O: the fifth hole card, the 2, makes the low that the
        // first four (K-K-Q-A, one low rank) cannot.
        let big: Omaha5 = "KhKdQcAh2d|3c4h8s9d9h".parse().unwrap();
        assert_eq!(
            <OmahaLow as LowEvaluator<BigO>>::low(&big).to_string(),
            "8-4-3-2-A"
        );
        assert_eq!(
            <OmahaLowSimd as LowEvaluator<BigO>>::low(&big).to_string(),
            "8-4-3-2-A"
        );
        let four: Omaha4 = "KhKdQcAh|3c4h8s9d9h".parse().unwrap();
        assert_eq!(<OmahaLow as LowEvaluator<Omaha8>>::low(&four), Low::NONE);
        // The hole's pair of aces is one rank: no low with a 2-3-4 board.
        let pair: Omaha4 = "AhAdKcKs|2c3h4s9d9h".parse().unwrap();
        assert_eq!(<OmahaLow as LowEvaluator<Omaha8>>::low(&pair), Low::NONE);
        assert_eq!(
            <OmahaLowSimd as LowEvaluator<Omaha8>>::low(&pair),
            Low::NONE
        );
    }

    #[test]
    fn the_stud_example() {
        let four: Hand7 = "Ah 2d 3c Ks Kd 8h 8s".parse().unwrap();
        let five: Hand7 = "Ah 2d 3c Ks Kd 8h 5s".parse().unwrap();
        assert_eq!(five_lowest(0b1000_0111), 0);
        assert_eq!(five_lowest(0b1001_0111), 0b1001_0111);
        // Seven low ranks: the five lowest play.
        assert_eq!(five_lowest(0b0111_1111), 0b0001_1111);
        for (hand, low) in [(four, "no low"), (five, "8-5-3-2-A")] {
            assert_eq!(
                <StudLow as LowEvaluator<Stud8>>::low(&hand).to_string(),
                low
            );
            assert_eq!(
                <StudLowSimd as LowEvaluator<Stud8>>::low(&hand).to_string(),
                low
            );
        }
    }
}
