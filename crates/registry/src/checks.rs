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

use handeval_core::{BestFive, Game, GameVisitor, Role, visit_games};
use handeval_difftest::cards::{HandCheck, PartCheck, checker};

use crate::{Visit, same, visit};

/// One registered evaluator of `G` and its checks.
pub struct Checks<G: Game> {
    /// [`BestFive::NAME`].
    pub name: &'static str,
    /// [`BestFive::ROLE`].
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
    every_game()
        .iter()
        .find_map(|game| game.downcast_ref::<Vec<Checks<G>>>())
        .map_or(&[], Vec::as_slice)
}

/// The checks of every game, each a `Vec<Checks<G>>`: made by a function
/// that is not generic, so that every check it names is compiled here.
fn every_game() -> &'static [Box<dyn Any + Send + Sync>] {
    static EVERY: OnceLock<Vec<Box<dyn Any + Send + Sync>>> = OnceLock::new();
    EVERY.get_or_init(|| {
        let mut games = Games(Vec::new());
        visit_games(&mut games);
        games.0
    })
}

/// Collects each game's checks.
struct Games(Vec<Box<dyn Any + Send + Sync>>);

impl GameVisitor for Games {
    fn game<G: Game>(&mut self) {
        let mut collect = Collect::<G>(Vec::new());
        visit::<G>(&mut collect);
        self.0.push(Box::new(collect.0));
    }
}

/// Collects one game's checks.
struct Collect<G: Game>(Vec<Checks<G>>);

impl<G: Game> Visit for Collect<G> {
    fn visit<H: Game, E: BestFive<H>>(&mut self) {
        let checks = Checks::<H> {
            name: E::NAME,
            role: E::ROLE,
            best_of_fives: E::BEST_OF_FIVES,
            part_check: checker::<H, E>,
            on_classified: HandCheck::<H>::on_classified::<E>,
        };
        // `visit::<G>` visits `G`'s evaluators only: `H` is `G`.
        if let Some(checks) = same::<_, Checks<G>>(checks) {
            self.0.push(checks);
        }
    }
}
