//! `cargo xtask report`: re-render `report.md` and the charts of a results
//! directory from its `results.csv`, `rounds.csv` and `machine.txt`.
//!
//! One module per job: [`schema`] reads and writes `results.csv`,
//! [`markdown`] writes the tables, [`chart`] draws the chart, and [`readme`]
//! splices generated sections into the README.

pub mod answer;
pub mod chart;
pub mod engines;
pub mod format;
pub mod markdown;
pub mod readme;
pub mod schema;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
pub use schema::{CheckRow, Row};

use crate::machine::Machine;
use handeval_benches::Workload;
use handeval_core::{GameInfo, Hand};

#[derive(clap::Args)]
pub struct Args {
    /// A directory written by `cargo xtask bench`.
    dir: PathBuf,
}

pub use handeval_results::{CHECKS, RESULTS, ROUNDS};

/// The charts a report may have: file name, workload, title. The
/// five-card one is of the headline workload, from each evaluator's own
/// encoding; every other game's of its full strength from cards (a Hi-Lo
/// game's of its low).
fn charts() -> Vec<(String, Workload, String)> {
    let mut charts = vec![(
        "chart.svg".to_string(),
        Workload::HEADLINE,
        "Five cards, full strength from the encoding".to_string(),
    )];
    for game in handeval_results::workload::games() {
        if game == GameInfo::of::<Hand>() {
            continue;
        }
        let workload = Workload::of(game)[0];
        charts.push((
            markdown::chart_file(game),
            workload,
            format!("{}, {} from cards", game.title, workload.kind.words()),
        ));
    }
    charts
}

/// Writes `report.md`, `chart.svg` and, for runs with rows of other games,
/// their charts (`chart-seven.svg`) into `dir`. The charts are drawn first,
/// into scratch files, so that a failure leaves the old report as it was.
///
/// `name` is the run's published folder name, which the citation gives,
/// and `location` where its data is, as [`markdown::data_location`] says
/// it. Returns the names of the files written.
pub fn write_rendered(dir: &Path, run: &Run, name: &str, location: &str) -> Result<Vec<String>> {
    let mut drawn = Vec::new();
    for (file, workload, title) in charts() {
        let scratch = dir.join(format!(".{file}.tmp"));
        match chart::render(&run.rows, &scratch, &run.machine, workload, &title) {
            Ok(true) => drawn.push((scratch, file)),
            Ok(false) => {}
            Err(e) => {
                let _ = fs::remove_file(&scratch);
                for (s, _) in &drawn {
                    let _ = fs::remove_file(s);
                }
                return Err(e.context(format!("drawing {}", dir.join(&file).display())));
            }
        }
    }
    let report = dir.join("report.md");
    fs::write(&report, markdown::render(run, name, location))
        .with_context(|| format!("writing {}", report.display()))?;
    let mut written = vec!["report.md".to_string()];
    for (scratch, file) in drawn {
        let path = dir.join(&file);
        fs::rename(&scratch, &path).with_context(|| format!("writing {}", path.display()))?;
        written.push(file);
    }
    Ok(written)
}

/// A results directory, read back.
pub struct Run {
    /// `results.csv`: every contender, the lab's and the engines' (an
    /// older run's engines, timed apart, among them).
    pub rows: Vec<Row>,
    /// `machine.txt`.
    pub machine: Machine,
    /// `rounds.csv`, empty in runs that have none.
    pub turns: Vec<schema::Turn>,
    /// `checks.csv`: the lab's evaluators, the listings and the engines
    /// (an older run's `listings.csv` and `engines-check.csv`).
    pub checks: Vec<CheckRow>,
}

impl Run {
    /// `machine.txt`'s line on instruction counts, with a note where it
    /// describes a five-card sample that no five-card row was counted on:
    /// runs limited to other games before 32f8653 (a20a919) recorded the
    /// full run's line, and are read, not rewritten.
    pub fn counts_recorded(&self) -> String {
        let mut counts = self.machine.instruction_counts.clone();
        let five = GameInfo::of::<Hand>();
        let counted_five = self
            .rows
            .iter()
            .any(|r| r.workload.game() == five && r.instructions.is_some());
        if counts.contains("hands of five cards") && !counted_five {
            counts.push_str(" (as recorded: this run counted no five-card hand)");
        }
        counts
    }
}

/// Reads a results directory: its machine, then its record, held to
/// each other (the engines `machine.txt` lists must be in the record).
pub fn load(dir: &Path) -> Result<Run> {
    // The record first: a folder that is no run is named by its results.
    let results = dir.join(RESULTS);
    if !results.is_file() {
        anyhow::bail!(
            "{}: no such file: {} is not a run's folder",
            results.display(),
            dir.display()
        );
    }
    let machine = Machine::read(dir)?;
    let files = handeval_results::read(dir, &machine.engines_listed(), &schema::describer())?;
    Ok(Run {
        rows: files.rows,
        machine,
        turns: files.turns,
        checks: files.checks,
    })
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let run = load(&args.dir)?;
    let name = args
        .dir
        .canonicalize()
        .ok()
        .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let location = markdown::data_location(&args.dir, &name);
    let written = write_rendered(&args.dir, &run, &name, &location)?;
    outln!(
        "re-rendered in {}: {}",
        args.dir.display(),
        written.join(", ")
    )?;
    Ok(ExitCode::SUCCESS)
}
