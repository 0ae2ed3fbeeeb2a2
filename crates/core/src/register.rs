//! How a family crate lists its evaluators, for the registry to collect.

use crate::{BestFive, BestOf, Evaluator, Game, GameVisitor, visit_games};

/// What a family crate's `register` function is given: it calls one method
/// per evaluator, in report order, so that the crate itself says what it
/// contributes to each game, and the registry's list of families is one
/// line per family.
///
/// A five-card evaluator is registered with [`Register::five`]: it is the
/// five-card game's evaluator (through [`Whole`](crate::Whole)) and also
/// has its own encoding, which the five-card extensions (the encoded
/// benchmarks, the published listings) use. An evaluator of any other game
/// is registered with [`Register::add`].
///
/// ```
/// use handeval_core::{BestFive, Evaluator, Game, Register};
///
/// struct Names(Vec<&'static str>);
/// impl Register for Names {
///     fn five<E: Evaluator>(&mut self) { self.0.push(E::META.name) }
///     fn add<G: Game, E: BestFive<G>>(&mut self) { self.0.push(E::META.name) }
/// }
/// ```
pub trait Register {
    /// A five-card evaluator, with its encoding.
    fn five<E: Evaluator>(&mut self);
    /// An evaluator of game `G`.
    fn add<G: Game, E: BestFive<G>>(&mut self);

    /// Registers `E` as an evaluator of Hi-Lo game `G`'s low half. Most
    /// walks want the high halves only, so by default it is passed over.
    fn low<G: Game, E: crate::low::LowEvaluator<G>>(&mut self) {}
    /// Registers `E` as an evaluator of badugi game `G`; passed over by
    /// default, as by the walks of fives.
    fn badugi<G: Game, E: crate::badugi::BadugiEvaluator<G>>(&mut self) {}
    /// An evaluator of game `G` with a declaration on its line of a type
    /// a crate above this one defines, which the registry reads by that
    /// type: how the evaluator counts a showdown
    /// (`handeval_equity::showdown::ShowdownForm`), which this crate, with
    /// no equity in it, cannot name. By default, [`Register::add`].
    fn add_declared<G: Game, E: BestFive<G>, D: core::any::Any + Copy>(&mut self, declared: D) {
        let _ = declared;
        self.add::<G, E>();
    }
    /// The five-card evaluator `E`'s best-of adapter ([`BestOf`]), an
    /// evaluator of each game `games` names that has more than one five,
    /// found by walking the games: a game defined later has it too.
    fn best_of<E: Evaluator>(&mut self, games: Games)
    where
        Self: Sized,
    {
        struct Walk<'a, R, E> {
            register: &'a mut R,
            games: Games,
            five: core::marker::PhantomData<E>,
        }
        impl<R: Register, E: Evaluator> GameVisitor for Walk<'_, R, E> {
            fn game<G: Game>(&mut self) {
                // A five-card evaluator values the fives of its own rules.
                // Known when compiled, so that no adapter is instantiated
                // for a game whose rules differ (see `same_game`).
                if const { G::FIVES.len() > 1 && G::RULES.is(E::RULES) } && self.games.take(G::ID) {
                    self.register.add::<G, BestOf<E>>();
                }
            }
        }
        visit_games(&mut Walk {
            register: self,
            games,
            five: core::marker::PhantomData::<E>,
        });
    }
}

/// The games a five-card evaluator's best-of adapter is registered for
/// ([`Register::best_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Games {
    /// Every game of more than five cards: a family's best-of.
    Every,
    /// These games only: a method an upstream shipped for one game
    /// (cards-cs's seven cards), or a kernel timed where its rows say
    /// something. Each named by its type's id, `<Hand7 as Game>::ID`, so a
    /// game that does not exist is a compile error, not an evaluator
    /// registered nowhere.
    Only(&'static [&'static str]),
}

impl Games {
    /// Whether the game with this id is among them.
    pub fn take(self, id: &str) -> bool {
        match self {
            Games::Every => true,
            Games::Only(ids) => ids.contains(&id),
        }
    }
}
