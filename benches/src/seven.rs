//! The seven-card workloads: full strength from seven cards, over
//! [`HANDS7`] hands in the [`all_hands7`] order or drawn at random.
//!
//! Seven-card evaluators are timed from cards only (see
//! [`handeval_core::Evaluator7`]), in the same unit as five-card ones:
//! blocks of [`BLOCK`] hands, [`BLOCKS`] blocks per pass.

use std::collections::HashSet;

use handeval_core::{Card, Evaluator7, HAND7_COUNT, Hand7, Role, all_hands7};
use handeval_reference::scale;
use handeval_reference::table::ClassTable;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::rounds::Timed;
use crate::{BLOCK, BLOCKS, Workload};

/// Seven-card hands per workload: as many as five-card hands, so that the
/// blocks are the same size.
pub const HANDS7: usize = BLOCK * BLOCKS;

/// Where the sequential seven-card hands start in [`all_hands7`] order: the
/// middle hand, away from the all-low-cards start.
pub const SEQUENTIAL7_START: usize = HAND7_COUNT / 2;

/// [`HANDS7`] consecutive hands of [`all_hands7`] from [`SEQUENTIAL7_START`].
pub fn sequential7() -> Vec<Hand7> {
    all_hands7().skip(SEQUENTIAL7_START).take(HANDS7).collect()
}

/// [`HANDS7`] distinct seven-card hands drawn uniformly (seven distinct
/// cards each, repeats redrawn) by a ChaCha8 generator seeded with `seed`.
///
/// # Panics
/// Never: seven cards are always drawn from 52 without replacement.
pub fn shuffled7(seed: u64) -> Vec<Hand7> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck: Vec<Card> = Card::all().collect();
    let mut seen = HashSet::with_capacity(HANDS7);
    let mut hands = Vec::with_capacity(HANDS7);
    while hands.len() < HANDS7 {
        let mut picked = deck.sample(&mut rng, 7);
        let cards: [Card; 7] = std::array::from_fn(|_| *picked.next().expect("seven of 52"));
        let hand = Hand7::new(cards).expect("sampled without replacement");
        if seen.insert(hand.mask()) {
            hands.push(hand);
        }
    }
    hands
}

/// The reference's class of each hand (the class of its best five), read
/// from the five-card reference's table.
pub fn reference_classes7(hands: &[Hand7]) -> Vec<u16> {
    let table = ClassTable::get();
    hands.iter().map(|h| table.seven(h)).collect()
}

/// A seven-card workload's hands, prepared and checked, ready to be timed.
pub struct Prepared7<E: Evaluator7> {
    hands: Vec<Hand7>,
    strengths: Vec<E::Strength>,
}

impl<E: Evaluator7> Prepared7<E> {
    /// Takes the workload's hands and makes the output buffer.
    pub fn new(hands: &[Hand7]) -> Self {
        Prepared7 {
            hands: hands.to_vec(),
            strengths: vec![E::strength(&hands[0]); BLOCK],
        }
    }

    /// Evaluates every prepared hand through the timed batch loop, outside
    /// the timing, and checks each hand's class (its value's place on the
    /// evaluator's five-card scale) against the reference's `classes`. The
    /// floor only has to have run.
    ///
    /// # Errors
    /// A message naming the evaluator, the workload and the first wrong hand.
    pub fn check(&self, workload: Workload, classes: &[u16]) -> Result<(), String> {
        let mut out = vec![self.strengths[0]; self.hands.len()];
        E::strengths(&self.hands, &mut out);
        if E::ROLE == Role::Floor {
            return Ok(());
        }
        let scale = scale::<E::Five>();
        for ((hand, value), &want) in self.hands.iter().zip(&out).zip(classes) {
            let got = scale.class(*value);
            if got != Some(u32::from(want)) {
                return Err(format!(
                    "{} on {workload}: {hand} is class {got:?}, the reference says {want}",
                    E::NAME
                ));
            }
        }
        Ok(())
    }
}

impl<E: Evaluator7> Timed for Prepared7<E> {
    fn name(&self) -> &'static str {
        E::NAME
    }

    #[inline]
    fn pass(&mut self, block: usize) {
        let block = block % BLOCKS;
        let hands = &self.hands[block * BLOCK..(block + 1) * BLOCK];
        E::strengths(std::hint::black_box(hands), &mut self.strengths);
        std::hint::black_box(&self.strengths);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seven_card_sets_are_seeded_distinct_and_sized() {
        let a = shuffled7(5);
        assert_eq!(a.len(), HANDS7);
        assert_eq!(a[..100], shuffled7(5)[..100]);
        let seq = sequential7();
        assert_eq!(seq.len(), HANDS7);
        assert!(seq.windows(2).all(|w| w[0].mask() != w[1].mask()));
    }

    // The best of the first five cards only: not the best of seven.
    struct FirstFive;
    impl Evaluator7 for FirstFive {
        const NAME: &'static str = "broken/first-five";
        const SUMMARY: &'static str = "the first five cards only";
        const FAMILY: handeval_core::Family = handeval_core::Family {
            name: "broken",
            title: "deliberately broken evaluators",
        };
        const ROLE: Role = Role::Tuned;
        type Five = handeval_reference::Reference;
        type Strength = handeval_reference::Strength;
        fn category(hand: &Hand7) -> handeval_core::Category {
            Self::strength(hand).category
        }
        fn strength(hand: &Hand7) -> Self::Strength {
            handeval_reference::evaluate(&hand.fives()[0])
        }
    }

    #[test]
    fn the_check_rejects_a_broken_seven_card_evaluator() {
        let hands = &shuffled7(1)[..BLOCK];
        let classes = reference_classes7(hands);
        let workload = Workload::SEVEN[0];
        let good = Prepared7::<handeval_registry::Reference7>::new(hands);
        assert_eq!(good.check(workload, &classes), Ok(()));
        let bad = Prepared7::<FirstFive>::new(hands);
        let err = bad.check(workload, &classes).unwrap_err();
        assert!(err.contains("the reference says"), "{err}");
    }
}
