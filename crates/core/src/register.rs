//! How a family crate lists its evaluators, for the registry to collect.

use crate::{BestFive, Evaluator, Hand6, Hand7};

/// What a family crate's `register` function is given: it calls one method
/// per evaluator, in report order, so that the crate itself says what it
/// contributes at each hand size, and the registry's list of families is
/// one line per family.
///
/// ```
/// use handeval_core::{BestFive, Evaluator, Hand6, Hand7, Register};
///
/// struct Names(Vec<&'static str>);
/// impl Register for Names {
///     fn five<E: Evaluator>(&mut self) { self.0.push(E::NAME) }
///     fn six<E: BestFive<Hand6>>(&mut self) { self.0.push(E::NAME) }
///     fn seven<E: BestFive<Hand7>>(&mut self) { self.0.push(E::NAME) }
/// }
/// ```
pub trait Register {
    /// A five-card evaluator.
    fn five<E: Evaluator>(&mut self);
    /// An evaluator of six-card hands.
    fn six<E: BestFive<Hand6>>(&mut self);
    /// An evaluator of seven-card hands.
    fn seven<E: BestFive<Hand7>>(&mut self);
}
