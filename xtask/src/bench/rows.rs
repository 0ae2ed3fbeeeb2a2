//! The rows of `results.csv`: each benchmark of the plan with criterion's
//! estimate, the rounds' median, and its instruction count.

use anyhow::{Context, Result, bail};
use handeval_benches::{Benchmark, Mode, Order};

use super::counts::Counted;
use super::criterion::Estimate;
use super::plan::timed_evaluators;
use crate::report::Row;
use crate::report::schema::{self, Timer, Turn};

/// One row per measured benchmark, in the plan's order, its derived
/// columns filled in.
///
/// # Errors
/// A benchmark of an evaluator the registry does not have.
pub fn build(
    measured: &[(Benchmark, Option<Estimate>)],
    counts: &[Counted],
    turns: &[Turn],
    mode: Mode,
) -> Result<Vec<Row>> {
    let sample = mode.sample();
    let mut rows = Vec::new();
    for (b, estimate) in measured {
        let w = b.workload;
        let about = timed_evaluators(w.game())
            .into_iter()
            .find(|a| a.meta.name == b.evaluator)
            .with_context(|| format!("{b}: no such evaluator is registered"))?;
        // Instructions are counted over the shuffled sample; they apply to
        // both orders and both loads (the same code runs), not to an
        // access pattern, whose code is another.
        let counted = Benchmark {
            workload: w
                .in_order(Order::Shuffled)
                .under(handeval_benches::Load::Quiet),
            evaluator: b.evaluator.clone(),
        };
        let instructions = counts
            .iter()
            .filter(|_| !w.order.is_pattern())
            .find(|c| c.benchmark == counted)
            .map(|c| c.instructions as f64 / sample as f64);
        let per_hand = |ns: f64| ns / mode.block_of(w.game()) as f64;
        // A contended benchmark has no criterion estimate: the rounds' turns
        // are its only figures.
        let criterion = estimate.map(|e| per_hand(e.median));
        // The published figure: the undisturbed time where the benchmark
        // was in the rounds (the ratios come from the same turns).
        let quartiles = schema::turn_quartiles(turns, w, &b.evaluator);
        let rounds = schema::Undisturbed::of(turns, w, &b.evaluator).map(|u| u.ns);
        let Some(ns) = rounds.or(criterion) else {
            bail!("{b}: neither criterion nor the rounds timed it");
        };
        let mut row = Row {
            evaluator: b.evaluator.clone(),
            family: String::new(),
            role: None,
            derived_from: String::new(),
            workload: w,
            kind: w.kind,
            order: w.order,
            input: w.input,
            ns,
            ci_low_ns: quartiles
                .map(|[q1, _, _]| q1)
                .or(estimate.map(|e| per_hand(e.low)))
                .unwrap_or(ns),
            ci_high_ns: quartiles
                .map(|[_, _, q3]| q3)
                .or(estimate.map(|e| per_hand(e.high)))
                .unwrap_or(ns),
            mhands_per_s: 1e3 / ns,
            instructions,
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
            table_bytes: about.meta.table_bytes,
            card_table_bytes: about.meta.card_table_bytes,
            cpu_path: about.cpu_path.to_string(),
            ns_from: if rounds.is_some() {
                Timer::Rounds
            } else {
                Timer::Criterion
            },
            criterion_ns: criterion,
            rounds_ns: quartiles.map(|[_, median, _]| median),
            timers_differ: false,
            form: String::new(),
            note: about.unavailable.unwrap_or_default().into(),
            summary: about.meta.summary.into(),
        };
        row.describe(&about);
        rows.push(row);
    }
    schema::derive_columns(&mut rows, turns)?;
    Ok(rows)
}
