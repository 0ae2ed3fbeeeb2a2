//! `results.csv`: one row per evaluator and workload, its strict schema, and
//! the columns derived from the measured ones.

use std::fs;
use std::path::Path;

use anyhow::{Context, Result, bail};
use handeval_benches::{Input, Kind, Load, Order, Workload};
use handeval_core::Role;
use handeval_registry::About;
use serde::{Deserialize, Serialize};

pub use crate::diff::ListingRow;

/// One evaluator on one workload: a line of `results.csv`.
///
/// Columns added after the first runs (`family`, `role`, `derived_from`,
/// `baseline`, `cpu_path`) default to empty when an older file lacks them, and
/// [`read`] fills the first three in from the registry by name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The evaluator's name.
    pub evaluator: String,
    /// Its family's name.
    #[serde(default)]
    pub family: String,
    /// Its role; `None` for an evaluator the registry no longer has.
    #[serde(default, with = "role_column")]
    pub role: Option<Role>,
    /// The variant it was derived from, or empty.
    #[serde(default)]
    pub derived_from: String,
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
    /// [`Undisturbed`]); else criterion's median. Written as `median_ns`
    /// by runs made before the estimator was chosen, when it held the
    /// rounds' median turn; a run is always read afresh from its
    /// `rounds.csv`, so an older run gets the same estimator.
    #[serde(alias = "median_ns")]
    pub ns: f64,
    /// The low end of the turns' interval: the first quartile of the
    /// turns where the rounds published it, the lower bound of criterion's
    /// 95% confidence interval where criterion did.
    pub ci_low_ns: f64,
    /// The high end: the third quartile, or criterion's upper bound.
    pub ci_high_ns: f64,
    /// Millions of hands per second at the median.
    pub mhands_per_s: f64,
    /// Instructions per hand over the fixed shuffled sample (empty without valgrind).
    pub instructions: Option<f64>,
    /// The same, less the floor's.
    pub instructions_minus_floor: Option<f64>,
    /// Median time over the fastest evaluator's (the floor excluded) in this workload.
    pub ratio_to_fastest: f64,
    /// The fastest outside baseline in this workload.
    #[serde(default)]
    pub baseline: String,
    /// Time over the baseline's in this workload: the ratio of the two
    /// published times (`ns`), undisturbed over undisturbed where the run
    /// has rounds.
    // Runs written before the baseline was chosen by role name this column after it.
    #[serde(alias = "ratio_to_pokers")]
    pub ratio_to_baseline: Option<f64>,
    /// The median over the interleaved rounds of the ratio within each
    /// round: the mixture of the machine's states, which the report
    /// published before the undisturbed ratio (empty without rounds).
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
    /// by more than [`DISTURBED_ABOVE`] (empty without rounds).
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
    /// The median over the interleaved rounds of the evaluator's turns,
    /// per hand; empty for a row that was not in the rounds.
    #[serde(default)]
    pub rounds_ns: Option<f64>,
    /// Whether criterion's and the rounds' medians differ by more than
    /// [`TIMERS_AGREE_WITHIN`]: derived from the two whenever a run is read.
    #[serde(default)]
    pub timers_differ: bool,
    /// The form the evaluator took part in an access pattern with (its
    /// declared incremental or showdown form, or the lab's own: `by
    /// classes`, `from scratch`); empty on the streams of hands.
    #[serde(default)]
    pub form: String,
    /// Why the evaluator did not run natively here, if it did not.
    pub note: String,
    /// One line on what the evaluator is.
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
}

/// A role as its id in CSV; empty when unknown.
mod role_column {
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
    /// Whether this row is the harness floor.
    pub fn is_floor(&self) -> bool {
        self.role == Some(Role::Floor)
    }

    /// Fills in what the evaluator declares about itself.
    pub fn describe(&mut self, about: &About) {
        self.family = about.meta.family.name.to_string();
        self.role = Some(about.meta.role);
        self.derived_from = about.meta.derived_from.unwrap_or_default().to_string();
        self.form = handeval_benches::patterns::form_named(
            self.workload.order,
            about.incremental,
            about.calculator,
            about.shared_sums,
        )
        .to_string();
    }
}

/// How far apart, as a fraction of criterion's figure, the two timers of a
/// row may be before the row is marked.
pub const TIMERS_AGREE_WITHIN: f64 = 0.10;

/// Fills in the two timers' figures and whether they agree: criterion's
/// median (older files have it as `median_ns` only) and the rounds' median
/// of each row's turns; and, where the rows publish the rounds, the
/// fastest turn and how many turns were disturbed.
///
/// # Errors
/// A row that publishes the rounds' figure with no rounds to take it from.
/// How far apart, relatively, two writings of one figure may be: the CSV
/// writes every digit, so only a float's last bits.
const SAME_FIGURE: f64 = 1e-9;

fn derive_timers(rows: &mut [Row], turns: &[Turn]) -> Result<()> {
    for r in rows.iter_mut() {
        // What the file says the rounds' median was, before it is derived
        // afresh. (Not its published figure: the estimator that takes it
        // from the rounds has changed, and older runs are read with the
        // newest; the median of the turns has not.)
        let file_rounds_ns = r.rounds_ns;
        // Older files give criterion's median as the published figure
        // alone; a contended row has none (the rounds alone time it).
        if r.criterion_ns.is_none() && r.workload.by_criterion() {
            r.criterion_ns = Some(r.ns);
        }
        let criterion = r.criterion_ns;
        r.rounds_ns = median_turn(turns, r.workload, &r.evaluator);
        let undisturbed = Undisturbed::of(turns, r.workload, &r.evaluator);
        r.turns = undisturbed.map(|u| u.turns);
        // Wherever the rounds timed a row, they publish it: the estimator
        // applies to every run that has rounds, older ones included (whose
        // rows published criterion's median beside them).
        if undisturbed.is_some() {
            r.ns_from = Timer::Rounds;
        }
        let published = if alike_blocks(r.workload) {
            r.disturbed = undisturbed.map(|u| u.disturbed);
            undisturbed.map(|u| u.ns)
        } else {
            r.disturbed = None;
            r.rounds_ns
        };
        if r.ns_from == Timer::Rounds {
            r.ns = published.with_context(|| {
                format!(
                    "{} on {} publishes the rounds' figure, and the rounds have no turn of it",
                    r.evaluator, r.workload
                )
            })?;
            r.mhands_per_s = 1e3 / r.ns;
        }
        // Both files are one run's: the median of the rounds results.csv
        // gives is what rounds.csv's turns give, to the last digit the CSV
        // writes (at 43f40fc rounds edited to 1.0 were published as 1.00 ns
        // beside a results.csv saying 24.78; issue 49, item 7).
        if let Some(said) = file_rounds_ns
            && !r
                .rounds_ns
                .is_some_and(|d| (d / said - 1.0).abs() <= SAME_FIGURE)
        {
            bail!(
                "rounds.csv disagrees with results.csv: {} on {}: results.csv's rounds_ns (the median of its rounds) is {said}, and the turns of rounds.csv give {}",
                r.evaluator,
                r.workload,
                r.rounds_ns
                    .map_or_else(|| "none".to_string(), |d| d.to_string())
            );
        }
        r.timers_differ = r
            .rounds_ns
            .zip(criterion)
            .is_some_and(|(rounds, criterion)| {
                (rounds / criterion - 1.0).abs() > TIMERS_AGREE_WITHIN
            });
    }
    Ok(())
}

/// Fills in the ratio and floor columns from the measured ones, the two
/// timers' figures, and the ratio to the baseline from the interleaved
/// rounds where there are any.
///
/// # Errors
/// A row that publishes the rounds' figure with no rounds to take it from.
pub fn derive_columns(rows: &mut [Row], turns: &[Turn]) -> Result<()> {
    derive_timers(rows, turns)?;
    let quiet: Vec<(Workload, String, f64)> = rows
        .iter()
        .filter(|r| r.workload.load == Load::Quiet)
        .map(|r| (r.workload, r.evaluator.clone(), r.ns))
        .collect();
    for r in rows.iter_mut() {
        r.slowdown = (r.workload.load == Load::Contended)
            .then(|| {
                let twin = r.workload.under(Load::Quiet);
                quiet
                    .iter()
                    .find(|(w, e, _)| *w == twin && *e == r.evaluator)
                    .map(|(_, _, ns)| r.ns / ns)
            })
            .flatten();
    }
    for w in Workload::every() {
        let in_w = |r: &&Row| r.workload == w;
        let fastest = rows
            .iter()
            .filter(in_w)
            .filter(|r| !r.is_floor())
            .map(|r| r.ns)
            .fold(f64::INFINITY, f64::min);
        // The strongest outside evaluator of the workload, by the same
        // published figure as every row.
        let baseline = rows
            .iter()
            .filter(in_w)
            .filter(|r| r.role == Some(Role::Baseline))
            .min_by(|a, b| a.ns.total_cmp(&b.ns))
            .map(|r| (r.evaluator.clone(), r.ns));
        let floor = rows
            .iter()
            .filter(in_w)
            .find(|r| r.is_floor())
            .and_then(|r| r.instructions);
        for r in rows.iter_mut().filter(|r| r.workload == w) {
            r.ratio_to_fastest = r.ns / fastest;
            r.baseline = baseline.as_ref().map(|b| b.0.clone()).unwrap_or_default();
            r.ratio_to_baseline = baseline.as_ref().map(|b| r.ns / b.1);
            r.instructions_minus_floor = match (r.instructions, floor) {
                (Some(i), Some(f)) => Some(i - f),
                _ => None,
            };
            let stats = baseline
                .as_ref()
                .and_then(|b| ratio_stats(turns, w, &r.evaluator, &b.0));
            // Without rounds, no round statistics: none are carried over
            // from the file, where they would describe rounds not read.
            r.ratio_median = stats.map(|s| s.median);
            if !alike_blocks(w) && stats.is_some() {
                // Blocks unlike each other: each ratio within its round's
                // block, as every row's time is the median over blocks.
                r.ratio_to_baseline = r.ratio_median;
            }
            r.ratio_q1 = stats.map(|s| s.q1);
            r.ratio_q3 = stats.map(|s| s.q3);
            r.rounds = stats.map(|s| s.rounds);
        }
    }
    Ok(())
}

/// One evaluator's time in one interleaved round: a line of `rounds.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// The workload.
    pub workload: Workload,
    /// The evaluator, or the floor's bare loop.
    pub evaluator: String,
    /// The round, from 0.
    pub round: usize,
    /// Nanoseconds per hand in this turn (its fastest pass in runs that
    /// time passes one by one).
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
}

/// Reads `rounds.csv`; `None` if the file is absent (runs made before the
/// rounds, and runs whose every row is criterion's).
///
/// As strict as `machine.txt`: an empty file, a file cut inside its last
/// line (no final newline: a copy or a write stopped short, whose last
/// number may have lost digits), a header with no turns, and a turn given
/// twice are refused, naming the file and the line.
pub fn read_turns(path: &Path) -> Result<Option<Vec<Turn>>> {
    if !path.exists() {
        return Ok(None);
    }
    let text = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
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
    let mut seen = std::collections::HashMap::new();
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

/// The median and quartiles of an evaluator's per-round ratio to a baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatioStats {
    /// The median ratio.
    pub median: f64,
    /// The first quartile.
    pub q1: f64,
    /// The third quartile.
    pub q3: f64,
    /// Rounds that timed both.
    pub rounds: usize,
}

/// `evaluator`'s time over `baseline`'s within each round of `workload`,
/// summarised; `None` if no round timed both.
pub fn ratio_stats(
    turns: &[Turn],
    workload: Workload,
    evaluator: &str,
    baseline: &str,
) -> Option<RatioStats> {
    // The baseline's turns by round, read in one pass: a search of every
    // turn for each of the evaluator's took `report` and `machines` most
    // of their time (a run holds thousands of turns, and this is asked
    // once per row).
    let mut baseline_at = std::collections::HashMap::new();
    let mut of_evaluator = Vec::new();
    for t in turns.iter().filter(|t| t.workload == workload) {
        if t.evaluator == baseline {
            baseline_at.entry(t.round).or_insert(t.ns_per_hand);
        }
        if t.evaluator == evaluator {
            of_evaluator.push(t);
        }
    }
    let mut ratios: Vec<f64> = of_evaluator
        .iter()
        .filter_map(|t| {
            let b = baseline_at.get(&t.round)?;
            Some(t.ns_per_hand / b)
        })
        .collect();
    if ratios.is_empty() {
        return None;
    }
    ratios.sort_by(f64::total_cmp);
    Some(RatioStats {
        median: quantile(&ratios, 0.5),
        q1: quantile(&ratios, 0.25),
        q3: quantile(&ratios, 0.75),
        rounds: ratios.len(),
    })
}

/// The `q` quantile of sorted values, interpolating between neighbours.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let pos = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

/// The first quartile, median and third quartile of the time per hand of
/// `name` over the rounds of `workload`.
pub fn turn_quartiles(turns: &[Turn], workload: Workload, name: &str) -> Option<[f64; 3]> {
    let mut times: Vec<f64> = turns
        .iter()
        .filter(|t| t.workload == workload && t.evaluator == name)
        .map(|t| t.ns_per_hand)
        .collect();
    if times.is_empty() {
        return None;
    }
    times.sort_by(f64::total_cmp);
    Some([0.25, 0.5, 0.75].map(|q| quantile(&times, q)))
}

/// How much slower than its fastest turn a turn must be to count as
/// disturbed. A steady machine's turns of one evaluator lie within 2-3% of
/// each other (the Zen 4 runs: `pokers` 2.22-2.27 ns over 40 rounds); the
/// contended state of a shared machine slows table lookups by 1.4-1.55x
/// and vector arithmetic by about 1.1x (the Zen 3 runs), so a twentieth
/// separates the states for both.
pub const DISTURBED_ABOVE: f64 = 0.05;

/// Whether a workload's blocks are alike, so that a turn slower than the
/// fastest was slowed by the machine, not by its hands: true of seeded
/// random hands and of the access patterns. Consecutive hands of an enumeration are not: a block of
/// hands that share their first cards runs faster or slower through
/// branchy code (`pext/reductions` 2.8 to 3.6 ns a hand over the 40
/// sequential blocks of the steady Zen 4 run 25e0d90), so a sequential
/// workload publishes its median turn, and its ratios the median of the
/// ratios within each round's block. An access pattern's passes are all
/// alike: each is the whole enumeration, or the whole showdown set.
pub fn alike_blocks(workload: Workload) -> bool {
    workload.order != Order::Sequential
}

/// An evaluator's undisturbed time on a workload, from its turns in the
/// interleaved rounds.
///
/// # Why the fastest turn
///
/// A disturbance only ever adds time (Chen and Revels, *Robust
/// benchmarking in noisy environments*, 2016): the time of a turn is the
/// evaluator's own time plus what the machine took from it, which is never
/// negative. On a machine with two states (the Zen 3 runs: the contended
/// state slows `pokers` 1.55x, for stretches of seconds to minutes) the
/// median turn lands on whichever state was commoner that hour, and a
/// ratio taken within each round on whichever states the two turns met;
/// the fastest turn is the undisturbed state's as soon as one turn met it.
/// Applied to the rounds of the two committed Zen 3 runs (86e8599 and
/// 43f40fc), the headline ratios agree within 4% by the fastest turn and
/// differ by up to 17% by the median of per-round ratios (the test
/// `the_estimator_reproduces_on_a_two_state_machine` holds both). Each
/// turn is itself the fastest of its passes over a warm block
/// (`handeval_benches::rounds`), so a clock's granularity or one lucky
/// pass cannot make it fast: it is the block's time at the machine's best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Undisturbed {
    /// The fastest turn, ns per hand.
    pub ns: f64,
    /// Turns more than [`DISTURBED_ABOVE`] slower than it.
    pub disturbed: usize,
    /// Turns in all.
    pub turns: usize,
}

impl Undisturbed {
    /// `name`'s undisturbed time over the rounds of `workload`, or `None`
    /// if the rounds did not time it.
    pub fn of(turns: &[Turn], workload: Workload, name: &str) -> Option<Undisturbed> {
        let times: Vec<f64> = turns
            .iter()
            .filter(|t| t.workload == workload && t.evaluator == name)
            .map(|t| t.ns_per_hand)
            .collect();
        let ns = times.iter().copied().reduce(f64::min)?;
        let disturbed = times
            .iter()
            .filter(|&&t| t > ns * (1.0 + DISTURBED_ABOVE))
            .count();
        Some(Undisturbed {
            ns,
            disturbed,
            turns: times.len(),
        })
    }
}

/// The median time per hand of `name` over the rounds of `workload`.
pub fn median_turn(turns: &[Turn], workload: Workload, name: &str) -> Option<f64> {
    turn_quartiles(turns, workload, name).map(|[_, median, _]| median)
}

/// Writes `rows` to `path`.
pub fn write(path: &Path, rows: &[Row]) -> Result<()> {
    let mut w =
        csv::Writer::from_path(path).with_context(|| format!("creating {}", path.display()))?;
    for r in rows {
        w.serialize(r)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    w.flush()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Writes the published listings' figures to `path`.
pub fn write_listings(path: &Path, listings: &[ListingRow]) -> Result<()> {
    let mut w =
        csv::Writer::from_path(path).with_context(|| format!("creating {}", path.display()))?;
    for l in listings {
        w.serialize(l)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    w.flush()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Reads the published listings' figures from `path`; none if the file is
/// absent (runs made before listings were checked have none).
pub fn read_listings(path: &Path) -> Result<Vec<ListingRow>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let mut reader =
        csv::Reader::from_path(path).with_context(|| format!("reading {}", path.display()))?;
    reader
        .deserialize()
        .enumerate()
        .map(|(i, r)| r.with_context(|| format!("{}: line {}", path.display(), i + 2)))
        .collect()
}

/// Reads and validates `path`, fills in what older files lack from the
/// registry, and derives the ratio columns afresh (from `turns`, the
/// interleaved rounds, where there are any).
///
/// `turns` is the run's `rounds.csv` (`None` where it has none), checked
/// against the file: a row whose ratio is the median of rounds needs those
/// rounds, as many as it says, and every evaluator the rounds timed needs
/// its row (a `results.csv` cut at a line's end still parses).
pub fn read(path: &Path, turns: Option<&[Turn]>) -> Result<Vec<Row>> {
    let text = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let mut reader = csv::Reader::from_reader(text.as_slice());
    let mut rows = Vec::new();
    for (i, record) in reader.deserialize::<Row>().enumerate() {
        // Line 1 is the header.
        let line = i + 2;
        let row = record.with_context(|| format!("{}: line {line}", path.display()))?;
        validate(&row).with_context(|| format!("{}: line {line}", path.display()))?;
        rows.push(row);
    }
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
    let abouts: Vec<(handeval_core::GameInfo, Vec<handeval_registry::About>)> =
        handeval_registry::games()
            .into_iter()
            .map(|g| (g, crate::select::abouts(g, true)))
            .collect();
    for r in rows.iter_mut().filter(|r| r.role.is_none()) {
        let game = r.workload.game();
        let Some((_, abouts)) = abouts.iter().find(|(g, _)| *g == game) else {
            continue;
        };
        if let Some(about) = abouts.iter().find(|a| a.meta.name == r.evaluator) {
            r.describe(about);
        } else if r.family.is_empty() {
            r.family = r.evaluator.split('/').next().unwrap_or_default().into();
        }
    }
    let rounds_file = path.with_file_name(super::ROUNDS);
    let claimed: Vec<Option<usize>> = rows.iter().map(|r| r.rounds).collect();
    if let Some(turns) = turns {
        // The floor's bare loop is timed beside the floor's row.
        let row_of = |t: &Turn| {
            let name = t
                .evaluator
                .strip_suffix(" (bare loop)")
                .unwrap_or(&t.evaluator);
            rows.iter()
                .any(|r| r.workload == t.workload && r.evaluator == name)
        };
        if let Some(t) = turns.iter().find(|t| !row_of(t)) {
            bail!(
                "{} times {} on {}, and {} has no row of it: is {} cut short?",
                rounds_file.display(),
                t.evaluator,
                t.workload,
                path.display(),
                path.display()
            );
        }
    } else if let Some((i, r)) = rows
        .iter()
        .enumerate()
        .find(|(_, r)| r.rounds.is_some() || r.ratio_q1.is_some() || r.ns_from == Timer::Rounds)
    {
        bail!(
            "{}: line {}: {} on {} gives figures from {} interleaved rounds, and {} is missing",
            path.display(),
            i + 2,
            r.evaluator,
            r.workload,
            r.rounds
                .map_or_else(|| "the".to_string(), |n| n.to_string()),
            rounds_file.display()
        );
    }
    derive_columns(&mut rows, turns.unwrap_or_default())?;
    // Without rounds.csv no row claims rounds (refused above).
    for (i, (r, claimed)) in rows.iter().zip(claimed).enumerate() {
        if let Some(n) = claimed
            && r.rounds != Some(n)
        {
            bail!(
                "{}: line {}: {} on {} gives a ratio over {n} interleaved rounds, and {} holds {}",
                path.display(),
                i + 2,
                r.evaluator,
                r.workload,
                rounds_file.display(),
                r.rounds
                    .map_or_else(|| "none of them".to_string(), |m| m.to_string())
            );
        }
    }
    Ok(rows)
}

/// Checks one row: a consistent workload and finite, positive times.
fn validate(r: &Row) -> Result<()> {
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
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::Evaluator;

    const HEADER: &str = "evaluator,workload,kind,order,input,median_ns,ci_low_ns,ci_high_ns,mhands_per_s,instructions,instructions_minus_floor,ratio_to_fastest,ratio_to_pokers,table_bytes,note,summary\n";

    fn read_text(text: &str) -> Result<Vec<Row>> {
        let dir = std::env::temp_dir().join(format!(
            "handeval-schema-{}-{}",
            std::process::id(),
            text.len()
        ));
        fs::create_dir_all(&dir)?;
        let path = dir.join("results.csv");
        fs::write(&path, text)?;
        let rows = read(&path, None);
        fs::remove_dir_all(&dir)?;
        rows
    }

    #[test]
    fn an_older_file_reads_and_gets_roles_from_the_registry() {
        let floor = handeval_registry::Null::META.name;
        let reference = handeval_registry::Reference::META.name;
        let rows = read_text(&format!(
            "{HEADER}{floor},strength/shuffled/encoded,strength,shuffled,encoded,1,1,1,1000,17,0,1,1,0,,x\n\
             {reference},strength/shuffled/encoded,strength,shuffled,encoded,4,3,5,250,800,783,1,1,0,,y\n"
        ))
        .unwrap();
        assert_eq!(rows[0].role, Some(Role::Floor));
        assert_eq!(rows[1].role, Some(Role::Reference));
        assert_eq!(rows[1].instructions_minus_floor, Some(783.0));
        // The floor is not a contender: the fastest is the reference itself.
        assert!((rows[1].ratio_to_fastest - 1.0).abs() < 1e-12);
        assert!((rows[0].ratio_to_fastest - 0.25).abs() < 1e-12);
    }

    #[test]
    fn ratios_are_taken_within_rounds_and_summarised() {
        let w = Workload::HEADLINE;
        let turn = |evaluator: &str, round, ns| Turn {
            workload: w,
            evaluator: evaluator.into(),
            round,
            ns_per_hand: ns,
            block: None,
            passes: None,
            median_pass_ns: None,
        };
        // The machine slows down by half in round 2; the ratio does not.
        let turns = [
            turn("a", 0, 2.0),
            turn("b", 0, 4.0),
            turn("a", 1, 2.0),
            turn("b", 1, 4.4),
            turn("a", 2, 3.0),
            turn("b", 2, 6.0),
            turn("a", 3, 2.0),
            turn("b", 3, 3.6),
        ];
        let stats = ratio_stats(&turns, w, "b", "a").unwrap();
        assert_eq!(stats.rounds, 4);
        assert!((stats.median - 2.0).abs() < 1e-12, "{stats:?}");
        assert!((stats.q1 - 1.95).abs() < 1e-12, "{stats:?}");
        assert!((stats.q3 - 2.05).abs() < 1e-12, "{stats:?}");
        assert_eq!(ratio_stats(&turns, w, "c", "a"), None);
        assert_eq!(median_turn(&turns, w, "a"), Some(2.0));
    }

    #[test]
    fn a_row_whose_timers_differ_is_marked_in_the_file_it_is_written_to() {
        let w = Workload::HEADLINE;
        let turns: Vec<Turn> = (0..3)
            .flat_map(|round| {
                [("a", 2.1), ("b", 3.6)].map(|(e, ns)| Turn {
                    workload: w,
                    evaluator: e.into(),
                    round,
                    ns_per_hand: ns,
                    block: Some(round),
                    passes: Some(8),
                    median_pass_ns: Some(ns),
                })
            })
            .collect();
        let header = "evaluator,workload,kind,order,input,median_ns,ci_low_ns,ci_high_ns,mhands_per_s,instructions,instructions_minus_floor,ratio_to_fastest,ratio_to_baseline,table_bytes,ns_from,criterion_ns,rounds_ns,timers_differ,note,summary\n";
        // Criterion: a 2.0 (5% from the rounds' 2.1), b 3.0 (20% from 3.6).
        let text = format!(
            "{header}a,{w},strength,shuffled,encoded,2.1,2,2,1,,,1,1,0,rounds,2.0,,false,,x\n\
             b,{w},strength,shuffled,encoded,3.6,3,3,1,,,1,1,0,rounds,3.0,,false,,y\n"
        );
        let dir = std::env::temp_dir().join(format!("handeval-timers-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("results.csv");
        fs::write(&path, text).unwrap();
        let rows = read(&path, Some(&turns)).unwrap();
        let marked: Vec<bool> = rows.iter().map(|r| r.timers_differ).collect();
        assert_eq!(marked, [false, true]);
        assert_eq!(rows[1].criterion_ns, Some(3.0));
        assert_eq!(rows[1].rounds_ns, Some(3.6));
        write(&path, &rows).unwrap();
        let written = fs::read_to_string(&path).unwrap();
        let column = written
            .lines()
            .next()
            .unwrap()
            .split(',')
            .position(|c| c == "timers_differ")
            .unwrap();
        let flags: Vec<&str> = written
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(column).unwrap())
            .collect();
        assert_eq!(flags, ["false", "true"]);
        // A row that publishes the rounds' median, without rounds.csv, or
        // with rounds that never timed it: refused.
        let err = read(&path, None).unwrap_err();
        assert!(
            format!("{err:#}").contains("rounds.csv is missing"),
            "{err:#}"
        );
        let only_b: Vec<Turn> = turns
            .iter()
            .filter(|t| t.evaluator == "b")
            .cloned()
            .collect();
        let err = read(&path, Some(&only_b)).unwrap_err();
        assert!(
            format!("{err:#}").contains("publishes the rounds' figure"),
            "{err:#}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_numbers_and_duplicates_are_refused_with_the_line() {
        for (bad, says) in [
            ("inf,3,5", "median_ns"),
            ("NaN,3,5", "median_ns"),
            ("0,0,0", "median_ns"),
            ("-1,3,5", "median_ns"),
        ] {
            let err = read_text(&format!(
                "{HEADER}r,strength/shuffled/encoded,strength,shuffled,encoded,{bad},1,,,1,1,0,,y\n"
            ))
            .unwrap_err();
            let message = format!("{err:#}");
            assert!(
                message.contains("line 2") && message.contains(says),
                "{message}"
            );
        }
        let row = "r,strength/shuffled/encoded,strength,shuffled,encoded,4,3,5,250,,,1,1,0,,y\n";
        let err = read_text(&format!("{HEADER}{row}{row}")).unwrap_err();
        assert!(format!("{err:#}").contains("line 3"), "{err:#}");
        let mixed = "r,strength/shuffled/encoded,category,shuffled,encoded,4,3,5,250,,,1,1,0,,y\n";
        assert!(read_text(&format!("{HEADER}{mixed}")).is_err());
        let truncated = "r,strength/shuffled/encoded,strength,shuffled,encoded,4,3\n";
        assert!(read_text(&format!("{HEADER}{truncated}")).is_err());
    }
}

/// The estimator held to the committed runs: two full runs on one
/// two-state CPU model must publish the same headline ratios, and a steady
/// machine's figures must not move.
#[cfg(test)]
mod estimator {
    use super::*;
    use handeval_core::{Hand, Hand7, Omaha4};

    /// A committed run's rows, read as the report reads them.
    fn run(name: &str) -> Vec<Row> {
        let dir = crate::workspace::root().join("results").join(name);
        let turns = read_turns(&dir.join(crate::report::ROUNDS)).unwrap();
        read(&dir.join("results.csv"), turns.as_deref()).unwrap()
    }

    /// The lab's fastest evaluator of `workload` without tables (`true`)
    /// or with them, by the published figure: its ratio to the baseline,
    /// undisturbed, and the per-round ratios' median.
    fn headline(rows: &[Row], workload: Workload, table_free: bool) -> Option<(f64, f64)> {
        rows.iter()
            .filter(|r| r.workload == workload && (r.table_bytes == 0) == table_free)
            .filter(|r| matches!(r.role, Some(Role::Tuned | Role::Faithful | Role::Simd)))
            .min_by(|a, b| a.ns.total_cmp(&b.ns))
            .map(|r| (r.ratio_to_baseline.unwrap(), r.ratio_median.unwrap()))
    }

    fn headline_workloads() -> [Workload; 3] {
        [
            Workload::headline_of::<Hand>(),
            Workload::headline_of::<Hand7>(),
            Workload::headline_of::<Omaha4>(),
        ]
    }

    /// `(new, old)` relative differences of each headline ratio between
    /// runs `a` and `b`.
    fn gaps(a: &str, b: &str) -> Vec<(String, f64, f64)> {
        let (a, b) = (run(a), run(b));
        let mut gaps = Vec::new();
        for w in headline_workloads() {
            for free in [true, false] {
                let (Some(x), Some(y)) = (headline(&a, w, free), headline(&b, w, free)) else {
                    continue;
                };
                let gap = |p: f64, q: f64| (p / q - 1.0).abs();
                gaps.push((
                    format!("{w} {}", if free { "table-free" } else { "tables" }),
                    gap(x.0, y.0),
                    gap(x.1, y.1),
                ));
            }
        }
        gaps
    }

    #[test]
    fn the_estimator_reproduces_on_a_two_state_machine() {
        // The Zen 3 (family 0x19 model 1): two clean full runs.
        let gaps = gaps("2026-11-23-86e8599", "2026-11-26-43f40fc");
        assert_eq!(
            gaps.len(),
            4,
            "five and seven cards, with and without tables"
        );
        for (what, new, _) in &gaps {
            assert!(
                *new < 0.05,
                "{what}: the runs differ by {new:.3} undisturbed"
            );
        }
        // The statistic published before: the median of per-round ratios
        // moved by more than 5% between the same two runs, so this test
        // fails with it.
        assert!(
            gaps.iter().any(|(_, _, old)| *old > 0.05),
            "the old statistic agreed too: {gaps:?}"
        );
    }

    #[test]
    fn on_a_steady_machine_the_undisturbed_ratio_is_the_median_one() {
        // The Zen 4 (family 0x19 model 17): turns within 2-3% of each other.
        let rows = run("2026-11-25-25e0d90");
        for w in headline_workloads() {
            for free in [true, false] {
                let (new, old) = headline(&rows, w, free).unwrap();
                assert!((new / old - 1.0).abs() < 0.02, "{w}: {new} against {old}");
            }
        }
    }

    #[test]
    fn the_disturbed_turns_tell_the_machines_apart() {
        let disturbed = |run_name: &str| {
            run(run_name)
                .into_iter()
                .find(|r| r.evaluator == "pokers" && r.workload == Workload::headline_of::<Hand>())
                .and_then(|r| r.disturbed.zip(r.turns))
                .unwrap()
        };
        // `pokers`' five-card turns: about 2.85 or 4.4 ns on the Zen 3, in
        // a few hundredths of each other on the Zen 4.
        let (two_state, of) = disturbed("2026-11-26-43f40fc");
        assert!(two_state * 2 > of, "{two_state} of {of}");
        let (steady, of) = disturbed("2026-11-25-25e0d90");
        assert!(steady * 10 < of, "{steady} of {of}");
    }

    #[test]
    fn the_fastest_turn_and_the_disturbed_ones() {
        let w = Workload::HEADLINE;
        let turns: Vec<Turn> = [2.85, 4.4, 2.9, 4.5, 2.86]
            .iter()
            .enumerate()
            .map(|(round, &ns)| Turn {
                workload: w,
                evaluator: "a".into(),
                round,
                ns_per_hand: ns,
                block: None,
                passes: None,
                median_pass_ns: None,
            })
            .collect();
        let u = Undisturbed::of(&turns, w, "a").unwrap();
        assert_eq!((u.ns, u.disturbed, u.turns), (2.85, 2, 5));
        assert_eq!(Undisturbed::of(&turns, w, "b"), None);
    }
}
