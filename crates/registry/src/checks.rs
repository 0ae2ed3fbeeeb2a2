//! Each registered evaluator's differential checks, compiled once, here.
//!
//! A check holds an evaluator's values against the reference's classes
//! over a stretch of hands ([`handeval_difftest::cards`]), with the
//! evaluator's batch code inlined into the comparison: the most code any
//! evaluator brings into a program. Generic code is compiled in the crate
//! that names its types, so `cargo xtask diff` and the games test, which
//! both check every evaluator, had each compiled every evaluator's check
//! again. [`checks::<G>`](checks) hands them out as function pointers made
//! in this crate, from a walk that names every game here: one copy of each
//! check for the workspace.

use std::any::Any;
use std::sync::OnceLock;

use handeval_core::{BestFive, Game, Role};
use handeval_difftest::cards::{HandCheck, PartCheck, checker};

use crate::{PerEvaluator, of_game, per_game};

/// One registered evaluator of `G` and its checks.
pub struct Checks<G: Game> {
    /// [`Meta::name`](handeval_core::Meta::name).
    pub name: &'static str,
    /// [`Meta::role`](handeval_core::Meta::role).
    pub role: Role,
    /// [`BestFive::BEST_OF_FIVES`].
    pub best_of_fives: bool,
    /// The evaluator as a [`PartCheck`], for a pass over every hand
    /// ([`handeval_difftest::cards::check_all`]); making it ranks the
    /// evaluator's five-card scale, so it is made only when asked for.
    pub part_check: fn() -> Box<dyn PartCheck<G>>,
    /// [`HandCheck::on_classified`]: the evaluator on chosen hands, against
    /// the reference's classes of them.
    pub on_classified: fn(&[G], &[u16]) -> HandCheck<G>,
}

impl<G: Game> Checks<G> {
    /// [`HandCheck::on_hands`]: the evaluator on chosen hands, their
    /// reference classes read from the table.
    pub fn on_hands(&self, hands: &[G]) -> HandCheck<G> {
        (self.on_classified)(hands, &handeval_difftest::cards::table_classes(hands))
    }
}

/// The checks of every registered evaluator of `G` (the floor, which
/// values no hand, aside), in registry order.
pub fn checks<G: Game>() -> &'static [Checks<G>] {
    of_game::<G, MakeChecks>(every_game())
}

/// The checks of every game, each a `Vec<Checks<G>>`, made once: every
/// check they name is compiled here ([`per_game`]).
fn every_game() -> &'static [Box<dyn Any + Send + Sync>] {
    static EVERY: OnceLock<Vec<Box<dyn Any + Send + Sync>>> = OnceLock::new();
    EVERY.get_or_init(per_game::<MakeChecks>)
}

/// What [`per_game`] makes of each evaluator: its checks.
struct MakeChecks;

impl PerEvaluator for MakeChecks {
    type Of<G: Game> = Checks<G>;
    fn of<G: Game, E: BestFive<G>>() -> Checks<G> {
        Checks::<G> {
            name: E::META.name,
            role: E::META.role,
            best_of_fives: E::BEST_OF_FIVES,
            part_check: checker::<G, E>,
            on_classified: HandCheck::<G>::on_classified::<E>,
        }
    }
}
