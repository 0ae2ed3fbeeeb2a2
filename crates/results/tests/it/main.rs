//! The crate's own tests: one binary beside the library, not a second
//! build of it with `cfg(test)` (which compiled the whole library again),
//! a module per library module.

mod check;
mod estimate;
mod language;
mod legacy;
mod top;
mod turn;
mod workload;

use handeval_results::turn::Turn;
use handeval_results::workload::Workload;

/// A turn of the headline workload: `evaluator`'s in `round`, at `ns` a
/// hand over the round's block, its median pass 1% slower.
fn turn(evaluator: &str, round: usize, ns: f64) -> Turn {
    Turn {
        workload: Workload::HEADLINE,
        evaluator: evaluator.into(),
        round,
        ns_per_hand: ns,
        block: Some(round),
        passes: Some(8),
        median_pass_ns: Some(ns * 1.01),
        hands: None,
    }
}
