//! The same algorithm in integers, branch-free.

use handeval_core::{Category, Evaluator, Hand, Role};

use crate::{Game, INDEX_TABLE, encode};

/// subskybox's analyzer rewritten for speed. See the [crate documentation](crate).
///
/// What changed from [`crate::Faithful`], and why:
///
/// - `v` is a `u64`, not a double: the ace's nibble ends at bit 59, so it fits.
///   The original builds it card by card, each step reading a nibble and
///   writing back `2n + 1`: five dependent read-modify-writes. Here each card
///   adds 1 to its rank's nibble (`1 << 4r`, independent additions), and one
///   branch-free step turns every count `c` into the original's `2^c - 1`
///   (bit `k` of the nibble is "count > k"). Same `v`, shorter dependency chain.
/// - `v % 15` is an unsigned remainder by a constant, which compiles to a
///   multiply and shifts instead of a float `fmod`.
/// - The straight test is the original's `s / (s & -s) == 31`, with the
///   division by the lowest set bit done as a shift by its trailing zeros, on
///   `v`'s "count > 0" bits (one per nibble), which is `s` spread four apart:
///   five ranks in a row are `0x11111` once shifted down. So `s` itself is
///   never built.
/// - The table index is assembled from 0/1 values with no branch, and the
///   table is padded to 16 entries so that `index & 15` needs no bounds check.
/// - The strength is `(category, major, minor)` packed in a `u128`, where
///   `major` is `v`'s bit plane of the highest count present (known from the
///   nibble sum: 5 means singles, 6 or 7 pairs, 9 or 10 trips, 1 quads) and
///   `minor` the other ranks' "count > 0" bits. The planes keep `v`'s spacing of
///   one bit per nibble, so comparing them compares ranks highest first, and no
///   gathering into a compact mask is needed.
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

/// "count > 0" bits of A-2-3-4-5 (nibbles 14, 2, 3, 4, 5).
const WHEEL_RANKS: u64 = 1 << 56 | 0x1111 << 8;
/// "count > 0" bits of T-J-Q-K-A (nibbles 10..=14).
const BROADWAY_RANKS: u64 = 0x11111 << 40;

impl Tuned {
    /// The rank set `s` and the nibble field `v`, as the original defines them.
    /// (The evaluation itself never builds `s`; this is for study and tests.)
    pub fn fields(hand: Game) -> (u32, u64) {
        let s = hand.cs.iter().fold(0u32, |s, &r| s | 1 << r);
        (s, Self::nibble_field(hand.cs))
    }

    /// The original's `v`: per rank, a nibble `2^count - 1`.
    #[inline(always)]
    fn nibble_field(cs: [u8; 5]) -> u64 {
        let [a, b, c, d, e] = cs.map(|r| 1u64 << (4 * r));
        // Counts per rank; at most 4, so no nibble overflows into the next.
        let count = a + b + c + d + e;
        let c0 = count & NIBBLE_LOW_BITS;
        let c1 = count >> 1 & NIBBLE_LOW_BITS;
        let c2 = count >> 2 & NIBBLE_LOW_BITS;
        // Bit k of the unary nibble is "count > k".
        let above0 = c0 | c1 | c2;
        let above1 = c1 | c2;
        let above2 = c2 | c1 & c0;
        let above3 = c2;
        above0 | above1 << 1 | above2 << 2 | above3 << 3
    }

    /// The nibble sum `v % 15` and the category, without branches.
    #[inline(always)]
    fn classify(hand: Game, v: u64) -> (u32, Category) {
        let sum = (v % 15) as u32;
        let ranks = v & NIBBLE_LOW_BITS;
        let straight =
            u32::from(ranks >> ranks.trailing_zeros() == 0x11111 || ranks == WHEEL_RANKS);
        let ss = hand.ss;
        let flush = u32::from(ss[0] == (ss[1] | ss[2] | ss[3] | ss[4]));
        let royal = u32::from(ranks == BROADWAY_RANKS);
        // As in the original: -1 for the 0-based table, -2 more for a
        // straight, -1 for a flush, and the royal flush goes up to slot 7.
        let index = sum - 1 - 2 * straight - flush + 6 * (flush & royal);
        (sum, TABLE[(index & 15) as usize])
    }
}

impl Evaluator for Tuned {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "subskybox/tuned",
        summary: "subskybox's mod-15 analyzer in u64 integers: counted nibbles, constant % 15, trailing-zeros straight test",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Faithful as Evaluator>::META.name),
        table_bytes: 0,
        card_table_bytes: crate::CARD_TABLE_BYTES,
    };

    type Encoded = Game;
    /// `category << 124 | major plane << 64 | minor plane`.
    type Strength = u128;

    #[inline(always)]
    fn encode(hand: &Hand) -> Game {
        encode(*hand)
    }

    #[inline(always)]
    fn category(hand: Game) -> Category {
        Self::classify(hand, Self::nibble_field(hand.cs)).1
    }

    #[inline(always)]
    fn strength(hand: Game) -> u128 {
        let v = Self::nibble_field(hand.cs);
        let (sum, category) = Self::classify(hand, v);
        let ranks = v & NIBBLE_LOW_BITS;
        let top_count = (TOP_COUNT_SHIFT >> (4 * sum)) & 3;
        let major = v >> top_count & NIBBLE_LOW_BITS;
        let minor = ranks ^ major;
        // The wheel's ace plays low: move its bit from nibble 14 to nibble 1.
        let major = if ranks == WHEEL_RANKS {
            major ^ (1 << 56 | 1 << 4)
        } else {
            major
        };
        u128::from((category as u64) << 60 | major) << 64 | u128::from(minor)
    }
}
