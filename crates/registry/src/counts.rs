//! Each registered evaluator's counts of the benchmarks' access patterns
//! (showdowns, range equity, fixed hands over every board), as function
//! pointers made here.
//!
//! The counts are generic in the evaluator, and generic code is compiled
//! in the crate that names its types: the benchmarks' patterns, which time
//! every evaluator's counts, compiled each one again beside the registry's
//! own copy (which `cargo xtask equity` runs). [`counts::<G>`](counts)
//! hands out the registry's, as [`checks`](crate::checks) does the checks.

use std::any::Any;
use std::sync::OnceLock;

use handeval_core::{BestFive, Game};
use handeval_equity::exact::{Equity, EquityError, Matchup};
use handeval_equity::fixed::FixedHands;
use handeval_equity::showdown::{Showdown, Tally};

use crate::{PerEvaluator, of_game, per_game};

/// One registered evaluator of `G` and its counts; each is `None` (or an
/// empty tally) where the game has no such count.
pub struct Counts<G: Game> {
    /// [`Meta::name`](handeval_core::Meta::name).
    pub name: &'static str,
    /// [`tally_by_ranks`](crate::tally_by_ranks): a showdown by classes of
    /// boards (seven-card Hold'em).
    pub by_classes: fn(&Showdown) -> Option<Tally>,
    /// [`tally_every_board`](crate::tally_every_board): a showdown, every
    /// board valued, on this thread (seven-card Hold'em).
    pub every_board: fn(&Showdown) -> Option<Tally>,
    /// [`range_equity_of`](crate::range_equity_of): ranges counted
    /// exactly (seven-card Hold'em).
    pub ranges: fn(&Matchup) -> Option<Result<Equity, EquityError>>,
    /// [`handeval_equity::fixed::exact`] by ranks: fixed hands over every
    /// board (a game with a board).
    pub fixed: fn(&FixedHands<G>) -> Tally,
}

/// The counts of every registered evaluator of `G` (the floor aside), in
/// registry order.
pub fn counts<G: Game>() -> &'static [Counts<G>] {
    of_game::<G, MakeCounts>(every_game())
}

/// The counts of every game, each a `Vec<Counts<G>>`, made once: every
/// count they name is compiled here ([`per_game`]).
fn every_game() -> &'static [Box<dyn Any + Send + Sync>] {
    static EVERY: OnceLock<Vec<Box<dyn Any + Send + Sync>>> = OnceLock::new();
    EVERY.get_or_init(per_game::<MakeCounts>)
}

/// What [`per_game`] makes of each evaluator: its counts.
struct MakeCounts;

impl PerEvaluator for MakeCounts {
    type Of<G: Game> = Counts<G>;
    fn of<G: Game, E: BestFive<G>>() -> Counts<G> {
        Counts::<G> {
            name: E::META.name,
            by_classes: crate::tally_by_ranks::<G, E>,
            every_board: crate::tally_every_board::<G, E>,
            ranges: crate::range_equity_of::<G, E>,
            fixed: fixed::<G, E>,
        }
    }
}

/// Fixed hands of `G` over every board by ranks, with `E`.
fn fixed<G: Game, E: BestFive<G>>(m: &FixedHands<G>) -> Tally {
    handeval_equity::fixed::exact::<G, E>(m, false)
}
