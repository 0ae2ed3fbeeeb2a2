//! DeadHorseEval's idea finished for seven cards: per-rank counts from one
//! sum, one OR and one XOR of the seven cards.

use handeval_core::{CardTable, Category, Evaluator7, Family, Hand7, Role};

use crate::{RANKS, STRAIGHT_FLUSH, WHEEL, category_of};

/// DeadHorseEval for seven cards, table-free. See the [crate documentation](crate#seven-cards).
#[derive(Clone, Copy, Debug, Default)]
pub struct Seven;

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

/// The highest set bit of `m` alone (0 for 0).
#[inline(always)]
const fn highest(m: u32) -> u32 {
    if m == 0 { 0 } else { 1 << m.ilog2() }
}

/// `m` without its lowest bits, keeping `n`. Seven cards never hold more
/// than two ranks beyond the five that play, so two steps suffice.
#[inline(always)]
const fn keep_highest(m: u32, n: u32) -> u32 {
    let m = if m.count_ones() > n { m & (m - 1) } else { m };
    if m.count_ones() > n { m & (m - 1) } else { m }
}

/// The rank mask of the highest five-card run in `ranks`, the wheel as
/// tuned's `0xF` (below the six-high run), or 0 when there is none.
#[inline(always)]
const fn straight(ranks: u32) -> u32 {
    // A bit at the top of every five ranks in a row.
    let tops = ranks & ranks >> 1 & ranks >> 2 & ranks >> 3 & ranks >> 4;
    if tops != 0 {
        let low = highest(tops);
        low << 4 | low << 3 | low << 2 | low << 1 | low
    } else if ranks & WHEEL == WHEEL {
        0xF
    } else {
        0
    }
}

/// Evaluates seven cards into [`crate::Tuned`]'s value of the best five.
#[inline(always)]
pub(crate) fn evaluate(cards: [u32; 7]) -> u32 {
    let [a, b, c, d, e, f, g] = cards;
    let y = (a | b | c | d | e | f | g) & RANKS;
    let x = (a ^ b ^ c ^ d ^ e ^ f ^ g) & RANKS;
    let total = a + b + c + d + e + f + g;
    let sum = total & 0xFFFF;
    // Ranks held twice or four times, then three or four times: see the
    // crate documentation for why `sum - y - z` is twice the latter.
    let z = y ^ x;
    let three_up = (sum - y - z) >> 1;
    let quads = three_up & z;
    let trips = three_up & x;
    let pairs = z & !three_up;

    let flush = (total + FLUSH_BIAS) & FLUSH_BITS;
    if flush != 0 {
        // The suit's counter bit is three below its flag bit.
        let suit = flush >> 3;
        let mut ranks = 0;
        for card in cards {
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
    if trips != 0 && (trips & (trips - 1) != 0 || pairs != 0) {
        let trip = highest(trips);
        return 6 << 26 | trip << 13 | highest((trips ^ trip) | pairs);
    }
    let run = straight(y);
    if run != 0 {
        return 4 << 26 | run;
    }
    if trips != 0 {
        return 3 << 26 | trips << 13 | keep_highest(y ^ trips, 2);
    }
    if pairs & pairs.wrapping_sub(1) != 0 {
        let two = keep_highest(pairs, 2);
        return 2 << 26 | two << 13 | highest(y ^ two);
    }
    if pairs != 0 {
        return 1 << 26 | pairs << 13 | keep_highest(y ^ pairs, 3);
    }
    keep_highest(y, 5)
}

impl Evaluator7 for Seven {
    const NAME: &'static str = "deadhorse/seven";
    const FAMILY: Family = crate::FAMILY;
    const ROLE: Role = Role::Tuned;
    const DERIVED_FROM: Option<&'static str> =
        Some(<crate::Tuned as handeval_core::Evaluator>::NAME);
    const SUMMARY: &'static str = "DeadHorseEval for seven cards: counts per rank from one sum, OR and XOR; suit counters for the flush";
    const CARD_TABLE_BYTES: usize = CardTable::<u32>::BYTES;

    type Five = crate::Tuned;
    type Strength = u32;

    #[inline(always)]
    fn category(hand: &Hand7) -> Category {
        category_of(evaluate(CARDS7.of_hand7(hand)))
    }

    #[inline(always)]
    fn strength(hand: &Hand7) -> u32 {
        evaluate(CARDS7.of_hand7(hand))
    }

    handeval_core::target_feature_batches!(seven Seven, "popcnt");
}

handeval_core::best_of_21! {
    /// [`crate::Tuned`] on each of the 21 five-card hands, the strongest kept.
    pub struct BestOf21(crate::Tuned) = "deadhorse/best-of-21";
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
