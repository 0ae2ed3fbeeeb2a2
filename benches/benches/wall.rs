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

/// One evaluator of a workload, prepared and checked once, then timed by
/// criterion and by the interleaved rounds: preparing and checking 2,598,960
/// hands takes longer than a smoke run's measurement, and doing it once per
/// workload rather than once per timer halves that.
struct Entry {
    timed: Box<dyn Timed>,
    /// Timed by criterion (the floor's bare loop is not).
    criterion: bool,
    /// Timed in the rounds (the seven-card reference is not).
    rounds: bool,
    /// Why the evaluator falls back to a slower path on this machine.
    note: Option<&'static str>,
}

impl Entry {
    fn new(
        timed: Box<dyn Timed>,
        criterion: bool,
        rounds: bool,
        note: Option<&'static str>,
    ) -> Self {
        Entry {
            timed,
            criterion,
            rounds,
            note,
        }
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

/// Prepares and checks every selected, timed evaluator of `H` for a workload.
struct GatherCards<'a, H> {
    workload: Workload,
    hands: &'a HandsOf<H>,
    entries: Vec<Entry>,
}

impl<H: Cards> Visit<H> for GatherCards<'_, H> {
    fn visit<E: BestFive<H>>(&mut self) {
        if !E::ROLE.is_timed() || !selected(self.workload, E::NAME) {
            return;
        }
        let prepared = prepared_cards::<H, E>(self.workload, self.hands, "benchmark");
        // The seven-card reference (21 naive evaluations a hand, over a
        // microsecond) is timed by criterion but left out of the rounds,
        // where it would take more time than all the others together and no
        // ratio is read off it.
        let rounds = E::ROLE != Role::Reference;
        self.entries.push(Entry::new(
            Box::new(prepared),
            true,
            rounds,
            E::unavailable(),
        ));
    }
}

/// Prepares and checks every selected, timed five-card evaluator for a workload.
struct Gather<'a> {
    workload: Workload,
    hands: &'a [Hand],
    entries: Vec<Entry>,
}

impl Visitor for Gather<'_> {
    fn visit<E: Evaluator>(&mut self) {
        if !E::ROLE.is_timed() || !selected(self.workload, E::NAME) {
            return;
        }
        let mut prepared = Prepared::<E>::new(self.workload, self.hands);
        if let Err(problem) = prepared.check() {
            // Never time a broken or optimised-away evaluator.
            eprintln!("error: refusing to benchmark: {problem}");
            std::process::exit(2);
        }
        if E::ROLE == handeval_core::Role::Floor {
            let name: &'static str = format!("{} (bare loop)", E::NAME).leak();
            let bare = BareLoop::<E>::new(name, self.hands);
            self.entries
                .push(Entry::new(Box::new(bare), false, true, None));
        }
        self.entries
            .push(Entry::new(Box::new(prepared), true, true, E::unavailable()));
    }
}

/// A hand size above five: its two sets of hands (sequential and
/// shuffled), each with the reference's class of every hand.
struct Larger<H> {
    sequential: HandsOf<H>,
    shuffled: HandsOf<H>,
}

impl<H: Size> Larger<H> {
    /// `n` hands per set: [`cards::HANDS`], or a smoke run's fewer.
    fn new(seed: u64, n: usize) -> Self {
        eprintln!(
            "{}-card hands: {n} consecutive from hand {} of all {}, and {n} drawn at random (seed {seed}); the reference classes each",
            H::WORD,
            cards::sequential_start::<H>(),
            H::HANDS,
        );
        Larger {
            sequential: HandsOf::new(cards::sequential_first::<H>(n)),
            shuffled: HandsOf::new(cards::shuffled_first::<H>(seed, n)),
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

    /// Every evaluator timed on `workload`, prepared and checked.
    fn gather(&self, workload: Workload) -> Vec<Entry> {
        let mut gather = GatherCards {
            workload,
            hands: self.hands(workload.order),
            entries: Vec::new(),
        };
        visit_with_floor::<H>(&mut gather);
        gather.entries
    }
}

/// The hands of every size the run times.
struct Runs {
    fives: Option<(Vec<Hand>, Vec<Hand>)>,
    sixes: Option<Larger<Hand6>>,
    sevens: Option<Larger<Hand7>>,
}

impl Runs {
    /// Every evaluator timed on `workload`, prepared and checked, if the run
    /// times its size.
    fn gather(&self, workload: Workload) -> Vec<Entry> {
        match (workload.cards(), &self.fives, &self.sixes, &self.sevens) {
            (5, Some((sequential, shuffled)), _, _) => {
                let hands = match workload.order {
                    Order::Sequential => sequential,
                    Order::Shuffled => shuffled,
                };
                let mut gather = Gather {
                    workload,
                    hands,
                    entries: Vec::new(),
                };
                visit_all_with_floor(&mut gather);
                gather.entries
            }
            (6, _, Some(sixes), _) => sixes.gather(workload),
            (7, _, _, Some(sevens)) => sevens.gather(workload),
            _ => Vec::new(),
        }
    }
}

/// The interleaved rounds, written as CSV to `path` workload by workload.
struct RoundsOut {
    path: String,
    out: std::io::BufWriter<std::fs::File>,
    plan: Plan,
    rng: rand_chacha::ChaCha8Rng,
    header: bool,
}

impl RoundsOut {
    fn create(path: String, seed: u64, plan: Plan) -> Self {
        eprintln!(
            "interleaved rounds after each workload's criterion benchmarks: {} rounds of {} timed passes over a warm block of {BLOCK} hands per evaluator, order seeded from {seed}",
            plan.rounds, plan.reps
        );
        let file = std::fs::File::create(&path).unwrap_or_else(|e| {
            eprintln!("error: creating {path}: {e}");
            std::process::exit(2);
        });
        RoundsOut {
            path,
            out: std::io::BufWriter::new(file),
            plan,
            rng: rounds::rng(seed),
            header: true,
        }
    }

    fn time(&mut self, workload: Workload, timed: &mut [Box<dyn Timed>]) {
        eprintln!("rounds: {workload}, {} evaluators", timed.len());
        let turns = rounds::run(workload, timed, self.plan, &mut self.rng);
        let written = rounds::write_csv(&mut self.out, &turns, std::mem::take(&mut self.header));
        if let Err(e) = written.and_then(|()| std::io::Write::flush(&mut self.out)) {
            eprintln!("error: writing {}: {e}", self.path);
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
    let timed: Vec<&str> = abouts_with_floor()
        .iter()
        .filter(|a| a.role.is_timed())
        .map(|a| a.name)
        .collect();
    // Each size the run asks for: its selected workloads, the evaluators
    // selected on any of them, and the benchmarks (workload x evaluator).
    let counts = |cards: usize, on: bool, names: &[&str]| {
        let mut workloads = 0;
        let mut evaluators = std::collections::BTreeSet::new();
        let mut benchmarks = 0;
        for w in Workload::of_cards(cards).filter(|_| on) {
            let chosen: Vec<&str> = names.iter().copied().filter(|n| selected(w, n)).collect();
            workloads += usize::from(!chosen.is_empty());
            benchmarks += chosen.len();
            evaluators.extend(chosen);
        }
        (cards, workloads, evaluators.len(), benchmarks)
    };
    let sizes = [
        counts(5, five, &timed),
        counts(6, six, &Larger::<Hand6>::timed()),
        counts(7, seven, &Larger::<Hand7>::timed()),
    ];
    let total: usize = sizes.iter().map(|s| s.3).sum();
    let parts: Vec<String> = sizes
        .iter()
        .filter(|s| s.3 > 0)
        .map(|(cards, workloads, evaluators, _)| {
            format!("{workloads} {cards}-card workloads x {evaluators} evaluators")
        })
        .collect();
    eprintln!(
        "{total} benchmarks: {} (the floor included where selected)",
        parts.join(", ")
    );
    // Hands are drawn, and their reference classes computed, only for the
    // sizes with a benchmark to run.
    let larger = cards::hands_in(&std::env::var("HANDEVAL_BENCH_MODE").unwrap_or_default());
    let runs = Runs {
        fives: (sizes[0].3 > 0).then(|| (sequential(), shuffled(seed))),
        sixes: (sizes[1].3 > 0).then(|| Larger::new(seed, larger)),
        sevens: (sizes[2].3 > 0).then(|| Larger::new(seed, larger)),
    };
    let mut c = criterion();
    let mut done = 0;
    let plan = Plan::for_mode(&std::env::var("HANDEVAL_BENCH_MODE").unwrap_or_default());
    let mut rounds_out = std::env::var("HANDEVAL_ROUNDS_OUT")
        .ok()
        .map(|path| RoundsOut::create(path, seed, plan));
    for workload in Workload::every() {
        let entries = runs.gather(workload);
        if entries.is_empty() {
            continue;
        }
        let mut group = group(&mut c, workload);
        let mut in_rounds = Vec::new();
        for mut entry in entries {
            if entry.criterion {
                done += 1;
                eprintln!("[{done}/{total}] {workload}/{}", entry.timed.name());
                if let Some(reason) = entry.note {
                    eprintln!("note: {}: {reason}", entry.timed.name());
                }
                let reps = plan.reps;
                let mut block = 0usize;
                let timed = entry.timed.as_mut();
                group.bench_function(timed.name(), |b| {
                    b.iter_custom(|iters| rounds::time_iters(timed, iters, reps, &mut block));
                });
            }
            if entry.rounds {
                in_rounds.push(entry.timed);
            }
        }
        group.finish();
        if let Some(rounds_out) = &mut rounds_out {
            rounds_out.time(workload, &mut in_rounds);
        }
    }
    c.final_summary();
}
