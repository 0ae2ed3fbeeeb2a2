//! The suit-bitmask evaluator for seven cards on the 4x16 layout.

use handeval_core::{BestFive, CardTable, Category, Hand7, Role};

use crate::{BROADWAY, SECTION_BITS, Type, category_of, value};

/// The suit-bitmask evaluation of seven cards. See the [crate documentation](crate#seven-cards).
#[derive(Clone, Copy, Debug, Default)]
pub struct Seven;

/// The highest set bit of a section-wide mask `m` (below 2^16) alone, 0
/// for 0 ([`handeval_core::bits::highest`]).
#[inline(always)]
const fn highest(m: u64) -> u64 {
    handeval_core::bits::highest(m as u32) as u64
}

/// `m` (below 2^16) keeping its `n` highest bits
/// ([`handeval_core::bits::keep_highest`]).
#[inline(always)]
const fn keep_highest(m: u64, n: u32) -> u64 {
    handeval_core::bits::keep_highest(m as u32, n) as u64
}

/// The highest five-rank run in a section-wide rank mask (ranks at bits
/// 1..=13), as the five-card evaluator's primary mask: the wheel's ace at
/// bit 0. Zero when there is none.
#[inline(always)]
const fn run(ranks: u64) -> u64 {
    // The ace also counts low, at bit 0, so the wheel is a run like the others.
    let m = ranks | (ranks >> 13 & 1);
    // A bit at the bottom of every five ranks in a row; the highest one's
    // run is five bits up from it.
    let bottoms = m & m >> 1 & m >> 2 & m >> 3 & m >> 4;
    highest(bottoms) * 0b1_1111
}

/// Evaluates a seven-card hand in the 4x16 layout into
/// [`crate::Branchless`]'s value of the best five.
///
/// High card, pairs and trips (nine in ten seven-card hands) share one
/// branch-free path, since in a shuffled stream their type is
/// unpredictable; straights, flushes, full houses and quads take a branch
/// that is rarely taken.
#[inline(always)]
pub(crate) fn evaluate(h: u64) -> u32 {
    let [s0, s1, s2, s3] = [h & 0xFFFF, h >> 16 & 0xFFFF, h >> 32 & 0xFFFF, h >> 48];
    let or = s0 | s1 | s2 | s3;
    // Ranks in at least two, three and four suits, from ANDs of sections.
    let low_two = s0 & s1;
    let high_two = s2 & s3;
    let low_any = s0 | s1;
    let high_any = s2 | s3;
    let twice = low_two | high_two | low_any & high_any;
    let thrice = low_two & high_any | high_two & low_any;
    let quad = low_two & high_two;
    // At most one section holds five of seven cards.
    let flush = (s0.count_ones() >= 5)
        | (s1.count_ones() >= 5)
        | (s2.count_ones() >= 5)
        | (s3.count_ones() >= 5);
    let straight = run(or);
    let full_house = (thrice != 0) & ((twice != thrice) | (thrice & thrice.wrapping_sub(1) != 0));
    if flush | (quad != 0) | full_house | (straight != 0) {
        return rare(
            [s0, s1, s2, s3],
            or,
            twice,
            thrice,
            quad,
            full_house,
            straight,
        );
    }
    // High card, pair, two pair or trips (with no pair: that would be a full
    // house): the ranks that make the type, the type, and how many kickers
    // go with them, from the counts alone.
    let pairs = twice & !thrice;
    let made = thrice | keep_highest(pairs, 2);
    let pair_count = pairs.count_ones();
    let made_pairs = pair_count - u32::from(pair_count > 2);
    let kind = 3 * u32::from(thrice != 0) + made_pairs;
    let kickers = 5 - 3 * u32::from(thrice != 0) - 2 * made_pairs;
    let rest = keep_highest(or ^ made, kickers);
    // A high card's five ranks are its primary mask, as in the five-card value.
    let high_card = 0u64.wrapping_sub(u64::from(kind == 0));
    value(kind, made | rest & high_card, rest & !high_card)
}

/// The hands that are not high card, pairs or trips.
#[inline(never)]
#[cold]
fn rare(
    sections: [u64; 4],
    or: u64,
    twice: u64,
    thrice: u64,
    quad: u64,
    full_house: bool,
    straight: u64,
) -> u32 {
    let mut flush = 0;
    for section in sections {
        if section.count_ones() >= 5 {
            flush = section;
        }
    }
    if flush != 0 {
        let straight = run(flush);
        return if straight == BROADWAY {
            value(Type::RoyalFlush as u32, straight, 0)
        } else if straight != 0 {
            value(Type::StraightFlush as u32, straight, 0)
        } else {
            value(Type::Flush as u32, keep_highest(flush, 5), 0)
        };
    }
    if quad != 0 {
        return value(Type::FourOfAKind as u32, quad, highest(or ^ quad));
    }
    if full_house {
        let trip = highest(thrice);
        return value(Type::FullHouse as u32, trip, highest(twice ^ trip));
    }
    value(Type::Straight as u32, straight, 0)
}

impl BestFive<Hand7> for Seven {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pext/seven",
        summary: "cards-cs suit bitmask for seven cards: flush by section popcount, straights on the OR, counts from section ANDs",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Branchless as handeval_core::Evaluator>::META.name),
        table_bytes: 0,
        card_table_bytes: CardTable::<u64>::BYTES,
    };

    type Five = crate::Branchless;
    type Strength = u32;

    #[inline(always)]
    fn category(hand: &Hand7) -> Category {
        category_of(Self::strength(hand))
    }

    #[inline(always)]
    fn strength(hand: &Hand7) -> u32 {
        let bits = SECTION_BITS.of_hand(hand);
        evaluate(bits.iter().fold(0, |h, b| h | b))
    }

    handeval_core::target_feature_batches!(Seven, cards Hand7, "popcnt");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_count_the_ace_low_and_high() {
        let rank = |r: u32| 1u64 << (r + 1);
        let wheel = rank(12) | rank(0) | rank(1) | rank(2) | rank(3);
        assert_eq!(run(wheel), 0b1_1111);
        assert_eq!(run(wheel | rank(4)), 0b11_1110);
        assert_eq!(run(BROADWAY | rank(7)), BROADWAY);
        assert_eq!(run(wheel ^ rank(3)), 0);
    }
}
