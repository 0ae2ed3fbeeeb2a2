//! Wall time of every benchmark in the run's plan: criterion, then the
//! interleaved rounds, both timing the same turns (see
//! `handeval_benches::rounds`).
//!
//! Run by `cargo xtask bench`, which writes the plan (`HANDEVAL_PLAN`) and
//! sets `CRITERION_HOME` to the run's own folder.

use std::fmt::Write as _;
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
        if !self.plan.times_quiet_or_contended(self.workload, E::NAME) {
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
        if E::ROLE == Role::Floor {
            let name: &'static str = format!("{} (bare loop)", E::NAME).leak();
            let bare = BareLoop::<H, E>::new(name, &hands.hands, block);
            self.entries
                .push(Entry::new(Box::new(bare), mode, (false, true), None));
        }
        let rounds = rounds::in_rounds(E::ROLE, GameInfo::of::<H>());
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
        if !self.plan.times_quiet_or_contended(self.workload, E::NAME) {
            return;
        }
        let block = self.plan.mode.block_of(GameInfo::of::<Hand>());
        let prepared = Encoded::<E>::new(&self.hands.hands, self.workload.kind, block);
        if let Err(problem) = prepared.check(self.workload, &self.hands.classes) {
            eprintln!("error: refusing to benchmark: {problem}");
            std::process::exit(2);
        }
        let mode = self.plan.mode;
        if E::ROLE == Role::Floor {
            let name: &'static str = format!("{} (bare loop)", E::NAME).leak();
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
        }
    }

    /// Writes what the antagonist did in each contended workload's rounds
    /// beside the rounds' file ([`contention::FILE`]), for `machine.txt`.
    fn write_antagonist(&self) {
        if self.antagonist.is_empty() {
            return;
        }
        let path = self.path.with_file_name(contention::FILE);
        let mut text = String::new();
        for (w, m) in &self.antagonist {
            let _ = writeln!(text, "{w},{},{}", m.gb_per_s(), m.elapsed.as_secs_f64());
        }
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("error: writing {}: {e}", path.display());
            std::process::exit(2);
        }
    }

    fn time(&mut self, workload: Workload, contenders: &mut [Contender<'_>]) {
        eprintln!("rounds: {workload}, {} evaluators", contenders.len());
        let block = self.mode.block_of(workload.game());
        let turns = rounds::run(workload, block, contenders, self.rounds, &mut self.rng);
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
        // Criterion is the rounds' cross-check, timing the same turns in
        // one window (the rounds publish): a second's window holds about
        // a hundred turns of the faster evaluators, and halving the two
        // and a half seconds it had took about six minutes off a full run.
        Mode::Full => c
            .warm_up_time(Duration::from_millis(250))
            .measurement_time(Duration::from_secs(1))
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
        let mut contenders: Vec<Contender<'_>> = entries
            .iter_mut()
            .filter(|e| e.rounds && planned(plan, contended, e))
            .map(|e| Contender {
                timed: e.timed.as_mut(),
                passes: e.passes,
            })
            .collect();
        let antagonist = contention::Antagonist::start();
        rounds_out.time(contended, &mut contenders);
        let moved = antagonist.stop();
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
        .filter(|e| e.rounds && planned(plan, workload, e))
        .map(|e| Contender {
            timed: e.timed.as_mut(),
            passes: e.passes,
        })
        .collect();
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
            .filter(|w| w.load == Load::Quiet)
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
                }
                let classes = hands::reference_classes(&hands);
                sets.push((order, HandsOf { hands, classes }));
            }
            let (_, hands) = sets
                .iter()
                .find(|(order, _)| *order == workload.order)
                .expect("drawn above");
            let mut entries = gather::<G>(plan, workload, hands);
            time_workload(
                &mut self.c,
                plan,
                workload,
                &mut entries,
                &mut self.done,
                &mut self.rounds_out,
            );
        }
    }
}

/// Exits with `message` as the run's error.
fn refuse(message: &str) -> ! {
    eprintln!("error: refusing to benchmark: {message}");
    std::process::exit(2);
}

/// The access patterns (see `handeval_benches::patterns`): each contender
/// checked once, then timed round after round in a seeded order, one line
/// of `patterns.csv` per turn.
fn time_patterns(plan: &Plan) {
    use handeval_benches::patterns::{self, CSV_HEADER};
    use rand::seq::SliceRandom;
    use std::fmt::Write as _;
    use std::time::Instant;

    let mode = plan.mode;
    let cards = patterns::deck_of(mode);
    let deck = patterns::deck(cards);
    let rounds = patterns::rounds_of(mode);
    let mut rng = rounds::rng(plan.seed ^ 0x7061_7474);
    let mut csv = format!("{CSV_HEADER}\n");
    let case = format!("deck{cards}");

    let enumerators = patterns::enumerators();
    eprintln!(
        "enumeration: {} contenders over the {} seven-card hands of the lowest {cards} cards, each checked once, then {rounds} rounds",
        enumerators.len(),
        patterns::enumeration_hands(cards)
    );
    let mut sums = Vec::new();
    let mut first: Option<patterns::Counted> = None;
    for e in &enumerators {
        let counted = e
            .census(&deck)
            .unwrap_or_else(|m| refuse(&format!("enumeration by {}: {m}", e.id())));
        if cards == 52 {
            if let Err(m) = counted.check_every_seven() {
                refuse(&format!("enumeration by {}: {m}", e.id()));
            }
        } else if let Some(f) = &first
            && (f.hands, f.classes, f.categories)
                != (counted.hands, counted.classes, counted.categories)
        {
            refuse(&format!(
                "enumeration by {}: {counted:?}, where {} counted {f:?}",
                e.id(),
                enumerators[0].id()
            ));
        }
        eprintln!(
            "  {}: {} hands, {} classes: checked",
            e.id(),
            counted.hands,
            counted.classes
        );
        sums.push(counted.checksum);
        first.get_or_insert(counted);
    }
    let mut order: Vec<usize> = (0..enumerators.len()).collect();
    for round in 0..rounds {
        order.shuffle(&mut rng);
        for &i in &order {
            let e = &enumerators[i];
            let start = Instant::now();
            let sum = e.run(&deck);
            let ns = start.elapsed().as_nanos();
            if sum.sum() != sums[i] {
                refuse(&format!(
                    "enumeration by {}: the timed pass's checksum differs from the checked one's",
                    e.id()
                ));
            }
            let _ = writeln!(
                csv,
                "enumeration,{},{},{},{round},{case},{},{ns}",
                e.evaluator,
                e.form,
                e.path,
                sum.hands()
            );
        }
    }

    time_showdowns(plan, &mut rng, &mut csv);
    let out = plan.rounds_out.with_file_name(patterns::FILE);
    if let Err(e) = std::fs::write(&out, csv) {
        eprintln!("error: writing {}: {e}", out.display());
        std::process::exit(2);
    }
}

/// The showdown set: each counter checked against the first on every
/// matchup, then timed round after round; lines appended to `csv`.
fn time_showdowns(plan: &Plan, rng: &mut rand_chacha::ChaCha8Rng, csv: &mut String) {
    use handeval_benches::patterns;
    use rand::seq::SliceRandom;
    use std::fmt::Write as _;
    use std::time::Instant;

    let mode = plan.mode;
    let rounds = patterns::rounds_of(mode);
    let matchups = patterns::matchups(plan.seed, patterns::more_matchups_of(mode));
    let showdowns: Vec<(String, handeval_core::Showdown)> = matchups
        .iter()
        .map(|m| {
            let dead = patterns::dead_of(mode, m);
            let s = handeval_core::Showdown::new(m, &[], &dead).expect("distinct cards");
            (patterns::matchup_name(m), s)
        })
        .collect();
    let counters = patterns::counters();
    eprintln!(
        "showdown: {} heads-up matchups (seed {}) over every board, {} contenders on one thread, each checked once, then {rounds} rounds",
        showdowns.len(),
        plan.seed,
        counters.len()
    );
    for (name, s) in &showdowns {
        let expected = counters[0].count(s);
        for c in &counters[1..] {
            let got = c.count(s);
            if got != expected {
                refuse(&format!(
                    "showdown {name} by {}: {got:?}, where {} counted {expected:?}",
                    c.id(),
                    counters[0].id()
                ));
            }
        }
        eprintln!(
            "  {name}: {} wins, {} ties, {} losses of {} boards for the first hand, the same for every contender",
            expected.wins[0],
            expected.ties[0],
            expected.losses(0),
            expected.boards
        );
    }
    let mut order: Vec<usize> = (0..counters.len()).collect();
    for round in 0..rounds {
        order.shuffle(rng);
        for &i in &order {
            let c = &counters[i];
            for (name, s) in &showdowns {
                let start = Instant::now();
                let tally = std::hint::black_box(c.count(s));
                let ns = start.elapsed().as_nanos();
                let _ = writeln!(
                    *csv,
                    "showdown,{},{},{},{round},{name},{},{ns}",
                    c.evaluator, c.form, c.path, tally.boards
                );
            }
        }
    }
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
    run.rounds_out.write_antagonist();
    if plan.patterns {
        time_patterns(&plan);
    }
}
