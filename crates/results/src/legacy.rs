//! Runs made before the one record: their `engines.csv` (engines timed in
//! a phase of their own after the rounds), `engines-check.csv` and
//! `listings.csv`, read into today's rows and checks, as strictly as
//! today's files.
//!
//! Those engine rows keep their own timer ([`Timer::Engines`]): their
//! figures were taken minutes from the rounds', so they are shown, and
//! compared with the same engine in another run, but never taken for a
//! baseline nor given a ratio to one.

use std::path::Path;

use anyhow::{Context, Result, bail};
use handeval_core::Role;
use serde::Deserialize;

use crate::check::CheckRow;
use crate::language::Language;
use crate::row::{Row, Timer};
use crate::workload::Workload;

/// The engines' times in a run before the one record.
pub const ENGINE_TIMES: &str = "engines.csv";
/// The engines' checks in a run before the one record.
pub const ENGINE_CHECKS: &str = "engines-check.csv";
/// The published listings' figures in a run before the one record.
pub const LISTINGS: &str = "listings.csv";

/// A line of an older run's `engines.csv`.
#[derive(Clone, Debug, Deserialize)]
struct TimeRow {
    engine: String,
    language: String,
    role: String,
    version: String,
    game: String,
    model: String,
    workload: String,
    hands_per_pass: usize,
    passes: usize,
    turns: usize,
    ns: f64,
    median_ns: f64,
    floor_ns: Option<f64>,
    error: String,
}

/// A line of an older run's `engines-check.csv`.
#[derive(Clone, Debug, Deserialize)]
struct OldCheck {
    engine: String,
    language: String,
    version: String,
    game: String,
    model: String,
    coverage: String,
    evaluated: u64,
    hands: u64,
    disagreements: u64,
    classes: usize,
    seconds: f64,
    foreseen_every_s: Option<f64>,
    examples: String,
    error: String,
}

/// A line of an older run's `listings.csv`.
#[derive(Clone, Debug, Deserialize)]
struct ListingRow {
    listing: String,
    source: String,
    distinct: usize,
    wrong_category: usize,
    misordered: usize,
    example: String,
}

/// A check row's name for an engine in a model: `engine/model` (RayW's
/// table, compared entry for entry, keeps its own).
fn contender(engine: &str, model: &str) -> String {
    if model == "table" {
        engine.to_string()
    } else {
        format!("{engine}/{model}")
    }
}

fn language(name: &str, what: &str) -> Result<Language> {
    name.parse()
        .map_err(|e| anyhow::anyhow!("{what}: {e}"))
        .or_else(|e| {
            // RayW's table's check row says `data`.
            if name == "data" {
                Ok(Language::JavaScript)
            } else {
                Err(e)
            }
        })
}

/// What an older run's files of engines and listings hold.
#[derive(Debug, Default)]
pub struct Older {
    /// Its engines' times as rows (timed apart from the rounds).
    pub rows: Vec<Row>,
    /// Its engines' and listings' checks, and each engine timing that
    /// failed (as a check row of coverage `timing`).
    pub checks: Vec<CheckRow>,
}

/// Reads an older run's `engines.csv`, `engines-check.csv` and
/// `listings.csv` from `dir`, each absent file none, held to each other
/// and to `listed`, the engines `machine.txt` says the run installed: a
/// run has both engines files or neither; every engine listed as
/// installed has its checks; every check that passed has its time on the
/// same game in the same model, and every time of an evaluator its check;
/// every time is finite and positive, its median turn no faster than its
/// fastest.
///
/// # Errors
/// The first thing that does not hold, naming the file.
pub fn read(dir: &Path, listed: &[String]) -> Result<Older> {
    let times_path = dir.join(ENGINE_TIMES);
    let checks_path = dir.join(ENGINE_CHECKS);
    match (times_path.exists(), checks_path.exists()) {
        (true, false) | (false, true) => {
            let (has, lacks) = if times_path.exists() {
                (&times_path, &checks_path)
            } else {
                (&checks_path, &times_path)
            };
            bail!(
                "{} is missing beside {}: a run's engines are checked and timed together",
                lacks.display(),
                has.display()
            );
        }
        _ => {}
    }
    let times: Vec<TimeRow> = crate::csvio::read(&times_path, true, valid_time)?;
    let old_checks: Vec<OldCheck> = crate::csvio::read(&checks_path, true, valid_check)?;
    held_together(&times, &old_checks, listed, (&times_path, &checks_path))?;
    let mut older = Older::default();
    convert_times(&times, &times_path, &mut older)?;
    convert_checks(old_checks, &checks_path, &mut older)?;
    let listings: Vec<ListingRow> =
        crate::csvio::read(&dir.join(LISTINGS), true, |_: &ListingRow| Ok(()))?;
    for l in listings {
        let mut row = CheckRow::new(&l.listing, "five");
        row.role = Some(Role::Listing);
        row.coverage = "every hand".to_string();
        row.evaluated = handeval_core::HAND_COUNT as u64;
        row.hands = row.evaluated;
        row.disagreements = l.misordered as u64;
        row.wrong_category = Some(l.wrong_category as u64);
        row.classes = l.distinct;
        row.examples = l.example;
        row.summary = l.source;
        older.checks.push(row);
    }
    Ok(older)
}

/// A time row of an older run: finite, positive, its median no faster
/// than its fastest, at least one turn of one pass over one hand.
fn valid_time(t: &TimeRow) -> Result<()> {
    {
        if !t.error.is_empty() {
            return Ok(());
        }
        if !(t.ns.is_finite() && t.ns > 0.0) {
            bail!(
                "column ns of {} on {} is {}: times must be finite and positive",
                t.engine,
                t.workload,
                t.ns
            );
        }
        if !(t.median_ns.is_finite() && t.median_ns >= t.ns) {
            bail!(
                "{} on {}: a median turn of {} below its fastest turn {}",
                t.engine,
                t.workload,
                t.median_ns,
                t.ns
            );
        }
        if t.turns == 0 || t.passes == 0 || t.hands_per_pass == 0 {
            bail!(
                "{} on {}: {} turns of {} passes over {} hands: a time needs at least one of each",
                t.engine,
                t.workload,
                t.turns,
                t.passes,
                t.hands_per_pass
            );
        }
        if let Some(f) = t.floor_ns
            && !(f.is_finite() && f > 0.0)
        {
            bail!("column floor_ns of {} on {} is {f}", t.engine, t.workload);
        }
        Ok(())
    }
}

/// A check row of an older run: its seconds and counts fit each other.
fn valid_check(c: &OldCheck) -> Result<()> {
    {
        if !(c.seconds.is_finite() && c.seconds >= 0.0) {
            bail!(
                "column seconds of {} on {} is {}",
                c.engine,
                c.game,
                c.seconds
            );
        }
        if c.error.is_empty() && (c.evaluated == 0 || c.disagreements > c.hands) {
            bail!(
                "{} on {}: {} evaluated, {} disagreeing of {} hands",
                c.engine,
                c.game,
                c.evaluated,
                c.disagreements,
                c.hands
            );
        }
        Ok(())
    }
}

/// The two files of an older run's engines, held to each other and to
/// the engines `machine.txt` lists.
fn held_together(
    times: &[TimeRow],
    old_checks: &[OldCheck],
    listed: &[String],
    (times_path, checks_path): (&Path, &Path),
) -> Result<()> {
    if times_path.exists() {
        for engine in listed {
            let checked = old_checks.iter().any(|c| &c.engine == engine);
            let timed = times.iter().any(|t| &t.engine == engine);
            if !checked && !timed {
                bail!(
                    "machine.txt lists the engine {engine}, and neither {} times it nor {} checks it: is a file cut short?",
                    times_path.display(),
                    checks_path.display()
                );
            }
        }
    }
    let is_count = |t: &TimeRow| {
        t.workload
            .parse::<Workload>()
            .is_ok_and(|w| w.order.is_equity())
    };
    for c in old_checks
        .iter()
        .filter(|c| c.error.is_empty() && c.model != "table")
    {
        if !times
            .iter()
            .any(|t| t.engine == c.engine && t.game == c.game && t.model == c.model)
        {
            bail!(
                "{}: {} ({}) was checked on {} and has no time there: is the file cut short?",
                times_path.display(),
                c.engine,
                c.model,
                c.game
            );
        }
    }
    for t in times.iter().filter(|t| t.role != "floor" && !is_count(t)) {
        if !old_checks
            .iter()
            .any(|c| c.engine == t.engine && c.game == t.game && c.model == t.model)
        {
            bail!(
                "{}: {} ({}) was timed on {} and has no check there: is the file cut short?",
                checks_path.display(),
                t.engine,
                t.model,
                t.game
            );
        }
    }
    Ok(())
}

/// An older run's engine times as rows (each failed one as a check row).
fn convert_times(times: &[TimeRow], times_path: &Path, older: &mut Older) -> Result<()> {
    for (i, t) in times.iter().enumerate() {
        let at = || format!("{}: line {}", times_path.display(), i + 2);
        let workload: Workload = t.workload.parse().with_context(at)?;
        let name = contender(&t.engine, &t.model);
        if !t.error.is_empty() {
            let mut c = CheckRow::new(&name, &t.game);
            c.language = language(&t.language, &at())?;
            c.model.clone_from(&t.model);
            c.version.clone_from(&t.version);
            c.coverage = "timing".to_string();
            c.error = format!("not timed on {workload}: {}", t.error);
            older.checks.push(c);
            continue;
        }
        let mut r = Row::new(&name, workload);
        r.family.clone_from(&t.engine);
        r.role = Some(match t.role.as_str() {
            "floor" => Role::Floor,
            "lab" => Role::Binding,
            _ => Role::Baseline,
        });
        r.language = language(&t.language, &at())?;
        r.model.clone_from(&t.model);
        r.package.clone_from(&t.version);
        r.ns = t.ns;
        r.ci_low_ns = t.ns;
        r.ci_high_ns = t.median_ns;
        r.mhands_per_s = 1e3 / t.ns;
        r.ns_from = Timer::Engines;
        r.rounds_ns = Some(t.median_ns);
        r.turns = Some(t.turns);
        r.hands_per_pass = Some(t.hands_per_pass);
        r.floor_ns = t.floor_ns;
        r.summary = format!(
            "timed in the engines phase: {} turns of {} passes over {} hands",
            t.turns, t.passes, t.hands_per_pass
        );
        older.rows.push(r);
    }
    Ok(())
}

/// An older run's engine checks as today's check rows.
fn convert_checks(old_checks: Vec<OldCheck>, checks_path: &Path, older: &mut Older) -> Result<()> {
    for c in old_checks {
        let mut row = CheckRow::new(&contender(&c.engine, &c.model), &c.game);
        row.language = language(&c.language, &checks_path.display().to_string())?;
        row.version = c.version;
        if c.model != "table" {
            row.model = c.model;
        }
        row.coverage = c.coverage;
        row.evaluated = c.evaluated;
        row.hands = c.hands;
        row.disagreements = c.disagreements;
        row.classes = c.classes;
        row.seconds = c.seconds;
        row.foreseen_every_s = c.foreseen_every_s;
        row.examples = c.examples;
        row.error = c.error;
        older.checks.push(row);
    }
    Ok(())
}
