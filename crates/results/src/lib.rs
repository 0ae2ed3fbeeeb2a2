//! The lab's results record: what a run writes and what every reader of a
//! run reads, in one crate.
//!
//! A run (`cargo xtask bench`) checks every contender, then times them in
//! interleaved rounds: each round times one *turn* of every contender of a
//! workload, in a seeded order, over one warm block of hands. A contender
//! is anything timed: the lab's evaluators, the Rust crates it measures
//! against, and the *engines*, the evaluators people use in C, Python and
//! JavaScript. All go through the same rounds and the same estimator, and
//! land in the same files:
//!
//! | file | type | what |
//! |---|---|---|
//! | `rounds.csv` | [`Turn`] | every turn of every contender |
//! | `results.csv` | [`Row`] | one row per contender and workload: the published figure, its ratios, its floor, its language and model |
//! | `checks.csv` | [`CheckRow`] | every check made before the timing: the lab's evaluators, the listings' known errors, each engine in each model |
//!
//! The figures are derived from the turns whenever a run is read
//! ([`estimate`]), so every run, old or new, is read with one estimator,
//! and a `results.csv` that disagrees with its `rounds.csv` is refused.
//! Runs made before this record (an `engines.csv` timed apart, an
//! `engines-check.csv`, a `listings.csv`) are read by [`legacy`].
//!
//! ```
//! use handeval_results::{Row, Turn, Workload, estimate};
//!
//! // Two contenders over three rounds; the machine slowed the second
//! // round for both.
//! let turns: Vec<Turn> = [("a", 2.0), ("b", 4.0), ("a", 3.0), ("b", 6.0), ("a", 2.1), ("b", 4.1)]
//!     .iter()
//!     .enumerate()
//!     .map(|(i, &(name, ns))| Turn {
//!         workload: Workload::HEADLINE,
//!         evaluator: name.to_string(),
//!         round: i / 2,
//!         ns_per_hand: ns,
//!         block: None,
//!         passes: None,
//!         median_pass_ns: None,
//!         hands: None,
//!     })
//!     .collect();
//! let u = estimate::Undisturbed::of(&turns, Workload::HEADLINE, "b").unwrap();
//! // Its fastest turn is published; one turn was disturbed.
//! assert_eq!((u.ns, u.disturbed, u.turns), (4.0, 1, 3));
//! let stats = estimate::ratio_stats(&turns, Workload::HEADLINE, "b", "a").unwrap();
//! assert_eq!(stats.median, 2.0);
//! # let _ = Row::new("a", Workload::HEADLINE);
//! ```

pub mod check;
pub mod csvio;
pub mod estimate;
pub mod language;
pub mod legacy;
pub mod row;
pub mod turn;
pub mod workload;

use std::path::Path;

use anyhow::{Result, bail};

pub use check::CheckRow;
pub use language::Language;
pub use row::{Row, Timer};
pub use turn::Turn;
pub use workload::{Input, Kind, Load, Order, Workload};

/// A run's rows, one per contender and workload.
pub const RESULTS: &str = "results.csv";
/// A run's turns in the interleaved rounds.
pub const ROUNDS: &str = "rounds.csv";
/// A run's checks.
pub const CHECKS: &str = "checks.csv";

/// A run's files, read and held to each other.
#[derive(Debug, Default)]
pub struct Files {
    /// `results.csv` (and an older run's engines, timed apart).
    pub rows: Vec<Row>,
    /// `rounds.csv`; empty for runs made before the rounds.
    pub turns: Vec<Turn>,
    /// `checks.csv`, or an older run's checks of engines and listings.
    pub checks: Vec<CheckRow>,
}

/// Every turn of `rounds.csv` times a row of `results.csv` (the floor's
/// bare loop is timed beside the floor's row).
fn every_turn_has_its_row(
    turns: &[Turn],
    rows: &[Row],
    rounds_path: &Path,
    results_path: &Path,
) -> Result<()> {
    // A set of the rows, not a search of them per turn: a run holds tens
    // of thousands of turns and hundreds of rows, and the search took
    // most of `compare`'s time.
    let timed: std::collections::HashSet<(Workload, &str)> = rows
        .iter()
        .map(|r| (r.workload, r.evaluator.as_str()))
        .collect();
    let row_of = |t: &Turn| {
        let name = t
            .evaluator
            .strip_suffix(" (bare loop)")
            .unwrap_or(&t.evaluator);
        timed.contains(&(t.workload, name))
    };
    if let Some(t) = turns.iter().find(|t| !row_of(t)) {
        bail!(
            "{} times {} on {}, and {} has no row of it: is {} cut short?",
            rounds_path.display(),
            t.evaluator,
            t.workload,
            results_path.display(),
            results_path.display()
        );
    }
    Ok(())
}

/// Reads the run in `dir`: its rows, turns and checks, each file strictly
/// (see [`row::read_rows`], [`turn::read`], [`check::read`],
/// [`legacy::read`]), then held to each other: every turn has its row,
/// every row that publishes the rounds' figures has its turns (as many
/// rounds as it says, and the median turn it says), and every engine timed
/// in the rounds has a check that passed. `describe` fills in what the
/// registry declares about a row (an older file's roles and families, an
/// outside evaluator's tables), and `listed` names the engines
/// `machine.txt` says the run installed.
///
/// # Errors
/// The first file or line that does not hold, named.
pub fn read(dir: &Path, listed: &[String], describe: &dyn Fn(&mut Row)) -> Result<Files> {
    let rounds_path = dir.join(ROUNDS);
    let results_path = dir.join(RESULTS);
    let turns = turn::read(&rounds_path)?;
    let mut rows = row::read_rows(&results_path)?;
    for r in &mut rows {
        describe(r);
    }
    let claimed: Vec<Option<usize>> = rows.iter().map(|r| r.rounds).collect();
    if let Some(turns) = &turns {
        every_turn_has_its_row(turns, &rows, &rounds_path, &results_path)?;
    } else if let Some((i, r)) = rows
        .iter()
        .enumerate()
        .find(|(_, r)| r.rounds.is_some() || r.ratio_q1.is_some() || r.ns_from == Timer::Rounds)
    {
        bail!(
            "{}: line {}: {} on {} gives figures from {} interleaved rounds, and {} is missing",
            results_path.display(),
            i + 2,
            r.evaluator,
            r.workload,
            r.rounds
                .map_or_else(|| "the".to_string(), |n| n.to_string()),
            rounds_path.display()
        );
    }
    let older = legacy::read(dir, listed)?;
    let new_checks = check::read(&dir.join(CHECKS))?;
    if !new_checks.is_empty() && !older.checks.is_empty() {
        bail!(
            "{} holds {} beside an older run's checks ({} or {}): one run, one record",
            dir.display(),
            CHECKS,
            legacy::ENGINE_CHECKS,
            legacy::LISTINGS
        );
    }
    let count = rows.len();
    rows.extend(older.rows);
    let turns = turns.unwrap_or_default();
    estimate::derive_columns(&mut rows, &turns)?;
    // Without rounds.csv no row claims rounds (refused above).
    for (i, (r, claimed)) in rows[..count].iter().zip(claimed).enumerate() {
        if let Some(n) = claimed
            && r.rounds != Some(n)
        {
            bail!(
                "{}: line {}: {} on {} gives a ratio over {n} interleaved rounds, and {} holds {}",
                results_path.display(),
                i + 2,
                r.evaluator,
                r.workload,
                rounds_path.display(),
                r.rounds
                    .map_or_else(|| "none of them".to_string(), |m| m.to_string())
            );
        }
    }
    let mut checks = new_checks;
    checks.extend(older.checks);
    // An engine in the rounds was checked before it was timed, in the
    // same run, and passed.
    for r in rows[..count]
        .iter()
        .filter(|r| r.language != Language::Rust && !r.is_floor() && !r.order.is_pattern())
    {
        if !checks
            .iter()
            .any(|c| c.evaluator == r.evaluator && c.game == r.workload.game().id && c.passed())
        {
            bail!(
                "{}: {} is timed on {} and {} holds no check of it on {} that passed",
                results_path.display(),
                r.evaluator,
                r.workload,
                dir.join(CHECKS).display(),
                r.workload.game().id
            );
        }
    }
    Ok(Files {
        rows,
        turns,
        checks,
    })
}
