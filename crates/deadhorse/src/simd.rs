//! The tuned evaluation vectorised across hands.

use handeval_core::{Evaluator, Role};
use handeval_lanes::{Kernel, Lanes};

use handeval_core::bits::BROADWAY;

use crate::WHEEL;

/// DeadHorseEval across hands: [`crate::Tuned`]'s arithmetic in 16-bit lanes.
///
/// Each lane holds one hand; each step below is one instruction for 32 hands
/// (AVX-512) or 16 (AVX2). The value is [`crate::Tuned`]'s, bit for bit.
///
/// 1. Per card, the rank bit `1 << (card >> 2)`.
/// 2. Per hand, the OR `y`, the XOR `x` and the plain sum `S` of the five
///    rank bits. A flush is upstream's AND of the five one-hot suit bits
///    being non-zero, which is the five suits being equal: tested here on
///    the card indices' low two bits, without building the suit bits.
/// 3. `z = y ^ x` (ranks held twice or four times); `popcount(y) +
///    popcount(x)` is the shape (10 no pair, 7 pair, 4 two pair, 6 trips, 3
///    full house or quads), looked up in a register into the type; quads
///    when `S - x == 4z`; the trip rank is `(S - y) / 2`.
/// 4. Straight when `y` is five ranks in a row ([`Lanes::is_run`]: `y`
///    equals its lowest bit `y & -y` times 0b11111, without a variable
///    shift) or the wheel.
/// 5. The value `type << 26 | primary << 13 | rest`, built as two 16-bit
///    halves and interleaved into `u32`s on the store.
///
/// Worked example, one lane, `Kh Kd 7s 7c 2h`: rank bits `0x800, 0x800,
/// 0x20, 0x20, 0x1`; `y = 0x821`, `x = 0x1`, `S = 0x1041`; `z = 0x820`;
/// shape `3 + 1 = 4`, two pair (type 2); `S - x = 0x1040 != 4z`, not quads;
/// the value is `2 << 26 | 0x820 << 13 | 0x1`, so `hi = 2 << 10 | 0x820 >>
/// 3 = 0x904` and `lo = (0x820 << 13) & 0xFFFF | 0x1 = 0x0001`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Simd;

/// Type by popcount sum: 3 full house (quads add one), 4 two pair, 6 trips,
/// 7 pair, 10 five distinct ranks (straight and flush added later).
const TYPE_BY_SUM: [u8; 16] = [0, 0, 0, 6, 2, 0, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0];

/// The value of 32 (or 16, or 1) hands as `(hi, lo)` halves; with
/// `CATEGORY`, the category index (0 high card .. 9 royal flush) in `lo`
/// instead, which leaves the ranks uncomputed.
struct Values<const CATEGORY: bool>;

impl<const CATEGORY: bool> Kernel for Values<CATEGORY> {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 5]) -> (L::V, L::V) {
        let [a, b, c, d, e] = l.rank_bits(cards);
        let y = l.or(l.or(l.or(a, b), l.or(c, d)), e);
        let x = l.xor(l.xor(l.xor(a, b), l.xor(c, d)), e);
        let sum = l.add(l.add(l.add(a, b), l.add(c, d)), e);
        let z = l.xor(y, x);
        let shape = l.add(l.popcnt(y), l.popcnt(x));

        let wheel = l.eq(y, l.splat(WHEEL as u16));
        let straight = l.mor(l.is_run(y), wheel);
        let flush = l.same_suit(cards);
        let three = l.eq(shape, l.splat(3));
        let quads = l.mand(three, l.eq(l.sub(sum, x), l.shl::<2>(z)));
        let trips = l.eq(shape, l.splat(6));
        let full_house = l.mandnot(quads, three);

        let kind = l.add(l.lookup(shape, &TYPE_BY_SUM), l.flag(quads, 1));
        let kind = l.add(kind, l.add(l.flag(straight, 4), l.flag(flush, 5)));
        let kind = l.sub(kind, l.flag(l.mand(straight, flush), 1));

        if CATEGORY {
            let royal = l.mand(l.mand(straight, flush), l.eq(y, l.splat(BROADWAY as u16)));
            return (l.splat(0), l.add(kind, l.flag(royal, 1)));
        }
        let trip = l.shr::<1>(l.sub(sum, y));
        let primary = l.select(trips, trip, l.select(full_house, x, z));
        let others = l.select(wheel, l.splat(0xF), x);
        let rest = l.select(trips, l.xor(y, trip), l.select(full_house, z, others));
        let hi = l.or(l.shl::<10>(kind), l.shr::<3>(primary));
        let lo = l.or(l.shl::<13>(primary), rest);
        (hi, lo)
    }
}

handeval_lanes::simd_paths!(mod paths: Values<false>);
handeval_lanes::simd_paths!(mod kinds: Values<true>);

impl Evaluator for Simd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/simd",
        summary: "DeadHorseEval across hands: OR, XOR, SUM and popcounts in 16-bit lanes, AVX-512 or AVX2",
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
        categories(avx512: kinds::avx512, avx2: kinds::avx2, portable: kinds::portable)
    );

    #[inline(always)]
    fn class_of(value: u32) -> Option<u16> {
        Some(crate::class::class_of(value))
    }

    fn classes_of(values: &[u32], out: &mut [u16]) -> bool {
        crate::class::classes_of(values, out);
        true
    }
}
