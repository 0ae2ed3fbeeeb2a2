//! The analyzer vectorised across hands, its nibble field bit-sliced.

use handeval_core::{Category, Evaluator, Role};
use handeval_lanes::{Kernel, Lanes};

use crate::INDEX_TABLE;

/// subskybox's analyzer across hands: counted nibbles and the mod-15 digit
/// sum in 16-bit lanes. The value is [`crate::Faithful`]'s, bit for bit.
///
/// The original keeps, per rank, a nibble `2^count - 1` in one number `v`
/// (13 nibbles, 52 bits: too wide for a 16-bit lane). Here `v` is stored
/// bit-sliced: plane `k` is a 13-bit rank mask holding bit `k` of every
/// rank's nibble, i.e. the ranks held more than `k` times. Four planes of
/// 32 hands (16 on AVX2) are four vectors.
///
/// 1. Per card, the rank bit `1 << (card >> 2)` and the suit bit `1 << (card & 3)`.
/// 2. The original's step `v += o * (nibble + 1)` shifts a one into the
///    card's rank nibble (`n -> 2n + 1`); bit-sliced, that is `p4 |= p3 & b;
///    p3 |= p2 & b; p2 |= p1 & b; p1 |= b` for the card's rank bit `b`.
/// 3. `v % 15` is the sum of `v`'s nibbles mod 15 (as `16 = 1` mod 15), and
///    the sum of the nibbles is `popcount(p1) + 2 popcount(p2) + 4
///    popcount(p3) + 8 popcount(p4)`: 5 to 10, or 16 for quads, so the
///    remainder is `min(sum, sum - 15)` in wrapping 16-bit arithmetic.
/// 4. The original's straight test `s / (s & -s) == 31` (as
///    [`Lanes::is_run`], `s` equal to its lowest bit times 0b11111, the
///    division being exact) or the wheel, its flush test `ss[0] ==
///    (ss[1] | ss[2] | ss[3] | ss[4])`, and its table index `v % 15 - 1 - 2
///    straight - flush` (royal flushes moved to their own slot), looked up in
///    a register.
/// 5. The value as in [`crate::Faithful`]: category, the highest non-empty
///    plane (the ranks with the highest count), the other ranks; as two
///    16-bit halves.
///
/// Worked example, one lane, `7s 7h 7d Kc Kd`: after the five cards `p1 =
/// p2 = 0x820` (7 and K), `p3 = 0x20` (7), `p4 = 0`; the sum is `2 + 2*2 +
/// 4*1 = 10`, `v % 15 = 10`, index 9: full house; the highest plane is `p3`,
/// so the ranks deciding first are the sevens and then the kings.
#[derive(Clone, Copy, Debug, Default)]
pub struct Simd;

/// [`INDEX_TABLE`] as category indices, padded to 16.
const CATEGORY_BY_INDEX: [u8; 16] = {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 10 {
        t[i] = INDEX_TABLE[i] as u8;
        i += 1;
    }
    t
};

/// Suit bit by suit, the original's `ss`.
const SUIT_BIT: [u8; 16] = [1, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// Rank mask (2 = bit 0) of A-2-3-4-5 and of T-J-Q-K-A.
const WHEEL: u16 = handeval_core::bits::WHEEL as u16;
const BROADWAY: u16 = handeval_core::bits::BROADWAY as u16;

/// The value of a vector of hands as `(hi, lo)` halves.
struct Values;

impl Kernel for Values {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 5]) -> (L::V, L::V) {
        let zero = l.splat(0);
        let (mut p1, mut p2, mut p3, mut p4) = (zero, zero, zero, zero);
        for &card in &cards {
            let b = l.rank_bit(card);
            p4 = l.or(p4, l.and(p3, b));
            p3 = l.or(p3, l.and(p2, b));
            p2 = l.or(p2, l.and(p1, b));
            p1 = l.or(p1, b);
        }
        let [s0, s1, s2, s3, s4] = l.by_suit(cards, &SUIT_BIT);

        let sum = l.add(
            l.add(l.popcnt(p1), l.shl::<1>(l.popcnt(p2))),
            l.add(l.shl::<2>(l.popcnt(p3)), l.shl::<3>(l.popcnt(p4))),
        );
        let mod15 = l.min(sum, l.sub(sum, l.splat(15)));

        let s = p1;
        let wheel = l.eq(s, l.splat(WHEEL));
        let straight = l.mor(l.is_run(s), wheel);
        let flush = l.eq(s0, l.or(l.or(s1, s2), l.or(s3, s4)));
        let royal = l.mand(flush, l.eq(s, l.splat(BROADWAY)));
        let index = l.sub(l.sub(mod15, l.splat(1)), l.flag(straight, 2));
        let index = l.add(l.sub(index, l.flag(flush, 1)), l.flag(royal, 6));
        let category = l.lookup(index, &CATEGORY_BY_INDEX);

        let major = l.select(
            l.nonzero(p4),
            p4,
            l.select(l.nonzero(p3), p3, l.select(l.nonzero(p2), p2, p1)),
        );
        let minor = l.xor(s, major);
        // In the value ranks sit one bit up, bit 0 being the wheel's low ace.
        let major = l.select(wheel, l.splat(0x1F), l.shl::<1>(major));
        let minor = l.shl::<1>(minor);
        let hi = l.or(l.shl::<12>(category), l.shr::<2>(major));
        let lo = l.or(l.shl::<14>(major), minor);
        (hi, lo)
    }
}

handeval_lanes::simd_paths!(mod paths: Values);

/// The category of a value: its top four bits.
#[inline]
fn category_of(value: u32) -> Category {
    Category::from_index_masked((value >> 28) as usize)
}

impl Evaluator for Simd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "subskybox/simd",
        summary: "subskybox's analyzer across hands: bit-sliced counted nibbles, mod-15 digit sum by popcounts, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<crate::Tuned as Evaluator>::META.name),
        table_bytes: 0,
        card_table_bytes: 0,
    };
    const BEST_OF: &'static str = "best-of-{}-simd";

    handeval_lanes::simd_evaluator!(
        Simd: Evaluator,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(from_values: category_of)
    );
}
