//! Instructions per hand of every evaluator, with gungraun (callgrind).
//!
//! Each benchmark evaluates a fixed sample of `SAMPLE` hands drawn with the
//! printed seed; only the evaluation is counted (the preparation is gungraun's
//! `setup`). The benchmark id's index is the evaluator's position in
//! `visit_all_with_floor` (0 is the floor). `cargo xtask bench` runs it with
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
use handeval_benches::{Input, Kind, Order, Prepared, SAMPLE, Workload, sample, seed, selected};
use handeval_core::Evaluator;
use handeval_registry::{Visitor, abouts_with_floor, visit_all_with_floor};

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

fn evaluator_count() -> usize {
    abouts_with_floor().len()
}

fn prepare(kind: Kind, input: Input, index: usize) -> Box<dyn Sample> {
    struct Pick {
        index: usize,
        seen: usize,
        workload: Workload,
        hands: Vec<handeval_core::Hand>,
        sample: Option<Box<dyn Sample>>,
    }
    /// An evaluator left out by `HANDEVAL_FILTER`, or never timed (a published
    /// listing): counted, but ignored by the report.
    struct Skipped;
    impl Sample for Skipped {
        fn run(&mut self) -> usize {
            0
        }
    }
    impl Visitor for Pick {
        fn visit<E: Evaluator>(&mut self) {
            if self.seen == self.index && (!E::ROLE.is_timed() || !selected(self.workload, E::NAME))
            {
                self.sample = Some(Box::new(Skipped));
            } else if self.seen == self.index {
                let mut p = Prepared::<E>::new(self.workload, &self.hands);
                if let Err(problem) = p.check_against_reference() {
                    panic!("refusing to count instructions: {problem}");
                }
                self.sample = Some(Box::new(p));
            }
            self.seen += 1;
        }
    }
    let workload = Workload {
        kind,
        order: Order::Shuffled,
        input,
    };
    let mut pick = Pick {
        index,
        seen: 0,
        workload,
        hands: sample(seed()),
        sample: None,
    };
    handeval_benches::SimdLimit::apply_from_env();
    visit_all_with_floor(&mut pick);
    pick.sample.expect("index within the registry")
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

library_benchmark_group!(
    name = icount;
    benchmarks = category_shuffled_encoded, category_shuffled_hand, strength_shuffled_encoded, strength_shuffled_hand
);

// gungraun clears the environment of the process it measures; the seed and
// the filter must reach it, or the sample would always use the default seed.
main!(
    config = LibraryBenchmarkConfig::default().pass_through_envs(["HANDEVAL_SEED", "HANDEVAL_FILTER", "HANDEVAL_SIMD"]);
    library_benchmark_groups = icount
);
