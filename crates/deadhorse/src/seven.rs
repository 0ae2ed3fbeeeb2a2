//! DeadHorseEval's idea finished for seven cards: per-rank counts from one
//! sum, one OR and one XOR of the seven cards.

use handeval_core::bits::{highest, keep_highest};
use handeval_core::{BestFive, CardTable, Category, Hand, Hand6, Hand7, Role};

use crate::{RANKS, STRAIGHT_FLUSH, WHEEL, category_of};

/// DeadHorseEval for seven cards, table-free. See the [crate documentation](crate#seven-cards).
#[derive(Clone, Copy, Debug, Default)]
pub struct Seven;

/// [`Seven`]'s evaluation of six cards: the same sum, OR and XOR of the
/// cards (the counts per rank come out of them for any number of cards up
/// to seven, and a suit counter still reaches its flag at five).
#[derive(Clone, Copy, Debug, Default)]
pub struct Six;

/// The seven-card card: rank bit `1 << rank` (2 = bit 0) and a suit
/// counter, 1 in the suit's nibble at bits `16 + 4 * suit`.
const CARDS7: CardTable<u32> = handeval_core::card_table!(u32, |c| 1
    << (16 + 4 * c.suit().index() as u32)
    | 1 << c.rank().index());

/// Added to the summed suit counters so that a nibble reaches 8 (its top
/// bit) exactly when its suit has five or more of the seven cards.
const FLUSH_BIAS: u32 = 0x3333 << 16;
/// The top bit of every suit nibble.
const FLUSH_BITS: u32 = 0x8888 << 16;

/// All ones if `flag`, else zero: for selecting without a branch (LLVM
/// turns an `if` between two values into a jump as readily as a `cmov`).
#[inline(always)]
const fn mask(flag: bool) -> u32 {
    0u32.wrapping_sub(flag as u32)
}

/// Short deck's lowest straight, A-6-7-8-9, as a rank mask.
pub(crate) const SHORT_WHEEL: u32 = 1 << 12 | 0xF << 4;

/// The rank mask of the highest five-card run in `ranks`, the lowest
/// straight with its ace one below the deck's lowest rank (the wheel as
/// tuned's `0xF`, the ace dropped below the 2, under the six-high run;
/// short deck's A-6-7-8-9 as `0xF8`, the ace read as the 5 the deck does
/// not hold, under 6-7-8-9-T), or 0 when there is none.
#[inline(always)]
pub(crate) const fn straight<const SHORT: bool>(ranks: u32) -> u32 {
    // A bit at the bottom of every five ranks in a row; the highest one's
    // run is five bits up from it.
    let bottoms = ranks & ranks >> 1 & ranks >> 2 & ranks >> 3 & ranks >> 4;
    let run = highest(bottoms) * 0b1_1111;
    let (lowest, dropped) = if SHORT {
        (SHORT_WHEEL, 0x1F << 3)
    } else {
        (WHEEL, 0xF)
    };
    let wheel = dropped & mask(ranks & lowest == lowest);
    run | (wheel & mask(run == 0))
}

/// The type a value carries for the standard type `kind`: the same, but
/// in short deck a flush (5) and a full house (6) trade places, as the
/// rules' order has them. It is its own inverse, so it also reads a
/// value's type back as the category's index.
#[inline(always)]
pub(crate) const fn kind_of<const SHORT: bool>(kind: u32) -> u32 {
    if SHORT && (kind == 5 || kind == 6) {
        kind ^ 3
    } else {
        kind
    }
}

/// The category of a value of the standard game's or short deck's kernel.
#[inline(always)]
pub(crate) fn category_by<const SHORT: bool>(value: u32) -> Category {
    let royal = u32::from(value == STRAIGHT_FLUSH << 26 | handeval_core::bits::BROADWAY);
    Category::from_index_masked((kind_of::<SHORT>(value >> 26) + royal) as usize)
}

/// Evaluates five to seven cards into [`crate::Tuned`]'s value of the best
/// five; with `SHORT`, by short deck's rules (the same value layout, the
/// lowest straight A-6-7-8-9, a flush's type above a full house's).
///
/// The common hands (high card, one or two pairs, trips: nine in ten of all
/// seven-card hands) share one branch-free path: in a shuffled stream their
/// type is unpredictable, and a mispredicted branch costs more than the
/// arithmetic. The rest (straights, flushes, full houses, quads) take a
/// branch that is rarely taken.
#[inline(always)]
pub(crate) fn evaluate<const N: usize, const SHORT: bool>(hand: &Hand<N>) -> u32 {
    let cards = CARDS7.of_hand(hand);
    let y = cards.iter().fold(0, |y, c| y | c) & RANKS;
    let x = cards.iter().fold(0, |x, c| x ^ c) & RANKS;
    let total: u32 = cards.iter().sum();
    let sum = total & 0xFFFF;
    // Ranks held twice or four times, then three or four times: see the
    // crate documentation for why `sum - y - z` is twice the latter.
    let z = y ^ x;
    let three_up = (sum - y - z) >> 1;
    let trips = three_up & x;
    let pairs = z & !three_up;
    // The flush suit's counter bit (three below its flag bit), or 0.
    let suit = ((total + FLUSH_BIAS) & FLUSH_BITS) >> 3;
    let run = straight::<SHORT>(y);
    let full_house = (trips != 0) & ((trips & trips.wrapping_sub(1) != 0) | (pairs != 0));
    if (suit != 0) | (three_up & z != 0) | full_house | (run != 0) {
        return rare::<N, SHORT>(&cards, y, trips, pairs, three_up & z, suit, full_house, run);
    }
    // High card, pair, two pair or trips (with no pair: that would be a full
    // house): the ranks that make the type, the type, and how many kickers
    // go with them, from the counts alone.
    let made = trips | keep_highest(pairs, 2);
    let pair_count = pairs.count_ones();
    let made_pairs = pair_count - u32::from(pair_count > 2);
    let kind = 3 * u32::from(trips != 0) + made_pairs;
    let kickers = 5 - 3 * u32::from(trips != 0) - 2 * made_pairs;
    kind << 26 | made << 13 | keep_highest(y ^ made, kickers)
}

/// The hands that are not high card, pairs or trips.
#[inline(never)]
#[cold]
#[allow(
    clippy::too_many_arguments,
    reason = "the fields evaluate has already computed"
)]
fn rare<const N: usize, const SHORT: bool>(
    cards: &[u32; N],
    y: u32,
    trips: u32,
    pairs: u32,
    quads: u32,
    suit: u32,
    full_house: bool,
    run: u32,
) -> u32 {
    if suit != 0 {
        let mut ranks = 0;
        for &card in cards {
            if card & suit != 0 {
                ranks |= card & RANKS;
            }
        }
        let run = straight::<SHORT>(ranks);
        return if run != 0 {
            STRAIGHT_FLUSH << 26 | run
        } else {
            kind_of::<SHORT>(5) << 26 | keep_highest(ranks, 5)
        };
    }
    if quads != 0 {
        return 7 << 26 | quads << 13 | highest(y & !quads);
    }
    if full_house {
        let trip = highest(trips);
        return kind_of::<SHORT>(6) << 26 | trip << 13 | highest((trips ^ trip) | pairs);
    }
    4 << 26 | run
}

impl BestFive<Hand7> for Seven {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/seven",
        summary: "DeadHorseEval for seven cards: counts per rank from one sum, OR and XOR; suit counters for the flush",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Tuned as handeval_core::Evaluator>::META.name),
        table_bytes: 0,
        card_table_bytes: CardTable::<u32>::BYTES,
    };

    type Five = crate::Tuned;
    type Strength = u32;

    #[inline(always)]
    fn category(hand: &Hand7) -> Category {
        category_of(evaluate::<7, false>(hand))
    }

    #[inline(always)]
    fn strength(hand: &Hand7) -> u32 {
        evaluate::<7, false>(hand)
    }

    handeval_core::target_feature_batches!(Seven, cards Hand7, "popcnt");
}

impl BestFive<Hand6> for Six {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/six",
        summary: "DeadHorseEval for six cards: the seven-card evaluation's sum, OR and XOR of six cards",
        derived_from: Some(<Seven as BestFive<Hand7>>::META.name),
        ..<Seven as BestFive<Hand7>>::META
    };

    type Five = crate::Tuned;
    type Strength = u32;

    #[inline(always)]
    fn category(hand: &Hand6) -> Category {
        category_of(evaluate::<6, false>(hand))
    }

    #[inline(always)]
    fn strength(hand: &Hand6) -> u32 {
        evaluate::<6, false>(hand)
    }

    handeval_core::target_feature_batches!(Six, cards Hand6, "popcnt");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_highest_and_straight_on_their_edge_cases() {
        assert_eq!(keep_highest(0b111_1111, 5), 0b111_1100);
        assert_eq!(keep_highest(0b101, 5), 0b101);
        assert_eq!(straight::<false>(WHEEL | 1 << 4), 0b1_1111);
        assert_eq!(straight::<false>(WHEEL), 0xF);
        assert_eq!(straight::<false>(0x1F80 | 1), 0x1F00);
        assert_eq!(straight::<false>(0x1E0F), 0xF);
        assert_eq!(straight::<false>(0x1E07), 0);
        // Short deck: A-6-7-8-9 below 6-7-8-9-T, and A-2-3-4-5 nothing.
        assert_eq!(straight::<true>(SHORT_WHEEL), 0xF8);
        assert_eq!(straight::<true>(SHORT_WHEEL | 1 << 8), 0x1F0);
        assert_eq!(straight::<true>(WHEEL), 0);
        assert_eq!(kind_of::<true>(kind_of::<true>(5)), 5);
        assert_eq!(kind_of::<true>(5), 6);
        assert_eq!(kind_of::<false>(5), 5);
    }
}
