//! The seven-card evaluation vectorised across hands.

use handeval_core::{BestFive, Hand6, Hand7, Role};
use handeval_lanes::{Kernel, Lanes};

use handeval_core::bits::BROADWAY;

use crate::STRAIGHT_FLUSH;

/// DeadHorseEval for seven cards across hands: [`crate::Seven`]'s value in
/// 16-bit lanes, one hand per lane, with no branch on the hand's type.
///
/// [`crate::Seven`] runs the common hands (high card to trips) down one
/// branch-free path and the rest (straights, flushes, full houses, quads)
/// down a rarely taken branch. Across 32 lanes there is no branch to take:
/// each lane reads what its hand needs from small tables held in registers,
/// indexed by how many ranks it holds twice and three times, and masked
/// instructions let a straight or a flush overwrite the rest. Each step is
/// one instruction for 32 hands (AVX-512) or 16 (AVX2):
///
/// 1. Per card, the rank bit and the suit counter (a 16-entry word table in
///    a register). A rank `r` (2 = 0 .. ace = 12) sits at bit `r + 2`: the
///    two bits below the 2 are *guard bits* (step 5).
/// 2. The OR `y`, XOR `x` and SUM of the seven rank bits: `z = y ^ x` holds
///    the ranks held twice or four times, `(sum - y - z) / 2` those held
///    three or four times (per rank, `c - 1 - [c even]` is 2 for `c >= 3`
///    and 0 below; the SUM may wrap, the difference fits), so trips, pairs
///    and quads are ANDs of these.
/// 3. The *row* `popcount(y) + popcount(x)` (ranks held, ranks held an
///    odd number of times), plus 9 with quads, tells apart every shape
///    seven cards can have (high card, one, two or three pairs, trips,
///    three full-house shapes, three quads shapes) in 16 entries. Three
///    16-entry tables indexed by it give whether the ranks are a full
///    house's (its trips are made, its kicker comes from the ranks held
///    twice or more), whether the made ranks drop their lowest (three
///    pairs, two trips), and the type with the guard bits.
/// 4. The highest run of five in a rank mask: the bottoms of runs `m & m >>
///    1 & .. & m >> 4` with the ace copied below the 2, the highest bottom
///    times 62 (five bits, and back up one). A flush searches its own suit.
/// 5. The kickers are the highest ranks of a pool with at most two too many;
///    the row's guard bits (none, one or two) make "drop the lowest two"
///    right for each shape: it drops the guard bits first. Two `r & (r - 1)`.
/// 6. The value `type << 26 | made << 13 | rest`, as two 16-bit halves.
///
/// Worked example, one lane, `5c 5d 5h 9c 9d 9h Kc` (ranks 5, 9, K: bits 5,
/// 9 and 13): `y = x = 0x2220`, `sum = 3 * 0x220 + 0x2000 = 0x2660`; `z =
/// 0`, `(sum - y - z) / 2 = 0x220`: trips of 5s and 9s, no pair; the row is
/// `3 + 3 = 6`, two trips and a single, a full house: the made trips drop their
/// lowest (`0x200`, the 9s), and the pool, the ranks held twice or more
/// except the made ones, is the 5s (`0x20`) with two guard bits: `0x23`
/// drops both and leaves `0x20`. No suit holds five, no run. In the usual
/// bits (minus 2): made `0x80`, rest `0x8`: `6 << 26 | 0x80 << 13 | 0x8`,
/// so `hi = 6 << 10 | 0x80 >> 3 = 0x1810` and `lo = 0x0008`,
/// [`crate::Seven`]'s value of the same hand, as the test below checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct SevenSimd;

/// How far a rank's bit sits above its index: the guard bits' room.
pub(crate) const GUARD: u32 = 2;

/// A 16-entry word table by row (`popcount(y) + popcount(x)`, plus 9 with
/// quads, modulo 16), from one value per shape at its row; rows no hand
/// reaches are 0.
const fn by_row<const K: usize>(rows: [usize; K], shapes: [u16; K]) -> [u16; 16] {
    let mut t = [0; 16];
    let mut i = 0;
    while i < K {
        t[rows[i]] = shapes[i];
        i += 1;
    }
    t
}

const ALL: u16 = 0xFFFF;

/// What a hand's shape (the counts of the ranks it holds) decides, by row:
/// the tables of one hand size.
pub(crate) struct Shapes {
    /// Whether the kickers come from the ranks held twice or more (a full
    /// house's); and so whether trips beside pairs are made alone.
    full: [u16; 16],
    /// Whether the made ranks drop their lowest: three pairs make two, two
    /// trips one.
    drop_made: [u16; 16],
    /// The type at its place in `hi` (`<< 10`) and the guard bits (bits 0
    /// and 1, below every rank and below `made >> 3`): 3 when the kickers'
    /// pool holds exactly the ranks wanted, 1 when one too many, 0 when two
    /// (seven cards' high card: seven ranks for five).
    kinds: [u16; 16],
}

/// The shapes of seven cards, by the counts of the ranks held, at rows
/// (ranks held plus ranks held an odd number of times, plus 9 with quads,
/// modulo 16): high card (1111111) 14, one pair (211111) 11, two pairs
/// (22111) 8, three pairs (2221) 5, trips (31111) 10, full houses (3211)
/// 7, (322) 4 and (331) 6, quads (4111) 0, (421) 13 and (43) 12.
pub(crate) const SEVEN: Shapes = {
    const ROWS: [usize; 11] = [14, 11, 8, 5, 10, 7, 4, 6, 0, 13, 12];
    Shapes {
        full: by_row(ROWS, [0, 0, 0, 0, 0, ALL, ALL, ALL, 0, 0, 0]),
        drop_made: by_row(ROWS, [0, 0, 0, ALL, 0, 0, 0, ALL, 0, 0, 0]),
        kinds: by_row(
            ROWS,
            [
                0,
                1 << 10,
                2 << 10,
                2 << 10 | 1,
                3 << 10,
                6 << 10 | 3,
                6 << 10 | 1,
                6 << 10 | 3,
                7 << 10,
                7 << 10 | 1,
                7 << 10 | 3,
            ],
        ),
    }
};

/// The shapes of six cards, at rows: high card (111111) 12, one pair
/// (21111) 9, two pairs (2211) 6, three pairs (222) 3, trips (3111) 8,
/// full houses (321) 5 and (33) 4, quads (411) 14 and (42) 11. Six ranks
/// for a high card's five is one too many, as four singles for a pair's
/// three kickers are; three pairs keep two and take the third's rank as
/// the one kicker.
pub(crate) const SIX: Shapes = {
    const ROWS: [usize; 9] = [12, 9, 6, 3, 8, 5, 4, 14, 11];
    Shapes {
        full: by_row(ROWS, [0, 0, 0, 0, 0, ALL, ALL, 0, 0]),
        drop_made: by_row(ROWS, [0, 0, 0, ALL, 0, 0, ALL, 0, 0]),
        kinds: by_row(
            ROWS,
            [
                1,
                1 << 10 | 1,
                2 << 10 | 1,
                2 << 10 | 3,
                3 << 10 | 1,
                6 << 10 | 3,
                6 << 10 | 3,
                7 << 10 | 1,
                7 << 10 | 3,
            ],
        ),
    }
};

/// [`Shapes::kinds`] for straights and flushes, by `popcount(flush suit) + 8
/// [run]`: a flush (five to seven suited, no run) drops none, one or two
/// ranks; a straight (a run, at most four suited) or a straight flush
/// none.
const PLAIN_KINDS: [u16; 16] = {
    let mut t = [0; 16];
    t[5] = 5 << 10 | 3;
    t[6] = 5 << 10 | 1;
    t[7] = 5 << 10;
    let mut i = 8;
    while i < 16 {
        t[i] = if i < 13 {
            4 << 10
        } else {
            (STRAIGHT_FLUSH as u16) << 10
        } | 3;
        i += 1;
    }
    t
};

/// The value of 32 (or 16, or 1) hands of `N` cards (six or seven) as
/// `(hi, lo)` halves; with `CATEGORY`, the category index (0 high card ..
/// 9 royal flush) in `lo` instead. With `SHORT`, by short deck's rules:
/// the ace's low copy goes below the 6 rather than the 2 (where the 5 the
/// deck does not hold would be), and a flush's type and a full house's
/// trade places, as [`crate::Short`] values them.
pub(crate) struct Values<const N: usize, const CATEGORY: bool, const SHORT: bool = false>;

/// `v[0] op v[1] op ...` as a tree (for seven: `((a b) (c d)) ((e f) g)`),
/// so that the operations of one level run side by side.
#[inline(always)]
fn tree<V: Copy, const N: usize>(mut v: [V; N], op: impl Fn(V, V) -> V) -> V {
    let mut width = 1;
    while width < N {
        let mut i = 0;
        while i + width < N {
            v[i] = op(v[i], v[i + width]);
            i += 2 * width;
        }
        width *= 2;
    }
    v[0]
}

impl<const N: usize, const CATEGORY: bool, const SHORT: bool> Kernel<N>
    for Values<N, CATEGORY, SHORT>
{
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; N]) -> (L::V, L::V) {
        let shapes = match N {
            7 => &SEVEN,
            6 => &SIX,
            _ => panic!("six or seven cards"),
        };
        let bits = l.rank_bits(cards);
        let y = tree(bits, |a, b| l.or(a, b));
        let x = tree(bits, |a, b| l.xor(a, b));
        let sum = tree(bits, |a, b| l.add(a, b));
        let (flush, suited) = handeval_lanes::flush(l, cards, bits);
        let sums = Sums {
            y: l.shl::<GUARD>(y),
            x: l.shl::<GUARD>(x),
            sum: l.shl::<GUARD>(sum),
        };
        let count = l.popcnt(suited);
        let suited = l.shl::<GUARD>(suited);
        let ranks = l.select(flush, suited, sums.y);
        if !SHORT {
            return from_sums::<L, CATEGORY>(
                l,
                shapes,
                sums,
                flush,
                suited,
                count,
                low_ace(l, ranks),
            );
        }
        // The ace below the 6 (every rank one bit down: the 6 at bit 5),
        // and only the ace: the shift brings the ten to king down too.
        let ace = l.and(l.shr::<{ 12 + GUARD - 4 }>(ranks), l.splat(1 << 4));
        let runs = l.or(l.shr::<1>(ranks), ace);
        let (hi, lo) = from_sums::<L, CATEGORY>(l, shapes, sums, flush, suited, count, runs);
        if CATEGORY {
            return (hi, lo);
        }
        // Types 5 and 6 (flush, full house) trade places: 5 ^ 3 = 6.
        let kind = l.shr::<10>(hi);
        let swap = l.mor(l.eq(kind, l.splat(5)), l.eq(kind, l.splat(6)));
        (l.select(swap, l.xor(hi, l.splat(3 << 10)), hi), lo)
    }
}

/// A rank mask ([`GUARD`] bits up) one bit down from where a rank's bit
/// sits, with the ace copied to bit 0 below the 2: the wheel is a run of
/// five like the others. An OR of masks gives the OR of these, so an
/// enumeration keeps them as partial sums.
#[inline(always)]
pub(crate) fn low_ace<L: Lanes>(l: L, ranks: L::V) -> L::V {
    l.or(l.shr::<1>(ranks), l.shr::<{ 12 + GUARD }>(ranks))
}

/// [`low_ace`] of one rank mask.
pub(crate) const fn low_ace_of(ranks: u16) -> u16 {
    ranks >> 1 | ranks >> (12 + GUARD)
}

/// The OR, XOR and SUM (wrapping) of a seven-card hand's rank bits, per
/// lane, each rank [`GUARD`] bits up.
#[derive(Clone, Copy)]
pub(crate) struct Sums<V> {
    pub(crate) y: V,
    pub(crate) x: V,
    pub(crate) sum: V,
}

/// The value of seven cards from their rank bits' [`Sums`], their flush
/// (whether a suit holds five, that suit's ranks, [`GUARD`] bits up, and
/// how many cards it holds; the count may be anything up to four without a
/// flush) and the ranks to search for runs ([`low_ace`] of the flush's
/// ranks if there is one, else of all): steps 2 to 6 of [`SevenSimd`], shared by the batch
/// kernel, which sums the cards it loads, and the enumeration
/// ([`crate::enumerate`]), which adds the inner cards' precomputed sums to
/// the outer cards'.
#[inline(always)]
pub(crate) fn from_sums<L: Lanes, const CATEGORY: bool>(
    l: L,
    shapes: &Shapes,
    Sums { y, x, sum }: Sums<L::V>,
    flush: L::M,
    suited: L::V,
    suited_count: L::V,
    runs: L::V,
) -> (L::V, L::V) {
    let z = l.xor(y, x);
    let three_up = l.shr::<1>(l.sub(l.sub(sum, y), z));
    let quads = l.and(three_up, z);
    let has_quads = l.nonzero(quads);
    let row = l.add(l.popcnt(y), l.popcnt(x));
    let row = l.add_where(has_quads, row, l.splat(9));

    // One run search: on the flush's ranks where there is a flush (a
    // straight flush, or else a flush beats any straight), else on all.
    let m = runs;
    let pairs_in_row = l.and(m, l.shr::<1>(m));
    let bottoms = l.and3(pairs_in_row, l.shr::<2>(pairs_in_row), l.shr::<4>(m));
    let has_run = l.nonzero(bottoms);
    // At most three bottoms, consecutive (eight bits hold one run of
    // runs): the highest is the one whose upper neighbour is clear.
    let top = l.andnot(bottoms, l.shr::<1>(bottoms));
    let run = l.mul(top, l.splat(62));

    // Made: the trips, or else the pairs (trips beside pairs are a full
    // house's); without the lowest of three pairs or two trips; the quads
    // over all, and nothing for a straight or a flush (which hold no
    // quads among seven cards).
    let full = l.lookup16(row, &shapes.full);
    // Trips (`three_up & x`), or pairs (`z` without `three_up`) unless a
    // full house's.
    let made = l.bitselect(three_up, x, l.andnot(z, full));
    let lower = l.sub(made, l.splat(1));
    let made = l.and_or_not(made, lower, l.lookup16(row, &shapes.drop_made));
    let plain = l.mor(flush, has_run);
    let made = l.select(l.mor(has_quads, plain), quads, made);
    // The kickers' pool: every other rank held, or for a full house every
    // other rank held twice or more (the singles, `x` without trips, out).
    let singles = l.and_andnot(x, full, three_up);
    let pool = l.xor_andnot(y, singles, made);
    let kind = l.lookup16(row, &shapes.kinds);

    // Straights and flushes overwrite the rest (none of them is a full
    // house or quads among seven cards).
    let at = l.add_where(has_run, suited_count, l.splat(8));
    let kind = l.select(plain, l.lookup16(at, &PLAIN_KINDS), kind);
    let pool = l.select(flush, suited, pool);
    let pool = l.select(has_run, run, pool);
    let guarded = l.or_and(pool, kind, l.splat(3));
    let rest = l.drop_lowest(l.drop_lowest(guarded));

    if CATEGORY {
        let broadway = l.splat((BROADWAY as u16) << GUARD);
        let royal = l.mand(l.mand(flush, has_run), l.eq(run, broadway));
        return (l.splat(0), l.add(l.shr::<10>(kind), l.flag(royal, 1)));
    }
    let hi = l.or_and(l.shr::<{ 3 + GUARD }>(made), kind, l.splat(!3));
    let lo = l.or(l.shl::<{ 13 - GUARD }>(made), l.shr::<GUARD>(rest));
    (hi, lo)
}

handeval_lanes::simd_paths!(mod paths: Values<7, false>, Hand7);
handeval_lanes::simd_paths!(mod kinds: Values<7, true>, Hand7);
handeval_lanes::simd_paths!(mod rows7: Values<7, false>, [u8; 7]);

impl BestFive<Hand7> for SevenSimd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/seven-simd",
        summary: "DeadHorseEval for seven cards across hands: OR, XOR, SUM and suit counters in 16-bit lanes, every type computed and selected, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<crate::Seven as BestFive<Hand7>>::META.name),
        table_bytes: 0,
        card_table_bytes: 0,
    };
    const INCREMENTAL: Option<handeval_core::Incremental> = Some(handeval_core::incremental!(
        "partial sums",
        crate::enumerate::seven_cards,
        crate::enumerate::path
    ));
    type Five = crate::Tuned;

    handeval_lanes::simd_evaluator!(
        SevenSimd: BestFive<Hand7>,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(avx512: kinds::avx512, avx2: kinds::avx2, portable: kinds::portable)
    );

    /// The kernel reads the rows' bytes as it reads a hand's (a row need
    /// not be copied into a [`Hand7`] first).
    fn strengths_of_rows(rows: &[u8], out: &mut [u32]) -> bool {
        fn values(rows: &[[u8; 7]], out: &mut [u32]) {
            handeval_core::simd_batches!(@dispatch [u8; 7], rows, out, rows7::avx512, rows7::avx2, rows7::portable);
        }
        let (rows, rest) = rows.as_chunks::<7>();
        assert!(
            rest.is_empty() && rows.len() == out.len(),
            "one output slot per row"
        );
        values(rows, out);
        true
    }
}

/// [`crate::Short`] across hands: [`SevenSimd`]'s kernel with short deck's
/// lowest straight and order, on seven short-deck cards.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortSimd;

handeval_lanes::simd_paths!(mod paths_short: Values<7, false, true>, handeval_core::Short7, records);
handeval_lanes::simd_paths!(mod kinds_short: Values<7, true, true>, handeval_core::Short7, records);

impl BestFive<handeval_core::Short7> for ShortSimd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/short-simd",
        summary: "DeadHorseEval for short deck across hands: the seven-card kernel with A-6-7-8-9 the lowest straight and a flush above a full house, AVX-512 or AVX2",
        derived_from: Some(<crate::Short as BestFive<handeval_core::Short7>>::META.name),
        ..<SevenSimd as BestFive<Hand7>>::META
    };
    const INCREMENTAL: Option<handeval_core::Incremental> = None;
    type Five = crate::ShortFive;

    handeval_lanes::simd_evaluator!(
        ShortSimd: BestFive<handeval_core::Short7>,
        values(avx512: paths_short::avx512, avx2: paths_short::avx2, portable: paths_short::portable),
        categories(avx512: kinds_short::avx512, avx2: kinds_short::avx2, portable: kinds_short::portable)
    );
}

/// [`SevenSimd`]'s kernel on six cards: the same steps, with the shape
/// tables of six cards (the module's `SIX`, beside seven cards' `SEVEN`).
#[derive(Clone, Copy, Debug, Default)]
pub struct SixSimd;

handeval_lanes::simd_paths!(mod paths6: Values<6, false>, Hand6);
handeval_lanes::simd_paths!(mod kinds6: Values<6, true>, Hand6);
handeval_lanes::simd_paths!(mod rows6: Values<6, false>, [u8; 6]);

impl BestFive<Hand6> for SixSimd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/six-simd",
        summary: "DeadHorseEval for six cards across hands: the seven-card kernel's OR, XOR, SUM and suit counters with six cards' shape tables, AVX-512 or AVX2",
        derived_from: Some(<crate::Six as BestFive<Hand6>>::META.name),
        ..<SevenSimd as BestFive<Hand7>>::META
    };
    type Five = crate::Tuned;

    handeval_lanes::simd_evaluator!(
        SixSimd: BestFive<Hand6>,
        values(avx512: paths6::avx512, avx2: paths6::avx2, portable: paths6::portable),
        categories(avx512: kinds6::avx512, avx2: kinds6::avx2, portable: kinds6::portable)
    );

    /// As [`SevenSimd`]'s: the rows' bytes read as a hand's.
    fn strengths_of_rows(rows: &[u8], out: &mut [u32]) -> bool {
        fn values(rows: &[[u8; 6]], out: &mut [u32]) {
            handeval_core::simd_batches!(@dispatch [u8; 6], rows, out, rows6::avx512, rows6::avx2, rows6::portable);
        }
        let (rows, rest) = rows.as_chunks::<6>();
        assert!(
            rest.is_empty() && rows.len() == out.len(),
            "one output slot per row"
        );
        values(rows, out);
        true
    }
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
