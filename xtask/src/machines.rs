//! `cargo xtask machines`: the committed runs side by side by CPU.
//!
//! Which idea wins depends on the core, so the lab shows each CPU's newest
//! full run beside the others': per headline workload (full strength from
//! cards, shuffled, for five and seven cards), each evaluator's time and
//! its ratio to the baseline on every CPU, and how the table-free
//! ideas rank on each. A full run is `cargo xtask bench` in full mode with
//! no `--filter`, `--cards` or `--simd` limit; runs are grouped by the CPU's
//! vendor, family and model (`cpu id` in `machine.txt`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use handeval_benches::Workload;
use handeval_core::{GameInfo, Role};

use crate::report::format::{fmt_ns, ratio_words};
use crate::report::{self, Row, Run, readme};
use crate::workspace;

#[derive(clap::Args)]
pub struct Args {
    /// The folder of results folders (relative paths from the workspace root).
    #[arg(long, default_value = "results")]
    results_dir: PathBuf,
    /// Print the answer instead: per CPU, the fastest evaluator without
    /// lookup tables and the fastest with them, on five and seven cards.
    #[arg(long)]
    answer: bool,
    /// Also put the answer and the tables into the README.
    #[arg(long)]
    readme: bool,
}

/// One CPU's newest full run.
pub struct Machine {
    /// The results folder's name.
    pub dir: String,
    /// `vendor, family, model` from `cpu id`.
    pub cpu: String,
    pub run: Run,
}

/// Every CPU's newest full run under `root`, oldest CPU first (by its newest run).
///
/// A folder that is half a run (`machine.txt` or `results.csv` alone), a
/// run with no `cpu id`, a limited run and a run that ties another on the
/// date are named on standard error, with the reason it is left out or
/// chosen; a damaged run is an error naming its file.
pub fn newest_per_cpu(root: &Path) -> Result<Vec<Machine>> {
    let mut found: Vec<Machine> = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .with_context(|| format!("reading {}", root.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        match (
            dir.join("machine.txt").exists(),
            dir.join("results.csv").exists(),
        ) {
            (true, true) => {}
            (false, false) => continue,
            (has_machine, _) => {
                let (has, lacks) = if has_machine {
                    ("machine.txt", "results.csv")
                } else {
                    ("results.csv", "machine.txt")
                };
                errln!(
                    "note: {} has {has} and no {lacks}: not a whole run, left out",
                    dir.display()
                )?;
                continue;
            }
        }
        let run = report::load(&dir)?;
        let Some(cpu) = run.machine.cpu_id.as_ref().map(crate::machine::CpuId::key) else {
            errln!(
                "note: {}: machine.txt has no `cpu id`, so its CPU is unknown: left out",
                dir.display()
            )?;
            continue;
        };
        if !run.machine.is_full() {
            errln!(
                "note: {}: not a full run ({}): left out",
                dir.display(),
                run.machine.limits().join(", ")
            )?;
            continue;
        }
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match found.iter_mut().find(|m| m.cpu == cpu) {
            Some(m) if m.run.machine.date < run.machine.date => {
                *m = Machine {
                    dir: name,
                    cpu,
                    run,
                };
            }
            Some(m) if m.run.machine.date == run.machine.date => {
                errln!(
                    "note: {} and {name} are full runs of {cpu} made at the same time ({}): showing {}, the first by name",
                    m.dir,
                    run.machine.date,
                    m.dir
                )?;
            }
            Some(_) => {}
            None => found.push(Machine {
                dir: name,
                cpu,
                run,
            }),
        }
    }
    found.sort_by_key(|m| m.run.machine.date);
    Ok(found)
}

fn row<'a>(run: &'a Run, workload: Workload, evaluator: &str) -> Option<&'a Row> {
    run.rows
        .iter()
        .find(|r| r.workload == workload && r.evaluator == evaluator)
}

/// The table-free families (as the registry knows them) on `workload`,
/// fastest first, each by its fastest variant.
fn ranking(run: &Run, workload: Workload) -> Vec<&Row> {
    let mut best: Vec<&Row> = handeval_registry::table_free_families()
        .into_iter()
        .filter_map(|family| {
            run.rows
                .iter()
                .filter(|r| r.workload == workload && r.family == family.name)
                .min_by(|a, b| a.ns.total_cmp(&b.ns))
        })
        .collect();
    best.sort_by(|a, b| a.ns.total_cmp(&b.ns));
    best
}

fn ratio(r: &Row) -> String {
    r.ratio_to_baseline
        .map_or_else(String::new, |x| format!(", {}", ratio_words(x)))
}

/// The lab's fastest evaluator of `workload` in `run` among those `keep`
/// accepts: the lab's own variants only (never an outside evaluator,
/// which is what every ratio is taken against, nor the reference or a
/// floor).
fn lab_fastest(run: &Run, workload: Workload, keep: impl Fn(&Row) -> bool) -> Option<&Row> {
    run.rows
        .iter()
        .filter(|r| r.workload == workload && r.role.is_some_and(Role::is_lab_variant))
        .filter(|r| r.in_one_measurement() && keep(r))
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

/// A run's commit, as `machine.txt` gives it.
fn commit_of(m: &Machine) -> &str {
    if m.run.machine.git.is_empty() {
        &m.dir
    } else {
        &m.run.machine.git
    }
}

/// The lab's evaluators of `workload`'s game registered today that `m`'s
/// newest run has no row of on it; `None` when it has them all, or timed
/// nothing there. Such a run's cell is shown as stale, its commit named,
/// and never merged with another's.
fn missing_kernels(m: &Machine, workload: Workload) -> Option<Vec<String>> {
    if !m.run.rows.iter().any(|r| r.workload == workload) {
        return None;
    }
    let missing: Vec<String> = crate::select::abouts(workload.game(), false)
        .iter()
        .filter(|a| a.meta.role.is_lab_variant() && a.meta.role.is_timed())
        .filter(|a| crate::select::timed_on(workload, a))
        .filter(|a| row(&m.run, workload, a.meta.name).is_none())
        .map(|a| a.meta.name.to_string())
        .collect();
    (!missing.is_empty()).then_some(missing)
}

/// One measurement as a cell: the lab's evaluator (marked where it reads
/// lookup tables), its ratio to the run's strongest outside evaluator,
/// named, and the run's commit; a stale run's cell says so first.
fn one_measurement(m: &Machine, workload: Workload, keep: impl Fn(&Row) -> bool) -> String {
    let Some(r) = lab_fastest(&m.run, workload, keep) else {
        return if m.run.rows.iter().any(|r| r.workload == workload) {
            NONE_TIMED.to_string()
        } else {
            "not measured".to_string()
        };
    };
    let tables = if r.table_bytes > 0 { " (tables)" } else { "" };
    let ratio = r.ratio_to_baseline.map_or_else(
        || "no outside evaluator timed".to_string(),
        |x| format!("{} `{}`", ratio_words(x), r.baseline),
    );
    match missing_kernels(m, workload) {
        Some(missing) => format!(
            "stale: `{}` predates `{}`; there `{}`{tables}: {ratio}",
            commit_of(m),
            missing.join("`, `"),
            r.evaluator
        ),
        None => format!("`{}`{tables}: {ratio} (`{}`)", r.evaluator, commit_of(m)),
    }
}

/// The file beside the runs that holds every CPU's tables.
pub const MACHINES_FILE: &str = "MACHINES.md";

/// `MACHINES.md`: the wide answer and the machines tables, generated.
pub fn machines_file(answer: &str, tables: &str) -> String {
    format!(
        "# Each CPU's newest full run\n\n\
         Generated by `cargo xtask machines --readme` from the runs in this folder; do not edit. \
         Every figure is one run's undisturbed time (its fastest turn over the interleaved \
         rounds), every ratio to the strongest outside evaluator called in-process in the \
         same run, named beside it.\n\n## The fastest of each game on each CPU\n\n{answer}\n## Machines\n\n{tables}"
    )
}

/// A CPU's column title: its key and its newest run's commit.
fn column(m: &Machine) -> String {
    format!("{} (`{}`)", m.cpu, commit_of(m))
}

/// The README's answer: a line per game, a column per CPU, each cell the
/// lab's fastest evaluator in that CPU's newest full run and its ratio to
/// that run's strongest outside evaluator called in-process (named), with
/// the run's commit; a CPU whose run predates the game's current kernels
/// is marked stale. Ranges across CPUs are per evaluator, in
/// `MACHINES.md`'s tables.
pub fn narrow_answer(machines: &[Machine]) -> String {
    let mut s = String::from("| game |");
    let mut rule = String::from("|---|");
    for m in machines {
        let _ = write!(s, " {} |", column(m));
        rule.push_str("---|");
    }
    let _ = writeln!(s, "\n{rule}");
    for (game, workload) in headlines() {
        if !machines
            .iter()
            .any(|m| m.run.rows.iter().any(|r| r.workload == workload))
        {
            continue;
        }
        let _ = write!(s, "| {} |", game.title);
        for m in machines {
            let _ = write!(s, " {} |", one_measurement(m, workload, |_| true));
        }
        s.push('\n');
    }
    s
}

/// A cell of a kind of evaluator a run timed none of on a game it timed.
pub const NONE_TIMED: &str = "none timed";

/// The fastest outside engine of a runner's `language` in `run`'s `workload`.
fn fastest_in(run: &Run, workload: Workload, language: handeval_results::Language) -> String {
    run.rows
        .iter()
        .filter(|r| r.workload == workload && r.language == language && r.is_outside())
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
        .map_or_else(
            || "-".to_string(),
            |r| {
                // An older run timed its engines apart from the rounds.
                let apart = if r.in_one_measurement() {
                    ""
                } else {
                    " (engines phase)"
                };
                format!("`{}` {} ns{apart}", r.evaluator, fmt_ns(r.ns))
            },
        )
}

/// The wide answer, in `MACHINES.md`: a table per game, a row per CPU,
/// each cell one measurement of that CPU's newest full run: the lab's
/// fastest without tables and with them, the strongest outside evaluator
/// called in-process, and the fastest Python and JavaScript engines.
pub fn answer(machines: &[Machine], results: &str) -> String {
    let mut s = String::new();
    for (game, workload) in headlines() {
        let with: Vec<&Machine> = machines
            .iter()
            .filter(|m| m.run.rows.iter().any(|r| r.workload == workload))
            .collect();
        if with.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            "### {}\n\n| CPU | run | the lab's fastest without tables | the lab's fastest with tables | strongest outside, in-process | fastest Python | fastest JavaScript |\n|---|---|---|---|---|---|---|",
            game.title
        );
        for m in with {
            let outside = crate::report::answer::strongest_outside(&m.run.rows, workload)
                .map_or_else(
                    || "-".to_string(),
                    |r| {
                        let tables = crate::report::schema::declared_tables(r);
                        let tables = if tables == 0 {
                            "no tables".to_string()
                        } else {
                            format!("tables {}", crate::report::format::human_bytes(tables))
                        };
                        format!("`{}` ({tables}) {} ns", r.evaluator, fmt_ns(r.ns))
                    },
                );
            let _ = writeln!(
                s,
                "| {} ({}) | [`{}`]({results}/{}/report.md) | {} | {} | {outside} | {} | {} |",
                m.run.machine.cpu,
                m.cpu,
                m.dir,
                m.dir,
                one_measurement(m, workload, |r| r.table_bytes == 0),
                one_measurement(m, workload, |r| r.table_bytes > 0),
                fastest_in(&m.run, workload, handeval_results::Language::Python),
                fastest_in(&m.run, workload, handeval_results::Language::JavaScript),
            );
        }
        s.push('\n');
    }
    s
}

/// Each game's headline workload: full strength from its cards, shuffled
/// (a Hi-Lo game's, its low), every game of the one list.
fn headlines() -> Vec<(GameInfo, Workload)> {
    handeval_results::workload::games()
        .into_iter()
        .map(|g| (g, Workload::headline(g)))
        .collect()
}

/// The tables: one per headline workload that some CPU's run has.
pub fn markdown(machines: &[Machine], results: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Each CPU's newest full run in `{results}/` (`cargo xtask bench`, no limits). Each cell: the undisturbed ns/hand from cards, shuffled (the fastest turn over the run's interleaved rounds), and that time as a multiple of the baseline's undisturbed time in the same run (below 1 is faster).\n"
    );
    s.push_str("| CPU | vector extensions | run |\n|---|---|---|\n");
    for m in machines {
        let _ = writeln!(
            s,
            "| {} ({}) | {} | [`{}`]({results}/{}/report.md) |",
            m.run.machine.cpu,
            m.cpu,
            if m.run.machine.vectors.is_empty() {
                "(not recorded)"
            } else {
                &m.run.machine.vectors
            },
            m.dir,
            m.dir
        );
    }
    for (game, workload) in headlines() {
        let title = game.title;
        let with: Vec<&Machine> = machines
            .iter()
            .filter(|m| m.run.rows.iter().any(|r| r.workload == workload))
            .collect();
        if with.is_empty() {
            continue;
        }
        let _ = writeln!(s, "\n### {title}: `{workload}`\n");
        let mut header = String::from("| evaluator |");
        let mut rule = String::from("|---|");
        for m in &with {
            let _ = write!(header, " {} |", m.cpu);
            rule.push_str("---:|");
        }
        let _ = writeln!(s, "{header}\n{rule}");
        // Every evaluator any of the runs timed, fastest on the newest CPU first.
        let newest = with.last().map(|m| &m.run);
        let mut names: Vec<&str> = with
            .iter()
            .flat_map(|m| m.run.rows.iter().filter(|r| r.workload == workload))
            // One ratio column: the contenders called in-process, each run's
            // (a runner's engine is held to its own language's, in the
            // tables above).
            .filter(|r| !r.is_floor() && r.language.in_process() && r.in_one_measurement())
            .map(|r| r.evaluator.as_str())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let time = |name: &str| {
            newest
                .and_then(|run| row(run, workload, name))
                .map_or(f64::INFINITY, |r| r.ns)
        };
        names.sort_by(|a, b| time(a).total_cmp(&time(b)));
        for name in names {
            let _ = write!(s, "| {name} |");
            for m in &with {
                match row(&m.run, workload, name) {
                    Some(r) => {
                        let mark = if r.timers_differ { " ‡" } else { "" };
                        let _ = write!(s, " {}{}{mark} |", fmt_ns(r.ns), ratio(r));
                    }
                    None => s.push_str(" - |"),
                }
            }
            s.push('\n');
        }
        s.push_str("\nThe table-free ideas, fastest first (each family's fastest variant):\n\n");
        for m in &with {
            let ranked: Vec<String> = ranking(&m.run, workload)
                .iter()
                .map(|r| format!("{} ({}{})", r.family, fmt_ns(r.ns), ratio(r)))
                .collect();
            let _ = writeln!(s, "- {}: {}", m.cpu, ranked.join(" < "));
        }
    }
    s.push_str("\nSplit floors (load, split and store, no evaluation; `cargo run --release -p handeval-lanes --example split_floor`), as each run recorded them:\n\n");
    for m in machines {
        let floor = &m.run.machine.split_floor;
        let _ = writeln!(
            s,
            "- {}: {}",
            m.cpu,
            if floor.is_empty() {
                "not recorded by this run"
            } else {
                floor
            }
        );
    }
    s
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let root = workspace::root().join(&args.results_dir);
    let machines = newest_per_cpu(&root)?;
    if machines.is_empty() {
        bail!("no full run in {}", root.display());
    }
    let shown = workspace::relative(&root);
    let shown = shown.to_string_lossy();
    let shown = shown.trim_end_matches('/');
    let wide = answer(&machines, shown);
    let text = markdown(&machines, shown);
    outln!("{}", if args.answer { &wide } else { &text })?;
    if args.readme {
        let path = workspace::root().join("README.md");
        readme::update(&path, readme::ANSWER, &narrow_answer(&machines))?;
        let tables = root.join(MACHINES_FILE);
        let written = machines_file(&answer(&machines, "."), &markdown(&machines, "."));
        std::fs::write(&tables, written)
            .with_context(|| format!("writing {}", tables.display()))?;
        outln!(
            "updated the answer of {} and {}",
            path.display(),
            tables.display()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
