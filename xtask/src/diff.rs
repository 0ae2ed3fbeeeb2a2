//! `cargo xtask diff`: every registered evaluator against the reference, the
//! published table and each other, over all 2,598,960 hands.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use handeval_core::Evaluator;
use handeval_difftest::{Check, Evaluation, disagreements, evaluate, hands, pairwise};
use handeval_registry::{Reference, Visitor, visit_all};
use indicatif::{ProgressBar, ProgressStyle};

use crate::select::{Cards, select_names};

#[derive(clap::Args, Default)]
pub struct Args {
    /// Check only these evaluators (comma-separated names, e.g. `subskybox/tuned,reference`).
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Print every differing hand as CSV on standard output (the summary goes to standard error).
    #[arg(long)]
    pub csv: bool,
    /// Five-card hands (2,598,960, the default), six-card (20,358,520) or
    /// seven-card hands (133,784,560, a few minutes).
    #[arg(long, value_enum, default_value_t = Cards::Five)]
    pub cards: Cards,
}

/// One evaluator's outcome.
pub struct Row {
    pub check: Check,
    pub evaluation: Evaluation,
    pub time: Duration,
}

/// The result of a differential run.
pub struct Outcome {
    pub rows: Vec<Row>,
    pub reference: Evaluation,
}

impl Outcome {
    pub fn passed(&self) -> bool {
        self.rows.iter().all(|r| r.check.passed())
    }
}

/// Visits the selected evaluators, checking each against the reference.
struct Run<'a> {
    selected: &'a [&'a str],
    reference: &'a Evaluation,
    progress: &'a ProgressBar,
    rows: Vec<Row>,
}
impl Visitor for Run<'_> {
    fn visit<E: Evaluator>(&mut self) {
        if !self.selected.contains(&E::NAME) {
            return;
        }
        self.progress.set_message(E::NAME);
        let start = Instant::now();
        let evaluation = evaluate::<E>();
        let time = start.elapsed();
        let check = Check::against_reference::<E>(&evaluation, self.reference);
        self.rows.push(Row {
            check,
            evaluation,
            time,
        });
        self.progress.inc(1);
    }
}
/// The registered evaluators named in `only` (all when empty), in registry
/// order; an unknown name is an error listing the registered ones.
pub fn selected_names(only: &[String]) -> Result<Vec<&'static str>> {
    select_names(handeval_registry::names(), only, "evaluator")
}

/// Runs the check for the evaluators named in `only` (all when empty).
pub fn check(only: &[String]) -> Result<Outcome> {
    let selected = selected_names(only)?;

    let progress = ProgressBar::new(selected.len() as u64 + 1).with_style(
        ProgressStyle::with_template("{spinner} [{pos}/{len}] checking {msg} over all hands")
            .expect("valid template"),
    );
    progress.enable_steady_tick(Duration::from_millis(120));
    progress.set_message(Reference::NAME);
    let reference = evaluate::<Reference>();
    progress.inc(1);

    let mut run = Run {
        selected: &selected,
        reference: &reference,
        progress: &progress,
        rows: Vec::new(),
    };
    visit_all(&mut run);
    let rows = run.rows;
    progress.finish_and_clear();
    Ok(Outcome { rows, reference })
}

/// Writes the summary table and the pairwise matrix.
pub fn write_summary(out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    let width = outcome
        .rows
        .iter()
        .map(|r| r.check.name.len())
        .max()
        .unwrap_or(9)
        .max("evaluator".len());
    writeln!(
        out,
        "{:<width$}  {:>9}  {:>10}  {:>10}  {:>10}  {:>8}  {:>8}  verdict",
        "evaluator", "hands", "category", "class", "misordered", "distinct", "time"
    )?;
    writeln!(
        out,
        "{:<width$}  {:>9}  {:>10}  {:>10}  {:>10}  {:>8}  {:>8}",
        "", "checked", "mismatches", "mismatches", "hands", "values", "ms"
    )?;
    for row in &outcome.rows {
        let c = &row.check;
        let verdict = match (c.passed(), c.known_errors.is_some()) {
            (true, false) => "ok",
            (true, true) => "ok: exactly its known errors",
            (false, false) => "FAIL",
            (false, true) => "FAIL: not its known errors",
        };
        writeln!(
            out,
            "{:<width$}  {:>9}  {:>10}  {:>10}  {:>10}  {:>8}  {:>8.0}  {verdict}",
            c.name,
            c.hands,
            c.category_mismatches,
            c.class_mismatches,
            c.misordered,
            c.distinct,
            row.time.as_secs_f64() * 1e3,
        )?;
    }
    let listings = listings(outcome);
    if !listings.is_empty() {
        writeln!(
            out,
            "\npublished listings (checked for exactly their known errors, never timed):"
        )?;
        for l in &listings {
            writeln!(
                out,
                "  {}: {} distinct values (7,462 when right), {} hands in the wrong category, {} hands misordered",
                l.listing, l.distinct, l.wrong_category, l.misordered
            )?;
            if !l.example.is_empty() {
                writeln!(out, "    for example {}", l.example)?;
            }
        }
    }
    for row in outcome.rows.iter().filter(|r| !r.check.passed()) {
        write!(out, "\n{}", row.check)?;
    }

    let evaluations: Vec<Evaluation> = outcome.rows.iter().map(|r| r.evaluation.clone()).collect();
    let matrix = pairwise(&evaluations);
    let names: Vec<&str> = evaluations.iter().map(|e| e.name).collect();
    writeln!(
        out,
        "\nhands on which each pair disagrees (category or class):"
    )?;
    write_matrix(out, &names, &matrix)
}

/// Writes a pairwise matrix with numbered rows and columns.
pub fn write_matrix(out: &mut impl Write, names: &[&str], matrix: &[Vec<usize>]) -> io::Result<()> {
    let labels: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("[{}] {name}", i + 1))
        .collect();
    let width = labels.iter().map(String::len).max().unwrap_or(0);
    write!(out, "{:<width$}", "")?;
    for j in 0..matrix.len() {
        write!(out, " {:>7}", format!("[{}]", j + 1))?;
    }
    writeln!(out)?;
    for (i, row) in matrix.iter().enumerate() {
        write!(out, "{:<width$}", labels[i])?;
        for (j, d) in row.iter().enumerate() {
            if i == j {
                write!(out, " {:>7}", "-")?;
            } else {
                write!(out, " {d:>7}")?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

/// A published listing's figures, as the report's table shows them.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ListingRow {
    /// The listing's name.
    pub listing: String,
    /// Where it was published, and at which commit.
    pub source: String,
    /// Distinct strength values (7,462 when right).
    pub distinct: usize,
    /// Hands whose category differs from the reference's.
    pub wrong_category: usize,
    /// Hands misordered against the reference (see `handeval_difftest::misordered`).
    pub misordered: usize,
    /// One misordered pair, in words a reader can check by hand.
    pub example: String,
}

/// The published listings among the checked evaluators, with their figures.
pub fn listings(outcome: &Outcome) -> Vec<ListingRow> {
    let hands = hands();
    let abouts = handeval_registry::abouts();
    outcome
        .rows
        .iter()
        .filter(|r| r.check.known_errors.is_some())
        .map(|r| {
            let c = &r.check;
            let e = &r.evaluation;
            let reference = &outcome.reference;
            let example = c.misordered_pair.map_or_else(String::new, |(h, g)| {
                let order = |x: u32, y: u32| match x.cmp(&y) {
                    std::cmp::Ordering::Less => "above",
                    std::cmp::Ordering::Equal => "level with",
                    std::cmp::Ordering::Greater => "below",
                };
                format!(
                    "{} ranks {} {} here (classes {} and {}), {} it in the reference (classes {} and {})",
                    hands[h],
                    order(e.classes[h], e.classes[g]),
                    hands[g],
                    e.classes[h],
                    e.classes[g],
                    order(reference.classes[h], reference.classes[g]),
                    reference.classes[h],
                    reference.classes[g],
                )
            });
            ListingRow {
                listing: c.name.to_string(),
                source: abouts
                    .iter()
                    .find(|a| a.name == c.name)
                    .map_or("", |a| a.summary)
                    .to_string(),
                distinct: c.distinct,
                wrong_category: c.category_mismatches,
                misordered: c.misordered,
                example,
            }
        })
        .collect()
}

/// Writes every hand on which an evaluator differs from the reference.
fn write_csv(out: impl Write, outcome: &Outcome) -> Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record([
        "evaluator",
        "hand",
        "category",
        "class",
        "reference_category",
        "reference_class",
    ])?;
    let hands = hands();
    for row in &outcome.rows {
        let e = &row.evaluation;
        let r = &outcome.reference;
        if row.check.known_errors.is_some() {
            // A listing's differences are its known bugs, counted above.
            continue;
        }
        for i in disagreements(e, r) {
            w.write_record([
                e.name.to_string(),
                hands[i].to_string(),
                e.categories[i].id().to_string(),
                e.classes[i].to_string(),
                r.categories[i].id().to_string(),
                r.classes[i].to_string(),
            ])?;
        }
    }
    w.flush()?;
    Ok(())
}

/// `cargo xtask diff` over five-card hands; `main` sends `--cards 6` and
/// `--cards 7` to the `diff_cards` module.
pub fn run(args: &Args) -> Result<ExitCode> {
    let outcome = check(&args.only)?;
    finish(
        args.csv,
        |out| write_csv(out, &outcome),
        |mut out| write_summary(&mut out, &outcome),
        outcome.passed(),
        "evaluators",
    )
}

/// Writes a check's outcome (the summary, or with `--csv` every differing
/// hand on standard output and the summary on standard error) and turns its
/// verdict into the exit status; `what` names the evaluators that failed.
pub fn finish(
    csv: bool,
    write_csv: impl FnOnce(io::StdoutLock<'static>) -> Result<()>,
    write_summary: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    passed: bool,
    what: &str,
) -> Result<ExitCode> {
    if csv {
        write_csv(io::stdout().lock()).context("writing to standard output")?;
        write_summary(&mut io::stderr().lock()).context("writing to standard error")?;
    } else {
        write_summary(&mut io::stdout().lock()).context("writing to standard output")?;
    }
    if passed {
        Ok(ExitCode::SUCCESS)
    } else {
        errln!("error: some {what} disagree with the reference")?;
        Ok(ExitCode::FAILURE)
    }
}
