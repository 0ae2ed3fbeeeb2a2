//! How a family crate lists its evaluators, for the registry to collect.

use crate::{BestFive, Evaluator, Game};

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
///     fn five<E: Evaluator>(&mut self) { self.0.push(E::NAME) }
///     fn add<G: Game, E: BestFive<G>>(&mut self) { self.0.push(E::NAME) }
/// }
/// ```
pub trait Register {
    /// A five-card evaluator, with its encoding.
    fn five<E: Evaluator>(&mut self);
    /// An evaluator of game `G`.
    fn add<G: Game, E: BestFive<G>>(&mut self);
    /// An evaluator of game `G` with a declaration on its line of a type
    /// a crate above this one defines, which the registry reads by that
    /// type: how the evaluator counts a showdown
    /// (`handeval_equity::showdown::ShowdownForm`), which this crate, with
    /// no equity in it, cannot name. By default, [`Register::add`].
    fn add_declared<G: Game, E: BestFive<G>, D: core::any::Any + Copy>(&mut self, declared: D) {
        let _ = declared;
        self.add::<G, E>();
    }
}
