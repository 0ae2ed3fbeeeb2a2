//! The reference for six and seven cards: the best of the hand's five-card
//! hands, by the five-card reference.

use handeval_core::{BestFive, Cards, Category, Evaluator, Family, Hand, Role};

use crate::{Reference, Strength, evaluate};

/// The reference for hands of six or seven cards: a hand is worth its best
/// five cards, so it evaluates every five (6 of six cards, 21 of seven)
/// with [`Reference`] and keeps the strongest. That is the definition,
/// computed literally; every other evaluator of the size is checked against
/// it, or against [`ClassTable::best`](crate::table::ClassTable::best),
/// which the tests hold to it.
///
/// ```
/// use handeval_core::{BestFive, Category, Hand6, Hand7};
/// use handeval_reference::{Reference, ReferenceBest, best_five};
///
/// // A straight and a flush in different cards: the flush wins.
/// let hand: Hand7 = "9h 8h 7c 6h 5d 2h Kh".parse().unwrap();
/// assert_eq!(ReferenceBest::category(&hand), Category::Flush);
/// assert_eq!(best_five(&hand).to_string(), "9h 8h 6h 2h Kh");
/// assert_eq!(Reference::class_of(ReferenceBest::strength(&hand)).get(), 1083);
/// let six: Hand6 = "9h 8h 7c 6h 5d Kh".parse().unwrap();
/// assert_eq!(ReferenceBest::category(&six), Category::Straight);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ReferenceBest;

/// The best five of a hand's cards: the first of the strongest in
/// [`Cards::FIVES`] order (several fives tie when a card does not play).
///
/// # Panics
/// Never: a hand of any size holds at least one five.
pub fn best_five<H: Cards>(hand: &H) -> Hand {
    let mut fives = hand.fives();
    let mut best = fives.next().expect("a hand has a five");
    let mut best_strength = evaluate(&best);
    for five in fives {
        let strength = evaluate(&five);
        if strength > best_strength {
            best = five;
            best_strength = strength;
        }
    }
    best
}

impl<H: Cards> BestFive<H> for ReferenceBest {
    const NAME: &'static str = "reference";
    const FAMILY: Family = <Reference as Evaluator>::FAMILY;
    const ROLE: Role = Role::Reference;
    const DERIVED_FROM: Option<&'static str> = None;
    const SUMMARY: &'static str =
        "naive oracle: the strongest of the hand's five-card hands by the five-card reference";

    type Five = Reference;
    type Strength = Strength;

    fn category(hand: &H) -> Category {
        Self::strength(hand).category
    }

    fn strength(hand: &H) -> Strength {
        evaluate(&best_five(hand))
    }
}
