//! The differential check of a badugi game: every evaluator held to the
//! reference ([`handeval_reference::lowball::BadugiReference`]) on every
//! hand, 270,725 of four cards, hand by hand (a badugi has no board, so
//! there is no renaming of suits to spare work, and none is needed).

use std::fmt;

use handeval_core::Game;
use handeval_core::badugi::{BadugiAbout, BadugiClass, BadugiEvaluator};
use handeval_reference::lowball::BadugiReference;
use rayon::prelude::*;

/// One badugi evaluator's check: how many hands it was held to, and where
/// it differed from the reference.
#[derive(Clone, Debug)]
pub struct BadugiCheck<G: Game> {
    /// The evaluator's name.
    pub name: &'static str,
    /// Hands checked.
    pub hands: u64,
    /// Of them, the hands on which it differs from the reference.
    pub mismatches: u64,
    /// The first few hands that differ: the hand, its class, the
    /// reference's.
    pub examples: Vec<(G, BadugiClass, BadugiClass)>,
}

impl<G: Game> BadugiCheck<G> {
    /// Whether it agreed with the reference on every hand.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.mismatches == 0
    }
}

impl<G: Game> fmt::Display for BadugiCheck<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} hands, {} mismatches",
            self.name, self.hands, self.mismatches
        )?;
        if let Some((hand, got, want)) = self.examples.first() {
            write!(
                f,
                " (first: {hand} is class {} {got}, the reference's is {} {want})",
                got.get(),
                want.get()
            )?;
        }
        Ok(())
    }
}

/// How many differing hands a check keeps as examples.
const EXAMPLES: usize = 3;

/// Every hand of `G`, in the enumeration's order.
#[must_use]
pub fn every_hand_of<G: Game>() -> Vec<G> {
    G::parts().flat_map(G::part_hands).collect()
}

/// The reference's class of each of `hands`.
#[must_use]
pub fn reference_classes(hands: &[handeval_core::Badugi]) -> Vec<BadugiClass> {
    hands
        .par_iter()
        .map(<BadugiReference as BadugiEvaluator<handeval_core::Badugi>>::class)
        .collect()
}

/// Every evaluator in `evaluators` through its batch on each of `hands`,
/// held to `expected`, the reference's classes of them.
///
/// # Panics
/// If `hands` and `expected` differ in length.
#[must_use]
pub fn checked<G: Game>(
    evaluators: &[BadugiAbout<G>],
    hands: &[G],
    expected: &[BadugiClass],
) -> Vec<BadugiCheck<G>> {
    assert_eq!(hands.len(), expected.len(), "one reference class a hand");
    let first = BadugiClass::new(1).expect("class 1");
    evaluators
        .iter()
        .map(|e| {
            let mut classes = vec![first; hands.len()];
            hands
                .par_chunks(4096)
                .zip(classes.par_chunks_mut(4096))
                .for_each(|(h, c)| (e.classes)(h, c));
            let mut check = BadugiCheck {
                name: e.meta.name,
                hands: hands.len() as u64,
                mismatches: 0,
                examples: Vec::new(),
            };
            for ((hand, &got), &want) in hands.iter().zip(&classes).zip(expected) {
                if got != want {
                    check.mismatches += 1;
                    if check.examples.len() < EXAMPLES {
                        check.examples.push((*hand, got, want));
                    }
                }
            }
            check
        })
        .collect()
}

/// Every evaluator in `evaluators` on every badugi hand, held to the
/// reference.
#[must_use]
pub fn every_hand(
    evaluators: &[BadugiAbout<handeval_core::Badugi>],
) -> Vec<BadugiCheck<handeval_core::Badugi>> {
    let hands = every_hand_of::<handeval_core::Badugi>();
    let expected = reference_classes(&hands);
    checked(evaluators, &hands, &expected)
}
