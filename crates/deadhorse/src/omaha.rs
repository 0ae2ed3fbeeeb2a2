//! Omaha without tables and without trying the 60 fives: DeadHorseEval's
//! OR, XOR and SUM, taken over the hole and over the board apart.

use handeval_core::bits::BROADWAY;
use handeval_core::{BestFive, Omaha4, Omaha5, Omaha6, Role};
use handeval_lanes::{Kernel, Lanes};

use crate::STRAIGHT_FLUSH;

/// DeadHorseEval for Omaha, table-free and direct: the best five of two
/// hole and three board cards from rank masks of each part, never from the
/// 60 fives. See the [crate documentation](crate#omaha) for the method and
/// a hand worked through it.
///
/// Run on plain integers, one hand at a time: the very kernel
/// [`OmahaSimd`] runs across 16 or 32 hands (its portable path).
#[derive(Clone, Copy, Debug, Default)]
pub struct Omaha;

/// [`Omaha`]'s kernel across hands: 32 Omaha hands per AVX-512 vector, 16
/// per AVX2 vector, in 16-bit lanes, every type computed and the strongest
/// present selected, with no branch and no memory read but the cards.
#[derive(Clone, Copy, Debug, Default)]
pub struct OmahaSimd;

/// The rank masks of a part of the hand by how many of its cards hold
/// each rank, from its OR `y`, XOR `x` and SUM: `one` (at least one card),
/// `two` (at least two), `three` (at least three).
struct Counts<V> {
    one: V,
    two: V,
    three: V,
}

/// [`Counts`] of the cards with rank bits `bits`. As for seven cards, `z =
/// y ^ x` holds the ranks held two or four times and `(sum - y - z) >> 1`
/// those held three or four (see the crate docs).
#[inline(always)]
fn counts<L: Lanes>(l: L, bits: &[L::V]) -> Counts<L::V> {
    let (mut y, mut x, mut sum) = (l.splat(0), l.splat(0), l.splat(0));
    for &bit in bits {
        y = l.or(y, bit);
        x = l.xor(x, bit);
        sum = l.add(sum, bit);
    }
    let z = l.xor(y, x);
    let three = l.shr::<1>(l.sub(l.sub(sum, y), z));
    Counts {
        one: y,
        two: l.or(z, three),
        three,
    }
}

/// The `keep` highest ranks of `a`, for `a` with at most two more.
#[inline(always)]
fn top<L: Lanes>(l: L, a: L::V, keep: u16) -> L::V {
    l.keep_highest(a, l.splat(keep))
}

/// [`top`] for `a` with at most `extra` more (a mask of hole ranks: four
/// hole cards hold two ranks more than the two a five takes, five hold
/// three): the lowest dropped while more than two are too many.
#[inline(always)]
fn top_of<L: Lanes>(l: L, mut a: L::V, keep: u16, extra: usize) -> L::V {
    for _ in 2..extra {
        a = l.select(l.ge(l.popcnt(a), l.splat(keep + 3)), l.drop_lowest(a), a);
    }
    l.keep_highest(a, l.splat(keep))
}

/// The highest rank of a mask of ranks the hole holds twice (alone or
/// matched on the board): at most two ranks with five hole cards or fewer,
/// where [`Lanes::highest_of_two`] is enough, and three with six.
#[inline(always)]
fn highest_held<L: Lanes>(l: L, a: L::V, extra: usize) -> L::V {
    if extra > 3 {
        l.highest(a)
    } else {
        l.highest_of_two(a)
    }
}

/// `a` without the ranks of `b`. (No closures in a kernel: a closure is
/// compiled without the caller's target features.)
#[inline(always)]
fn without<L: Lanes>(l: L, a: L::V, b: L::V) -> L::V {
    l.and(a, l.xor(b, l.splat(0x1FFF)))
}

/// `m` with the ace copied below the 2: bit 0 the ace, bit `r + 1` rank `r`.
#[inline(always)]
fn low_ace<L: Lanes>(l: L, m: L::V) -> L::V {
    l.or(l.shl::<1>(m), l.shr::<12>(m))
}

/// `m >> 0 .. m >> 4`: at bit `p`, the five ranks of the run from `p`.
#[inline(always)]
fn window<L: Lanes>(l: L, m: L::V) -> [L::V; 5] {
    [
        m,
        l.shr::<1>(m),
        l.shr::<2>(m),
        l.shr::<3>(m),
        l.shr::<4>(m),
    ]
}

/// The highest window of five ranks in a row (the wheel `A2345` the lowest)
/// that two of `hole`'s ranks and three of `board`'s make: as a rank mask,
/// the wheel as `0xF` (its ace dropped, as [`crate::Tuned`] values it), or
/// 0 where there is none.
///
/// A window `W` is made exactly when every rank of `W` is in `hole | board`,
/// at least two are in `hole` and at least three on `board`: then the ranks
/// missing from the board (at most two) come from the hole, and the hole
/// fills up to two from the ranks in both. Counted in every window at once
/// by shifting: with the ace copied below the 2 (bit 0), bit `p` of `m >>
/// k` is rank `p + k` of the run starting at `p`, so `m >> 0 .. m >> 4` are
/// the window's five ranks, and an OR/AND chain counts how many are held.
#[inline(always)]
fn run<L: Lanes>(l: L, hole: L::V, board: L::V) -> L::V {
    let (h, b) = (low_ace(l, hole), low_ace(l, board));
    let (hs, bs, us) = (window(l, h), window(l, b), window(l, l.or(h, b)));
    // At least two of the window's ranks in the hole, at least three on
    // the board, all five in one or the other.
    let (mut h1, mut h2) = (hs[0], l.splat(0));
    let (mut b1, mut b2, mut b3) = (bs[0], l.splat(0), l.splat(0));
    let mut all = us[0];
    for k in 1..5 {
        h2 = l.or(h2, l.and(h1, hs[k]));
        h1 = l.or(h1, hs[k]);
        b3 = l.or(b3, l.and(b2, bs[k]));
        b2 = l.or(b2, l.and(b1, bs[k]));
        b1 = l.or(b1, bs[k]);
        all = l.and(all, us[k]);
    }
    let bottom = l.highest(l.and(all, l.and(h2, b3)));
    // Bottom bit `p` is the run `31 << p` with the low ace, one bit up
    // from its ranks: the wheel's `0x1F` becomes `0xF`.
    l.shr::<1>(l.sub(l.shl::<5>(bottom), bottom))
}

/// One type's fields: the made ranks (`important` in upstream's layout)
/// and the kept ones (the kickers, or the whole run or flush).
#[derive(Clone, Copy)]
struct Made<V> {
    made: V,
    rest: V,
}

/// The value of 32 (or 16, or 1) Omaha hands of `N` cards (four to six
/// hole cards, then the board's five) as `(hi, lo)` halves of
/// [`crate::Tuned`]'s `type << 26 | made << 13 | rest` for the best five;
/// with `CATEGORY`, the category index in `lo` instead.
struct ValuesOmaha<const N: usize, const CATEGORY: bool>;

impl<const N: usize, const CATEGORY: bool> Kernel<N> for ValuesOmaha<N, CATEGORY> {
    #[inline(always)]
    #[allow(
        clippy::similar_names,
        clippy::too_many_lines,
        reason = "one straight-line kernel; names follow the crate docs' table"
    )]
    fn run<L: Lanes>(l: L, cards: [L::V; N]) -> (L::V, L::V) {
        // How many more ranks than two a mask of hole ranks may hold: the
        // masks of hole ranks (and of ranks split between hole and board)
        // take `top_of` with this.
        let extra = N - 7;
        let bits = l.rank_bits(cards);
        let hole = counts(l, &bits[..N - 5]);
        let board = counts(l, &bits[N - 5..]);
        let (hy, by) = (hole.one, board.one);
        // Ranks in both parts: a pair split between hole and board.
        let split = l.and(hy, by);
        let zero = l.splat(0);

        // High card: the two highest hole ranks and the three highest board
        // ranks (all five differ, or there is a pair).
        let high = Made {
            made: zero,
            rest: l.or(top_of(l, hy, 2, extra), top(l, by, 3)),
        };

        // One pair, from the hole (`hole.two`), the board (`board.two`) or
        // split; the highest pair made, and the kickers its way of being
        // made leaves: a hole pair plays three board cards, a board pair
        // two hole cards and one more board card, a split pair one more
        // hole card and two more board cards.
        let pair = l.highest(l.or(l.or(hole.two, board.two), split));
        let from_hole = l.test(pair, hole.two);
        let from_board = l.test(pair, board.two);
        let split_rest = l.or(
            l.highest(without(l, hy, pair)),
            top(l, without(l, by, pair), 2),
        );
        let board_rest = l.or(top_of(l, hy, 2, extra), l.highest(without(l, by, pair)));
        let one_pair = Made {
            made: pair,
            rest: l.select(
                from_hole,
                top(l, by, 3),
                l.select(from_board, board_rest, split_rest),
            ),
        };
        let has_pair = l.nonzero(pair);

        // Two pair: a hole pair and a board pair, or two split pairs (one
        // more board card), or a board pair and a split pair (one more hole
        // card). The made pairs differ between the ways, so the highest made
        // mask decides; the kicker follows it.
        let board_pair = l.highest_of_two(board.two);
        let hole_pair = highest_held(l, hole.two, extra);
        let split_pair = l.highest(split);
        // With a board pair: the better of a hole pair (board kicker) and a
        // split pair (hole kicker).
        let other = l.max(hole_pair, split_pair);
        let with_board = Made {
            made: l.keep(l.nonzero(board_pair), l.or(board_pair, other)),
            rest: l.select(
                l.eq(other, hole_pair),
                l.highest(without(l, by, board_pair)),
                l.highest(without(l, hy, split_pair)),
            ),
        };
        let with_board = Made {
            made: l.keep(l.nonzero(other), with_board.made),
            ..with_board
        };
        let two_split = top_of(l, split, 2, extra);
        let two_splits = Made {
            made: l.keep(l.nonzero(l.drop_lowest(split)), two_split),
            rest: l.highest(without(l, by, two_split)),
        };
        let split_wins = l.eq(l.max(two_splits.made, with_board.made), two_splits.made);
        let two_pair = Made {
            made: l.select(split_wins, two_splits.made, with_board.made),
            rest: l.select(split_wins, two_splits.rest, with_board.rest),
        };
        let has_two_pair = l.nonzero(two_pair.made);

        // Trips: a hole pair and one board card, one hole card and a board
        // pair, or three board cards; the kickers are whatever that leaves
        // room for (two more board cards, one of each, two hole cards).
        let hole_made = l.and(hole.two, by);
        let board_made = l.and(hy, board.two);
        let trip = l.highest(l.or(l.or(hole_made, board_made), board.three));
        let on_board = l.test(trip, board.three);
        let one_each = l.test(trip, board.two);
        let trips = Made {
            made: trip,
            rest: l.select(
                on_board,
                top_of(l, without(l, hy, trip), 2, extra),
                l.select(
                    one_each,
                    l.or(
                        l.highest(without(l, hy, trip)),
                        l.highest(without(l, by, trip)),
                    ),
                    top(l, without(l, by, trip), 2),
                ),
            ),
        };
        let has_trips = l.nonzero(trip);

        // The flush: the board names the one suit that can have three of
        // its cards; the hole needs two of that suit.
        let (has_flush, hole_suited, board_suited) = handeval_lanes::omaha_flush(l, cards, bits);
        let flush = l.or(top_of(l, hole_suited, 2, extra), top(l, board_suited, 3));
        // One run search: on the flush suit's ranks where there is a flush
        // (a straight flush, or else the flush beats any straight), on all
        // ranks otherwise.
        let straight = run(
            l,
            l.select(has_flush, hole_suited, hy),
            l.select(has_flush, board_suited, by),
        );
        let has_straight = l.nonzero(straight);
        let has_straight_flush = l.mand(has_flush, has_straight);

        // Full house: board trips and a hole pair; a hole pair matched on
        // the board and a board pair; or one hole card matching a board
        // pair and another matching a board card. Without quads the three
        // ways make different trips, so the highest trip decides.
        let trips_a = board.three;
        let pair_a = highest_held(l, without(l, hole.two, trips_a), extra);
        let trips_b = highest_held(l, hole_made, extra);
        let pair_b = l.highest_of_two(without(l, board.two, trips_b));
        let trips_c = l.highest_of_two(board_made);
        let pair_c = l.highest(without(l, split, trips_c));
        let a = l.keep(l.nonzero(pair_a), trips_a);
        let b = l.keep(l.nonzero(pair_b), trips_b);
        let c = l.keep(l.nonzero(pair_c), trips_c);
        let full_trip = l.max(l.max(a, b), c);
        let full_house = Made {
            made: full_trip,
            rest: l.select(
                l.eq(full_trip, a),
                pair_a,
                l.select(l.eq(full_trip, b), pair_b, pair_c),
            ),
        };
        let has_full_house = l.nonzero(full_trip);

        // Quads: one hole card and three board cards (a hole kicker), or
        // two and two (a board kicker).
        // At most two ranks: a board of five holds a rank three times and
        // another twice at most.
        let quad = l.highest_of_two(l.or(l.and(hy, board.three), l.and(hole.two, board.two)));
        let quads = Made {
            made: quad,
            rest: l.select(
                l.test(quad, board.three),
                l.highest(without(l, hy, quad)),
                l.highest(without(l, by, quad)),
            ),
        };
        let has_quads = l.nonzero(quad);

        // The strongest type present overwrites the weaker ones.
        let mut kind = l.splat(0);
        let mut best = high;
        for (has, k, made) in [
            (has_pair, 1, one_pair),
            (has_two_pair, 2, two_pair),
            (has_trips, 3, trips),
            (
                has_straight,
                4,
                Made {
                    made: zero,
                    rest: straight,
                },
            ),
            (
                has_flush,
                5,
                Made {
                    made: zero,
                    rest: flush,
                },
            ),
            (has_full_house, 6, full_house),
            (has_quads, 7, quads),
            (
                has_straight_flush,
                STRAIGHT_FLUSH as u16,
                Made {
                    made: zero,
                    rest: straight,
                },
            ),
        ] {
            kind = l.select(has, l.splat(k), kind);
            best = Made {
                made: l.select(has, made.made, best.made),
                rest: l.select(has, made.rest, best.rest),
            };
        }
        if CATEGORY {
            let royal = l.mand(has_straight_flush, l.eq(straight, l.splat(BROADWAY as u16)));
            return (zero, l.add(kind, l.flag(royal, 1)));
        }
        let hi = l.or(l.shl::<10>(kind), l.shr::<3>(best.made));
        let lo = l.or(l.shl::<13>(best.made), best.rest);
        (hi, lo)
    }
}

handeval_lanes::simd_paths!(mod paths: ValuesOmaha<9, false>, Omaha4, records);
handeval_lanes::simd_paths!(mod kinds: ValuesOmaha<9, true>, Omaha4, records);
handeval_lanes::simd_paths!(mod paths5: ValuesOmaha<10, false>, Omaha5, records);
handeval_lanes::simd_paths!(mod kinds5: ValuesOmaha<10, true>, Omaha5, records);
handeval_lanes::simd_paths!(mod paths6: ValuesOmaha<11, false>, Omaha6, records);
handeval_lanes::simd_paths!(mod kinds6: ValuesOmaha<11, true>, Omaha6, records);

impl BestFive<Omaha4> for Omaha {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/omaha",
        summary: "DeadHorseEval for Omaha, table-free and direct: OR, XOR and SUM of the hole and of the board, the best five of two and three from rank masks, never the 60 fives",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Seven as BestFive<handeval_core::Hand7>>::META.name),
        table_bytes: 0,
        card_table_bytes: 0,
    };

    type Five = crate::Tuned;
    type Strength = u32;

    #[inline]
    fn category(hand: &Omaha4) -> handeval_core::Category {
        let mut out = [0];
        kinds::portable(core::slice::from_ref(hand), &mut out);
        handeval_core::Category::from_index_masked(out[0] as usize)
    }

    #[inline]
    fn strength(hand: &Omaha4) -> u32 {
        let mut out = [0];
        paths::portable(core::slice::from_ref(hand), &mut out);
        out[0]
    }

    fn strengths(hands: &[Omaha4], out: &mut [u32]) {
        paths::portable(hands, out);
    }
}

impl BestFive<Omaha4> for OmahaSimd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/omaha-simd",
        summary: "DeadHorseEval for Omaha across hands: the direct table-free kernel in 16-bit lanes, every type computed and selected, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<Omaha as BestFive<Omaha4>>::META.name),
        table_bytes: 0,
        card_table_bytes: 0,
    };

    type Five = crate::Tuned;

    handeval_lanes::simd_evaluator!(
        OmahaSimd: BestFive<Omaha4>,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(avx512: kinds::avx512, avx2: kinds::avx2, portable: kinds::portable)
    );
}

/// A direct kernel of Omaha with more hole cards, scalar and across hands:
/// [`Omaha`]'s and [`OmahaSimd`]'s very kernel on its hand size.
macro_rules! more_hole_cards {
    ($(#[$scalar_doc:meta])* $scalar:ident, $(#[$simd_doc:meta])* $simd:ident,
        $game:ty, $paths:ident, $kinds:ident,
        $name:literal, $summary:literal, $simd_name:literal, $simd_summary:literal) => {
        $(#[$scalar_doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $scalar;

        $(#[$simd_doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $simd;

        impl BestFive<$game> for $scalar {
            const META: handeval_core::Meta = handeval_core::Meta {
                name: $name,
                summary: $summary,
                derived_from: Some(<Omaha as BestFive<Omaha4>>::META.name),
                ..<Omaha as BestFive<Omaha4>>::META
            };

            type Five = crate::Tuned;
            type Strength = u32;

            #[inline]
            fn category(hand: &$game) -> handeval_core::Category {
                let mut out = [0];
                $kinds::portable(core::slice::from_ref(hand), &mut out);
                handeval_core::Category::from_index_masked(out[0] as usize)
            }

            #[inline]
            fn strength(hand: &$game) -> u32 {
                let mut out = [0];
                $paths::portable(core::slice::from_ref(hand), &mut out);
                out[0]
            }

            fn strengths(hands: &[$game], out: &mut [u32]) {
                $paths::portable(hands, out);
            }
        }

        impl BestFive<$game> for $simd {
            const META: handeval_core::Meta = handeval_core::Meta {
                name: $simd_name,
                summary: $simd_summary,
                derived_from: Some(<$scalar as BestFive<$game>>::META.name),
                ..<OmahaSimd as BestFive<Omaha4>>::META
            };

            type Five = crate::Tuned;

            handeval_lanes::simd_evaluator!(
                $simd: BestFive<$game>,
                values(avx512: $paths::avx512, avx2: $paths::avx2, portable: $paths::portable),
                categories(avx512: $kinds::avx512, avx2: $kinds::avx2, portable: $kinds::portable)
            );
        }
    };
}

more_hole_cards!(
    /// [`Omaha`]'s kernel on five-card Omaha (PLO5): the same rank masks of
    /// the hole and of the board, the hole's masks holding up to three ranks
    /// more than a five takes instead of two; never the 100 fives.
    Plo5,
    /// [`Plo5`] across hands, as [`OmahaSimd`] is [`Omaha`] across hands.
    Plo5Simd,
    Omaha5,
    paths5,
    kinds5,
    "deadhorse/omaha5",
    "DeadHorseEval for five-card Omaha, table-free and direct: the Omaha kernel with five hole cards, never the 100 fives",
    "deadhorse/omaha5-simd",
    "DeadHorseEval for five-card Omaha across hands: the direct table-free kernel in 16-bit lanes, AVX-512 or AVX2"
);

more_hole_cards!(
    /// [`Omaha`]'s kernel on six-card Omaha (PLO6): the hole's masks hold up
    /// to four ranks more than a five takes, and its pairs up to three ranks,
    /// so their highest is found in general; never the 150 fives.
    Plo6,
    /// [`Plo6`] across hands, as [`OmahaSimd`] is [`Omaha`] across hands.
    Plo6Simd,
    Omaha6,
    paths6,
    kinds6,
    "deadhorse/omaha6",
    "DeadHorseEval for six-card Omaha, table-free and direct: the Omaha kernel with six hole cards, never the 150 fives",
    "deadhorse/omaha6-simd",
    "DeadHorseEval for six-card Omaha across hands: the direct table-free kernel in 16-bit lanes, AVX-512 or AVX2"
);
