//! `cargo xtask engines`: the evaluators people use in other languages and
//! libraries (the `handeval-engines` crate), listed, installed and checked
//! against the reference. They are timed by `cargo xtask bench`, in the
//! same interleaved rounds as the lab's evaluators (`--filter py/` times
//! the Python ones alone).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use handeval_benches::Mode;
use handeval_core::{Game, GameVisitor, visit_games};
use handeval_engines::check::{self, Checked};
use handeval_engines::install::{self, Place};
use handeval_engines::native::Native;
use handeval_engines::runner::Runner;
use handeval_engines::{
    AbiLibrary, ENGINES, Engine, Evaluate, Hands, Kind, Language, Model, Package, Registry, Role,
};
use handeval_results::CheckRow;

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
    /// (`cargo xtask bench` times them, in the lab's interleaved rounds.)
    Check(CheckArgs),
    /// Compare RayW's 2+2 table as `poker-evaluator` ships it
    /// (`HandRanks.dat`) with the lab's generated table, entry for entry.
    Handranks,
    /// Serve a library built against the lab's C ABI in this process, over
    /// the runner protocol on standard input and output: how `--library`
    /// reaches it, so that its crash or hang is this process's.
    #[command(hide = true)]
    ServeLibrary {
        /// The library.
        path: PathBuf,
        /// Print the games it declares, `games five,six,...`, and end.
        #[arg(long)]
        describe: bool,
    },
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
    /// Seconds to wait for one answer of a runner or a user's library
    /// before it is stopped and reported (default: each engine's own, ten
    /// seconds and more for a large request).
    #[arg(long, value_parser = answer_seconds)]
    timeout: Option<Duration>,
}

/// A deadline from `--timeout`: a number of seconds from a millisecond to
/// an hour, so that neither a typing slip nor `1e20` reaches `Duration`.
fn answer_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.001..=3600.0).contains(&seconds) {
        return Err(format!("{text} s: from 0.001 to 3600 seconds"));
    }
    Ok(Duration::from_secs_f64(seconds))
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
            // Issue 66, item 4: an engine that disagrees fails the check as
            // surely as one that could not be checked.
            Ok(if rows.iter().all(CheckRow::passed) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Some(Action::ServeLibrary { path, describe }) => serve_library(path, *describe),
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
            Some(v) if e.package.registry == Registry::PyPISource => format!("{v} (built here)"),
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
        Registry::PyPISource => format!("PyPI-source {}=={}", p.name, p.version),
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
        if !handeval_core::game_ids().any(|id| id == g) {
            bail!("no game {g}");
        }
    }
    let mut engines: Vec<&'static Engine> = ENGINES
        .iter()
        .filter(|e| {
            let named = select.only.iter().any(|n| n == e.name);
            match e.role {
                Role::Floor => floors && (select.only.is_empty() || named),
                Role::Example => named,
                _ => select.only.is_empty() || named,
            }
        })
        .collect();
    if let Some(path) = &select.library {
        if !path.is_file() {
            bail!("--library {}: no such file", path.display());
        }
        let engine = handeval_engines::serve::user_engine(path, declared_games(path)?);
        for g in &select.game {
            if !engine.plays(g) {
                bail!(
                    "--library {}: it does not evaluate {g} (it declares {})",
                    path.display(),
                    engine.games.join(", ")
                );
            }
        }
        if select.only.is_empty() {
            engines.clear();
        }
        engines.push(engine);
    }
    Ok(engines)
}

/// How a user's library is served: this program, `engines serve-library
/// PATH`, in a process of its own.
fn serving(path: &Path) -> Result<handeval_engines::runner::Launch> {
    let program = std::env::current_exe().context("finding this program to serve the library")?;
    Ok(handeval_engines::runner::Launch {
        program,
        args: vec![
            "engines".into(),
            "serve-library".into(),
            path.display().to_string(),
        ],
        env: Vec::new(),
    })
}

/// The games the library at `path` declares, asked of it in a process of
/// its own (`serve-library PATH --describe`): a library that does not
/// load, or dies loading, is an error with the loader's reason.
fn declared_games(path: &Path) -> Result<&'static [&'static str]> {
    let launch = serving(path)?;
    let out = std::process::Command::new(&launch.program)
        .args(&launch.args)
        .arg("--describe")
        .output()
        .with_context(|| format!("starting {}", launch.program.display()))?;
    let said = String::from_utf8_lossy(&out.stdout);
    let games = said.lines().find_map(|l| l.strip_prefix("games "));
    if let (true, Some(games)) = (out.status.success(), games) {
        let known = handeval_registry::games();
        return Ok(Box::leak(
            games
                .split(',')
                .filter_map(|g| known.iter().find(|k| k.id == g).map(|k| k.id))
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        ));
    }
    let why = said
        .lines()
        .find_map(|l| l.strip_prefix("error,"))
        .map_or_else(
            || {
                format!(
                    "its process ended ({}) {}",
                    out.status,
                    String::from_utf8_lossy(&out.stderr).trim()
                )
            },
            str::to_string,
        );
    bail!("--library {}: {why}", path.display())
}

/// `cargo xtask engines serve-library PATH`: the library in this process,
/// answering the protocol's checks on standard input and output.
fn serve_library(path: &Path, describe: bool) -> Result<ExitCode> {
    if describe {
        return match handeval_engines::serve::describe(path) {
            Ok(line) => {
                outln!("{line}")?;
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                outln!("error,{}", e.what.replace('\n', " "))?;
                Ok(ExitCode::FAILURE)
            }
        };
    }
    let mut input = std::io::stdin().lock();
    let mut output = std::io::stdout().lock();
    Ok(
        match handeval_engines::serve::serve(path, &mut input, &mut output) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
    )
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
        timeout: Option<Duration>,
    ) -> Result<Loaded, handeval_engines::Error> {
        match engine.kind {
            Kind::Package => Runner::new(engine, place, model).map(|mut r| {
                r.timeout = timeout;
                Loaded::Runner(r)
            }),
            // A user's library runs in a process of its own, as a runner.
            Kind::Abi(AbiLibrary::User) => {
                let path = library
                    .ok_or_else(|| handeval_engines::Error::new(engine.name, "no --library"))?;
                let launch = serving(path)
                    .map_err(|e| handeval_engines::Error::new(engine.name, e.to_string()))?;
                Ok(Loaded::Runner(Runner {
                    engine,
                    launch,
                    model,
                    timeout,
                }))
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
}

/// Where a full run keeps its checks of pinned packages beside the runs
/// (`results/checks-kept/`, committed with the run folder): a check at an
/// unchanged version, plan and reference is read from there by every
/// clone, so that a fresh clone's run does not make it again. A source
/// build's check names its CPU and compiler in its key, so it serves that
/// kind of machine's runs alone; a registry build's serves every machine's
/// (its row says where it was made).
const COMMITTED_KEPT: &str = "results/checks-kept";

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
    /// Whether a new check of a pinned package is written to the store
    /// committed with the runs as well as the build directory's (a full
    /// run's: [`COMMITTED_KEPT`]).
    pub commit_kept: bool,
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
            commit_kept: mode == Mode::Full,
        }
    }

    fn of(a: &CheckArgs) -> Plan {
        Plan {
            hands: a.hands,
            seed: a.seed,
            budget_minutes: a.budget,
            every: a.every,
            commit_kept: false,
        }
    }
}

/// The most hands a runner is checked on every one of (unless `--every`):
/// five-card Hold'em's 2,598,960.
const RUNNER_EVERY_UP_TO: u64 = 3_000_000;

/// Bump when a check's method changes (the tally, the verdict, the
/// sample's construction): every kept check is then made again.
const CHECK_METHOD: u32 = 1;

/// Whether `engine`'s checks may be kept between runs: a pinned package
/// of a registry (its version says what runs), never the lab's own
/// package (built from whatever the checkout holds), its C files or a
/// user's library.
fn keepable(engine: &Engine) -> bool {
    matches!(
        engine.package.registry,
        Registry::PyPI | Registry::Npm | Registry::PyPISource
    ) && !engine.package.name.is_empty()
        && matches!(engine.role, Role::Baseline | Role::Listing)
}

/// An FNV-1a hash.
fn fnv(bytes: impl IntoIterator<Item = u8>, seed: u64) -> u64 {
    bytes
        .into_iter()
        .fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
}

/// The port's values of every hand a check of `G` may cover, hashed: what
/// a kept check of a wrong engine was held to. That is the sample (its
/// seeded hands and the pitfalls), and every hand of a game small enough
/// for a check of every hand (five-card Hold'em), so that a change to the
/// port on a hand outside the sample makes a kept check over every hand
/// again.
pub fn port_fingerprint<G: Game>(sample: &[G], known: handeval_engines::Known) -> u64 {
    let values = |hands: &[G], seed| {
        let hands = Hands::of(hands);
        fnv(
            (0..hands.len()).flat_map(|i| (known.port)(hands.hand(i)).to_le_bytes()),
            seed,
        )
    };
    let h = values(sample, 0);
    if handeval_difftest::cards::enumerated::<G>() > RUNNER_EVERY_UP_TO {
        return h;
    }
    G::parts().fold(h, |h, part| {
        values(&G::part_hands(part).collect::<Vec<_>>(), h)
    })
}

/// What a check of `G` depends on besides the engine: the reference's
/// class of every five-card hand (which every game's classes are read
/// from), the game's definition, and the seeded sample's hands.
fn reference_fingerprint<G: Game>(sample: &[G]) -> u64 {
    let five = handeval_difftest::cards::reference_classes::<handeval_core::Hand>()
        .expect("five-card classes are kept");
    let mut h = fnv(five.iter().flat_map(|c| c.to_le_bytes()), 0);
    let info = handeval_core::GameInfo::of::<G>();
    h = fnv(
        format!(
            "{}|{}|{}|{}|{:?}|{}|{}",
            info.id, info.count, info.hole, info.hands, info.first_five, info.classes, info.fives
        )
        .into_bytes(),
        h,
    );
    fnv(
        sample
            .iter()
            .flat_map(|hand| hand.card_slice().iter().map(|c| c.index())),
        h,
    )
}

struct CheckGame<'a> {
    place: &'a Place,
    plan: Plan,
    engine: &'static Engine,
    model: Model,
    library: Option<&'a PathBuf>,
    timeout: Option<Duration>,
    wanted: &'a [String],
    rows: Vec<CheckRow>,
}

/// How a Hi-Lo game's engine is held to the reference: the low
/// reference's class of each hand ([`check::low_classes`]). An engine of a
/// Hi-Lo game values its low; its high is its high game's, checked there.
/// A function pointer made where the game is known to have a low, so that
/// no low code is compiled for a game worth its high alone.
type LowClasses<G> = fn(&[G]) -> Vec<u16>;

impl GameVisitor for CheckGame<'_> {
    fn game<G: Game>(&mut self) {
        self.check_game::<G>(None);
    }
    fn hi_lo<G: Game>(&mut self) {
        self.check_game::<G>(Some(check::low_classes::<G>));
    }
    fn badugi<G: Game>(&mut self) {
        self.check_game::<G>(Some(check::badugi_classes::<G>));
    }
}

impl CheckGame<'_> {
    /// Checks the engine on `G`'s hands (their lows, with `low`), where it
    /// plays `G` and `G` is wanted, and keeps the row.
    fn check_game<G: Game>(&mut self, low: Option<LowClasses<G>>) {
        if !self.engine.plays(G::ID)
            || !(self.wanted.is_empty() || self.wanted.iter().any(|g| g == G::ID))
        {
            return;
        }
        let started = Instant::now();
        let mut row = CheckRow::new(&self.engine.contender(self.model), G::ID);
        row.role = Some(self.engine.role);
        row.language = self.engine.language;
        row.version = self.place.installed(self.engine).unwrap_or_default();
        row.model = self.model.id().to_string();
        row.summary = self.engine.summary.to_string();
        // The hands, drawn once: the kept check's key and the check both
        // read them.
        let hands = self.hands::<G>();
        let low_classes = low.map(|classes| classes(&hands));
        // A check of a pinned package whose version, check plan and
        // reference have not changed since it was made is not made again.
        let kept = self.kept_file(&row, &hands, low_classes.as_deref());
        // The build directory's store, then the one committed with the runs.
        let stores = [
            self.place.root.join("checks-kept"),
            crate::workspace::root().join(COMMITTED_KEPT),
        ];
        if let Some(file) = &kept
            && let Some(old) =
                stores.iter().find_map(|store| {
                    match handeval_results::check::read(&store.join(file))
                        .ok()?
                        .as_slice()
                    {
                        [old] => Some(old.clone()),
                        _ => None,
                    }
                })
        {
            let mut old = old;
            eprintln!(
                "{} {}: kept, checked {} (the same version, plan and reference)",
                old.evaluator, old.game, old.checked
            );
            old.checked = format!("kept: checked {}", old.checked);
            self.rows.push(old);
            return;
        }
        match self.check::<G>(&mut row, &hands, low_classes.as_deref()) {
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
        if let Some(file) = &kept
            && row.error.is_empty()
        {
            let mut stored = row.clone();
            // Where it was made: a kept check may serve another machine's run.
            stored.checked = format!(
                "{} at {} on {}",
                jiff::Timestamp::now().strftime("%Y-%m-%d"),
                crate::machine::output("git", &["rev-parse", "--short", "HEAD"])
                    .unwrap_or_default(),
                crate::machine::probe::cpu_id()
                    .map_or_else(|| "an unknown CPU".into(), |c| c.key())
            );
            // A full run's checks are also written beside its run folder,
            // to be committed with it.
            let into = if self.plan.commit_kept {
                &stores[..]
            } else {
                &stores[..1]
            };
            for store in into {
                // A check that could not be kept is made again next time.
                if std::fs::create_dir_all(store).is_ok() {
                    let _ = handeval_results::check::write(
                        &store.join(file),
                        std::slice::from_ref(&stored),
                    );
                }
            }
        }
        eprintln!(
            "{} {}: {}",
            row.evaluator,
            row.game,
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

    /// The hands `G`'s engines are held to: the seeded sample, or a
    /// badugi game's every hand (270,725, fewer than a sample).
    fn hands<G: Game>(&self) -> Vec<G> {
        if G::VALUE.is_badugi() {
            G::parts().flat_map(G::part_hands).collect()
        } else {
            check::sample_hands::<G>(self.plan.seed, self.plan.hands)
        }
    }

    /// The file a check of `G` on `hands` is kept in (its key's hash), for
    /// a pinned package's check ([`keepable`]): `None` for one never kept.
    fn kept_file<G: Game>(
        &self,
        row: &CheckRow,
        hands: &[G],
        low_classes: Option<&[u16]>,
    ) -> Option<String> {
        if !keepable(self.engine) || self.library.is_some() {
            return None;
        }
        let key = format!(
            "method {CHECK_METHOD}|{}|{}|{}|{}|hands {} seed {} budget {} every {}|reference {:016x}",
            row.evaluator,
            G::ID,
            row.version,
            // A source build's values are its build's, made for this CPU
            // by this compiler; a registry's own build answers the same
            // on every machine, so its check serves every machine's run.
            if self.engine.package.registry == Registry::PyPISource {
                self.place.source_build().unwrap_or_default()
            } else {
                String::new()
            },
            self.plan.hands,
            self.plan.seed,
            self.plan.budget_minutes,
            self.plan.every,
            reference_fingerprint::<G>(hands)
        );
        // A low is held to the low reference's classes of the sample.
        let key = match low_classes {
            None => key,
            Some(classes) => format!(
                "{key}|low {:016x}",
                fnv(classes.iter().flat_map(|c| c.to_le_bytes()), 0)
            ),
        };
        // A wrong engine's check holds it to its port: a change of the
        // port makes the check again.
        let key = match self.engine.known {
            Some(known) => format!("{key}|port {:016x}", port_fingerprint::<G>(hands, known)),
            None => key,
        };
        Some(format!("{:016x}.csv", fnv(key.into_bytes(), 0)))
    }

    /// Whether each request goes to a process of its own: a runner, or a
    /// user's library served by one.
    fn process_a_request(&self) -> bool {
        matches!(
            self.engine.kind,
            Kind::Package | Kind::Abi(AbiLibrary::User)
        )
    }

    fn check<G: Game>(
        &self,
        row: &mut CheckRow,
        hands: &[G],
        low_classes: Option<&[u16]>,
    ) -> Result<Checked, handeval_engines::Error> {
        // A Hi-Lo game's hands (Omaha's, stud's 133,784,560) are too many
        // for a runner's check of every hand: its low is held to the low
        // reference on the sample and the pitfalls, said before anything
        // is started.
        if low_classes.is_some() && self.plan.every && !G::VALUE.is_badugi() {
            return Err(handeval_engines::Error::new(
                self.engine.name,
                format!("{}'s low is checked on a sample, not on every hand", G::ID),
            ));
        }
        let loaded = Loaded::new(
            self.engine,
            self.place,
            self.model,
            self.library,
            self.timeout,
        )?;
        let held;
        let engine = match self.engine.known {
            // A wrong engine answers its port's values or fails.
            Some(known) => {
                held = check::HeldToPort {
                    engine: loaded.evaluate(),
                    name: self.engine.name,
                    known,
                };
                &held
            }
            None => loaded.evaluate(),
        };
        // A request's hands: a runner is a process a request, and the
        // lab's two cores answer two requests at a time. A request holds
        // half the sample, or 25,000 hands where that is less: starting
        // an interpreter and importing its package takes 0.3 to 0.5 s, so
        // CI's samples of 10,000 hands, cut into requests of 1,250, had
        // spent most of each check starting nine runners (a 10,000-hand
        // check of py/handeval took 2.3 s; the smoke bench's twelve, 25 s).
        let chunk = match self.engine.kind {
            _ if self.process_a_request() => {
                let least = hands.len().div_ceil(2).clamp(1, 25_000);
                (self.plan.hands / 8).clamp(least, 50_000)
            }
            _ => 1 << 16,
        };
        if let Some(classes) = low_classes {
            let mut checked =
                check::on_classified(engine, self.engine.better, hands, classes, chunk, &|_| {})?;
            // A badugi game's hands above are every hand of it.
            checked.every = G::VALUE.is_badugi();
            return Ok(checked);
        }
        let sample = || check::on_hands::<G>(engine, self.engine.better, hands, chunk, &|_| {});
        // A runner answers at microseconds a hand: every hand of five-card
        // Hold'em, never the millions of the larger games, which would hold
        // a run for minutes per engine (seven cards: about two).
        let enumerated = handeval_difftest::cards::enumerated::<G>();
        let may_every = self.plan.budget_minutes > 0.0
            && !(self.process_a_request() && enumerated > RUNNER_EVERY_UP_TO);
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
            let foreseen = if self.process_a_request() {
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
        timeout: None,
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
                timeout: select.timeout,
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
        "{:<36} {:<7} {:<11} {:>13} {:>13} {:>8}  first disagreement or error",
        "engine", "game", "coverage", "hands", "disagreeing", "classes"
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
            "{:<36} {:<7} {:<11} {:>13} {:>13} {:>8}  {first}",
            r.evaluator, r.game, r.coverage, r.hands, r.disagreements, r.classes
        )
        .context("writing to standard output")?;
    }
    Ok(())
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

/// `machine.txt`'s `engines` line: each engine's package as installed (or
/// not), and each language's interpreter, as the floors' runners say.
pub fn versions_line(place: &Place, only: &[String]) -> String {
    let mut words = Vec::new();
    let named = |e: &&Engine| only.iter().any(|n| n == e.name);
    for e in ENGINES
        .iter()
        .filter(|e| named(e) || (only.is_empty() && e.role != Role::Example))
    {
        let installed = place.installed(e);
        match (e.package.registry, e.package.name.is_empty()) {
            (Registry::Lab, _) => words.push(format!("{} (built with the lab)", e.name)),
            (Registry::PyPISource, _) => words.push(format!(
                "{} {}",
                e.name,
                installed.map_or_else(
                    || "not installed".to_string(),
                    |v| format!(
                        "{v} (source built here with {})",
                        handeval_engines::SOURCE_FLAGS
                    )
                )
            )),
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

/// The entry-for-entry comparison of RayW's shipped table with the lab's,
/// as a check row: its entries are the "hands", its differing entries and
/// misordered values the disagreements.
pub fn handranks_row(place: &Place) -> CheckRow {
    let engine = handeval_engines::engine("js/poker-evaluator").expect("listed");
    let started = Instant::now();
    let mut row = CheckRow::new("RayW's HandRanks.dat (poker-evaluator)", "five,six,seven");
    row.role = Some(Role::Baseline);
    row.language = Language::JavaScript;
    row.version = place.installed(engine).unwrap_or_default();
    row.coverage = "every entry".to_string();
    row.summary = "RayW's 2+2 table as poker-evaluator ships it, entry for entry against the lab's"
        .to_string();
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
