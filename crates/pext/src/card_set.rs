//! From a 52-bit card set to the 4x16 layout by parallel bit extract, in
//! hardware ([`Bmi2`]) or in software ([`Portable`]).

use handeval_core::cpu::{self, Feature};
use handeval_core::{CardTable, Category, Evaluator, Hand, Role};

use crate::{branchless, category_of, section_of};

/// One suit's cards in a card set (bit `4 * rank + suit`): every fourth bit, 13 of them.
const SUIT_OF_SET: u64 = 0x0001_1111_1111_1111;

/// Parallel bit extract in software: the bits of `x` selected by `mask`,
/// packed into the low bits in order. What `pext` computes, one mask bit at a time.
#[inline(always)]
pub const fn pext_soft(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1u64;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        // Branch-free: multiply by 0 or 1 instead of an `if`.
        out |= bit * ((x & lowest != 0) as u64);
        mask ^= lowest;
        bit <<= 1;
    }
    out
}

/// The 4x16 layout of a card set, extracting each suit with `extract` (a PEXT).
#[inline(always)]
fn sections_with(set: u64, extract: impl Fn(u64, u64) -> u64) -> u64 {
    let mut h = 0;
    let mut suit = 0;
    while suit < 4 {
        let ranks = extract(set, SUIT_OF_SET << suit);
        h |= ranks << (16 * section_of(suit) + 1);
        suit += 1;
    }
    h
}

/// The 4x16 layout of a card set, with the software PEXT.
pub fn sections_from_card_set(set: u64) -> u64 {
    sections_with(set, pext_soft)
}

/// The suit-bitmask evaluation of a card set, with the layout built by software PEXT.
/// See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable;

impl Evaluator for Portable {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pext/portable",
        summary: "cards-cs branch-free evaluator from a 52-bit card set, suits gathered by software PEXT",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Branchless as Evaluator>::META.name),
        table_bytes: 0,
        // Hand::mask's table of card bits.
        card_table_bytes: CardTable::<u64>::BYTES,
    };

    type Encoded = u64;
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> u64 {
        hand.mask()
    }

    #[inline(always)]
    fn category(set: u64) -> Category {
        category_of(branchless::evaluate(sections_with(set, pext_soft)))
    }

    #[inline(always)]
    fn strength(set: u64) -> u32 {
        branchless::evaluate(sections_with(set, pext_soft))
    }

    // Like `Bmi2`, it uses popcnt where present, so the two differ only in PEXT.
    handeval_core::target_feature_batches!(Portable, "popcnt");
}

/// The suit-bitmask evaluation of a card set, with the layout built by the
/// BMI2 `pext` instruction: four per hand. Falls back to [`Portable`]'s
/// software PEXT on CPUs without BMI2. See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bmi2;

/// The hardware path. Everything here is compiled with BMI2 (and popcnt, which
/// every BMI2 CPU has) enabled, so `_pext_u64` is inlined as the instruction.
#[cfg(target_arch = "x86_64")]
mod hardware {
    use core::arch::x86_64::_pext_u64;

    use handeval_core::Category;

    use super::sections_with;
    use crate::{branchless, category_of};

    #[target_feature(enable = "bmi2,popcnt")]
    #[inline]
    pub(super) fn strength(set: u64) -> u32 {
        branchless::evaluate(sections_with(set, |x, m| _pext_u64(x, m)))
    }

    #[target_feature(enable = "bmi2,popcnt")]
    #[inline]
    pub(super) fn category(set: u64) -> Category {
        category_of(strength(set))
    }
}

impl Evaluator for Bmi2 {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pext/bmi2",
        summary: "cards-cs branch-free evaluator from a 52-bit card set, suits gathered by the BMI2 pext instruction",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<Portable as Evaluator>::META.name),
        table_bytes: 0,
        card_table_bytes: CardTable::<u64>::BYTES,
    };

    type Encoded = u64;
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> u64 {
        hand.mask()
    }

    fn unavailable() -> Option<&'static str> {
        if cpu::has(Feature::Bmi2) {
            None
        } else {
            Some("this CPU has no BMI2: pext/bmi2 runs the software PEXT of pext/portable")
        }
    }

    handeval_core::target_feature_batches!(
        Bmi2,
        "bmi2,popcnt",
        fast(hardware::category, hardware::strength),
        fallback(Portable::category, Portable::strength)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn software_pext_on_hand_worked_examples() {
        assert_eq!(pext_soft(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(pext_soft(0b1011_0110, 0b0101_0101), 0b0110);
        assert_eq!(pext_soft(u64::MAX, 0), 0);
        assert_eq!(pext_soft(u64::MAX, u64::MAX), u64::MAX);
        assert_eq!(pext_soft(1 << 63, 1 << 63), 1);
    }
}
