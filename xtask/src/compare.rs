//! `cargo xtask compare OLD NEW`: two results directories side by side.
//!
//! This is how to check a change to an evaluator (two runs on one machine,
//! before and after) or to compare machines (one run on each): per workload
//! and evaluator, both medians, the ratio NEW/OLD, both instruction counts,
//! and a mark where criterion's 95% confidence intervals do not overlap.
//! The header says whether the machines, compilers and commits differ.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use handeval_benches::Workload;

use crate::report::markdown::fmt_ns;
use crate::report::{self, Row, Run, readme};
use crate::workspace;

#[derive(clap::Args)]
pub struct Args {
    /// The older results directory.
    old: PathBuf,
    /// The newer results directory.
    new: PathBuf,
    /// Print CSV instead of markdown.
    #[arg(long, conflicts_with = "readme")]
    csv: bool,
    /// Also put the comparison in the README's Comparison section.
    #[arg(long)]
    readme: bool,
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
                old_ns: o.as_ref().map(|r| r.median_ns),
                new_ns: n.as_ref().map(|r| r.median_ns),
                ratio: o
                    .as_ref()
                    .zip(n.as_ref())
                    .map(|(o, n)| n.median_ns / o.median_ns),
                old_instructions: o.as_ref().and_then(|r| r.instructions),
                new_instructions: n.as_ref().and_then(|r| r.instructions),
                disjoint,
                evaluator,
            }
        })
        .collect()
}

/// The header: the two runs' facts, and which differ.
fn header(old: &Run, new: &Run, old_dir: &str, new_dir: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "| | OLD `{old_dir}` | NEW `{new_dir}` | |");
    s.push_str("|---|---|---|---|\n");
    let (o, n) = (&old.machine, &new.machine);
    for (what, a, b) in [
        ("cpu", &o.cpu, &n.cpu),
        ("cpu id", &o.cpu_id, &n.cpu_id),
        ("cores", &o.cores, &n.cores),
        ("rustc", &o.rustc, &n.rustc),
        ("commit", &o.git, &n.git),
        ("date", &o.date, &n.date),
        ("mode", &o.mode, &n.mode),
        ("seed", &o.seed, &n.seed),
        ("target-cpu", &o.target_cpu, &n.target_cpu),
        ("measurement", &o.measurement, &n.measurement),
    ] {
        let differs = if a == b { "same" } else { "**differs**" };
        let shown = |v: &str| {
            if v.is_empty() {
                "(not recorded)".to_string()
            } else {
                v.replace('|', "/")
            }
        };
        let _ = writeln!(s, "| {what} | {} | {} | {differs} |", shown(a), shown(b));
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
    for workload in Workload::every() {
        let in_w: Vec<&Line> = lines.iter().filter(|l| l.workload == workload).collect();
        if in_w.is_empty() {
            continue;
        }
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
                if l.disjoint { "CIs disjoint" } else { "" },
                opt(l.old_instructions, |i| format!("{i:.1}")),
                opt(l.new_instructions, |i| format!("{i:.1}")),
            );
        }
    }
    s.push_str(
        "\nNEW/OLD below 1 means NEW is faster. \"CIs disjoint\" marks a pair whose criterion 95% \
         confidence intervals do not overlap. Times from different machines or compilers (see \
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
    if args.csv {
        let mut w = csv::Writer::from_writer(std::io::stdout().lock());
        for l in lines(&old.rows, &new.rows) {
            w.serialize(l).context("writing to standard output")?;
        }
        w.flush().context("writing to standard output")?;
        return Ok(ExitCode::SUCCESS);
    }
    let text = markdown(&old, &new, &shown(&args.old), &shown(&args.new));
    outln!("{text}")?;
    if args.readme {
        let path = workspace::root().join("README.md");
        readme::update(&path, readme::COMPARISON, &text)?;
        outln!("updated the Comparison section of {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}
