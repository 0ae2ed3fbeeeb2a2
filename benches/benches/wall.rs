//! Wall time of every evaluator on every workload, with criterion.
//!
//! Run through `cargo xtask bench`, which sets `CRITERION_HOME` to the run's
//! own directory and reads the estimates back. Environment:
//! `HANDEVAL_SEED` (shuffle seed), `HANDEVAL_SIMD` (widest SIMD path: `avx512`,
//! `avx2` or `portable`), `HANDEVAL_FILTER` (substrings of
//! `workload/evaluator`), `HANDEVAL_BENCH_MODE` (`full`, `quick` or `smoke`),
//! `HANDEVAL_ROUNDS_OUT` (where to write the interleaved rounds, see
//! `handeval_benches::rounds`; no rounds without it), `HANDEVAL_CARDS`
//! (`5`, `6` or `7`, or a comma-separated list, for those hand sizes only;
//! all when unset).

use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, measurement::WallTime};
use handeval_benches::cards::{self, PreparedCards};
use handeval_benches::rounds::{self, BareLoop, Plan, Timed};
use handeval_benches::{BLOCK, Order, Prepared, Workload, seed, selected, sequential, shuffled};
use handeval_core::{BestFive, Cards, Evaluator, Hand, Role};
use handeval_core::{Hand6, Hand7};
use handeval_registry::{
    Size, Visit, Visitor, abouts_with_floor, abouts_with_floor_of, visit_all_with_floor,
    visit_with_floor,
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

/// One workload's hands of `H` and the reference's class of each.
struct HandsOf<H> {
    hands: Vec<H>,
    classes: Vec<u16>,
}

impl<H: Cards> HandsOf<H> {
    fn new(hands: Vec<H>) -> Self {
        let classes = cards::reference_classes(&hands);
        HandsOf { hands, classes }
    }
}

/// Prepares an evaluator of `H` and checks it on every hand it will be
/// timed on, or exits: never time a broken evaluator.
fn prepared_cards<H: Cards, E: BestFive<H>>(
    workload: Workload,
    hands: &HandsOf<H>,
    what: &str,
) -> PreparedCards<H, E> {
    let prepared = PreparedCards::<H, E>::new(&hands.hands, workload.kind);
    if let Err(problem) = prepared.check(workload, &hands.classes) {
        eprintln!("error: refusing to {what}: {problem}");
        std::process::exit(2);
    }
    prepared
}

struct BenchCards<'a, 'g, H> {
    group: &'a mut BenchmarkGroup<'g, WallTime>,
    plan: Plan,
    workload: Workload,
    hands: &'a HandsOf<H>,
    done: &'a mut usize,
    total: usize,
}

impl<H: Cards> Visit<H> for BenchCards<'_, '_, H> {
    fn visit<E: BestFive<H>>(&mut self) {
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
        let mut prepared: Box<dyn Timed> = Box::new(prepared_cards::<H, E>(
            self.workload,
            self.hands,
            "benchmark",
        ));
        let reps = self.plan.reps;
        let mut block = 0usize;
        self.group.bench_function(E::NAME, |b| {
            b.iter_custom(|iters| rounds::time_iters(prepared.as_mut(), iters, reps, &mut block));
        });
    }
}

struct GatherCards<'a, H> {
    workload: Workload,
    hands: &'a HandsOf<H>,
    timed: Vec<Box<dyn Timed>>,
}

impl<H: Cards> Visit<H> for GatherCards<'_, H> {
    fn visit<E: BestFive<H>>(&mut self) {
        // The seven-card reference (21 naive evaluations a hand, over a
        // microsecond) is timed by criterion but left out of the rounds,
        // where it would take more time than all the others together and no
        // ratio is read off it.
        if !E::ROLE.is_timed() || E::ROLE == Role::Reference || !selected(self.workload, E::NAME) {
            return;
        }
        self.timed.push(Box::new(prepared_cards::<H, E>(
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

/// A hand size above five: its two sets of hands (sequential and
/// shuffled), each with the reference's class of every hand.
struct Larger<H> {
    sequential: HandsOf<H>,
    shuffled: HandsOf<H>,
}

impl<H: Size> Larger<H> {
    fn new(seed: u64) -> Self {
        eprintln!(
            "{}-card hands: {} consecutive from hand {} of all {}, and {} drawn at random (seed {seed}); the reference classes each",
            H::WORD,
            cards::HANDS,
            cards::sequential_start::<H>(),
            H::HANDS,
            cards::HANDS,
        );
        Larger {
            sequential: HandsOf::new(cards::sequential::<H>()),
            shuffled: HandsOf::new(cards::shuffled::<H>(seed)),
        }
    }

    fn hands(&self, order: Order) -> &HandsOf<H> {
        match order {
            Order::Sequential => &self.sequential,
            Order::Shuffled => &self.shuffled,
        }
    }

    /// The names of the evaluators timed at this size, the floor first.
    fn timed() -> Vec<&'static str> {
        abouts_with_floor_of::<H>()
            .iter()
            .filter(|a| a.role.is_timed())
            .map(|a| a.name)
            .collect()
    }

    /// Criterion over every workload of this size.
    fn bench(&self, c: &mut Criterion, plan: Plan, done: &mut usize, total: usize) {
        for workload in Workload::of_cards(H::COUNT) {
            let mut group = group(c, workload);
            visit_with_floor::<H>(&mut BenchCards {
                group: &mut group,
                plan,
                workload,
                hands: self.hands(workload.order),
                done: &mut *done,
                total,
            });
            group.finish();
        }
    }

    /// What the interleaved rounds time on `workload`.
    fn gather(&self, workload: Workload) -> Vec<Box<dyn Timed>> {
        let mut gather = GatherCards {
            workload,
            hands: self.hands(workload.order),
            timed: Vec::new(),
        };
        visit_with_floor::<H>(&mut gather);
        gather.timed
    }
}

/// The hands of every size the run times.
struct Runs {
    fives: Option<(Vec<Hand>, Vec<Hand>)>,
    sixes: Option<Larger<Hand6>>,
    sevens: Option<Larger<Hand7>>,
}

impl Runs {
    /// What the interleaved rounds time on `workload`, if the run times its size.
    fn gather(&self, workload: Workload) -> Vec<Box<dyn Timed>> {
        match (workload.cards(), &self.fives, &self.sixes, &self.sevens) {
            (5, Some((sequential, shuffled)), _, _) => {
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
                gather.timed
            }
            (6, _, Some(sixes), _) => sixes.gather(workload),
            (7, _, _, Some(sevens)) => sevens.gather(workload),
            _ => Vec::new(),
        }
    }
}

/// The interleaved rounds, written as CSV to `path`.
fn interleaved_rounds(path: &str, seed: u64, runs: &Runs) {
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
        let mut timed = runs.gather(workload);
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

/// Which hand sizes `HANDEVAL_CARDS` asks for: (five, six, seven).
fn sizes() -> (bool, bool, bool) {
    let asked = std::env::var("HANDEVAL_CARDS").unwrap_or_default();
    if asked.trim().is_empty() {
        return (true, true, true);
    }
    let mut sizes = (false, false, false);
    for size in asked.split(',') {
        match size.trim() {
            "5" => sizes.0 = true,
            "6" => sizes.1 = true,
            "7" => sizes.2 = true,
            other => {
                eprintln!("error: HANDEVAL_CARDS={asked:?}: {other:?} is not 5, 6 or 7");
                std::process::exit(2);
            }
        }
    }
    sizes
}

fn main() {
    let limit = handeval_benches::SimdLimit::apply_from_env();
    eprintln!(
        "SIMD paths up to: {} (set HANDEVAL_SIMD to limit them)",
        limit.id()
    );
    let seed = seed();
    eprintln!("shuffle seed: {seed} (set HANDEVAL_SEED to change it)");
    let (five, six, seven) = sizes();
    let runs = Runs {
        fives: five.then(|| (sequential(), shuffled(seed))),
        sixes: six.then(|| Larger::new(seed)),
        sevens: seven.then(|| Larger::new(seed)),
    };
    let mut c = criterion();
    let timed: Vec<&str> = abouts_with_floor()
        .iter()
        .filter(|a| a.role.is_timed())
        .map(|a| a.name)
        .collect();
    // (cards, workloads, evaluators, benchmarks) of each size the run times.
    let sizes: Vec<(usize, usize, usize, usize)> = [
        (5, five, timed),
        (6, six, Larger::<Hand6>::timed()),
        (7, seven, Larger::<Hand7>::timed()),
    ]
    .into_iter()
    .map(|(cards, on, names)| {
        let workloads: Vec<Workload> = Workload::of_cards(cards).filter(|_| on).collect();
        let benchmarks = workloads
            .iter()
            .map(|&w| names.iter().filter(|name| selected(w, name)).count())
            .sum();
        (cards, workloads.len(), names.len(), benchmarks)
    })
    .collect();
    let total = sizes.iter().map(|s| s.3).sum();
    let parts: Vec<String> = sizes
        .iter()
        .map(|(cards, workloads, evaluators, _)| {
            format!("{workloads} {cards}-card workloads x {evaluators} evaluators")
        })
        .collect();
    eprintln!(
        "{total} benchmarks: {} (each including the floor)",
        parts.join(", ")
    );
    let mut done = 0;
    let plan = Plan::for_mode(&std::env::var("HANDEVAL_BENCH_MODE").unwrap_or_default());
    if let Some((sequential, shuffled)) = &runs.fives {
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
    if let Some(sixes) = &runs.sixes {
        sixes.bench(&mut c, plan, &mut done, total);
    }
    if let Some(sevens) = &runs.sevens {
        sevens.bench(&mut c, plan, &mut done, total);
    }
    c.final_summary();
    if let Ok(path) = std::env::var("HANDEVAL_ROUNDS_OUT") {
        interleaved_rounds(&path, seed, &runs);
    }
}
