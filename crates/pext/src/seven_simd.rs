//! The seven-card evaluation vectorised across hands, sections bit-sliced.

use handeval_core::{BestFive, Hand7, Role};
use handeval_lanes::{Kernel, Lanes};

use crate::{BROADWAY, Type};

/// The suit-bitmask evaluator for seven cards across hands:
/// [`crate::Seven`]'s value in 16-bit lanes, one hand per lane, with no
/// branch on the hand's type.
///
/// As in [`crate::Simd`], the 4x16 layout is turned on its side: four
/// vectors, one per suit, each holding that suit's 16-bit section of 32
/// hands (16 on AVX2). [`crate::Seven`]'s folds between sections become
/// vertical operations between the four vectors, and where the scalar code
/// branches to its rarely taken types, every lane computes every type's
/// fields and selects, lowest type first, let the strongest present win:
///
/// 1. Per card, the rank bit `2 << (card >> 2)` (bit 0 is the low ace) and
///    the suit; per suit, the section: a compare and a masked add per card
///    and suit (no rank twice in a suit, so the sum is the OR).
/// 2. OR, and from the ANDs of the two low and the two high sections the
///    ranks held at least twice, three times and four times, as in [`crate::Seven`].
/// 3. A flush when a section holds five ranks or more (`popcount + 3` has
///    bit 3 set), at most one of the four among seven cards; that section
///    is the flush's ranks.
/// 4. One run search, with the ace copied to the low-ace bit: on the
///    flush's ranks where there is a flush, else on the OR (a flush beats
///    any straight). Seven ranks hold one run of runs, so the bottoms of
///    five-in-a-row are consecutive and the highest is the one whose upper
///    neighbour is clear.
/// 5. "Keep the highest `n` ranks" never drops more than two (seven cards
///    keep five), so it is at most two `r & (r - 1)`s, done once for
///    whichever mask the hand's type trims: all ranks for a high card, the
///    flush's ranks, the kickers, or the candidates for a full house's pair
///    or the quads' kicker.
/// 6. The value `type << 27 | primary << 13 | secondary >> 1` as two 16-bit halves.
///
/// Worked example, one lane, `Ah Kh Qh Jh 9h 9d 9c`: the hearts section
/// holds `A K Q J 9` (`0x3D00`, bits 13, 12, 11, 10 and 8), diamonds and
/// clubs `9` each (`0x0100`); five hearts: a flush, which beats the trips
/// of nines. Its ranks hold no run (no ten), so the flush keeps its five
/// ranks as its primary mask: `5 << 27 | 0x3D00 << 13`, `hi = 5 << 11 |
/// 0x3D00 >> 3 = 0x2FA0` and `lo = 0x3D00 << 13 & 0xFFFF = 0`:
/// [`crate::Seven`]'s value, as the test below checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct SevenSimd;

/// The highest five-rank run in a section-wide rank mask (bits 1..=13),
/// the wheel with the ace at bit 0, 0 where there is none: [`crate::Seven`]'s `run`.
#[inline(always)]
fn run<L: Lanes>(l: L, ranks: L::V) -> L::V {
    let m = l.or(ranks, l.shr::<13>(ranks));
    let pairs = l.and(m, l.shr::<1>(m));
    let bottoms = l.and(l.and(pairs, l.shr::<2>(pairs)), l.shr::<4>(m));
    let top = l.xor(bottoms, l.and(bottoms, l.shr::<1>(bottoms)));
    l.sub(l.shl::<5>(top), top)
}

/// The value of 32 (or 16, or 1) seven-card hands as `(hi, lo)` halves;
/// with `CATEGORY`, the type (which is the category index) in `lo` instead,
/// which leaves the primary and secondary masks uncomputed.
struct Values7<const CATEGORY: bool>;

impl<const CATEGORY: bool> Kernel<7> for Values7<CATEGORY> {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 7]) -> (L::V, L::V) {
        let sections = crate::simd::sections(l, cards);
        let [s0, s1, s2, s3] = sections;

        let or = l.or(l.or(s0, s1), l.or(s2, s3));
        let low_two = l.and(s0, s1);
        let high_two = l.and(s2, s3);
        let low_any = l.or(s0, s1);
        let high_any = l.or(s2, s3);
        let twice = l.or(l.or(low_two, high_two), l.and(low_any, high_any));
        let thrice = l.or(l.and(low_two, high_any), l.and(high_two, low_any));
        let quad = l.and(low_two, high_two);

        let mut flush_ranks = l.splat(0);
        for section in sections {
            let five_up = l.test(l.add(l.popcnt(section), l.splat(3)), l.splat(8));
            flush_ranks = l.add_where(five_up, flush_ranks, section);
        }
        let flush = l.nonzero(flush_ranks);
        let straight = run(l, l.select(flush, flush_ranks, or));
        let has_run = l.nonzero(straight);

        // High card, pair, two pair, trips: the made ranks (trips, or the
        // two highest pairs), and as many kickers as leave five cards.
        let pairs = l.xor(twice, thrice);
        let pair_count = l.popcnt(pairs);
        let three_pairs = l.eq(pair_count, l.splat(3));
        let made_pairs = l.sub(pair_count, l.flag(three_pairs, 1));
        let has_trips = l.nonzero(thrice);
        let trips_kind = l.flag(has_trips, 3);
        let made = l.or(thrice, l.select(three_pairs, l.drop_lowest(pairs), pairs));
        let kind = l.add(made_pairs, trips_kind);
        let keep = l.sub(l.splat(5), l.add(trips_kind, l.shl::<1>(made_pairs)));
        let high_card = l.eq(kind, l.splat(0));

        // Full house or quads: the higher trip or the quad rank made, the
        // highest of the other ranks held twice (or of all other ranks,
        // for quads) kept.
        let has_quads = l.nonzero(quad);
        let lower_trip = l.drop_lowest(thrice);
        let two_trips = l.nonzero(lower_trip);
        let trip = l.select(two_trips, lower_trip, thrice);
        let full_house = l.mand(has_trips, l.mor(two_trips, l.nonzero(pairs)));
        let big = l.mor(full_house, has_quads);
        let big_made = l.select(has_quads, quad, trip);
        let big_pool = l.select(has_quads, l.xor(or, quad), l.xor(twice, trip));

        // The strongest type present overwrites the weaker ones.
        let kind = l.select(has_run, l.splat(Type::Straight as u16), kind);
        let royal = l.eq(straight, l.splat(BROADWAY as u16));
        let flush_kind = l.add(
            l.splat(Type::Flush as u16),
            l.add(
                l.flag(has_run, Type::StraightFlush as u16 - Type::Flush as u16),
                l.flag(royal, 1),
            ),
        );
        let kind = l.select(flush, flush_kind, kind);
        let kind = l.select(big, l.add(l.splat(6), l.flag(has_quads, 1)), kind);

        // One trim for every type: the mask it trims and how many it keeps.
        let pool = l.select(high_card, or, l.xor(or, made));
        let pool = l.select(flush, flush_ranks, pool);
        let pool = l.select(big, big_pool, pool);
        let keep = l.select(l.mor(flush, high_card), l.splat(5), keep);
        let keep = l.select(big, l.splat(1), keep);
        let extra = l.select(has_run, l.splat(0), l.sub(l.popcnt(pool), keep));
        let trimmed = l.drop_lowest_n(pool, extra);

        // High cards and flushes rank by their five ranks as the primary
        // mask; runs by the run; the rest by their made ranks, then the
        // trimmed mask as the secondary.
        let to_primary = l.mandnot(has_run, l.mor(flush, high_card));
        let made = l.select(big, big_made, made);
        let primary = l.select(to_primary, trimmed, l.select(has_run, straight, made));
        let plain = l.mor(l.mor(has_run, flush), high_card);
        let secondary = l.select(plain, l.splat(0), trimmed);

        if CATEGORY {
            return (l.splat(0), kind);
        }
        let hi = l.or(l.shl::<11>(kind), l.shr::<3>(primary));
        let lo = l.or(l.shl::<13>(primary), l.shr::<1>(secondary));
        (hi, lo)
    }
}

handeval_lanes::simd_paths!(mod paths: Values7<false>, Hand7);
handeval_lanes::simd_paths!(mod kinds: Values7<true>, Hand7);

impl BestFive<Hand7> for SevenSimd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pext/seven-simd",
        summary: "cards-cs's suit sections for seven cards across hands: one 16-bit vector per suit, every type computed and selected, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<crate::Seven as BestFive<Hand7>>::META.name),
        table_bytes: 0,
        card_table_bytes: 0,
    };

    type Five = crate::Branchless;

    handeval_lanes::simd_evaluator!(
        SevenSimd: BestFive<Hand7>,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(avx512: kinds::avx512, avx2: kinds::avx2, portable: kinds::portable)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worked_example() {
        let hand: Hand7 = "Ah Kh Qh Jh 9h 9d 9c".parse().unwrap();
        let mut out = [0];
        paths::portable(&[hand], &mut out);
        assert_eq!(out[0] >> 16, 0x2FA0);
        assert_eq!(out[0] & 0xFFFF, 0);
        assert_eq!(out[0], crate::Seven::strength(&hand));
    }
}
