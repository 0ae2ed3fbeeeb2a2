//! Instructions per hand of every evaluator the run's plan counts, with
//! gungraun (callgrind).
//!
//! One benchmark function per counted workload; its benchmark `i` is the
//! `i`-th evaluator the plan (`HANDEVAL_PLAN`) counts on that workload, by
//! name, so the plan file, not the registry's order, says which evaluator a
//! number belongs to. Each benchmark evaluates a fixed sample of `SAMPLE`
//! hands drawn with the plan's seed; only the evaluation is counted (the
//! preparation is gungraun's `setup`). `cargo xtask bench` writes the plan,
//! runs this with `GUNGRAUN_OUTPUT_FORMAT=json` and reads the counts from
//! that summary. valgrind cannot execute AVX-512 and hides it from CPUID,
//! so the SIMD evaluators' counts are of their AVX2 path (or the portable
//! one, under `--simd portable`). Needs valgrind and
//! `gungraun-runner` at gungraun's version, which `cargo xtask bench`
//! installs.
// gungraun's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use gungraun::{LibraryBenchmarkConfig, library_benchmark, library_benchmark_group, main};
use handeval_benches::cards::PreparedCards;
use handeval_benches::plan::PLAN_VAR;
use handeval_benches::{Input, Kind, Order, Plan, Prepared, SAMPLE, Workload, sample};
use handeval_core::{BestFive, Evaluator, Hand, Hand7};
use handeval_registry::{Visit, Visitor, visit_all_with_floor, visit_with_floor};

/// A prepared sample, whichever the evaluator.
trait Sample {
    fn run(&mut self) -> usize;
}

impl<E: Evaluator> Sample for Prepared<E> {
    fn run(&mut self) -> usize {
        self.run_sample(SAMPLE);
        SAMPLE
    }
}

impl<E: BestFive<Hand7>> Sample for PreparedCards<Hand7, E> {
    fn run(&mut self) -> usize {
        self.run_sample(SAMPLE);
        SAMPLE
    }
}

/// The plan, read once per process.
fn plan() -> &'static Plan {
    static PLAN: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    PLAN.get_or_init(Plan::of_this_run)
}

/// The shuffled workload of `kind` and `input`.
fn workload(kind: Kind, input: Input) -> Workload {
    Workload {
        kind,
        order: Order::Shuffled,
        input,
    }
}

/// How many evaluators the plan counts on a workload.
fn counted(kind: Kind, input: Input) -> usize {
    plan().counted_on(workload(kind, input)).len()
}

/// Walks a size's evaluators to the one named `name` and keeps its
/// prepared sample of `hands`.
struct Pick<H> {
    name: String,
    workload: Workload,
    hands: Vec<H>,
    sample: Option<Box<dyn Sample>>,
}

impl<H> Pick<H> {
    /// The `index`-th evaluator the plan counts on `workload`.
    fn new(workload: Workload, index: usize, hands: Vec<H>) -> Self {
        let name = plan().counted_on(workload)[index].to_string();
        Pick {
            name,
            workload,
            hands,
            sample: None,
        }
    }

    /// At the evaluator `name`: keeps its sample, prepared and checked by
    /// `prepare`, if it is the one picked.
    fn visit_one<S: Sample + 'static>(
        &mut self,
        name: &str,
        prepare: impl FnOnce(&Self) -> Result<S, String>,
    ) {
        if name == self.name {
            match prepare(self) {
                Ok(sample) => self.sample = Some(Box::new(sample)),
                Err(problem) => panic!("refusing to count instructions: {problem}"),
            }
        }
    }

    fn into_sample(self) -> Box<dyn Sample> {
        let Pick { name, sample, .. } = self;
        sample.unwrap_or_else(|| panic!("the plan counts {name}, which is not registered"))
    }
}

impl Visitor for Pick<Hand> {
    fn visit<E: Evaluator>(&mut self) {
        self.visit_one(E::NAME, |pick| {
            let mut p = Prepared::<E>::new(pick.workload, &pick.hands);
            p.check_against_reference().map(|()| p)
        });
    }
}

impl Visit<Hand7> for Pick<Hand7> {
    fn visit<E: BestFive<Hand7>>(&mut self) {
        self.visit_one(E::NAME, |pick| {
            let p = PreparedCards::<Hand7, E>::new(&pick.hands, pick.workload.kind);
            p.check_literally(CHECKED7).map(|()| p)
        });
    }
}

/// The five-card evaluator the plan counts `index`-th on the workload, on
/// the run's sample, its categories checked against the reference first.
fn prepare(kind: Kind, input: Input, index: usize) -> Box<dyn Sample> {
    let mut pick = Pick::new(workload(kind, input), index, sample(plan().seed));
    visit_all_with_floor(&mut pick);
    pick.into_sample()
}

/// How many of the seven-card sample's hands are checked against the literal
/// definition before counting: a guard (every hand a run times is checked
/// before criterion times it), kept short because it runs under valgrind.
const CHECKED7: usize = 1_000;

/// The seven-card evaluator the plan counts `index`-th, on the first
/// `SAMPLE` of the run's shuffled seven-card hands, its categories on the
/// first `CHECKED7` checked against the literal definition first.
fn prepare7(kind: Kind, index: usize) -> Box<dyn Sample> {
    let hands = handeval_benches::cards::shuffled_first::<Hand7>(plan().seed, SAMPLE);
    let mut pick = Pick::new(workload(kind, Input::Hand7), index, hands);
    visit_with_floor::<Hand7>(&mut pick);
    pick.into_sample()
}

fn category_encoded(index: usize) -> Box<dyn Sample> {
    prepare(Kind::Category, Input::Encoded, index)
}
fn category_hand(index: usize) -> Box<dyn Sample> {
    prepare(Kind::Category, Input::Hand, index)
}
fn strength_encoded(index: usize) -> Box<dyn Sample> {
    prepare(Kind::Strength, Input::Encoded, index)
}
fn strength_hand(index: usize) -> Box<dyn Sample> {
    prepare(Kind::Strength, Input::Hand, index)
}
fn strength_hand7(index: usize) -> Box<dyn Sample> {
    prepare7(Kind::Strength, index)
}

#[library_benchmark]
#[benches::evaluator(iter = 0..counted(Kind::Category, Input::Encoded), setup = category_encoded)]
fn category_shuffled_encoded(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

#[library_benchmark]
#[benches::evaluator(iter = 0..counted(Kind::Category, Input::Hand), setup = category_hand)]
fn category_shuffled_hand(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

#[library_benchmark]
#[benches::evaluator(iter = 0..counted(Kind::Strength, Input::Encoded), setup = strength_encoded)]
fn strength_shuffled_encoded(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

#[library_benchmark]
#[benches::evaluator(iter = 0..counted(Kind::Strength, Input::Hand), setup = strength_hand)]
fn strength_shuffled_hand(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

#[library_benchmark]
#[benches::evaluator(iter = 0..counted(Kind::Strength, Input::Hand7), setup = strength_hand7)]
fn strength_shuffled_hand7(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

library_benchmark_group!(
    name = icount;
    benchmarks = category_shuffled_encoded, category_shuffled_hand, strength_shuffled_encoded, strength_shuffled_hand,
        strength_shuffled_hand7
);

// gungraun clears the environment of the process it measures; the plan's
// path must reach it.
main!(
    config = LibraryBenchmarkConfig::default().pass_through_envs([PLAN_VAR]);
    library_benchmark_groups = icount
);
