//! `cargo xtask engines`: the evaluators people use in other languages and
//! libraries (the `handeval-engines` crate), listed, installed, checked
//! against the reference and timed.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use handeval_benches::Mode;
use handeval_core::{Game, GameVisitor, visit_games};
use handeval_engines::check::{self, Checked};
use handeval_engines::install::{self, Place};
use handeval_engines::native::Native;
use handeval_engines::runner::Runner;
use handeval_engines::{
    AbiLibrary, Better, ENGINES, Engine, Evaluate, Hands, Kind, Language, Model, Package, Registry,
    Role,
};
use serde::{Deserialize, Serialize};

/// `cargo xtask engines`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Option<Action>,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Install every package engine at its pinned version into the build
    /// directory (a Python virtual environment and a `node_modules`).
    Install {
        /// The Python interpreter to make the virtual environment with.
        #[arg(long, default_value = "python3")]
        python: String,
    },
    /// Check engines against the reference: every hand of a game when that
    /// fits the budget, otherwise a seeded sample and every pitfall hand.
    Check(CheckArgs),
    /// Time engines on the benchmark's seeded blocks of shuffled hands.
    Time(TimeArgs),
    /// Compare RayW's 2+2 table as `poker-evaluator` ships it
    /// (`HandRanks.dat`) with the lab's generated table, entry for entry.
    Handranks,
}

/// Which engines and games.
#[derive(clap::Args, Clone, Debug)]
struct Select {
    /// Only these engines (comma-separated names, as `cargo xtask engines` lists them).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Only these games (comma-separated ids).
    #[arg(long, value_delimiter = ',')]
    game: Vec<String>,
    /// A library built against the lab's C ABI (`crates/engines/abi/handeval_engine.h`),
    /// checked or timed as the engine `abi/<its file name>`.
    #[arg(long)]
    library: Option<PathBuf>,
}

#[derive(clap::Args, Clone, Debug)]
struct CheckArgs {
    #[command(flatten)]
    select: Select,
    /// Seeded hands of the sample (with every pitfall hand).
    #[arg(long, default_value_t = 100_000)]
    hands: usize,
    /// The sample's seed.
    #[arg(long, default_value_t = handeval_difftest::cards::SAMPLE_SEED)]
    seed: u64,
    /// Minutes a check over every hand may take (on all cores, foreseen
    /// from the sample's pace); 0 checks the sample only.
    #[arg(long, default_value_t = 10.0)]
    budget: f64,
    /// Check every hand, whatever the forecast.
    #[arg(long)]
    every: bool,
    /// Print CSV rather than a table.
    #[arg(long)]
    csv: bool,
}

#[derive(clap::Args, Clone, Debug)]
struct TimeArgs {
    #[command(flatten)]
    select: Select,
    /// Shorter runs: fewer turns.
    #[arg(long)]
    smoke: bool,
    /// The seed of the shuffled hands.
    #[arg(long, default_value_t = handeval_benches::DEFAULT_SEED)]
    seed: u64,
    /// Print CSV rather than a table.
    #[arg(long)]
    csv: bool,
}

/// Runs `cargo xtask engines`.
pub fn run(args: &Args) -> Result<ExitCode> {
    let place = Place::of_build();
    match &args.action {
        None => list(&place),
        Some(Action::Install { python }) => {
            eprintln!(
                "installing {} PyPI and {} npm packages, and the lab's own Python package (built from {}), into {}",
                install::pins(Registry::PyPI).len(),
                install::pins(Registry::Npm).len(),
                install::local_source().display(),
                place.root.display()
            );
            install::install(&place, python)?;
            list(&place)
        }
        Some(Action::Check(a)) => {
            let rows = checks(&place, &a.select, &Plan::of(a))?;
            print_checks(&rows, a.csv)?;
            Ok(if rows.iter().any(|r| !r.error.is_empty()) {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            })
        }
        Some(Action::Handranks) => {
            let row = handranks_row(&place);
            print_checks(std::slice::from_ref(&row), false)?;
            if !row.error.is_empty() {
                return Ok(ExitCode::FAILURE);
            }
            outln!("{}", row.examples)?;
            Ok(if row.disagreements == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Some(Action::Time(a)) => {
            let mode = if a.smoke { Mode::Smoke } else { Mode::Full };
            let rows = times(&place, &a.select, mode, a.seed)?;
            print_times(&rows, a.csv)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn list(place: &Place) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let w = |out: &mut std::io::StdoutLock<'_>, cells: [&str; 7]| {
        writeln!(
            out,
            "{:<30} {:<10} {:<8} {:<30} {:<18} {:<24} {}",
            cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6]
        )
    };
    w(
        &mut out,
        [
            "engine",
            "language",
            "kind",
            "package",
            "installed",
            "games",
            "models",
        ],
    )
    .context("writing to standard output")?;
    for e in ENGINES {
        let installed = match place.installed(e) {
            None => "no".to_string(),
            Some(v) if e.package.registry == Registry::Lab => v,
            Some(v) if e.package.name.is_empty() => "yes".to_string() + &v,
            Some(v) if v == e.package.version => v,
            Some(v) => format!("{v} (not {})", e.package.version),
        };
        let models: Vec<&str> = e.models.iter().map(|m| m.id()).collect();
        w(
            &mut out,
            [
                e.name,
                e.language.name(),
                e.kind.word(),
                &package_words(&e.package),
                &installed,
                &e.games.join(","),
                &models.join(","),
            ],
        )
        .context("writing to standard output")?;
    }
    writeln!(out, "\ninstalled in {}", place.root.display())
        .context("writing to standard output")?;
    Ok(ExitCode::SUCCESS)
}

fn package_words(p: &Package) -> String {
    match p.registry {
        Registry::Lab => p.name.to_string(),
        _ if p.name.is_empty() => "(none: the floor)".to_string(),
        Registry::PyPI => format!("PyPI {}=={}", p.name, p.version),
        Registry::Npm => format!("npm {}@{}", p.name, p.version),
        // Two words, as a registry's: the list's columns are split on spaces.
        Registry::Local => format!("local {}=={}", p.name, p.version),
    }
}

/// The engines `select` names, the user's library among them.
fn chosen(select: &Select, floors: bool) -> Result<Vec<&'static Engine>> {
    for name in &select.only {
        if handeval_engines::engine(name).is_none() {
            bail!(
                "no engine {name}: `cargo xtask engines` lists {}",
                ENGINES
                    .iter()
                    .map(|e| e.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    for g in &select.game {
        if handeval_registry::game(g).is_none() {
            bail!("no game {g}");
        }
    }
    let mut engines: Vec<&'static Engine> = ENGINES
        .iter()
        .filter(|e| {
            let named = select.only.iter().any(|n| n == e.name);
            match e.role {
                Role::Evaluator | Role::Lab => select.only.is_empty() || named,
                Role::Floor => floors && (select.only.is_empty() || named),
                Role::Test => named,
            }
        })
        .collect();
    if let Some(path) = &select.library {
        if !path.is_file() {
            bail!("--library {}: no such file", path.display());
        }
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("library")
            .trim_start_matches("lib");
        let name: &'static str = Box::leak(format!("abi/{stem}").into_boxed_str());
        let engine: &'static Engine = Box::leak(Box::new(Engine {
            name,
            language: Language::C,
            kind: Kind::Abi(AbiLibrary::User),
            package: Package {
                registry: Registry::Lab,
                name: Box::leak(path.display().to_string().into_boxed_str()),
                version: "",
            },
            role: Role::Evaluator,
            // The ABI takes any number of cards and of hole cards.
            games: Box::leak(
                handeval_registry::games()
                    .iter()
                    .map(|g| g.id)
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            ),
            better: Better::Higher,
            models: &[Model::Batch],
            slowest_us: 100,
            summary: "a library built against the lab's C ABI",
            calculator: None,
        }));
        if select.only.is_empty() {
            engines.clear();
        }
        engines.push(engine);
    }
    Ok(engines)
}

/// One engine's way to answer, made once.
enum Loaded {
    Runner(Runner),
    Native(Native),
}

impl Loaded {
    fn new(
        engine: &'static Engine,
        place: &Place,
        model: Model,
        library: Option<&PathBuf>,
    ) -> Result<Loaded, handeval_engines::Error> {
        match engine.kind {
            Kind::Package => Runner::new(engine, place, model).map(Loaded::Runner),
            Kind::Abi(AbiLibrary::User) => {
                let path = library
                    .ok_or_else(|| handeval_engines::Error::new(engine.name, "no --library"))?;
                Native::open(engine, path).map(Loaded::Native)
            }
            _ => Native::load(engine, place).map(Loaded::Native),
        }
    }

    fn evaluate(&self) -> &(dyn Evaluate + Sync) {
        match self {
            Loaded::Runner(r) => r,
            Loaded::Native(n) => n,
        }
    }

    fn time(
        &self,
        hands: &Hands,
        block: usize,
        samples: usize,
    ) -> Result<Vec<handeval_engines::protocol::Sample>, handeval_engines::Error> {
        match self {
            Loaded::Runner(r) => r.time(hands, block, samples),
            Loaded::Native(n) => n.time(hands, block, samples),
        }
    }
}

/// How a check is made.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Seeded hands of the sample.
    pub hands: usize,
    /// Its seed.
    pub seed: u64,
    /// Minutes a check over every hand may take.
    pub budget_minutes: f64,
    /// Every hand whatever the forecast.
    pub every: bool,
}

impl Plan {
    /// A run's check: a full run's sample is a million hands (the issue's
    /// floor for engines too slow for every hand), every hand where that
    /// is foreseen to take at most three minutes on the machine's cores
    /// (`bench --engine-budget`); a smoke run's is ten thousand, never
    /// every hand.
    pub fn for_mode(mode: Mode, seed: u64) -> Plan {
        let (hands, budget_minutes) = match mode {
            Mode::Full => (1_000_000, 3.0),
            Mode::Quick => (100_000, 2.0),
            Mode::Smoke => (10_000, 0.0),
        };
        Plan {
            hands,
            seed,
            budget_minutes,
            every: false,
        }
    }

    fn of(a: &CheckArgs) -> Plan {
        Plan {
            hands: a.hands,
            seed: a.seed,
            budget_minutes: a.budget,
            every: a.every,
        }
    }
}

/// The most hands a runner is checked on every one of (unless `--every`):
/// five-card Hold'em's 2,598,960.
const RUNNER_EVERY_UP_TO: u64 = 3_000_000;

/// One engine's check on one game in one model: a line of `engines-check.csv`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct CheckRow {
    /// The engine.
    pub engine: String,
    /// Its language.
    pub language: String,
    /// Its package and version as installed.
    pub version: String,
    /// The game.
    pub game: String,
    /// The model whose function was checked.
    pub model: String,
    /// `every hand` or `sample`.
    pub coverage: String,
    /// Hands evaluated.
    pub evaluated: u64,
    /// Hands they stand for.
    pub hands: u64,
    /// Hands the engine orders unlike the reference.
    pub disagreements: u64,
    /// Classes on its scale, in order.
    pub classes: usize,
    /// Seconds the check took.
    pub seconds: f64,
    /// Seconds a check over every hand was foreseen to take (on all cores).
    pub foreseen_every_s: Option<f64>,
    /// The first disagreeing hands, `;`-separated.
    pub examples: String,
    /// Why the engine could not be checked (empty when it was).
    pub error: String,
}

struct CheckGame<'a> {
    place: &'a Place,
    plan: Plan,
    engine: &'static Engine,
    model: Model,
    library: Option<&'a PathBuf>,
    wanted: &'a [String],
    rows: Vec<CheckRow>,
}

impl GameVisitor for CheckGame<'_> {
    fn game<G: Game>(&mut self) {
        if !self.engine.plays(G::ID)
            || !(self.wanted.is_empty() || self.wanted.iter().any(|g| g == G::ID))
        {
            return;
        }
        let started = Instant::now();
        let mut row = CheckRow {
            engine: self.engine.name.to_string(),
            language: self.engine.language.name().to_string(),
            version: self.place.installed(self.engine).unwrap_or_default(),
            game: G::ID.to_string(),
            model: self.model.id().to_string(),
            coverage: String::new(),
            evaluated: 0,
            hands: 0,
            disagreements: 0,
            classes: 0,
            seconds: 0.0,
            foreseen_every_s: None,
            examples: String::new(),
            error: String::new(),
        };
        match self.check::<G>(&mut row) {
            Ok(checked) => {
                row.coverage = if checked.every {
                    "every hand"
                } else {
                    "sample"
                }
                .to_string();
                row.evaluated = checked.verdict.evaluated;
                row.hands = checked.verdict.hands;
                row.disagreements = checked.verdict.disagreements;
                row.classes = checked.verdict.classes;
                row.examples = checked.examples.join("; ");
            }
            Err(e) => row.error = e.to_string(),
        }
        row.seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "{} {} ({}): {}",
            row.engine,
            row.game,
            row.model,
            if row.error.is_empty() {
                let foreseen = row.foreseen_every_s.map_or_else(String::new, |f| {
                    format!(" (every hand foreseen at {f:.1} s)")
                });
                format!(
                    "{} hands ({}), {} disagreeing, {:.1} s{foreseen}",
                    row.hands, row.coverage, row.disagreements, row.seconds
                )
            } else {
                row.error.clone()
            }
        );
        self.rows.push(row);
    }
}

impl CheckGame<'_> {
    fn check<G: Game>(&self, row: &mut CheckRow) -> Result<Checked, handeval_engines::Error> {
        let loaded = Loaded::new(self.engine, self.place, self.model, self.library)?;
        let engine = loaded.evaluate();
        // A request's hands: a runner is a process a request, and the
        // lab's two cores answer two requests at a time.
        let chunk = match self.engine.kind {
            Kind::Package => (self.plan.hands / 8).clamp(1_000, 50_000),
            _ => 1 << 16,
        };
        let hands = check::sample_hands::<G>(self.plan.seed, self.plan.hands);
        let sample = || check::on_hands::<G>(engine, self.engine.better, &hands, chunk, &|_| {});
        // A runner answers at microseconds a hand: every hand of five-card
        // Hold'em, never the millions of the larger games, which would hold
        // a run for minutes per engine (seven cards: about two).
        let enumerated = handeval_difftest::cards::enumerated::<G>();
        let may_every = self.plan.budget_minutes > 0.0
            && !(self.engine.kind == Kind::Package && enumerated > RUNNER_EVERY_UP_TO);
        if !self.plan.every && !may_every {
            return sample();
        }
        // The forecast, unless every hand is asked for whatever it says. A
        // runner's pace is its own whatever the hands: timed on two
        // requests of the sample at once, as the check would send them.
        // An in-process engine's is timed on a few parts of the
        // enumeration, whose reference classes cost less a hand than the
        // sample's.
        if !self.plan.every {
            let foreseen = if self.engine.kind == Kind::Package {
                let probe = &hands[..(2 * chunk).min(hands.len())];
                let started = Instant::now();
                check::on_hands::<G>(engine, self.engine.better, probe, chunk, &|_| {})?;
                started.elapsed().as_secs_f64() / probe.len().max(1) as f64 * enumerated as f64
            } else {
                check::foresee_every::<G>(engine, self.engine.better, 0.002)?.as_secs_f64()
            };
            row.foreseen_every_s = Some(foreseen);
            if foreseen > self.plan.budget_minutes * 60.0 {
                return sample();
            }
        }
        check::every_in_requests::<G>(engine, self.engine.better, chunk, &|_| {})
    }
}

/// Checks every chosen engine, in each model it offers, on each game it plays.
///
/// # Errors
/// A selection naming what does not exist.
pub fn checks_of(
    place: &Place,
    select_only: &[String],
    games: &[String],
    plan: &Plan,
) -> Result<Vec<CheckRow>> {
    let select = Select {
        only: select_only.to_vec(),
        game: games.to_vec(),
        library: None,
    };
    checks(place, &select, plan)
}

fn checks(place: &Place, select: &Select, plan: &Plan) -> Result<Vec<CheckRow>> {
    let mut rows = Vec::new();
    for engine in chosen(select, false)? {
        for &model in engine.models {
            let mut visitor = CheckGame {
                place,
                plan: *plan,
                engine,
                model,
                library: select.library.as_ref(),
                wanted: &select.game,
                rows: Vec::new(),
            };
            visit_games(&mut visitor);
            rows.extend(visitor.rows);
        }
    }
    Ok(rows)
}

pub fn print_checks(rows: &[CheckRow], csv: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if csv {
        let mut w = csv::Writer::from_writer(&mut out);
        for r in rows {
            w.serialize(r).context("writing to standard output")?;
        }
        w.flush().context("writing to standard output")?;
        return Ok(());
    }
    writeln!(
        out,
        "{:<30} {:<7} {:<6} {:<11} {:>13} {:>13} {:>8}  first disagreement or error",
        "engine", "game", "model", "coverage", "hands", "disagreeing", "classes"
    )
    .context("writing to standard output")?;
    for r in rows {
        let first = if r.error.is_empty() {
            r.examples
                .split("; ")
                .next()
                .unwrap_or_default()
                .to_string()
        } else {
            format!("error: {}", r.error)
        };
        writeln!(
            out,
            "{:<30} {:<7} {:<6} {:<11} {:>13} {:>13} {:>8}  {first}",
            r.engine, r.game, r.model, r.coverage, r.hands, r.disagreements, r.classes
        )
        .context("writing to standard output")?;
    }
    Ok(())
}

/// One engine's time on one game in one model: a line of `engines.csv`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TimeRow {
    /// The engine.
    pub engine: String,
    /// Its language.
    pub language: String,
    /// Evaluator or floor.
    pub role: String,
    /// Its package's version as installed.
    pub version: String,
    /// The game.
    pub game: String,
    /// The model.
    pub model: String,
    /// The lab's workload whose seeded blocks were timed.
    pub workload: String,
    /// Hands a pass: the workload's block, or the first hands of it for an
    /// engine too slow to pass over a whole block in a turn's time.
    pub hands_per_pass: usize,
    /// Passes a turn.
    pub passes: usize,
    /// Turns (one block each).
    pub turns: usize,
    /// The undisturbed time: the fastest turn (each turn its fastest pass), per hand.
    pub ns: f64,
    /// The median turn, per hand.
    pub median_ns: f64,
    /// The language's floor in the same model, per hand (the same estimator).
    pub floor_ns: Option<f64>,
    /// Why it was not timed (empty when it was).
    pub error: String,
}

struct TimeGame<'a> {
    place: &'a Place,
    engine: &'static Engine,
    model: Model,
    mode: Mode,
    seed: u64,
    library: Option<&'a PathBuf>,
    wanted: &'a [String],
    rows: Vec<TimeRow>,
}

/// What a turn aims at: long enough to hold undisturbed passes, short
/// enough that the slowest engines finish.
const TURN_TARGET_S: f64 = 0.1;

impl GameVisitor for TimeGame<'_> {
    fn game<G: Game>(&mut self) {
        if !self.engine.plays(G::ID)
            || !(self.wanted.is_empty() || self.wanted.iter().any(|g| g == G::ID))
        {
            return;
        }
        let info = handeval_registry::game(G::ID).expect("a registered game");
        let workload = handeval_benches::Workload::headline_of::<G>();
        let mut row = TimeRow {
            engine: self.engine.name.to_string(),
            language: self.engine.language.name().to_string(),
            role: match self.engine.role {
                Role::Evaluator | Role::Test => "evaluator",
                Role::Floor => "floor",
                Role::Lab => "lab",
            }
            .to_string(),
            version: self.place.installed(self.engine).unwrap_or_default(),
            game: G::ID.to_string(),
            model: self.model.id().to_string(),
            workload: workload.id(),
            hands_per_pass: 0,
            passes: 0,
            turns: 0,
            ns: 0.0,
            median_ns: 0.0,
            floor_ns: None,
            error: String::new(),
        };
        let block = self.mode.block_of(info);
        let turns = match self.mode {
            Mode::Smoke => 3,
            _ => 7,
        };
        if let Err(e) = self.time::<G>(&mut row, block, turns) {
            row.error = e.to_string();
        }
        eprintln!(
            "{} {} ({}): {}",
            row.engine,
            row.game,
            row.model,
            if row.error.is_empty() {
                format!(
                    "{:.2} ns a hand over {} turns of {} x {} hands",
                    row.ns, row.turns, row.passes, row.hands_per_pass
                )
            } else {
                row.error.clone()
            }
        );
        self.rows.push(row);
    }
}

impl TimeGame<'_> {
    fn time<G: Game>(
        &self,
        row: &mut TimeRow,
        block: usize,
        turns: usize,
    ) -> Result<(), handeval_engines::Error> {
        let loaded = Loaded::new(self.engine, self.place, self.model, self.library)?;
        // The workload's hands, its blocks spread as the rounds spread them.
        let all =
            handeval_benches::hands::shuffled::<G>(self.seed, block * handeval_benches::BLOCKS);
        // A first pass over a short stretch tells the pace.
        let probe = Hands::of(&all[..block.min(1_000)]);
        let samples = loaded.time(&probe, probe.len(), 2)?;
        let pace = samples.iter().map(|s| s.nanos).min().unwrap_or(1) as f64 / probe.len() as f64;
        let fits = (TURN_TARGET_S * 1e9 / pace) as usize;
        let hands_per_pass = block.min(fits.max(1_000));
        let passes =
            ((TURN_TARGET_S * 1e9 / (pace * hands_per_pass as f64)).ceil() as usize).clamp(1, 20);
        let mut flat = Vec::with_capacity(turns * hands_per_pass);
        for t in 0..turns {
            let b = handeval_benches::rounds::block_of_round(t, turns);
            flat.extend_from_slice(&all[b * block..b * block + hands_per_pass]);
        }
        let samples = loaded.time(&Hands::of(&flat), hands_per_pass, passes)?;
        let mut per_turn: Vec<f64> = samples
            .chunks(passes)
            .map(|turn| {
                turn.iter().map(|s| s.nanos).min().unwrap_or(0) as f64 / hands_per_pass as f64
            })
            .collect();
        per_turn.sort_by(f64::total_cmp);
        row.hands_per_pass = hands_per_pass;
        row.passes = passes;
        row.turns = per_turn.len();
        row.ns = per_turn[0];
        row.median_ns = per_turn[per_turn.len() / 2];
        Ok(())
    }
}

/// Times every chosen engine (floors included), in each model, on each game.
///
/// # Errors
/// A selection naming what does not exist.
pub fn times_of(
    place: &Place,
    only: &[String],
    games: &[String],
    mode: Mode,
    seed: u64,
) -> Result<Vec<TimeRow>> {
    let select = Select {
        only: only.to_vec(),
        game: games.to_vec(),
        library: None,
    };
    times(place, &select, mode, seed)
}

fn times(place: &Place, select: &Select, mode: Mode, seed: u64) -> Result<Vec<TimeRow>> {
    let mut rows = Vec::new();
    let mut engines = chosen(select, true)?;
    // Each language's floor with its engines, whether named or not.
    for language in [Language::Python, Language::JavaScript, Language::C] {
        if engines.iter().any(|e| e.language == language)
            && let Some(floor) = handeval_engines::floor_of(language)
            && !engines.contains(&floor)
        {
            engines.push(floor);
        }
    }
    for &engine in &engines {
        for &model in engine.models {
            let mut visitor = TimeGame {
                place,
                engine,
                model,
                mode,
                seed,
                library: select.library.as_ref(),
                wanted: &select.game,
                rows: Vec::new(),
            };
            visit_games(&mut visitor);
            rows.extend(visitor.rows);
        }
    }
    for &engine in engines.iter().filter(|e| e.calculator.is_some()) {
        rows.extend(equity_times(place, engine, &select.game, mode));
    }
    // Each row's floor: its language's floor on the same workload, in the
    // same model where the floor has it (an equity count has none).
    let floors: Vec<TimeRow> = rows
        .iter()
        .filter(|r| r.role == "floor" && r.error.is_empty())
        .cloned()
        .collect();
    for r in rows.iter_mut().filter(|r| r.role != "floor") {
        let same = |f: &&TimeRow| f.language == r.language && f.workload == r.workload;
        r.floor_ns = floors
            .iter()
            .filter(same)
            .find(|f| f.model == r.model)
            .or_else(|| floors.iter().find(same))
            .map(|f| f.ns);
    }
    Ok(rows)
}

/// Times `engine`'s own equity calculator on each equity workload of the
/// games it plays that outside calculators count in a run
/// ([`handeval_benches::patterns::outside_calculators_count`]): exact, one
/// thread, one count a turn, as many turns as the lab's rounds of the
/// workload; published as the lab's counts are, the fastest turn with the
/// median beside it. Every count is held to the lab's (equities to 1e-9,
/// the same games), or the row says why it was not timed.
fn equity_times(
    place: &Place,
    engine: &'static Engine,
    wanted: &[String],
    mode: Mode,
) -> Vec<TimeRow> {
    let mut rows = Vec::new();
    for game in handeval_registry::games() {
        if !engine.plays(game.id) || !(wanted.is_empty() || wanted.iter().any(|g| g == game.id)) {
            continue;
        }
        for workload in handeval_benches::Workload::of(game)
            .into_iter()
            .filter(|w| handeval_benches::patterns::outside_calculators_count(w.order))
        {
            let mut row = TimeRow {
                engine: engine.name.to_string(),
                language: engine.language.name().to_string(),
                role: "evaluator".to_string(),
                version: place.installed(engine).unwrap_or_default(),
                game: game.id.to_string(),
                model: Model::Call.id().to_string(),
                workload: workload.id(),
                hands_per_pass: 1,
                passes: 1,
                turns: 0,
                ns: 0.0,
                median_ns: 0.0,
                floor_ns: None,
                error: String::new(),
            };
            if let Err(e) = equity_time(place, engine, workload, mode, &mut row) {
                row.error = format!("{e:#}");
            }
            eprintln!(
                "{} {workload} ({}): {}",
                row.engine,
                engine.calculator.unwrap_or_default(),
                if row.error.is_empty() {
                    format!(
                        "{:.4} s a count, the fastest of {}",
                        row.ns * 1e-9,
                        row.turns
                    )
                } else {
                    row.error.clone()
                }
            );
            rows.push(row);
        }
    }
    rows
}

/// An outside count against the lab's: the same games, every equity
/// within 1e-9 (`equity --versus` and the engines phase alike).
///
/// # Errors
/// Naming both counts, where they differ.
pub fn held_to_lab(
    (equities, games): (&[f64], u64),
    (lab, lab_games): (&[f64], u64),
) -> Result<()> {
    // Written so that a NaN disagrees.
    let close = equities.iter().zip(lab).all(|(a, b)| (a - b).abs() <= 1e-9);
    if games != lab_games || equities.len() != lab.len() || !close {
        bail!(
            "counted {games} games and equities {equities:?}, where the lab counted {lab_games} and {lab:?}"
        );
    }
    Ok(())
}

/// One engine's turns on one equity workload, into `row`.
fn equity_time(
    place: &Place,
    engine: &'static Engine,
    workload: handeval_benches::Workload,
    mode: Mode,
    row: &mut TimeRow,
) -> Result<()> {
    let case = handeval_benches::patterns::equity_case(workload.order, mode)
        .with_context(|| format!("{workload} has no equity case"))?;
    let matchup = handeval_equity::exact::Matchup::new(case.ranges, case.board, "")
        .map_err(|e| anyhow::anyhow!("{}: {e}", case.describe()))?;
    let evaluator = handeval_registry::recommended(workload.game());
    let lab = handeval_registry::range_equity(evaluator, &matchup, &mut |_, _| {})
        .with_context(|| {
            format!("the registry's equity evaluator `{evaluator}` is no seven-card one")
        })?
        .map_err(|e| anyhow::anyhow!("the lab's count: {e}"))?;
    // Written out as combos, as `equity --versus` gives them: OMPEval reads
    // less of the range syntax than the lab does.
    let written = matchup
        .written_out()
        .map_err(|p| anyhow::anyhow!("player {p}'s range is weighted"))?;
    let refs: Vec<&str> = written.iter().map(String::as_str).collect();
    let native = Native::load(engine, place)?;
    let turns = handeval_benches::patterns::rounds_of(workload.order, mode);
    let mut times = Vec::with_capacity(turns);
    for _ in 0..turns {
        let start = Instant::now();
        let (equities, games) = native.equity(&refs, case.board, "")?;
        times.push(start.elapsed().as_secs_f64() * 1e9);
        held_to_lab((&equities, games), (&lab.equity, lab.games))?;
    }
    times.sort_by(f64::total_cmp);
    row.turns = turns;
    row.ns = times[0];
    row.median_ns = times[turns / 2];
    Ok(())
}

fn print_times(rows: &[TimeRow], csv: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if csv {
        let mut w = csv::Writer::from_writer(&mut out);
        for r in rows {
            w.serialize(r).context("writing to standard output")?;
        }
        w.flush().context("writing to standard output")?;
        return Ok(());
    }
    writeln!(
        out,
        "{:<30} {:<7} {:<6} {:>12} {:>12} {:>10}  hands a pass x passes x turns",
        "engine", "game", "model", "ns/hand", "median", "floor"
    )
    .context("writing to standard output")?;
    for r in rows {
        if !r.error.is_empty() {
            writeln!(
                out,
                "{:<30} {:<7} {:<6} error: {}",
                r.engine, r.game, r.model, r.error
            )
            .context("writing to standard output")?;
            continue;
        }
        writeln!(
            out,
            "{:<30} {:<7} {:<6} {:>12.2} {:>12.2} {:>10}  {} x {} x {}{}",
            r.engine,
            r.game,
            r.model,
            r.ns,
            r.median_ns,
            r.floor_ns
                .map_or_else(|| "-".to_string(), |f| format!("{f:.2}")),
            r.hands_per_pass,
            r.passes,
            r.turns,
            if is_count(r) {
                format!(
                    " (a \"hand\" is one count of {}, on one thread)",
                    r.workload
                )
            } else {
                String::new()
            }
        )
        .context("writing to standard output")?;
    }
    Ok(())
}

/// Whether a row times an equity calculator's counts, a count a "hand".
pub fn is_count(row: &TimeRow) -> bool {
    row.workload
        .parse::<handeval_benches::Workload>()
        .is_ok_and(|w| w.order.is_equity())
}

/// `machine.txt`'s `engines` line: each engine's package as installed (or
/// not), and each language's interpreter, as the floors' runners say.
pub fn versions_line(place: &Place, only: &[String]) -> String {
    let mut words = Vec::new();
    let named = |e: &&Engine| only.iter().any(|n| n == e.name);
    for e in ENGINES
        .iter()
        .filter(|e| named(e) || (only.is_empty() && e.role != Role::Test))
    {
        let installed = place.installed(e);
        match (e.package.registry, e.package.name.is_empty()) {
            (Registry::Lab, _) => words.push(format!("{} (built with the lab)", e.name)),
            (_, true) => {
                let version = Runner::new(e, place, Model::Call)
                    .and_then(|r| r.version())
                    .unwrap_or_else(|err| format!("not run: {}", err.what));
                words.push(format!("{} {version}", e.name));
            }
            (_, false) => words.push(format!(
                "{} {}",
                e.name,
                installed.unwrap_or_else(|| "not installed".to_string())
            )),
        }
    }
    words.join("; ")
}

/// Writes rows under their header by the csv crate, into a scratch file
/// renamed into place.
///
/// # Errors
/// A file that cannot be written.
pub fn write_csv<T: Serialize>(path: &std::path::Path, rows: &[T]) -> Result<()> {
    let scratch = path.with_extension("csv.tmp");
    let mut w = csv::Writer::from_path(&scratch)
        .with_context(|| format!("writing {}", scratch.display()))?;
    for r in rows {
        w.serialize(r)
            .with_context(|| format!("writing {}", scratch.display()))?;
    }
    w.flush()
        .with_context(|| format!("writing {}", scratch.display()))?;
    drop(w);
    std::fs::rename(&scratch, path).with_context(|| format!("writing {}", path.display()))
}

/// Reads rows written by [`write_csv`]; none when the file is absent.
///
/// # Errors
/// A file that cannot be read, or a line that is not a row, by number.
pub fn read_csv<T: for<'de> Deserialize<'de>>(path: &std::path::Path) -> Result<Vec<T>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let mut r =
        csv::Reader::from_path(path).with_context(|| format!("reading {}", path.display()))?;
    r.deserialize()
        .enumerate()
        .map(|(i, row)| row.with_context(|| format!("{}: line {}", path.display(), i + 2)))
        .collect()
}

/// The entry-for-entry comparison of RayW's shipped table with the lab's,
/// as a check row: its entries are the "hands", its differing entries and
/// misordered values the disagreements.
pub fn handranks_row(place: &Place) -> CheckRow {
    let engine = handeval_engines::engine("js/poker-evaluator").expect("listed");
    let started = Instant::now();
    let mut row = CheckRow {
        engine: "RayW's HandRanks.dat (poker-evaluator)".to_string(),
        language: "data".to_string(),
        version: place.installed(engine).unwrap_or_default(),
        game: "five,six,seven".to_string(),
        model: "table".to_string(),
        coverage: "every entry".to_string(),
        evaluated: 0,
        hands: 0,
        disagreements: 0,
        classes: 0,
        seconds: 0.0,
        foreseen_every_s: None,
        examples: String::new(),
        error: String::new(),
    };
    match handeval_engines::handranks::read(&place.hand_ranks()) {
        Err(e) => row.error = format!("{e} (cargo xtask engines install)"),
        Ok(rayw) => {
            let c = handeval_engines::handranks::compare(&rayw);
            row.evaluated = c.hands;
            row.hands = c.entries_compared;
            row.disagreements = c.differing_entries + c.misordered_values;
            row.examples = if c.examples.is_empty() {
                c.to_string()
            } else {
                format!("{c}: {}", c.examples.join("; "))
            };
        }
    }
    row.seconds = started.elapsed().as_secs_f64();
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outside_count_is_held_to_the_labs_games_and_equities() {
        let lab = (&[0.8125, 0.1875][..], 1_712_304);
        assert!(held_to_lab((&[0.8125, 0.1875], 1_712_304), lab).is_ok());
        assert!(held_to_lab((&[0.812_500_000_5, 0.187_499_999_5], 1_712_304), lab).is_ok());
        // A count off by more than 1e-9, one game more, a player missing
        // or a NaN: each refused, naming both counts.
        for (equities, games) in [
            (&[0.812_500_01, 0.187_499_99][..], 1_712_304),
            (&[0.8125, 0.1875][..], 1_712_305),
            (&[0.8125][..], 1_712_304),
            (&[f64::NAN, 0.1875][..], 1_712_304),
        ] {
            let e = held_to_lab((equities, games), lab).unwrap_err().to_string();
            assert!(e.contains("where the lab counted 1712304"), "{e}");
        }
    }
}
