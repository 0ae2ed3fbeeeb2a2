//! The same algorithm in integers, branch-free.

use handeval_core::{Category, Evaluator, Hand};

use crate::{Cards, INDEX_TABLE, WHEEL, encode, pack};

/// subskybox's analyzer rewritten for speed. See the [crate documentation](crate).
///
/// What changed from [`crate::Faithful`], and why:
///
/// - `v` is a `u64`, not a double: the ace's nibble ends at bit 59, so it fits.
///   A nibble is updated in place as `v + (v & m) + b` (`n` becomes `2n + 1`)
///   with `m = 0xF << 4r`, `b = 1 << 4r`: no `pow`, no division, no ToInt32.
/// - `v % 15` is an unsigned remainder by a constant, which compiles to a
///   multiply and shifts instead of a float `fmod`.
/// - The straight test divides `s` by its lowest set bit; for a power of two
///   that is a right shift by `trailing_zeros(s)`.
/// - The table index is assembled from 0/1 values with no branch, and the
///   table is padded to 16 entries so that `index & 15` needs no bounds check.
/// - For the strength, the highest count is known from the nibble sum (5 means
///   all singles, 6 or 7 pairs, 9 or 10 trips, 1 quads); shifting `v` right by
///   (count - 1) and keeping each nibble's low bit marks exactly the ranks
///   with that count. A fixed shift-or-mask ladder gathers those nibble bits
///   into a 13-bit rank mask, with no loop over ranks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tuned;

/// [`INDEX_TABLE`] padded to 16 entries; indices 10..16 never occur.
const TABLE: [Category; 16] = {
    let mut t = [Category::HighCard; 16];
    let mut i = 0;
    while i < 10 {
        t[i] = INDEX_TABLE[i];
        i += 1;
    }
    t
};

/// The low bit of every nibble.
const NIBBLE_LOW_BITS: u64 = 0x1111_1111_1111_1111;

/// For each nibble sum (the `v % 15` value), the highest count minus one, as a
/// nibble at position `sum`: sum 1 (quads) -> 3, 5 (singles) -> 0,
/// 6 and 7 (pairs) -> 1, 9 and 10 (trips) -> 2.
const TOP_COUNT_SHIFT: u64 = 3 << 4 | 1 << 24 | 1 << 28 | 2 << 36 | 2 << 40;

/// Gathers the bits at positions `4r` (one per nibble) into bits `r`.
#[inline(always)]
const fn gather_nibble_bits(x: u64) -> u32 {
    let x = (x | x >> 3) & 0x0303_0303_0303_0303;
    let x = (x | x >> 6) & 0x000f_000f_000f_000f;
    let x = (x | x >> 12) & 0x0000_00ff_0000_00ff;
    ((x | x >> 24) & 0xffff) as u32
}

impl Tuned {
    /// The rank set `s` and the nibble field `v`, as integers.
    #[inline(always)]
    pub fn fields(hand: Cards) -> (u32, u64) {
        let [a, b, c, d, e] = hand.cs;
        let s = 1u32 << a | 1 << b | 1 << c | 1 << d | 1 << e;
        let mut v = 0u64;
        for r in hand.cs {
            let one = 1u64 << (4 * r);
            v += (v & (one * 15)) + one;
        }
        (s, v)
    }

    /// The nibble sum `v % 15` and the category, without branches.
    #[inline(always)]
    fn classify(hand: Cards, s: u32, v: u64) -> (u32, Category) {
        let sum = (v % 15) as u32;
        let straight = u32::from(s >> s.trailing_zeros() == 31 || s == WHEEL);
        let ss = hand.ss;
        let flush = u32::from(ss[0] == (ss[1] | ss[2] | ss[3] | ss[4]));
        let royal = u32::from(s == 0x7c00);
        // As in the original: -1 for the 0-based table, -2 more for a
        // straight, -1 for a flush, and the royal flush goes up to slot 7.
        let index = sum - 1 - 2 * straight - flush + 6 * (flush & royal);
        (sum, TABLE[(index & 15) as usize])
    }
}

impl Evaluator for Tuned {
    const NAME: &'static str = "subskybox/tuned";
    const SUMMARY: &'static str = "subskybox's mod-15 analyzer in u64 integers: shifts, constant % 15, trailing-zeros straight test";

    type Encoded = Cards;
    type Strength = u32;

    #[inline]
    fn encode(hand: &Hand) -> Cards {
        encode(*hand)
    }

    #[inline]
    fn category(hand: Cards) -> Category {
        let (s, v) = Self::fields(hand);
        Self::classify(hand, s, v).1
    }

    #[inline]
    fn strength(hand: Cards) -> u32 {
        let (s, v) = Self::fields(hand);
        let (sum, category) = Self::classify(hand, s, v);
        let shift = (TOP_COUNT_SHIFT >> (4 * sum)) & 3;
        let major = gather_nibble_bits((v >> shift) & NIBBLE_LOW_BITS);
        pack(category, s, major)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathering_nibble_bits_is_the_identity_on_rank_sets() {
        for ranks in 0u32..(1 << 16) {
            let spread = (0..16).fold(0u64, |x, r| x | u64::from(ranks >> r & 1) << (4 * r));
            assert_eq!(gather_nibble_bits(spread), ranks);
        }
    }
}
