//! Wall time of every benchmark in the run's plan: criterion, then the
//! interleaved rounds, both timing the same turns (see
//! `handeval_benches::rounds`).
//!
//! Run by `cargo xtask bench`, which writes the plan (`HANDEVAL_PLAN`) and
//! sets `CRITERION_HOME` to the run's own folder.

use std::time::Duration;

use std::any::Any;
use std::collections::BTreeSet;

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, measurement::WallTime};
use handeval_benches::contention;
use handeval_benches::encoded::Encoded;
use handeval_benches::hands::{self, Prepared};
use handeval_benches::rounds::{self, BareLoop, Contender, Timed};
use handeval_benches::{Input, Load, Mode, Order, Plan, Workload};
use handeval_core::{
    BestFive, Evaluator, Game, GameInfo, GameVisitor, Hand, Role, Whole, visit_games,
};
use handeval_registry::{Visit, Visitor, visit_all_with_floor, visit_with_floor};

/// One evaluator of a workload, prepared and checked once, then timed by
/// criterion and by the interleaved rounds: preparing and checking 2,598,960
/// hands takes longer than a smoke run's measurement, and doing it once per
/// workload rather than once per timer halves that.
struct Entry {
    timed: Box<dyn Timed>,
    /// Its turns: timed passes per turn, the same for criterion and the
    /// rounds, and whether each starts with an untimed pass.
    pace: rounds::Pace,
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
        let pace = rounds::pace_of(timed.as_mut(), mode);
        Entry {
            timed,
            pace,
            criterion,
            rounds,
            note,
        }
    }
}

/// One workload's hands of `G` and the reference's class of each.
struct HandsOf<G> {
    hands: Vec<G>,
    classes: Vec<u16>,
}

/// Prepares and checks every selected, timed evaluator of a workload from
/// the game's cards.
struct Gather<'a, G> {
    plan: &'a Plan,
    workload: Workload,
    hands: &'a HandsOf<G>,
    entries: Vec<Entry>,
}

impl<G: Game> Visit for Gather<'_, G> {
    fn visit<H: Game, E: BestFive<H>>(&mut self) {
        if !self
            .plan
            .times_quiet_or_contended(self.workload, E::META.name)
        {
            return;
        }
        // `visit_with_floor::<G>` visits `G`'s evaluators only: `H` is `G`.
        let Some(hands) = (self.hands as &dyn Any).downcast_ref::<HandsOf<H>>() else {
            return;
        };
        let block = self.plan.mode.block_of(GameInfo::of::<H>());
        let prepared = Prepared::<H, E>::new(&hands.hands, self.workload.kind, block);
        if let Err(problem) = prepared.check(self.workload, &hands.classes) {
            // Never time a broken or optimised-away evaluator.
            eprintln!("error: refusing to benchmark: {problem}");
            std::process::exit(2);
        }
        let mode = self.plan.mode;
        if E::META.role == Role::Floor {
            let name: &'static str = format!("{} (bare loop)", E::META.name).leak();
            let bare = BareLoop::<H, E>::new(name, &hands.hands, block);
            self.entries
                .push(Entry::new(Box::new(bare), mode, (false, true), None));
        }
        let rounds = rounds::in_rounds(E::META.role, GameInfo::of::<H>());
        self.entries.push(Entry::new(
            Box::new(prepared),
            mode,
            (true, rounds),
            E::unavailable(),
        ));
    }
}

/// The five-card extension: prepares and checks every selected, timed
/// five-card evaluator of a pre-encoded workload.
struct GatherEncoded<'a> {
    plan: &'a Plan,
    workload: Workload,
    hands: &'a HandsOf<Hand>,
    entries: Vec<Entry>,
}

impl Visitor for GatherEncoded<'_> {
    fn visit<E: Evaluator>(&mut self) {
        if !self
            .plan
            .times_quiet_or_contended(self.workload, E::META.name)
        {
            return;
        }
        let block = self.plan.mode.block_of(GameInfo::of::<Hand>());
        let prepared = Encoded::<E>::new(&self.hands.hands, self.workload.kind, block);
        if let Err(problem) = prepared.check(self.workload, &self.hands.classes) {
            eprintln!("error: refusing to benchmark: {problem}");
            std::process::exit(2);
        }
        let mode = self.plan.mode;
        if E::META.role == Role::Floor {
            let name: &'static str = format!("{} (bare loop)", E::META.name).leak();
            let bare = BareLoop::<Hand, Whole<E>>::new(name, &self.hands.hands, block);
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

/// The engines the plan times on `workload` (a workload of `G`), as
/// contenders: each native engine prepared over the blocks of `hands`,
/// each runner started and loaded. One that cannot be made is left out,
/// with its reason in `failed`.
fn gather_engines<G: Game>(
    plan: &Plan,
    workload: Workload,
    hands: &HandsOf<G>,
    failed: &mut Vec<(Workload, String, String)>,
) -> Vec<Entry> {
    use handeval_benches::engines::{NativeContender, RunnerContender, place_of};
    use handeval_engines::Kind;
    let Some(root) = &plan.engines else {
        return Vec::new();
    };
    let place = place_of(root);
    let block = plan.mode.block_of(GameInfo::of::<G>());
    let mut entries = Vec::new();
    for b in plan.timed.iter().filter(|b| b.workload == workload) {
        let Some((engine, model)) = handeval_engines::contender(&b.evaluator) else {
            continue;
        };
        let made: Result<Box<dyn Timed>, String> = match engine.kind {
            Kind::Package => {
                RunnerContender::new(engine, model, &place, &hands.hands, block, plan.mode)
                    .map(|c| Box::new(c) as Box<dyn Timed>)
            }
            Kind::Native(_) | Kind::Abi(_) => {
                NativeContender::new(engine, model, &place, &hands.hands, &hands.classes, block)
                    .map(|c| Box::new(c) as Box<dyn Timed>)
            }
        };
        match made {
            Ok(timed) => {
                eprintln!("engine {}: ready for the rounds of {workload}", b.evaluator);
                entries.push(Entry::new(timed, plan.mode, (false, true), None));
            }
            Err(why) => {
                eprintln!("engine {}: not timed on {workload}: {why}", b.evaluator);
                failed.push((workload, b.evaluator.clone(), why));
            }
        }
    }
    entries
}

/// Every evaluator timed on `workload` (a workload of `G`), prepared and
/// checked on `hands`.
fn gather<G: Game>(plan: &Plan, workload: Workload, hands: &HandsOf<G>) -> Vec<Entry> {
    if workload.input == Input::Encoded {
        let Some(hands) = (hands as &dyn Any).downcast_ref::<HandsOf<Hand>>() else {
            return Vec::new();
        };
        let mut gather = GatherEncoded {
            plan,
            workload,
            hands,
            entries: Vec::new(),
        };
        visit_all_with_floor(&mut gather);
        return gather.entries;
    }
    let mut gather = Gather {
        plan,
        workload,
        hands,
        entries: Vec::new(),
    };
    visit_with_floor::<G>(&mut gather);
    gather.entries
}

/// The interleaved rounds, written as CSV to the plan's file workload by workload.
struct RoundsOut {
    path: std::path::PathBuf,
    out: std::io::BufWriter<std::fs::File>,
    rounds: usize,
    mode: Mode,
    rng: rand_chacha::ChaCha8Rng,
    header: bool,
    /// What the antagonist did during each contended workload's rounds.
    antagonist: Vec<(Workload, contention::Moved)>,
    /// The antagonist itself, once a contended workload has needed it.
    antagonist_thread: Option<contention::Antagonist>,
    /// Each engine that could not be timed, or stopped in the rounds:
    /// workload, contender, why.
    failed: Vec<(Workload, String, String)>,
    /// When the run began: each workload's rounds say when they start, so
    /// that a log shows where a run's time goes.
    started: std::time::Instant,
}

impl RoundsOut {
    fn create(plan: &Plan) -> Self {
        let path = plan.rounds_out.clone();
        eprintln!(
            "interleaved rounds after each workload's criterion benchmarks: {} rounds, each a turn of every evaluator over one warm block ({} hands for Hold'em, {} for hole-and-board games), order seeded from {}",
            plan.mode.rounds(),
            plan.mode.block_of(GameInfo::of::<Hand>()),
            plan.mode.block_of(GameInfo::of::<handeval_core::Omaha4>()),
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
            mode: plan.mode,
            rng: rounds::rng(plan.seed),
            header: true,
            antagonist: Vec::new(),
            antagonist_thread: None,
            failed: Vec::new(),
            started: std::time::Instant::now(),
        }
    }

    /// Writes each engine that was not timed, and why, beside the rounds'
    /// file ([`handeval_benches::plan::UNTIMED`]), for the run's checks.
    fn write_failed(&self) {
        let path = self.path.with_file_name(handeval_benches::plan::UNTIMED);
        let mut w = match csv::Writer::from_path(&path) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("error: creating {}: {e}", path.display());
                std::process::exit(2);
            }
        };
        let written = (|| -> csv::Result<()> {
            w.write_record(["workload", "evaluator", "why"])?;
            for (workload, name, why) in &self.failed {
                w.write_record([workload.id().as_str(), name, why])?;
            }
            w.flush()?;
            Ok(())
        })();
        if let Err(e) = written {
            eprintln!("error: writing {}: {e}", path.display());
            std::process::exit(2);
        }
    }

    /// Writes what the antagonist did in each contended workload's rounds
    /// beside the rounds' file ([`contention::FILE`]), for `machine.txt`.
    fn write_antagonist(&self) {
        if self.antagonist.is_empty() {
            return;
        }
        let reached: Vec<contention::Reached> = self
            .antagonist
            .iter()
            .map(|&(workload, m)| contention::Reached {
                workload,
                gb_per_s: m.gb_per_s(),
                seconds: m.elapsed.as_secs_f64(),
            })
            .collect();
        if let Err(e) = contention::write(&self.path.with_file_name(contention::FILE), &reached) {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }

    fn time(&mut self, workload: Workload, contenders: &mut [Contender<'_>]) {
        let block = self.mode.block_of(workload.game());
        self.time_as(workload, contenders, self.rounds, block);
    }

    /// The rounds of `workload`: `rounds` of them, each pass over `per_pass`
    /// hands (or boards). A contender whose timed pass found its result
    /// changed is refused, and the run with it.
    fn time_as(
        &mut self,
        workload: Workload,
        contenders: &mut [Contender<'_>],
        rounds: usize,
        per_pass: usize,
    ) {
        eprintln!(
            "rounds: {workload}, {} evaluators (at {:.0} s)",
            contenders.len(),
            self.started.elapsed().as_secs_f64()
        );
        let timings = rounds::run(workload, per_pass, contenders, rounds, &mut self.rng);
        if let Some(problem) = contenders.iter().find_map(|c| c.timed.problem()) {
            refuse(&problem);
        }
        for (name, why) in timings.failed {
            eprintln!("engine {name}: stopped in the rounds of {workload}: {why}");
            self.failed.push((workload, name, why));
        }
        let written = rounds::write_csv(
            &mut self.out,
            &timings.turns,
            std::mem::take(&mut self.header),
        );
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
    group.throughput(Throughput::Elements(mode.block_of(workload.game()) as u64));
    if mode == Mode::Smoke {
        group.sampling_mode(SamplingMode::Flat);
    }
    group
}

fn criterion(mode: Mode) -> Criterion {
    let c = Criterion::default().without_plots();
    let c = match mode {
        // A smoke run checks the pipeline: criterion's bootstrap, 100,000
        // resamples by default, would take most of its time. Its window
        // is the least that still gives criterion ten samples to analyse
        // (the slowest evaluators take their ten iterations whatever it
        // is): each of a smoke run's 644 benchmarks pays it, 15 ms a
        // benchmark, about ten seconds of CI, for figures nobody reads.
        Mode::Smoke => c
            .warm_up_time(Duration::from_millis(5))
            .measurement_time(Duration::from_millis(10))
            .sample_size(10)
            .nresamples(1_000),
        Mode::Quick => c
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_millis(400))
            .sample_size(10),
        // Criterion is the rounds' cross-check, timing the same turns in
        // one window (the rounds publish): half a second's window holds
        // about fifty turns of the faster evaluators. Each of the 355
        // benchmarks of a full run pays the window, the warm-up (its
        // turns warm their own blocks; criterion's warm-up only learns a
        // pass's length) and the bootstrap: at 2.5 s, then 1 s and 100,000
        // resamples they took a third of the run; 10,000 resamples give
        // the same confidence bounds to a fraction of a percent.
        Mode::Full => c
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_millis(500))
            .nresamples(10_000)
            .sample_size(30),
    };
    c.configure_from_args()
}

/// The run's banner: how many benchmarks of each game the plan holds.
fn banner(plan: &Plan) {
    let mut parts = Vec::new();
    for game in handeval_registry::games() {
        let of_game: Vec<_> = plan
            .timed
            .iter()
            .filter(|b| b.workload.game() == game)
            .collect();
        if of_game.is_empty() {
            continue;
        }
        let workloads: BTreeSet<_> = of_game.iter().map(|b| b.workload.id()).collect();
        let evaluators: BTreeSet<_> = of_game.iter().map(|b| b.evaluator.as_str()).collect();
        parts.push(format!(
            "{} {} workloads x {} evaluators",
            workloads.len(),
            game.id,
            evaluators.len()
        ));
    }
    eprintln!(
        "{} benchmarks: {} (the floor included wherever a workload is timed)",
        plan.timed.len(),
        parts.join(", ")
    );
}

/// The entries the rounds time that `keep` keeps, as the rounds take them.
fn contenders(entries: &mut [Entry], keep: impl Fn(&Entry) -> bool) -> Vec<Contender<'_>> {
    entries
        .iter_mut()
        .filter(|e| e.rounds && keep(e))
        .map(|e| Contender {
            timed: e.timed.as_mut(),
            pace: e.pace,
        })
        .collect()
}

/// Whether the plan times `entry` on `workload` (the floor's bare loop
/// with the floor).
fn planned(plan: &Plan, workload: Workload, entry: &Entry) -> bool {
    let name = entry.timed.name();
    plan.times(workload, name.strip_suffix(" (bare loop)").unwrap_or(name))
}

/// Times one workload's entries: each with criterion, then all of them in
/// the rounds; then, where the plan has its contended twin, the rounds
/// again beside the antagonist.
fn time_workload(
    c: &mut Criterion,
    plan: &Plan,
    workload: Workload,
    entries: &mut [Entry],
    done: &mut usize,
    rounds_out: &mut RoundsOut,
) {
    if plan.times_any(workload) {
        time_quiet(c, plan, workload, entries, done, rounds_out);
    }
    let contended = workload.under(Load::Contended);
    if plan.times_any(contended) {
        let mut contenders = contenders(entries, |e| planned(plan, contended, e));
        // Made once a run, on the first contended workload, then paused
        // between them.
        let antagonist = rounds_out
            .antagonist_thread
            .take()
            .unwrap_or_else(contention::Antagonist::ready);
        let streaming = antagonist.stream();
        rounds_out.time(contended, &mut contenders);
        let moved = streaming.stop();
        rounds_out.antagonist_thread = Some(antagonist);
        eprintln!(
            "antagonist: {:.1} GB/s read and written over {:.1} s",
            moved.gb_per_s(),
            moved.elapsed.as_secs_f64()
        );
        rounds_out.antagonist.push((contended, moved));
    }
}

/// [`time_workload`]'s quiet part.
fn time_quiet(
    c: &mut Criterion,
    plan: &Plan,
    workload: Workload,
    entries: &mut [Entry],
    done: &mut usize,
    rounds_out: &mut RoundsOut,
) {
    let mut group = group(c, workload, plan.mode);
    for entry in entries
        .iter_mut()
        .filter(|e| e.criterion && planned(plan, workload, e))
    {
        *done += 1;
        eprintln!(
            "[{done}/{}] {workload}/{} ({} passes a turn)",
            plan.timed.len(),
            entry.timed.name(),
            entry.pace.passes
        );
        if let Some(reason) = entry.note {
            eprintln!("note: {}: {reason}", entry.timed.name());
        }
        let pace = entry.pace;
        let mut block = 0usize;
        let timed = entry.timed.as_mut();
        group.bench_function(timed.name(), |b| {
            b.iter_custom(|iters| rounds::time_iters(timed, iters, pace, &mut block));
        });
    }
    group.finish();
    let mut contenders = contenders(entries, |e| planned(plan, workload, e));
    rounds_out.time(workload, &mut contenders);
}

/// Times every workload of the plan, game by game.
struct Run<'a> {
    plan: &'a Plan,
    c: Criterion,
    done: usize,
    rounds_out: RoundsOut,
}

impl GameVisitor for Run<'_> {
    /// Draws the game's hands for each order the plan times (and the
    /// reference's classes of each) once, then times its workloads.
    fn game<G: Game>(&mut self) {
        let plan = self.plan;
        // A contended workload is timed with its quiet twin's entries,
        // prepared and checked once.
        let workloads: Vec<Workload> = Workload::of(GameInfo::of::<G>())
            .into_iter()
            .filter(|w| w.load == Load::Quiet && !w.order.is_pattern())
            .filter(|w| plan.times_any(*w) || plan.times_any(w.under(Load::Contended)))
            .collect();
        let n = plan.mode.hands_of(GameInfo::of::<G>());
        let mut sets: Vec<(Order, HandsOf<G>)> = Vec::new();
        for workload in workloads {
            if !sets.iter().any(|(order, _)| *order == workload.order) {
                let order = workload.order;
                let hands = hands::of_order::<G>(order, plan.seed, n);
                match order {
                    Order::Shuffled => eprintln!(
                        "{} hands: {n} shuffled (seed {}); the reference classes each",
                        G::WORD,
                        plan.seed
                    ),
                    Order::Sequential => eprintln!(
                        "{} hands: {n} consecutive from hand {} of all {}; the reference classes each",
                        G::WORD,
                        hands::sequential_start::<G>(n),
                        G::HANDS
                    ),
                    // Filtered out above: an access pattern deals its own.
                    _ => {}
                }
                let classes = hands::reference_classes(&hands);
                sets.push((order, HandsOf { hands, classes }));
            }
            let (_, hands) = sets
                .iter()
                .find(|(order, _)| *order == workload.order)
                .expect("drawn above");
            let mut entries = gather::<G>(plan, workload, hands);
            entries.extend(gather_engines::<G>(
                plan,
                workload,
                hands,
                &mut self.rounds_out.failed,
            ));
            self.time(workload, &mut entries);
        }
    }

    /// A badugi game's workloads ([`Run::badugis`]).
    fn badugi<G: Game>(&mut self) {
        for workload in Workload::of(GameInfo::of::<G>()) {
            if self.plan.times_any(workload) {
                self.badugis::<G>(workload);
            }
        }
    }

    /// A Hi-Lo game's low workloads ([`Run::lows`]).
    fn hi_lo<G: Game>(&mut self) {
        for workload in Workload::of(GameInfo::of::<G>()) {
            if self.plan.times_any(workload) {
                self.lows::<G>(workload);
            }
        }
    }
}

impl Run<'_> {
    /// Times a Hi-Lo game's low workload: every planned low evaluator
    /// prepared on the game's shuffled hands (its high game's deal) and
    /// checked against the reference's lows, then timed as every workload is.
    fn lows<G: Game>(&mut self, workload: Workload) {
        use handeval_benches::lows::{PreparedLows, reference_lows};
        let plan = self.plan;
        let game = GameInfo::of::<G>();
        let n = plan.mode.hands_of(game);
        let hands = hands::of_order::<G::High>(workload.order, plan.seed, n);
        eprintln!(
            "{} hands: {n} shuffled (seed {}); the reference's low each",
            G::WORD,
            plan.seed
        );
        let want = reference_lows::<G>(&hands).unwrap_or_else(|m| refuse(&m));
        let block = plan.mode.block_of(game);
        let mut entries: Vec<Entry> = Vec::new();
        for about in handeval_registry::lows::<G>() {
            if !plan.times(workload, about.meta.name) {
                continue;
            }
            let prepared = PreparedLows::new(about, &hands, block);
            if let Err(problem) = prepared.check(workload, &want) {
                refuse(&problem);
            }
            let rounds = rounds::in_rounds(about.meta.role, game);
            entries.push(Entry::new(
                Box::new(prepared),
                plan.mode,
                (true, rounds),
                None,
            ));
        }
        self.time(workload, &mut entries);
    }

    /// Times a badugi game's workload: every planned badugi evaluator
    /// prepared on the game's shuffled hands and checked against the
    /// reference's classes, then timed as every workload is.
    fn badugis<G: Game>(&mut self, workload: Workload) {
        use handeval_benches::badugi::{PreparedBadugi, reference_classes};
        let plan = self.plan;
        let game = GameInfo::of::<G>();
        let n = plan.mode.hands_of(game);
        let hands = hands::of_order::<G>(workload.order, plan.seed, n);
        eprintln!(
            "{} hands: {n} shuffled (seed {}); the reference's class each",
            G::WORD,
            plan.seed
        );
        let want = reference_classes::<G>(&hands).unwrap_or_else(|m| refuse(&m));
        let block = plan.mode.block_of(game);
        let mut entries: Vec<Entry> = Vec::new();
        for about in handeval_registry::badugis::<G>() {
            if !plan.times(workload, about.meta.name) {
                continue;
            }
            let prepared = PreparedBadugi::new(about, &hands, block);
            if let Err(problem) = prepared.check(workload, &want) {
                refuse(&problem);
            }
            let rounds = rounds::in_rounds(about.meta.role, game);
            entries.push(Entry::new(
                Box::new(prepared),
                plan.mode,
                (true, rounds),
                None,
            ));
        }
        self.time(workload, &mut entries);
    }

    /// [`time_workload`] with the run's timers.
    fn time(&mut self, workload: Workload, entries: &mut [Entry]) {
        time_workload(
            &mut self.c,
            self.plan,
            workload,
            entries,
            &mut self.done,
            &mut self.rounds_out,
        );
    }
}

/// Exits with `message` as the run's error.
fn refuse(message: &str) -> ! {
    eprintln!("error: refusing to benchmark: {message}");
    std::process::exit(2);
}

/// An access pattern's workload (see `handeval_benches::patterns`): its
/// contenders, checked, then timed in rounds of its own count, one pass a
/// whole enumeration or the whole showdown set.
fn time_pattern(plan: &Plan, workload: Workload, rounds_out: &mut RoundsOut) {
    use handeval_benches::patterns;
    let mode = plan.mode;
    eprintln!(
        "{workload}: {} (seed {}); each contender checked once",
        patterns::unit(workload, mode),
        plan.seed
    );
    let planned = |name: &str| plan.times(workload, name);
    let found =
        patterns::contenders(workload, mode, plan.seed, &planned).unwrap_or_else(|m| refuse(&m));
    for line in &found.checked {
        eprintln!("  {line}");
    }
    let mut entries: Vec<Entry> = found
        .timed
        .into_iter()
        .map(|t| Entry::new(t, mode, (false, true), None))
        .collect();
    entries.extend(calculators(plan, workload, &mut rounds_out.failed));
    let mut contenders = contenders(&mut entries, |_| true);
    // Hands per pass fit a usize on every target the lab builds for.
    let per_pass = usize::try_from(found.per_pass).unwrap_or(usize::MAX);
    rounds_out.time_as(
        workload,
        &mut contenders,
        patterns::rounds_of(workload.order, mode),
        per_pass,
    );
}

/// The lab's count of an equity workload's matchup, as a calculator is
/// held to it: the ranges written out as combos (a native calculator's),
/// the board, the equities and games counted, and of fixed hands each
/// player's cards and their count (a runner's calculator's).
struct LabCount {
    ranges: Vec<String>,
    board: &'static str,
    counted: (Vec<f64>, u64),
    fixed: Option<(
        Vec<Vec<handeval_core::Card>>,
        Vec<handeval_core::Card>,
        handeval_benches::engines::FixedCount,
    )>,
}

/// The lab's count of `workload`'s case with the game's recommended
/// evaluator: fixed hands over every board (of any game with a board), or
/// Hold'em's ranges exactly.
fn lab_count(workload: Workload, mode: handeval_benches::Mode) -> Result<LabCount, String> {
    let case = handeval_benches::patterns::equity_case(workload, mode)
        .ok_or_else(|| format!("{workload} has no equity case"))?;
    let evaluator = handeval_registry::recommended(workload.game());
    if case.fixed_hands() {
        let tally = handeval_registry::fixed_equity(
            evaluator,
            workload.game(),
            case.ranges,
            case.board,
            "",
            false,
        )
        .ok_or_else(|| format!("`{evaluator}` counts no fixed hands of {workload}"))?
        .map_err(|e| format!("{}: {e}", case.describe()))?;
        let players = case.ranges.len();
        let cards = |s: &str| handeval_core::parse_cards(s).map_err(|e| format!("`{s}`: {e}"));
        let holes = case
            .ranges
            .iter()
            .map(|r| cards(r))
            .collect::<Result<Vec<_>, _>>()?;
        let fixed = handeval_benches::engines::FixedCount {
            boards: tally.boards,
            wins: tally.wins[..players].to_vec(),
            ties: tally.ties[..players].to_vec(),
        };
        return Ok(LabCount {
            ranges: case.ranges.iter().map(ToString::to_string).collect(),
            board: case.board,
            counted: (
                (0..players).map(|p| tally.equity(p)).collect(),
                tally.boards,
            ),
            fixed: Some((holes, cards(case.board)?, fixed)),
        });
    }
    let matchup = handeval_equity::exact::Matchup::new(case.ranges, case.board, "")
        .map_err(|e| format!("{}: {e}", case.describe()))?;
    let count = handeval_registry::range_equity(evaluator, &matchup, &mut |_, _| {})
        .ok_or_else(|| format!("`{evaluator}` is no seven-card evaluator"))?
        .map_err(|e| format!("the lab's count: {e}"))?;
    let written = matchup
        .written_out()
        .map_err(|p| format!("player {p}'s range is weighted"))?;
    Ok(LabCount {
        ranges: written,
        board: case.board,
        counted: (count.equity, count.games),
        fixed: None,
    })
}

/// The engines' own equity calculators the plan times on `workload` (an
/// equity count), each to be held to the lab's count of the workload's
/// matchup: a native one (OMPEval's) called in this process, a runner's
/// (poker-odds-calc's) through its session. One that cannot be made is
/// left out, with its reason.
fn calculators(
    plan: &Plan,
    workload: Workload,
    failed: &mut Vec<(Workload, String, String)>,
) -> Vec<Entry> {
    use handeval_benches::engines::{CalculatorContender, RunnerCalculatorContender, place_of};
    let Some(root) = &plan.engines else {
        return Vec::new();
    };
    let named: Vec<&str> = plan
        .timed
        .iter()
        .filter(|b| b.workload == workload)
        .map(|b| b.evaluator.as_str())
        .filter(|name| {
            handeval_engines::contender(name).is_some_and(|(e, _)| e.calculator.is_some())
        })
        .collect();
    if named.is_empty() {
        return Vec::new();
    }
    let lab = match lab_count(workload, plan.mode) {
        Ok(lab) => lab,
        Err(why) => {
            for name in named {
                failed.push((workload, name.to_string(), why.clone()));
            }
            return Vec::new();
        }
    };
    let place = place_of(root);
    let mut entries = Vec::new();
    for name in named {
        let (engine, _) = handeval_engines::contender(name).expect("filtered above");
        let made: Result<Box<dyn Timed>, String> = match (engine.kind, &lab.fixed) {
            (handeval_engines::Kind::Package, Some((holes, board, count))) => {
                RunnerCalculatorContender::new(
                    engine,
                    &place,
                    workload.game().id,
                    (holes.clone(), board.clone()),
                    count.clone(),
                    plan.mode,
                )
                .map(|c| Box::new(c) as Box<dyn Timed>)
            }
            (handeval_engines::Kind::Package, None) => {
                Err("a runner's calculator counts fixed hands, not ranges".to_string())
            }
            _ => CalculatorContender::new(
                engine,
                &place,
                lab.ranges.clone(),
                lab.board,
                lab.counted.clone(),
            )
            .map(|c| Box::new(c) as Box<dyn Timed>),
        };
        match made {
            Ok(c) => entries.push(Entry::new(c, plan.mode, (false, true), None)),
            Err(why) => failed.push((workload, name.to_string(), why)),
        }
    }
    entries
}

fn main() {
    let plan = Plan::of_this_run();
    eprintln!("SIMD paths up to: {} (the plan's --simd)", plan.simd.id());
    eprintln!("seed: {} (the plan's --seed)", plan.seed);
    banner(&plan);
    let mut run = Run {
        plan: &plan,
        c: criterion(plan.mode),
        done: 0,
        rounds_out: RoundsOut::create(&plan),
    };
    // Hands are drawn, and their reference classes computed, only for the
    // games and orders with a benchmark to run.
    visit_games(&mut run);
    run.c.final_summary();
    for workload in Workload::every().filter(|w| w.order.is_pattern()) {
        if plan.times_any(workload) {
            time_pattern(&plan, workload, &mut run.rounds_out);
        }
    }
    run.rounds_out.write_antagonist();
    run.rounds_out.write_failed();
}
