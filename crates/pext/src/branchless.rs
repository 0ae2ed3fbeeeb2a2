//! The same value with no branch on the hand's shape.

use handeval_core::{CardTable, Category, Evaluator, Hand, Role};

use crate::{
    BROADWAY, Type, WHEEL, WHEEL_PRIMARY, and16, category_of, layout, or16, single_suit, value,
    xor16,
};

/// The suit-bitmask evaluation without branches. See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Branchless;

/// Base type by number of distinct ranks, one nibble each: 2 -> full house
/// (quads add one), 3 -> two pair (trips add one), 4 -> pair, 5 -> high card
/// (straight and flush added later).
const TYPE_BY_DISTINCT: u32 = (Type::FullHouse as u32) << 8
    | (Type::TwoPair as u32) << 12
    | (Type::Pair as u32) << 16
    | (Type::HighCard as u32) << 20;

/// Evaluates a hand in the 4x16 layout without branching on its shape.
#[inline(always)]
pub(crate) fn evaluate(h: u64) -> u32 {
    let or = or16(h);
    let odd = xor16(h);
    let quad = and16(h);
    // Ranks held at least twice: some two sections share them. The three
    // shifted ANDs cover all six pairs of sections (lanes past the top are 0).
    let twice = or16(h & h >> 16 | h & h >> 32 | h & h >> 48);
    // Held at least twice and an odd number of times: three times.
    let trip = twice & odd;

    let distinct = or.count_ones();
    let straight = or >> or.trailing_zeros() == 0b1_1111 || or == WHEEL;
    let flush = single_suit(h);
    let royal = straight & flush & (or == BROADWAY);

    let kind = (TYPE_BY_DISTINCT >> ((4 * distinct) & 31) & 15)
        + u32::from(quad != 0)
        + u32::from(distinct == 3 && trip != 0)
        + 4 * u32::from(straight)
        + 5 * u32::from(flush)
        - u32::from(straight & flush)
        + u32::from(royal);

    // The primary ranks are those of the highest count present.
    let primary = if quad != 0 {
        quad
    } else if trip != 0 {
        trip
    } else if twice != 0 {
        twice
    } else {
        or
    };
    let secondary = or ^ primary;
    let primary = if or == WHEEL { WHEEL_PRIMARY } else { primary };
    value(kind, primary, secondary)
}

impl Evaluator for Branchless {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pext/branchless",
        summary: "cards-cs suit-bitmask evaluator without branches: count planes from pairwise section ANDs",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Reductions as Evaluator>::META.name),
        table_bytes: 0,
        card_table_bytes: CardTable::<u64>::BYTES,
    };

    type Encoded = u64;
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> u64 {
        layout(hand)
    }

    #[inline(always)]
    fn category(h: u64) -> Category {
        category_of(evaluate(h))
    }

    #[inline(always)]
    fn strength(h: u64) -> u32 {
        evaluate(h)
    }

    // OR16's popcount (the number of distinct ranks) is one instruction with popcnt.
    handeval_core::target_feature_batches!(Branchless, "popcnt");
}
