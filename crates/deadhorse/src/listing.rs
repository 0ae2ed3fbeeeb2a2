//! The full-strength `eval5` the README prints, bugs and all.

use handeval_core::{CardTable, Category, Evaluator, Hand, KnownErrors, Role};

use crate::{category_of, java_ints};

/// The full-strength `eval5` printed in DeadHorseEval's README (section
/// "Here is the eval - with the added functionality of return unique values
/// for hand comparison", `README.md` at upstream commit 28cf1b6, last changed
/// in d28d433), ported value for value with its two bugs:
///
/// - **Trips lose their rank.** `v=(pick)&8191^y` binds as `v = (pick & 8191)
///   ^ y`, so `v` holds the two kickers, not the trip, and the value is
///   `type | kickers | kickers << 13`: trips of different ranks with the same
///   kickers tie. (The pick itself, `(a&b)==(a&8191) ? a : (c&d)==(c&8191) ?
///   c : e`, always lands on a trip card: a shared suit makes `a&b` a suit
///   bit, never equal to `a`'s rank bit.)
/// - **Every flush ties.** The flush branch returns the bare type
///   `0x14000000`, without the ranks.
///
/// A published listing, not the shipped code ([`crate::Upstream`] is that):
/// checked for exactly these errors, never timed as a correct evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Listing;

impl Listing {
    /// The listing's `eval5`, on Java `int`s.
    #[inline(always)]
    pub fn eval5(a: i32, b: i32, c: i32, d: i32, e: i32) -> i32 {
        let x = (a ^ b ^ c ^ d ^ e) & 8191;
        let y = (a | b | c | d | e) & 8191;
        let z = y ^ x;
        let mut v = y & (y - 1);
        v &= v - 1;
        if v == 0 {
            return if (a + b + c + d + e - x) & 8191 == 8191 & (z << 2) {
                0x1C00_0000 | x | z << 13
            } else {
                0x1800_0000 | z | x << 13
            };
        }
        v &= v - 1;
        if v == 0 {
            return if z != 0 {
                0x0800_0000 | x | z << 13
            } else {
                let pick = if (a & b) == (a & 8191) {
                    a
                } else if (c & d) == (c & 8191) {
                    c
                } else {
                    e
                };
                // Java's precedence: `&` before `^`, so the assignment takes
                // the XOR with `y`.
                v = (pick & 8191) ^ y;
                0x0C00_0000 | v | v << 13
            };
        }
        v &= v - 1;
        if v == 0 {
            return 0x0400_0000 | x | z << 13;
        }
        let strt = 0x1F1_D100 % y == 0;
        let flsh = (a & b & c & d & e) != 0;
        if strt {
            (if x == 4111 { 15 } else { x }) | if flsh { 0x2000_0000 } else { 0x1000_0000 }
        } else if flsh {
            0x1400_0000
        } else {
            x
        }
    }
}

impl Evaluator for Listing {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/listing",
        summary: "DeadHorseEval README's printed full-strength eval5 (28cf1b6): trips lose their rank, every flush ties",
        family: crate::FAMILY,
        role: Role::Listing,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: CardTable::<u32>::BYTES,
    };
    const KNOWN_ERRORS: Option<KnownErrors> = Some(KnownErrors {
        distinct: 5_406,
        wrong_category: 0,
        // Every three of a kind (54,912) and every flush (5,108).
        misordered: 60_020,
    });

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
