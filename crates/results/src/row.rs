//! `results.csv`: one row per contender and workload (the lab's
//! evaluators, the Rust crates it measures against, and the engines of
//! every language), its strict schema, and the columns derived from the
//! measured ones ([`crate::estimate`]).

use std::path::Path;

use anyhow::{Result, bail};
use handeval_core::Role;
use serde::{Deserialize, Serialize};

use crate::language::Language;
use crate::turn::Turn;
use crate::workload::{Input, Kind, Order, Workload};

/// One contender on one workload: a line of `results.csv`.
///
/// Columns added after the first runs default to empty when an older file
/// lacks them; [`read`]'s `describe` fills what the registry declares.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The contender's name: an evaluator's (`deadhorse/seven-simd`), or
    /// an engine's in one model (`c/ompeval/batch`, `py/eval7/call`).
    pub evaluator: String,
    /// Its family's name (an engine's: the engine's name).
    #[serde(default)]
    pub family: String,
    /// Its role; `None` for an evaluator the registry no longer has.
    #[serde(default, with = "role_column")]
    pub role: Option<Role>,
    /// The variant it was derived from, or empty.
    #[serde(default)]
    pub derived_from: String,
    /// The language it runs in (older files: Rust, all they held).
    #[serde(default)]
    pub language: Language,
    /// How an engine's users hand it cards: `call` (one hand a call) or
    /// `batch`; empty for the lab's evaluators and the Rust crates.
    #[serde(default)]
    pub model: String,
    /// An engine's package as installed: name, version and how it was
    /// built (`pokerfast 0.2.0, PyPI sdist built by pip with -O3
    /// -march=native`); empty for the lab's own and the Rust crates, whose
    /// versions the commit's `Cargo.lock` pins.
    #[serde(default)]
    pub package: String,
    /// `kind/order/input`, e.g. `strength/shuffled/encoded`.
    pub workload: Workload,
    /// The workload's parts again, one per column, for spreadsheets.
    pub kind: Kind,
    /// See `kind`.
    pub order: Order,
    /// See `kind`.
    pub input: Input,
    /// The published time per hand. Where the row was in the interleaved
    /// rounds, its *undisturbed* time: the fastest of its turns (see
    /// [`crate::estimate::Undisturbed`]); else criterion's median. Written
    /// as `median_ns` by runs made before the estimator was chosen; a run
    /// is always read afresh from its `rounds.csv`, so an older run gets
    /// the same estimator.
    #[serde(alias = "median_ns")]
    pub ns: f64,
    /// The low end of the turns' interval: the first quartile of the
    /// turns where the rounds published it, the lower bound of criterion's
    /// 95% confidence interval where criterion did.
    pub ci_low_ns: f64,
    /// The high end: the third quartile, or criterion's upper bound.
    pub ci_high_ns: f64,
    /// Millions of hands per second at the published time.
    pub mhands_per_s: f64,
    /// Instructions per hand over the fixed shuffled sample (empty without valgrind).
    pub instructions: Option<f64>,
    /// The same, less the floor's.
    pub instructions_minus_floor: Option<f64>,
    /// Time over the fastest contender's (the floors excluded) in this workload.
    pub ratio_to_fastest: f64,
    /// The baseline of this row's ratio: for a contender called
    /// in-process (Rust, C), the fastest outside evaluator called
    /// in-process, whatever its language; for a runner's (Python,
    /// JavaScript), the fastest outside engine of its own language.
    #[serde(default)]
    pub baseline: String,
    /// Time over the baseline's in this workload: the ratio of the two
    /// published times (`ns`), undisturbed over undisturbed where the run
    /// has rounds.
    // Runs written before the baseline was chosen by role name this column after it.
    #[serde(alias = "ratio_to_pokers")]
    pub ratio_to_baseline: Option<f64>,
    /// The median over the interleaved rounds of the ratio within each
    /// round: the mixture of the machine's states (empty without rounds).
    #[serde(default)]
    pub ratio_median: Option<f64>,
    /// The first and third quartiles of the per-round ratios (empty without rounds).
    #[serde(default)]
    pub ratio_q1: Option<f64>,
    /// See `ratio_q1`.
    #[serde(default)]
    pub ratio_q3: Option<f64>,
    /// How many interleaved rounds timed both the row and the baseline
    /// (empty without rounds).
    #[serde(default)]
    pub rounds: Option<usize>,
    /// How many of the row's turns were disturbed: slower than its fastest
    /// by more than [`crate::estimate::DISTURBED_ABOVE`] (empty without rounds).
    #[serde(default)]
    pub disturbed: Option<usize>,
    /// How many turns the rounds timed of this row (empty without rounds).
    #[serde(default)]
    pub turns: Option<usize>,
    /// On a contended workload: the time over the same evaluator's on the
    /// quiet twin of the workload (empty elsewhere).
    #[serde(default)]
    pub slowdown: Option<f64>,
    /// Bytes of lookup tables the evaluation reads.
    pub table_bytes: usize,
    /// Bytes of the per-card table the encoding from cards reads.
    #[serde(default)]
    pub card_table_bytes: usize,
    /// Which code path its loops took on the machine (empty in older runs).
    #[serde(default)]
    pub cpu_path: String,
    /// Which timer `ns` is from (older files: criterion).
    #[serde(default)]
    pub ns_from: Timer,
    /// Criterion's median time per hand (older files: `median_ns`).
    #[serde(default)]
    pub criterion_ns: Option<f64>,
    /// The median over the interleaved rounds of the contender's turns,
    /// per hand; empty for a row that was not in the rounds.
    #[serde(default)]
    pub rounds_ns: Option<f64>,
    /// Whether criterion's and the rounds' medians differ by more than
    /// [`crate::estimate::TIMERS_AGREE_WITHIN`]: derived from the two
    /// whenever a run is read.
    #[serde(default)]
    pub timers_differ: bool,
    /// Hands a timed pass of an engine covers, where fewer than the
    /// workload's block (an engine too slow to pass over a whole block in a
    /// turn passes over the block's first hands); empty otherwise.
    #[serde(default)]
    pub hands_per_pass: Option<usize>,
    /// The published time of the row's floor: its language's floor in the
    /// same model (the lab's `null` for Rust); empty for a floor itself.
    #[serde(default)]
    pub floor_ns: Option<f64>,
    /// The form the evaluator took part in an access pattern with (its
    /// declared incremental or showdown form, or the lab's own: `by
    /// classes`, `from scratch`); empty on the streams of hands.
    #[serde(default)]
    pub form: String,
    /// Why the evaluator did not run natively here, if it did not.
    pub note: String,
    /// One line on what the contender is.
    pub summary: String,
}

/// The timer a published figure comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Timer {
    /// Criterion's median: rows not in the rounds, and every row of runs
    /// made before the rounds timed turns.
    #[default]
    Criterion,
    /// The interleaved rounds: the fastest turn.
    Rounds,
    /// A phase of its own after the rounds, with its own seven turns: how
    /// runs before the one record timed engines (their `engines.csv`).
    /// Such a figure was taken minutes from the rounds', so it is no
    /// baseline and has no ratio to one.
    Engines,
}

/// A role as its id in CSV; empty when unknown.
pub(crate) mod role_column {
    use handeval_core::Role;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    #[allow(
        clippy::ref_option,
        clippy::trivially_copy_pass_by_ref,
        reason = "serde's `with` passes a reference"
    )]
    pub fn serialize<S: Serializer>(role: &Option<Role>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(role.map_or("", Role::id))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Role>, D::Error> {
        let id = String::deserialize(d)?;
        if id.is_empty() {
            return Ok(None);
        }
        id.parse()
            .map(Some)
            .map_err(|e| D::Error::custom(format!("{e}: {id:?}")))
    }
}

impl Row {
    /// A row of `evaluator` on `workload` with nothing measured yet: the
    /// measured columns are set by [`Row::measured`], the derived ones by
    /// [`crate::estimate::derive_columns`].
    pub fn new(evaluator: &str, workload: Workload) -> Row {
        Row {
            evaluator: evaluator.to_string(),
            family: String::new(),
            role: None,
            derived_from: String::new(),
            language: Language::Rust,
            model: String::new(),
            package: String::new(),
            workload,
            kind: workload.kind,
            order: workload.order,
            input: workload.input,
            ns: 0.0,
            ci_low_ns: 0.0,
            ci_high_ns: 0.0,
            mhands_per_s: 0.0,
            instructions: None,
            instructions_minus_floor: None,
            ratio_to_fastest: 0.0,
            baseline: String::new(),
            ratio_to_baseline: None,
            ratio_median: None,
            ratio_q1: None,
            ratio_q3: None,
            rounds: None,
            disturbed: None,
            turns: None,
            slowdown: None,
            table_bytes: 0,
            card_table_bytes: 0,
            cpu_path: String::new(),
            ns_from: Timer::Criterion,
            criterion_ns: None,
            rounds_ns: None,
            timers_differ: false,
            hands_per_pass: None,
            floor_ns: None,
            form: String::new(),
            note: String::new(),
            summary: String::new(),
        }
    }

    /// Whether this row is a floor (the lab's, or a language's).
    pub fn is_floor(&self) -> bool {
        self.role == Some(Role::Floor)
    }

    /// Whether this row is an outside evaluator: a candidate for the
    /// baseline of its kind (never the lab's own, never a floor).
    pub fn is_outside(&self) -> bool {
        self.role == Some(Role::Baseline)
    }

    /// Whether the row was timed in the same interleaved rounds as the
    /// rest of its workload (or, in runs before the rounds, by the same
    /// criterion benchmarks): only such rows are compared with each other.
    pub fn in_one_measurement(&self) -> bool {
        self.ns_from != Timer::Engines
    }

    /// The engine this row times, without its model (`c/ompeval` of
    /// `c/ompeval/batch`); the evaluator's name for a row of the lab's.
    pub fn engine(&self) -> &str {
        if self.model.is_empty() {
            return &self.evaluator;
        }
        self.evaluator
            .strip_suffix(&self.model)
            .and_then(|e| e.strip_suffix('/'))
            .unwrap_or(&self.evaluator)
    }

    /// The row's measured columns from the rounds' turns of its name,
    /// where it was in them, and criterion's median and interval (ns per
    /// hand), where criterion timed it: the published time is the
    /// undisturbed one wherever the rounds timed it.
    ///
    /// # Errors
    /// A row that neither timer measured.
    pub fn measured(&mut self, turns: &[Turn], criterion: Option<(f64, f64, f64)>) -> Result<()> {
        let w = self.workload;
        let quartiles = crate::estimate::turn_quartiles(turns, w, &self.evaluator);
        let rounds = crate::estimate::Undisturbed::of(turns, w, &self.evaluator).map(|u| u.ns);
        let Some(ns) = rounds.or(criterion.map(|c| c.0)) else {
            bail!(
                "{w}/{}: neither criterion nor the rounds timed it",
                self.evaluator
            );
        };
        self.ns = ns;
        self.ci_low_ns = quartiles
            .map(|[q1, _, _]| q1)
            .or(criterion.map(|c| c.1))
            .unwrap_or(ns);
        self.ci_high_ns = quartiles
            .map(|[_, _, q3]| q3)
            .or(criterion.map(|c| c.2))
            .unwrap_or(ns);
        self.mhands_per_s = 1e3 / ns;
        self.ns_from = if rounds.is_some() {
            Timer::Rounds
        } else {
            Timer::Criterion
        };
        self.criterion_ns = criterion.map(|c| c.0);
        self.rounds_ns = quartiles.map(|[_, median, _]| median);
        Ok(())
    }
}

/// Checks one row: a consistent workload and finite, positive times.
///
/// # Errors
/// Naming the column and the value.
pub fn validate(r: &Row) -> Result<()> {
    let w = r.workload;
    if (w.kind, w.order, w.input) != (r.kind, r.order, r.input) {
        bail!(
            "workload {w} disagrees with its kind/order/input columns ({:?}/{:?}/{:?})",
            r.kind,
            r.order,
            r.input
        );
    }
    for (column, value) in [
        ("ns (median_ns in older runs)", r.ns),
        ("ci_low_ns", r.ci_low_ns),
        ("ci_high_ns", r.ci_high_ns),
    ] {
        if !(value.is_finite() && value > 0.0) {
            bail!(
                "column {column} of {} on {w} is {value}: times must be finite and positive",
                r.evaluator
            );
        }
    }
    if let Some(i) = r.instructions
        && !(i.is_finite() && i >= 0.0)
    {
        bail!(
            "column instructions of {} on {w} is {i}: counts must be finite and not negative",
            r.evaluator
        );
    }
    if r.language != Language::Rust && r.model.is_empty() {
        bail!(
            "{} on {w} is an engine in {} and names no model (call or batch)",
            r.evaluator,
            r.language
        );
    }
    Ok(())
}

/// Writes `rows` to `path` (whole, or not at all).
///
/// # Errors
/// A file that cannot be written.
pub fn write(path: &Path, rows: &[Row]) -> Result<()> {
    crate::csvio::write(path, rows)
}

/// Reads and validates `path`'s rows: each line a row of finite, positive
/// times, no contender twice on a workload, at least one row.
///
/// # Errors
/// The first bad line, by number.
pub fn read_rows(path: &Path) -> Result<Vec<Row>> {
    let rows: Vec<Row> = crate::csvio::read(path, false, validate)?;
    if rows.is_empty() {
        bail!("{} holds no results", path.display());
    }
    for (i, r) in rows.iter().enumerate() {
        if rows[..i]
            .iter()
            .any(|s| s.evaluator == r.evaluator && s.workload == r.workload)
        {
            bail!(
                "{}: line {}: a second row for {} on {}",
                path.display(),
                i + 2,
                r.evaluator,
                r.workload
            );
        }
    }
    Ok(rows)
}
