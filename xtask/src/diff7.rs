//! `cargo xtask diff --cards 7`: every registered seven-card evaluator
//! against the seven-card reference, the table and each other, over all
//! 133,784,560 hands.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use anyhow::Result;
use handeval_core::{Category, Evaluator7, HAND7_COUNT, HandClass, Histogram, SEVEN_CARD_CLASSES};
use handeval_difftest::seven::{Check7, SAMPLE_SEED, hand_at, pairwise7, reference_classes};
use handeval_registry::{Visitor7, visit_all7};
use indicatif::{ProgressBar, ProgressStyle};

/// One seven-card evaluator's outcome.
pub struct Row7 {
    pub check: Check7,
    pub time: Duration,
}

/// The result of a seven-card differential run.
pub struct Outcome7 {
    pub rows: Vec<Row7>,
    /// Seconds spent computing the reference's class of every hand.
    pub reference_time: Duration,
}

impl Outcome7 {
    pub fn passed(&self) -> bool {
        self.rows.iter().all(|r| r.check.passed())
    }
}

/// The registered seven-card evaluators named in `only` (all when empty);
/// an unknown name is an error listing the registered ones.
pub fn selected_names7(only: &[String]) -> Result<Vec<&'static str>> {
    let names = handeval_registry::abouts7()
        .iter()
        .map(|a| a.name)
        .collect();
    crate::diff::select_names(names, only, "seven-card evaluator")
}

struct Run<'a> {
    selected: &'a [&'a str],
    reference: &'a [u16],
    progress: &'a ProgressBar,
    rows: Vec<Row7>,
}

impl Visitor7 for Run<'_> {
    fn visit<E: Evaluator7>(&mut self) {
        if !self.selected.contains(&E::NAME) {
            return;
        }
        self.progress.set_message(E::NAME);
        let start = Instant::now();
        let check = Check7::of::<E>(self.reference);
        self.rows.push(Row7 {
            check,
            time: start.elapsed(),
        });
        self.progress.inc(1);
    }
}

/// Checks the seven-card evaluators named in `only` (all when empty).
pub fn check7(only: &[String]) -> Result<Outcome7> {
    let selected = selected_names7(only)?;
    let progress = ProgressBar::new(selected.len() as u64 + 1).with_style(
        ProgressStyle::with_template(
            "{spinner} [{pos}/{len}] {elapsed} checking {msg} over all seven-card hands",
        )
        .expect("valid template"),
    );
    progress.enable_steady_tick(Duration::from_millis(120));
    progress.set_message("the reference's class of every hand");
    let start = Instant::now();
    let reference = reference_classes();
    let reference_time = start.elapsed();
    progress.inc(1);
    let mut run = Run {
        selected: &selected,
        reference,
        progress: &progress,
        rows: Vec::new(),
    };
    visit_all7(&mut run);
    progress.finish_and_clear();
    Ok(Outcome7 {
        rows: run.rows,
        reference_time,
    })
}

/// Writes the summary table, each category against the table, and the
/// pairwise matrix.
pub fn write_summary7(out: &mut impl Write, outcome: &Outcome7) -> io::Result<()> {
    writeln!(
        out,
        "seven-card hands: {HAND7_COUNT} per evaluator; the reference's classes took {:.1} s",
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

    // Each category: the table's count, and which evaluators' histograms
    // differ from it.
    let table = Histogram::all_hands7();
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
            c.seven_card_class_count(),
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
        SEVEN_CARD_CLASSES
    )?;

    for row in outcome.rows.iter().filter(|r| !r.check.passed()) {
        write!(out, "\n{}", row.check)?;
    }

    if let Some(sampled) = outcome.rows.iter().find(|r| !r.check.exhaustive) {
        writeln!(
            out,
            "\n{}: the literal best of 21, on {} hands drawn with seed {SAMPLE_SEED}, against the table-driven classes every other row is checked against",
            sampled.check.name, sampled.check.hands
        )?;
    }
    // Exact only between checks over all hands.
    let checks: Vec<Check7> = outcome
        .rows
        .iter()
        .filter(|r| r.check.exhaustive)
        .map(|r| r.check.clone())
        .collect();
    let matrix = pairwise7(&checks);
    let names: Vec<&str> = checks.iter().map(|c| c.name).collect();
    writeln!(
        out,
        "\nseven-card hands on which each pair disagrees (class):"
    )?;
    crate::diff::write_matrix(out, &names, &matrix)
}

/// Writes every seven-card hand on which an evaluator differs from the reference.
pub fn write_csv7(out: impl Write, outcome: &Outcome7) -> Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record([
        "evaluator",
        "hand",
        "class",
        "category_of_class",
        "reference_class",
        "reference_category",
    ])?;
    let reference = reference_classes();
    let category_of = |class: u16| HandClass::new(class).map_or("unranked", |c| c.category().id());
    for row in &outcome.rows {
        for &(index, class) in &row.check.class_mismatches {
            let index = index as usize;
            let hand = hand_at(index);
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
