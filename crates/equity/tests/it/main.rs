//! The equity crate's tests: each count held to an independent brute force
//! (every board, the literal reference), to an outside calculator, or to
//! the published figures.
//!
//! One test binary, a module per theme. Cargo runs test binaries one after
//! another and the tests inside one in parallel: as eleven binaries, each
//! linked the crates again and compiled the evaluators' counts it names
//! again, and the longest test of each (a brute force of seconds) ran with
//! one core idle beside it.

mod breakdown;
mod brute_force;
mod common;
mod fixed;
mod hilo;
mod lists;
mod monte_carlo;
mod omaha;
mod pokers;
mod preflop;
mod versus;
