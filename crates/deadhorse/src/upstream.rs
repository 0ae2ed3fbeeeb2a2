//! `DeadHorse.eval5` as shipped.

use handeval_core::{CardTable, Category, Evaluator, Hand, Role};

use crate::{category_of, java_ints};

/// DeadHorseEval's five-card evaluator as its repository ships it:
/// `DeadHorse.eval5` in `src/main/java/com/jmedia/poker/DeadHorse.java` at
/// upstream commit 28cf1b6 (2024-10-14), on Java `int`s, with the same tests
/// in the same order. See the [crate documentation](crate).
///
/// It counts distinct ranks by clearing the lowest set bit of the rank OR,
/// once per test, instead of adding popcounts: two distinct ranks are quads
/// or a full house (the sum test), three are two pair (when `y ^ x != 0`) or
/// trips, four a pair, five a straight by `0x1F1D100 % y`, a flush by the
/// AND of the cards. The trip rank is the first of `a&b`, `a&c`, `b&c` that
/// shares a rank, else `e` (the October 2024 fix, a5aabcd, masks the suits
/// off before testing).
#[derive(Clone, Copy, Debug, Default)]
pub struct Upstream;

impl Upstream {
    /// `eval5(a, b, c, d, e)`: Java `int` in, Java `int` out.
    #[inline(always)]
    pub fn eval5(a: i32, b: i32, c: i32, d: i32, e: i32) -> i32 {
        let m = 0x1FFF;
        let x = (a ^ b ^ c ^ d ^ e) & m;
        let y = (a | b | c | d | e) & m;
        let z = y ^ x;
        // Five cards hold at least two ranks, so `v` is never 0 before a
        // clear, and no `v - 1` below can wrap.
        let mut v = y & (y - 1);
        v &= v - 1;
        if v == 0 {
            // Two ranks: four of a kind or a full house.
            return if (a + b + c + d + e - x) & m == m & (z << 2) {
                0x1C00_0000 | x | z << 13
            } else {
                0x1800_0000 | z | x << 13
            };
        }
        v &= v - 1;
        if v == 0 {
            // Three ranks: two pair, or trips.
            return if z != 0 {
                0x0800_0000 | x | z << 13
            } else {
                let trip = if (a & b & m) != 0 || (a & c & m) != 0 {
                    a
                } else if (b & c & m) != 0 {
                    b
                } else {
                    e
                } & m;
                0x0C00_0000 | (trip ^ y) | trip << 13
            };
        }
        v &= v - 1;
        if v == 0 {
            // Four ranks: one pair.
            return 0x0400_0000 | x | z << 13;
        }
        let s = 0x1F1_D100 % y == 0;
        let f = (a & b & c & d & e) != 0;
        if s {
            (if x == 0x100F { 15 } else { x }) | if f { 0x2000_0000 } else { 0x1000_0000 }
        } else if f {
            0x1400_0000 | x
        } else {
            x
        }
    }
}

impl Evaluator for Upstream {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/upstream",
        summary: "DeadHorseEval's DeadHorse.eval5 as shipped at 28cf1b6 (2024): distinct ranks by clearing low bits, AND flush test, Java ints",
        family: crate::FAMILY,
        role: Role::Faithful,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: CardTable::<u32>::BYTES,
    };

    type Encoded = [i32; 5];
    type Strength = i32;

    #[inline(always)]
    fn encode(hand: &Hand) -> [i32; 5] {
        java_ints(hand)
    }

    #[inline]
    fn category(cards: [i32; 5]) -> Category {
        category_of(Self::strength(cards) as u32)
    }

    #[inline]
    fn strength(cards: [i32; 5]) -> i32 {
        let [a, b, c, d, e] = cards;
        Self::eval5(a, b, c, d, e)
    }
}
