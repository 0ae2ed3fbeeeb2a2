//! The differential checker's own tests under the standard harness: the
//! lows and badugi checks of every registered evaluator, the read-off
//! classes, and the checks run on deliberately broken evaluators. (The
//! stamped tests of every game, `games`, and the SIMD paths, `simd_paths`,
//! run under libtest-mimic, each a binary of its own.)
//!
//! One test binary, a module per theme: as four binaries, each linked the
//! registry again, and the longest test of each ran with one core idle.

mod badugi;
mod broken;
mod classes;
mod low;
