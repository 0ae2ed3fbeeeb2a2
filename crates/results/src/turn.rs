//! `rounds.csv`: every contender's turn in every interleaved round, the
//! lab's evaluators and the engines alike; the one type the benchmark
//! binary writes and the report reads.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::workload::Workload;

/// One contender's turn in one interleaved round: a line of `rounds.csv`.
///
/// A turn is one untimed pass over a warm block, then passes timed one by
/// one; its time is its fastest pass's (see [`crate::estimate`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// The workload.
    pub workload: Workload,
    /// The contender: an evaluator's name, the floor's bare loop, or an
    /// engine in one model (`py/eval7/call`).
    pub evaluator: String,
    /// The round, from 0.
    pub round: usize,
    /// Nanoseconds per hand of the turn's fastest pass: the turn's time.
    pub ns_per_hand: f64,
    /// The block the round passed over (absent in older runs).
    #[serde(default)]
    pub block: Option<usize>,
    /// Timed passes in the turn (absent in older runs).
    #[serde(default)]
    pub passes: Option<usize>,
    /// Nanoseconds per hand of the turn's median pass (absent in older runs).
    #[serde(default)]
    pub median_pass_ns: Option<f64>,
    /// Hands a pass covered, where fewer than the workload's block (an
    /// engine too slow to pass over a whole block in a turn); empty when
    /// the whole block.
    #[serde(default)]
    pub hands: Option<usize>,
}

/// The header of `rounds.csv`, in the order its writer writes the columns.
pub const CSV_HEADER: &str =
    "workload,evaluator,round,ns_per_hand,block,passes,median_pass_ns,hands";

/// Writes turns as CSV lines under [`CSV_HEADER`] (written first if
/// `header`), by the csv crate, which [`read`] reads with too: a
/// contender's name with a comma is quoted, not split.
///
/// # Errors
/// When the writer fails.
pub fn write(out: &mut impl Write, turns: &[Turn], header: bool) -> std::io::Result<()> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    if header {
        w.write_record(CSV_HEADER.split(','))?;
    }
    for t in turns {
        w.write_record([
            t.workload.to_string(),
            t.evaluator.clone(),
            t.round.to_string(),
            t.ns_per_hand.to_string(),
            t.block.map_or_else(String::new, |b| b.to_string()),
            t.passes.map_or_else(String::new, |p| p.to_string()),
            t.median_pass_ns.map_or_else(String::new, |m| m.to_string()),
            t.hands.map_or_else(String::new, |h| h.to_string()),
        ])?;
    }
    w.flush()
}

/// Reads `rounds.csv`; `None` if the file is absent (runs made before the
/// rounds, and runs whose every row is criterion's).
///
/// Strict: an empty file, a file cut inside its last line (no final
/// newline: a copy or a write stopped short, whose last number may have
/// lost digits), a header with no turns, a time that is not finite and
/// positive, a median pass faster than the turn's fastest, and a turn
/// given twice are refused, naming the file and the line.
///
/// # Errors
/// As above.
pub fn read(path: &Path) -> Result<Option<Vec<Turn>>> {
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if text.is_empty() {
        bail!(
            "{}: empty: a run's rounds.csv holds a header and a line per turn",
            path.display()
        );
    }
    if !text.ends_with(b"\n") {
        bail!(
            "{}: cut short: its last line has no end, so its last figure may have lost digits",
            path.display()
        );
    }
    let mut reader = csv::Reader::from_reader(text.as_slice());
    let mut turns: Vec<Turn> = Vec::new();
    let mut seen = HashMap::with_capacity(text.len() / 64);
    for (i, t) in reader.deserialize::<Turn>().enumerate() {
        let line = i + 2;
        let t = t.with_context(|| format!("{}: line {line}", path.display()))?;
        if !(t.ns_per_hand.is_finite() && t.ns_per_hand > 0.0) {
            bail!(
                "{}: line {line}: column ns_per_hand is {}: times must be finite and positive",
                path.display(),
                t.ns_per_hand
            );
        }
        // A turn's median pass is one of its passes, never faster than
        // its fastest (a third of the digits lost, or an edited file).
        if let Some(m) = t.median_pass_ns
            && !(m.is_finite() && m >= t.ns_per_hand)
        {
            bail!(
                "{}: line {line}: column median_pass_ns is {m}, below the turn's fastest pass {}",
                path.display(),
                t.ns_per_hand
            );
        }
        if let Some(first) = seen.insert((t.workload, t.evaluator.clone(), t.round), line) {
            bail!(
                "{}: line {line}: a second turn of {} on {} in round {} (the first is line {first})",
                path.display(),
                t.evaluator,
                t.workload,
                t.round
            );
        }
        turns.push(t);
    }
    if turns.is_empty() {
        bail!("{}: a header and no turns", path.display());
    }
    Ok(Some(turns))
}
