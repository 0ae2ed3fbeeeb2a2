//! The seed README's method, giving the shipped code's values.

use handeval_core::{CardTable, Category, Evaluator, Hand, Role};

use crate::{Fields, RANKS, STRAIGHTS, WHEEL, category_of, encode};

/// DeadHorseEval by the method its README first described (README at
/// upstream commit 85994db, 2015-05-16, the lab's seed document): hardware
/// `%` by a variable for the straight *and* flush tests, popcount(OR) +
/// popcount(XOR) to sort out the repeated ranks, and the arithmetic-sum test
/// for quads. That README printed no full-strength code, so the value is the
/// shipped code's ([`crate::Upstream`], commit 28cf1b6), int for int on
/// every hand (a test checks all of them). See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Readme;

impl Readme {
    /// The value in upstream's layout. With `FULL == false` only the type
    /// (and the ranks the royal test needs) is computed.
    #[inline(always)]
    #[allow(
        clippy::manual_is_multiple_of,
        reason = "the README's `%` tests, written as it writes them"
    )]
    fn evaluate<const FULL: bool>(cards: [u32; 5]) -> u32 {
        let [a, b, c, d, e] = cards;
        let fields @ Fields { or, y, x } = Fields::of(cards);
        let z = y ^ x;
        match fields.popcount_sum() {
            7 => 1 << 26 | x | z << 13,
            4 => 2 << 26 | x | z << 13,
            6 if !FULL => 3 << 26,
            6 => {
                // The trip rank is shared by two of a, b, c, or else it is e's,
                // as the shipped code finds it (ranks compared, not whole cards).
                let shares = |p: u32, q: u32| p & q & RANKS != 0;
                let t = if shares(a, b) || shares(a, c) {
                    a
                } else if shares(b, c) {
                    b
                } else {
                    e
                } & RANKS;
                3 << 26 | (t ^ y) | t << 13
            }
            3 => {
                // Quads iff sum - kicker == 4 * quad, compared mod 2^13 as upstream does.
                let sum = a + b + c + d + e;
                if (sum - x) & RANKS == (z << 2) & RANKS {
                    7 << 26 | x | z << 13
                } else {
                    6 << 26 | z | x << 13
                }
            }
            _ => {
                // Five distinct ranks: the README's two modulo tests.
                let straight = STRAIGHTS % y == 0;
                let flush = 65536 % (or & !RANKS) == 0;
                let ranks = if straight && x == WHEEL { 0xF } else { x };
                let kind = match (straight, flush) {
                    (true, true) => 8,
                    (false, true) => 5,
                    (true, false) => 4,
                    (false, false) => 0,
                };
                kind << 26 | ranks
            }
        }
    }
}

impl Evaluator for Readme {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/readme",
        summary: "DeadHorseEval by its README's method (85994db, 2015): % tests for straight and flush, OR/XOR popcounts; values as shipped at 28cf1b6",
        family: crate::FAMILY,
        role: Role::Faithful,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: CardTable::<u32>::BYTES,
    };

    type Encoded = [u32; 5];
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> [u32; 5] {
        encode(*hand)
    }

    #[inline]
    fn category(cards: [u32; 5]) -> Category {
        category_of(Self::evaluate::<false>(cards))
    }

    #[inline]
    fn strength(cards: [u32; 5]) -> u32 {
        Self::evaluate::<true>(cards)
    }
}
