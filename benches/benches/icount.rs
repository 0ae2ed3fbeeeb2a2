//! Instructions per hand of every evaluator the run's plan counts, with
//! gungraun (callgrind).
//!
//! One benchmark function, whatever the games: its benchmark `i` is the
//! `i`-th (workload, evaluator) the plan (`HANDEVAL_PLAN`) counts, by
//! name, so the plan file, not the registry's order, says which evaluator
//! and workload a number belongs to. Each benchmark evaluates a fixed sample of `SAMPLE`
//! hands (`SMOKE_SAMPLE` in a smoke run) drawn with the plan's seed; only the evaluation is counted (the
//! preparation is gungraun's `setup`). `cargo xtask bench` writes the plan,
//! runs this with `GUNGRAUN_OUTPUT_FORMAT=json` and reads the counts from
//! that summary. valgrind cannot execute AVX-512 and hides it from CPUID,
//! so the SIMD evaluators' counts are of their AVX2 path (or the portable
//! one, under `--simd portable`). Needs valgrind and
//! `gungraun-runner` at gungraun's version, which `cargo xtask bench`
//! installs.
// gungraun's macros generate undocumented items.
#![allow(missing_docs)]

use std::any::Any;
use std::hint::black_box;

use gungraun::{LibraryBenchmarkConfig, library_benchmark, library_benchmark_group, main};
use handeval_benches::encoded::Encoded;
use handeval_benches::hands::{self, Prepared};
use handeval_benches::plan::PLAN_VAR;
use handeval_benches::{Benchmark, Input, Kind, Plan};
use handeval_core::{BestFive, Evaluator, Game, GameInfo, GameVisitor, Hand, visit_games};
use handeval_registry::{Visit, Visitor, visit_all_with_floor, visit_with_floor};

/// A prepared sample, whichever the evaluator.
trait Sample {
    fn run(&mut self) -> usize;
}

impl<G: Game, E: BestFive<G>> Sample for Prepared<G, E> {
    fn run(&mut self) -> usize {
        let sample = plan().mode.sample();
        self.run_sample(sample);
        sample
    }
}

impl<E: Evaluator> Sample for Encoded<E> {
    fn run(&mut self) -> usize {
        let sample = plan().mode.sample();
        self.run_sample(sample);
        sample
    }
}

/// The plan, read once per process.
fn plan() -> &'static Plan {
    static PLAN: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    PLAN.get_or_init(Plan::of_this_run)
}

/// How many instruction counts the plan takes.
fn counted() -> usize {
    plan().counted.len()
}

/// Finds the benchmark's game, draws its sample (the first `SAMPLE` of
/// the run's shuffled hands of the game) and prepares the evaluator on it.
struct Pick {
    benchmark: Benchmark,
    sample: Option<Box<dyn Sample>>,
}

/// Prepares the evaluator named `name` on `hands`, from cards.
struct PickCards<'a, G> {
    name: &'a str,
    kind: Kind,
    hands: &'a Vec<G>,
    sample: Option<Box<dyn Sample>>,
}

impl<G: Game> Visit for PickCards<'_, G> {
    fn visit<H: Game, E: BestFive<H>>(&mut self) {
        if E::META.name != self.name {
            return;
        }
        // `visit_with_floor::<G>` visits `G`'s evaluators only: `H` is `G`.
        let Some(hands) = (self.hands as &dyn Any).downcast_ref::<Vec<H>>() else {
            return;
        };
        let block = plan().mode.block_of(GameInfo::of::<H>());
        let p = Prepared::<H, E>::new(hands, self.kind, block);
        match p.check_literally(plan().mode.checked_before_counting()) {
            Ok(()) => self.sample = Some(Box::new(p)),
            Err(problem) => panic!("refusing to count instructions: {problem}"),
        }
    }
}

/// The five-card extension: prepares the evaluator named `name` on
/// `hands` in its own encoding.
struct PickEncoded<'a> {
    name: &'a str,
    kind: Kind,
    hands: &'a [Hand],
    sample: Option<Box<dyn Sample>>,
}

impl Visitor for PickEncoded<'_> {
    fn visit<E: Evaluator>(&mut self) {
        if E::META.name != self.name {
            return;
        }
        let block = plan().mode.block_of(GameInfo::of::<Hand>());
        let p = Encoded::<E>::new(self.hands, self.kind, block);
        match p.check_literally(plan().mode.checked_before_counting()) {
            Ok(()) => self.sample = Some(Box::new(p)),
            Err(problem) => panic!("refusing to count instructions: {problem}"),
        }
    }
}

impl GameVisitor for Pick {
    fn game<G: Game>(&mut self) {
        let workload = self.benchmark.workload;
        if workload.game() != GameInfo::of::<G>() {
            return;
        }
        let hands = hands::shuffled::<G>(plan().seed, plan().mode.sample());
        let (name, kind) = (self.benchmark.evaluator.as_str(), workload.kind);
        self.sample = if workload.input == Input::Encoded {
            let Some(hands) = (&hands as &dyn Any).downcast_ref::<Vec<Hand>>() else {
                return;
            };
            let mut pick = PickEncoded {
                name,
                kind,
                hands,
                sample: None,
            };
            visit_all_with_floor(&mut pick);
            pick.sample
        } else {
            let mut pick = PickCards {
                name,
                kind,
                hands: &hands,
                sample: None,
            };
            visit_with_floor::<G>(&mut pick);
            pick.sample
        };
    }
}

/// The plan's `index`-th instruction count, prepared and checked.
fn prepare(index: usize) -> Box<dyn Sample> {
    let benchmark = plan().counted[index].clone();
    let mut pick = Pick {
        benchmark,
        sample: None,
    };
    visit_games(&mut pick);
    let Pick { benchmark, sample } = pick;
    sample.unwrap_or_else(|| panic!("the plan counts {benchmark}, which is not registered"))
}

#[library_benchmark]
#[benches::evaluator(iter = 0..counted(), setup = prepare)]
fn counted_sample(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

library_benchmark_group!(
    name = icount;
    benchmarks = counted_sample
);

// gungraun clears the environment of the process it measures; the plan's
// path must reach it.
main!(
    config = LibraryBenchmarkConfig::default().pass_through_envs([PLAN_VAR]);
    library_benchmark_groups = icount
);
