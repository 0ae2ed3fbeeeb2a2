//! The seven-card evaluation vectorised across hands.

use handeval_core::{BestFive, Family, Hand7, Role};
use handeval_lanes::{Kernel, Lanes};

use handeval_core::bits::BROADWAY;

use crate::STRAIGHT_FLUSH;

/// DeadHorseEval for seven cards across hands: [`crate::Seven`]'s value in
/// 16-bit lanes, one hand per lane, with no branch on the hand's type.
///
/// [`crate::Seven`] runs the common hands (high card to trips) down one
/// branch-free path and the rest (straights, flushes, full houses, quads)
/// down a rarely taken branch. Across 32 lanes there is no branch to take:
/// every lane computes every type's fields, and selects, lowest type first,
/// let the strongest type present overwrite the others. Each step is one
/// instruction for 32 hands (AVX-512) or 16 (AVX2):
///
/// 1. Per card, the rank bit `1 << (card >> 2)` and the suit counter `1 <<
///    4 * suit` (a 16-entry word table in a register).
/// 2. The OR `y`, XOR `x` and SUM of the seven rank bits: `z = y ^ x` holds
///    the ranks held twice or four times, `(sum - y - z) / 2` those held
///    three or four times (per rank, `c - 1 - [c even]` is 2 for `c >= 3`
///    and 0 below), so trips, pairs and quads are ANDs of these.
/// 3. The flush and its ranks from suit counters summed in nibbles
///    ([`handeval_lanes::flush`]).
/// 4. The highest run of five in a rank mask: the bottoms of runs `r & r >>
///    1 & .. & r >> 4` (at most three of them among seven ranks), the
///    highest kept by at most two [`drop_lowest`](Lanes::drop_lowest)s,
///    times 31; the wheel `0xF` where there is no other run.
/// 5. Every "keep the highest `n` ranks" here drops at most two ranks (seven
///    cards keep five), so it is two conditional `r & (r - 1)`s
///    ([`Lanes::keep_highest`]), not a loop.
/// 6. The value `type << 26 | made << 13 | rest`, as two 16-bit halves.
///
/// Worked example, one lane, `5c 5d 5h 9c 9d 9h Kc` (ranks 5 = bit 3, 9 =
/// bit 7, K = bit 11): `y = 0x888`, `x = 0x888` (each held an odd number of
/// times), `sum = 3 * 0x88 + 0x800 = 0x998`; `z = 0`, `(sum - y - z) / 2 =
/// 0x88`: trips of 5s and 9s, no pair; clubs hold three cards, no flush;
/// no run. A full house: the higher trip `0x80` is made, the best of the
/// rest (`0x8`, the other trip) is kept: `6 << 26 | 0x80 << 13 | 0x8`, so
/// `hi = 6 << 10 | 0x80 >> 3 = 0x1810` and `lo = 0x80 << 13 & 0xFFFF | 0x8
/// = 0x0008`: [`crate::Seven`]'s value of the same hand, as the test below
/// checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct SevenSimd;

/// The highest five-rank run in `ranks` as a rank mask, the wheel as `0xF`
/// (below the six-high run), 0 where there is none: `deadhorse/seven`'s `straight`.
#[inline(always)]
fn straight<L: Lanes>(l: L, ranks: L::V) -> L::V {
    // With the ace copied below the 2 (bit 0; the 2 at bit 1), the wheel is
    // a run like the others, and one bit down it is the wheel's `0xF`.
    let m = l.or(l.shl::<1>(ranks), l.shr::<12>(ranks));
    let pairs = l.and(m, l.shr::<1>(m));
    let bottoms = l.and(l.and(pairs, l.shr::<2>(pairs)), l.shr::<4>(m));
    // Seven ranks (eight bits with the low ace) hold one run of runs, so
    // the bottoms are consecutive and the highest is the one whose upper
    // neighbour is clear.
    let top = l.xor(bottoms, l.and(bottoms, l.shr::<1>(bottoms)));
    l.shr::<1>(l.sub(l.shl::<5>(top), top))
}

/// The value of 32 (or 16, or 1) seven-card hands as `(hi, lo)` halves;
/// with `CATEGORY`, the category index (0 high card .. 9 royal flush) in
/// `lo` instead, which leaves the made and kept ranks uncomputed.
struct Values7<const CATEGORY: bool>;

impl<const CATEGORY: bool> Kernel<7> for Values7<CATEGORY> {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 7]) -> (L::V, L::V) {
        let bits = l.rank_bits(cards);
        let [a, b, c, d, e, f, g] = bits;
        let y = l.or(l.or(l.or(a, b), l.or(c, d)), l.or(l.or(e, f), g));
        let x = l.xor(l.xor(l.xor(a, b), l.xor(c, d)), l.xor(l.xor(e, f), g));
        let sum = l.add(l.add(l.add(a, b), l.add(c, d)), l.add(l.add(e, f), g));
        let (flush, suited) = handeval_lanes::flush(l, cards, bits);
        from_sums::<L, CATEGORY>(l, Sums { y, x, sum }, flush, suited)
    }
}

/// The OR, XOR and SUM of a seven-card hand's rank bits, per lane.
#[derive(Clone, Copy)]
pub(crate) struct Sums<V> {
    pub(crate) y: V,
    pub(crate) x: V,
    pub(crate) sum: V,
}

/// The value of seven cards from their rank bits' [`Sums`] and their
/// flush (whether a suit holds five, and that suit's ranks): steps 2 to 6
/// of [`SevenSimd`], shared by the batch kernel, which sums the cards it
/// loads, and the enumeration ([`crate::enumerate`]), which adds the inner
/// cards' precomputed sums to the outer cards'.
#[inline(always)]
pub(crate) fn from_sums<L: Lanes, const CATEGORY: bool>(
    l: L,
    Sums { y, x, sum }: Sums<L::V>,
    flush: L::M,
    suited: L::V,
) -> (L::V, L::V) {
    let z = l.xor(y, x);
    let three_up = l.shr::<1>(l.sub(l.sub(sum, y), z));
    let trips = l.and(three_up, x);
    let quads = l.and(three_up, z);
    let pairs = l.xor(z, quads);

    // One run search: on the flush's ranks where there is a flush (a
    // straight flush, or else a flush beats any straight), else on all.
    let run = straight(l, l.select(flush, suited, y));
    let has_run = l.nonzero(run);

    // High card, pair, two pair, trips: the made ranks (trips, or the
    // two highest pairs), and as many kickers as leave five cards.
    let pair_count = l.popcnt(pairs);
    let three_pairs = l.eq(pair_count, l.splat(3));
    let made_pairs = l.sub(pair_count, l.flag(three_pairs, 1));
    let has_trips = l.nonzero(trips);
    let trips_kind = l.flag(has_trips, 3);
    let made = l.or(trips, l.select(three_pairs, l.drop_lowest(pairs), pairs));
    let kind = l.add(made_pairs, trips_kind);
    let keep = l.sub(l.splat(5), l.add(trips_kind, l.shl::<1>(made_pairs)));
    let pool = l.xor(y, made);

    // Full house or quads: the higher trip or the quad rank made, the
    // highest of the other ranks held at least twice (or of all other
    // ranks, for quads) kept.
    let has_quads = l.nonzero(quads);
    let lower_trip = l.drop_lowest(trips);
    let two_trips = l.nonzero(lower_trip);
    let trip = l.select(two_trips, lower_trip, trips);
    let full_house = l.mand(has_trips, l.mor(two_trips, l.nonzero(pairs)));
    let big = l.mor(full_house, has_quads);
    let big_made = l.select(has_quads, quads, trip);
    let big_pool = l.select(has_quads, l.xor(y, quads), l.or(l.xor(trips, trip), pairs));

    // The strongest type present overwrites the weaker ones: straight
    // (or straight flush), flush, then full house or quads, which
    // exclude a flush among seven cards.
    let kind = l.select(has_run, l.splat(4), kind);
    let flush_kind = l.add(l.splat(5), l.flag(has_run, STRAIGHT_FLUSH as u16 - 5));
    let kind = l.select(flush, flush_kind, kind);
    let kind = l.select(big, l.add(l.splat(6), l.flag(has_quads, 1)), kind);
    let plain = l.mor(has_run, flush);
    let made = l.select(big, big_made, l.select(plain, l.splat(0), made));
    let pool = l.select(plain, l.select(has_run, run, suited), pool);
    let pool = l.select(big, big_pool, pool);
    let keep = l.select(flush, l.splat(5), keep);
    let keep = l.select(big, l.splat(1), keep);
    // A run is kept whole (the wheel's `0xF` is four bits).
    let extra = l.select(has_run, l.splat(0), l.sub(l.popcnt(pool), keep));
    let rest = l.drop_lowest_n(pool, extra);

    if CATEGORY {
        let royal = l.mand(l.mand(flush, has_run), l.eq(run, l.splat(BROADWAY as u16)));
        return (l.splat(0), l.add(kind, l.flag(royal, 1)));
    }
    let hi = l.or(l.shl::<10>(kind), l.shr::<3>(made));
    let lo = l.or(l.shl::<13>(made), rest);
    (hi, lo)
}

handeval_lanes::simd_paths!(mod paths: Values7<false>, Hand7);
handeval_lanes::simd_paths!(mod kinds: Values7<true>, Hand7);

impl BestFive<Hand7> for SevenSimd {
    const NAME: &'static str = "deadhorse/seven-simd";
    const FAMILY: Family = crate::FAMILY;
    const ROLE: Role = Role::Simd;
    const DERIVED_FROM: Option<&'static str> = Some(<crate::Seven as BestFive<Hand7>>::NAME);
    const SUMMARY: &'static str = "DeadHorseEval for seven cards across hands: OR, XOR, SUM and suit counters in 16-bit lanes, every type computed and selected, AVX-512 or AVX2";

    type Five = crate::Tuned;

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
        let hand: Hand7 = "5c 5d 5h 9c 9d 9h Kc".parse().unwrap();
        let mut out = [0];
        paths::portable(&[hand], &mut out);
        assert_eq!(out[0] >> 16, 0x1810);
        assert_eq!(out[0] & 0xFFFF, 0x0008);
        assert_eq!(out[0], crate::Seven::strength(&hand));
    }
}
