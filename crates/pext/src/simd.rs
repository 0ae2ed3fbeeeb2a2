//! The branch-free evaluation vectorised across hands, sections bit-sliced.

use handeval_core::{Evaluator, Role};
use handeval_lanes::{Kernel, Lanes};

use crate::{BROADWAY, Type, WHEEL, WHEEL_PRIMARY};

/// The suit-bitmask evaluator across hands: [`crate::Branchless`] in 16-bit lanes.
///
/// The scalar evaluators keep one hand's four 16-bit suit sections side by
/// side in a `u64` and fold them onto each other with shifts (the horizontal
/// reductions). Here the layout is turned on its side: four vectors, one per
/// suit, each holding that suit's section of 32 hands (16 on AVX2). The
/// reductions become plain vertical operations between the four vectors, and
/// the value is [`crate::Branchless`]'s, bit for bit.
///
/// 1. Per card, the rank bit `2 << (card >> 2)` (bit 0 is the low ace, as in
///    the 4x16 layout) and the suit `card & 3`.
/// 2. Per suit `s`, the section: the sum of the rank bits of the cards of
///    suit `s` (no rank twice in a suit, so the sum is the OR): a compare and
///    a masked add per card and suit.
/// 3. OR16, XOR16 and AND16 are the OR, XOR and AND of the four sections;
///    the ranks held twice are the OR of the six pairwise ANDs; trips are
///    those held twice and an odd number of times.
/// 4. A flush when five ranks are present and one section holds them all.
///    The type from the number of distinct ranks (a popcount, then a
///    register lookup) plus the quads, trips, straight, flush and royal
///    flags; the primary mask by selects, highest count first.
/// 5. The value `type << 27 | primary << 13 | secondary >> 1` as two 16-bit halves.
///
/// Worked example, one lane, `Ks Kh 7d 7c 2s` (suits: spades 3, hearts 2,
/// diamonds 1, clubs 0): sections spades `0x1002` (K, 2), hearts `0x1000`,
/// diamonds `0x0040`, clubs `0x0040`; OR16 `0x1042`, XOR16 `0x0002`, AND16
/// 0; held twice `0x1040`; three distinct ranks and no trips: two pair; the
/// value is `2 << 27 | 0x1040 << 13 | 0x0002 >> 1`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Simd;

/// Base type by number of distinct ranks: 2 full house (quads add one), 3
/// two pair (trips add one), 4 pair, 5 high card.
const TYPE_BY_DISTINCT: [u8; 16] = {
    let mut t = [0; 16];
    t[2] = Type::FullHouse as u8;
    t[3] = Type::TwoPair as u8;
    t[4] = Type::Pair as u8;
    t[5] = Type::HighCard as u8;
    t
};

/// The four suit sections of each lane's hand of `N` cards: per card the
/// rank bit `2 << (card >> 2)` (bit 0 is the low ace), added to its suit's
/// section by a compare and a masked add per card and suit (no rank twice
/// in a suit, so the sum is the OR).
#[inline(always)]
pub(crate) fn sections<L: Lanes, const N: usize>(l: L, cards: [L::V; N]) -> [L::V; 4] {
    let mut bits = l.rank_bits(cards);
    for bit in &mut bits {
        *bit = l.shl::<1>(*bit);
    }
    let suits = l.suits(cards);
    let mut sections = [l.splat(0); 4];
    for (suit, section) in sections.iter_mut().enumerate() {
        let suit = l.splat(suit as u16);
        for (&card_suit, &bit) in suits.iter().zip(&bits) {
            *section = l.add_where(l.eq(card_suit, suit), *section, bit);
        }
    }
    sections
}

/// The value of a vector of hands as `(hi, lo)` halves; with `CATEGORY`,
/// the type (which is the category index) in `lo` instead, which leaves the
/// masks uncomputed.
struct Values<const CATEGORY: bool>;

impl<const CATEGORY: bool> Kernel for Values<CATEGORY> {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 5]) -> (L::V, L::V) {
        let sections = crate::simd::sections(l, cards);
        let [s0, s1, s2, s3] = sections;

        let or = l.or(l.or(s0, s1), l.or(s2, s3));
        let odd = l.xor(l.xor(s0, s1), l.xor(s2, s3));
        let quad = l.and(l.and(s0, s1), l.and(s2, s3));
        let twice = l.or(
            l.or(l.and(s0, l.or(s1, l.or(s2, s3))), l.and(s1, l.or(s2, s3))),
            l.and(s2, s3),
        );
        let trip = l.and(twice, odd);

        let distinct = l.popcnt(or);
        let wheel = l.eq(or, l.splat(WHEEL as u16));
        let straight = l.mor(l.is_run(or), wheel);
        // One section holds every rank present, and there are five: all five
        // cards are in that suit.
        let one_section = l.mor(
            l.mor(l.eq(s0, or), l.eq(s1, or)),
            l.mor(l.eq(s2, or), l.eq(s3, or)),
        );
        let flush = l.mand(one_section, l.eq(distinct, l.splat(5)));
        let straight_flush = l.mand(straight, flush);
        let royal = l.mand(straight_flush, l.eq(or, l.splat(BROADWAY as u16)));
        let has_quad = l.nonzero(quad);
        let has_trip = l.nonzero(trip);

        let kind = l.add(l.lookup(distinct, &TYPE_BY_DISTINCT), l.flag(has_quad, 1));
        let kind = l.add(
            kind,
            l.flag(l.mand(l.eq(distinct, l.splat(3)), has_trip), 1),
        );
        let kind = l.add(kind, l.add(l.flag(straight, 4), l.flag(flush, 5)));
        let kind = l.add(l.sub(kind, l.flag(straight_flush, 1)), l.flag(royal, 1));

        if CATEGORY {
            return (l.splat(0), kind);
        }
        let primary = l.select(
            has_quad,
            quad,
            l.select(has_trip, trip, l.select(l.nonzero(twice), twice, or)),
        );
        let secondary = l.xor(or, primary);
        let primary = l.select(wheel, l.splat(WHEEL_PRIMARY as u16), primary);
        let hi = l.or(l.shl::<11>(kind), l.shr::<3>(primary));
        let lo = l.or(l.shl::<13>(primary), l.shr::<1>(secondary));
        (hi, lo)
    }
}

handeval_lanes::simd_paths!(mod paths: Values<false>);
handeval_lanes::simd_paths!(mod kinds: Values<true>);

impl Evaluator for Simd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pext/simd",
        summary: "cards-cs's suit sections across hands: one 16-bit vector per suit, reductions between vectors, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<crate::Branchless as Evaluator>::META.name),
        table_bytes: 0,
        card_table_bytes: 0,
    };

    handeval_lanes::simd_evaluator!(
        Simd: Evaluator,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(avx512: kinds::avx512, avx2: kinds::avx2, portable: kinds::portable)
    );
}
