//! `machine.txt` for a run: the machine, the command, the plan's choices,
//! and how the instructions were counted, or why not.

use handeval_benches::{Mode, Plan, SimdLimit};

use super::plan::counted_games;
use crate::machine::probe::Requested;
use crate::machine::{self, CommandLine, Machine};
use crate::report::format::thousands;

/// Why a run has no instruction counts, if it has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCounts {
    /// `--no-icount`.
    Skipped,
    /// valgrind is not installed.
    NoValgrind,
    /// None of the run's workloads has instruction counts.
    NothingToCount,
}

/// The `instruction counts` line of `machine.txt`: what was counted, over
/// which sample and on which path, or why nothing was.
pub fn how_counted(plan: &Plan, counted: Result<&str, NoCounts>) -> String {
    let sample = thousands(plan.mode.sample());
    let games: Vec<&str> = counted_games(plan).iter().map(|g| g.word).collect();
    let over = match games.as_slice() {
        [] => format!("{sample} sampled hands"),
        [one] => format!("{sample} sampled {one} hands"),
        [first @ .., last] => format!(
            "{sample} sampled hands of each of {} and {last}",
            first.join(", ")
        ),
    };
    match counted {
        Ok(valgrind) => format!(
            "callgrind ({valgrind}) via gungraun, over {over}{}; valgrind cannot run AVX-512 and hides it, so SIMD evaluators are counted on their AVX2 path (portable under --simd portable)",
            if plan.mode == Mode::Smoke {
                ", full strength only (a smoke run)"
            } else {
                ""
            }
        ),
        Err(NoCounts::Skipped) => "not measured: --no-icount".to_string(),
        Err(NoCounts::NothingToCount) => "not measured: none of this run's workloads has instruction counts (only shuffled full strength has them, and five-card categories)".to_string(),
        Err(NoCounts::NoValgrind) => "not measured: valgrind not found".to_string(),
    }
}

/// `machine.txt` for this run.
pub fn describe(
    command: &CommandLine,
    plan: &Plan,
    requested: &Requested,
    counted: Result<&str, NoCounts>,
    split_floor: String,
    contention: String,
) -> Machine {
    let mut machine = machine::describe(command, plan, requested, how_counted(plan, counted));
    machine.split_floor = split_floor;
    machine.contention = contention;
    machine.generated_tables = generated_tables(plan);
    if counted.is_ok() {
        // Valgrind hides AVX-512, so the SIMD kernels it counted took AVX2
        // where this CPU has it and --simd allowed it (the check sees the
        // limit this process applied), else the portable path.
        let avx2 = plan.simd <= SimdLimit::Avx2
            && handeval_core::cpu::has(handeval_core::cpu::Feature::Avx2);
        machine.icount_path = if avx2 { "AVX2" } else { "portable" }.into();
    }
    machine
}

/// The tables the run's evaluators generate at run time (made or read from
/// the build directory's cache now, as the benchmarks did), each once: its
/// bytes and how long generating it took.
pub fn generated_tables(plan: &Plan) -> String {
    struct Tables<'a> {
        plan: &'a Plan,
        found: Vec<handeval_core::Generated>,
    }
    impl handeval_core::GameVisitor for Tables<'_> {
        fn game<G: handeval_core::Game>(&mut self) {
            for e in handeval_registry::all::<G>() {
                if !self.plan.timed.iter().any(|b| b.evaluator == e.name()) {
                    continue;
                }
                if let Some(g) = e.generated()
                    && !self.found.iter().any(|f| f.name == g.name)
                {
                    self.found.push(g);
                }
            }
        }
    }
    let mut t = Tables {
        plan,
        found: Vec::new(),
    };
    handeval_core::visit_games(&mut t);
    t.found
        .iter()
        .map(|g| {
            format!(
                "{} {} bytes, generated in {:.2} s{}",
                g.name,
                crate::report::format::thousands(g.bytes),
                g.generation.as_secs_f64(),
                if g.cached {
                    " (then read from the build directory's cache)"
                } else {
                    ""
                }
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}
