//! Wall time of every benchmark in the run's plan: criterion, then the
//! interleaved rounds, both timing the same turns (see
//! `handeval_benches::rounds`).
//!
//! Run by `cargo xtask bench`, which writes the plan (`HANDEVAL_PLAN`) and
//! sets `CRITERION_HOME` to the run's own folder.

use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, measurement::WallTime};
use handeval_benches::cards::{self, PreparedCards};
use handeval_benches::rounds::{self, BareLoop, Contender, Timed};
use handeval_benches::{BLOCK, Mode, Order, Plan, Prepared, Workload, sequential, shuffled};
use handeval_core::{BestFive, Cards, Evaluator, Hand, Hand6, Hand7, Role};
use handeval_registry::{Size, Visit, Visitor, visit_all_with_floor, visit_with_floor};

/// One evaluator of a workload, prepared and checked once, then timed by
/// criterion and by the interleaved rounds: preparing and checking 2,598,960
/// hands takes longer than a smoke run's measurement, and doing it once per
/// workload rather than once per timer halves that.
struct Entry {
    timed: Box<dyn Timed>,
    /// Timed passes per turn, the same for criterion and the rounds.
    passes: usize,
    /// Timed by criterion (the floor's bare loop is not).
    criterion: bool,
    /// Timed in the rounds (the seven-card reference is not).
    rounds: bool,
    /// Why the evaluator falls back to a slower path on this machine.
    note: Option<&'static str>,
}

impl Entry {
    fn new(
        mut timed: Box<dyn Timed>,
        mode: Mode,
        (criterion, rounds): (bool, bool),
        note: Option<&'static str>,
    ) -> Self {
        let passes = rounds::passes_per_turn(timed.as_mut(), mode);
        Entry {
            timed,
            passes,
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
    plan: &'a Plan,
    workload: Workload,
    hands: &'a HandsOf<H>,
    entries: Vec<Entry>,
}

impl<H: Cards> Visit<H> for GatherCards<'_, H> {
    fn visit<E: BestFive<H>>(&mut self) {
        if !self.plan.times(self.workload, E::NAME) {
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
            self.plan.mode,
            (true, rounds),
            E::unavailable(),
        ));
    }
}

/// Prepares and checks every selected, timed five-card evaluator for a workload.
struct Gather<'a> {
    plan: &'a Plan,
    workload: Workload,
    hands: &'a [Hand],
    entries: Vec<Entry>,
}

impl Visitor for Gather<'_> {
    fn visit<E: Evaluator>(&mut self) {
        if !self.plan.times(self.workload, E::NAME) {
            return;
        }
        let mut prepared = Prepared::<E>::new(self.workload, self.hands);
        if let Err(problem) = prepared.check() {
            // Never time a broken or optimised-away evaluator.
            eprintln!("error: refusing to benchmark: {problem}");
            std::process::exit(2);
        }
        let mode = self.plan.mode;
        if E::ROLE == Role::Floor {
            let name: &'static str = format!("{} (bare loop)", E::NAME).leak();
            let bare = BareLoop::<E>::new(name, self.hands);
            self.entries
                .push(Entry::new(Box::new(bare), mode, (false, true), None));
        }
        self.entries.push(Entry::new(
            Box::new(prepared),
            mode,
            (true, true),
            E::unavailable(),
        ));
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

    /// Every evaluator timed on `workload`, prepared and checked.
    fn gather(&self, plan: &Plan, workload: Workload) -> Vec<Entry> {
        let mut gather = GatherCards {
            plan,
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
    fn gather(&self, plan: &Plan, workload: Workload) -> Vec<Entry> {
        match (workload.cards(), &self.fives, &self.sixes, &self.sevens) {
            (5, Some((sequential, shuffled)), _, _) => {
                let hands = match workload.order {
                    Order::Sequential => sequential,
                    Order::Shuffled => shuffled,
                };
                let mut gather = Gather {
                    plan,
                    workload,
                    hands,
                    entries: Vec::new(),
                };
                visit_all_with_floor(&mut gather);
                gather.entries
            }
            (6, _, Some(sixes), _) => sixes.gather(plan, workload),
            (7, _, _, Some(sevens)) => sevens.gather(plan, workload),
            _ => Vec::new(),
        }
    }
}

/// The interleaved rounds, written as CSV to the plan's file workload by workload.
struct RoundsOut {
    path: std::path::PathBuf,
    out: std::io::BufWriter<std::fs::File>,
    rounds: usize,
    rng: rand_chacha::ChaCha8Rng,
    header: bool,
}

impl RoundsOut {
    fn create(plan: &Plan) -> Self {
        let path = plan.rounds_out.clone();
        eprintln!(
            "interleaved rounds after each workload's criterion benchmarks: {} rounds, each a turn of every evaluator over one warm block of {BLOCK} hands, order seeded from {}",
            plan.mode.rounds(),
            plan.seed
        );
        let file = std::fs::File::create(&path).unwrap_or_else(|e| {
            eprintln!("error: creating {}: {e}", path.display());
            std::process::exit(2);
        });
        RoundsOut {
            path,
            out: std::io::BufWriter::new(file),
            rounds: plan.mode.rounds(),
            rng: rounds::rng(plan.seed),
            header: true,
        }
    }

    fn time(&mut self, workload: Workload, contenders: &mut [Contender<'_>]) {
        eprintln!("rounds: {workload}, {} evaluators", contenders.len());
        let turns = rounds::run(workload, contenders, self.rounds, &mut self.rng);
        let written = rounds::write_csv(&mut self.out, &turns, std::mem::take(&mut self.header));
        if let Err(e) = written.and_then(|()| std::io::Write::flush(&mut self.out)) {
            eprintln!("error: writing {}: {e}", self.path.display());
            std::process::exit(2);
        }
    }
}

/// A workload's benchmark group. A smoke run checks the pipeline, not the
/// figures: flat sampling runs each sample's iterations once (10 iterations
/// in all for the slowest evaluators, where linear sampling runs 55).
fn group(c: &mut Criterion, workload: Workload, mode: Mode) -> BenchmarkGroup<'_, WallTime> {
    let mut group = c.benchmark_group(workload.id());
    group.throughput(Throughput::Elements(BLOCK as u64));
    if mode == Mode::Smoke {
        group.sampling_mode(SamplingMode::Flat);
    }
    group
}

fn criterion(mode: Mode) -> Criterion {
    let c = Criterion::default().without_plots();
    let c = match mode {
        // A smoke run checks the pipeline: criterion's bootstrap, 100,000
        // resamples by default, would take most of its time.
        Mode::Smoke => c
            .warm_up_time(Duration::from_millis(10))
            .measurement_time(Duration::from_millis(20))
            .sample_size(10)
            .nresamples(1_000),
        Mode::Quick => c
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_millis(400))
            .sample_size(10),
        Mode::Full => c
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(30),
    };
    c.configure_from_args()
}

/// The run's banner: how many benchmarks of each hand size the plan holds.
fn banner(plan: &Plan) {
    let mut parts = Vec::new();
    for cards in 5..=7 {
        let of_size: Vec<_> = plan
            .timed
            .iter()
            .filter(|b| b.workload.cards() == cards)
            .collect();
        if of_size.is_empty() {
            continue;
        }
        let workloads: std::collections::BTreeSet<_> =
            of_size.iter().map(|b| b.workload.id()).collect();
        let evaluators: std::collections::BTreeSet<_> =
            of_size.iter().map(|b| b.evaluator.as_str()).collect();
        parts.push(format!(
            "{} {cards}-card workloads x {} evaluators",
            workloads.len(),
            evaluators.len()
        ));
    }
    eprintln!(
        "{} benchmarks: {} (the floor included where selected)",
        plan.timed.len(),
        parts.join(", ")
    );
}

/// Times one workload's entries: each with criterion, then all of them in
/// the rounds.
fn time_workload(
    c: &mut Criterion,
    plan: &Plan,
    workload: Workload,
    entries: &mut [Entry],
    done: &mut usize,
    rounds_out: &mut RoundsOut,
) {
    let mut group = group(c, workload, plan.mode);
    for entry in entries.iter_mut().filter(|e| e.criterion) {
        *done += 1;
        eprintln!(
            "[{done}/{}] {workload}/{} ({} passes a turn)",
            plan.timed.len(),
            entry.timed.name(),
            entry.passes
        );
        if let Some(reason) = entry.note {
            eprintln!("note: {}: {reason}", entry.timed.name());
        }
        let passes = entry.passes;
        let mut block = 0usize;
        let timed = entry.timed.as_mut();
        group.bench_function(timed.name(), |b| {
            b.iter_custom(|iters| rounds::time_iters(timed, iters, passes, &mut block));
        });
    }
    group.finish();
    let mut contenders: Vec<Contender<'_>> = entries
        .iter_mut()
        .filter(|e| e.rounds)
        .map(|e| Contender {
            timed: e.timed.as_mut(),
            passes: e.passes,
        })
        .collect();
    rounds_out.time(workload, &mut contenders);
}

fn main() {
    let plan = Plan::of_this_run();
    eprintln!("SIMD paths up to: {} (the plan's --simd)", plan.simd.id());
    eprintln!("seed: {} (the plan's --seed)", plan.seed);
    banner(&plan);
    // Hands are drawn, and their reference classes computed, only for the
    // sizes with a benchmark to run.
    let has = |cards: usize| plan.timed.iter().any(|b| b.workload.cards() == cards);
    let larger = plan.mode.larger_hands();
    let runs = Runs {
        fives: has(5).then(|| (sequential(), shuffled(plan.seed))),
        sixes: has(6).then(|| Larger::new(plan.seed, larger)),
        sevens: has(7).then(|| Larger::new(plan.seed, larger)),
    };
    let mut c = criterion(plan.mode);
    let mut done = 0;
    let mut rounds_out = RoundsOut::create(&plan);
    for workload in Workload::every().filter(|w| plan.times_any(*w)) {
        let mut entries = runs.gather(&plan, workload);
        time_workload(
            &mut c,
            &plan,
            workload,
            &mut entries,
            &mut done,
            &mut rounds_out,
        );
    }
    c.final_summary();
}
