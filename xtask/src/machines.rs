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
use handeval_benches::{Input, Workload};
use handeval_core::GameInfo;

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

/// The fastest row of `workload` in `run` among those `keep` accepts (the
/// floor and the reference never).
fn fastest(run: &Run, workload: Workload, keep: impl Fn(&Row) -> bool) -> Option<&Row> {
    run.rows
        .iter()
        .filter(|r| r.workload == workload && !r.is_floor())
        .filter(|r| r.role != Some(handeval_core::Role::Reference))
        .filter(|r| keep(r))
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

/// A row in an answer cell: name, path, time and ratio to the baseline.
fn cell(r: &Row) -> String {
    let path = if r.role == Some(handeval_core::Role::Simd) {
        format!(" [{}]", crate::report::markdown::vector_path(&r.cpu_path))
    } else {
        String::new()
    };
    let ratio = r.ratio_to_baseline.map_or_else(String::new, |x| {
        format!(", {} `{}`", ratio_words(x), r.baseline)
    });
    let mark = if r.timers_differ { " ‡" } else { "" };
    format!("`{}`{path} {} ns{ratio}{mark}", r.evaluator, fmt_ns(r.ns))
}

/// Each game's headline workload: full strength from its cards, shuffled.
fn headlines() -> Vec<(GameInfo, Workload)> {
    handeval_registry::games()
        .into_iter()
        .map(|g| {
            (
                g,
                Workload::of(g)
                    .into_iter()
                    .find(|w| w.input != Input::Encoded)
                    .expect("every game has a workload from cards"),
            )
        })
        .collect()
}

/// The answer, one row per CPU: on each headline workload, the fastest
/// evaluator without lookup tables (0 table bytes: the lab's or an
/// outside one, since at 43f40fc `aya_poker` was left out of five-card
/// Omaha's cell though faster than the lab's entry) and the fastest with
/// them, and how much slower or faster
/// the latter is; every figure from that CPU's newest full run.
/// The file beside the runs that holds every CPU's tables.
pub const MACHINES_FILE: &str = "MACHINES.md";

/// `MACHINES.md`: the wide answer and the machines tables, generated.
pub fn machines_file(answer: &str, tables: &str) -> String {
    format!(
        "# Each CPU's newest full run\n\n\
         Generated by `cargo xtask machines --readme` from the runs in this folder; do not edit. \
         Every figure is the evaluator's undisturbed time (its fastest turn over the interleaved \
         rounds), every ratio to the fastest outside evaluator of the same run, named beside \
         it.\n\n## The fastest of each game on each CPU\n\n{answer}\n## Machines\n\n{tables}"
    )
}

/// The README's answer, narrow: a line per game, its fastest evaluator
/// without tables and with them, each as the range of its ratio to the
/// run's baseline across the CPUs whose newest full run has the game
/// (each end's CPU named), undisturbed; the rest is in `MACHINES.md`.
pub fn narrow_answer(machines: &[Machine]) -> String {
    let mut s =
        String::from("| game | fastest without tables | fastest with tables |\n|---|---|---|\n");
    for (game, workload) in headlines() {
        let mut cells = Vec::new();
        for table_free in [true, false] {
            let mut best: Vec<(&Row, &str)> = machines
                .iter()
                .filter_map(|m| {
                    fastest(&m.run, workload, |r| (r.table_bytes == 0) == table_free)
                        .filter(|r| r.ratio_to_baseline.is_some())
                        .map(|r| (r, m.cpu.as_str()))
                })
                .collect();
            best.sort_by(|a, b| {
                a.0.ratio_to_baseline
                    .unwrap_or(f64::INFINITY)
                    .total_cmp(&b.0.ratio_to_baseline.unwrap_or(f64::INFINITY))
            });
            let timed = machines
                .iter()
                .any(|m| m.run.rows.iter().any(|r| r.workload == workload));
            cells.push(if best.is_empty() && timed {
                NONE_TIMED.to_string()
            } else {
                range_cell(&best, machines.len())
            });
        }
        if cells.iter().all(String::is_empty) {
            continue;
        }
        let _ = writeln!(s, "| {} | {} | {} |", game.title, cells[0], cells[1]);
    }
    s
}

/// A cell of a kind of evaluator a run timed none of on a game it timed.
const NONE_TIMED: &str = "none timed";

/// One cell of [`narrow_answer`]: the evaluators, and their ratios from
/// the lowest to the highest, each with its CPU.
fn range_cell(best: &[(&Row, &str)], machines: usize) -> String {
    let (Some(low), Some(high)) = (best.first(), best.last()) else {
        return "not measured".to_string();
    };
    let mut names: Vec<&str> = best.iter().map(|(r, _)| r.evaluator.as_str()).collect();
    names.dedup();
    names.sort_unstable();
    names.dedup();
    let names = names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let ratio = |r: &Row| ratio_words(r.ratio_to_baseline.unwrap_or(0.0));
    let unmeasured = match machines - best.len() {
        0 => String::new(),
        1 => "; 1 CPU not measured".to_string(),
        n => format!("; {n} CPUs not measured"),
    };
    if best.len() == 1 {
        format!(
            "{names}: {} `{}` ({}){unmeasured}",
            ratio(low.0),
            low.0.baseline,
            low.1
        )
    } else {
        format!(
            "{names}: {} ({}) to {} ({}) `{}`{unmeasured}",
            ratio(low.0),
            low.1,
            ratio(high.0),
            high.1,
            high.0.baseline
        )
    }
}

/// The wide answer: every CPU's fastest evaluator of each game, without
/// and with tables, in `MACHINES.md`.
pub fn answer(machines: &[Machine], results: &str) -> String {
    let workloads: Vec<(GameInfo, Workload)> = headlines()
        .into_iter()
        .filter(|(_, w)| {
            machines
                .iter()
                .any(|m| m.run.rows.iter().any(|r| r.workload == *w))
        })
        .collect();
    let mut s = String::from("| CPU |");
    let mut rule = String::from("|---|");
    for (game, _) in &workloads {
        let _ = write!(
            s,
            " {}: fastest without tables | fastest with tables |",
            game.title
        );
        rule.push_str("---|---|");
    }
    let _ = writeln!(s, " run |\n{rule}---|");
    for m in machines {
        let _ = write!(s, "| {} ({}) |", m.run.machine.cpu, m.cpu);
        for &(_, workload) in &workloads {
            let without = fastest(&m.run, workload, |r| r.table_bytes == 0);
            let with = fastest(&m.run, workload, |r| r.table_bytes > 0);
            match (without, with) {
                (Some(a), Some(b)) => {
                    let _ = write!(
                        s,
                        " {} | {}: {} |",
                        cell(a),
                        cell(b),
                        crate::report::format::speed_words(b.ns, a.ns)
                    );
                }
                // A game whose evaluators are all of one kind (short deck
                // has none with tables) shows the kind it has.
                (without, with) if m.run.rows.iter().any(|r| r.workload == workload) => {
                    let _ = write!(
                        s,
                        " {} | {} |",
                        without.map_or_else(|| NONE_TIMED.to_string(), cell),
                        with.map_or_else(|| NONE_TIMED.to_string(), cell)
                    );
                }
                _ => s.push_str(" not measured | not measured |"),
            }
        }
        let _ = writeln!(s, " [`{}`]({results}/{}/report.md) |", m.dir, m.dir);
    }
    if machines
        .iter()
        .flat_map(|m| &m.run.rows)
        .any(|r| r.timers_differ)
    {
        s.push_str("\n‡: in that run, criterion's median and the interleaved rounds' differ by more than 10% on this row; its report gives both.\n");
    }
    s
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
            .filter(|r| !r.is_floor())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_runs_give_each_cpu_its_newest_full_run() {
        let machines = newest_per_cpu(&workspace::root().join("results")).unwrap();
        let dirs: Vec<&str> = machines.iter().map(|m| m.dir.as_str()).collect();
        // Limited runs (--simd avx2 --filter, --cards 7) are never chosen.
        assert!(!dirs.contains(&"2026-11-22-1640240"), "{dirs:?}");
        assert!(!dirs.contains(&"2026-11-23-a20a919"), "{dirs:?}");
        assert!(machines.len() >= 2, "{dirs:?}");
        let cpus: BTreeSet<&str> = machines.iter().map(|m| m.cpu.as_str()).collect();
        assert_eq!(cpus.len(), machines.len());
    }

    #[test]
    fn the_readme_shows_the_answer_and_the_machines_table_of_the_committed_runs() {
        let machines = newest_per_cpu(&workspace::root().join("results")).unwrap();
        let readme = std::fs::read_to_string(workspace::root().join("README.md")).unwrap();
        let stale = "the README's answer or results/MACHINES.md is not the committed runs': run `cargo xtask machines --readme`";
        assert!(readme.contains(&narrow_answer(&machines)), "{stale}");
        let tables =
            std::fs::read_to_string(workspace::root().join("results").join(MACHINES_FILE)).unwrap();
        assert_eq!(
            tables,
            machines_file(&answer(&machines, "."), &markdown(&machines, ".")),
            "{stale}"
        );
        // The README answers in a glance.
        let lines = readme.lines().count();
        assert!(lines < 400, "the README has {lines} lines, 400 at most");
        // The answer within the first screen.
        let answer_line = readme
            .lines()
            .position(|l| l == readme::ANSWER.0)
            .expect("the README has an answer section");
        assert!(
            answer_line < 40,
            "the answer starts at line {}",
            answer_line + 1
        );
    }
}
