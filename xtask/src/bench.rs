//! `cargo xtask bench`: check every evaluator, time them (criterion), count
//! their instructions (gungraun, when valgrind is present), and write a new,
//! citable result directory.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{Context, Result, bail};
use handeval_benches::{BLOCK, DEFAULT_SEED, SAMPLE, SimdLimit, Workload, selected_by};
use handeval_registry::About;
use serde::Deserialize;

use crate::machine::{self, output};
use crate::report::{self, Row};
use crate::scratch::{self, Guarded, Scratch};
use crate::select::Cards;
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
    /// Only five-card (`5`), six-card (`6`) or seven-card (`7`) hands; all
    /// when absent.
    #[arg(long, value_enum)]
    cards: Option<Cards>,
    /// The cargo profile the benchmarks are built with. `bench` (fat LTO,
    /// one codegen unit) is what cited runs use; another, such as `dev`,
    /// reuses the test build to check the pipeline in seconds, and its
    /// timings are not comparable (`machine.txt` says which was used).
    #[arg(long, default_value = "bench")]
    profile: String,
}

fn step(message: &str) -> Result<()> {
    errln!("\n==> {message}")
}

fn cargo_command() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(workspace::root());
    command
}

/// Runs cargo with `args` and `envs`, passing its output through, in a
/// process group that an interrupt kills.
fn cargo(args: &[&str], envs: &[(&str, String)]) -> Result<()> {
    let mut command = cargo_command();
    command
        .args(args)
        .envs(envs.iter().map(|(k, v)| (*k, v.as_str())));
    let what = format!("cargo {}", args.join(" "));
    let status = Guarded::spawn(&command, &what, Stdio::inherit())?.wait()?;
    if !status.success() {
        bail!("cargo {} failed ({status})", args.join(" "));
    }
    Ok(())
}

/// The version of package `name` that `Cargo.lock` resolves, from `cargo metadata`.
fn locked_version(name: &str) -> Result<String> {
    #[derive(Deserialize)]
    struct Metadata {
        packages: Vec<Package>,
    }
    #[derive(Deserialize)]
    struct Package {
        name: String,
        version: String,
    }
    let out = cargo_command()
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            // gungraun is optional (the `icount` feature): resolve it too.
            "--all-features",
        ])
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo metadata")?;
    if !out.status.success() {
        bail!("cargo metadata failed ({})", out.status);
    }
    let metadata: Metadata =
        serde_json::from_slice(&out.stdout).context("reading cargo metadata's JSON")?;
    metadata
        .packages
        .into_iter()
        .find(|p| p.name == name)
        .map(|p| p.version)
        .with_context(|| format!("{name} is not in Cargo.lock"))
}

/// Makes sure `gungraun-runner` is installed at gungraun's locked version.
fn ensure_runner() -> Result<()> {
    let version = locked_version("gungraun")?;
    let installed = output("gungraun-runner", &["--version"]).unwrap_or_default();
    if installed.split_whitespace().any(|w| w == version) {
        errln!("gungraun-runner {version} is installed")?;
        return Ok(());
    }
    errln!("installing gungraun-runner {version} (found: {installed:?})")?;
    // Unoptimised and without debug info: the runner only starts valgrind
    // and reads its output files (the counts do not depend on it), and so
    // built it installs in half the time of a release build (about 60 s
    // against 125 s on 2 cores), which is most of a fresh machine's wait.
    cargo(
        &[
            "install",
            "gungraun-runner",
            "--version",
            &version,
            "--locked",
            "--debug",
        ],
        &[("CARGO_PROFILE_DEV_DEBUG", "0".to_string())],
    )
}

/// Criterion's median, with its 95% bounds, in nanoseconds per block.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Estimate {
    median: f64,
    low: f64,
    high: f64,
}

/// One benchmark criterion measured.
struct Measured {
    workload: Workload,
    evaluator: String,
    estimate: Estimate,
}

/// Criterion's estimates for every benchmark under `home`.
fn read_criterion(home: &Path) -> Result<Vec<Measured>> {
    #[derive(Deserialize)]
    struct Benchmark {
        group_id: String,
        function_id: String,
    }
    #[derive(Deserialize)]
    struct Estimates {
        median: Statistic,
    }
    #[derive(Deserialize)]
    struct Statistic {
        point_estimate: f64,
        confidence_interval: Interval,
    }
    #[derive(Deserialize)]
    struct Interval {
        lower_bound: f64,
        upper_bound: f64,
    }
    fn json<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T> {
        let text = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        serde_json::from_slice(&text).with_context(|| format!("parsing {}", path.display()))
    }

    let mut found = Vec::new();
    let mut stack = vec![home.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "benchmark.json")
                && path.parent().is_some_and(|p| p.ends_with("new"))
            {
                let meta: Benchmark = json(&path)?;
                let Ok(workload) = meta.group_id.parse() else {
                    continue;
                };
                let est: Estimates = json(&path.with_file_name("estimates.json"))?;
                let m = est.median;
                found.push(Measured {
                    workload,
                    evaluator: meta.function_id,
                    estimate: Estimate {
                        median: m.point_estimate,
                        low: m.confidence_interval.lower_bound,
                        high: m.confidence_interval.upper_bound,
                    },
                });
            }
        }
    }
    Ok(found)
}

/// One instruction count from gungraun: the benchmark function (a workload
/// in shuffled order), the evaluator's index in the registry with the floor,
/// and callgrind's instruction total.
#[derive(Clone, Debug, PartialEq)]
struct Counted {
    workload: Workload,
    index: usize,
    instructions: u64,
}

/// Reads one line of gungraun's JSON summary (schema v6), if it is one.
fn parse_icount_line(line: &str) -> Result<Option<Counted>> {
    #[derive(Deserialize)]
    struct Summary {
        function_name: String,
        id: Option<String>,
        profiles: Vec<Profile>,
    }
    #[derive(Deserialize)]
    struct Profile {
        tool: String,
        data: Data,
    }
    #[derive(Deserialize)]
    struct Data {
        total: Total,
    }
    #[derive(Deserialize)]
    struct Total {
        metrics: Metrics,
    }
    #[derive(Deserialize)]
    struct Metrics {
        #[serde(rename = "Ir")]
        ir: Metric,
    }
    #[derive(Deserialize)]
    struct Metric {
        values: Values,
    }
    #[derive(Deserialize)]
    struct Values {
        new: u64,
    }

    if !line.starts_with('{') {
        return Ok(None);
    }
    let summary: Summary =
        serde_json::from_str(line).context("reading a line of gungraun's JSON summary")?;
    let Ok(workload) = summary.function_name.replace('_', "/").parse::<Workload>() else {
        bail!(
            "gungraun benchmark {} is no workload",
            summary.function_name
        );
    };
    let index = summary
        .id
        .as_deref()
        .and_then(|id| id.strip_prefix("evaluator_"))
        .and_then(|n| n.parse().ok())
        .with_context(|| format!("gungraun benchmark id {:?}", summary.id))?;
    let profile = summary
        .profiles
        .iter()
        .find(|p| p.tool == "Callgrind")
        .context("gungraun summary without a Callgrind profile")?;
    Ok(Some(Counted {
        workload,
        index,
        instructions: profile.data.total.metrics.ir.values.new,
    }))
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

/// The evaluators benchmarks time on hands of `cards` (the floor included,
/// published listings not), with their index in the registry with the floor.
fn timed(cards: Cards) -> Vec<(usize, About)> {
    cards
        .abouts(true)
        .into_iter()
        .enumerate()
        .filter(|(_, a)| a.role.is_timed())
        .collect()
}

/// The evaluators timed on `workload`.
fn timed_on(workload: Workload) -> Vec<(usize, About)> {
    timed(Cards::of(workload.cards()))
}

/// The workloads a run with `cards` times.
fn workloads(cards: Option<Cards>) -> Vec<Workload> {
    Workload::every()
        .filter(|w| cards.is_none_or(|c| c.count() == w.cards()))
        .collect()
}

/// Refuses, before anything is built or measured, a filter that selects no benchmark.
fn check_filter(filter: &str, cards: Option<Cards>) -> Result<()> {
    if workloads(cards).iter().any(|&w| {
        timed_on(w)
            .iter()
            .any(|(_, a)| selected_by(filter, w, a.name))
    }) {
        return Ok(());
    }
    bail!(
        "--filter {filter:?} selects no benchmark; ids are workload/evaluator, e.g. {}/{} or {}/{}",
        Workload::HEADLINE,
        timed(Cards::Five).last().map_or("", |(_, a)| a.name),
        Workload::SEVEN[0],
        timed(Cards::Seven).last().map_or("", |(_, a)| a.name),
    )
}

/// What a run counts instructions of: whether its benchmarks include
/// counted five-card and seven-card workloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CountedSizes {
    five: bool,
    seven: bool,
}

impl CountedSizes {
    fn of(jobs: &[(String, usize)]) -> CountedSizes {
        let seven = jobs.iter().any(|(p, _)| p.contains("_hand7"));
        CountedSizes {
            five: jobs.iter().any(|(p, _)| !p.contains("_hand7")),
            seven,
        }
    }

    fn any(self) -> bool {
        self.five || self.seven
    }
}

/// The `instruction counts` line of `machine.txt`: what was counted, over
/// which sample and on which path, or why nothing was.
fn how_counted(valgrind: Option<&str>, skipped: bool, sizes: CountedSizes) -> String {
    let sample = crate::report::markdown::thousands(SAMPLE);
    let over = match (sizes.five, sizes.seven) {
        (true, true) => format!("{sample} sampled hands of five cards and {sample} of seven"),
        (true, false) => format!("{sample} sampled hands of five cards"),
        _ => format!("{sample} sampled hands of seven cards"),
    };
    match valgrind {
        Some(v) if sizes.any() => format!(
            "callgrind ({v}) via gungraun, over {over}; valgrind cannot run AVX-512 and hides it, so SIMD evaluators are counted on their AVX2 path (portable under --simd portable)"
        ),
        _ if skipped => "not measured: --no-icount".to_string(),
        _ if !sizes.any() => "not measured: none of this run's workloads has instruction counts (six-card hands and seven-card categories have none)".to_string(),
        _ => "not measured: valgrind not found".to_string(),
    }
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
    /// `full`, `quick` or `smoke`.
    fn mode(&self) -> &'static str {
        if self.smoke {
            "smoke"
        } else if self.quick {
            "quick"
        } else {
            "full"
        }
    }
}

/// Whether the run times a five-card benchmark: only then does the
/// five-card check run.
fn times_five_cards(args: &Args) -> bool {
    workloads(args.cards).into_iter().any(|w| {
        w.cards() == 5
            && timed_on(w)
                .iter()
                .any(|(_, a)| selected_by(&args.filter, w, a.name))
    })
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let mode = args.mode();
    let command = std::iter::once("cargo xtask".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    check_filter(&args.filter, args.cards)?;
    let five = times_five_cards(args);
    let jobs = icount_jobs(&args.filter, args.cards);
    let counted = CountedSizes::of(&jobs);
    // In this process too: the check, the dispatch line and the rows' code
    // paths must describe the paths the benchmarks take.
    args.simd.apply();
    // The lock first: a refused run creates nothing.
    let _lock = scratch::lock(workspace::root())?;
    scratch::on_interrupt_clean_up()?;
    let (results_dir, _created) = results_root(&args.results_dir)?;
    // Created now, so that an unwritable results folder fails before the run.
    let tmp = Scratch::create(&results_dir)?;
    let tmp_abs = fs::canonicalize(tmp.path())?;
    errln!("shuffle seed: {} (--seed to change it)", args.seed)?;

    let listings = differential_check(five, &args.filter)?;

    let valgrind = if args.no_icount || !counted.any() {
        None
    } else {
        output("valgrind", &["--version"])
    };
    let features: &[&str] = if valgrind.is_some() {
        &["--features", "handeval-benches/icount"]
    } else {
        &[]
    };
    let envs = [
        ("HANDEVAL_SEED", args.seed.to_string()),
        ("HANDEVAL_FILTER", args.filter.clone()),
        ("HANDEVAL_SIMD", args.simd.id().to_string()),
        ("HANDEVAL_BENCH_MODE", mode.to_string()),
        (
            "HANDEVAL_CARDS",
            args.cards.map_or(String::new(), |c| c.count().to_string()),
        ),
        (
            "CRITERION_HOME",
            tmp_abs.join("criterion").to_string_lossy().into_owned(),
        ),
        (
            "HANDEVAL_ROUNDS_OUT",
            tmp_abs.join(report::ROUNDS).to_string_lossy().into_owned(),
        ),
    ];

    step("2/4 wall time (criterion)")?;
    build_benches(&args.profile, features)?;
    // A smoke run's times are not results, so there the runner's install (a
    // minute of compiling on a fresh machine) goes on beside the criterion
    // benchmarks, which use one core; elsewhere nothing runs beside them.
    let installing = (valgrind.is_some() && args.smoke).then(|| std::thread::spawn(ensure_runner));
    wall_time(&args.profile, features, &envs)?;
    let measured = read_criterion(&tmp_abs.join("criterion"))?;
    let floor = split_floor(&args.profile)?;
    let turns = report::schema::read_turns(&tmp_abs.join(report::ROUNDS))?;

    step("3/4 instruction counts (gungraun + callgrind)")?;
    let icounts = instruction_counts(valgrind.as_deref(), installing, args, &envs, jobs, counted)?;

    step("4/4 writing the report")?;
    let rows = build_rows(&measured, &icounts, &turns, &args.filter, args.cards)?;
    let machine = describe_run(
        args,
        &command,
        valgrind.as_deref(),
        counted,
        &icounts,
        floor,
    );
    let write = |name: &str, text: String| {
        let path = tmp.path().join(name);
        fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
    };
    write("machine.txt", machine.to_text())?;
    report::schema::write(&tmp.path().join("results.csv"), &rows)?;
    // A run without the five-card check has no listings' figures: no file.
    if !listings.is_empty() {
        report::schema::write_listings(&tmp.path().join(report::LISTINGS), &listings)?;
    }
    let run = report::Run {
        rows,
        machine,
        listings,
        turns,
    };
    let name = final_name();
    report::write_rendered(tmp.path(), &run, &name)?;
    fs::remove_dir_all(tmp.path().join("criterion"))?;

    let dest = tmp.publish(&results_dir, &name)?;
    if !dest.ends_with(&name) {
        // Published under a suffixed name: the citation must say so.
        let published = dest.file_name().map(|n| n.to_string_lossy().into_owned());
        report::write_rendered(&dest, &run, &published.unwrap_or(name))?;
    }
    // The report's headline tables, where the run has their rows.
    if run.rows.iter().any(|r| r.workload == Workload::HEADLINE) {
        outln!("{}", report::markdown::families_table(&run.rows))?;
    }
    let derived = report::markdown::derived_lines(&run.rows);
    if !derived.is_empty() {
        outln!("{derived}")?;
    }
    outln!("results written to {}", dest.display())?;
    Ok(ExitCode::SUCCESS)
}

/// Step 1: the five-card differential check over every hand, which must
/// pass before anything is timed; returns the published listings' figures.
/// It checks every evaluator the filter times, the reference and the
/// published listings (never timed, always reported). A seven-card-only
/// run skips it: `cargo xtask diff --cards 7` checks every seven-card hand,
/// and the benchmark checks each hand it times.
fn differential_check(five: bool, filter: &str) -> Result<Vec<crate::diff::ListingRow>> {
    if !five {
        step(
            "1/4 differential check: five cards skipped (this run times no five-card benchmark); every timed hand is checked against the reference before timing",
        )?;
        return Ok(Vec::new());
    }
    let abouts = handeval_registry::abouts();
    let checked: Vec<String> = abouts
        .iter()
        .filter(|a| {
            !a.role.is_timed()
                || a.role == handeval_core::Role::Reference
                || workloads(Some(Cards::Five))
                    .into_iter()
                    .any(|w| selected_by(filter, w, a.name))
        })
        .map(|a| a.name.to_string())
        .collect();
    if checked.len() == abouts.len() {
        step("1/4 differential check: every evaluator over every hand")?;
    } else {
        step(&format!(
            "1/4 differential check over every hand: {} of {} evaluators (those --filter times, the reference, the published listings)",
            checked.len(),
            abouts.len()
        ))?;
    }
    let outcome = crate::diff::check(&checked)?;
    crate::diff::write_summary(&mut std::io::stderr().lock(), &outcome)?;
    if !outcome.passed() {
        bail!("refusing to benchmark: some evaluators disagree with the reference (see above)");
    }
    Ok(crate::diff::listings(&outcome))
}

/// The benchmark targets are selected by name across the workspace rather
/// than with `-p handeval-benches`, so that cargo resolves the dependencies'
/// features for the whole workspace, as `cargo test --workspace` does: with
/// `--profile dev` the benchmarks then reuse the test build's libraries
/// instead of rebuilding them with another feature set.
const BENCHES: [&str; 2] = ["bench", "--workspace"];

/// `machine.txt` for this run: the machine, the command, and how the
/// instructions were counted (and on which SIMD path), or why not.
fn describe_run(
    args: &Args,
    command: &str,
    valgrind: Option<&str>,
    counted: CountedSizes,
    icounts: &[Counted],
    split_floor: String,
) -> machine::Machine {
    let mut machine = machine::describe(
        command,
        args.mode(),
        args.seed,
        how_counted(valgrind, args.no_icount, counted),
        args.simd,
        &args.profile,
    );
    machine.split_floor = split_floor;
    if !icounts.is_empty() {
        // Valgrind hides AVX-512, so the SIMD kernels it counted took AVX2
        // where this CPU has it and --simd allowed it (the check sees the
        // limit this process applied), else the portable path.
        let avx2 = handeval_core::cpu::has(handeval_core::cpu::Feature::Avx2);
        machine.icount_path = if avx2 { "AVX2" } else { "portable" }.into();
    }
    machine
}

/// The SIMD kernels' floor on each path this CPU has, from the
/// `split_floor` example built with the run's profile: what a SIMD
/// evaluator's time is to be read against, recorded per machine.
fn split_floor(profile: &str) -> Result<String> {
    let mut command = cargo_command();
    command.args([
        "run",
        "--quiet",
        "--profile",
        profile,
        "-p",
        "handeval-lanes",
    ]);
    command.args(["--example", "split_floor"]);
    let mut child = Guarded::spawn(&command, "the split floor", Stdio::piped())?;
    let lines = child
        .stdout_lines()
        .context("piped stdout")?
        .collect::<std::io::Result<Vec<String>>>()
        .context("reading the split floor")?;
    if !child.wait()?.success() {
        bail!("the split floor example failed");
    }
    let floor = lines
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join("; ");
    errln!("split floor: {floor}")?;
    Ok(floor)
}

/// Step 3: the instruction counts where valgrind is present (waiting for
/// `installing`, the runner's install begun beside a smoke run's criterion
/// phase), or the reason there are none.
fn instruction_counts(
    valgrind: Option<&str>,
    installing: Option<std::thread::JoinHandle<Result<()>>>,
    args: &Args,
    envs: &[(&str, String)],
    jobs: Vec<(String, usize)>,
    counted: CountedSizes,
) -> Result<Vec<Counted>> {
    let Some(v) = valgrind else {
        errln!("{}", how_counted(None, args.no_icount, counted))?;
        return Ok(Vec::new());
    };
    errln!("using {v}")?;
    if let Some(installing) = installing {
        installing
            .join()
            .map_err(|_| anyhow::anyhow!("installing gungraun-runner panicked"))??;
    }
    count_instructions(envs, &args.profile, jobs)
}

/// Step 2, first: builds the benchmarks with cargo `profile`.
fn build_benches(profile: &str, features: &[&str]) -> Result<()> {
    let mut build = BENCHES.to_vec();
    build.extend_from_slice(&["--no-run", "--bench", "wall"]);
    if !features.is_empty() {
        build.extend_from_slice(&["--bench", "icount"]);
    }
    build.extend_from_slice(&["--profile", profile]);
    build.extend_from_slice(features);
    cargo(&build, &[])
}

/// Runs the criterion benchmarks (built by [`build_benches`]).
fn wall_time(profile: &str, features: &[&str], envs: &[(&str, String)]) -> Result<()> {
    let profile = ["--profile", profile];
    let mut wall = BENCHES.to_vec();
    wall.extend_from_slice(&["--bench", "wall"]);
    wall.extend_from_slice(&profile);
    wall.extend_from_slice(features);
    cargo(&wall, envs)
}

/// The path of the built `icount` benchmark binary, from cargo's JSON messages.
fn icount_executable(profile: &str) -> Result<PathBuf> {
    #[derive(Deserialize)]
    struct Message {
        reason: String,
        target: Option<Target>,
        executable: Option<PathBuf>,
    }
    #[derive(Deserialize)]
    struct Target {
        name: String,
    }
    let out = cargo_command()
        .args(BENCHES)
        .args(["--no-run", "--message-format=json", "--bench", "icount"])
        .args([
            "--features",
            "handeval-benches/icount",
            "--profile",
            profile,
        ])
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo bench --no-run")?;
    if !out.status.success() {
        bail!("building the gungraun benchmarks failed ({})", out.status);
    }
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(message) = serde_json::from_str::<Message>(line) else {
            continue;
        };
        if message.reason == "compiler-artifact"
            && message.target.is_some_and(|t| t.name == "icount")
            && let Some(exe) = message.executable
        {
            return Ok(exe);
        }
    }
    bail!("cargo built no `icount` benchmark binary")
}

/// The workloads the gungraun benchmarks count, one benchmark function
/// each (named after the workload), over every evaluator of its size and
/// the floor. A count applies to both orders.
const COUNTED: [&str; 5] = [
    "category/shuffled/encoded",
    "category/shuffled/hand",
    "strength/shuffled/encoded",
    "strength/shuffled/hand",
    "strength/shuffled/hand7",
];

/// The gungraun benchmark patterns that count what the run selected, each
/// with how many benchmarks it runs: per counted workload whose shuffled or
/// sequential form has a selected benchmark, the selected evaluators and
/// the floor (what *instr - floor* subtracts), as one pattern for the whole
/// workload where that is every evaluator, else one per evaluator.
/// Unselected benchmarks are never run.
fn icount_jobs(filter: &str, cards: Option<Cards>) -> Vec<(String, usize)> {
    let mut jobs = Vec::new();
    for id in COUNTED {
        let Some(shuffled) = Workload::every().find(|w| w.id() == id) else {
            continue;
        };
        if !workloads(cards).contains(&shuffled) {
            continue;
        }
        let twins = [
            shuffled,
            shuffled.in_order(handeval_benches::Order::Sequential),
        ];
        let timed = timed_on(shuffled);
        let chosen: Vec<usize> = timed
            .iter()
            .filter(|(_, a)| twins.iter().any(|&w| selected_by(filter, w, a.name)))
            .map(|&(i, _)| i)
            .collect();
        if chosen.is_empty() {
            continue;
        }
        let function = id.replace('/', "_");
        if chosen.len() == timed.len() {
            // Every benchmark of the function: one per registered evaluator
            // of the size, the floor and the never-timed listings included.
            let all = Cards::of(shuffled.cards()).abouts(true).len();
            jobs.push((format!("icount::icount::{function}::*"), all));
            continue;
        }
        let mut indices = chosen;
        if let Some(&(i, _)) = timed
            .iter()
            .find(|(_, a)| a.role == handeval_core::Role::Floor)
            && !indices.contains(&i)
        {
            indices.insert(0, i);
        }
        jobs.extend(
            indices
                .into_iter()
                .map(|i| (format!("icount::icount::{function}::evaluator_{i}"), 1)),
        );
    }
    jobs
}

/// Runs the gungraun benchmarks of `jobs` (patterns, and how many
/// benchmarks each runs), showing progress, and reads their JSON summaries.
/// Two processes at a time, one per core: callgrind counts instructions, so
/// a neighbour on the other core changes no count, and most of the phase is
/// valgrind starting up once per benchmark, which two processes halve.
fn count_instructions(
    envs: &[(&str, String)],
    profile: &str,
    jobs: Vec<(String, usize)>,
) -> Result<Vec<Counted>> {
    ensure_runner()?;
    let exe = icount_executable(profile)?;
    let total: usize = jobs.iter().map(|(_, n)| n).sum();
    let queue: std::collections::VecDeque<String> =
        jobs.into_iter().map(|(pattern, _)| pattern).collect();
    let queue = std::sync::Arc::new(std::sync::Mutex::new(queue));
    let (tx, rx) = std::sync::mpsc::channel::<Result<String>>();
    let mut envs: Vec<(String, String)> = envs
        .iter()
        .map(|(k, v)| ((*k).to_string(), v.clone()))
        .collect();
    envs.push(("GUNGRAUN_OUTPUT_FORMAT".into(), "json".into()));
    for _ in 0..2 {
        let (queue, tx, exe, envs) = (queue.clone(), tx.clone(), exe.clone(), envs.clone());
        std::thread::spawn(move || {
            let run = |pattern: &str| -> Result<()> {
                // As `cargo bench` runs it: from its package's folder, with `--bench`.
                let mut command = Command::new(&exe);
                command
                    .current_dir(workspace::root().join("benches"))
                    .args(["--bench", pattern])
                    .envs(envs.iter().map(|(k, v)| (k, v)));
                let mut child =
                    Guarded::spawn(&command, &format!("gungraun {pattern}"), Stdio::piped())?;
                for line in child.stdout_lines().context("piped stdout")? {
                    let _ = tx.send(line.context("reading gungraun's output"));
                }
                if !child.wait()?.success() {
                    bail!("the gungraun benchmarks {pattern} failed");
                }
                Ok(())
            };
            loop {
                let next = queue
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .pop_front();
                let Some(pattern) = next else { break };
                if let Err(e) = run(&pattern) {
                    let _ = tx.send(Err(e));
                    break;
                }
            }
        });
    }
    drop(tx);
    let mut counts = Vec::new();
    for line in rx {
        if let Some(c) = parse_icount_line(&line?)? {
            errln!(
                "[{}/{total}] {} evaluator {}: {} instructions",
                counts.len() + 1,
                c.workload,
                c.index,
                c.instructions
            )?;
            counts.push(c);
        }
    }
    if counts.len() != total {
        bail!("gungraun counted {} benchmarks of {total}", counts.len());
    }
    Ok(counts)
}

/// One row per (evaluator, workload) that criterion measured, with the instruction counts joined in.
fn build_rows(
    measured: &[Measured],
    icounts: &[Counted],
    turns: &[report::schema::Turn],
    filter: &str,
    cards: Option<Cards>,
) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    for m in measured {
        let timed = timed_on(m.workload);
        let Some((index, about)) = timed.iter().find(|(_, a)| a.name == m.evaluator) else {
            continue;
        };
        // Instruction counts are of five- and seven-card evaluators.
        let index = if m.workload.cards() == 6 {
            usize::MAX
        } else {
            *index
        };
        let per_hand = |ns: f64| ns / BLOCK as f64;
        // Instructions are counted over the shuffled sample; they apply to both orders.
        let counted = m.workload.in_order(handeval_benches::Order::Shuffled);
        let instructions = icounts
            .iter()
            .find(|c| c.workload == counted && c.index == index)
            .map(|c| c.instructions as f64 / SAMPLE as f64);
        let w = m.workload;
        let mut row = Row {
            evaluator: m.evaluator.clone(),
            family: String::new(),
            role: None,
            derived_from: String::new(),
            workload: w,
            kind: w.kind,
            order: w.order,
            input: w.input,
            median_ns: per_hand(m.estimate.median),
            ci_low_ns: per_hand(m.estimate.low),
            ci_high_ns: per_hand(m.estimate.high),
            mhands_per_s: 1e3 / per_hand(m.estimate.median),
            instructions,
            instructions_minus_floor: None,
            ratio_to_fastest: 0.0,
            baseline: String::new(),
            ratio_to_baseline: None,
            ratio_q1: None,
            ratio_q3: None,
            rounds: None,
            table_bytes: about.table_bytes,
            card_table_bytes: about.card_table_bytes,
            cpu_path: about.cpu_path.to_string(),
            note: about.unavailable.unwrap_or_default().into(),
            summary: about.summary.into(),
        };
        row.describe(about);
        rows.push(row);
    }
    if rows.is_empty() {
        bail!("criterion produced no results (is --filter {filter:?} too narrow?)");
    }
    // Report order: workloads as defined, evaluators as registered.
    rows.sort_by_key(|r| {
        (
            Workload::every().position(|w| w == r.workload),
            timed_on(r.workload)
                .iter()
                .position(|(_, a)| a.name == r.evaluator),
        )
    });
    report::schema::derive_columns(&mut rows, turns);
    let missing: Vec<String> = workloads(cards)
        .iter()
        .flat_map(|w| timed_on(*w).into_iter().map(move |(_, a)| (w, a.name)))
        .filter(|(w, e)| {
            selected_by(filter, **w, e)
                && !rows.iter().any(|r| r.workload == **w && r.evaluator == *e)
        })
        .map(|(w, e)| format!("{w}/{e}"))
        .collect();
    if !missing.is_empty() {
        bail!("criterion did not report: {}", missing.join(", "));
    }

    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_selected_benchmarks_are_counted() {
        // A seven-card filter counts no five-card workload.
        let jobs = icount_jobs("hand7", None);
        assert_eq!(jobs.len(), 1, "{jobs:?}");
        assert_eq!(jobs[0].0, "icount::icount::strength_shuffled_hand7::*");
        assert_eq!(
            CountedSizes::of(&jobs),
            CountedSizes {
                five: false,
                seven: true
            }
        );
        // One evaluator: it and the floor, nothing else.
        let jobs = icount_jobs("strength/shuffled/encoded/pokers", None);
        let floor = timed(Cards::Five)
            .into_iter()
            .find(|(_, a)| a.role == handeval_core::Role::Floor)
            .unwrap()
            .0;
        let pokers = timed(Cards::Five)
            .into_iter()
            .find(|(_, a)| a.name == "pokers")
            .unwrap()
            .0;
        let want: Vec<(String, usize)> = [floor, pokers]
            .iter()
            .map(|i| {
                (
                    format!("icount::icount::strength_shuffled_encoded::evaluator_{i}"),
                    1,
                )
            })
            .collect();
        assert_eq!(jobs, want);
        // The sequential twin of a counted workload selects its counts.
        assert_eq!(
            icount_jobs("strength/sequential/hand/pokers", None).len(),
            2
        );
        // Six cards have none; --cards 6 counts nothing.
        assert!(icount_jobs("", Some(Cards::Six)).is_empty());
        assert_eq!(icount_jobs("", None).len(), COUNTED.len());
        let everything: usize = icount_jobs("", None).iter().map(|(_, n)| n).sum();
        assert_eq!(
            everything,
            4 * Cards::Five.abouts(true).len() + Cards::Seven.abouts(true).len()
        );
    }

    #[test]
    fn the_counts_line_says_what_was_counted() {
        let five = CountedSizes {
            five: true,
            seven: false,
        };
        let seven = CountedSizes {
            five: false,
            seven: true,
        };
        let none = CountedSizes {
            five: false,
            seven: false,
        };
        let v = Some("valgrind-3.19.0");
        assert!(how_counted(v, false, five).contains("10,000 sampled hands of five cards;"));
        assert!(how_counted(v, false, seven).contains("10,000 sampled hands of seven cards;"));
        assert!(!how_counted(v, false, seven).contains("five"));
        assert_eq!(how_counted(None, true, five), "not measured: --no-icount");
        assert!(how_counted(v, false, none).starts_with("not measured: none of this run's"));
        assert_eq!(
            how_counted(None, false, five),
            "not measured: valgrind not found"
        );
    }

    #[test]
    fn gungraun_json_summaries_are_read() {
        let line = r#"{"baselines":[null,null],"function_name":"strength_shuffled_encoded","group":"icount","id":"evaluator_3","kind":"LibraryBenchmark","profiles":[{"data":{"parts":[],"total":{"metrics":{"Dr":{"values":{"new":20257}},"Ir":{"values":{"new":967874}}},"regressions":[]}},"duration_ns":3,"tool":"Callgrind"}]}"#;
        assert_eq!(
            parse_icount_line(line).unwrap(),
            Some(Counted {
                workload: Workload::HEADLINE,
                index: 3,
                instructions: 967_874
            })
        );
        assert_eq!(
            parse_icount_line("     Running benches/icount.rs").unwrap(),
            None
        );
        let wrong = line.replace("strength_shuffled_encoded", "strength_sideways_encoded");
        assert!(parse_icount_line(&wrong).is_err());
    }

    #[test]
    fn the_lockfile_pins_gungraun() {
        assert_eq!(locked_version("gungraun").unwrap(), "0.20.0");
    }
}
