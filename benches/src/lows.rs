//! A Hi-Lo game's low workload (`low/shuffled/omaha8`): its hands, as its
//! high game deals them (`omaha8`'s are Omaha hands), each valued by a low
//! evaluator of the registry ([`handeval_registry::lows`]) into its best
//! qualifying low. The high half is the high game's workloads, timed there
//! once.
//!
//! Every low evaluator goes through the same steps as an evaluator of a
//! high: prepared on the workload's hands, checked on every one of them
//! against the reference's low before anything is timed, then timed block
//! by block by criterion and in the rounds ([`crate::rounds::Timed`]).

use handeval_core::Game;
use handeval_core::low::{Low, LowAbout};

use crate::Workload;
use crate::rounds::Timed;

/// A low evaluator's prepared hands, ready to be timed.
pub struct PreparedLows<G: Game> {
    about: LowAbout<G>,
    /// Hands per timed block ([`crate::Mode::block_of`]).
    block: usize,
    hands: Vec<G::High>,
    lows: Vec<Low>,
}

impl<G: Game> PreparedLows<G> {
    /// `about`'s batch on `hands`, timed `block` at a time.
    pub fn new(about: LowAbout<G>, hands: &[G::High], block: usize) -> Self {
        PreparedLows {
            about,
            block,
            hands: hands.to_vec(),
            lows: vec![Low::NONE; block],
        }
    }

    /// Values every prepared hand through the timed batch, outside the
    /// timing, and checks each low against `want`, the reference's.
    ///
    /// # Errors
    /// A message naming the evaluator, the workload and the first wrong hand.
    pub fn check(&self, workload: Workload, want: &[Low]) -> Result<(), String> {
        let mut out = vec![Low::NONE; self.hands.len()];
        (self.about.lows)(&self.hands, &mut out);
        match self
            .hands
            .iter()
            .zip(&out)
            .zip(want)
            .find(|((_, got), want)| got != want)
        {
            Some(((hand, got), want)) => Err(format!(
                "{} on {workload}: {hand} has the low {got}, the reference says {want}",
                self.about.meta.name
            )),
            None if want.len() != self.hands.len() => Err(format!(
                "{} on {workload}: {} reference lows for {} hands",
                self.about.meta.name,
                want.len(),
                self.hands.len()
            )),
            None => Ok(()),
        }
    }
}

impl<G: Game> Timed for PreparedLows<G> {
    fn name(&self) -> &'static str {
        self.about.meta.name
    }

    fn blocks(&self) -> usize {
        self.hands.len() / self.block
    }

    #[inline]
    fn pass(&mut self, block: usize) {
        let hands = crate::rounds::block_at(&self.hands, self.block, block);
        (self.about.lows)(std::hint::black_box(hands), &mut self.lows);
        std::hint::black_box(&self.lows);
    }
}

/// The reference's low of each hand: the registry's reference low
/// evaluator (the literal definition, every five the game allows).
///
/// # Errors
/// When the registry holds no reference low of `G`.
pub fn reference_lows<G: Game>(hands: &[G::High]) -> Result<Vec<Low>, String> {
    let reference = handeval_registry::lows::<G>()
        .into_iter()
        .find(|a| a.meta.role == handeval_core::Role::Reference)
        .ok_or_else(|| format!("no reference low of {}", G::ID))?;
    let mut out = vec![Low::NONE; hands.len()];
    (reference.lows)(hands, &mut out);
    Ok(out)
}
