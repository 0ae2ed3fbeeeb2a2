//! The five-card extension: the pre-encoded workloads
//! (`strength/shuffled/encoded` and the rest), which time a five-card
//! evaluator's algorithm alone, its hands already in its own encoding.
//!
//! It is an extension, not a second pipeline, because only five-card
//! evaluators ([`Evaluator`]) have an encoding of their own; the hands are
//! the five-card game's, drawn by [`crate::hands`], and checked, like every
//! game's, hand by hand against the reference's classes.

use handeval_core::{Category, Evaluator, Hand, HandClass, Role};
use handeval_reference::scale;

use crate::rounds::Timed;
use crate::{Kind, Workload};

/// An encoded workload's hands, prepared and checked, ready to be timed
/// block by block.
pub struct Encoded<E: Evaluator> {
    /// Whether the workload asks for the category alone, else the full
    /// strength (a Hi-Lo game's low workload is prepared by
    /// [`crate::lows`]).
    category: bool,
    /// Hands per timed block ([`crate::Mode::block_of`]).
    block: usize,
    hands: Vec<Hand>,
    values: Vec<E::Encoded>,
    categories: Vec<Category>,
    strengths: Vec<E::Strength>,
}

impl<E: Evaluator> Encoded<E> {
    /// Encodes `hands` and makes the output buffers for what `kind` asks for.
    ///
    /// # Panics
    /// If `hands` is empty.
    pub fn new(hands: &[Hand], kind: Kind, block: usize) -> Self {
        let blank = E::strength(E::encode(&hands[0]));
        Encoded {
            category: kind == Kind::Category,
            block,
            hands: hands.to_vec(),
            values: hands.iter().map(E::encode).collect(),
            categories: vec![Category::HighCard; block],
            strengths: vec![blank; block],
        }
    }

    /// Evaluates every prepared hand through the timed batch loop, outside
    /// the timing, and checks each hand's class (strengths) or category
    /// against the reference's `classes`. The floor only has to have run.
    ///
    /// # Errors
    /// A message naming the evaluator, the workload and the first wrong hand.
    pub fn check(&self, workload: Workload, classes: &[u16]) -> Result<(), String> {
        let wrong = |hand: &Hand, got: String, want: String| {
            Err(format!(
                "{} on {workload}: {hand} is {got}, the reference says {want}",
                E::META.name
            ))
        };
        if self.category {
            let mut out = vec![Category::HighCard; self.hands.len()];
            E::categories(&self.values, &mut out);
            if E::META.role == Role::Floor {
                return Ok(());
            }
            for ((hand, &got), &want) in self.hands.iter().zip(&out).zip(classes) {
                let want = HandClass::new(want).map(HandClass::category);
                if Some(got) != want {
                    return wrong(hand, format!("{got:?}"), format!("{want:?}"));
                }
            }
        } else {
            let mut out = vec![self.strengths[0]; self.hands.len()];
            E::strengths(&self.values, &mut out);
            if E::META.role == Role::Floor {
                return Ok(());
            }
            let scale = scale::<E>();
            for ((hand, value), &want) in self.hands.iter().zip(&out).zip(classes) {
                let got = scale.class(*value);
                if got != Some(u32::from(want)) {
                    return wrong(hand, format!("class {got:?}"), want.to_string());
                }
            }
        }
        Ok(())
    }

    /// Checks the first `n` hands' categories against the literal
    /// reference, which needs no table: for the instruction-count sample,
    /// run under valgrind. The floor is exempt.
    ///
    /// # Errors
    /// A message naming the evaluator and the first wrong hand.
    pub fn check_literally(&self, n: usize) -> Result<(), String> {
        if E::META.role == Role::Floor {
            return Ok(());
        }
        let mut out = vec![Category::HighCard; n];
        E::categories(&self.values[..n], &mut out);
        for (hand, &got) in self.hands.iter().zip(&out) {
            let want = handeval_reference::Reference::category(
                handeval_reference::Reference::encode(hand),
            );
            if got != want {
                return Err(format!("{} on {hand}: {got:?}, not {want:?}", E::META.name));
            }
        }
        Ok(())
    }

    /// Evaluates the prepared hands in `range` (at most a block of them)
    /// into the front of the output buffers.
    #[inline]
    fn run_range(&mut self, range: std::ops::Range<usize>) {
        let n = range.len();
        let encoded = std::hint::black_box(&self.values[range]);
        if self.category {
            E::categories(encoded, &mut self.categories[..n]);
            std::hint::black_box(&self.categories);
        } else {
            E::strengths(encoded, &mut self.strengths[..n]);
            std::hint::black_box(&self.strengths);
        }
    }

    /// Evaluates the first `n` hands (at most a block): the
    /// instruction-count sample's measured work.
    #[inline]
    pub fn run_sample(&mut self, n: usize) {
        self.run_range(0..n);
    }
}

impl<E: Evaluator> Timed for Encoded<E> {
    fn name(&self) -> &'static str {
        E::META.name
    }

    fn blocks(&self) -> usize {
        self.hands.len() / self.block
    }

    #[inline]
    fn pass(&mut self, block: usize) {
        let block = block % self.blocks();
        self.run_range(block * self.block..(block + 1) * self.block);
    }
}
