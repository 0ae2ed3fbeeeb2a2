//! The same algorithm, branch-light, with hardware popcount.

use handeval_core::{CardTable, Category, Evaluator, Hand, Role};

use crate::{Fields, WHEEL, card, category_of};

/// DeadHorseEval made fast. See the [crate documentation](crate).
///
/// What changed from [`crate::Readme`], each replacement exactly equivalent:
///
/// - **Straight**: `32624896 % y == 0` becomes `y >> trailing_zeros(y) == 31
///   || y == 0x100F`: a shift instead of a 30-cycle division. Equivalent on
///   every possible `y` with two or more ranks (all 8,191 values are checked in
///   `tests/deadhorse.rs`); and when `y` has fewer than five ranks neither form
///   fires, so it needs no guard.
/// - **Flush**: `65536 % suits == 0` becomes `a & b & c & d & e != 0`
///   (upstream's own later form): five cards can share a suit bit but never a
///   rank bit, since a rank has four cards. Checked over every hand by the
///   differential tests.
/// - **Trip rank**: upstream searches pairs of cards for a shared rank. Here
///   the algorithm's own arithmetic sum gives it directly: with rank parts
///   summing to `S = 3t + k1 + k2` and `y = t + k1 + k2` (distinct bits), `t =
///   (S - y) / 2`. No branches, and no way to confuse a suit for a rank.
/// - **No branches on the hand type**: the type comes from a 4-bit lookup by
///   the popcount sum plus the straight, flush and quads flags, and the two
///   rank fields from selects: `x | z << 13` serves pair, two pair, quads,
///   high card, straight and flush alike; only trips and the full house differ.
/// - **Room for the sum**: the card keeps its 13 rank bits but its suit bit
///   moves from bits 13..16 up to bits 16..19. The five rank parts sum to less
///   than 2^15, so the plain sum of the five whole cards carries nothing into
///   the suits and `(a + b + c + d + e) & 0xFFFF` is the rank sum: one mask
///   instead of five.
/// - **Hardware popcount**: the batch loops run under `popcnt` when the CPU has
///   it (checked once per batch); the single-hand functions compile for the
///   baseline target, where `count_ones` is a short bit-twiddle.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tuned;

/// Hand type by popcount sum, one nibble per sum: 3 full house (6; quads add
/// one), 4 two pair (2), 6 trips (3), 7 pair (1), 10 five distinct ranks (0;
/// straight and flush added later).
const TYPE_BY_SUM: u64 = 6 << 12 | 2 << 16 | 3 << 24 | 1 << 28;

impl Tuned {
    #[inline(always)]
    fn evaluate(cards: [u32; 5]) -> u32 {
        let [a, b, c, d, e] = cards;
        let fields @ Fields { y, x, .. } = Fields::of(cards);
        let z = y ^ x;
        let sum = (a + b + c + d + e) & 0xFFFF;
        let pattern = fields.popcount_sum();

        let straight = y >> y.trailing_zeros() == 31 || y == WHEEL;
        let flush = a & b & c & d & e != 0;
        let quads = pattern == 3 && sum - x == z << 2;
        let trips = pattern == 6;
        let full_house = pattern == 3 && !quads;

        // The mask keeps the shift in range even for encodings no hand produces.
        let kind = ((TYPE_BY_SUM >> ((4 * pattern) & 63)) & 15) as u32
            + u32::from(quads)
            + 4 * u32::from(straight)
            + 5 * u32::from(flush)
            - u32::from(straight & flush);

        let trip = (sum - y) >> 1;
        let (important, rest) = if trips {
            (trip, y ^ trip)
        } else if full_house {
            (x, z)
        } else {
            (z, if y == WHEEL { 0xF } else { x })
        };
        kind << 26 | important << 13 | rest
    }
}

/// The tuned card: the rank bit as upstream's, the suit bit moved up to 16..19.
const CARDS: CardTable<u32> =
    handeval_core::card_table!(u32, |c| (card(c) >> 13) << 16 | 1 << c.rank().index());

impl Evaluator for Tuned {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/tuned",
        summary: "DeadHorseEval made branch-light: shift straight test, AND flush test, sum-derived trip rank, popcnt",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Readme as Evaluator>::META.name),
        table_bytes: 0,
        card_table_bytes: CardTable::<u32>::BYTES,
    };

    type Encoded = [u32; 5];
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> [u32; 5] {
        CARDS.of_hand(hand)
    }

    #[inline(always)]
    fn category(cards: [u32; 5]) -> Category {
        category_of(Self::evaluate(cards))
    }

    #[inline(always)]
    fn strength(cards: [u32; 5]) -> u32 {
        Self::evaluate(cards)
    }

    #[inline(always)]
    fn class_of(value: u32) -> Option<u16> {
        Some(crate::class::class_of(value))
    }

    fn classes_of(values: &[u32], out: &mut [u16]) -> bool {
        crate::class::classes_of(values, out);
        true
    }

    handeval_core::target_feature_batches!(Tuned, "popcnt");
}
