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

/// The rank mask of the highest five-card run in `ranks`, the wheel as
/// tuned's `0xF` (below the six-high run), or 0 when there is none.
#[inline(always)]
const fn straight(ranks: u32) -> u32 {
    // A bit at the bottom of every five ranks in a row; the highest one's
    // run is five bits up from it.
    let bottoms = ranks & ranks >> 1 & ranks >> 2 & ranks >> 3 & ranks >> 4;
    let run = highest(bottoms) * 0b1_1111;
    let wheel = 0xF & mask(ranks & WHEEL == WHEEL);
    run | (wheel & mask(run == 0))
}

/// Evaluates six or seven cards into [`crate::Tuned`]'s value of the best five.
///
/// The common hands (high card, one or two pairs, trips: nine in ten of all
/// seven-card hands) share one branch-free path: in a shuffled stream their
/// type is unpredictable, and a mispredicted branch costs more than the
/// arithmetic. The rest (straights, flushes, full houses, quads) take a
/// branch that is rarely taken.
#[inline(always)]
pub(crate) fn evaluate<const N: usize>(hand: &Hand<N>) -> u32 {
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
    let run = straight(y);
    let full_house = (trips != 0) & ((trips & trips.wrapping_sub(1) != 0) | (pairs != 0));
    if (suit != 0) | (three_up & z != 0) | full_house | (run != 0) {
        return rare(&cards, y, trips, pairs, three_up & z, suit, full_house, run);
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
fn rare<const N: usize>(
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
        let run = straight(ranks);
        return if run != 0 {
            STRAIGHT_FLUSH << 26 | run
        } else {
            5 << 26 | keep_highest(ranks, 5)
        };
    }
    if quads != 0 {
        return 7 << 26 | quads << 13 | highest(y & !quads);
    }
    if full_house {
        let trip = highest(trips);
        return 6 << 26 | trip << 13 | highest((trips ^ trip) | pairs);
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
        category_of(evaluate(hand))
    }

    #[inline(always)]
    fn strength(hand: &Hand7) -> u32 {
        evaluate(hand)
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
        category_of(evaluate(hand))
    }

    #[inline(always)]
    fn strength(hand: &Hand6) -> u32 {
        evaluate(hand)
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
        assert_eq!(straight(WHEEL | 1 << 4), 0b1_1111);
        assert_eq!(straight(WHEEL), 0xF);
        assert_eq!(straight(0x1F80 | 1), 0x1F00);
        assert_eq!(straight(0x1E0F), 0xF);
        assert_eq!(straight(0x1E07), 0);
    }
}
