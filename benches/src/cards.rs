//! The workloads of hands larger than five cards: full strength from the
//! cards, over [`HANDS`] hands in [`Cards::all`] order or drawn at random,
//! for any size.
//!
//! Six- and seven-card evaluators are timed from cards only (see
//! [`handeval_core::BestFive`]), in the same unit as five-card ones: blocks
//! of [`BLOCK`] hands, [`BLOCKS`] blocks per pass.

use std::collections::HashSet;

use handeval_core::{BestFive, Card, Cards, Category, HandClass, Role};
use handeval_reference::scale;
use handeval_reference::table::ClassTable;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::rounds::Timed;
use crate::{BLOCK, BLOCKS, Kind, Workload};

/// Hands per workload: as many as five-card hands, so that the blocks are
/// the same size.
pub const HANDS: usize = BLOCK * BLOCKS;

/// Where the sequential hands of a size start in [`Cards::all`] order: the
/// middle hand, away from the all-low-cards start.
pub const fn sequential_start<H: Cards>() -> usize {
    H::HANDS / 2
}

/// [`HANDS`] consecutive hands of [`Cards::all`] from [`sequential_start`].
pub fn sequential<H: Cards>() -> Vec<H> {
    sequential_first::<H>(HANDS)
}

/// The first `n` of [`sequential`]'s hands.
pub fn sequential_first<H: Cards>(n: usize) -> Vec<H> {
    let mut all = H::all();
    let first = all.nth(sequential_start::<H>());
    first.into_iter().chain(all).take(n).collect()
}

/// [`HANDS`] distinct hands of `H` drawn uniformly (distinct cards each,
/// repeats redrawn) by a ChaCha8 generator seeded with `seed`.
pub fn shuffled<H: Cards>(seed: u64) -> Vec<H> {
    shuffled_first::<H>(seed, HANDS)
}

/// The first `n` hands of [`shuffled`]`(seed)`, drawn without drawing the rest.
///
/// # Panics
/// Never: the cards are always drawn from 52 without replacement.
pub fn shuffled_first<H: Cards>(seed: u64, n: usize) -> Vec<H> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck: Vec<Card> = Card::all().collect();
    let mut seen = HashSet::with_capacity(n);
    let mut hands = Vec::with_capacity(n);
    while hands.len() < n {
        let cards: Vec<Card> = deck.sample(&mut rng, H::COUNT).copied().collect();
        let hand = H::from_cards(&cards).expect("sampled without replacement");
        let mask = cards.iter().fold(0u64, |m, c| m | 1 << c.index());
        if seen.insert(mask) {
            hands.push(hand);
        }
    }
    hands
}

/// The reference's class of each hand (the class of its best five), read
/// from the five-card reference's table.
pub fn reference_classes<H: Cards>(hands: &[H]) -> Vec<u16> {
    let table = ClassTable::get();
    hands.iter().map(|h| table.best(h)).collect()
}

/// A workload's hands of `H`, prepared and checked, ready to be timed.
pub struct PreparedCards<H: Cards, E: BestFive<H>> {
    kind: Kind,
    hands: Vec<H>,
    strengths: Vec<E::Strength>,
    categories: Vec<Category>,
}

impl<H: Cards, E: BestFive<H>> PreparedCards<H, E> {
    /// Takes the workload's hands and makes the output buffer for what
    /// `kind` asks for: strengths or categories.
    pub fn new(hands: &[H], kind: Kind) -> Self {
        PreparedCards {
            kind,
            hands: hands.to_vec(),
            strengths: vec![E::strength(&hands[0]); BLOCK],
            categories: vec![Category::HighCard; BLOCK],
        }
    }

    /// Evaluates every prepared hand through the timed batch loop, outside
    /// the timing, and checks each hand's class (its value's place on the
    /// evaluator's five-card scale) against the reference's `classes`. The
    /// floor only has to have run. The literal reference, the definition
    /// the classes are read from a table by (at microseconds a hand, seconds
    /// a workload), is checked on the first block: the tests hold it to the
    /// table on a million hands and every pitfall.
    ///
    /// # Errors
    /// A message naming the evaluator, the workload and the first wrong hand.
    pub fn check(&self, workload: Workload, classes: &[u16]) -> Result<(), String> {
        let checked = if E::ROLE == Role::Reference {
            &self.hands[..BLOCK.min(self.hands.len())]
        } else {
            &self.hands[..]
        };
        if self.kind == Kind::Category {
            return Self::check_categories(workload, checked, classes);
        }
        let mut out = vec![self.strengths[0]; checked.len()];
        E::strengths(checked, &mut out);
        if E::ROLE == Role::Floor {
            return Ok(());
        }
        let scale = scale::<E::Five>();
        for ((hand, value), &want) in checked.iter().zip(&out).zip(classes) {
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

impl<H: Cards, E: BestFive<H>> PreparedCards<H, E> {
    /// Evaluates the first `n` hands (at most [`BLOCK`]) through the batch
    /// loop the workload times: what the instruction counts count.
    pub fn run_sample(&mut self, n: usize) {
        let hands = &self.hands[..n];
        match self.kind {
            Kind::Strength => {
                E::strengths(std::hint::black_box(hands), &mut self.strengths[..n]);
                std::hint::black_box(&self.strengths);
            }
            Kind::Category => {
                E::categories(std::hint::black_box(hands), &mut self.categories[..n]);
                std::hint::black_box(&self.categories);
            }
        }
    }

    /// Checks each of the first `n` hands' category against the literal
    /// definition (the best of its fives by the five-card reference), which
    /// needs no table: for the instruction-count sample, run under valgrind,
    /// where building the class table would take minutes.
    ///
    /// # Errors
    /// A message naming the evaluator and the first wrong hand.
    pub fn check_literally(&self, n: usize) -> Result<(), String> {
        if E::ROLE == Role::Floor {
            return Ok(());
        }
        let hands = &self.hands[..n];
        let mut out = vec![Category::HighCard; n];
        E::categories(hands, &mut out);
        for (hand, &got) in hands.iter().zip(&out) {
            let want = handeval_core::best_category_of::<handeval_reference::Reference, H>(hand);
            if got != want {
                return Err(format!("{} on {hand}: {got:?}, not {want:?}", E::NAME));
            }
        }
        Ok(())
    }

    /// [`check`](PreparedCards::check) for a category workload: each
    /// hand's category against its reference class's.
    fn check_categories(workload: Workload, hands: &[H], classes: &[u16]) -> Result<(), String> {
        let mut out = vec![Category::HighCard; hands.len()];
        E::categories(hands, &mut out);
        if E::ROLE == Role::Floor {
            return Ok(());
        }
        for ((hand, &got), &want) in hands.iter().zip(&out).zip(classes) {
            let want = HandClass::new(want).map(HandClass::category);
            if Some(got) != want {
                return Err(format!(
                    "{} on {workload}: {hand} is {got:?}, the reference says {want:?}",
                    E::NAME
                ));
            }
        }
        Ok(())
    }
}

impl<H: Cards, E: BestFive<H>> Timed for PreparedCards<H, E> {
    fn name(&self) -> &'static str {
        E::NAME
    }

    fn blocks(&self) -> usize {
        self.hands.len() / BLOCK
    }

    #[inline]
    fn pass(&mut self, block: usize) {
        // Wrapping at this set's blocks: all [`BLOCKS`], or a smoke run's few.
        let block = block % self.blocks();
        let hands = &self.hands[block * BLOCK..(block + 1) * BLOCK];
        match self.kind {
            Kind::Strength => {
                E::strengths(std::hint::black_box(hands), &mut self.strengths);
                std::hint::black_box(&self.strengths);
            }
            Kind::Category => {
                E::categories(std::hint::black_box(hands), &mut self.categories);
                std::hint::black_box(&self.categories);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::{Hand6, Hand7};

    #[test]
    fn the_sets_are_seeded_distinct_and_sized() {
        let a = shuffled::<Hand7>(5);
        assert_eq!(a.len(), HANDS);
        assert_eq!(a[..100], shuffled::<Hand7>(5)[..100]);
        let seq = sequential::<Hand7>();
        assert_eq!(seq.len(), HANDS);
        assert!(seq.windows(2).all(|w| w[0].mask() != w[1].mask()));
        assert_eq!(
            seq[0],
            Hand7::all().nth(sequential_start::<Hand7>()).unwrap()
        );
        assert_eq!(shuffled_first::<Hand7>(5, 100), a[..100]);
        let six = shuffled::<Hand6>(5);
        assert_eq!(six.len(), HANDS);
        assert_eq!(sequential::<Hand6>().len(), HANDS);
    }

    // The best of the first five cards only: not the best of seven.
    struct FirstFive;
    impl BestFive<Hand7> for FirstFive {
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
        let hands = &shuffled::<Hand7>(1)[..BLOCK];
        let classes = reference_classes(hands);
        for workload in Workload::SEVEN {
            let good =
                PreparedCards::<Hand7, handeval_registry::ReferenceBest>::new(hands, workload.kind);
            assert_eq!(good.check(workload, &classes), Ok(()));
            let bad = PreparedCards::<Hand7, FirstFive>::new(hands, workload.kind);
            let err = bad.check(workload, &classes).unwrap_err();
            assert!(err.contains("the reference says"), "{err}");
        }
    }
}
