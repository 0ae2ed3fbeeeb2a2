//! The rows of `results.csv`: each benchmark of the plan, the lab's
//! evaluators and the engines alike, with criterion's estimate where it
//! timed one, the rounds' turns, and its instruction count; the estimator
//! is the results crate's ([`handeval_results::Row::measured`]).

use anyhow::{Context, Result};
use handeval_benches::{Benchmark, Mode, Order};
use handeval_engines::install::Place;

use super::counts::Counted;
use super::criterion::Estimate;
use super::plan::timed_evaluators;
use crate::report::Row;
use crate::report::schema::{self, Turn};

/// An engine's row of `b`, from its line: what it is, in which language
/// and model, its package as installed and the tables it declares.
fn engine_row(b: &Benchmark, place: &Place) -> Option<Row> {
    let (engine, model) = handeval_engines::contender(&b.evaluator)?;
    let mut row = Row::new(&b.evaluator, b.workload);
    row.family = engine.name.to_string();
    row.role = Some(engine.role);
    row.language = engine.language;
    row.model = model.id().to_string();
    row.package = match place.installed(engine) {
        Some(v) if engine.package.name.is_empty() => v,
        Some(v) => match engine.package.registry {
            handeval_engines::Registry::PyPISource => format!(
                "{} {v}, PyPI source built here by pip with {}",
                engine.package.name,
                handeval_engines::SOURCE_FLAGS
            ),
            handeval_engines::Registry::Local => {
                format!("{} {v}, built from this checkout", engine.package.name)
            }
            handeval_engines::Registry::Lab => v,
            _ => format!("{} {v}", engine.package.name),
        },
        None => String::new(),
    };
    row.table_bytes = engine.table_bytes(b.workload.game().id);
    row.summary = engine.summary.to_string();
    if b.workload.order.is_equity() {
        row.form = format!(
            "its own calculator, {}",
            engine.calculator.map_or("", |c| c.name)
        );
    }
    Some(row)
}

/// One row per measured benchmark, in the plan's order, its derived
/// columns filled in. An engine the rounds did not time (it failed, and
/// the run's checks say why) has no row.
///
/// # Errors
/// A benchmark of an evaluator the registry does not have, or one that
/// neither timer measured.
pub fn build(
    measured: &[(Benchmark, Option<Estimate>)],
    counts: &[Counted],
    turns: &[Turn],
    mode: Mode,
    place: &Place,
) -> Result<Vec<Row>> {
    let sample = mode.sample();
    let mut rows = Vec::new();
    for (b, estimate) in measured {
        let w = b.workload;
        if let Some(mut row) = engine_row(b, place) {
            if !turns
                .iter()
                .any(|t| t.workload == w && t.evaluator == b.evaluator)
            {
                continue;
            }
            row.measured(turns, None)?;
            row.hands_per_pass = turns
                .iter()
                .find(|t| t.workload == w && t.evaluator == b.evaluator)
                .and_then(|t| t.hands);
            rows.push(row);
            continue;
        }
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
        let mut row = Row::new(&b.evaluator, w);
        row.instructions = counts
            .iter()
            .filter(|_| !w.order.is_pattern())
            .find(|c| c.benchmark == counted)
            .map(|c| c.instructions as f64 / sample as f64);
        let per_hand = |ns: f64| ns / mode.block_of(w.game()) as f64;
        // A contended benchmark has no criterion estimate: the rounds' turns
        // are its only figures.
        let criterion = estimate.map(|e| (per_hand(e.median), per_hand(e.low), per_hand(e.high)));
        row.measured(turns, criterion)?;
        row.table_bytes = about.meta.table_bytes;
        row.card_table_bytes = about.meta.card_table_bytes;
        row.cpu_path = about.cpu_path.to_string();
        row.note = about.unavailable.unwrap_or_default().into();
        row.summary = about.meta.summary.into();
        schema::describe_from(&mut row, &about);
        rows.push(row);
    }
    handeval_results::estimate::derive_columns(&mut rows, turns)?;
    Ok(rows)
}
