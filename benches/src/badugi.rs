//! A badugi game's workload (`strength/shuffled/badugi`): its hands, each
//! valued by a badugi evaluator of the registry
//! ([`handeval_registry::badugis`]) into its class.
//!
//! Every badugi evaluator goes through the same steps as an evaluator of a
//! high: prepared on the workload's hands, checked on every one of them
//! against the reference's class before anything is timed, then timed
//! block by block by criterion and in the rounds ([`crate::rounds::Timed`]).

use handeval_core::Game;
use handeval_core::badugi::{BadugiAbout, BadugiClass};

use crate::Workload;
use crate::rounds::Timed;

/// A badugi evaluator's prepared hands, ready to be timed.
pub struct PreparedBadugi<G: Game> {
    about: BadugiAbout<G>,
    /// Hands per timed block ([`crate::Mode::block_of`]).
    block: usize,
    hands: Vec<G>,
    classes: Vec<BadugiClass>,
}

/// Class 1, what an output buffer starts as.
fn first() -> BadugiClass {
    BadugiClass::new(1).expect("class 1")
}

impl<G: Game> PreparedBadugi<G> {
    /// `about`'s batch on `hands`, timed `block` at a time.
    pub fn new(about: BadugiAbout<G>, hands: &[G], block: usize) -> Self {
        PreparedBadugi {
            about,
            block,
            hands: hands.to_vec(),
            classes: vec![first(); block],
        }
    }

    /// Values every prepared hand through the timed batch, outside the
    /// timing, and checks each class against `want`, the reference's.
    ///
    /// # Errors
    /// A message naming the evaluator, the workload and the first wrong hand.
    pub fn check(&self, workload: Workload, want: &[BadugiClass]) -> Result<(), String> {
        let mut out = vec![first(); self.hands.len()];
        (self.about.classes)(&self.hands, &mut out);
        if want.len() != self.hands.len() {
            return Err(format!(
                "{} on {workload}: {} reference classes for {} hands",
                self.about.meta.name,
                want.len(),
                self.hands.len()
            ));
        }
        match self
            .hands
            .iter()
            .zip(&out)
            .zip(want)
            .find(|((_, got), want)| got != want)
        {
            Some(((hand, got), want)) => Err(format!(
                "{} on {workload}: {hand} is class {} ({got}), the reference says {} ({want})",
                self.about.meta.name,
                got.get(),
                want.get()
            )),
            None => Ok(()),
        }
    }
}

impl<G: Game> Timed for PreparedBadugi<G> {
    fn name(&self) -> &'static str {
        self.about.meta.name
    }

    fn blocks(&self) -> usize {
        self.hands.len() / self.block
    }

    #[inline]
    fn pass(&mut self, block: usize) {
        let hands = crate::rounds::block_at(&self.hands, self.block, block);
        (self.about.classes)(std::hint::black_box(hands), &mut self.classes);
        std::hint::black_box(&self.classes);
    }
}

/// The reference's class of each hand: the registry's reference badugi
/// evaluator.
///
/// # Errors
/// When the registry holds no reference evaluator of `G`.
pub fn reference_classes<G: Game>(hands: &[G]) -> Result<Vec<BadugiClass>, String> {
    let reference = handeval_registry::badugis::<G>()
        .into_iter()
        .find(|a| a.meta.role == handeval_core::Role::Reference)
        .ok_or_else(|| format!("no reference badugi evaluator of {}", G::ID))?;
    let mut out = vec![first(); hands.len()];
    (reference.classes)(hands, &mut out);
    Ok(out)
}
