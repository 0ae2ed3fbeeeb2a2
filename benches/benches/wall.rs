//! Wall time of every evaluator on every workload, with criterion.
//!
//! Run through `cargo xtask bench`, which sets `CRITERION_HOME` to the run's
//! own directory and reads the estimates back. Environment:
//! `HANDEVAL_SEED` (shuffle seed), `HANDEVAL_SIMD` (widest SIMD path: `avx512`,
//! `avx2` or `portable`), `HANDEVAL_FILTER` (substrings of
//! `workload/evaluator`), `HANDEVAL_BENCH_MODE` (`full`, `quick` or `smoke`),
//! `HANDEVAL_ROUNDS_OUT` (where to write the interleaved rounds, see
//! `handeval_benches::rounds`; no rounds without it), `HANDEVAL_CARDS`
//! (`5` or `7` for one half; both when unset).

use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, measurement::WallTime};
use handeval_benches::rounds::{self, BareLoop, Plan, Timed};
use handeval_benches::seven::{Prepared7, reference_classes7, sequential7, shuffled7};
use handeval_benches::{BLOCK, Order, Prepared, Workload, seed, selected, sequential, shuffled};
use handeval_core::{Evaluator, Evaluator7, Hand, Hand7, Role};
use handeval_registry::{
    Visitor, Visitor7, abouts_with_floor, abouts7_with_floor, visit_all_with_floor,
    visit_all7_with_floor,
};

struct Bench<'a, 'g> {
    group: &'a mut BenchmarkGroup<'g, WallTime>,
    plan: Plan,
    workload: Workload,
    hands: &'a [Hand],
    done: &'a mut usize,
    total: usize,
}

impl Visitor for Bench<'_, '_> {
    fn visit<E: Evaluator>(&mut self) {
        if !E::ROLE.is_timed() || !selected(self.workload, E::NAME) {
            return;
        }
        *self.done += 1;
        eprintln!(
            "[{}/{}] {}/{}",
            self.done,
            self.total,
            self.workload,
            E::NAME
        );
        if let Some(reason) = E::unavailable() {
            eprintln!("note: {}: {reason}", E::NAME);
        }
        let mut prepared = Prepared::<E>::new(self.workload, self.hands);
        if let Err(problem) = prepared.check() {
            // Never time a broken or optimised-away evaluator.
            eprintln!("error: refusing to benchmark: {problem}");
            std::process::exit(2);
        }
        // Timed through the same trait object, and so the same machine
        // code, as the interleaved rounds.
        let mut prepared: Box<dyn Timed> = Box::new(prepared);
        let reps = self.plan.reps;
        let mut block = 0usize;
        self.group.bench_function(E::NAME, |b| {
            b.iter_custom(|iters| rounds::time_iters(prepared.as_mut(), iters, reps, &mut block));
        });
    }
}

/// One seven-card workload's hands and the reference's class of each.
struct Hands7 {
    hands: Vec<Hand7>,
    classes: Vec<u16>,
}

impl Hands7 {
    fn new(hands: Vec<Hand7>) -> Self {
        let classes = reference_classes7(&hands);
        Hands7 { hands, classes }
    }
}

/// Prepares a seven-card evaluator and checks it on every hand it will be
/// timed on, or exits: never time a broken evaluator.
fn prepared7<E: Evaluator7>(workload: Workload, hands: &Hands7, what: &str) -> Prepared7<E> {
    let prepared = Prepared7::<E>::new(&hands.hands);
    if let Err(problem) = prepared.check(workload, &hands.classes) {
        eprintln!("error: refusing to {what}: {problem}");
        std::process::exit(2);
    }
    prepared
}

struct Bench7<'a, 'g> {
    group: &'a mut BenchmarkGroup<'g, WallTime>,
    plan: Plan,
    workload: Workload,
    hands: &'a Hands7,
    done: &'a mut usize,
    total: usize,
}

impl Visitor7 for Bench7<'_, '_> {
    fn visit<E: Evaluator7>(&mut self) {
        if !E::ROLE.is_timed() || !selected(self.workload, E::NAME) {
            return;
        }
        *self.done += 1;
        eprintln!(
            "[{}/{}] {}/{}",
            self.done,
            self.total,
            self.workload,
            E::NAME
        );
        if let Some(reason) = E::unavailable() {
            eprintln!("note: {}: {reason}", E::NAME);
        }
        let mut prepared: Box<dyn Timed> =
            Box::new(prepared7::<E>(self.workload, self.hands, "benchmark"));
        let reps = self.plan.reps;
        let mut block = 0usize;
        self.group.bench_function(E::NAME, |b| {
            b.iter_custom(|iters| rounds::time_iters(prepared.as_mut(), iters, reps, &mut block));
        });
    }
}

struct Gather7<'a> {
    workload: Workload,
    hands: &'a Hands7,
    timed: Vec<Box<dyn Timed>>,
}

impl Visitor7 for Gather7<'_> {
    fn visit<E: Evaluator7>(&mut self) {
        // The seven-card reference (21 naive evaluations a hand, over a
        // microsecond) is timed by criterion but left out of the rounds,
        // where it would take more time than all the others together and no
        // ratio is read off it.
        if !E::ROLE.is_timed() || E::ROLE == Role::Reference || !selected(self.workload, E::NAME) {
            return;
        }
        self.timed.push(Box::new(prepared7::<E>(
            self.workload,
            self.hands,
            "time rounds",
        )));
    }
}

/// Prepares and checks every selected, timed evaluator for a workload.
struct Gather<'a> {
    workload: Workload,
    hands: &'a [Hand],
    timed: Vec<Box<dyn Timed>>,
}

impl Visitor for Gather<'_> {
    fn visit<E: Evaluator>(&mut self) {
        if !E::ROLE.is_timed() || !selected(self.workload, E::NAME) {
            return;
        }
        let mut prepared = Prepared::<E>::new(self.workload, self.hands);
        if let Err(problem) = prepared.check() {
            eprintln!("error: refusing to time rounds: {problem}");
            std::process::exit(2);
        }
        if E::ROLE == handeval_core::Role::Floor {
            let name: &'static str = format!("{} (bare loop)", E::NAME).leak();
            self.timed
                .push(Box::new(BareLoop::<E>::new(name, self.hands)));
        }
        self.timed.push(Box::new(prepared));
    }
}

/// The interleaved rounds, written as CSV to `path`.
fn interleaved_rounds(
    path: &str,
    seed: u64,
    fives: Option<(&[Hand], &[Hand])>,
    sevens: Option<(&Hands7, &Hands7)>,
) {
    let plan = Plan::for_mode(&std::env::var("HANDEVAL_BENCH_MODE").unwrap_or_default());
    eprintln!(
        "\ninterleaved rounds: {} rounds of {} timed passes over a warm block of {BLOCK} hands per evaluator per workload, order seeded from {seed}",
        plan.rounds, plan.reps
    );
    let mut rng = rounds::rng(seed);
    let mut header = true;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap_or_else(|e| {
        eprintln!("error: creating {path}: {e}");
        std::process::exit(2);
    }));
    let count = Workload::every().count();
    for (i, workload) in Workload::every().enumerate() {
        let mut timed = Vec::new();
        match (workload.is_seven(), fives, sevens) {
            (false, Some((sequential, shuffled)), _) => {
                let hands = match workload.order {
                    Order::Sequential => sequential,
                    Order::Shuffled => shuffled,
                };
                let mut gather = Gather {
                    workload,
                    hands,
                    timed: Vec::new(),
                };
                visit_all_with_floor(&mut gather);
                timed = gather.timed;
            }
            (true, _, Some((sequential, shuffled))) => {
                let hands = match workload.order {
                    Order::Sequential => sequential,
                    Order::Shuffled => shuffled,
                };
                let mut gather = Gather7 {
                    workload,
                    hands,
                    timed: Vec::new(),
                };
                visit_all7_with_floor(&mut gather);
                timed = gather.timed;
            }
            _ => {}
        }
        if timed.is_empty() {
            continue;
        }
        eprintln!("[{}/{count}] {workload}", i + 1);
        let turns = rounds::run(workload, &mut timed, plan, &mut rng);
        let written = rounds::write_csv(&mut out, &turns, std::mem::take(&mut header));
        if let Err(e) = written.and_then(|()| std::io::Write::flush(&mut out)) {
            eprintln!("error: writing {path}: {e}");
            std::process::exit(2);
        }
    }
}

/// A workload's benchmark group. A smoke run checks the pipeline, not the
/// figures: flat sampling runs each sample's iterations once (10 iterations
/// in all for the slowest evaluators, where linear sampling runs 55).
fn group(c: &mut Criterion, workload: Workload) -> BenchmarkGroup<'_, WallTime> {
    let mut group = c.benchmark_group(workload.id());
    group.throughput(Throughput::Elements(BLOCK as u64));
    if std::env::var("HANDEVAL_BENCH_MODE").as_deref() == Ok("smoke") {
        group.sampling_mode(SamplingMode::Flat);
    }
    group
}

fn criterion() -> Criterion {
    let c = Criterion::default().without_plots();
    let c = match std::env::var("HANDEVAL_BENCH_MODE").as_deref() {
        Ok("smoke") => c
            .warm_up_time(Duration::from_millis(10))
            .measurement_time(Duration::from_millis(20))
            .sample_size(10),
        Ok("quick") => c
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_millis(400))
            .sample_size(10),
        _ => c
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(30),
    };
    c.configure_from_args()
}

/// Which halves `HANDEVAL_CARDS` asks for: (five, seven).
fn halves() -> (bool, bool) {
    match std::env::var("HANDEVAL_CARDS").as_deref().map(str::trim) {
        Ok("5") => (true, false),
        Ok("7") => (false, true),
        Ok("" | "5,7") | Err(_) => (true, true),
        Ok(other) => {
            eprintln!("error: HANDEVAL_CARDS={other:?}: expected 5, 7 or nothing");
            std::process::exit(2);
        }
    }
}

fn main() {
    let limit = handeval_benches::SimdLimit::apply_from_env();
    eprintln!(
        "SIMD paths up to: {} (set HANDEVAL_SIMD to limit them)",
        limit.id()
    );
    let seed = seed();
    eprintln!("shuffle seed: {seed} (set HANDEVAL_SEED to change it)");
    let (five, seven) = halves();
    let fives = five.then(|| (sequential(), shuffled(seed)));
    let sevens = seven.then(|| {
        eprintln!(
            "seven-card hands: {} consecutive from hand {} of all_hands7, and {} drawn at random (seed {seed}); the reference classes each",
            handeval_benches::seven::HANDS7,
            handeval_benches::seven::SEQUENTIAL7_START,
            handeval_benches::seven::HANDS7,
        );
        (Hands7::new(sequential7()), Hands7::new(shuffled7(seed)))
    });
    let mut c = criterion();
    let timed: Vec<&str> = abouts_with_floor()
        .iter()
        .filter(|a| a.role.is_timed())
        .map(|a| a.name)
        .collect();
    let timed7: Vec<&str> = abouts7_with_floor()
        .iter()
        .filter(|a| a.role.is_timed())
        .map(|a| a.name)
        .collect();
    let count = |workloads: &[Workload], names: &[&str]| -> usize {
        workloads
            .iter()
            .map(|&w| names.iter().filter(|name| selected(w, name)).count())
            .sum()
    };
    let total = if five {
        count(&Workload::ALL, &timed)
    } else {
        0
    } + if seven {
        count(&Workload::SEVEN, &timed7)
    } else {
        0
    };
    eprintln!(
        "{total} benchmarks: {} five-card workloads x {} evaluators, {} seven-card workloads x {} evaluators (each including the floor)",
        if five { Workload::ALL.len() } else { 0 },
        timed.len(),
        if seven { Workload::SEVEN.len() } else { 0 },
        timed7.len()
    );
    let mut done = 0;
    let plan = Plan::for_mode(&std::env::var("HANDEVAL_BENCH_MODE").unwrap_or_default());
    if let Some((sequential, shuffled)) = &fives {
        for workload in Workload::ALL {
            let hands = match workload.order {
                Order::Sequential => sequential,
                Order::Shuffled => shuffled,
            };
            let mut group = group(&mut c, workload);
            visit_all_with_floor(&mut Bench {
                group: &mut group,
                plan,
                workload,
                hands,
                done: &mut done,
                total,
            });
            group.finish();
        }
    }
    if let Some((sequential, shuffled)) = &sevens {
        for workload in Workload::SEVEN {
            let hands = match workload.order {
                Order::Sequential => sequential,
                Order::Shuffled => shuffled,
            };
            let mut group = group(&mut c, workload);
            visit_all7_with_floor(&mut Bench7 {
                group: &mut group,
                plan,
                workload,
                hands,
                done: &mut done,
                total,
            });
            group.finish();
        }
    }
    c.final_summary();
    if let Ok(path) = std::env::var("HANDEVAL_ROUNDS_OUT") {
        interleaved_rounds(
            &path,
            seed,
            fives.as_ref().map(|(a, b)| (a.as_slice(), b.as_slice())),
            sevens.as_ref().map(|(a, b)| (a, b)),
        );
    }
}
