//! `checks.csv`: every check a run made before it timed anything, in one
//! record: the lab's evaluators over every five-card hand, the published
//! listings against their known errors, and each engine in each model on
//! each game it plays (over every hand, or a seeded sample and every
//! pitfall hand).

use std::path::Path;

use anyhow::{Result, bail};
use handeval_core::Role;
use serde::{Deserialize, Serialize};

use crate::language::Language;

/// One contender's check on one game: a line of `checks.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckRow {
    /// The contender, named as in `results.csv` (an engine with its
    /// model: `py/eval7/call`).
    pub evaluator: String,
    /// Its role (a listing's check holds it to its known errors).
    #[serde(with = "crate::row::role_column")]
    pub role: Option<Role>,
    /// Its language.
    pub language: Language,
    /// An engine's package and version as installed; empty for the lab's.
    pub version: String,
    /// The game's id.
    pub game: String,
    /// The model whose function was checked (engines); empty for the lab's.
    pub model: String,
    /// `every hand`, `sample` (seeded, with every pitfall hand) or `every
    /// entry` (a table compared entry for entry).
    pub coverage: String,
    /// Hands evaluated.
    pub evaluated: u64,
    /// Hands they stand for (Omaha's enumeration weighs each hand); for a
    /// table compared `every entry` (RayW's), the entries compared, which
    /// the hands walked through it (`evaluated`) outnumber.
    pub hands: u64,
    /// Hands ordered unlike the reference (a listing: the hands it
    /// misorders, which must be exactly its known errors).
    pub disagreements: u64,
    /// Hands in another category than the reference's, where the
    /// contender names categories (the lab's evaluators); empty for an
    /// engine, whose values are only an order.
    pub wrong_category: Option<u64>,
    /// Classes on its scale, in order (distinct values).
    pub classes: usize,
    /// Seconds the check took.
    pub seconds: f64,
    /// Seconds a check over every hand was foreseen to take (on all cores).
    pub foreseen_every_s: Option<f64>,
    /// The first disagreeing hands, `;`-separated.
    pub examples: String,
    /// Why it could not be checked (empty when it was).
    pub error: String,
    /// When the check was made: `this run`, or, for an engine at a pinned
    /// version whose check is kept, the run or date it was made in.
    #[serde(default)]
    pub checked: String,
    /// What the contender is, in one line.
    #[serde(default)]
    pub summary: String,
}

impl CheckRow {
    /// A check of `evaluator` on `game` with nothing counted yet.
    pub fn new(evaluator: &str, game: &str) -> CheckRow {
        CheckRow {
            evaluator: evaluator.to_string(),
            role: None,
            language: Language::Rust,
            version: String::new(),
            game: game.to_string(),
            model: String::new(),
            coverage: String::new(),
            evaluated: 0,
            hands: 0,
            disagreements: 0,
            wrong_category: None,
            classes: 0,
            seconds: 0.0,
            foreseen_every_s: None,
            examples: String::new(),
            error: String::new(),
            checked: String::from("this run"),
            summary: String::new(),
        }
    }

    /// Whether the check passed: it ran, and nothing disagreed (a
    /// listing's known errors are held by the differential check itself,
    /// which refuses a run whose listing strays from them).
    pub fn passed(&self) -> bool {
        self.error.is_empty()
            && (self.role == Some(Role::Listing)
                || (self.disagreements == 0 && self.wrong_category.unwrap_or(0) == 0))
    }
}

/// Checks one row: counts that fit each other, finite non-negative seconds.
///
/// # Errors
/// Naming the column.
pub fn validate(c: &CheckRow) -> Result<()> {
    if !(c.seconds.is_finite() && c.seconds >= 0.0) {
        bail!(
            "column seconds of {} on {} is {}: a duration is finite and not negative",
            c.evaluator,
            c.game,
            c.seconds
        );
    }
    let entries = c.coverage == "every entry";
    if c.error.is_empty() {
        if c.evaluated == 0 || (c.hands < c.evaluated && !entries) {
            bail!(
                "{} on {}: {} hands evaluated standing for {}: a check evaluates hands, each standing for at least one",
                c.evaluator,
                c.game,
                c.evaluated,
                c.hands
            );
        }
        if c.disagreements > c.hands || c.wrong_category.is_some_and(|w| w > c.hands) {
            bail!(
                "{} on {}: more hands disagreeing than the {} checked",
                c.evaluator,
                c.game,
                c.hands
            );
        }
    }
    if let Some(f) = c.foreseen_every_s
        && !(f.is_finite() && f >= 0.0)
    {
        bail!(
            "column foreseen_every_s of {} on {} is {f}",
            c.evaluator,
            c.game
        );
    }
    Ok(())
}

/// Writes the checks to `path` (whole, or not at all).
///
/// # Errors
/// A file that cannot be written.
pub fn write(path: &Path, checks: &[CheckRow]) -> Result<()> {
    crate::csvio::write(path, checks)
}

/// Reads `path`'s checks, validated line by line; none if absent.
///
/// # Errors
/// The first bad line, by number.
pub fn read(path: &Path) -> Result<Vec<CheckRow>> {
    crate::csvio::read(path, true, validate)
}
