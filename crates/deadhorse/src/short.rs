//! Short deck: the seven-card evaluation by short deck's rules.

use handeval_core::rules::{Rules, SHORT_DECK};
use handeval_core::{
    BestFive, CardTable, Category, Evaluator, Game, Hand, Role, Short as ShortHand,
};

use crate::seven::{category_by, evaluate};

/// DeadHorseEval's seven-card evaluation of short deck's five cards: the
/// scale [`Short`]'s values are on (a flush's type above a full house's,
/// A-6-7-8-9 the lowest straight). It is not registered on its own: the
/// five-card short-deck game's evaluator is [`Short`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortFive;

impl Evaluator for ShortFive {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/short-five",
        summary: "DeadHorseEval's seven-card evaluation of five short-deck cards, by short deck's rules",
        ..<Short as BestFive<handeval_core::Short5>>::META
    };
    const RULES: &'static Rules = &SHORT_DECK;

    type Encoded = Hand;
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> Hand {
        *hand
    }

    #[inline(always)]
    fn category(hand: Hand) -> Category {
        category_by::<true>(evaluate::<5, true>(&hand))
    }

    #[inline(always)]
    fn strength(hand: Hand) -> u32 {
        evaluate::<5, true>(&hand)
    }
}

/// DeadHorseEval for short deck, table-free and direct: [`crate::Seven`]'s
/// sum, OR and XOR of the cards and its suit counters, with short deck's
/// lowest straight (A-6-7-8-9, its ace read as the 5 the deck does not
/// hold: `0xF8`, below 6-7-8-9-T's `0x1F0`) and a flush's type (6) above a
/// full house's (5). Five or seven cards, never their fives.
///
/// ```
/// use handeval_core::{BestFive, Category, Short7};
/// use handeval_deadhorse::Short;
///
/// // Trips of kings and four hearts: with the king of hearts, a flush,
/// // which in short deck beats the full house kings could have made.
/// let hand: Short7 = "Kh Kd Ks Th 7h 8h 6h".parse().unwrap();
/// assert_eq!(Short::category(&hand), Category::Flush);
/// let straight: Short7 = "Ac Ad 6h 7s 8d 9c Jh".parse().unwrap();
/// assert_eq!(Short::category(&straight), Category::Straight);
/// assert_eq!(Short::strength(&straight), 4 << 26 | 0xF8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Short;

impl<const N: usize> BestFive<ShortHand<N>> for Short
where
    ShortHand<N>: Game,
{
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/short",
        summary: "DeadHorseEval for short deck: the seven-card sum, OR and XOR with A-6-7-8-9 the lowest straight and a flush above a full house, never the fives",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Seven as BestFive<handeval_core::Hand7>>::META.name),
        table_bytes: 0,
        card_table_bytes: CardTable::<u32>::BYTES,
    };

    type Five = ShortFive;
    type Strength = u32;

    #[inline(always)]
    fn category(hand: &ShortHand<N>) -> Category {
        category_by::<true>(evaluate::<N, true>(&hand.hand()))
    }

    #[inline(always)]
    fn strength(hand: &ShortHand<N>) -> u32 {
        evaluate::<N, true>(&hand.hand())
    }
}
