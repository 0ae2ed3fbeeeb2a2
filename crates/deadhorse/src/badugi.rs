//! Badugi, table-free: the best set of four cards by bit arithmetic, one
//! hand at a time ([`Badugi`]) and across hands in 16-bit lanes
//! ([`BadugiSimd`]).
//!
//! A badugi plays the most cards of the four with no rank and no suit
//! twice, the lowest of those (see [`handeval_core::badugi`]). In
//! DeadHorseEval's spirit the kernel counts bits rather than looking hands
//! up: each card is a rank bit (the ace bit 0, the king bit 12) and a
//! suit; two cards *clash* when they share either. Of the fifteen nonempty
//! sets of the four cards, a set plays when no two of its cards clash, and
//! its value is the OR of its rank bits with the number of cards missing
//! above them, `missing << 13 | ranks`: fewer missing first, then the
//! lower ranks compared highest first, which is how masks of as many bits
//! compare as numbers. The least value of the sets that play is the
//! hand's, and its class the place of its ranks among the masks of as many
//! bits (the combinatorial number system: the i-th lowest rank `r` adds
//! `C(r, i)`) after the classes of more cards.
//!
//! # Worked example
//!
//! `As 2s 3h 4d`: the ace and the deuce clash (spades). The four-card set
//! does not play; of the threes, {A, 3, 4} plays with ranks
//! `0b1101` and {2, 3, 4} with `0b1110`: the least is `1 << 13 | 0b1101`,
//! A-3-4 missing one. Three cards' classes start at 716, after the 715
//! four-card ones, and `0b1101`'s place among the sets of three ranks is
//! `C(0, 1) + C(2, 2) + C(3, 3) = 0 + 1 + 1 = 2`: class 718, behind A-2-3
//! (716) and A-2-4 (717).
//!
//! ```
//! use handeval_core::badugi::BadugiEvaluator;
//! use handeval_core::Badugi as Hand;
//! use handeval_deadhorse::{Badugi, BadugiSimd};
//!
//! let hand: Hand = "As 2s 3h 4d".parse().unwrap();
//! assert_eq!(Badugi::class(&hand).get(), 718);
//! assert_eq!(Badugi::class(&hand).to_string(), "4-3-A");
//! assert_eq!(BadugiSimd::class(&hand), Badugi::class(&hand));
//! let best: Hand = "Ac 2d 3h 4s".parse().unwrap();
//! assert_eq!(BadugiSimd::class(&best).get(), 1);
//! ```

use handeval_core::badugi::{BadugiClass, BadugiEvaluator, class_of_value, rank_bit};
use handeval_core::{BINOMIAL, Badugi as Hand, Meta, Role};
use handeval_lanes::{Kernel, Lanes};

/// The first class of the hands missing `missing` cards (0 to 3): 1, then
/// after the 715 four-card classes, the 286 three-card ones and the 78
/// two-card ones.
const FIRST: [u16; 4] = [1, 716, 1_002, 1_080];

/// The class of a value `missing << 13 | ranks`.
#[inline(always)]
fn class_of(value: u16) -> BadugiClass {
    let mut ranks = value & 0x1FFF;
    let mut place = 0;
    let mut i = 1;
    while ranks != 0 {
        let r = ranks.trailing_zeros() as usize;
        place += BINOMIAL[r][i];
        ranks &= ranks - 1;
        i += 1;
    }
    class_of_value(u32::from(FIRST[usize::from(value >> 13) & 3] + place))
}

/// The scalar kernel: see the [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct Badugi;

impl BadugiEvaluator<Hand> for Badugi {
    const META: Meta = Meta {
        name: "deadhorse/badugi",
        summary: "Badugi, table-free: the least of the fifteen sets of cards with no rank or suit twice, as missing << 13 | rank bits, classed by the combinatorial number system",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };

    #[inline]
    fn class(hand: &Hand) -> BadugiClass {
        let cards = hand.hand().cards();
        let ranks = cards.map(|c| rank_bit(c.rank()));
        let suits = cards.map(|c| 1u8 << c.suit().index());
        let mut best = u16::MAX;
        for set in 1u8..16 {
            let (mut r, mut s, mut n) = (0u16, 0u8, 0u32);
            for i in 0..4 {
                if set >> i & 1 == 1 {
                    r |= ranks[i];
                    s |= suits[i];
                    n += 1;
                }
            }
            // No two cards share a rank or a suit: as many of each as cards.
            if r.count_ones() == n && s.count_ones() == n {
                best = best.min(((4 - n as u16) << 13) | r);
            }
        }
        class_of(best)
    }
}

/// The lanes kernel of [`BadugiSimd`]: the class in `lo`, 0 in `hi`. It
/// reads the first four cards of a row of five ([`Hand::row_of_five`]).
pub(crate) struct BadugiKernel;

impl Kernel<5> for BadugiKernel {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 5]) -> (L::V, L::V) {
        // The lanes' rank bit puts the deuce at bit 0 and the ace at bit
        // 12: one rotation left puts the ace below the deuce.
        let mut bits = [l.splat(0); 4];
        let mut suits = [l.splat(0); 4];
        for i in 0..4 {
            let b = l.rank_bit(cards[i]);
            bits[i] = l.and(l.or(l.shl::<1>(b), l.shr::<12>(b)), l.splat(0x1FFF));
            suits[i] = l.suit(cards[i]);
        }
        // Whether cards i and j may play together, for the six pairs.
        let mut apart = [[l.eq(bits[0], bits[0]); 4]; 4];
        for i in 0..4 {
            for j in i + 1..4 {
                let clash = l.mor(l.eq(bits[i], bits[j]), l.eq(suits[i], suits[j]));
                apart[i][j] = l.mandnot(clash, apart[i][j]);
            }
        }
        // A value above every set's: the least valid one replaces it (any
        // one card plays, so one always does).
        let none = l.splat(0x7FFF);
        let mut best = none;
        for set in 1usize..16 {
            let members: [usize; 4] = core::array::from_fn(|k| k);
            let mut ok = apart[0][0];
            let mut ranks = l.splat(0);
            let mut n = 0u16;
            for &i in &members {
                if set >> i & 1 == 0 {
                    continue;
                }
                ranks = l.or(ranks, bits[i]);
                n += 1;
                for &j in &members[i + 1..] {
                    if set >> j & 1 == 1 {
                        ok = l.mand(ok, apart[i][j]);
                    }
                }
            }
            let value = l.or(ranks, l.splat((4 - n) << 13));
            best = l.min(best, l.select(ok, value, none));
        }
        // The class: the first of the cards' block, plus the ranks' place,
        // C(r, i) for the i-th lowest rank r, each binomial picked in a
        // register by the count so far.
        let one = l.splat(1);
        let ranks = l.and(best, l.splat(0x1FFF));
        let mut count = l.splat(0);
        let mut place = l.splat(0);
        for (r, binomials) in BINOMIAL.iter().enumerate().take(13) {
            let has = l.test(ranks, l.splat(1 << r));
            count = l.add_where(has, count, one);
            let mut row = [0u16; 16];
            row[..5].copy_from_slice(&binomials[..5]);
            place = l.add_where(has, place, l.lookup16(count, &row));
        }
        let first = l.lookup16(
            l.shr::<13>(best),
            &[1, 716, 1_002, 1_080, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        );
        (l.splat(0), l.add(first, place))
    }
}

handeval_lanes::simd_paths!(mod paths: BadugiKernel, Hand, records);

/// The SIMD kernel: see the [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct BadugiSimd;

impl BadugiEvaluator<Hand> for BadugiSimd {
    const META: Meta = Meta {
        name: "deadhorse/badugi-simd",
        summary: "Badugi across hands: the same fifteen sets in 16-bit lanes, clashes as lane masks, the class read off in registers, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<Badugi as BadugiEvaluator<Hand>>::META.name),
        table_bytes: 0,
        card_table_bytes: 0,
    };

    #[inline]
    fn class(hand: &Hand) -> BadugiClass {
        let mut out = [BadugiClass::new(1).expect("class 1")];
        Self::classes(core::slice::from_ref(hand), &mut out);
        out[0]
    }

    handeval_core::simd_batches!(BadugiSimd: BadugiEvaluator<Hand>,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable));
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::AllHands;

    /// Both kernels over every hand, the portable path and the one this
    /// CPU dispatches to: the same class as each other's. (The reference
    /// holds them over every hand in the difftest, whose `simd_paths`
    /// test runs every path of the SIMD kernel.)
    #[test]
    fn the_lanes_kernel_gives_the_scalar_kernels_classes_on_every_hand() {
        let hands: alloc::vec::Vec<Hand> = AllHands::<4>::every().map(Hand::from).collect();
        let want: alloc::vec::Vec<BadugiClass> = hands.iter().map(Badugi::class).collect();
        let mut out = alloc::vec![0u32; hands.len()];
        paths::portable(&hands, &mut out);
        assert!(
            out.iter()
                .map(|&v| class_of_value(v))
                .eq(want.iter().copied())
        );
        let mut classes = alloc::vec![BadugiClass::new(1).unwrap(); hands.len()];
        BadugiSimd::classes(&hands, &mut classes);
        assert_eq!(classes, want);
    }
}
