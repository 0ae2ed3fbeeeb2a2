//! The current upstream algorithm: branch on the number of distinct ranks.

use handeval_core::{Category, Evaluator, Family, Hand, Role};

use crate::{
    BROADWAY, Type, WHEEL, WHEEL_PRIMARY, and16, category_of, layout, or16, single_suit, value,
    xor16,
};

/// cards-cs's evaluator as upstream writes it: reductions and branches, no
/// PEXT. See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Reductions;

impl Reductions {
    #[inline(always)]
    fn evaluate(h: u64) -> u32 {
        let or = or16(h);
        // Most common first, as upstream orders its tests.
        match or.count_ones() {
            5 => {
                let straight = if or == WHEEL {
                    Some(WHEEL_PRIMARY)
                } else if (or & or >> 1).count_ones() == 4 {
                    // Five ranks with four adjacent pairs are five in a row.
                    Some(or)
                } else {
                    None
                };
                let kind = match (straight, single_suit(h)) {
                    (Some(_), true) if or == BROADWAY => Type::RoyalFlush,
                    (Some(_), true) => Type::StraightFlush,
                    (Some(_), false) => Type::Straight,
                    (None, true) => Type::Flush,
                    (None, false) => Type::HighCard,
                };
                value(kind as u32, straight.unwrap_or(or), 0)
            }
            4 => {
                let singles = xor16(h);
                value(Type::Pair as u32, or ^ singles, singles)
            }
            3 => {
                let odd = xor16(h);
                if odd.count_ones() == 3 {
                    // Any three suits include spades+diamonds or hearts+clubs.
                    let sd = h & h >> 32;
                    let trip = (sd | sd >> 16) & 0xFFFF;
                    value(Type::ThreeOfAKind as u32, trip, or ^ trip)
                } else {
                    value(Type::TwoPair as u32, or ^ odd, odd)
                }
            }
            _ => {
                let quad = and16(h);
                if quad != 0 {
                    value(Type::FourOfAKind as u32, quad, or ^ quad)
                } else {
                    let trip = xor16(h);
                    value(Type::FullHouse as u32, trip, or ^ trip)
                }
            }
        }
    }
}

impl Evaluator for Reductions {
    const NAME: &'static str = "pext/reductions";
    const FAMILY: Family = crate::FAMILY;
    const ROLE: Role = Role::Faithful;
    const SUMMARY: &'static str = "cards-cs (C#) suit-bitmask evaluator as upstream: 4x16-bit hand, OR/AND/XOR reductions, branches";

    type Encoded = u64;
    type Strength = u32;

    #[inline]
    fn encode(hand: &Hand) -> u64 {
        layout(hand)
    }

    #[inline(always)]
    fn category(h: u64) -> Category {
        category_of(Self::evaluate(h))
    }

    #[inline(always)]
    fn strength(h: u64) -> u32 {
        Self::evaluate(h)
    }

    // Upstream's `PopCount` compiles to the popcnt instruction where the CPU
    // has it (.NET picks it at JIT time); this does the same at run time.
    handeval_core::target_feature_batches!(Reductions, "popcnt");
}
