//! `cargo xtask bench`: check every evaluator, time them (criterion and
//! the interleaved rounds), count their instructions (gungraun, when
//! valgrind is present), and write a new, citable result directory.
//!
//! One module per job: [`plan`] resolves the command line once into the
//! run's plan, [`cargo`] builds and runs what cargo runs, [`criterion`]
//! reads criterion's estimates back, [`counts`] runs and reads the
//! instruction counts, [`rows`] joins them into `results.csv`'s rows, and
//! [`record`] describes the run for `machine.txt`.

pub mod cargo;
pub mod counts;
mod criterion;
pub mod plan;
pub mod record;
mod rows;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use handeval_benches::{DEFAULT_SEED, Mode, Plan, SimdLimit, Workload, contention};
use handeval_core::{GameInfo, Hand};

use self::cargo::Build;
use self::record::NoCounts;
use crate::machine::probe::Requested;
use crate::machine::{CommandLine, output};
use crate::report;
use crate::scratch::{self, Scratch};
use crate::select::parse_timed_game;
use crate::workspace;

#[derive(clap::Args)]
pub struct Args {
    /// Short measurements: finishes in a few minutes, noisier numbers.
    #[arg(long, conflicts_with = "smoke")]
    quick: bool,
    /// Tiny measurements, for checking the pipeline (CI); the numbers mean little.
    #[arg(long)]
    smoke: bool,
    /// Only the benchmarks (ids `workload/evaluator`) that one of these
    /// comma-separated pieces selects: whole `/`-separated segments in a row
    /// (`pext`, `pokers`, `strength/shuffled`, `strength/shuffled/hand/pokers`;
    /// `hand` is not `hand7`) or a glob over the whole id (`*simd`, `*/hand7/*`).
    #[arg(long, default_value = "")]
    filter: String,
    /// Seed of the shuffled order and of the instruction-count sample.
    #[arg(long, default_value_t = DEFAULT_SEED, allow_negative_numbers = true, value_parser = parse_seed)]
    seed: u64,
    /// Where result directories go (relative paths are taken from the workspace root).
    #[arg(long, default_value = "results")]
    results_dir: PathBuf,
    /// Skip instruction counts even if valgrind is present.
    #[arg(long)]
    no_icount: bool,
    /// The widest path the SIMD evaluators may take: `avx512` (no limit:
    /// the widest this CPU has), `avx2` or `portable`. A limited run is
    /// recorded as such in `machine.txt` and in every row's code path.
    #[arg(long, default_value = "avx512", value_parser = SimdLimit::parse)]
    simd: SimdLimit,
    /// Only this game's workloads, by its id (`cargo xtask list --games`
    /// lists them); every game's when absent.
    #[arg(long, value_parser = parse_timed_game)]
    game: Option<handeval_core::GameInfo>,
    /// The engines to check and time beside the lab's evaluators (`cargo
    /// xtask engines` lists them): `all`, `none`, or comma-separated names.
    /// Packages not yet installed are installed first.
    #[arg(long, default_value = "all")]
    engines: String,
    /// Minutes an engine's check over every hand of a game may take
    /// (foreseen on all cores) before it is checked on a seeded million
    /// hands and every pitfall hand instead. The default keeps a full run
    /// within its half hour: PHEvaluator's Omaha over every hand (up to
    /// suit renaming) takes 10 to 12 minutes on two cores, and at 10 it
    /// was foreseen within budget on a Zen 5 (585 s) and took 601 s of a
    /// 40-minute run; its Hold'em games take seconds.
    #[arg(long, default_value_t = 3.0)]
    engine_budget: f64,
    /// The cargo profile the benchmarks are built with. `bench` (fat LTO,
    /// one codegen unit) is what cited runs use; another, such as `dev`,
    /// reuses the test build to check the pipeline in seconds, and its
    /// timings are not comparable (`machine.txt` says which was used).
    #[arg(long, default_value = "bench")]
    profile: String,
}

/// When the run began, for the time each step starts at.
static STARTED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

fn step(message: &str) -> Result<()> {
    let at = STARTED.get_or_init(std::time::Instant::now).elapsed();
    errln!("\n==> {message} (at {:.0} s)", at.as_secs_f64())
}

/// A seed: a whole number from 0 to 2^64 - 1, said so when it is not.
fn parse_seed(text: &str) -> std::result::Result<u64, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "a seed is a whole number from 0 to {}, not {text:?}",
            u64::MAX
        )
    })
}

impl Args {
    fn mode(&self) -> Mode {
        if self.smoke {
            Mode::Smoke
        } else if self.quick {
            Mode::Quick
        } else {
            Mode::Full
        }
    }

    fn request(&self) -> plan::Request<'_> {
        plan::Request {
            filter: &self.filter,
            game: self.game,
            simd: self.simd,
            mode: self.mode(),
            seed: self.seed,
        }
    }
}

/// `<date>-<short commit>[-dirty]`: the name a run is published under (with
/// `-2`, `-3`... if taken: never overwritten).
fn final_name() -> String {
    let date = jiff::Timestamp::now().strftime("%Y-%m-%d").to_string();
    let commit =
        output("git", &["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "nocommit".into());
    let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| !s.is_empty());
    format!("{date}-{commit}{}", if dirty { "-dirty" } else { "" })
}

/// The results folder, anchored at the workspace root, created if need be,
/// and checked to be a folder this run can write in: before anything is
/// measured, not after.
fn results_root(dir: &Path) -> Result<(PathBuf, Option<scratch::CreatedRoot>)> {
    let root = workspace::root().join(dir);
    if root.exists() && !root.is_dir() {
        bail!("--results-dir {} is not a folder", root.display());
    }
    let created = scratch::CreatedRoot::create(&root)?;
    Ok((root, created))
}

/// Whether instructions can be counted, and with which valgrind: not under
/// `--no-icount`, not when nothing the plan times has counts, not without
/// valgrind.
fn valgrind(args: &Args, plan: &Plan) -> Result<String, NoCounts> {
    if args.no_icount {
        return Err(NoCounts::Skipped);
    }
    if plan.counted.is_empty() {
        return Err(NoCounts::NothingToCount);
    }
    output("valgrind", &["--version"]).ok_or(NoCounts::NoValgrind)
}

/// The command that started this run, word by word, as `machine.txt`
/// records it.
///
/// # Errors
/// A word that is not UTF-8: `machine.txt` is text, and a command recorded
/// with a word changed could not be run again.
fn command_line() -> Result<CommandLine> {
    let mut words = vec!["cargo xtask".to_string()];
    for (i, word) in std::env::args_os().enumerate().skip(1) {
        match word.into_string() {
            Ok(w) => words.push(w),
            Err(w) => bail!(
                "argument {i} ({}) is not UTF-8, which machine.txt cannot record as given",
                w.to_string_lossy()
            ),
        }
    }
    Ok(CommandLine(words))
}

/// Checks that cargo knows the profile `--profile` names (its own four, or
/// one of the workspace's `[profile.NAME]` sections) before anything runs:
/// cargo would say so only when it builds the benchmarks, after the
/// differential check.
fn check_profile(name: &str) -> Result<()> {
    if ["dev", "release", "test", "bench"].contains(&name) {
        return Ok(());
    }
    let manifest = workspace::root().join("Cargo.toml");
    let text =
        fs::read_to_string(&manifest).with_context(|| format!("reading {}", manifest.display()))?;
    if text
        .lines()
        .any(|l| l.trim() == format!("[profile.{name}]"))
    {
        return Ok(());
    }
    bail!(
        "--profile {name}: no such profile (cargo's are dev, release, test and bench; {} defines no [profile.{name}])",
        manifest.display()
    )
}

pub fn run(args: &Args) -> Result<ExitCode> {
    STARTED.get_or_init(std::time::Instant::now);
    let command = command_line()?;
    check_profile(&args.profile)?;
    // The plan is resolved before anything is created: a filter that
    // selects nothing is refused at once.
    let mut plan = plan::resolve(&args.request())?;
    let valgrind = valgrind(args, &plan);
    if valgrind.is_err() {
        plan.counted.clear();
    }
    // In this process too: the check, the dispatch line and the rows' code
    // paths must describe the paths the benchmarks take.
    plan.simd.apply();
    // The lock first: a refused run creates nothing.
    let _lock = scratch::lock(workspace::root())?;
    scratch::on_interrupt_clean_up()?;
    let (results_dir, _created) = results_root(&args.results_dir)?;
    // Created now, so that an unwritable results folder fails before the run.
    let tmp = Scratch::create(&results_dir)?;
    let tmp_abs = fs::canonicalize(tmp.path())?;
    plan.rounds_out = tmp_abs.join(report::ROUNDS);
    errln!("seed: {} (--seed to change it)", plan.seed)?;

    let mut checks = differential_check(&plan)?;
    let place = handeval_engines::install::Place::of_build();
    let engines = engines_phase(&args.engines, args.engine_budget, &mut plan, &args.filter)?;
    checks.extend(engines.checks);
    let plan_file = tmp_abs.join("plan.json");
    plan.write(&plan_file)
        .with_context(|| format!("writing {}", plan_file.display()))?;
    let build = Build {
        profile: &args.profile,
        icount: valgrind.as_deref().ok(),
    };
    let measured = measure(&plan, &plan_file, build, &tmp_abs, args.smoke)?;
    checks.extend(measured.untimed);
    let mut run = report::Run {
        rows: rows::build(
            &measured.estimates,
            &measured.counts,
            &measured.turns,
            plan.mode,
            &place,
        )?,
        machine: record::describe(
            &command,
            &plan,
            &Requested {
                filter: args.filter.clone(),
                game: args.game.map(|g| g.id.to_string()),
                profile: args.profile.clone(),
            },
            valgrind.as_deref().map_err(|e| *e),
            measured.split_floor,
            measured.contention,
        ),
        turns: measured.turns,
        checks,
    };
    run.machine.engines = engines.versions;
    publish(&run, tmp, &results_dir)
}

/// What the timing and counting steps measured.
struct Measured {
    estimates: Vec<(handeval_benches::Benchmark, Option<criterion::Estimate>)>,
    turns: Vec<report::schema::Turn>,
    counts: Vec<counts::Counted>,
    split_floor: String,
    contention: String,
    /// Each engine the wall-time binary could not time, as a check row of
    /// coverage `timing` saying why.
    untimed: Vec<report::CheckRow>,
}

/// Steps 2 and 3: builds the benchmarks, times them with criterion and in
/// the rounds, measures the split floor, and counts instructions where the
/// build includes them. A smoke run's times are not results, so there the
/// runner's install (a minute of compiling on a fresh machine) goes on
/// beside the criterion benchmarks, which use one core; elsewhere nothing
/// runs beside them.
fn measure(
    plan: &Plan,
    plan_file: &Path,
    build: Build<'_>,
    tmp: &Path,
    smoke: bool,
) -> Result<Measured> {
    step("2/5 wall time (criterion, then the interleaved rounds)")?;
    build.build()?;
    let installing =
        (build.icount.is_some() && smoke).then(|| std::thread::spawn(cargo::ensure_runner));
    let criterion_home = tmp.join("criterion");
    build.wall_time(plan_file, &criterion_home)?;
    let estimates = criterion::read(&criterion_home, plan)?;
    let split_floor = build.split_floor()?;
    // A plan whose workloads timed no rounds leaves the file empty, which
    // a reader refuses: such a run publishes no rounds.csv.
    let no_turns = fs::metadata(&plan.rounds_out).is_ok_and(|m| m.len() == 0);
    if no_turns {
        fs::remove_file(&plan.rounds_out)?;
    }
    let turns = handeval_results::turn::read(&plan.rounds_out)?.unwrap_or_default();
    let contention = contention(&plan.rounds_out.with_file_name(contention::FILE))?;
    let untimed = untimed(
        &plan
            .rounds_out
            .with_file_name(handeval_benches::plan::UNTIMED),
    )?;
    if criterion_home.is_dir() {
        fs::remove_dir_all(&criterion_home)?;
    }

    step("3/5 instruction counts (gungraun + callgrind)")?;
    let counts = if let Some(valgrind) = build.icount {
        errln!("using {valgrind}")?;
        if let Some(installing) = installing {
            installing
                .join()
                .map_err(|_| anyhow::anyhow!("installing gungraun-runner panicked"))??;
        }
        counts::count(plan, plan_file, build)?
    } else {
        errln!("no instruction counts: see machine.txt")?;
        Vec::new()
    };
    Ok(Measured {
        estimates,
        turns,
        counts,
        split_floor,
        contention,
        untimed,
    })
}

/// The engines the wall-time binary could not time, from its file (removed
/// once read), as check rows of coverage `timing`: each with the engine's
/// line's facts and the reason.
fn untimed(path: &Path) -> Result<Vec<report::CheckRow>> {
    #[derive(serde::Deserialize)]
    struct Untimed {
        workload: handeval_benches::Workload,
        evaluator: String,
        why: String,
    }
    if !path.exists() {
        return Ok(Vec::new());
    }
    let rows: Vec<Untimed> = handeval_results::csvio::read(path, false, |_| Ok(()))?;
    fs::remove_file(path)?;
    Ok(rows
        .into_iter()
        .map(|u| {
            let mut c = report::CheckRow::new(&u.evaluator, u.workload.game().id);
            if let Some((engine, model)) = handeval_engines::contender(&u.evaluator) {
                c.role = Some(engine.role);
                c.language = engine.language;
                c.model = model.id().to_string();
                c.summary = engine.summary.to_string();
            }
            c.coverage = "timing".to_string();
            c.error = format!("not timed on {}: {}", u.workload, u.why);
            c
        })
        .collect())
}

/// What the engines' checks found.
#[derive(Default)]
struct Engines {
    checks: Vec<report::CheckRow>,
    versions: String,
}

/// Step 1 of the engines: the engines `--engines` names (installed first
/// where they are not), checked against the reference on the games the
/// plan times; each that passed on a game is added to the plan, in each
/// model, on the game's headline workload (and, with a calculator, on the
/// equity workloads outside calculators count), where `--filter` selects
/// it, with its language's floor: the wall-time binary then times them
/// in the same rounds as the lab's evaluators. A package that cannot be
/// installed (no network, no Node.js) keeps its check rows, each with its
/// error: the lab's run does not depend on outside packages.
fn engines_phase(
    which: &str,
    budget_minutes: f64,
    plan: &mut Plan,
    filter: &str,
) -> Result<Engines> {
    let only: Vec<String> = match which.trim() {
        "none" => {
            step("1b engines: none (--engines none)")?;
            return Ok(Engines::default());
        }
        "all" | "" => Vec::new(),
        list => crate::machine::pieces(list),
    };
    let games = engine_games(plan);
    step("1b engines: the evaluators people use, checked before they are timed")?;
    let place = handeval_engines::install::Place::of_build();
    let wanted =
        |e: &&handeval_engines::Engine| only.is_empty() || only.iter().any(|n| n == e.name);
    let missing: Vec<&str> = handeval_engines::ENGINES
        .iter()
        .filter(wanted)
        .filter(|e| !place.ready(e))
        .map(|e| e.name)
        .collect();
    if !missing.is_empty() {
        errln!(
            "installing the packages of {} (cargo xtask engines install)",
            missing.join(", ")
        )?;
        if let Err(e) = handeval_engines::install::install(&place, "python3") {
            errln!("warning: {e}: the engines that need it report it")?;
        }
    } else if plan.mode == Mode::Full
        && handeval_engines::ENGINES
            .iter()
            .filter(wanted)
            .any(|e| e.package.registry == handeval_engines::Registry::Local)
    {
        // The lab's own package, from this checkout (seconds when built):
        // a full run's figures are cited; a smoke run checks the pipeline
        // with what is installed (CI installed it from the checkout just
        // before).
        errln!("building the lab's Python package from this checkout")?;
        if let Err(e) = handeval_engines::install::install_local(&place, &place.python()) {
            errln!("warning: {e}: py/handeval reports it")?;
        }
    }
    let mut check_plan = crate::engines::Plan::for_mode(plan.mode, plan.seed);
    if plan.mode == Mode::Full {
        check_plan.budget_minutes = budget_minutes;
    }
    let mut checks = crate::engines::checks_of(&place, &only, &games, &check_plan)?;
    if only.is_empty() || only.iter().any(|n| n == "js/poker-evaluator") {
        checks.push(crate::engines::handranks_row(&place));
    }
    plan_engines(plan, &checks, filter);
    if plan
        .timed
        .iter()
        .any(|b| handeval_engines::contender(&b.evaluator).is_some())
    {
        plan.engines = Some(place.root.clone());
    }
    let versions = crate::engines::versions_line(&place, &only);
    Ok(Engines { checks, versions })
}

/// The games of the plan's workloads whose engines are checked, each once:
/// a game worth its high, or a Hi-Lo game, whose workload is its low and
/// whose engines are checked on their lows.
pub fn engine_games(plan: &Plan) -> Vec<String> {
    plan.timed
        .iter()
        .map(|b| b.workload.game().id.to_string())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// Adds to the plan each engine, in each model, that passed its check on
/// a game the plan times, on that game's headline workload (and, for an
/// engine with its own calculator, on the equity workloads outside
/// calculators count), where `filter` selects it; and each language's
/// floor beside its engines.
fn plan_engines(plan: &mut Plan, checks: &[report::CheckRow], filter: &str) {
    use handeval_benches::{Benchmark, Workload};
    let mut added: Vec<Benchmark> = Vec::new();
    // The games worth their high: an engine of a Hi-Lo game's low
    // (pokerkit's stud8, about 0.1 ms a hand) is checked, not timed.
    for game in handeval_registry::games() {
        let headline = Workload::headline(game);
        if !plan.times_any(headline) {
            continue;
        }
        for engine in handeval_engines::ENGINES {
            for &model in engine.models {
                let name = engine.contender(model);
                let passed = checks
                    .iter()
                    .any(|c| c.evaluator == name && c.game == game.id && c.passed());
                let floor_of_checked = engine.role == handeval_core::Role::Floor
                    && engine.plays(game.id)
                    && checks
                        .iter()
                        .any(|c| c.language == engine.language && c.game == game.id && c.passed());
                // A wrong engine (a listing's role) is checked, never timed.
                if (passed || floor_of_checked)
                    && engine.role.is_timed()
                    && crate::select::selected_by(filter, headline, &name)
                {
                    added.push(Benchmark {
                        workload: headline,
                        evaluator: name,
                    });
                }
            }
            let checked = |c: &&report::CheckRow| {
                c.evaluator.starts_with(&format!("{}/", engine.name))
                    && c.game == game.id
                    && c.passed()
            };
            // Where its calculator can count the workload's case: Hold'em
            // ranges, or fixed hands of a game it plays.
            let counts = |w: &Workload| {
                handeval_benches::patterns::equity_case(*w, plan.mode).is_some_and(|case| {
                    engine
                        .calculator
                        .is_some_and(|c| c.counts(game.id, !case.fixed_hands()))
                })
            };
            if engine.calculator.is_some() && checks.iter().any(|c| checked(&c)) {
                for w in Workload::of(game)
                    .into_iter()
                    .filter(|w| handeval_benches::patterns::outside_calculators_count(w.order))
                    .filter(counts)
                    .filter(|w| plan.times_any(*w))
                {
                    let name = engine.contender(handeval_engines::Model::Call);
                    if crate::select::selected_by(filter, w, &name) {
                        added.push(Benchmark {
                            workload: w,
                            evaluator: name,
                        });
                    }
                }
            }
        }
    }
    plan.timed.extend(added);
}

/// `machine.txt`'s `contention` line: the antagonist's setting and the
/// intensity it reached in each contended workload's rounds, from the file
/// the wall-time binary wrote (removed once read); empty without one.
fn contention(path: &Path) -> Result<String> {
    if !path.exists() {
        return Ok(String::new());
    }
    let reached: Vec<String> = contention::read(path)
        .map_err(anyhow::Error::msg)?
        .iter()
        .map(|r| {
            format!(
                "{} {:.1} GB/s over {:.0} s",
                r.workload, r.gb_per_s, r.seconds
            )
        })
        .collect();
    fs::remove_file(path)?;
    Ok(format!(
        "{}; reached: {}",
        contention::SETTING,
        reached.join(", ")
    ))
}

/// Step 4: writes the run's files into the scratch folder, publishes it
/// under its name, and prints the headline tables.
fn publish(run: &report::Run, tmp: Scratch, results_dir: &Path) -> Result<ExitCode> {
    step("5/5 writing the report")?;
    let write = |name: &str, text: String| {
        let path = tmp.path().join(name);
        fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
    };
    write("machine.txt", run.machine.to_text())?;
    handeval_results::row::write(&tmp.path().join(report::RESULTS), &run.rows)?;
    // A run that checked nothing (a filter of other games, no engines)
    // has no checks: no file.
    if !run.checks.is_empty() {
        handeval_results::check::write(&tmp.path().join(report::CHECKS), &run.checks)?;
    }
    fs::remove_file(tmp.path().join("plan.json"))?;
    let name = final_name();
    // The citation says where the run is published: the folder exists
    // only after the rename, so its place is worked out from the results
    // folder's.
    let location = |name: &str| report::markdown::data_location(&results_dir.join(name), name);
    report::write_rendered(tmp.path(), run, &name, &location(&name))?;
    let dest = tmp.publish(results_dir, &name)?;
    if !dest.ends_with(&name) {
        // Published under a suffixed name: the citation must say so.
        let published = dest
            .file_name()
            .map_or(name, |n| n.to_string_lossy().into_owned());
        report::write_rendered(&dest, run, &published, &location(&published))?;
    }
    // The report's headline tables, where the run has their rows.
    if run.rows.iter().any(|r| r.workload == Workload::HEADLINE) {
        outln!("{}", report::markdown::families_table(&run.rows))?;
    }
    let derived = report::markdown::derived_lines(&run.rows);
    if !derived.is_empty() {
        outln!("{derived}")?;
    }
    outln!("{}", report::markdown::timers_line(&run.rows))?;
    outln!("results written to {}", dest.display())?;
    Ok(ExitCode::SUCCESS)
}

/// Step 1: the five-card differential check over every hand, which must
/// pass before anything is timed; returns the published listings' figures.
/// It checks every evaluator the plan times on five cards, the reference
/// and the published listings (never timed, always reported). The other
/// games' checks over every hand take minutes to hours (`cargo xtask diff
/// --game G`); a run checks each of their hands it times, before timing.
fn differential_check(plan: &Plan) -> Result<Vec<report::CheckRow>> {
    let five = GameInfo::of::<Hand>();
    let timed_five: Vec<&str> = plan
        .timed
        .iter()
        .filter(|b| b.workload.game() == five)
        .map(|b| b.evaluator.as_str())
        .collect();
    if timed_five.is_empty() {
        step(
            "1/5 differential check: five cards skipped (this run times no five-card benchmark); every timed hand is checked against the reference before timing",
        )?;
        return Ok(Vec::new());
    }
    let abouts = crate::select::abouts(five, false);
    let checked: Vec<String> = abouts
        .iter()
        .filter(|a| {
            !a.meta.role.is_timed()
                || a.meta.role == handeval_core::Role::Reference
                || timed_five.contains(&a.meta.name)
        })
        .map(|a| a.meta.name.to_string())
        .collect();
    if checked.len() == abouts.len() {
        step("1/5 differential check: every five-card evaluator over every hand")?;
    } else {
        step(&format!(
            "1/5 differential check over every five-card hand: {} of {} evaluators (those --filter times, the reference, the published listings)",
            checked.len(),
            abouts.len()
        ))?;
    }
    let args = crate::diff::Args {
        only: checked,
        every: true,
        ..crate::diff::Args::default()
    };
    let outcome = crate::diff::check::<Hand>(&args)?;
    crate::diff::write_summary(&mut std::io::stderr().lock(), &outcome)?;
    if !outcome.passed() {
        bail!("refusing to benchmark: some evaluators disagree with the reference (see above)");
    }
    Ok(crate::diff::check_rows(&outcome))
}
