//! The four lines as written, in IEEE doubles, operation for operation.

use handeval_core::{Category, Evaluator, Hand, Role};

use crate::{Game, INDEX_TABLE, encode, pack};

/// subskybox's analyzer exactly as the article writes it, in `f64`. It exists
/// so that a write-up can quote what the original costs; see the
/// [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Faithful;

/// ECMAScript's ToInt32, for the values this algorithm feeds it: NaN, or
/// finite values below 2^63 in magnitude. `as i64` truncates toward zero and
/// maps NaN to 0, as ToInt32 does; `as i32` is its reduction modulo 2^32.
#[inline(always)]
pub(crate) fn to_int32(x: f64) -> i32 {
    x as i64 as i32
}

/// `Math.pow(2, e)` for the integer exponents used here (8..=56), where it is
/// exact. Built from the exponent bits because `core` has no `powf`; a
/// JavaScript engine's `pow` returns the same double.
#[inline(always)]
pub(crate) fn math_pow_2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

impl Faithful {
    /// Lines 1 and 2 of the original: the rank set `s` and the nibble field `v`.
    #[inline(always)]
    pub fn fields(hand: Game) -> (i32, f64) {
        let cs = hand.cs.map(i32::from);
        // Line 1: `s = 1<<cs[0]|1<<cs[1]|1<<cs[2]|1<<cs[3]|1<<cs[4]`, on int32.
        let s = 1 << cs[0] | 1 << cs[1] | 1 << cs[2] | 1 << cs[3] | 1 << cs[4];

        // Line 2: `for (i=-1, v=o=0; i<5; i++, o=Math.pow(2,cs[i]*4)) {v += o*((v/o&15)+1);}`
        let mut v = 0.0_f64;
        let mut o = 0.0_f64;
        let mut i = -1_i32;
        while i < 5 {
            // The first pass has o == 0: v/o is 0/0 = NaN, `NaN & 15` is 0, and
            // `0 * (0 + 1)` adds nothing. Later passes read rank r's nibble as
            // `v / 2^(4r) & 15` and store `o * (n + 1)`: n becomes 2n + 1.
            v += o * f64::from((to_int32(v / o) & 15) + 1);
            i += 1;
            // On the way out JavaScript also computes Math.pow(2, cs[5]*4),
            // which is NaN and never read; it is skipped here.
            if i < 5 {
                o = math_pow_2(cs[i as usize] * 4);
            }
        }
        (s, v)
    }

    /// Lines 3 and 4: the index into the original's `hands` table.
    #[inline(always)]
    #[allow(
        clippy::float_cmp,
        reason = "JavaScript's `==` on exact doubles, as written"
    )]
    fn index(s: i32, v: f64, ss: [u8; 5]) -> usize {
        // Line 3: `v = v % 15 - ((s/(s&-s) == 31) || (s == 0x403c) ? 3 : 1);`
        // JavaScript's `/` is a float division even on int32 operands.
        let straight = f64::from(s) / f64::from(s & -s) == 31.0 || s == 0x403c;
        let mut v = v % 15.0 - if straight { 3.0 } else { 1.0 };
        // Line 4: `v -= (ss[0] == (ss[1]|ss[2]|ss[3]|ss[4])) * ((s == 0x7c00) ? -5 : 1);`
        // The boolean is coerced to 0 or 1 and multiplied, as in the original.
        let flush = ss[0] == (ss[1] | ss[2] | ss[3] | ss[4]);
        v -= f64::from(u8::from(flush)) * if s == 0x7c00 { -5.0 } else { 1.0 };
        // `hands[v]`: the double is used as an array index.
        v as usize
    }
}

impl Evaluator for Faithful {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "subskybox/faithful",
        summary: "subskybox's four-line JavaScript mod-15 analyzer, as written: f64 nibble field, float % 15",
        family: crate::FAMILY,
        role: Role::Faithful,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: crate::CARD_TABLE_BYTES,
    };

    type Encoded = Game;
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> Game {
        encode(*hand)
    }

    #[inline]
    fn category(hand: Game) -> Category {
        let (s, v) = Self::fields(hand);
        INDEX_TABLE[Self::index(s, v, hand.ss)]
    }

    /// The category, then the ranks with the highest count, then the others,
    /// read from `v` one nibble at a time in the original's own idiom
    /// (`v / 2^(4r) & 15`, in doubles).
    #[inline]
    fn strength(hand: Game) -> u32 {
        let (s, v) = Self::fields(hand);
        let category = INDEX_TABLE[Self::index(s, v, hand.ss)];
        // Ranks by count: a nibble 0b1, 0b11, 0b111, 0b1111 has 1..4 bits set.
        let mut by_count = [0u32; 5];
        for r in 2..=14 {
            let nibble = to_int32(v / math_pow_2(4 * r)) & 15;
            by_count[nibble.count_ones() as usize] |= 1 << r;
        }
        let major = by_count[1..]
            .iter()
            .rev()
            .copied()
            .find(|&ranks| ranks != 0)
            .unwrap_or(0);
        pack(category, s as u32, major)
    }
}
