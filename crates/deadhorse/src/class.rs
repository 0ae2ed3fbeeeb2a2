//! The conventional class of a [`Tuned`](crate::Tuned) value, read off its
//! layout: no ranking of every hand, no search among the 7,462 values.
//!
//! A value is `kind << 26 | important << 13 | rest` (see
//! [`Tuned`](crate::Tuned)): the hand type in category order, then two
//! masks of ranks. Within a kind every value has the same shape, so its
//! place among the kind's values, counted from the weakest, is a place in
//! a product of rank sets:
//!
//! | kind | important | rest | place |
//! |---|---|---|---|
//! | high card, flush | none | the five ranks | place of the mask among five-rank masks that are not straights |
//! | pair | the pair's rank `p` | three kickers | `p · C(12,3) + place of the kickers among the 12 other ranks` |
//! | two pair | the two pairs' ranks | the kicker | `place of the pairs among 2-sets · 11 + place of the kicker among the 11 others` |
//! | trips | the trips' rank `p` | two kickers | `p · C(12,2) + place of the kickers among the 12 others` |
//! | full house, quads | the three's or four's rank `p` | the other rank | `p · 12 + place of it among the 12 others` |
//! | straight, straight flush | none | the ranks (the wheel's as `0xF`) | the top rank's bit, less 3 (`0xF` tops at bit 3) |
//!
//! "Place among the sets of the same size" is the colexicographic rank,
//! `Σ C(pᵢ, i+1)` over the set's positions `p₀ < p₁ < ...`, which for sets
//! of one size orders them as their masks order as numbers, the order the
//! values compare in. Removing the important ranks' bits from the rest
//! (shifting the bits above each down by one) makes the rest a set among
//! the remaining ranks. The class is then the number of classes at or
//! above the value: `7,462 - (classes of the weaker kinds + place)`.
//!
//! Worked example, a pair of kings with A-7-2: `p = 11` (king), the kickers
//! are bits 12, 5 and 0; removing bit 11 moves the ace to bit 11, so the
//! kickers' positions are 0, 5, 11 and their place is `C(0,1) + C(5,2) +
//! C(11,3) = 0 + 10 + 165 = 175`. The pair's place is `11 · 220 + 175 =
//! 2,595`; 1,277 high-card classes are weaker, so the class is `7,462 -
//! (1,277 + 2,595) = 3,590`, as Cactus Kev's tables have it.

use handeval_core::{Category, rules::STANDARD};

/// `COLEX[m]`: the colexicographic rank of the set of bits of `m` among the
/// sets of its size.
static COLEX: [u16; 1 << 13] = {
    let mut table = [0u16; 1 << 13];
    let mut m = 0;
    while m < 1 << 13 {
        let (mut rank, mut chosen, mut bit) = (0u32, 0u32, 0u32);
        while bit < 13 {
            if m >> bit & 1 == 1 {
                chosen += 1;
                rank += binomial(bit, chosen);
            }
            bit += 1;
        }
        table[m] = rank as u16;
        m += 1;
    }
    table
};

/// `HIGH[m]` for a mask of five ranks that is not a straight: how many
/// such masks are smaller, the place of a high-card or flush hand.
static HIGH: [u16; 1 << 13] = {
    let mut table = [0u16; 1 << 13];
    let (mut m, mut below) = (0, 0u16);
    while m < 1 << 13 {
        table[m] = below;
        if (m as u32).count_ones() == 5 && !is_straight(m as u32) {
            below += 1;
        }
        m += 1;
    }
    table
};

/// `rest` without the rank `bit` (a single bit, or 0 for none): the ranks
/// above it move down one place.
#[inline(always)]
const fn remove(rest: u32, bit: u32) -> u32 {
    let below = bit.wrapping_sub(1);
    (rest & below) | ((rest & !below) >> 1)
}

/// The number of `k`-sets of `n` things, for the small numbers here.
const fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let (mut r, mut i) = (1, 0);
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Whether five ranks make a straight, the wheel included.
const fn is_straight(m: u32) -> bool {
    m == crate::WHEEL || (m != 0 && m >> m.trailing_zeros() == 31)
}

/// Classes of the kinds weaker than each kind (high card's 0 first), from
/// the standard game's counts: kind `k` is category `k`, the straight flush
/// including the royal.
const WEAKER: [u16; 9] = {
    let mut weaker = [0u16; 9];
    let mut k = 1;
    while k < 9 {
        weaker[k] = weaker[k - 1] + Category::ALL[k - 1].class_count();
        k += 1;
    }
    weaker
};

/// How many rests there are for each important set, by kind.
const RESTS: [u16; 9] = [0, 220, 11, 66, 0, 0, 12, 12, 0];

/// The class of a [`Tuned`](crate::Tuned) value (1 for the royal flush,
/// 7,462 for 7-5-4-3-2); meaningless for a number no hand has.
#[inline(always)]
pub fn class_of(value: u32) -> u16 {
    let kind = (value >> 26) as usize % 9;
    let important = (value >> 13) & 0x1FFF;
    let rest = value & 0x1FFF;
    // Remove the important ranks from the rest, the higher one first so
    // that the lower one's position still holds (a value has at most two).
    let higher = 0x8000_0000u32
        .checked_shr(important.leading_zeros())
        .unwrap_or(0);
    let other = important & !higher;
    let lower = other & other.wrapping_neg();
    let squeezed = remove(remove(rest, higher), lower);
    // Each kind's place, chosen without a branch: hands come in no order
    // of kind, and a mispredicted branch costs more than all three.
    let high = u32::from((0b10_0001u32 >> kind) & 1 == 1);
    let straight = u32::from((0b1_0001_0000u32 >> kind) & 1 == 1);
    let paired = 1 - high - straight;
    // Wrapping: a number no hand has gives a meaningless class, not a panic.
    let place = high * u32::from(HIGH[rest as usize])
        + straight * 28u32.wrapping_sub(rest.leading_zeros())
        + paired
            * (u32::from(COLEX[important as usize]) * u32::from(RESTS[kind])
                + u32::from(COLEX[squeezed as usize]));
    u32::from(STANDARD.classes()).wrapping_sub(u32::from(WEAKER[kind]) + place) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worked_example_holds() {
        // K K A 7 2: pair (kind 1), important the king, rest A, 7, 2.
        let value = 1 << 26 | (1 << 11) << 13 | (1 << 12 | 1 << 5 | 1);
        assert_eq!(class_of(value), 3590);
    }

    #[test]
    fn the_tables_count_what_they_say() {
        assert_eq!(COLEX[0b11111], 0);
        assert_eq!(COLEX[0b1_1111_0000_0000], binomial(13, 5) as u16 - 1);
        // 1,287 five-rank masks, ten of them straights.
        assert_eq!(HIGH[0x1FFF], 1277);
        assert_eq!(WEAKER[8] + 10, STANDARD.classes());
    }
}
