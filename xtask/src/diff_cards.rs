//! `cargo xtask diff --cards 6` and `--cards 7`: every registered evaluator
//! of the size against the reference, the published table and each other,
//! over every hand (20,358,520 of six cards, 133,784,560 of seven).

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Result;
use handeval_core::{BestFive, Category, HandClass, Histogram};
use handeval_difftest::cards::{HandCheck, SAMPLE_SEED, hand_at, pairwise, reference_classes};
use handeval_registry::{Size, Visit, abouts_of, visit};
use indicatif::{ProgressBar, ProgressStyle};

use crate::diff::{Args, write_matrix};
use crate::select::select_names;

/// One evaluator's outcome.
pub struct Row<H> {
    pub check: HandCheck<H>,
    pub time: Duration,
}

/// The result of a differential run over hands of `H`.
pub struct Outcome<H> {
    pub rows: Vec<Row<H>>,
    /// Seconds spent computing the reference's class of every hand.
    pub reference_time: Duration,
}

impl<H: Size> Outcome<H> {
    pub fn passed(&self) -> bool {
        self.rows.iter().all(|r| r.check.passed())
    }
}

/// The registered evaluators of `H` named in `only` (all when empty); an
/// unknown name is an error listing the registered ones.
pub fn selected_names<H: Size>(only: &[String]) -> Result<Vec<&'static str>> {
    let names = abouts_of::<H>().iter().map(|a| a.name).collect();
    select_names(names, only, &format!("{}-card evaluator", H::WORD))
}

struct Run<'a, H> {
    selected: &'a [&'a str],
    reference: &'a [u16],
    progress: &'a ProgressBar,
    rows: Vec<Row<H>>,
}

impl<H: Size> Visit<H> for Run<'_, H> {
    fn visit<E: BestFive<H>>(&mut self) {
        if !self.selected.contains(&E::NAME) {
            return;
        }
        self.progress.set_message(E::NAME);
        let start = Instant::now();
        let check = HandCheck::<H>::of::<E>(self.reference);
        self.rows.push(Row {
            check,
            time: start.elapsed(),
        });
        self.progress.inc(1);
    }
}

/// Checks the evaluators of `H` named in `only` (all when empty).
pub fn check<H: Size>(only: &[String]) -> Result<Outcome<H>> {
    let selected = selected_names::<H>(only)?;
    let progress = ProgressBar::new(selected.len() as u64 + 1).with_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{pos}}/{{len}}] {{elapsed}} checking {{msg}} over all {}-card hands",
            H::WORD
        ))
        .expect("valid template"),
    );
    progress.enable_steady_tick(Duration::from_millis(120));
    progress.set_message("the reference's class of every hand");
    let start = Instant::now();
    let reference = reference_classes::<H>();
    let reference_time = start.elapsed();
    progress.inc(1);
    let mut run = Run {
        selected: &selected,
        reference,
        progress: &progress,
        rows: Vec::new(),
    };
    visit::<H>(&mut run);
    progress.finish_and_clear();
    Ok(Outcome {
        rows: run.rows,
        reference_time,
    })
}

/// Each category: the table's count, and which evaluators' histograms
/// differ from it.
fn write_categories<H: Size>(out: &mut impl Write, outcome: &Outcome<H>) -> io::Result<()> {
    let table = Histogram::published::<H>();
    writeln!(
        out,
        "\n{:<16} {:>11} {:>8}  evaluators whose count differs",
        "category", "hands", "classes"
    )?;
    for c in Category::ALL.into_iter().rev() {
        let differ: Vec<String> = outcome
            .rows
            .iter()
            .filter(|r| r.check.exhaustive && r.check.histogram[c] != table[c])
            .map(|r| format!("{} ({})", r.check.name, r.check.histogram[c]))
            .collect();
        writeln!(
            out,
            "{:<16} {:>11} {:>8}  {}",
            c.id(),
            table[c],
            H::classes_in(c),
            if differ.is_empty() {
                "none".to_string()
            } else {
                differ.join(", ")
            }
        )?;
    }
    writeln!(
        out,
        "{:<16} {:>11} {:>8}",
        "total",
        table.total(),
        H::classes()
    )?;

    Ok(())
}

/// Writes the summary table, each category against the table, and the
/// pairwise matrix.
pub fn write_summary<H: Size>(out: &mut impl Write, outcome: &Outcome<H>) -> io::Result<()> {
    writeln!(
        out,
        "{}-card hands: {} per evaluator; the reference's classes took {:.1} s",
        H::WORD,
        H::HANDS,
        outcome.reference_time.as_secs_f64()
    )?;
    let width = outcome
        .rows
        .iter()
        .map(|r| r.check.name.len())
        .max()
        .unwrap_or(9)
        .max("evaluator".len());
    writeln!(
        out,
        "{:<width$}  {:>11}  {:>10}  {:>10}  {:>8}  {:>6}  verdict",
        "evaluator", "hands", "category", "class", "distinct", "time"
    )?;
    writeln!(
        out,
        "{:<width$}  {:>11}  {:>10}  {:>10}  {:>8}  {:>6}",
        "", "checked", "mismatches", "mismatches", "classes", "s"
    )?;
    for row in &outcome.rows {
        let c = &row.check;
        writeln!(
            out,
            "{:<width$}  {:>11}  {:>10}  {:>10}  {:>8}  {:>6.1}  {}",
            c.name,
            c.hands,
            c.category_mismatches,
            c.class_mismatches.len(),
            c.distinct,
            row.time.as_secs_f64(),
            if c.passed() { "ok" } else { "FAIL" },
        )?;
    }

    write_categories(out, outcome)?;
    for row in outcome.rows.iter().filter(|r| !r.check.passed()) {
        write!(out, "\n{}", row.check)?;
    }

    if let Some(sampled) = outcome.rows.iter().find(|r| !r.check.exhaustive) {
        writeln!(
            out,
            "\n{}: the literal best of the {} fives, on {} hands drawn with seed {SAMPLE_SEED}, against the table-driven classes every other row is checked against",
            sampled.check.name,
            H::FIVES.len(),
            sampled.check.hands
        )?;
    }
    // Exact only between checks over all hands.
    let checks: Vec<HandCheck<H>> = outcome
        .rows
        .iter()
        .filter(|r| r.check.exhaustive)
        .map(|r| r.check.clone())
        .collect();
    let matrix = pairwise(&checks);
    let names: Vec<&str> = checks.iter().map(|c| c.name).collect();
    writeln!(
        out,
        "\n{}-card hands on which each pair disagrees (class):",
        H::WORD
    )?;
    write_matrix(out, &names, &matrix)
}

/// Writes every hand on which an evaluator differs from the reference.
pub fn write_csv<H: Size>(out: impl Write, outcome: &Outcome<H>) -> Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record([
        "evaluator",
        "hand",
        "class",
        "category_of_class",
        "reference_class",
        "reference_category",
    ])?;
    let reference = reference_classes::<H>();
    let category_of = |class: u16| HandClass::new(class).map_or("unranked", |c| c.category().id());
    for row in &outcome.rows {
        for &(index, class) in &row.check.class_mismatches {
            let index = index as usize;
            let hand = hand_at::<H>(index);
            w.write_record([
                row.check.name.to_string(),
                hand.to_string(),
                class.to_string(),
                category_of(class).to_string(),
                reference[index].to_string(),
                category_of(reference[index]).to_string(),
            ])?;
        }
    }
    w.flush()?;
    Ok(())
}

/// `cargo xtask diff --cards N` for six or seven cards.
pub fn run<H: Size>(args: &Args) -> Result<ExitCode> {
    let outcome = check::<H>(&args.only)?;
    crate::diff::finish(
        args.csv,
        |out| write_csv(out, &outcome),
        |mut out| write_summary(&mut out, &outcome),
        outcome.passed(),
        &format!("{}-card evaluators", H::WORD),
    )
}
