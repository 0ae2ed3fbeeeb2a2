//! The upstream algorithm: branch on the number of distinct ranks, in an
//! if-chain, most common hand first. Two upstream versions: the current one
//! ([`Reductions`]) and the one whose three-of-a-kind search used PEXT
//! ([`PextTrips`]).

use handeval_core::cpu::{self, Feature};
use handeval_core::{CardTable, Category, Evaluator, Hand, Role};

use crate::{
    SECTIONS, Type, WHEEL, WHEEL_PRIMARY, and16, category_of, layout, or16, single_suit, value,
    xor16,
};

/// The ace's high bit in a section: upstream's `AceHighRankMask`. In a
/// straight other than the wheel it means ace-high.
const ACE_HIGH: u64 = 1 << 13;
/// Bits 0..15 and bits 0..31 of the hand: upstream's `Bits0To15`, `Bits0To31`.
const BITS_0_TO_15: u64 = 0xFFFF;
const BITS_0_TO_31: u64 = 0xFFFF_FFFF;
/// Spades' and clubs' sections together: upstream's `Bits0To15 | Bits48To63`.
const SPADES_AND_CLUBS: u64 = 0xFFFF_0000_0000_FFFF;

/// `EvaluateFiveCardHand(handMask)` and the functions it calls, as upstream
/// writes them, with the two parts that changed between versions passed in:
/// the three-of-a-kind search and the single-suit test.
#[inline(always)]
fn evaluate(
    h: u64,
    three_of_a_kind_rank: impl Fn(u64) -> u64,
    is_single_suit: impl Fn(u64) -> bool,
) -> u32 {
    let or = or16(h);
    let count = or.count_ones();
    // Upstream tests the most common shapes first, in an if-chain rather
    // than a switch, because a switch could not promise that order.
    if count == 5 {
        // FlushStraightOrHighCard
        if or == WHEEL {
            let kind = if is_single_suit(h) {
                Type::StraightFlush
            } else {
                Type::Straight
            };
            return value(kind as u32, WHEEL_PRIMARY, 0);
        }
        let run_of_two = or & or >> 1;
        if run_of_two.count_ones() == 4 {
            // Straight
            if is_single_suit(h) {
                let kind = if or & ACE_HIGH == ACE_HIGH {
                    Type::RoyalFlush
                } else {
                    Type::StraightFlush
                };
                return value(kind as u32, or, 0);
            }
            return value(Type::Straight as u32, or, 0);
        }
        // FlushOrHighCard
        let kind = if is_single_suit(h) {
            Type::Flush
        } else {
            Type::HighCard
        };
        return value(kind as u32, or, 0);
    }
    if count == 4 {
        // Pair: the three single ranks are the odd counts.
        let singles = xor16(h);
        return value(Type::Pair as u32, or ^ singles, singles);
    }
    if count == 3 {
        // ThreeOfAKindOrTwoPair
        let odd = xor16(h);
        if odd.count_ones() == 3 {
            let trip = three_of_a_kind_rank(h);
            return value(Type::ThreeOfAKind as u32, trip, or ^ trip);
        }
        return value(Type::TwoPair as u32, or ^ odd, odd);
    }
    // FourOfAKindOrFullHouse
    let quad = and16(h);
    if quad != 0 {
        return value(Type::FourOfAKind as u32, quad, or ^ quad);
    }
    let trip = xor16(h);
    value(Type::FullHouse as u32, trip, or ^ trip)
}

/// The current trip search: any three suits include spades+diamonds or
/// hearts+clubs, so the trip is in `h & h >> 32`, in one half or the other.
#[inline(always)]
fn trip_rank_by_fold(h: u64) -> u64 {
    let sd_and_hc = h & h >> 32;
    ((sd_and_hc >> 16) | sd_and_hc) & BITS_0_TO_15
}

/// The trip search of 2d21384: try the two triples of suits that need a
/// single shift (spades-hearts-diamonds, hearts-diamonds-clubs); if neither,
/// bring spades and clubs together with `gather` (`pext` with mask
/// `0xFFFF00000000FFFF` where the CPU has BMI2) and AND them with the pairs.
#[inline(always)]
fn trip_rank_2022(h: u64, gather_spades_and_clubs: impl Fn(u64) -> u64) -> u64 {
    let sd_and_hc = h & h >> 32;
    let mut three = (h >> 16) & sd_and_hc;
    if three == 0 {
        three = gather_spades_and_clubs(h) & sd_and_hc;
    }
    BITS_0_TO_15 & (three | three >> 16)
}

/// Upstream's fallback without BMI2: clubs to bits 0..15, spades to 16..31.
#[inline(always)]
#[allow(clippy::manual_rotate, reason = "upstream's two shifts, as written")]
fn spades_and_clubs_by_shifts(h: u64) -> u64 {
    BITS_0_TO_31 & ((h << 16) | (h >> 48))
}

/// The single-suit test of 2d21384, short-circuiting as it was written then.
#[inline(always)]
fn single_suit_2022(h: u64) -> bool {
    (h & SECTIONS[0]) == h
        || (h & SECTIONS[1]) == h
        || (h & SECTIONS[2]) == h
        || (h & SECTIONS[3]) == h
}

/// cards-cs's evaluator as upstream writes it today: reductions and an
/// if-chain, no PEXT (`MrKWatkins.Game.Poker/PokerEvaluator.cs` at commit
/// 0fa01d1, 2022-06-18). See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Reductions;

impl Evaluator for Reductions {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pext/reductions",
        summary: "cards-cs (C#) suit-bitmask evaluator as upstream at 0fa01d1: 4x16-bit hand, OR/AND/XOR reductions, if-chain",
        family: crate::FAMILY,
        role: Role::Faithful,
        derived_from: None,
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
        category_of(Self::strength(h))
    }

    #[inline(always)]
    fn strength(h: u64) -> u32 {
        evaluate(h, trip_rank_by_fold, single_suit)
    }

    // Upstream's `PopCount` compiles to the popcnt instruction where the CPU
    // has it (.NET picks it at JIT time); this does the same at run time.
    handeval_core::target_feature_batches!(Reductions, "popcnt");
}

/// cards-cs's evaluator as of commit 2d21384 (2022-06-02), the last whose
/// three-of-a-kind search used PEXT: `Bmi2.X64.ParallelBitExtract(handMask,
/// 0xFFFF00000000FFFF)` gathers the spades and clubs sections when the two
/// one-shift triples of suits miss. Hardware `pext` where the CPU has BMI2;
/// elsewhere upstream's own shift fallback, and
/// [`unavailable`](Evaluator::unavailable) says so. See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct PextTrips;

impl PextTrips {
    /// The value on a CPU without BMI2: upstream's shift fallback.
    #[inline(always)]
    fn without_bmi2(h: u64) -> u32 {
        evaluate(
            h,
            |h| trip_rank_2022(h, spades_and_clubs_by_shifts),
            single_suit_2022,
        )
    }

    #[inline(always)]
    fn category_without_bmi2(h: u64) -> Category {
        category_of(Self::without_bmi2(h))
    }
}

/// The BMI2 path, compiled with the instruction enabled.
#[cfg(target_arch = "x86_64")]
mod hardware {
    use core::arch::x86_64::_pext_u64;

    use handeval_core::Category;

    use super::{SPADES_AND_CLUBS, evaluate, single_suit_2022, trip_rank_2022};
    use crate::category_of;

    #[target_feature(enable = "bmi2,popcnt")]
    #[inline]
    pub(super) fn strength(h: u64) -> u32 {
        evaluate(
            h,
            |h| trip_rank_2022(h, |h| _pext_u64(h, SPADES_AND_CLUBS)),
            single_suit_2022,
        )
    }

    #[target_feature(enable = "bmi2,popcnt")]
    #[inline]
    pub(super) fn category(h: u64) -> Category {
        category_of(strength(h))
    }
}

impl Evaluator for PextTrips {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pext/pext-trips",
        summary: "cards-cs (C#) evaluator as upstream at 2d21384 (2022): trips found with BMI2 pext over two suit sections",
        family: crate::FAMILY,
        role: Role::Faithful,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: CardTable::<u64>::BYTES,
    };
    // Its best of 21 is upstream's own seven-card method.
    const BEST_OF: &'static str = "upstream-{}";

    type Encoded = u64;
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> u64 {
        layout(hand)
    }

    fn unavailable() -> Option<&'static str> {
        if cpu::has(Feature::Bmi2) {
            None
        } else {
            Some("this CPU has no BMI2: the trips search runs upstream's shift fallback")
        }
    }

    handeval_core::target_feature_batches!(
        PextTrips,
        "bmi2,popcnt",
        fast(hardware::category, hardware::strength),
        fallback(PextTrips::category_without_bmi2, PextTrips::without_bmi2)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both 2022 gathers and the current fold find the same trip rank, for
    /// every trip rank in every triple of suits, with every pair of kickers
    /// placed in the fourth suit.
    #[test]
    fn every_trip_search_finds_the_trip() {
        for trip in 1..=13u32 {
            for missing in 0..4u32 {
                let mut h = 0u64;
                for section in (0..4).filter(|&s| s != missing) {
                    h |= 1 << (16 * section + trip);
                }
                let kickers = [1..=13, 1..=13];
                for (k1, k2) in kickers[0].clone().zip(kickers[1].clone().rev()) {
                    if k1 == trip || k2 == trip || k1 == k2 {
                        continue;
                    }
                    let h = h | 1 << (16 * missing + k1) | 1 << (16 * missing + k2);
                    let expected = 1 << trip;
                    assert_eq!(trip_rank_by_fold(h), expected);
                    assert_eq!(trip_rank_2022(h, spades_and_clubs_by_shifts), expected);
                    assert_eq!(
                        trip_rank_2022(h, |h| crate::pext_soft(h, SPADES_AND_CLUBS)),
                        expected
                    );
                }
            }
        }
    }
}
