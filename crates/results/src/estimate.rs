//! The estimator: what a run publishes from its turns, the same for every
//! contender, the lab's and the engines'.
//!
//! A turn is one untimed pass over a warm block and passes timed one by
//! one, the turn's time its fastest pass; the interleaved rounds time a
//! turn of every contender of a workload per round, in a seeded order.
//! From them:
//!
//! - the published time of a row is its *undisturbed* time, its fastest
//!   turn ([`Undisturbed`]), on workloads whose blocks are alike (shuffled
//!   hands, access patterns); a sequential workload's blocks differ in
//!   content, so there it is the median turn;
//! - the ratio to the baseline is undisturbed over undisturbed, beside
//!   the median and quartiles of the ratios taken within each round
//!   ([`ratio_stats`]);
//! - a turn more than [`DISTURBED_ABOVE`] slower than the fastest is
//!   *disturbed*;
//! - where criterion timed the same turns, a row whose two medians differ
//!   by more than [`TIMERS_AGREE_WITHIN`] is marked.
//!
//! Which baseline: a contender called in-process (Rust, C) is held to the
//! fastest outside evaluator called in-process, whatever its language, so
//! that OMPEval's own C++ and `pokers` (its Rust port) compete for the
//! place; a runner's contender (Python, JavaScript), which pays its
//! interpreter on every call, to the fastest outside engine of its own
//! language. Which floor: the row's language's floor, in its model.

use std::collections::HashMap;

use anyhow::{Context, Result, bail};

use crate::row::{Row, Timer};
use crate::turn::Turn;
use crate::workload::{Load, Order, Workload};

/// How far apart, as a fraction of criterion's figure, the two timers of a
/// row may be before the row is marked.
pub const TIMERS_AGREE_WITHIN: f64 = 0.10;

/// How far apart, relatively, two writings of one figure may be: the CSV
/// writes every digit, so only a float's last bits.
const SAME_FIGURE: f64 = 1e-9;

/// How much slower than its fastest turn a turn must be to count as
/// disturbed. A steady machine's turns of one evaluator lie within 2-3% of
/// each other (the Zen 4 runs: `pokers` 2.22-2.27 ns over 40 rounds); the
/// contended state of a shared machine slows table lookups by 1.4-1.55x
/// and vector arithmetic by about 1.1x (the Zen 3 runs), so a twentieth
/// separates the states for both.
pub const DISTURBED_ABOVE: f64 = 0.05;

/// Whether a workload's blocks are alike, so that a turn slower than the
/// fastest was slowed by the machine, not by its hands: true of seeded
/// random hands and of the access patterns. Consecutive hands of an
/// enumeration are not: a block of hands that share their first cards
/// runs faster or slower through branchy code (`pext/reductions` 2.8 to
/// 3.6 ns a hand over the 40 sequential blocks of the steady Zen 4 run
/// 25e0d90), so a sequential workload publishes its median turn, and its
/// ratios the median of the ratios within each round's block.
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
/// differ by up to 17% by the median of per-round ratios. Each turn is
/// itself the fastest of its passes over a warm block, so a clock's
/// granularity or one lucky pass cannot make it fast: it is the block's
/// time at the machine's best.
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
        Undisturbed::of_times(&times)
    }

    /// The undisturbed time of one evaluator's turns on one workload.
    fn of_times(times: &[f64]) -> Option<Undisturbed> {
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
    let of = |name: &str| -> Vec<&Turn> {
        turns
            .iter()
            .filter(|t| t.workload == workload && t.evaluator == name)
            .collect()
    };
    ratio_stats_between(&of(evaluator), &of(baseline))
}

/// [`ratio_stats`] of one evaluator's turns and its baseline's, each of
/// one workload.
fn ratio_stats_between(of_evaluator: &[&Turn], of_baseline: &[&Turn]) -> Option<RatioStats> {
    // The baseline's turns by round, read in one pass: a search of every
    // turn for each of the evaluator's took `report` and `machines` most
    // of their time (a run holds thousands of turns, and this is asked
    // once per row).
    let mut baseline_at = HashMap::new();
    for t in of_baseline {
        baseline_at.entry(t.round).or_insert(t.ns_per_hand);
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
    quartiles_of(
        turns
            .iter()
            .filter(|t| t.workload == workload && t.evaluator == name)
            .map(|t| t.ns_per_hand)
            .collect(),
    )
}

/// The first quartile, median and third quartile of `times`.
fn quartiles_of(mut times: Vec<f64>) -> Option<[f64; 3]> {
    if times.is_empty() {
        return None;
    }
    times.sort_by(f64::total_cmp);
    Some([0.25, 0.5, 0.75].map(|q| quantile(&times, q)))
}

/// The median time per hand of `name` over the rounds of `workload`.
pub fn median_turn(turns: &[Turn], workload: Workload, name: &str) -> Option<f64> {
    turn_quartiles(turns, workload, name).map(|[_, median, _]| median)
}

/// Fills in the two timers' figures and whether they agree: criterion's
/// median (older files have it as `median_ns` only) and the rounds' median
/// of each row's turns; and, where the rows publish the rounds, the
/// fastest turn and how many turns were disturbed.
///
/// # Errors
/// A row that publishes the rounds' figure with no rounds to take it from,
/// or whose file says its turns' median is what its turns do not give.
fn derive_timers(rows: &mut [Row], by_turns: &TurnsOf) -> Result<()> {
    for r in rows.iter_mut().filter(|r| r.in_one_measurement()) {
        let turns = by_turns.of(r.workload, &r.evaluator);
        // What the file says the rounds' median was, before it is derived
        // afresh. (Not its published figure: the estimator that takes it
        // from the rounds has changed, and older runs are read with the
        // newest; the median of the turns has not.)
        let file_rounds_ns = r.rounds_ns;
        // Older files give criterion's median as the published figure
        // alone; a contended row has none (the rounds alone time it).
        if r.criterion_ns.is_none() && r.workload.by_criterion() && r.ns_from == Timer::Criterion {
            r.criterion_ns = Some(r.ns);
        }
        let criterion = r.criterion_ns;
        let times: Vec<f64> = turns.iter().map(|t| t.ns_per_hand).collect();
        let undisturbed = Undisturbed::of_times(&times);
        r.rounds_ns = quartiles_of(times).map(|[_, median, _]| median);
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

/// The baseline `r` is held to among `candidates` (the rows of its
/// workload): the fastest outside evaluator called in-process for a row
/// called in-process, the fastest outside engine of its own language for
/// a runner's row; none for a row timed apart from the rest.
pub fn baseline_for<'a>(r: &Row, candidates: &'a [Row]) -> Option<&'a Row> {
    if !r.in_one_measurement() {
        return None;
    }
    candidates
        .iter()
        .filter(|b| b.workload == r.workload && b.is_outside() && b.in_one_measurement())
        .filter(|b| {
            if r.language.in_process() {
                b.language.in_process()
            } else {
                b.language == r.language
            }
        })
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

/// The floor `r` is set against among `candidates`: its language's floor
/// on the same workload, in the same model where the floor has it.
pub fn floor_for<'a>(r: &Row, candidates: &'a [Row]) -> Option<&'a Row> {
    if r.is_floor() {
        return None;
    }
    let same = |f: &&Row| f.is_floor() && f.workload == r.workload && f.language == r.language;
    candidates
        .iter()
        .filter(same)
        .find(|f| f.model == r.model)
        .or_else(|| candidates.iter().find(same))
}

/// A run's turns by workload and evaluator, sorted out once: every row's
/// statistics read its own turns, where a search of all of them (or of
/// its workload's) for each row took `report` and `machines` most of
/// their time (a run holds tens of thousands of turns and hundreds of
/// rows, and `machines` reads every run).
struct TurnsOf<'a>(HashMap<Workload, HashMap<&'a str, Vec<&'a Turn>>>);

impl<'a> TurnsOf<'a> {
    fn new(turns: &'a [Turn]) -> TurnsOf<'a> {
        let mut by = HashMap::<Workload, HashMap<&str, Vec<&Turn>>>::new();
        for t in turns {
            by.entry(t.workload)
                .or_default()
                .entry(t.evaluator.as_str())
                .or_default()
                .push(t);
        }
        TurnsOf(by)
    }

    /// `name`'s turns on `workload`, in the file's order.
    fn of(&self, workload: Workload, name: &str) -> &[&'a Turn] {
        self.0
            .get(&workload)
            .and_then(|of| of.get(name))
            .map_or(&[], Vec::as_slice)
    }
}

/// Fills in the ratio and floor columns from the measured ones, the two
/// timers' figures, and the ratio to the baseline from the interleaved
/// rounds where there are any.
///
/// # Errors
/// A row that publishes the rounds' figure with no rounds to take it from.
pub fn derive_columns(rows: &mut [Row], turns: &[Turn]) -> Result<()> {
    let by_turns = TurnsOf::new(turns);
    derive_timers(rows, &by_turns)?;
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
    let mut workloads: Vec<Workload> = Vec::new();
    for r in rows.iter() {
        if !workloads.contains(&r.workload) {
            workloads.push(r.workload);
        }
    }
    for w in workloads {
        let of_w: Vec<Row> = rows.iter().filter(|r| r.workload == w).cloned().collect();
        let fastest = of_w
            .iter()
            .filter(|r| !r.is_floor() && r.in_one_measurement())
            .map(|r| r.ns)
            .fold(f64::INFINITY, f64::min);
        // Instructions are counted of the lab's Rust contenders, less the
        // Rust floor's.
        let floor_instructions = of_w
            .iter()
            .find(|r| r.is_floor() && r.language == crate::Language::Rust)
            .and_then(|r| r.instructions);
        for r in rows.iter_mut().filter(|r| r.workload == w) {
            r.ratio_to_fastest = r.ns / fastest;
            r.instructions_minus_floor = r.instructions.zip(floor_instructions).map(|(i, f)| i - f);
            r.floor_ns = floor_for(r, &of_w).map(|f| f.ns);
            let baseline = baseline_for(r, &of_w).map(|b| (b.evaluator.clone(), b.ns));
            r.baseline = baseline.as_ref().map(|b| b.0.clone()).unwrap_or_default();
            r.ratio_to_baseline = baseline.as_ref().map(|b| r.ns / b.1);
            let stats = baseline.as_ref().and_then(|b| {
                ratio_stats_between(by_turns.of(w, &r.evaluator), by_turns.of(w, &b.0))
            });
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
