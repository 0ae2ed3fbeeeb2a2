//! The seven-card reference: the best of the 21 five-card hands, by the
//! five-card reference.

use handeval_core::{Category, Evaluator, Evaluator7, FIVE_OF_SEVEN, Family, Hand, Hand7, Role};

use crate::{Reference, Strength, evaluate};

/// The seven-card reference: a seven-card hand is worth its best five
/// cards, so it evaluates all 21 fives with [`Reference`] and keeps the
/// strongest. That is the definition, computed literally; every other
/// seven-card evaluator is checked against it hand by hand.
///
/// ```
/// use handeval_core::{Category, Evaluator7, Hand7};
/// use handeval_reference::{Reference, Reference7, best_five};
///
/// // A straight and a flush in different cards: the flush wins.
/// let hand: Hand7 = "9h 8h 7c 6h 5d 2h Kh".parse().unwrap();
/// assert_eq!(Reference7::category(&hand), Category::Flush);
/// assert_eq!(best_five(&hand).to_string(), "9h 8h 6h 2h Kh");
/// assert_eq!(Reference::class_of(Reference7::strength(&hand)).get(), 1083);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference7;

/// The best five of the seven cards: the first of the strongest in
/// [`FIVE_OF_SEVEN`] order (several fives tie when a card does not play).
pub fn best_five(hand: &Hand7) -> Hand {
    let fives = hand.fives();
    let mut best = fives[0];
    let mut best_strength = evaluate(&best);
    for five in &fives[1..] {
        let strength = evaluate(five);
        if strength > best_strength {
            best = *five;
            best_strength = strength;
        }
    }
    best
}

impl Evaluator7 for Reference7 {
    const NAME: &'static str = "reference";
    const FAMILY: Family = <Reference as Evaluator>::FAMILY;
    const ROLE: Role = Role::Reference;
    const DERIVED_FROM: Option<&'static str> = None;
    const SUMMARY: &'static str =
        "naive oracle: the strongest of the 21 five-card hands by the five-card reference";

    type Five = Reference;
    type Strength = Strength;

    fn category(hand: &Hand7) -> Category {
        Self::strength(hand).category
    }

    fn strength(hand: &Hand7) -> Strength {
        evaluate(&best_five(hand))
    }
}

// The table of positions is what makes "all 21" true; spelled out here so
// that the reference does not lean on it unchecked.
const _: () = assert!(FIVE_OF_SEVEN.len() == 21);
