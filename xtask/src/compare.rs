//! `cargo xtask compare OLD NEW`: two results directories side by side.
//!
//! This is how to check a change to an evaluator (two runs on one machine,
//! before and after) or to compare machines (one run on each): per workload
//! and evaluator, both medians, the ratio NEW/OLD, both instruction counts,
//! and a mark where criterion's 95% confidence intervals do not overlap.
//! The header says whether the commands (the SIMD limit, the filter), the
//! machines, compilers and commits differ, and a row whose evaluator took
//! another code path in each run is marked as such.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use handeval_benches::Workload;

use crate::report::format::fmt_ns;
use crate::report::{self, Row, Run};
use crate::workspace;

#[derive(clap::Args)]
pub struct Args {
    /// The older results directory.
    old: PathBuf,
    /// The newer results directory.
    new: PathBuf,
    /// Print CSV instead of markdown.
    #[arg(long)]
    csv: bool,
}

/// One evaluator on one workload in either run.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Line {
    /// The workload.
    pub workload: Workload,
    /// The evaluator.
    pub evaluator: String,
    /// The old run's median, ns per hand.
    pub old_ns: Option<f64>,
    /// The new run's median, ns per hand.
    pub new_ns: Option<f64>,
    /// NEW / OLD.
    pub ratio: Option<f64>,
    /// The old run's instructions per hand.
    pub old_instructions: Option<f64>,
    /// The new run's instructions per hand.
    pub new_instructions: Option<f64>,
    /// Whether the two 95% confidence intervals are disjoint.
    pub disjoint: bool,
    /// The code path the old run took, where the evaluator dispatches.
    pub old_path: String,
    /// The code path the new run took.
    pub new_path: String,
}

impl Line {
    /// Whether the two runs timed different code (a SIMD evaluator limited
    /// by `--simd` in one run, or on a CPU without its widest path): then
    /// the ratio compares two paths, not two versions of one.
    pub fn paths_differ(&self) -> bool {
        self.old_ns.is_some() && self.new_ns.is_some() && self.old_path != self.new_path
    }

    /// The mark beside the ratio.
    fn mark(&self) -> String {
        let path = |p: &str| {
            if p.is_empty() {
                "-".to_string()
            } else {
                p.to_string()
            }
        };
        match (self.paths_differ(), self.disjoint) {
            (true, _) => format!(
                "**other code path**: {} / {}",
                path(&self.old_path),
                path(&self.new_path)
            ),
            (false, true) => "CIs disjoint".to_string(),
            (false, false) => String::new(),
        }
    }
}

/// Every (workload, evaluator) of either run, in the new run's order, then the old run's leftovers.
pub fn lines(old: &[Row], new: &[Row]) -> Vec<Line> {
    let mut keys: Vec<(Workload, String)> = Vec::new();
    for r in new.iter().chain(old) {
        let key = (r.workload, r.evaluator.clone());
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys.into_iter()
        .map(|(workload, evaluator)| {
            let find = |rows: &[Row]| {
                rows.iter()
                    .find(|r| r.workload == workload && r.evaluator == evaluator)
                    .cloned()
            };
            let (o, n) = (find(old), find(new));
            let disjoint = match (&o, &n) {
                (Some(o), Some(n)) => n.ci_high_ns < o.ci_low_ns || n.ci_low_ns > o.ci_high_ns,
                _ => false,
            };
            Line {
                workload,
                old_ns: o.as_ref().map(|r| r.ns),
                new_ns: n.as_ref().map(|r| r.ns),
                ratio: o.as_ref().zip(n.as_ref()).map(|(o, n)| n.ns / o.ns),
                old_instructions: o.as_ref().and_then(|r| r.instructions),
                new_instructions: n.as_ref().and_then(|r| r.instructions),
                disjoint,
                old_path: o.as_ref().map(|r| r.cpu_path.clone()).unwrap_or_default(),
                new_path: n.as_ref().map(|r| r.cpu_path.clone()).unwrap_or_default(),
                evaluator,
            }
        })
        .collect()
}

/// A run's `--filter` as the header shows it (`(everything)` without one).
fn filter_text(m: &crate::machine::Machine) -> String {
    if m.filter.is_empty() {
        "(everything)".to_string()
    } else {
        m.filter.join(",")
    }
}

/// The games (by id) with a row that `keep` accepts, in the registry's
/// order: `none` for none.
fn games(rows: &[Row], keep: impl Fn(&Row) -> bool) -> String {
    let ids: Vec<&str> = handeval_registry::games()
        .into_iter()
        .filter(|g| rows.iter().any(|r| r.workload.game() == *g && keep(r)))
        .map(|g| g.id)
        .collect();
    if ids.is_empty() {
        "none".to_string()
    } else {
        ids.join(", ")
    }
}

/// The workloads both runs timed, and those only one did.
fn workloads(old: &[Row], new: &[Row]) -> (Vec<Workload>, Vec<Workload>, Vec<Workload>) {
    let has = |rows: &[Row], w: Workload| rows.iter().any(|r| r.workload == w);
    let (mut both, mut only_old, mut only_new) = (Vec::new(), Vec::new(), Vec::new());
    for w in Workload::every() {
        match (has(old, w), has(new, w)) {
            (true, true) => both.push(w),
            (true, false) => only_old.push(w),
            (false, true) => only_new.push(w),
            (false, false) => {}
        }
    }
    (both, only_old, only_new)
}

/// The header: the two runs' facts, and which differ.
fn header(old: &Run, new: &Run, old_dir: &str, new_dir: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "| | OLD `{old_dir}` | NEW `{new_dir}` | |");
    s.push_str("|---|---|---|---|\n");
    let facts = |run: &Run| -> Vec<(&'static str, String)> {
        let m = &run.machine;
        let timed = games(&run.rows, |_| true);
        let counted = games(&run.rows, |r| r.instructions.is_some());
        let counts = run.counts_recorded();
        vec![
            ("command", m.command.to_string()),
            ("games timed", timed),
            ("games counted", counted),
            ("simd", m.simd_text()),
            ("filter", filter_text(m)),
            ("profile", m.profile.clone()),
            ("instruction counts", counts),
            ("cpu", m.cpu.clone()),
            (
                "cpu id",
                m.cpu_id
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            ),
            ("cores", m.cores.clone()),
            ("rustc", m.rustc.clone()),
            ("commit", m.git.clone()),
            ("date", m.date_text()),
            ("mode", m.mode.id().to_string()),
            ("seed", m.seed.to_string()),
            ("target-cpu", m.target_cpu.clone()),
            ("measurement", m.measurement.clone()),
        ]
    };
    for ((what, a), (_, b)) in facts(old).into_iter().zip(facts(new)) {
        let differs = if a == b { "same" } else { "**differs**" };
        let shown = |v: &str| {
            if v.is_empty() {
                "(not recorded)".to_string()
            } else {
                v.replace('|', "/")
            }
        };
        let _ = writeln!(s, "| {what} | {} | {} | {differs} |", shown(&a), shown(&b));
    }
    s
}

fn opt(v: Option<f64>, f: impl Fn(f64) -> String) -> String {
    v.map_or_else(|| "-".to_string(), f)
}

/// The comparison as markdown.
pub fn markdown(old: &Run, new: &Run, old_dir: &str, new_dir: &str) -> String {
    let mut s = header(old, new, old_dir, new_dir);
    let lines = lines(&old.rows, &new.rows);
    let (both, only_old, only_new) = workloads(&old.rows, &new.rows);
    for (run, only) in [("OLD", &only_old), ("NEW", &only_new)] {
        if !only.is_empty() {
            let names: Vec<String> = only.iter().map(|w| format!("`{w}`")).collect();
            let _ = writeln!(
                s,
                "\nOnly {run} timed {}: nothing to compare there.",
                names.join(", ")
            );
        }
    }
    for workload in both {
        let in_w: Vec<&Line> = lines.iter().filter(|l| l.workload == workload).collect();
        let _ = writeln!(s, "\n{workload}:\n");
        s.push_str(
            "| evaluator | OLD ns/hand | NEW ns/hand | NEW/OLD | | OLD instr/hand | NEW instr/hand |\n",
        );
        s.push_str("|---|---:|---:|---:|---|---:|---:|\n");
        for l in in_w {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} |",
                l.evaluator,
                opt(l.old_ns, fmt_ns),
                opt(l.new_ns, fmt_ns),
                opt(l.ratio, |r| format!("{r:.2}")),
                l.mark(),
                opt(l.old_instructions, |i| format!("{i:.1}")),
                opt(l.new_instructions, |i| format!("{i:.1}")),
            );
        }
    }
    s.push_str(
        "\nNEW/OLD below 1 means NEW is faster. \"CIs disjoint\" marks a pair whose criterion 95% \
         confidence intervals do not overlap; \"other code path\" a pair that ran different code \
         (OLD / NEW), whose ratio compares the paths, not a change to one. Times from different machines or compilers (see \
         above) compare the machines as much as the code; instruction counts depend on the \
         compiler, not the machine.\n",
    );
    s
}

/// `dir` as it is written in the output: relative to the workspace where it lies inside.
fn shown(dir: &Path) -> String {
    workspace::relative(dir)
        .to_string_lossy()
        .trim_end_matches('/')
        .to_string()
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let old = report::load(&args.old)?;
    let new = report::load(&args.new)?;
    let (both, _, _) = workloads(&old.rows, &new.rows);
    if both.is_empty() {
        bail!(
            "{} and {} share no workload, so there is nothing to compare: OLD timed {}, NEW timed {}",
            args.old.display(),
            args.new.display(),
            games(&old.rows, |_| true),
            games(&new.rows, |_| true)
        );
    }
    if args.csv {
        let mut w = csv::Writer::from_writer(std::io::stdout().lock());
        for l in lines(&old.rows, &new.rows)
            .into_iter()
            .filter(|l| both.contains(&l.workload))
        {
            w.serialize(l).context("writing to standard output")?;
        }
        w.flush().context("writing to standard output")?;
        return Ok(ExitCode::SUCCESS);
    }
    let text = markdown(&old, &new, &shown(&args.old), &shown(&args.new));
    outln!("{text}")?;
    Ok(ExitCode::SUCCESS)
}
