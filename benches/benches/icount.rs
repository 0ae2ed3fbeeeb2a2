//! Instructions per hand of every evaluator, with gungraun (callgrind).
//!
//! Each benchmark evaluates a fixed sample of `SAMPLE` hands drawn with the
//! printed seed; only the evaluation is counted (the preparation is gungraun's
//! `setup`). The benchmark id's index is the evaluator's position in
//! `visit_all_with_floor` (0 is the floor), or for the seven-card ones
//! (`strength_shuffled_hand7`, the first `SAMPLE` of the run's shuffled
//! seven-card hands)
//! in `visit_with_floor::<Hand7>`. `cargo xtask bench` runs it with
//! `GUNGRAUN_OUTPUT_FORMAT=json` and reads the counts from that summary.
//! valgrind cannot execute AVX-512 and hides it from CPUID, so the SIMD
//! evaluators' counts are of their AVX2 path (or the portable one, under
//! `HANDEVAL_SIMD=portable`). Needs the `icount`
//! feature and `gungraun-runner` at gungraun's version; `cargo xtask bench`
//! installs it and reads the counts.
// gungraun's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use gungraun::{LibraryBenchmarkConfig, library_benchmark, library_benchmark_group, main};
use handeval_benches::cards::PreparedCards;
use handeval_benches::{Input, Kind, Order, Prepared, SAMPLE, Workload, sample, seed, selected};
use handeval_core::{BestFive, Evaluator, Hand7};
use handeval_registry::{
    Visit, Visitor, abouts_with_floor, abouts_with_floor_of, visit_all_with_floor, visit_with_floor,
};

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

fn evaluator_count() -> usize {
    abouts_with_floor().len()
}

fn seven_count() -> usize {
    abouts_with_floor_of::<Hand7>().len()
}

/// An evaluator left out by `HANDEVAL_FILTER`, or never timed (a published
/// listing): counted, but ignored by the report.
struct Skipped;
impl Sample for Skipped {
    fn run(&mut self) -> usize {
        0
    }
}

/// Walks a size's evaluators to the one at `index` and keeps its prepared
/// sample of `hands`.
struct Pick<H> {
    index: usize,
    seen: usize,
    workload: Workload,
    hands: Vec<H>,
    sample: Option<Box<dyn Sample>>,
}

impl<H> Pick<H> {
    fn new(kind: Kind, input: Input, index: usize, hands: Vec<H>) -> Self {
        handeval_benches::SimdLimit::apply_from_env();
        let workload = Workload {
            kind,
            order: Order::Shuffled,
            input,
        };
        Pick {
            index,
            seen: 0,
            workload,
            hands,
            sample: None,
        }
    }

    /// At the evaluator `name` (timed or not): keeps its sample, prepared
    /// and checked by `prepare`, if it is the one at the index.
    fn visit_one<S: Sample + 'static>(
        &mut self,
        name: &str,
        timed: bool,
        prepare: impl FnOnce(&Self) -> Result<S, String>,
    ) {
        if self.seen == self.index {
            self.sample = Some(if timed && selected(self.workload, name) {
                match prepare(self) {
                    Ok(sample) => Box::new(sample),
                    Err(problem) => panic!("refusing to count instructions: {problem}"),
                }
            } else {
                Box::new(Skipped)
            });
        }
        self.seen += 1;
    }

    fn into_sample(self) -> Box<dyn Sample> {
        self.sample.expect("index within the registry")
    }
}

impl Visitor for Pick<handeval_core::Hand> {
    fn visit<E: Evaluator>(&mut self) {
        self.visit_one(E::NAME, E::ROLE.is_timed(), |pick| {
            let mut p = Prepared::<E>::new(pick.workload, &pick.hands);
            p.check_against_reference().map(|()| p)
        });
    }
}

impl Visit<Hand7> for Pick<Hand7> {
    fn visit<E: BestFive<Hand7>>(&mut self) {
        self.visit_one(E::NAME, E::ROLE.is_timed(), |pick| {
            let p = PreparedCards::<Hand7, E>::new(&pick.hands, pick.workload.kind);
            p.check_literally(CHECKED7).map(|()| p)
        });
    }
}

/// The five-card evaluator at `index` (in `visit_all_with_floor` order) on
/// the run's sample, its categories checked against the reference first.
fn prepare(kind: Kind, input: Input, index: usize) -> Box<dyn Sample> {
    let mut pick = Pick::new(kind, input, index, sample(seed()));
    visit_all_with_floor(&mut pick);
    pick.into_sample()
}

/// How many of the seven-card sample's hands are checked against the literal
/// definition before counting: a guard (every hand a run times is checked
/// before criterion times it), kept short because it runs under valgrind.
const CHECKED7: usize = 1_000;

/// The seven-card evaluator at `index` (in `visit_with_floor` order) on the
/// first `SAMPLE` of the run's shuffled seven-card hands, its categories on
/// the first `CHECKED7` checked against the literal definition first.
fn prepare7(kind: Kind, index: usize) -> Box<dyn Sample> {
    let hands = handeval_benches::cards::shuffled_first::<Hand7>(seed(), SAMPLE);
    let mut pick = Pick::new(kind, Input::Hand7, index, hands);
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

#[library_benchmark]
#[benches::evaluator(iter = 0..evaluator_count(), setup = category_encoded)]
fn category_shuffled_encoded(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

#[library_benchmark]
#[benches::evaluator(iter = 0..evaluator_count(), setup = category_hand)]
fn category_shuffled_hand(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

#[library_benchmark]
#[benches::evaluator(iter = 0..evaluator_count(), setup = strength_encoded)]
fn strength_shuffled_encoded(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

#[library_benchmark]
#[benches::evaluator(iter = 0..evaluator_count(), setup = strength_hand)]
fn strength_shuffled_hand(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

fn strength_hand7(index: usize) -> Box<dyn Sample> {
    prepare7(Kind::Strength, index)
}

#[library_benchmark]
#[benches::evaluator(iter = 0..seven_count(), setup = strength_hand7)]
fn strength_shuffled_hand7(mut sample: Box<dyn Sample>) -> usize {
    black_box(sample.run())
}

library_benchmark_group!(
    name = icount;
    benchmarks = category_shuffled_encoded, category_shuffled_hand, strength_shuffled_encoded, strength_shuffled_hand,
        strength_shuffled_hand7
);

// gungraun clears the environment of the process it measures; the seed and
// the filter must reach it, or the sample would always use the default seed.
main!(
    config = LibraryBenchmarkConfig::default().pass_through_envs(["HANDEVAL_SEED", "HANDEVAL_FILTER", "HANDEVAL_SIMD"]);
    library_benchmark_groups = icount
);
